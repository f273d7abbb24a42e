//go:build cuda

package traverse

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
)

// runSubway is the out-of-GPU-memory path (Subway, chapter 3 of the thesis
// seed). Vertex values and flags live on the GPU; the edge array stays in
// pinned host memory, mapped into the device address space. Each
// iteration builds the SubCSR of the active vertices — degrees, prefix sums
// and compaction on the GPU, then a gather of their edges into the GPU's
// edge buffer, in chunks that fit it — and processes each chunk once (sync)
// or until it converges (async). The gather is a GPU kernel reading the
// mapped edge array over the bus (zero-copy), or with Options.HostGather
// Subway's original scheme: a parallel CPU copy into a pinned staging
// buffer, then one copy. When more than 80% of the edges are active, or
// with OutOfCore "stream", it streams plain vertex-range partitions instead
// (Options.StreamAbove sets the fraction); async iterates each partition to
// local convergence too.
// scanSums are the sizes of the multi-level scan's level sums.
func scanSums(n uint64) []uint64 {
	var sumSizes []uint64
	for s := n + 1; s > 1; {
		s = (s + 1023) / 1024
		sumSizes = append(sumSizes, s)
	}
	return sumSizes
}

// subwayVertexBytes is the GPU memory runSubway needs besides its edge
// buffer.
func subwayVertexBytes(n uint64, async bool) int64 {
	b := int64(8*(n+1) + 4*3*n + 8*2*(n+1) + 4*n + 8*(n+1) + 16)
	for _, s := range scanSums(n) {
		b += int64(8 * s)
	}
	if async {
		b += int64(8 * n)
	}
	return b
}

// prStreamVertexBytes is the GPU memory runPRStream needs besides its edge
// buffer.
func prStreamVertexBytes(n uint64) int64 { return int64(8*(n+1) + 3*8*n) }

