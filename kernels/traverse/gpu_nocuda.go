//go:build !cuda

package traverse

import (
	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
)

func runGPU(g *csr.Graph, alg Algorithm, opt Options, res *Result) error { return gpu.ErrNoCUDA }
