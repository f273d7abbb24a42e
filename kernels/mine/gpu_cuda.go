//go:build cuda

package mine

import (
	_ "embed"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
	"github.com/cflr/cflr/kernels/prep"
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
	tcHash, motif                  *gpu.Function
	probeCount, probeFill          *gpu.Function
	clqLB, clqDonate               *gpu.Function
	fsmExtend, fsmDomain, fsmKeys  *gpu.Function
	// fsmBlock (rows per allocated block) and fsmInitCap (first table
	// capacity) are FSM knobs, 0 = default; tests shrink them to force
	// block turnover and the overflow rerun on small graphs.
	fsmBlock, fsmInitCap uint64
	opt                  GPUOptions
	// hashCaps are tc_hash's chunk sizes for warp and block items and its
	// probe-range lengths (hashWarpCap, hashBlockCap, hashWarpProbe,
	// hashBlockProbe); tests shrink them to exercise the splitting on small
	// graphs.
	hashCaps [4]uint64
	// hashLongMin is the out-list length from which tc_hash streams a list
	// with the whole warp rather than flattening it with others (1..32).
	hashLongMin uint64
	// hashOpts is tc_hash's opts word (mine.cu): load shift in bits 0..3,
	// ILP streaming in bit 4; benchmarks vary it.
	hashOpts uint64
	// modules caches the kernel files other than mine.ptx (one .cu/.ptx
	// pair per kernel family), loaded on first use by function.
	modules map[string]*gpu.Module
	modMu   sync.Mutex
	// shared: ctx belongs to a device set (MultiGPU), which releases it.
	shared bool
}

// devPTX returns the PTX text of file: the embedded text, unless
// CFLR_MINE_PTX_DIR (or CFLR_PTX_DIR, as mk/gpu-run.sh sets it) names a
// folder holding a freshly compiled copy, for kernel development on a GPU
// machine (which has nvcc but no Go).
func devPTX(file, embedded string) string {
	for _, env := range []string{"CFLR_MINE_PTX_DIR", "CFLR_PTX_DIR"} {
		if dir := os.Getenv(env); dir != "" {
			if b, err := os.ReadFile(filepath.Join(dir, file)); err == nil {
				return string(b)
			}
		}
	}
	return embedded
}

// function returns kernel name from the embedded PTX text ptx (file is its
// name, for errors and the cache), loading the module on first use.
// GPUOptions.PTX only replaces mine.ptx; devPTX may replace any.
func (d *GPU) function(file, ptx, name string) (*gpu.Function, error) {
	d.modMu.Lock()
	defer d.modMu.Unlock()
	mod := d.modules[file]
	if mod == nil {
		var err error
		ptx = devPTX(file, ptx)
		if mod, err = d.ctx.LoadModule(ptx); err != nil {
			return nil, fmt.Errorf("mine: loading %s: %w", file, err)
		}
		if d.modules == nil {
			d.modules = make(map[string]*gpu.Module)
		}
		d.modules[file] = mod
	}
	f, err := mod.Function(name)
	if err != nil {
		return nil, fmt.Errorf("mine: %s: %w", file, err)
	}
	return f, nil
}

// NewGPU opens a device and loads the kernels.
func NewGPU(opt GPUOptions) (*GPU, error) {
	ctx, err := gpu.NewContext(opt.Ordinal)
	if err != nil {
		return nil, err
	}
	d, err := newGPUOn(ctx, opt)
	if err != nil {
		ctx.Close()
	}
	return d, err
}

