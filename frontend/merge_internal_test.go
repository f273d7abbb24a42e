package frontend

import (
	"context"
	"slices"
	"testing"

	"github.com/cflr/cflr/edgecentric"
	"github.com/cflr/cflr/frontend/grammars"
	"github.com/cflr/cflr/graph"
)

// Variables on a cycle of assign edges are merged, though their
// definitions differ, and every vertex keeps its points-to set: a
// two-cycle and a three-cycle (one of whose members is also stored
// through and loaded from) with a copy leading out of it, a variable
// defined from the cycle and elsewhere, and a chain that is not a cycle.
func TestMergeCycles(t *testing.T) {
	build := func() *Graph {
		g := &Graph{Graph: graph.New()}
		kinds := []NodeKind{}
		vertex := func(k NodeKind) uint32 {
			kinds = append(kinds, k)
			return uint32(len(kinds) - 1)
		}
		obj := func() uint32 { return vertex(KindObject) }
		v := func() uint32 { return vertex(KindValue) }
		o1, o2, o3, o4, o5 := obj(), obj(), obj(), obj(), obj()
		a, b := v(), v()         // a <-> b
		c, d, e := v(), v(), v() // c -> d -> e -> c
		out, mix, x, y := v(), v(), v(), v()
		p, q := v(), v() // p -> q, no cycle
		g.AddEdge(o1, a, lNew, graph.NoIndex)
		g.AddEdge(o2, b, lNew, graph.NoIndex)
		g.AddEdge(a, b, lAssign, graph.NoIndex)
		g.AddEdge(b, a, lAssign, graph.NoIndex)
		g.AddEdge(o3, c, lNew, graph.NoIndex)
		g.AddEdge(b, d, lAssign, graph.NoIndex)
		g.AddEdge(c, d, lAssign, graph.NoIndex)
		g.AddEdge(d, e, lAssign, graph.NoIndex)
		g.AddEdge(e, c, lAssign, graph.NoIndex)
		g.AddEdge(e, out, lAssign, graph.NoIndex)
		g.AddEdge(e, mix, lAssign, graph.NoIndex)
		g.AddEdge(o4, mix, lNew, graph.NoIndex)
		// *c = x; y = *d: the store's base and the load's are one class.
		g.AddEdge(o5, x, lNew, graph.NoIndex)
		g.AddEdge(x, c, lStore, graph.NoIndex)
		g.AddEdge(d, y, lLoad, graph.NoIndex)
		g.AddEdge(o4, p, lNew, graph.NoIndex)
		g.AddEdge(p, q, lAssign, graph.NoIndex)
		g.NumVertices = uint32(len(kinds))
		for _, k := range kinds {
			g.Nodes = append(g.Nodes, Node{Kind: k})
		}
		return g
	}
	gr, err := grammars.Load("pointsto.cfg")
	if err != nil {
		t.Fatal(err)
	}
	sets := func(g *Graph) [][]uint32 {
		res, err := edgecentric.Solve(context.Background(), g.Graph, gr, &edgecentric.Options{Threads: 1})
		if err != nil {
			t.Fatal(err)
		}
		ft, _ := res.Grammar().Lookup("FT")
		pts := make([][]uint32, g.NumVertices)
		res.ForEach(ft, func(e edgecentric.Edge) { pts[e.Dst] = append(pts[e.Dst], e.Src) })
		out := make([][]uint32, g.NumVertices)
		for v := range out {
			r := uint32(v)
			if g.Rep != nil {
				r = g.Rep[v]
			}
			out[v] = pts[r]
		}
		return out
	}
	plain := sets(build())
	g := build()
	g.Rep = g.mergeEquivalent()
	merged := sets(g)
	for v := range plain {
		if !slices.Equal(plain[v], merged[v]) {
			t.Errorf("vertex %d: %v merged, %v without", v, merged[v], plain[v])
		}
	}
	// o1..o5 are 0..4; a, b = 5, 6; c, d, e = 7, 8, 9; out, mix, x, y =
	// 10..13; p, q = 14, 15.
	want := map[uint32]uint32{6: 5, 8: 7, 9: 7}
	for v, r := range g.Rep {
		w, ok := want[uint32(v)]
		if !ok {
			w = uint32(v)
		}
		if v == 10 || v == 15 {
			// A variable whose only definition is one copy is its
			// source's class (the rounds before cycles).
			continue
		}
		if r != w {
			t.Errorf("vertex %d: representative %d, want %d", v, r, w)
		}
	}
	if len(plain[7]) != 3 || !slices.Equal(plain[5], []uint32{0, 1}) {
		t.Errorf("unexpected sets: a %v, c %v", plain[5], plain[7])
	}
}
