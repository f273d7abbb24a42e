//go:build cuda

package mine

import (
	_ "embed"
	"fmt"
	"time"

	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
)

//go:embed match.ptx
var matchPTX string

// Match counts the subgraphs of the simple undirected graph g isomorphic
// to the plan's pattern, each once, on the GPU, with the same semantics
// and result as the CPU's Match (labels, induction, symmetry breaking). The
// kernels (match.cu) give each unit, an arc fixing the first two matching
// positions, to one warp, which walks the rest of the plan depth first
// with warp-cooperative candidate sets.
//
// With opt.Emit the matches are streamed in the CPU's single-worker order
// (streamMatches): per range of units a counting pass, then windows of
// matches filled on the device and emitted from the host. The returned
// count is then the number emitted. Memory is bounded by the graph, the
// per-warp candidate sets ((n-3)·maxdeg words a warp), the range's unit
// counts and offsets and one window.
//
// The graph goes to device memory, or to mapped pinned host memory when
// GPUOptions.HostGraph is set or it does not fit (GraphMemLimit, free
// memory); the vertex labels, when the pattern has any, follow it.
// GPUStats.Rounds is the number of kernel launches; Kernel includes the
// copies of counts and windows but not the time spent in Emit.
func (d *GPU) Match(g *csr.Graph, pl *Plan, opt GPUMatchOptions) (count uint64, st GPUStats, err error) {
	if err := checkMatchInput(g, pl); err != nil {
		return 0, st, err
	}
	if g.N == 0 {
		return 0, st, nil
	}
	t0 := time.Now()
	fcount, err := d.function("match.ptx", matchPTX, "match_count")
	if err != nil {
		return 0, st, err
	}
	ffill, err := d.function("match.ptx", matchPTX, "match_fill")
	if err != nil {
		return 0, st, err
	}
	n := pl.Pattern.N
	words := planWords(pl)
	labeled := false
	for _, l := range pl.label {
		labeled = labeled || l != AnyLabel
	}

	// Sizes: per-warp candidate sets, and when streaming one range of
	// unit counts and offsets and one window of matches.
	sms := int64(d.ctx.Info().SMs)
	const block = 256
	maxd := int64(max(maxDegree(g), 1))
	slice := int64(max(n-3, 0)) * maxd * 4
	units := matchUnits(g, pl)
	if units == 0 {
		return 0, st, nil
	}
	rangeUnits, window := int64(0), int64(0)
	if opt.Emit != nil {
		rangeUnits = int64(opt.UnitRange)
		if rangeUnits <= 0 {
			rangeUnits = defaultMatchUnitRange
		}
		rangeUnits = int64(min(uint64(rangeUnits), units))
		window = int64(opt.WindowMatches)
		if window <= 0 {
			window = max(defaultMatchWindowBytes/(4*int64(n)), 1)
		}
	}
	streamBytes := rangeUnits*8 + (rangeUnits+1)*8 + window*int64(n)*4
	free, _, err := d.ctx.MemInfo()
	if err != nil {
		return 0, st, err
	}
	graphBytes := int64(len(g.Offsets))*8 + int64(len(g.Adj))*8
	grid := sms * 8
	for grid > sms && grid*block/32*slice > (free-graphBytes-streamBytes)/2 {
		grid /= 2 // fewer warps on very skewed graphs rather than failing
	}
	nwarps := grid * block / 32
	dg, err := d.upload(g, nwarps*slice+nwarps*8+streamBytes+1<<20) // with the arcs' sources
	if err != nil {
		return 0, st, err
	}
	defer dg.allocs.FreeAll()
	st.HostGraph = dg.host
	st.Warps = int(nwarps)
	var a gpu.Allocs
	defer a.FreeAll()
	var labels uint64
	if labeled {
		if labels, err = d.matchLabels(g, dg.host, &a); err != nil {
			return 0, st, err
		}
	}
	plan, err := a.Alloc(d.ctx, int64(len(words))*4)
	if err != nil {
		return 0, st, err
	}
	if err := gpu.Upload(plan, 0, words); err != nil {
		return 0, st, err
	}
	stack, err := a.Alloc(d.ctx, max(nwarps*slice, 8))
	if err != nil {
		return 0, st, fmt.Errorf("mine: match candidate sets (%d bytes): %w", nwarps*slice, err)
	}
	warpcnt, err := a.Alloc(d.ctx, nwarps*8)
	if err != nil {
		return 0, st, err
	}
	next, err := d.counter(&a)
	if err != nil {
		return 0, st, err
	}
	if err := d.ctx.Synchronize(); err != nil {
		return 0, st, err
	}
	st.Upload = time.Since(t0)
	e := &gpuMatchPasses{d: d, st: &st, fcount: fcount, ffill: ffill, grid: uint32(grid),
		args: []uint64{dg.off, dg.adj, dg.src, labels, plan.Ptr()}, next: next, stack: stack.Ptr(),
		maxd: uint64(maxd), warpcnt: warpcnt, nwarps: nwarps, n: n}
	if opt.Emit == nil {
		count, err = e.count(0, units, 0)
		return count, st, err
	}
	if e.unitcnt, err = a.Alloc(d.ctx, rangeUnits*8); err != nil {
		return 0, st, err
	}
	if e.uoff, err = a.Alloc(d.ctx, (rangeUnits+1)*8); err != nil {
		return 0, st, err
	}
	if e.out, err = a.Alloc(d.ctx, window*int64(n)*4); err != nil {
		return 0, st, fmt.Errorf("mine: match window (%d matches): %w", window, err)
	}
	count, err = streamMatches(e, units, pl, int(rangeUnits), int(window), opt.Emit)
	return count, st, err
}

