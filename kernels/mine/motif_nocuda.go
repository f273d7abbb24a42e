//go:build !cuda

package mine

import (
	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
)

// CountMotifsWith is CountMotifs with kernel options.
func (d *GPU) CountMotifsWith(g *csr.Graph, k int, opt GPUMotifOptions) ([]PatternCount, GPUStats, error) {
	return nil, GPUStats{}, gpu.ErrNoCUDA
}
