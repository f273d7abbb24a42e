//go:build cuda

package traverse

import (
	_ "embed"
	"fmt"
	"math"
	"time"

	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
	"github.com/cflr/cflr/kernels/prep"
)

//go:embed traverse.ptx
var traversePTX string

const block = 256

func grid(n uint64) uint32 { return uint32((n + block - 1) / block) }

// kern holds the loaded kernels.
type kern struct {
	ctx                                                 *gpu.Context
	relaxVertex, relaxList, relaxVirtual, compact       *gpu.Function
	activeDegree, scanBlock, scanAdd, scatter, relaxSub *gpu.Function
	relaxRange, prContrib, prPushVertex, prPushVirtual  *gpu.Function
	prFinish, prdActivate, prdPushVirtual, clearListed  *gpu.Function
	gatherSub, prPushRange, relaxRangeAsync, clearRange *gpu.Function
}

func loadKernels(ctx *gpu.Context, ptx string) (*kern, error) {
	if ptx == "" {
		ptx = traversePTX
	}
	m, err := ctx.LoadModule(ptx)
	if err != nil {
		return nil, err
	}
	k := &kern{ctx: ctx}
	for _, f := range []struct {
		p    **gpu.Function
		name string
	}{
		{&k.relaxVertex, "relax_vertex"}, {&k.relaxList, "relax_list"}, {&k.relaxVirtual, "relax_virtual"},
		{&k.compact, "compact_flags"}, {&k.activeDegree, "active_degree"}, {&k.scanBlock, "scan_block"},
		{&k.scanAdd, "scan_add"}, {&k.scatter, "scatter_active"}, {&k.relaxSub, "relax_sub"},
		{&k.relaxRange, "relax_range"}, {&k.prContrib, "pr_contrib"}, {&k.prPushVertex, "pr_push_vertex"},
		{&k.prPushVirtual, "pr_push_virtual"}, {&k.prFinish, "pr_finish"}, {&k.prdActivate, "prd_activate"},
		{&k.prdPushVirtual, "prd_push_virtual"}, {&k.clearListed, "clear_listed"},
		{&k.gatherSub, "gather_sub"}, {&k.prPushRange, "pr_push_range"},
		{&k.relaxRangeAsync, "relax_range_async"}, {&k.clearRange, "clear_range"},
	} {
		if *f.p, err = m.Function(f.name); err != nil {
			return nil, err
		}
	}
	return k, nil
}

func algCode(a Algorithm) uint64 {
	switch a {
	case BFS:
		return 0
	case SSSP:
		return 1
	case SSWP:
		return 2
	}
	return 3
}

func needsWeights(a Algorithm) bool { return a == SSSP || a == SSWP }

func initValues(n uint32, alg Algorithm, src uint32) []uint32 {
	switch alg {
	case BFS, SSSP:
		v := fill(n, Inf)
		v[src] = 0
		return v
	case SSWP:
		v := fill(n, 0)
		v[src] = Inf
		return v
	}
	v := make([]uint32, n)
	for i := range v {
		v[i] = uint32(i)
	}
	return v
}

func initFlags(n uint32, alg Algorithm, src uint32) []uint32 {
	f := make([]uint32, n)
	if alg == CC {
		for i := range f {
			f[i] = 1
		}
	} else {
		f[src] = 1
	}
	return f
}

