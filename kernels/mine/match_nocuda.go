//go:build !cuda

package mine

import (
	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
)

// Match counts (and optionally streams) the matches of pl in g on the GPU.
// In this build (no cuda tag) it fails with gpu.ErrNoCUDA.
func (d *GPU) Match(g *csr.Graph, pl *Plan, opt GPUMatchOptions) (uint64, GPUStats, error) {
	return 0, GPUStats{}, gpu.ErrNoCUDA
}
