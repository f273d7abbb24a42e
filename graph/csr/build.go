package csr

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// buildLists makes a CSR graph of n vertices from the arcs that visit emits
// for the items [0, items), visited in parallel chunks of grain items. It is
// a parallel counting sort (atomic degree counts, atomic slots) followed by
// a sort of each neighbour list by (destination, weight), so the result does
// not depend on the order arcs arrive in, nor on the number of cores. Then
// self-loops (dropLoops) and repeated destinations (dedup: the smallest
// weight stays) are removed.
func buildLists(n uint32, items, grain int, weighted, dedup, dropLoops bool, visit func(lo, hi int, emit func(s, d, w uint32))) *Graph {
	deg := make([]uint64, uint64(n)+1)
	parallelRange(items, grain, func(lo, hi int) {
		visit(lo, hi, func(s, _, _ uint32) { atomic.AddUint64(&deg[s+1], 1) })
	})
	for v := uint32(0); v < n; v++ {
		deg[v+1] += deg[v]
	}
	total := deg[n]
	adj := make([]uint32, total)
	var wt []uint32
	if weighted {
		wt = make([]uint32, total)
	}
	pos := slices.Clone(deg[:n])
	parallelRange(items, grain, func(lo, hi int) {
		if wt == nil {
			visit(lo, hi, func(s, d, _ uint32) { adj[atomic.AddUint64(&pos[s], 1)-1] = d })
			return
		}
		visit(lo, hi, func(s, d, w uint32) {
			p := atomic.AddUint64(&pos[s], 1) - 1
			adj[p], wt[p] = d, w
		})
	})
	pos = nil
	// Sort and clean each list in place; newLen[v] is its length afterwards.
	newLen := make([]uint64, n)
	parallelRange(int(n), 1024, func(lo, hi int) {
		var key []uint64
		for v := lo; v < hi; v++ {
			a, b := deg[v], deg[v+1]
			if wt == nil {
				l := adj[a:b]
				slices.Sort(l)
				k := 0
				for _, d := range l {
					if dropLoops && d == uint32(v) || dedup && k > 0 && l[k-1] == d {
						continue
					}
					l[k] = d
					k++
				}
				newLen[v] = uint64(k)
				continue
			}
			key = key[:0]
			for i := a; i < b; i++ {
				key = append(key, uint64(adj[i])<<32|uint64(wt[i]))
			}
			slices.Sort(key)
			k := a
			for _, x := range key {
				d := uint32(x >> 32)
				if dropLoops && d == uint32(v) || dedup && k > a && adj[k-1] == d {
					continue
				}
				adj[k], wt[k] = d, uint32(x)
				k++
			}
			newLen[v] = k - a
		}
	})
	g := &Graph{N: n, Offsets: make([]uint64, uint64(n)+1)}
	for v := uint32(0); v < n; v++ {
		g.Offsets[v+1] = g.Offsets[v] + newLen[v]
	}
	if dedup {
		g.shape |= shapeSorted
	}
	if g.Offsets[n] == total {
		g.Adj, g.Weights = adj, wt
		return g
	}
	// Compact: lists only shrank, so copying forward in order is safe.
	for v := uint32(0); v < n; v++ {
		if deg[v] == g.Offsets[v] {
			continue
		}
		copy(adj[g.Offsets[v]:g.Offsets[v+1]], adj[deg[v]:deg[v]+newLen[v]])
		if wt != nil {
			copy(wt[g.Offsets[v]:g.Offsets[v+1]], wt[deg[v]:deg[v]+newLen[v]])
		}
	}
	g.Adj = slices.Clip(adj[:g.Offsets[n]])
	if wt != nil {
		g.Weights = slices.Clip(wt[:g.Offsets[n]])
	}
	return g
}

// FromEdges builds a Graph with n vertices from an edge list. Neighbour lists
// come out sorted by destination (then weight), so the result is
// deterministic whatever the input order and the number of cores. Dedup
// keeps the smallest weight of parallel edges. The build is a parallel
// counting sort by source followed by a parallel sort of each neighbour
// list, so it scales to hundreds of millions of edges.
func FromEdges(n uint32, edges []Edge, opt BuildOptions) (*Graph, error) {
	if i := firstIndex(len(edges), 1<<18, func(lo, hi int) int {
		for i, e := range edges[lo:hi] {
			if e.Src >= n || e.Dst >= n {
				return lo + i
			}
		}
		return -1
	}); i >= 0 {
		return nil, fmt.Errorf("csr: edge (%d,%d) out of range for %d vertices", edges[i].Src, edges[i].Dst, n)
	}
	sym := opt.Symmetrize
	g := buildLists(n, len(edges), 1<<16, opt.Weighted, opt.Dedup, opt.DropSelfLoops, func(lo, hi int, emit func(s, d, w uint32)) {
		for _, e := range edges[lo:hi] {
			emit(e.Src, e.Dst, e.W)
			if sym {
				emit(e.Dst, e.Src, e.W)
			}
		}
	})
	if opt.Symmetrize && opt.Dedup && opt.DropSelfLoops {
		g.shape |= shapeSimple
	}
	return g, nil
}

// IsSimpleUndirected reports whether g is a simple undirected graph stored
// symmetrically: every neighbour list strictly increasing, no self-loops,
// and every edge (u,v) with its reverse (v,u). Graphs built that way (by
// FromEdges with Symmetrize, Dedup and DropSelfLoops, by Undirect, or read
// from a .cflr file that says so) answer at once; others are checked in
// parallel (see symmetricCheck).
func (g *Graph) IsSimpleUndirected() bool {
	if g.shape&shapeSimple != 0 {
		return true
	}
	if g.shape&shapeOriented != 0 {
		return g.NumEdges() == 0
	}
	return g.symmetricCheck()
}