func runSubway(k *kern, g *csr.Graph, alg Algorithm, opt Options, res *Result, budget int64) (err error) {
	ctx := k.ctx
	var a gpu.Allocs
	defer a.FreeAll()
	n, m := uint64(g.N), g.NumEdges()
	useW := needsWeights(alg)
	code := algCode(alg)
	if opt.Async && code == 0 {
		code = 4 // async BFS needs atomic min (levels arrive out of order)
	}
	bytesPerEdge := int64(4)
	if useW {
		bytesPerEdge = 8
	}
	sumSizes := scanSums(n)
	vertexBytes := subwayVertexBytes(n, opt.Async)
	bufEdges := (budget - vertexBytes) / bytesPerEdge
	var maxDeg uint64
	for v := uint32(0); v < g.N; v++ {
		maxDeg = max(maxDeg, g.Degree(v))
	}
	if bufEdges < int64(max(maxDeg, 1024)) {
		return fmt.Errorf("traverse: GPU memory budget %d bytes is too small for Subway on this graph: vertex arrays need %d and the edge buffer at least %d more (raise --gpu-mem)",
			budget, vertexBytes, int64(max(maxDeg, 1024))*bytesPerEdge)
	}
	bufEdges = min(bufEdges, int64(m))

	t0 := time.Now()
	alloc := a.Sticky(ctx, &err)
	off, val, cur, next := alloc(int64(8*(n+1))), alloc(int64(4*n)), alloc(int64(4*n)), alloc(int64(4*n))
	deg, one, list, suboff := alloc(int64(8*(n+1))), alloc(int64(8*(n+1))), alloc(int64(4*n)), alloc(int64(8*(n+1)))
	changed := alloc(16)
	var sums []*gpu.Buffer
	for _, s := range sumSizes {
		sums = append(sums, alloc(int64(8*s)))
	}
	var subcur, subnext *gpu.Buffer
	if opt.Async {
		subcur, subnext = alloc(int64(4*n)), alloc(int64(4*n))
		if err == nil {
			err = errors.Join(subcur.Memset32(0, int64(n)), subnext.Memset32(0, int64(n)))
		}
	}
	dadj := alloc(bufEdges * 4)
	var dw *gpu.Buffer
	if useW {
		dw = alloc(bufEdges * 4)
	}
	if err != nil {
		return err
	}
	// The edges in mapped pinned host memory (the GPU gather reads them in
	// place), a pinned staging area for SubCSRs when the CPU gathers, and
	// pinned landing space for the per-iteration downloads of the active
	// list and SubCSR offsets (pageable copies go through a bounce buffer).
	hadj, err := a.AllocHost(ctx, int64(4*m), true)
	if err != nil {
		return err
	}
	var hw, stage, stagew *gpu.HostBuffer
	if useW {
		if hw, err = a.AllocHost(ctx, int64(4*m), true); err != nil {
			return err
		}
	}
	if opt.HostGather {
		if stage, err = a.AllocHost(ctx, bufEdges*4, false); err != nil {
			return err
		}
		if useW {
			if stagew, err = a.AllocHost(ctx, bufEdges*4, false); err != nil {
				return err
			}
		}
	}
	hlistBuf, err := a.AllocHost(ctx, int64(4*n), false)
	if err != nil {
		return err
	}
	hsubBuf, err := a.AllocHost(ctx, int64(8*(n+1)), false)
	if err != nil {
		return err
	}
	var dhadj, dhw uint64
	if dhadj, err = hadj.DevicePtr(); err != nil {
		return err
	}
	if useW {
		if dhw, err = hw.DevicePtr(); err != nil {
			return err
		}
	}
	hostAdj := gpu.HostSlice[uint32](hadj)[:m]
	parallelRange(int(m), opt.Workers, func(lo, hi int) { copy(hostAdj[lo:hi], g.Adj[lo:hi]) })
	var hostW []uint32
	if useW {
		hostW = gpu.HostSlice[uint32](hw)[:m]
		if g.Weights != nil {
			parallelRange(int(m), opt.Workers, func(lo, hi int) { copy(hostW[lo:hi], g.Weights[lo:hi]) })
		} else {
			for i := range hostW {
				hostW[i] = 1
			}
		}
	}
	stageAdj, stageW := gpu.HostSlice[uint32](stage), gpu.HostSlice[uint32](stagew)
	// Partitions for streaming: vertex ranges whose edges fit the buffer.
	type part struct{ v0, v1 uint32 }
	var parts []part
	for v := uint32(0); v < g.N; {
		v1 := v
		for v1 < g.N && g.Offsets[v1+1]-g.Offsets[v] <= uint64(bufEdges) {
			v1++
		}
		parts = append(parts, part{v, v1})
		v = v1
	}
	initVals, initCur := initValues(g.N, alg, opt.Source), initFlags(g.N, alg, opt.Source)
	res.Phases.Transform += time.Since(t0)

	// The initial vertex arrays go up through the pinned download buffers
	// (free until the first iteration): pinned copies run at bus speed,
	// pageable ones through the driver's bounce buffer.
	t0 = time.Now()
	hoff := gpu.HostSlice[uint64](hsubBuf)[:n+1]
	hv := gpu.HostSlice[uint32](hlistBuf)[:n]
	stageUp := func(dst *gpu.Buffer, src []uint32) error {
		parallelRange(int(n), opt.Workers, func(lo, hi int) { copy(hv[lo:hi], src[lo:hi]) })
		return gpu.Upload(dst, 0, hv)
	}
	parallelRange(int(n+1), opt.Workers, func(lo, hi int) { copy(hoff[lo:hi], g.Offsets[lo:hi]) })
	for _, e := range []error{
		gpu.Upload(off, 0, hoff),
		stageUp(val, initVals),
		stageUp(cur, initCur),
		next.Memset32(0, int64(n)),
		deg.Memset32(0, int64(2*(n+1))),
		one.Memset32(0, int64(2*(n+1))),
	} {
		if e != nil {
			return e
		}
	}
	if err = ctx.Synchronize(); err != nil {
		return err
	}
	res.Phases.Transfer += time.Since(t0)

	var scan func(buf *gpu.Buffer, cnt uint64, level int) error
	scan = func(buf *gpu.Buffer, cnt uint64, level int) error {
		blocks := (cnt + 1023) / 1024
		if err := k.scanBlock.Launch(uint32(blocks), 1024, cnt, buf.Ptr(), buf.Ptr(), sums[level].Ptr()); err != nil {
			return err
		}
		if blocks > 1 {
			if err := scan(sums[level], blocks, level+1); err != nil {
				return err
			}
			return k.scanAdd.Launch(uint32(blocks), 1024, cnt, buf.Ptr(), sums[level].Ptr())
		}
		return nil
	}
	wptr := func(b *gpu.Buffer) uint64 {
		if b == nil {
			return 0
		}
		return b.Ptr()
	}

	streamAbove := opt.StreamAbove
	if streamAbove <= 0 {
		streamAbove = 0.8
	}
	// Naive streaming (OutOfCore "stream") stays one synchronous pass per
	// partition: it is the baseline Subway is measured against.
	asyncStream := opt.Async && opt.OutOfCore != "stream"

	var xfer time.Duration
	start := time.Now()
	flag := make([]uint32, 2)
	hlist := gpu.HostSlice[uint32](hlistBuf)[:n]
	hsub := gpu.HostSlice[uint64](hsubBuf)[:n+1]
	lohi := make([]uint32, 1)
	tail := make([]uint64, 1)
	iters := 0
	for {
		if err = changed.Memset32(0, 4); err != nil {
			return err
		}
		// SubCSR construction on the GPU.
		if err = k.activeDegree.Launch(grid(n), block, n, cur.Ptr(), off.Ptr(), deg.Ptr(), one.Ptr()); err != nil {
			return err
		}
		if err = scan(deg, n+1, 0); err != nil {
			return err
		}
		if err = scan(one, n+1, 0); err != nil {
			return err
		}
		var count, total uint64
		if err = gpu.Download(tail, one, int64(n)); err != nil {
			return err
		}
		count = tail[0]
		if err = gpu.Download(tail, deg, int64(n)); err != nil {
			return err
		}
		total = tail[0]
		if count == 0 {
			break
		}
		iters++
		tr := SubwayIteration{Iteration: iters, Active: count, ActiveEdges: total, Bytes: -res.BytesToDevice}
		stream := opt.OutOfCore == "stream" || float64(total) > streamAbove*float64(m)
		tr.Streamed = stream
		if stream {
			for _, p := range parts {
				e0, e1 := g.Offsets[p.v0], g.Offsets[p.v1]
				t := time.Now()
				if err = dadj.CopyFromHost(0, hadj, int64(4*e0), int64(4*(e1-e0))); err != nil {
					return err
				}
				res.BytesToDevice += int64(4 * (e1 - e0))
				if useW {
					if err = dw.CopyFromHost(0, hw, int64(4*e0), int64(4*(e1-e0))); err != nil {
						return err
					}
					res.BytesToDevice += int64(4 * (e1 - e0))
				}
				xfer += time.Since(t)
				cnt := uint64(p.v1 - p.v0)
				tr.Loads++
				if !asyncStream {
					tr.InnerRounds++
					if err = k.relaxRange.Launch(grid(cnt), block, uint64(p.v0), uint64(p.v1), off.Ptr(), e0, dadj.Ptr(), wptr(dw), val.Ptr(), cur.Ptr(), next.Ptr(), changed.Ptr(), code); err != nil {
						return err
					}
					continue
				}
				// Async: iterate inside the loaded partition until it
				// converges (relax_range_async says which flags move).
				var sc uint64 // round 1: active or improved earlier in this iteration
				for {
					tr.InnerRounds++
					if err = changed.Memset32(0, 2); err != nil {
						return err
					}
					if err = k.relaxRangeAsync.Launch(grid(32*cnt), block, uint64(p.v0), uint64(p.v1), off.Ptr(), e0, dadj.Ptr(), wptr(dw), val.Ptr(), cur.Ptr(), sc, next.Ptr(), changed.Ptr(), subnext.Ptr(), changed.Ptr()+4, code); err != nil {
						return err
					}
					if err = gpu.Download(flag, changed, 0); err != nil {
						return err
					}
					if sc != 0 {
						if err = k.clearRange.Launch(grid(cnt), block, uint64(p.v0), uint64(p.v1), subcur.Ptr()); err != nil {
							return err
						}
					}
					if flag[1] == 0 {
						break
					}
					subcur, subnext = subnext, subcur
					sc = subcur.Ptr()
				}
			}
		} else {
			if err = k.scatter.Launch(grid(n), block, n, cur.Ptr(), one.Ptr(), deg.Ptr(), list.Ptr(), suboff.Ptr()); err != nil {
				return err
			}
			t := time.Now()
			if opt.HostGather {
				if err = gpu.Download(hlist[:count], list, 0); err != nil {
					return err
				}
			}
			if err = gpu.Download(hsub[:count], suboff, 0); err != nil {
				return err
			}
			hsub[count] = total
			if err = gpu.Upload(suboff, int64(count), hsub[count:count+1]); err != nil {
				return err
			}
			xfer += time.Since(t)
			for t0 := uint64(0); t0 < count; {
				t1 := t0
				for t1 < count && hsub[t1+1]-hsub[t0] <= uint64(bufEdges) {
					t1++
				}
				base := hsub[t0]
				edges := int64(hsub[t1] - base)
				lp, sp := list.Ptr()+4*t0, suboff.Ptr()+8*t0
				if opt.HostGather {
					// Parallel CPU copy of the chunk's edges into the staging area.
					parallelRange(int(t1-t0), opt.Workers, func(lo, hi int) {
						for t := t0 + uint64(lo); t < t0+uint64(hi); t++ {
							v := hlist[t]
							a, b := g.Offsets[v], g.Offsets[v+1]
							copy(stageAdj[hsub[t]-base:], hostAdj[a:b])
							if useW {
								copy(stageW[hsub[t]-base:], hostW[a:b])
							}
						}
					})
					tx := time.Now()
					if err = dadj.CopyFromHost(0, stage, 0, 4*edges); err != nil {
						return err
					}
					if useW {
						if err = dw.CopyFromHost(0, stagew, 0, 4*edges); err != nil {
							return err
						}
					}
					xfer += time.Since(tx)
				} else if err = k.gatherSub.Launch(grid(32*(t1-t0)), block, t1-t0, lp, sp, base, off.Ptr(), dhadj, dhw, dadj.Ptr(), wptr(dw)); err != nil {
					return err
				}
				res.BytesToDevice += 4 * edges
				if useW {
					res.BytesToDevice += 4 * edges
				}
				cnt := t1 - t0
				tr.Loads++
				if !opt.Async {
					tr.InnerRounds++
					err = k.relaxSub.Launch(grid(32*cnt), block, cnt, lp, sp, base, dadj.Ptr(), wptr(dw), val.Ptr(), cur.Ptr(), 0, next.Ptr(), changed.Ptr(), 0, 0, 0, 0, 0, code)
					if err != nil {
						return err
					}
				} else {
					// Iterate inside the loaded subgraph until it converges.
					// The chunk's first and last vertex bound the test of
					// whether an updated vertex belongs to it (the list is
					// sorted).
					var lo, hi uint64
					if err = gpu.Download(lohi, list, int64(t0)); err != nil {
						return err
					}
					lo = uint64(lohi[0])
					if err = gpu.Download(lohi, list, int64(t1-1)); err != nil {
						return err
					}
					hi = uint64(lohi[0])
					// subcur/subnext are zero outside inner rounds; only this
					// chunk's listed vertices are ever set, so clearing those
					// is enough (no pass over all n vertices).
					var sc uint64 // round 1: every listed vertex
					for {
						tr.InnerRounds++
						if err = changed.Memset32(0, 2); err != nil {
							return err
						}
						if err = k.relaxSub.Launch(grid(32*cnt), block, cnt, lp, sp, base, dadj.Ptr(), wptr(dw), val.Ptr(), cur.Ptr(), sc, next.Ptr(), changed.Ptr(), 1, lo, hi, subnext.Ptr(), changed.Ptr()+4, code); err != nil {
							return err
						}
						if err = gpu.Download(flag, changed, 0); err != nil {
							return err
						}
						if sc != 0 {
							if err = k.clearListed.Launch(grid(cnt), block, cnt, lp, subcur.Ptr()); err != nil {
								return err
							}
						}
						if flag[1] == 0 {
							break
						}
						subcur, subnext = subnext, subcur
						sc = subcur.Ptr()
						// next[] keeps every vertex improved from inside the
						// chunk but outside its list, so clearing changed[0]
						// loses nothing.
					}
				}
				t0 = t1
			}
		}
		if opt.Trace != nil {
			tr.Bytes += res.BytesToDevice
			opt.Trace(tr)
		}
		cur, next = next, cur
		if err = next.Memset32(0, int64(n)); err != nil {
			return err
		}
	}
	if err = ctx.Synchronize(); err != nil {
		return err
	}
	res.Phases.Compute = time.Since(start) - xfer
	res.Phases.Transfer += xfer
	res.Iterations = iters
	vals := make([]uint32, n)
	if err = gpu.Download(vals, val, 0); err != nil {
		return err
	}
	res.Values = vals
	if opt.OutOfCore == "stream" {
		res.Where += " (partition streaming)"
	} else if opt.Async {
		res.Where += " async"
	} else {
		res.Where += " sync"
	}
	return nil
}