func runGPU(g *csr.Graph, alg Algorithm, opt Options, res *Result) (err error) {
	if len(opt.GPUs) > 1 && alg != PR && opt.OutOfCore == "" && opt.GPUMem == 0 && multiLayout(opt.Layout) {
		err := runMulti(g, alg, opt, res)
		if !gpu.IsOutOfMemory(err) {
			return err
		}
		// A partition and the replicated vertex state did not fit: one
		// GPU, which goes out of GPU memory (Subway) when it must.
		*res = Result{Algorithm: res.Algorithm, Phases: Phases{Transform: res.Phases.Transform}}
	}
	ordinal := 0
	if len(opt.GPUs) > 0 {
		ordinal = opt.GPUs[0]
	}
	ctx, err := gpu.NewContext(ordinal)
	if err != nil {
		return err
	}
	defer ctx.Close()
	k, err := loadKernels(ctx, opt.PTX)
	if err != nil {
		return err
	}
	info := ctx.Info()
	budget := info.FreeMem - 256<<20 // leave room for the context and module
	if opt.GPUMem > 0 && opt.GPUMem < budget {
		budget = opt.GPUMem
	}
	m, n := g.NumEdges(), uint64(g.N)
	edgeBytes := int64(4 * m)
	if needsWeights(alg) {
		edgeBytes *= 2
	}
	vertexBytes := int64(8*(n+1) + 4*4*n + 8*n)
	if alg == PR {
		vertexBytes = int64(8*(n+1) + 4*8*n)
	}
	ooc := opt.OutOfCore != "" || edgeBytes+vertexBytes > budget
	if ooc {
		if alg == PR {
			if opt.Delta || opt.Async {
				return fmt.Errorf("traverse: PageRank's delta form out of GPU memory is not implemented (graph needs %d bytes, budget %d); drop --delta/--async, raise --gpu-mem or use --device cpu", edgeBytes+vertexBytes, budget)
			}
			res.Where = fmt.Sprintf("%s, out of GPU memory", info.Name)
			return runPRStream(k, g, opt, res, budget)
		}
		res.Where = fmt.Sprintf("%s, subway", info.Name)
		return runSubway(k, g, alg, opt, res, budget)
	}
	res.Where = fmt.Sprintf("%s, %s", info.Name, opt.Layout)
	if alg == PR {
		return runPR(k, g, opt, res)
	}
	err = runInMemory(k, g, alg, opt, res)
	if gpu.IsOutOfMemory(err) && opt.GPUMem == 0 {
		// The estimate was optimistic: retry out of GPU memory.
		res.Where = fmt.Sprintf("%s, subway (after %v)", info.Name, err)
		return runSubway(k, g, alg, opt, res, budget/2)
	}
	return err
}

// udt applies Tigr's uniform-degree-tree transform: a vertex of degree > K
// keeps at most K children, new vertices that share its edges K at a time
// (recursively, forming a tree). Tree edges carry the identity of the
// algorithm (0 for distances, Inf for widths). For BFS, original edges get
// weight 1 and the kernel runs as 0/1 shortest paths.
func udt(g *csr.Graph, alg Algorithm, K uint64) *csr.Graph {
	type e struct{ d, w uint32 }
	treeW := uint32(0)
	if alg == SSWP {
		treeW = Inf
	}
	lists := make([][]e, g.N)
	for v := uint32(0); v < g.N; v++ {
		for i := g.Offsets[v]; i < g.Offsets[v+1]; i++ {
			w := uint32(1)
			if alg != BFS && g.Weights != nil {
				w = g.Weights[i]
			}
			lists[v] = append(lists[v], e{g.Adj[i], w})
		}
	}
	for v := 0; v < len(lists); v++ {
		if uint64(len(lists[v])) <= K {
			continue
		}
		es := lists[v]
		var kids []e
		for a := uint64(0); a < uint64(len(es)); a += K {
			c := uint32(len(lists))
			lists = append(lists, append([]e(nil), es[a:min(a+K, uint64(len(es)))]...))
			kids = append(kids, e{c, treeW})
		}
		lists[v] = kids // may still exceed K: the loop reaches v again below
		if uint64(len(kids)) > K {
			v--
		}
	}
	out := &csr.Graph{N: uint32(len(lists)), Offsets: make([]uint64, len(lists)+1)}
	for v, l := range lists {
		out.Offsets[v+1] = out.Offsets[v] + uint64(len(l))
		for _, x := range l {
			out.Adj = append(out.Adj, x.d)
			out.Weights = append(out.Weights, x.w)
		}
	}
	return out
}