// symmetricCheck is exact and costs about one random access per edge: the
// vertices are cut into stripes of equal edge counts, one per worker. A
// stripe visits its vertices u in increasing order, and for each edge
// (u,v) with v > u expects u to be the next unmatched entry of N(v), kept
// by a per-stripe cursor into N(v) (first placed, by one binary search, at
// N(v)'s first entry in the stripe). Lists are sorted, so the reverse
// edges a stripe needs come in the order its cursors walk them; a miss
// means an edge without its reverse. No miss, and as many matches as
// lower entries (x < v in N(v)) in the graph, means every edge is paired:
// the graph is symmetric. This is ten times faster than a binary search
// per edge on R-MAT graphs, whose hub lists make searches miss the cache.
// Stripes cost 4 bytes per vertex each, so their number is also bounded
// by half the average degree (the cursors stay within half the size of
// Adj).
func (g *Graph) symmetricCheck() bool {
	n, m := uint64(g.N), g.NumEdges()
	if uint64(len(g.Offsets)) != n+1 || g.Offsets[n] != m {
		return false
	}
	stripes := uint64(runtime.GOMAXPROCS(0))
	if n > 0 {
		stripes = min(stripes, max(1, m/(2*n)))
	}
	// Stripe s holds vertices [bound[s], bound[s+1]), about m/stripes edges.
	bound := make([]uint32, stripes+1)
	for s := uint64(1); s < stripes; s++ {
		v, _ := slices.BinarySearch(g.Offsets, s*m/stripes)
		bound[s] = uint32(max(uint64(v), uint64(bound[s-1])))
	}
	bound[stripes] = g.N
	var bad atomic.Bool
	var matched, lower atomic.Uint64
	var wg sync.WaitGroup
	for s := range stripes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lo, hi := bound[s], bound[s+1]
			var cur []uint32 // cursor into N(v), relative; unset: MaxUint32
			if s > 0 {
				cur = make([]uint32, n)
				for i := range cur {
					cur[i] = math.MaxUint32
				}
			} else {
				cur = make([]uint32, n) // stripe 0 starts every list at 0
			}
			var mt, lw uint64
			for u := lo; u < hi; u++ {
				if u&1023 == 0 && bad.Load() {
					return
				}
				prev := int64(-1)
				for _, v := range g.Neighbors(u) {
					if int64(v) <= prev || v == u || v >= g.N {
						bad.Store(true)
						return
					}
					prev = int64(v)
					if v < u {
						lw++
						continue
					}
					nv := g.Adj[g.Offsets[v]:g.Offsets[v+1]]
					c := cur[v]
					if c == math.MaxUint32 {
						i, _ := slices.BinarySearch(nv, lo)
						c = uint32(i)
					}
					if int(c) >= len(nv) || nv[c] != u {
						bad.Store(true)
						return
					}
					cur[v] = c + 1
					mt++
				}
			}
			matched.Add(mt)
			lower.Add(lw)
		}()
	}
	wg.Wait()
	return !bad.Load() && matched.Load() == lower.Load()
}

// Undirect returns the simple undirected graph underlying g: both
// directions of every edge, sorted neighbour lists, no self-loops, no
// parallel edges; vertex labels kept, weights dropped. It is the graph cflr
// mine works on (the same as kernels/mine.Undirected). A graph already of
// that shape is returned sharing g's arrays, without a rebuild: at once when
// that is known (see IsSimpleUndirected), otherwise after a parallel check.
// The rebuild runs on all cores; its result does not depend on their number.
func Undirect(g *Graph) *Graph {
	if g.IsSimpleUndirected() {
		return &Graph{N: g.N, Offsets: g.Offsets, Adj: g.Adj, Labels: g.Labels, shape: shapeSorted | shapeSimple}
	}
	h := buildLists(g.N, int(g.N), 256, false, true, true, func(lo, hi int, emit func(s, d, w uint32)) {
		for u := uint32(lo); u < uint32(hi); u++ {
			for _, v := range g.Neighbors(u) {
				emit(u, v, 0)
				emit(v, u, 0)
			}
		}
	})
	h.Labels = g.Labels
	h.shape = shapeSorted | shapeSimple
	return h
}

// Orient returns the degree orientation of the simple undirected graph g
// (see Undirect): u→v is kept when (deg u, u) < (deg v, v), so every clique
// has exactly one vertex from which all the others are one hop away, and
// out-degrees are at most sqrt(2m). Out-lists stay sorted. It is the same as
// kernels/mine.Orient, on all cores. g must be simple undirected.
func Orient(g *Graph) *Graph {
	n := g.N
	less := func(u, v uint32) bool {
		du, dv := g.Offsets[u+1]-g.Offsets[u], g.Offsets[v+1]-g.Offsets[v]
		return du < dv || (du == dv && u < v)
	}
	off := make([]uint64, uint64(n)+1)
	parallelRange(int(n), 4096, func(lo, hi int) {
		for u := uint32(lo); u < uint32(hi); u++ {
			c := uint64(0)
			for _, v := range g.Neighbors(u) {
				if less(u, v) {
					c++
				}
			}
			off[u+1] = c
		}
	})
	for u := uint32(0); u < n; u++ {
		off[u+1] += off[u]
	}
	adj := make([]uint32, off[n])
	parallelRange(int(n), 4096, func(lo, hi int) {
		for u := uint32(lo); u < uint32(hi); u++ {
			i := off[u]
			for _, v := range g.Neighbors(u) {
				if less(u, v) {
					adj[i] = v
					i++
				}
			}
		}
	})
	return &Graph{N: n, Offsets: off, Adj: adj, Labels: g.Labels, shape: shapeSorted | shapeOriented}
}