// newGPUOn loads the kernels on an open context (which the caller closes
// on error).
func newGPUOn(ctx *gpu.Context, opt GPUOptions) (*GPU, error) {
	ptx := opt.PTX
	if ptx == "" {
		ptx = devPTX("mine.ptx", minePTX)
	}
	d := &GPU{ctx: ctx, opt: opt, hashCaps: [4]uint64{hashWarpCap, hashBlockCap, hashWarpProbe, hashBlockProbe}, hashLongMin: hashLongMin, hashOpts: hashOptsDefault}
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
	if err == nil {
		d.tcHash, err = mod.Function("tc_hash")
	}
	if err == nil {
		d.motif, err = mod.Function("motif_warp")
	}
	if err == nil {
		d.probeCount, err = mod.Function("probe_count")
	}
	if err == nil {
		d.clqLB, err = mod.Function("clique_lb")
	}
	if err == nil {
		d.clqDonate, err = mod.Function("clique_donate")
	}
	if err == nil {
		d.probeFill, err = mod.Function("probe_fill")
	}
	if err == nil {
		d.fsmExtend, err = mod.Function("fsm_extend")
	}
	if err == nil {
		d.fsmDomain, err = mod.Function("fsm_domain")
	}
	if err == nil {
		d.fsmKeys, err = mod.Function("fsm_keys")
	}
	if err != nil {
		return nil, fmt.Errorf("mine: loading kernels: %w", err)
	}
	return d, nil
}

// Close releases the device.
func (d *GPU) Close() error {
	if d.shared {
		return nil
	}
	return d.ctx.Close()
}

// Device describes the device.
func (d *GPU) Device() string { return d.ctx.Info().String() }

// devGraph is a DAG on the device (or in mapped host memory).
type devGraph struct {
	off, adj, src uint64
	n, m          uint64
	host          bool
	allocs        gpu.Allocs
	// bufs are off, adj and src in device memory (nil in host mode), for
	// peer copies to other devices (MultiGPU).
	bufs [3]*gpu.Buffer
}

// upload places dag's arrays where the kernels can read them: device
// memory, or mapped pinned host memory when forced or when the graph does
// not fit (never managed memory). reserve is device memory the caller
// still needs for working space.
func (d *GPU) upload(dag *csr.Graph, reserve int64) (g *devGraph, err error) {
	return d.uploadSrc(dag, reserve, true)
}

// uploadSrc is upload, with the arc sources only when withSrc (the hash
// kernels work per vertex and do not read them: 4 bytes an arc saved).
func (d *GPU) uploadSrc(dag *csr.Graph, reserve int64, withSrc bool) (g *devGraph, err error) {
	g = &devGraph{n: uint64(dag.N), m: dag.NumEdges()}
	defer func() {
		if err != nil {
			g.allocs.FreeAll()
		}
	}()
	var src []uint32
	if withSrc {
		src = arcSources(dag, 0)
	}
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
	g.bufs = [3]*gpu.Buffer{off, adj, sb}
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
	kernel := d.opt.TriangleKernel
	if kernel == "" || kernel == "auto" {
		kernel = autoTriangleKernel(dag)
	}
	hashKernel := strings.HasPrefix(kernel, "hash")
	g, err := d.uploadSrc(dag, 1<<20, !hashKernel)
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
	if hashKernel {
		n, st2, err := d.countTrianglesHash(dag, g, out, kernel)
		st2.Upload += st.Upload
		st2.HostGraph = st.HostGraph
		return n, st2, err
	}
	n, err := d.countTrianglesEdge(kernel, g, out, &st)
	return n, st, err
}

// countTrianglesEdge runs one of the edge-parallel triangle kernels (warp,
// thread, groupN) over g, whose src is uploaded, counting into out.
func (d *GPU) countTrianglesEdge(kernel string, g *devGraph, out *gpu.Buffer, st *GPUStats) (uint64, error) {
	f, group := d.tcWarp, uint64(0)
	switch kernel {
	case "warp":
	case "thread":
		f = d.tcThread
	case "group4", "group8", "group16":
		f = d.tcGroup
		fmt.Sscanf(kernel, "group%d", &group)
	default:
		return 0, fmt.Errorf("mine: unknown triangle kernel %q (want warp, group4, group8, group16, thread, hash, hashwarp, hashin or hashmin)", kernel)
	}
	sms := uint32(d.ctx.Info().SMs)
	const block = 256
	grid := sms * 8
	st.Warps = int(grid * block / 32)
	t1 := time.Now()
	if g.m > 0 {
		args := []uint64{g.off, g.adj, g.src, g.m, out.Ptr()}
		if group > 0 {
			args = []uint64{g.off, g.adj, g.src, g.m, group, out.Ptr()}
		}
		if err := f.Launch(grid, block, args...); err != nil {
			return 0, err
		}
	}
	return d.finishCount(st, t1, out)
}