// runPRStream is PageRank (power iterations) out of GPU memory. Every
// vertex is active in every iteration, so Subway's SubCSR would be the whole
// graph: the edges stream from pinned host memory in vertex-range
// partitions that fit the edge buffer, each pushed by one warp per vertex.
// Rank, contribution and sum arrays stay on the GPU.
func runPRStream(k *kern, g *csr.Graph, opt Options, res *Result, budget int64) (err error) {
	ctx := k.ctx
	var a gpu.Allocs
	defer a.FreeAll()
	n, m := uint64(g.N), g.NumEdges()
	vertexBytes := prStreamVertexBytes(n)
	bufEdges := (budget - vertexBytes) / 4
	var maxDeg uint64
	for v := uint32(0); v < g.N; v++ {
		maxDeg = max(maxDeg, g.Degree(v))
	}
	if bufEdges < int64(max(maxDeg, 1024)) {
		return fmt.Errorf("traverse: GPU memory budget %d bytes is too small for PageRank on this graph: vertex arrays need %d and the edge buffer at least %d more (raise --gpu-mem)",
			budget, vertexBytes, int64(max(maxDeg, 1024))*4)
	}
	bufEdges = min(bufEdges, int64(max(m, 1)))
	t0 := time.Now()
	alloc := a.Sticky(ctx, &err)
	off, rank, sum, contrib := alloc(int64(8*(n+1))), alloc(int64(8*n)), alloc(int64(8*n)), alloc(int64(8*n))
	dadj := alloc(bufEdges * 4)
	if err != nil {
		return err
	}
	hadj, err := a.AllocHost(ctx, int64(4*max(m, 1)), false)
	if err != nil {
		return err
	}
	hostAdj := gpu.HostSlice[uint32](hadj)[:m]
	parallelRange(int(m), opt.Workers, func(lo, hi int) { copy(hostAdj[lo:hi], g.Adj[lo:hi]) })
	type part struct{ v0, v1 uint32 }
	var parts []part
	for v := uint32(0); v < g.N; {
		v1 := v
		for v1 < g.N && g.Offsets[v1+1]-g.Offsets[v] <= uint64(bufEdges) {
			v1++
		}
		parts = append(parts, part{v, v1})
		v = v1
	}
	res.Phases.Transform += time.Since(t0)

	t0 = time.Now()
	nf := float64(n)
	r := make([]float64, n)
	for i := range r {
		r[i] = 1 / nf
	}
	for _, e := range []error{gpu.Upload(off, 0, g.Offsets), gpu.Upload(rank, 0, r), sum.Memset32(0, int64(2*n))} {
		if e != nil {
			return e
		}
	}
	if err = ctx.Synchronize(); err != nil {
		return err
	}
	res.Phases.Transfer += time.Since(t0)

	d := opt.Damping
	var xfer time.Duration
	start := time.Now()
	for iter := 0; iter < opt.Iterations; iter++ {
		if err = k.prContrib.Launch(grid(n), block, n, off.Ptr(), rank.Ptr(), contrib.Ptr()); err != nil {
			return err
		}
		for _, p := range parts {
			e0, e1 := g.Offsets[p.v0], g.Offsets[p.v1]
			// One partition: the edges stay resident after the first copy.
			if len(parts) > 1 || iter == 0 {
				t := time.Now()
				if err = dadj.CopyFromHost(0, hadj, int64(4*e0), int64(4*(e1-e0))); err != nil {
					return err
				}
				xfer += time.Since(t)
				res.BytesToDevice += int64(4 * (e1 - e0))
			}
			cnt := uint64(p.v1 - p.v0)
			if err = k.prPushRange.Launch(grid(32*cnt), block, uint64(p.v0), uint64(p.v1), off.Ptr(), e0, dadj.Ptr(), contrib.Ptr(), sum.Ptr()); err != nil {
				return err
			}
		}
		if err = k.prFinish.Launch(grid(n), block, n, sum.Ptr(), rank.Ptr(), math.Float64bits((1-d)/nf), math.Float64bits(d)); err != nil {
			return err
		}
	}
	if err = ctx.Synchronize(); err != nil {
		return err
	}
	res.Phases.Compute = time.Since(start) - xfer
	res.Phases.Transfer += xfer
	res.Iterations = opt.Iterations
	t0 = time.Now()
	if err = gpu.Download(r, rank, 0); err != nil {
		return err
	}
	res.Phases.Transfer += time.Since(t0)
	res.Rank = r
	res.Where += fmt.Sprintf(" (PageRank streaming, %d partitions)", len(parts))
	return nil
}
