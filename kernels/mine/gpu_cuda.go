//go:build cuda

package mine

import (
	_ "embed"
	"fmt"
	"time"

	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
)

//go:embed mine.ptx
var minePTX string

// MaxGPUCliqueK is the largest k the clique kernel handles (its per-warp
// DFS state is MAXK entries in mine.cu).
const MaxGPUCliqueK = 16

// GPU runs the mining kernels on one device, on the shared runtime in
// kernels/gpu.
type GPU struct {
	ctx                            *gpu.Context
	tcWarp, tcThread, tcGroup, clq *gpu.Function
	opt                            GPUOptions
}

// NewGPU opens a device and loads the kernels.
func NewGPU(opt GPUOptions) (*GPU, error) {
	ctx, err := gpu.NewContext(opt.Ordinal)
	if err != nil {
		return nil, err
	}
	ptx := opt.PTX
	if ptx == "" {
		ptx = minePTX
	}
	d := &GPU{ctx: ctx, opt: opt}
	mod, err := ctx.LoadModule(ptx)
	if err == nil {
		d.tcWarp, err = mod.Function("tc_warp")
	}
	if err == nil {
		d.tcThread, err = mod.Function("tc_thread")
	}
	if err == nil {
		d.tcGroup, err = mod.Function("tc_group")
	}
	if err == nil {
		d.clq, err = mod.Function("clique_warp")
	}
	if err != nil {
		ctx.Close()
		return nil, fmt.Errorf("mine: loading kernels: %w", err)
	}
	return d, nil
}

// Close releases the device.
func (d *GPU) Close() error { return d.ctx.Close() }

// Device describes the device.
func (d *GPU) Device() string { return d.ctx.Info().String() }

// devGraph is a DAG on the device (or in mapped host memory).
type devGraph struct {
	off, adj, src uint64
	n, m          uint64
	host          bool
	allocs        gpu.Allocs
}

// upload places dag's arrays where the kernels can read them: device
// memory, or mapped pinned host memory when forced or when the graph does
// not fit (never managed memory). reserve is device memory the caller
// still needs for working space.
func (d *GPU) upload(dag *csr.Graph, reserve int64) (g *devGraph, err error) {
	g = &devGraph{n: uint64(dag.N), m: dag.NumEdges()}
	defer func() {
		if err != nil {
			g.allocs.FreeAll()
		}
	}()
	src := arcSources(dag, 0)
	bytes := int64(len(dag.Offsets))*8 + int64(len(dag.Adj))*4*2
	free, _, err := d.ctx.MemInfo()
	if err != nil {
		return nil, err
	}
	g.host = d.opt.HostGraph || (d.opt.GraphMemLimit > 0 && bytes > d.opt.GraphMemLimit) || bytes+reserve > free
	if g.host {
		var ptrs [3]uint64
		for i, n := range []int64{int64(len(dag.Offsets)) * 8, int64(len(dag.Adj)) * 4, int64(len(src)) * 4} {
			h, err := g.allocs.AllocHost(d.ctx, n, true)
			if err != nil {
				return nil, err
			}
			switch i {
			case 0:
				copy(gpu.HostSlice[uint64](h), dag.Offsets)
			case 1:
				copy(gpu.HostSlice[uint32](h), dag.Adj)
			case 2:
				copy(gpu.HostSlice[uint32](h), src)
			}
			if ptrs[i], err = h.DevicePtr(); err != nil {
				return nil, err
			}
		}
		g.off, g.adj, g.src = ptrs[0], ptrs[1], ptrs[2]
		return g, nil
	}
	off, err := g.allocs.Alloc(d.ctx, int64(len(dag.Offsets))*8)
	if err != nil {
		return nil, err
	}
	adj, err := g.allocs.Alloc(d.ctx, max(int64(len(dag.Adj))*4, 8))
	if err != nil {
		return nil, err
	}
	sb, err := g.allocs.Alloc(d.ctx, max(int64(len(src))*4, 8))
	if err != nil {
		return nil, err
	}
	if err := gpu.Upload(off, 0, dag.Offsets); err != nil {
		return nil, err
	}
	if err := gpu.Upload(adj, 0, dag.Adj); err != nil {
		return nil, err
	}
	if err := gpu.Upload(sb, 0, src); err != nil {
		return nil, err
	}
	g.off, g.adj, g.src = off.Ptr(), adj.Ptr(), sb.Ptr()
	return g, nil
}