// finishCount waits for the kernels launched since t1, records their time
// in st.Kernel and returns the single u64 counter they accumulated in out.
func (d *GPU) finishCount(st *GPUStats, t1 time.Time, out *gpu.Buffer) (uint64, error) {
	if err := d.ctx.Synchronize(); err != nil {
		return 0, err
	}
	st.Kernel = time.Since(t1)
	var res [1]uint64
	if err := gpu.Download(res[:], out, 0); err != nil {
		return 0, err
	}
	return res[0], nil
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
	st.Warps = int(nwarps)
	if d.opt.LoadBalance {
		st.Upload = time.Since(t0)
		return d.countCliquesLB(dag, k, st, g, stack, uint64(maxd), grid, block, &a)
	}
	if err := d.ctx.Synchronize(); err != nil {
		return 0, st, err
	}
	st.Upload = time.Since(t0)
	chunk := uint64(max(d.opt.LBChunk, 1))
	t1 := time.Now()
	if g.m > 0 {
		if err := d.clq.Launch(grid, block, g.off, g.adj, g.src, g.m, uint64(k), stack.Ptr(), uint64(maxd), next.Ptr(), chunk, out.Ptr()); err != nil {
			return 0, st, err
		}
	}
	n, err := d.finishCount(&st, t1, out)
	return n, st, err
}

// Shapes of tc_hash in mine.cu: TC_BLOCK threads a block, a shared table of
// TC_SLOTS per block or TC_WARP_SLOTS per warp, filled at most half, so a
// warp takes chunks of up to hashWarpCap vertices and a block up to
// hashBlockCap; probe lists are cut into ranges of hashWarpProbe (warp) or
// hashBlockProbe (block) vertices so that no item is much longer than the
// rest.
const (
	hashBlock      = 256
	hashWarpCap    = 512
	hashBlockCap   = 4096
	hashWarpProbe  = 1024
	hashBlockProbe = 8192
	hashLongMin    = 32
	// hashOptsDefault: load ≤ 1/8 where the slots allow, ILP streaming
	// (the best of the opts measured on RMAT-24 on an H100: BENCHMARKS.md,
	// "Mining").
	hashOptsDefault = 3 | 1<<4
)

// hashItems splits the vertices of dag into tc_hash work items (u, chunk,
// plo, phi): out(u) of up to caps[0] vertices goes to a warp, a longer one
// (when twoTier) to blocks in chunks of caps[1], else to warps in chunks of
// caps[0]; each chunk is paired with every range of u's list in probe
// (ranges of caps[2] for warps, caps[3] for blocks). Vertices whose items cannot close a triangle are skipped.
func hashItems(dag, probe *csr.Graph, twoTier bool, caps [4]uint64) (warpItems, blockItems []uint32) {
	// Built in parallel over vertex ranges, concatenated in vertex order
	// (16 M vertices on RMAT-24: a serial loop was a visible part of the
	// preparation).
	const chunk = 1 << 16
	nc := (int(dag.N) + chunk - 1) / chunk
	wpart, bpart := make([][]uint32, nc), make([][]uint32, nc)
	parallelFor(int(dag.N), 0, chunk, func(_, lo, hi int) {
		var wi, bi []uint32
		for u := uint32(lo); u < uint32(hi); u++ {
			du, pu := dag.Degree(u), probe.Degree(u)
			if du == 0 || pu == 0 || (probe == dag && du < 2) {
				continue
			}
			items, cap, pr := &wi, caps[0], caps[2]
			if du > caps[0] && twoTier {
				items, cap, pr = &bi, caps[1], caps[3]
			}
			for c := uint64(0); c*cap < du; c++ {
				for plo := uint64(0); plo < pu; plo += pr {
					*items = append(*items, u, uint32(c), uint32(plo), uint32(min(plo+pr, pu)))
				}
			}
		}
		wpart[lo/chunk], bpart[lo/chunk] = wi, bi
	})
	return slices.Concat(wpart...), slices.Concat(bpart...)
}