func runInMemory(k *kern, g0 *csr.Graph, alg Algorithm, opt Options, res *Result) (err error) {
	ctx := k.ctx
	var a gpu.Allocs
	defer a.FreeAll()
	g := g0
	code := algCode(alg)
	K := uint64(opt.VirtualK)
	t0 := time.Now()
	var vv, vj []uint32
	switch opt.Layout {
	case LayoutUDT:
		g = udt(g0, alg, K)
		if alg == BFS {
			code = 4
		}
	case LayoutVirtual, LayoutCoalesced:
		vv, vj = virtualNodes(g, K, opt.Workers)
	}
	res.Phases.Transform += time.Since(t0)
	n, m := uint64(g.N), g.NumEdges()
	useW := needsWeights(alg) || code == 4

	t0 = time.Now()
	mg := memGraph{n: n, nv: uint64(len(vv))}
	alloc := a.Sticky(ctx, &err)
	mg.off, mg.adj = alloc(int64(8*(n+1))), alloc(int64(4*m))
	if useW {
		mg.w = alloc(int64(4 * m))
	}
	if vv != nil {
		mg.dvv, mg.dvj = alloc(int64(4*len(vv))), alloc(int64(4*len(vj)))
	}
	if err != nil {
		return err
	}
	if useW {
		ws := g.Weights
		if ws == nil {
			ws = fill(uint32(m), 1)
		}
		if err = gpu.Upload(mg.w, 0, ws); err != nil {
			return err
		}
	}
	if vv != nil {
		if err = gpu.Upload(mg.dvv, 0, vv); err != nil {
			return err
		}
		if err = gpu.Upload(mg.dvj, 0, vj); err != nil {
			return err
		}
	}
	if err = gpu.Upload(mg.off, 0, g.Offsets); err != nil {
		return err
	}
	if err = gpu.Upload(mg.adj, 0, g.Adj); err != nil {
		return err
	}
	res.Phases.Transfer += time.Since(t0)
	return runLoop(k, &a, mg, g0.N, alg, code, opt, res)
}

// memGraph is a graph on the device for runLoop: CSR arrays, weights when
// the algorithm reads them, and Tigr's virtual nodes for those layouts.
type memGraph struct {
	n, nv                 uint64
	off, adj, w, dvv, dvj *gpu.Buffer
}

// runLoop runs alg's iterations over mg (vertices past nOut are UDT's
// added ones, cut from the result), allocating the per-vertex state
// through a, and downloads the values.
func runLoop(k *kern, a *gpu.Allocs, mg memGraph, nOut uint32, alg Algorithm, code uint64, opt Options, res *Result) (err error) {
	ctx := k.ctx
	n, K := mg.n, uint64(opt.VirtualK)
	t0 := time.Now()
	alloc := a.Sticky(ctx, &err)
	val, cur, next, changed := alloc(int64(4*n)), alloc(int64(4*n)), alloc(int64(4*n)), alloc(8)
	var list *gpu.Buffer
	if opt.Layout == LayoutWorklist {
		list = alloc(int64(4 * n))
	}
	if err != nil {
		return err
	}
	vals := initValues(uint32(n), alg, opt.Source)
	if err = gpu.Upload(val, 0, vals); err != nil {
		return err
	}
	if err = gpu.Upload(cur, 0, initFlags(uint32(n), alg, opt.Source)); err != nil {
		return err
	}
	if err = next.Memset32(0, int64(n)); err != nil {
		return err
	}
	if err = ctx.Synchronize(); err != nil {
		return err
	}
	res.Phases.Transfer += time.Since(t0)

	wp := uint64(0)
	if mg.w != nil {
		wp = mg.w.Ptr()
	}
	off, adj := mg.off, mg.adj
	t0 = time.Now()
	flag := make([]uint32, 2)
	iters := 0
	for {
		iters++
		if err = changed.Memset32(0, 2); err != nil {
			return err
		}
		switch opt.Layout {
		case LayoutBaseline, LayoutUDT:
			err = k.relaxVertex.Launch(grid(n), block, n, off.Ptr(), adj.Ptr(), wp, val.Ptr(), cur.Ptr(), next.Ptr(), changed.Ptr(), code)
		case LayoutWorklist:
			if err = k.compact.Launch(grid(n), block, n, cur.Ptr(), list.Ptr(), changed.Ptr()+4); err != nil {
				return err
			}
			if err = gpu.Download(flag, changed, 0); err != nil {
				return err
			}
			cnt := uint64(flag[1])
			err = k.relaxList.Launch(grid(cnt), block, cnt, list.Ptr(), off.Ptr(), adj.Ptr(), wp, val.Ptr(), next.Ptr(), changed.Ptr(), code)
		default:
			co := uint64(0)
			if opt.Layout == LayoutCoalesced {
				co = 1
			}
			nv := mg.nv
			err = k.relaxVirtual.Launch(grid(nv), block, nv, mg.dvv.Ptr(), mg.dvj.Ptr(), off.Ptr(), adj.Ptr(), wp, val.Ptr(), cur.Ptr(), next.Ptr(), changed.Ptr(), code, K, co)
		}
		if err != nil {
			return err
		}
		if err = gpu.Download(flag[:1], changed, 0); err != nil {
			return err
		}
		if flag[0] == 0 {
			break
		}
		cur, next = next, cur
		if err = next.Memset32(0, int64(n)); err != nil {
			return err
		}
	}
	if err = ctx.Synchronize(); err != nil {
		return err
	}
	res.Phases.Compute = time.Since(t0)
	res.Iterations = iters
	t0 = time.Now()
	if err = gpu.Download(vals, val, 0); err != nil {
		return err
	}
	res.Phases.Transfer += time.Since(t0)
	res.Values = vals[:nOut]
	return nil
}

