package csr

import (
	"fmt"
	"math"
	"runtime"
	"slices"
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
	return sortLists(n, deg, adj, wt, dedup, dropLoops)
}

// sortLists finishes a build: list v is adj[deg[v]:deg[v+1]] (and wt's
// part, when weighted), in any order. Each list is sorted by (destination,
// weight) and cleaned in place, then the lists are compacted.
func sortLists(n uint32, deg []uint64, adj, wt []uint32, dedup, dropLoops bool) *Graph {
	total := deg[n]
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
	if !sym && sortedBySource(edges) {
		// Edge lists written from a CSR (cflr's, Tigr's, most SNAP files)
		// come sorted by source: the offsets are where the source changes,
		// and the destinations are copied in place, no counting sort.
		g := sortLists(n, sourceOffsets(n, edges), dstColumn(edges), wColumn(edges, opt.Weighted), opt.Dedup, opt.DropSelfLoops)
		return g, nil
	}
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

func sortedBySource(edges []Edge) bool {
	return firstIndex(len(edges), 1<<18, func(lo, hi int) int {
		for i := max(lo, 1); i < hi; i++ {
			if edges[i].Src < edges[i-1].Src {
				return i
			}
		}
		return -1
	}) < 0
}

// sourceOffsets gives, for edges sorted by source, deg[v] = the first edge
// whose source is v or more.
func sourceOffsets(n uint32, edges []Edge) []uint64 {
	deg := make([]uint64, uint64(n)+1)
	parallelRange(len(edges), 1<<18, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			first := uint64(0)
			if i > 0 {
				first = uint64(edges[i-1].Src) + 1
			}
			for v := first; v <= uint64(edges[i].Src); v++ {
				deg[v] = uint64(i)
			}
		}
	})
	last := uint64(0)
	if len(edges) > 0 {
		last = uint64(edges[len(edges)-1].Src) + 1
	}
	for v := last; v <= uint64(n); v++ {
		deg[v] = uint64(len(edges))
	}
	return deg
}

func dstColumn(edges []Edge) []uint32 {
	adj := make([]uint32, len(edges))
	parallelRange(len(edges), 1<<18, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			adj[i] = edges[i].Dst
		}
	})
	return adj
}

func wColumn(edges []Edge, weighted bool) []uint32 {
	if !weighted {
		return nil
	}
	w := make([]uint32, len(edges))
	parallelRange(len(edges), 1<<18, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			w[i] = edges[i].W
		}
	})
	return w
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

