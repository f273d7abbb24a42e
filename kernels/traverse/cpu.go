package traverse

import (
	"sync"
	"sync/atomic"

	"github.com/cflr/cflr/graph/csr"
)

// The CPU implementations are frontier-based and push values along out-edges
// with atomic compare-and-swap. Every algorithm here is a monotone fixed
// point (levels and distances only fall, widths only rise, labels only
// fall), so the final values do not depend on the order in which goroutines
// apply their updates: results are identical for any Workers.

// relaxFunc returns the candidate value for v given u's value and the edge
// weight, and whether it improves on v's old value.
type relaxFunc func(uval, w, old uint32) (uint32, bool)

// cpuPush runs rounds of push relaxation from the initial frontier until no
// value changes. It returns the number of rounds.
func cpuPush(g *csr.Graph, val []uint32, frontier []uint32, relax relaxFunc, workers int) int {
	stamp := make([]uint32, g.N) // round+1 when queued for that round
	rounds := 0
	const chunk = 64
	for len(frontier) > 0 {
		rounds++
		round := uint32(rounds)
		var next atomic.Int64
		locals := make([][]uint32, workers)
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				out := locals[w][:0]
				for {
					lo := int(next.Add(chunk)) - chunk
					if lo >= len(frontier) {
						break
					}
					for _, u := range frontier[lo:min(lo+chunk, len(frontier))] {
						uval := atomic.LoadUint32(&val[u])
						for i := g.Offsets[u]; i < g.Offsets[u+1]; i++ {
							v := g.Adj[i]
							for {
								old := atomic.LoadUint32(&val[v])
								cand, ok := relax(uval, weight(g, i), old)
								if !ok {
									break
								}
								if atomic.CompareAndSwapUint32(&val[v], old, cand) {
									if s := atomic.LoadUint32(&stamp[v]); s != round && atomic.CompareAndSwapUint32(&stamp[v], s, round) {
										out = append(out, v)
									}
									break
								}
							}
						}
					}
				}
				locals[w] = out
			}(w)
		}
		wg.Wait()
		frontier = frontier[:0]
		for _, l := range locals {
			frontier = append(frontier, l...)
		}
	}
	return rounds
}

func relaxBFS(uval, _, old uint32) (uint32, bool) { c := uval + 1; return c, c < old }
func relaxSSSP(uval, w, old uint32) (uint32, bool) {
	c := addSat(uval, w)
	return c, c < old
}
func relaxSSWP(uval, w, old uint32) (uint32, bool) { c := min(uval, w); return c, c > old }
func relaxCC(uval, _, old uint32) (uint32, bool)   { return uval, uval < old }

func cpuTraverse(g *csr.Graph, alg Algorithm, src uint32, workers int) ([]uint32, int) {
	switch alg {
	case BFS:
		val := fill(g.N, Inf)
		val[src] = 0
		return val, cpuPush(g, val, []uint32{src}, relaxBFS, workers)
	case SSSP:
		val := fill(g.N, Inf)
		val[src] = 0
		return val, cpuPush(g, val, []uint32{src}, relaxSSSP, workers)
	case SSWP:
		val := fill(g.N, 0)
		val[src] = Inf
		return val, cpuPush(g, val, []uint32{src}, relaxSSWP, workers)
	case CC:
		val := make([]uint32, g.N)
		all := make([]uint32, g.N)
		for i := range val {
			val[i], all[i] = uint32(i), uint32(i)
		}
		return val, cpuPush(g, val, all, relaxCC, workers)
	}
	panic("traverse: cpuTraverse of " + string(alg))
}

// parallelRange runs body on chunks of [0,n) across workers; chunks are
// handed out dynamically so that skewed degrees balance.
func parallelRange(n int, workers int, body func(lo, hi int)) {
	const chunk = 1024
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				lo := int(next.Add(chunk)) - chunk
				if lo >= n {
					return
				}
				body(lo, min(lo+chunk, n))
			}
		}()
	}
	wg.Wait()
}

// cpuPageRank is the parallel pull form of RefPageRank over the transpose t:
// each vertex sums its in-neighbours' contributions in the same order as the
// reference, so the result is bitwise identical to it.
func cpuPageRank(g, t *csr.Graph, d float64, iters, workers int) []float64 {
	n := float64(g.N)
	r := make([]float64, g.N)
	next := make([]float64, g.N)
	contrib := make([]float64, g.N)
	for v := range r {
		r[v] = 1 / n
	}
	for k := 0; k < iters; k++ {
		parallelRange(int(g.N), workers, func(lo, hi int) {
			for u := lo; u < hi; u++ {
				if deg := g.Degree(uint32(u)); deg > 0 {
					contrib[u] = r[u] / float64(deg)
				}
			}
		})
		parallelRange(int(g.N), workers, func(lo, hi int) {
			for v := lo; v < hi; v++ {
				s := 0.0
				for _, u := range t.Neighbors(uint32(v)) {
					s += contrib[u]
				}
				next[v] = (1-d)/n + d*s
			}
		})
		r, next = next, r
	}
	return r
}

// cpuPageRankDelta is the accumulative form: every vertex holds a rank and
// a residual; each round, vertices whose residual exceeds tol fold it into
// their rank and pass d·residual/outdeg to their out-neighbours. It is
// written as a pull over the transpose so that sums happen in a fixed order
// (deterministic for any worker count). It returns the ranks and rounds.
func cpuPageRankDelta(g, t *csr.Graph, d, tol float64, workers int) ([]float64, int) {
	n := float64(g.N)
	r := make([]float64, g.N)
	res := make([]float64, g.N)
	next := make([]float64, g.N)
	push := make([]float64, g.N) // what an active vertex sends per edge this round
	for v := range res {
		res[v] = (1 - d) / n
	}
	rounds := 0
	for {
		var active atomic.Int64
		parallelRange(int(g.N), workers, func(lo, hi int) {
			cnt := 0
			for u := lo; u < hi; u++ {
				push[u] = 0
				if res[u] > tol {
					cnt++
					r[u] += res[u]
					if deg := g.Degree(uint32(u)); deg > 0 {
						push[u] = d * res[u] / float64(deg)
					}
				}
			}
			active.Add(int64(cnt))
		})
		if active.Load() == 0 {
			return r, rounds
		}
		rounds++
		parallelRange(int(g.N), workers, func(lo, hi int) {
			for v := lo; v < hi; v++ {
				s := 0.0
				if res[v] <= tol {
					s = res[v] // inactive: its residual stays
				}
				for _, u := range t.Neighbors(uint32(v)) {
					s += push[u]
				}
				next[v] = s
			}
		})
		res, next = next, res
	}
}