// runPR runs PageRank on the GPU: push-form power iterations (or the delta
// form) with atomic double adds, over vertices or Tigr virtual nodes.
func runPR(k *kern, g *csr.Graph, opt Options, res *Result) (err error) {
	ctx := k.ctx
	var a gpu.Allocs
	defer a.FreeAll()
	K := uint64(opt.VirtualK)
	layout := opt.Layout
	t0 := time.Now()
	if layout == LayoutUDT {
		return fmt.Errorf("traverse: the UDT transform changes PageRank values; use --layout coalesced, virtual or baseline")
	}
	vv, vj := virtualNodes(g, K, opt.Workers)
	if opt.Delta || layout == LayoutVirtual || layout == LayoutCoalesced {
		// the delta form always uses the virtual array (blocked for baseline/worklist)
	} else {
		vv, vj = nil, nil
	}
	res.Phases.Transform += time.Since(t0)
	n, m := uint64(g.N), g.NumEdges()
	t0 = time.Now()
	alloc := a.Sticky(ctx, &err)
	off, adj := alloc(int64(8*(n+1))), alloc(int64(4*m))
	rank, sum, contrib := alloc(int64(8*n)), alloc(int64(8*n)), alloc(int64(8*n))
	flag := alloc(8)
	var dvv, dvj *gpu.Buffer
	if vv != nil {
		dvv, dvj = alloc(int64(4*len(vv))), alloc(int64(4*len(vj)))
	}
	if err != nil {
		return err
	}
	for _, e := range []error{gpu.Upload(off, 0, g.Offsets), gpu.Upload(adj, 0, g.Adj)} {
		if e != nil {
			return e
		}
	}
	if vv != nil {
		if err = gpu.Upload(dvv, 0, vv); err != nil {
			return err
		}
		if err = gpu.Upload(dvj, 0, vj); err != nil {
			return err
		}
	}
	r := make([]float64, n)
	d := opt.Damping
	nf := float64(n)
	if opt.Delta {
		for i := range r {
			r[i] = (1 - d) / nf // residuals
		}
		if err = gpu.Upload(sum, 0, r); err != nil {
			return err
		}
		if err = rank.Memset32(0, int64(2*n)); err != nil {
			return err
		}
	} else {
		for i := range r {
			r[i] = 1 / nf
		}
		if err = gpu.Upload(rank, 0, r); err != nil {
			return err
		}
		if err = sum.Memset32(0, int64(2*n)); err != nil {
			return err
		}
	}
	if err = ctx.Synchronize(); err != nil {
		return err
	}
	res.Phases.Transfer += time.Since(t0)
	co := uint64(0)
	if layout == LayoutCoalesced || (opt.Delta && layout != LayoutVirtual) {
		co = 1
	}
	t0 = time.Now()
	if opt.Delta {
		// res in sum, next residual in contrib; push amounts reuse a third
		// array: allocate it now.
		push := alloc(int64(8 * n))
		if err != nil {
			return err
		}
		nv := uint64(len(vv))
		one := make([]uint32, 1)
		for iter := 0; ; iter++ {
			if err = flag.Memset32(0, 1); err != nil {
				return err
			}
			if err = k.prdActivate.Launch(grid(n), block, n, off.Ptr(), rank.Ptr(), sum.Ptr(), push.Ptr(), contrib.Ptr(), math.Float64bits(opt.Tolerance), math.Float64bits(d), flag.Ptr()); err != nil {
				return err
			}
			if err = gpu.Download(one, flag, 0); err != nil {
				return err
			}
			if one[0] == 0 {
				res.Iterations = iter
				break
			}
			if err = k.prdPushVirtual.Launch(grid(nv), block, nv, dvv.Ptr(), dvj.Ptr(), off.Ptr(), adj.Ptr(), push.Ptr(), contrib.Ptr(), K, co); err != nil {
				return err
			}
			sum, contrib = contrib, sum
		}
	} else {
		for iter := 0; iter < opt.Iterations; iter++ {
			if err = k.prContrib.Launch(grid(n), block, n, off.Ptr(), rank.Ptr(), contrib.Ptr()); err != nil {
				return err
			}
			if vv != nil {
				nv := uint64(len(vv))
				err = k.prPushVirtual.Launch(grid(nv), block, nv, dvv.Ptr(), dvj.Ptr(), off.Ptr(), adj.Ptr(), contrib.Ptr(), sum.Ptr(), K, co)
			} else {
				err = k.prPushVertex.Launch(grid(n), block, n, off.Ptr(), adj.Ptr(), contrib.Ptr(), sum.Ptr())
			}
			if err != nil {
				return err
			}
			if err = k.prFinish.Launch(grid(n), block, n, sum.Ptr(), rank.Ptr(), math.Float64bits((1-d)/nf), math.Float64bits(d)); err != nil {
				return err
			}
		}
		res.Iterations = opt.Iterations
	}
	if err = ctx.Synchronize(); err != nil {
		return err
	}
	res.Phases.Compute = time.Since(t0)
	t0 = time.Now()
	if err = gpu.Download(r, rank, 0); err != nil {
		return err
	}
	res.Phases.Transfer += time.Since(t0)
	res.Rank = r
	return nil
}