// symmetricCheck is exact and reads memory mostly in order. Lists are
// sorted, so the lower entries of N(v) (those x < v) read in CSR order are
// the pairs (v, x) sorted by v then x; the graph is symmetric when the
// upper edges (u, v), u < v, sorted the same way, are exactly those. The
// upper edges are radix-partitioned by v into buckets of consecutive
// vertices (one pass to count, one to place; stripes of u in order, so
// each bucket's edges come sorted by u), then each bucket is matched
// against its vertices' lists with one cursor per vertex: the bucket's
// part of Adj and its cursors stay in cache. Any mismatch, or fewer
// matches than lower entries, means an edge without its reverse. The
// partition runs in rounds over the vertices, so that its buffer stays
// under a quarter of Adj's size. (A binary search per edge, as before,
// and per-worker cursors walking the whole graph both miss the cache on
// nearly every edge of a large R-MAT graph.)
func (g *Graph) symmetricCheck() bool {
	n, m := uint64(g.N), g.NumEdges()
	if uint64(len(g.Offsets)) != n+1 || g.Offsets[n] != m {
		return false
	}
	if m == 0 {
		return true
	}
	// Buckets of 2^shift vertices, about 256K list entries (1 MiB) each.
	shift := uint(0)
	for per := max(1, m/n); shift < 31 && per<<(shift+1) <= symBucket; shift++ {
	}
	nb := int((n + 1<<shift - 1) >> shift)
	workers := runtime.GOMAXPROCS(0)
	rounds := max(1, int(m*8/2/max(m, symRound))) // upper edges (m/2 of 8 bytes) in rounds of at most max(m, 16M) bytes: a quarter of Adj
	stripes := 4 * workers
	cur := make([]uint32, n) // matched lower entries of each N(v)
	var lower, matched atomic.Uint64
	var bad atomic.Bool
	count := make([]uint64, stripes*nb)
	var buf []uint64
	for r := 0; r < rounds && !bad.Load(); r++ {
		// Round r takes vertices [ulo, uhi), stripe s a part of them.
		ulo := vertexAt(g, uint64(r)*m/uint64(rounds))
		uhi := vertexAt(g, uint64(r+1)*m/uint64(rounds))
		if r == rounds-1 {
			uhi = g.N
		}
		sb := make([]uint32, stripes+1)
		for s := 0; s <= stripes; s++ {
			sb[s] = max(ulo, vertexAt(g, g.Offsets[ulo]+uint64(s)*(g.Offsets[uhi]-g.Offsets[ulo])/uint64(stripes)))
		}
		sb[stripes] = uhi
		clear(count)
		// Count, checking each list on the way.
		parallelRange(stripes, 1, func(lo, hi int) {
			for s := lo; s < hi; s++ {
				c := count[s*nb : (s+1)*nb]
				var lw uint64
				for u := sb[s]; u < sb[s+1]; u++ {
					prev := int64(-1)
					for _, v := range g.Neighbors(u) {
						if int64(v) <= prev || v == u || v >= g.N {
							bad.Store(true)
							return
						}
						prev = int64(v)
						if v < u {
							lw++
						} else {
							c[v>>shift]++
						}
					}
				}
				lower.Add(lw)
			}
		})
		if bad.Load() {
			return false
		}
		// Place: bucket by bucket, stripes in order within each.
		start := make([]uint64, nb+1)
		var at uint64
		for b := 0; b < nb; b++ {
			start[b] = at
			for s := 0; s < stripes; s++ {
				k := count[s*nb+b]
				count[s*nb+b] = at
				at += k
			}
		}
		start[nb] = at
		if uint64(cap(buf)) < at {
			buf = nil // one buffer for all rounds, not one garbage buffer per round
			buf = make([]uint64, at, at+at/4)
		}
		buf = buf[:at]
		parallelRange(stripes, 1, func(lo, hi int) {
			for s := lo; s < hi; s++ {
				pos := count[s*nb : (s+1)*nb]
				for u := sb[s]; u < sb[s+1]; u++ {
					for _, v := range g.Neighbors(u) {
						if v > u {
							b := v >> shift
							buf[pos[b]] = uint64(u)<<32 | uint64(v)
							pos[b]++
						}
					}
				}
			}
		})
		// Match each bucket against its vertices' lower entries.
		parallelRange(nb, 1, func(lo, hi int) {
			var mt uint64
			for b := lo; b < hi && !bad.Load(); b++ {
				for _, e := range buf[start[b]:start[b+1]] {
					u, v := uint32(e>>32), uint32(e)
					p := g.Offsets[v] + uint64(cur[v])
					if p >= g.Offsets[v+1] || g.Adj[p] != u {
						bad.Store(true)
						return
					}
					cur[v]++
					mt++
				}
			}
			matched.Add(mt)
		})
	}
	return !bad.Load() && matched.Load() == lower.Load()
}

// symBucket (list entries per bucket) and symRound (the smallest round
// buffer, in bytes) size symmetricCheck's partition; tests lower them.
var symBucket, symRound uint64 = 1 << 18, 1 << 24

// vertexAt is the first vertex whose list starts at or after edge e.
func vertexAt(g *Graph, e uint64) uint32 {
	v, _ := slices.BinarySearch(g.Offsets[:g.N], e)
	return uint32(v)
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
	// Degrees in one 4-byte array: one random read per neighbour instead of
	// two in Offsets. A degree of 2^32 or more is capped, harmlessly: only
	// an order is needed, and a simple graph has degrees below n < 2^32.
	deg := make([]uint32, n)
	parallelRange(int(n), 1<<16, func(lo, hi int) {
		for v := lo; v < hi; v++ {
			deg[v] = uint32(min(g.Offsets[v+1]-g.Offsets[v], math.MaxUint32))
		}
	})
	less := func(u, v uint32) bool {
		du, dv := deg[u], deg[v]
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