// matchLabels places g's labels beside the graph: device memory, or
// mapped host memory when the graph is there.
func (d *GPU) matchLabels(g *csr.Graph, host bool, a *gpu.Allocs) (uint64, error) {
	labs := g.Labels[:g.N]
	if host {
		h, err := a.AllocHost(d.ctx, int64(len(labs))*4, true)
		if err != nil {
			return 0, err
		}
		copy(gpu.HostSlice[uint32](h), labs)
		return h.DevicePtr()
	}
	b, err := a.Alloc(d.ctx, int64(len(labs))*4)
	if err != nil {
		return 0, err
	}
	return b.Ptr(), gpu.Upload(b, 0, labs)
}

// gpuMatchPasses runs match.cu's passes for Match and streamMatches.
type gpuMatchPasses struct {
	d             *GPU
	st            *GPUStats
	fcount, ffill *gpu.Function
	grid          uint32
	args          []uint64 // off, adj, src, labels, plan
	next          *gpu.Buffer
	stack, maxd   uint64
	warpcnt       *gpu.Buffer
	nwarps        int64
	n             int
	// streaming: per-unit counts and offsets of the current range
	// (starting at base), and the window.
	unitcnt, uoff, out *gpu.Buffer
	base               uint64
}

// launch runs f over units [lo, hi) with the common arguments, then
// extra, and waits, adding to the kernel time.
func (e *gpuMatchPasses) launch(f *gpu.Function, lo, hi uint64, extra ...uint64) error {
	if err := e.next.Memset32(0, 2); err != nil {
		return err
	}
	args := append(append(append([]uint64{}, e.args...), lo, hi, e.next.Ptr(), e.stack, e.maxd), extra...)
	t := time.Now()
	err := f.Launch(e.grid, 256, args...)
	if err == nil {
		err = e.d.ctx.Synchronize()
	}
	e.st.Kernel += time.Since(t)
	e.st.Rounds++
	return err
}

// count runs the counting pass over units [lo, hi) and sums the warps'
// counts; unitcnt, when non-zero, receives the per-unit counts.
func (e *gpuMatchPasses) count(lo, hi, unitcnt uint64) (uint64, error) {
	if err := e.launch(e.fcount, lo, hi, unitcnt, e.warpcnt.Ptr()); err != nil {
		return 0, err
	}
	t := time.Now()
	defer func() { e.st.Kernel += time.Since(t) }()
	wc := make([]uint64, e.nwarps)
	if err := gpu.Download(wc, e.warpcnt, 0); err != nil {
		return 0, err
	}
	var total uint64
	for _, c := range wc {
		total += c
	}
	return total, nil
}

func (e *gpuMatchPasses) countUnits(lo, hi uint64, cnt []uint64) error {
	total, err := e.count(lo, hi, e.unitcnt.Ptr())
	if err != nil {
		return err
	}
	t := time.Now()
	defer func() { e.st.Kernel += time.Since(t) }()
	if err := gpu.Download(cnt[:hi-lo], e.unitcnt, 0); err != nil {
		return err
	}
	var sum uint64
	for _, c := range cnt[:hi-lo] {
		sum += c
	}
	if sum != total {
		return fmt.Errorf("mine: internal error: unit counts of [%d,%d) sum to %d, warp counts to %d", lo, hi, sum, total)
	}
	return nil
}

func (e *gpuMatchPasses) setRange(lo uint64, off []uint64) error {
	e.base = lo
	return gpu.Upload(e.uoff, 0, off)
}

func (e *gpuMatchPasses) fill(ulo, uhi, wlo, whi uint64, out []uint32) error {
	if err := e.out.Memset32(^uint32(0), int64(len(out))); err != nil {
		return err
	}
	if err := e.launch(e.ffill, ulo, uhi, e.uoff.Ptr(), e.base, wlo, whi, e.out.Ptr()); err != nil {
		return err
	}
	t := time.Now()
	defer func() { e.st.Kernel += time.Since(t) }()
	return gpu.Download(out, e.out, 0)
}
