//go:build !cuda

package mine

import (
	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
	"github.com/cflr/cflr/kernels/prep"
)

// GPU runs the mining kernels on one device. In this build (no cuda tag)
// every call fails with gpu.ErrNoCUDA.
type GPU struct{}

// NewGPU opens a device.
func NewGPU(opt GPUOptions) (*GPU, error) { return nil, gpu.ErrNoCUDA }

// Close releases the device.
func (d *GPU) Close() error { return gpu.ErrNoCUDA }

// Device describes the device.
func (d *GPU) Device() string { return "" }

// CountTriangles counts the triangles of the oriented graph dag.
func (d *GPU) CountTriangles(dag *csr.Graph) (uint64, GPUStats, error) {
	return 0, GPUStats{}, gpu.ErrNoCUDA
}

// CountCliques counts the k-cliques of the oriented graph dag.
func (d *GPU) CountCliques(dag *csr.Graph, k int) (uint64, GPUStats, error) {
	return 0, GPUStats{}, gpu.ErrNoCUDA
}

// CountMotifs counts the connected vertex-induced k-vertex subgraphs of g.
func (d *GPU) CountMotifs(g *csr.Graph, k int) ([]PatternCount, GPUStats, error) {
	return nil, GPUStats{}, gpu.ErrNoCUDA
}

// MineMNI mines frequent patterns with MNI support computed on the GPU.
func (d *GPU) MineMNI(g *csr.Graph, opt FSMOptions) ([]FrequentPattern, GPUStats, error) {
	return nil, GPUStats{}, gpu.ErrNoCUDA
}

// Context is the device context.
func (d *GPU) Context() *gpu.Context { return nil }

// CountTrianglesDevice counts the triangles of an oriented graph on the device.
func (d *GPU) CountTrianglesDevice(dag *prep.Graph) (uint64, GPUStats, error) {
	return 0, GPUStats{}, gpu.ErrNoCUDA
}