// RunDevice runs BFS on a graph already in device memory (prep.LoadFile
// or prep.Upload, on ctx) with the layouts that keep the graph as it is
// (baseline, worklist, virtual, coalesced); Tigr's virtual nodes are built
// on the GPU (prep.VirtualNodes). dg.HostOff must be set (GTEPS counts the
// reached vertices' degrees).
func RunDevice(p *prep.Prep, ctx *gpu.Context, dg *prep.Graph, alg Algorithm, opt Options) (res *Result, err error) {
	opt.ensureDefaults()
	if alg != BFS {
		return nil, fmt.Errorf("traverse: RunDevice runs bfs, not %s", alg)
	}
	switch opt.Layout {
	case LayoutBaseline, LayoutWorklist, LayoutVirtual, LayoutCoalesced:
	default:
		return nil, fmt.Errorf("traverse: RunDevice does not run layout %q", opt.Layout)
	}
	if dg.N == 0 || opt.Source >= dg.N {
		return nil, fmt.Errorf("traverse: source %d out of range (graph has %d vertices)", opt.Source, dg.N)
	}
	if dg.HostOff == nil {
		return nil, fmt.Errorf("traverse: RunDevice needs the graph's host offsets")
	}
	k, err := loadKernels(ctx, opt.PTX)
	if err != nil {
		return nil, err
	}
	res = &Result{Algorithm: alg, Where: fmt.Sprintf("%s, %s, prepared on the GPU", ctx.Info().Name, opt.Layout)}
	var a gpu.Allocs
	defer a.FreeAll()
	mg := memGraph{n: uint64(dg.N), off: dg.Off, adj: dg.Adj}
	t0 := time.Now()
	if opt.Layout == LayoutVirtual || opt.Layout == LayoutCoalesced {
		if mg.dvv, mg.dvj, mg.nv, err = p.VirtualNodes(dg, uint64(opt.VirtualK), &a); err != nil {
			return nil, err
		}
	}
	res.Phases.Transform = time.Since(t0)
	if err := runLoop(k, &a, mg, dg.N, alg, algCode(alg), opt, res); err != nil {
		return nil, err
	}
	res.Edges = tepsEdges(&csr.Graph{N: dg.N, Offsets: dg.HostOff}, alg, res)
	return res, nil
}
