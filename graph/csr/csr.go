package csr

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

	// shape is what the builders know of the structure (sorted, simple,
	// oriented), so that preparation can skip work; zero when unknown.
	shape shape
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
