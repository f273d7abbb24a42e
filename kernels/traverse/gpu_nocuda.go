//go:build !cuda

package traverse

import (
	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
	"github.com/cflr/cflr/kernels/prep"
)

func runGPU(g *csr.Graph, alg Algorithm, opt Options, res *Result) error { return gpu.ErrNoCUDA }

// RunDevice runs BFS on a graph in device memory (never, in this build).
func RunDevice(p *prep.Prep, ctx *gpu.Context, dg *prep.Graph, alg Algorithm, opt Options) (*Result, error) {
	return nil, gpu.ErrNoCUDA
}