// buildProbe builds tc_hash's probe lists on the device (probe_count,
// a scan on the host, probe_fill): mode 0 the reversed DAG (hashin), 1 the
// shorter-list side of every arc (hashmin). It returns the lists' offsets
// (on the host too, for hashItems) and their device buffers.
func (d *GPU) buildProbe(dag *csr.Graph, g *devGraph, mode uint64, a *gpu.Allocs) (*csr.Graph, *gpu.Buffer, *gpu.Buffer, error) {
	n := int64(dag.N)
	cnt, err := a.Alloc(d.ctx, max(n*4, 8))
	if err != nil {
		return nil, nil, nil, err
	}
	if err := cnt.Memset32(0, max(n, 1)); err != nil {
		return nil, nil, nil, err
	}
	padj, err := a.Alloc(d.ctx, max(int64(g.m)*4, 8))
	if err != nil {
		return nil, nil, nil, err
	}
	poffb, err := a.Alloc(d.ctx, (n+1)*8)
	if err != nil {
		return nil, nil, nil, err
	}
	grid := uint32(d.ctx.Info().SMs) * 8
	if n > 0 {
		if err := d.probeCount.Launch(grid, 256, g.off, g.adj, uint64(n), mode, cnt.Ptr()); err != nil {
			return nil, nil, nil, err
		}
	}
	counts := make([]uint32, n)
	if err := gpu.Download(counts, cnt, 0); err != nil {
		return nil, nil, nil, err
	}
	poff := make([]uint64, n+1)
	for i, c := range counts {
		poff[i+1] = poff[i] + uint64(c)
	}
	if poff[n] != g.m {
		return nil, nil, nil, fmt.Errorf("mine: probe lists hold %d arcs, want %d", poff[n], g.m)
	}
	if err := gpu.Upload(poffb, 0, poff); err != nil {
		return nil, nil, nil, err
	}
	if err := cnt.Memset32(0, max(n, 1)); err != nil {
		return nil, nil, nil, err
	}
	if n > 0 {
		if err := d.probeFill.Launch(grid, 256, g.off, g.adj, uint64(n), mode, poffb.Ptr(), cnt.Ptr(), padj.Ptr()); err != nil {
			return nil, nil, nil, err
		}
	}
	return &csr.Graph{N: dag.N, Offsets: poff}, poffb, padj, nil
}

