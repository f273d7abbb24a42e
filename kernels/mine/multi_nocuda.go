//go:build !cuda

package mine

import (
	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
	"github.com/cflr/cflr/kernels/prep"
)

// MultiGPU runs the counting kernels on a set of devices. In this build
// (no cuda tag) every call fails with gpu.ErrNoCUDA.
type MultiGPU struct{}

// NewMultiGPU opens the devices ordinals names.
func NewMultiGPU(ordinals []int, opt GPUOptions) (*MultiGPU, error) { return nil, gpu.ErrNoCUDA }

func (m *MultiGPU) Close() error   { return nil }
func (m *MultiGPU) Len() int       { return 0 }
func (m *MultiGPU) First() *GPU    { return nil }
func (m *MultiGPU) Device() string { return "" }

// CountTriangles counts the triangles of the oriented graph dag.
func (m *MultiGPU) CountTriangles(dag *csr.Graph) (uint64, MultiStats, error) {
	return 0, MultiStats{}, gpu.ErrNoCUDA
}

// CountTrianglesDevice counts the triangles of an oriented graph on the first device.
func (m *MultiGPU) CountTrianglesDevice(dag *prep.Graph) (uint64, MultiStats, error) {
	return 0, MultiStats{}, gpu.ErrNoCUDA
}

// CountCliques counts the k-cliques of the oriented graph dag.
func (m *MultiGPU) CountCliques(dag *csr.Graph, k int) (uint64, MultiStats, error) {
	return 0, MultiStats{}, gpu.ErrNoCUDA
}

// CountMotifs counts the connected vertex-induced k-vertex subgraphs of g.
func (m *MultiGPU) CountMotifs(g *csr.Graph, k int, opt GPUMotifOptions) ([]PatternCount, MultiStats, error) {
	return nil, MultiStats{}, gpu.ErrNoCUDA
}
