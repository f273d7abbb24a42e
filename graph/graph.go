package graph

import (
	"fmt"
	"strings"
)

// NoIndex is the Index of an edge with an unindexed label.
const NoIndex = ^uint32(0)

// Edge is a labeled edge. Label indexes Graph.Labels.
type Edge struct {
	Src, Dst uint32
	Label    uint32
	Index    uint32
}

// Graph is a labeled edge list.
type Graph struct {
	NumVertices uint32
	Edges       []Edge
	// Labels are the label names, indexed by Edge.Label.
	Labels []string
	// Names, when non-nil, names each vertex (len NumVertices).
	Names []string

	labelIDs map[string]uint32
}

// New returns an empty graph.
func New() *Graph { return &Graph{labelIDs: map[string]uint32{}} }

// Label returns the id of label name, adding it if needed.
func (g *Graph) Label(name string) uint32 {
	if g.labelIDs == nil {
		g.labelIDs = make(map[string]uint32, len(g.Labels))
		for i, l := range g.Labels {
			g.labelIDs[l] = uint32(i)
		}
	}
	if id, ok := g.labelIDs[name]; ok {
		return id
	}
	id := uint32(len(g.Labels))
	g.Labels = append(g.Labels, name)
	g.labelIDs[name] = id
	return id
}

// LookupLabel returns the id of label name.
func (g *Graph) LookupLabel(name string) (uint32, bool) {
	g.Label("") // ensure map
	id, ok := g.labelIDs[name]
	return id, ok
}

// AddEdge appends an edge, growing NumVertices to cover its endpoints.
func (g *Graph) AddEdge(src, dst uint32, label string, index uint32) {
	g.Edges = append(g.Edges, Edge{src, dst, g.Label(label), index})
	if src >= g.NumVertices {
		g.NumVertices = src + 1
	}
	if dst >= g.NumVertices {
		g.NumVertices = dst + 1
	}
}

// VertexName is v's name, or its number when the graph has no names.
func (g *Graph) VertexName(v uint32) string {
	if g.Names != nil && int(v) < len(g.Names) {
		return g.Names[v]
	}
	return fmt.Sprint(v)
}

// IsIndexedLabel reports whether a label name is indexed (ends in _i).
func IsIndexedLabel(name string) bool { return strings.HasSuffix(name, "_i") && len(name) > 2 }

// InverseLabel is the name of the inverse of label name (-a for a).
func InverseLabel(name string) string {
	if base, ok := strings.CutPrefix(name, "-"); ok {
		return base
	}
	return "-" + name
}

// AddInverses appends, for every edge whose label is in labels, the inverse
// edge (dst, src, -label, index). It returns the number of edges added.
func (g *Graph) AddInverses(labels []string) int {
	inv := make(map[uint32]uint32)
	for _, l := range labels {
		if id, ok := g.LookupLabel(l); ok {
			inv[id] = g.Label(InverseLabel(l))
		}
	}
	if len(inv) == 0 {
		return 0
	}
	n := len(g.Edges)
	for i := 0; i < n; i++ {
		e := g.Edges[i]
		if il, ok := inv[e.Label]; ok {
			g.Edges = append(g.Edges, Edge{e.Dst, e.Src, il, e.Index})
		}
	}
	return len(g.Edges) - n
}