// countTrianglesHash runs tc_hash (kernel "hash", "hashwarp" or "hashin"):
// block items first (the long lists), then warp items, each launch
// fetching items dynamically.
func (d *GPU) countTrianglesHash(dag *csr.Graph, g *devGraph, out *gpu.Buffer, kernel string) (uint64, GPUStats, error) {
	var st GPUStats
	t0 := time.Now()
	var a gpu.Allocs
	defer a.FreeAll()
	probe, poff, padj := dag, g.off, g.adj
	if kernel == "hashin" || kernel == "hashmin" {
		pb, ab, err := (*gpu.Buffer)(nil), (*gpu.Buffer)(nil), error(nil)
		if probe, pb, ab, err = d.buildProbe(dag, g, map[string]uint64{"hashin": 0, "hashmin": 1}[kernel], &a); err != nil {
			return 0, st, err
		}
		poff, padj = pb.Ptr(), ab.Ptr()
	}
	wi, bi := hashItems(dag, probe, kernel != "hashwarp", d.hashCaps)
	type launch struct {
		items     []uint32
		blockmode uint64
		cap       uint64
		buf, next *gpu.Buffer
	}
	ls := []*launch{{items: bi, blockmode: 1, cap: d.hashCaps[1]}, {items: wi, cap: d.hashCaps[0]}}
	for _, l := range ls {
		if len(l.items) == 0 {
			continue
		}
		var err error
		if l.buf, err = a.Alloc(d.ctx, int64(len(l.items))*4); err != nil {
			return 0, st, err
		}
		if err := gpu.Upload(l.buf, 0, l.items); err != nil {
			return 0, st, err
		}
		if l.next, err = d.counter(&a); err != nil {
			return 0, st, err
		}
	}
	if err := d.ctx.Synchronize(); err != nil {
		return 0, st, err
	}
	st.Upload = time.Since(t0)
	sms := uint32(d.ctx.Info().SMs)
	grid := sms * 8
	st.Warps = int(grid * hashBlock / 32)
	t1 := time.Now()
	for _, l := range ls {
		if len(l.items) == 0 {
			continue
		}
		if err := d.tcHash.Launch(grid, hashBlock, g.off, g.adj, poff, padj, l.buf.Ptr(), uint64(len(l.items)/4), l.cap, l.blockmode, d.hashLongMin, d.hashOpts, l.next.Ptr(), out.Ptr()); err != nil {
			return 0, st, err
		}
	}
	n, err := d.finishCount(&st, t1, out)
	return n, st, err
}

// Context is the device context, for preparing graphs on it (kernels/prep).
func (d *GPU) Context() *gpu.Context { return d.ctx }

// CountTrianglesDevice counts the triangles of an oriented graph already in
// device memory (prep.Orient with host offsets), without the host copy
// and upload CountTriangles makes.
func (d *GPU) CountTrianglesDevice(dag *prep.Graph) (uint64, GPUStats, error) {
	var st GPUStats
	t0 := time.Now()
	host := &csr.Graph{N: dag.N, Offsets: dag.HostOff}
	if host.Offsets == nil {
		return 0, st, fmt.Errorf("mine: CountTrianglesDevice needs the DAG's host offsets")
	}
	kernel := d.opt.TriangleKernel
	if kernel == "" || kernel == "auto" {
		kernel = "thread"
		if dag.M >= hashMinArcs {
			kernel = "hashmin"
		}
	}
	g := &devGraph{off: dag.Off.Ptr(), adj: dag.Adj.Ptr(), n: uint64(dag.N), m: dag.M}
	var a gpu.Allocs
	defer a.FreeAll()
	out, err := d.counter(&a)
	if err != nil {
		return 0, st, err
	}
	if strings.HasPrefix(kernel, "hash") {
		n, st2, err := d.countTrianglesHash(host, g, out, kernel)
		// Upload: everything before the kernels (probe lists, work items).
		st2.Upload = time.Since(t0) - st2.Kernel
		return n, st2, err
	}
	src := make([]uint32, dag.M)
	parallelFor(int(dag.N), 0, 4096, func(_, lo, hi int) {
		for u := lo; u < hi; u++ {
			for i := host.Offsets[u]; i < host.Offsets[u+1]; i++ {
				src[i] = uint32(u)
			}
		}
	})
	sb, err := a.Alloc(d.ctx, max(int64(len(src))*4, 8))
	if err != nil {
		return 0, st, err
	}
	if err := gpu.Upload(sb, 0, src); err != nil {
		return 0, st, err
	}
	g.src = sb.Ptr()
	if err := d.ctx.Synchronize(); err != nil {
		return 0, st, err
	}
	st.Upload = time.Since(t0)
	n, err := d.countTrianglesEdge(kernel, g, out, &st)
	return n, st, err
}
