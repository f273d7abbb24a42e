//go:build !cuda

package mine

import (
	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
)

// MineTransactions mines frequent patterns of a graph database with gSpan,
// supports computed on the GPU.
func (d *GPU) MineTransactions(db []*csr.Graph, opt FSMOptions) ([]FrequentPattern, GPUStats, error) {
	return nil, GPUStats{}, gpu.ErrNoCUDA
}