func (d *GPU) counter(a *gpu.Allocs) (*gpu.Buffer, error) {
	b, err := a.Alloc(d.ctx, 8)
	if err != nil {
		return nil, err
	}
	return b, b.Memset32(0, 2)
}

// CountTriangles counts the triangles of the oriented graph dag (as
// CountTriangles does on the CPU).
func (d *GPU) CountTriangles(dag *csr.Graph) (uint64, GPUStats, error) {
	var st GPUStats
	t0 := time.Now()
	g, err := d.upload(dag, 1<<20)
	if err != nil {
		return 0, st, err
	}
	defer g.allocs.FreeAll()
	st.HostGraph = g.host
	var a gpu.Allocs
	defer a.FreeAll()
	out, err := d.counter(&a)
	if err != nil {
		return 0, st, err
	}
	if err := d.ctx.Synchronize(); err != nil {
		return 0, st, err
	}
	st.Upload = time.Since(t0)
	sms := uint32(d.ctx.Info().SMs)
	const block = 256
	grid := sms * 8
	f, group := d.tcWarp, uint64(0)
	switch d.opt.TriangleKernel {
	case "", "warp":
	case "thread":
		f = d.tcThread
	case "group4", "group8", "group16":
		f = d.tcGroup
		fmt.Sscanf(d.opt.TriangleKernel, "group%d", &group)
	default:
		return 0, st, fmt.Errorf("mine: unknown triangle kernel %q (want warp, group4, group8, group16 or thread)", d.opt.TriangleKernel)
	}
	st.Warps = int(grid * block / 32)
	t1 := time.Now()
	if g.m > 0 {
		args := []uint64{g.off, g.adj, g.src, g.m, out.Ptr()}
		if group > 0 {
			args = []uint64{g.off, g.adj, g.src, g.m, group, out.Ptr()}
		}
		if err := f.Launch(grid, block, args...); err != nil {
			return 0, st, err
		}
	}
	if err := d.ctx.Synchronize(); err != nil {
		return 0, st, err
	}
	st.Kernel = time.Since(t1)
	var res [1]uint64
	if err := gpu.Download(res[:], out, 0); err != nil {
		return 0, st, err
	}
	return res[0], st, nil
}

// CountCliques counts the k-cliques of the oriented graph dag, 3 ≤ k ≤
// MaxGPUCliqueK, with the DFS-wide warp kernel and dynamic arc fetching.
func (d *GPU) CountCliques(dag *csr.Graph, k int) (uint64, GPUStats, error) {
	var st GPUStats
	if k < 3 || k > MaxGPUCliqueK {
		return 0, st, fmt.Errorf("mine: GPU clique size k=%d out of range [3,%d]", k, MaxGPUCliqueK)
	}
	t0 := time.Now()
	sms := uint32(d.ctx.Info().SMs)
	const block = 256
	grid := sms * 8
	nwarps := int64(grid) * block / 32
	maxd := int64(max(maxDegree(dag), 1))
	stackBytes := nwarps * int64(k-2) * maxd * 4
	g, err := d.upload(dag, stackBytes+1<<20)
	if err != nil {
		return 0, st, err
	}
	defer g.allocs.FreeAll()
	st.HostGraph = g.host
	var a gpu.Allocs
	defer a.FreeAll()
	out, err := d.counter(&a)
	if err != nil {
		return 0, st, err
	}
	next, err := d.counter(&a)
	if err != nil {
		return 0, st, err
	}
	stack, err := a.Alloc(d.ctx, max(stackBytes, 8))
	if err != nil {
		return 0, st, fmt.Errorf("mine: clique DFS stacks (%d bytes): %w", stackBytes, err)
	}
	if err := d.ctx.Synchronize(); err != nil {
		return 0, st, err
	}
	st.Upload = time.Since(t0)
	st.Warps = int(nwarps)
	chunk := uint64(max(d.opt.LBChunk, 1))
	t1 := time.Now()
	if g.m > 0 {
		if err := d.clq.Launch(grid, block, g.off, g.adj, g.src, g.m, uint64(k), stack.Ptr(), uint64(maxd), next.Ptr(), chunk, out.Ptr()); err != nil {
			return 0, st, err
		}
	}
	if err := d.ctx.Synchronize(); err != nil {
		return 0, st, err
	}
	st.Kernel = time.Since(t1)
	var res [1]uint64
	if err := gpu.Download(res[:], out, 0); err != nil {
		return 0, st, err
	}
	return res[0], st, nil
}
