//go:build !cuda

package prep

import (
	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
)

// Graph is a CSR graph in device memory.
type Graph struct {
	N        uint32
	M        uint64
	Off, Adj *gpu.Buffer
	Simple   bool
	HostOff  []uint64
}

func (g *Graph) Free() error                   { return nil }
func (g *Graph) Download() (*csr.Graph, error) { return nil, gpu.ErrNoCUDA }

// Prep runs the preparation kernels (never, in this build).
type Prep struct{}

func New(ctx *gpu.Context) (*Prep, error)           { return nil, gpu.ErrNoCUDA }
func (p *Prep) Close() error                        { return nil }
func (p *Prep) Upload(g *csr.Graph) (*Graph, error) { return nil, gpu.ErrNoCUDA }
func (p *Prep) LoadFile(path string) (*Graph, LoadStats, error) {
	return nil, LoadStats{}, gpu.ErrNoCUDA
}
func (p *Prep) IsSimple(g *Graph) (bool, error)               { return false, gpu.ErrNoCUDA }
func (p *Prep) Undirected(g *Graph) (*Graph, error)           { return nil, gpu.ErrNoCUDA }
func (p *Prep) Orient(g *Graph, hostOff bool) (*Graph, error) { return nil, gpu.ErrNoCUDA }
func (p *Prep) FetchOffsets(g *Graph) error                   { return gpu.ErrNoCUDA }
func (p *Prep) VirtualNodes(g *Graph, K uint64, a *gpu.Allocs) (vv, vj *gpu.Buffer, nv uint64, err error) {
	return nil, nil, 0, gpu.ErrNoCUDA
}
