package csr

import (
	"fmt"
	"slices"
)

// Graph is a directed graph in CSR form. Vertex v's out-neighbours are
// Adj[Offsets[v]:Offsets[v+1]], sorted ascending when the graph was built by
// FromEdges. Weights, when non-nil, parallels Adj. Labels, when non-nil, gives
// each vertex a label (for labeled mining).
type Graph struct {
	N       uint32
	Offsets []uint64
	Adj     []uint32
	Weights []uint32
	Labels  []uint32
}

// Edge is one directed edge with an optional weight.
type Edge struct {
	Src, Dst uint32
	W        uint32
}

// NumEdges is the number of stored (directed) edges.
func (g *Graph) NumEdges() uint64 { return uint64(len(g.Adj)) }

// Degree is v's out-degree.
func (g *Graph) Degree(v uint32) uint64 { return g.Offsets[v+1] - g.Offsets[v] }

// Neighbors returns v's out-neighbours (a view, not a copy).
func (g *Graph) Neighbors(v uint32) []uint32 { return g.Adj[g.Offsets[v]:g.Offsets[v+1]] }

// Weighted reports whether the graph carries edge weights.
func (g *Graph) Weighted() bool { return g.Weights != nil }

// BuildOptions controls FromEdges.
type BuildOptions struct {
	// Symmetrize adds (v,u) for every (u,v).
	Symmetrize bool
	// Dedup removes parallel edges (keeping the smallest weight) and, with
	// DropSelfLoops, self-loops.
	Dedup         bool
	DropSelfLoops bool
	// Weighted keeps Edge.W as the edge weight.
	Weighted bool
}

// FromEdges builds a Graph with n vertices from an edge list. Neighbour lists
// come out sorted by destination (then weight), so the result is
// deterministic whatever the input order. Dedup keeps the smallest weight of
// parallel edges. The build is a parallel counting sort by source followed by
// a sort of each neighbour list, so it scales to hundreds of millions of
// edges.
func FromEdges(n uint32, edges []Edge, opt BuildOptions) (*Graph, error) {
	for _, e := range edges {
		if e.Src >= n || e.Dst >= n {
			return nil, fmt.Errorf("csr: edge (%d,%d) out of range for %d vertices", e.Src, e.Dst, n)
		}
	}
	deg := make([]uint64, uint64(n)+1)
	for _, e := range edges {
		deg[e.Src+1]++
		if opt.Symmetrize {
			deg[e.Dst+1]++
		}
	}
	for v := uint32(0); v < n; v++ {
		deg[v+1] += deg[v]
	}
	total := deg[n]
	adj := make([]uint32, total)
	var w []uint32
	if opt.Weighted {
		w = make([]uint32, total)
	}
	pos := make([]uint64, n)
	copy(pos, deg[:n])
	put := func(s, d, wt uint32) {
		p := pos[s]
		adj[p] = d
		if w != nil {
			w[p] = wt
		}
		pos[s] = p + 1
	}
	for _, e := range edges {
		put(e.Src, e.Dst, e.W)
		if opt.Symmetrize {
			put(e.Dst, e.Src, e.W)
		}
	}
	pos = nil
	// Sort and clean each list in place; newLen[v] is its length afterwards.
	newLen := make([]uint64, n)
	parallelFor(int(n), func(lo, hi int) {
		var tmp []Edge
		for v := lo; v < hi; v++ {
			a, b := deg[v], deg[v+1]
			if w == nil {
				l := adj[a:b]
				slices.Sort(l)
				k := 0
				for i, d := range l {
					if opt.DropSelfLoops && d == uint32(v) {
						continue
					}
					if opt.Dedup && i > 0 && k > 0 && l[k-1] == d {
						continue
					}
					l[k] = d
					k++
				}
				newLen[v] = uint64(k)
				continue
			}
			tmp = tmp[:0]
			for i := a; i < b; i++ {
				tmp = append(tmp, Edge{Dst: adj[i], W: w[i]})
			}
			slices.SortFunc(tmp, func(x, y Edge) int {
				if x.Dst != y.Dst {
					return cmpU32(x.Dst, y.Dst)
				}
				return cmpU32(x.W, y.W)
			})
			k := uint64(0)
			for _, e := range tmp {
				if opt.DropSelfLoops && e.Dst == uint32(v) {
					continue
				}
				if opt.Dedup && k > 0 && adj[a+k-1] == e.Dst {
					continue
				}
				adj[a+k], w[a+k] = e.Dst, e.W
				k++
			}
			newLen[v] = k
		}
	})
	g := &Graph{N: n, Offsets: make([]uint64, uint64(n)+1)}
	for v := uint32(0); v < n; v++ {
		g.Offsets[v+1] = g.Offsets[v] + newLen[v]
	}
	if g.Offsets[n] == total {
		g.Adj, g.Weights = adj, w
		return g, nil
	}
	// Compact: lists only shrank, so copying forward is safe in order.
	for v := uint32(0); v < n; v++ {
		copy(adj[g.Offsets[v]:g.Offsets[v+1]], adj[deg[v]:deg[v]+newLen[v]])
		if w != nil {
			copy(w[g.Offsets[v]:g.Offsets[v+1]], w[deg[v]:deg[v]+newLen[v]])
		}
	}
	g.Adj = slices.Clip(adj[:g.Offsets[n]])
	if w != nil {
		g.Weights = slices.Clip(w[:g.Offsets[n]])
	}
	return g, nil
}

func cmpU32(a, b uint32) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
