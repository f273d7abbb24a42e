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
// deterministic whatever the input order.
func FromEdges(n uint32, edges []Edge, opt BuildOptions) (*Graph, error) {
	es := edges
	if opt.Symmetrize {
		es = make([]Edge, 0, 2*len(edges))
		for _, e := range edges {
			es = append(es, e, Edge{Src: e.Dst, Dst: e.Src, W: e.W})
		}
	} else {
		es = slices.Clone(edges)
	}
	for _, e := range es {
		if e.Src >= n || e.Dst >= n {
			return nil, fmt.Errorf("csr: edge (%d,%d) out of range for %d vertices", e.Src, e.Dst, n)
		}
	}
	slices.SortFunc(es, func(a, b Edge) int {
		if a.Src != b.Src {
			return cmpU32(a.Src, b.Src)
		}
		if a.Dst != b.Dst {
			return cmpU32(a.Dst, b.Dst)
		}
		return cmpU32(a.W, b.W)
	})
	if opt.Dedup || opt.DropSelfLoops {
		out := es[:0]
		for i, e := range es {
			if opt.DropSelfLoops && e.Src == e.Dst {
				continue
			}
			if opt.Dedup && i > 0 && len(out) > 0 && out[len(out)-1].Src == e.Src && out[len(out)-1].Dst == e.Dst {
				continue
			}
			out = append(out, e)
		}
		es = out
	}
	g := &Graph{N: n, Offsets: make([]uint64, uint64(n)+1), Adj: make([]uint32, len(es))}
	if opt.Weighted {
		g.Weights = make([]uint32, len(es))
	}
	for i, e := range es {
		g.Offsets[e.Src+1]++
		g.Adj[i] = e.Dst
		if opt.Weighted {
			g.Weights[i] = e.W
		}
	}
	for v := uint32(0); v < n; v++ {
		g.Offsets[v+1] += g.Offsets[v]
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
