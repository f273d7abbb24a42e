//go:build cuda

package traverse

import (
	"fmt"
	"time"

	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
)

// runSubway is the out-of-GPU-memory path (Subway, chapter 3 of the thesis
// seed). Vertex values and flags live on the GPU; the edge array stays in
// pinned host memory. Each iteration builds the SubCSR of the active
// vertices — degrees, prefix sums and compaction on the GPU, then a
// parallel copy of their edges on the CPU — transfers it in chunks that fit
// the edge buffer, and processes each chunk once (sync) or until it
// converges (async). When more than 80% of the edges are active, or with
// OutOfCore "stream", it streams plain vertex-range partitions instead.
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
	// Level sums of the multi-level scan.
	var sumSizes []uint64
	for s := n + 1; s > 1; {
		s = (s + 1023) / 1024
		sumSizes = append(sumSizes, s)
	}
	vertexBytes := int64(8*(n+1) + 4*3*n + 8*2*(n+1) + 4*n + 8*(n+1) + 16)
	for _, s := range sumSizes {
		vertexBytes += int64(8 * s)
	}
	if opt.Async {
		vertexBytes += int64(8 * n)
	}
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
	alloc := func(b int64) *gpu.Buffer {
		if err != nil {
			return nil
		}
		var x *gpu.Buffer
		x, err = a.Alloc(ctx, b)
		return x
	}
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
	}
	dadj := alloc(bufEdges * 4)
	var dw *gpu.Buffer
	if useW {
		dw = alloc(bufEdges * 4)
	}
	if err != nil {
		return err
	}
	// The edges in pinned host memory, and a pinned staging area for SubCSRs.
	hadj, err := a.AllocHost(ctx, int64(4*m), false)
	if err != nil {
		return err
	}
	stage, err := a.AllocHost(ctx, bufEdges*4, false)
	if err != nil {
		return err
	}
	var hw, stagew *gpu.HostBuffer
	if useW {
		if hw, err = a.AllocHost(ctx, int64(4*m), false); err != nil {
			return err
		}
		if stagew, err = a.AllocHost(ctx, bufEdges*4, false); err != nil {
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
	stageAdj := gpu.HostSlice[uint32](stage)
	var stageW []uint32
	if useW {
		stageW = gpu.HostSlice[uint32](stagew)
	}
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
	res.Phases.Transform += time.Since(t0)

	t0 = time.Now()
	for _, e := range []error{
		gpu.Upload(off, 0, g.Offsets),
		gpu.Upload(val, 0, initValues(g, alg, opt.Source)),
		gpu.Upload(cur, 0, initFlags(g, alg, opt.Source)),
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

	var xfer time.Duration
	start := time.Now()
	flag := make([]uint32, 2)
	hlist := make([]uint32, n)
	hsub := make([]uint64, n+1)
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
		stream := opt.OutOfCore == "stream" || float64(total) > 0.8*float64(m)
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
				if err = k.relaxRange.Launch(grid(cnt), block, uint64(p.v0), uint64(p.v1), off.Ptr(), e0, dadj.Ptr(), wptr(dw), val.Ptr(), cur.Ptr(), next.Ptr(), changed.Ptr(), code); err != nil {
					return err
				}
			}
		} else {
			if err = k.scatter.Launch(grid(n), block, n, cur.Ptr(), one.Ptr(), deg.Ptr(), list.Ptr(), suboff.Ptr()); err != nil {
				return err
			}
			t := time.Now()
			if err = gpu.Download(hlist[:count], list, 0); err != nil {
				return err
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
				edges := int64(hsub[t1] - base)
				tx := time.Now()
				if err = dadj.CopyFromHost(0, stage, 0, 4*edges); err != nil {
					return err
				}
				res.BytesToDevice += 4 * edges
				if useW {
					if err = dw.CopyFromHost(0, stagew, 0, 4*edges); err != nil {
						return err
					}
					res.BytesToDevice += 4 * edges
				}
				xfer += time.Since(tx)
				cnt := t1 - t0
				lp, sp := list.Ptr()+4*t0, suboff.Ptr()+8*t0
				lo, hi := uint64(hlist[t0]), uint64(hlist[t1-1])
				if !opt.Async {
					err = k.relaxSub.Launch(grid(cnt), block, cnt, lp, sp, base, dadj.Ptr(), wptr(dw), val.Ptr(), cur.Ptr(), 0, next.Ptr(), changed.Ptr(), 0, lo, hi, 0, 0, code)
					if err != nil {
						return err
					}
				} else {
					// Iterate inside the loaded subgraph until it converges.
					var sc uint64 // round 1: every listed vertex
					if err = subnext.Memset32(0, int64(n)); err != nil {
						return err
					}
					for {
						if err = changed.Memset32(0, 1); err != nil {
							return err
						}
						if err = k.relaxSub.Launch(grid(cnt), block, cnt, lp, sp, base, dadj.Ptr(), wptr(dw), val.Ptr(), cur.Ptr(), sc, next.Ptr(), changed.Ptr(), 1, lo, hi, subnext.Ptr(), changed.Ptr()+4, code); err != nil {
							return err
						}
						if err = gpu.Download(flag, changed, 0); err != nil {
							return err
						}
						if flag[1] == 0 {
							break
						}
						subcur, subnext = subnext, subcur
						sc = subcur.Ptr()
						if err = subnext.Memset32(0, int64(n)); err != nil {
							return err
						}
						if err = changed.Memset32(0, 2); err != nil {
							return err
						}
						// changed[0] was cleared too; the next round's
						// updates set it again, and next[] keeps every
						// updated vertex for the next outer iteration.
					}
				}
				t0 = t1
			}
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
