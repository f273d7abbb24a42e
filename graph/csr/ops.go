package csr

import (
	"fmt"
	"runtime"
	"sync"
)

// Edges lists the graph's edges in CSR order (weights included when the
// graph is weighted).
func (g *Graph) Edges() []Edge {
	es := make([]Edge, 0, len(g.Adj))
	for v := uint32(0); v < g.N; v++ {
		for i := g.Offsets[v]; i < g.Offsets[v+1]; i++ {
			e := Edge{Src: v, Dst: g.Adj[i]}
			if g.Weights != nil {
				e.W = g.Weights[i]
			}
			es = append(es, e)
		}
	}
	return es
}

// Validate checks the CSR invariants: monotone offsets starting at 0 and
// ending at len(Adj), destinations in range, Weights and Labels sized to
// match. Readers of binary formats call it so that later code may trust
// the arrays.
func (g *Graph) Validate() error {
	if uint64(len(g.Offsets)) != uint64(g.N)+1 {
		return fmt.Errorf("csr: %d offsets for %d vertices", len(g.Offsets), g.N)
	}
	if g.Offsets[0] != 0 || g.Offsets[g.N] != uint64(len(g.Adj)) {
		return fmt.Errorf("csr: offsets span [%d,%d], want [0,%d]", g.Offsets[0], g.Offsets[g.N], len(g.Adj))
	}
	for v := uint32(0); v < g.N; v++ {
		if g.Offsets[v] > g.Offsets[v+1] {
			return fmt.Errorf("csr: offsets decrease at vertex %d", v)
		}
	}
	for i, d := range g.Adj {
		if d >= g.N {
			return fmt.Errorf("csr: edge %d points to %d, past %d vertices", i, d, g.N)
		}
	}
	if g.Weights != nil && len(g.Weights) != len(g.Adj) {
		return fmt.Errorf("csr: %d weights for %d edges", len(g.Weights), len(g.Adj))
	}
	if g.Labels != nil && uint64(len(g.Labels)) != uint64(g.N) {
		return fmt.Errorf("csr: %d labels for %d vertices", len(g.Labels), g.N)
	}
	return nil
}

// Transpose returns the graph with every edge reversed. Neighbour lists of
// the result are sorted by source, because sources are visited in order.
func (g *Graph) Transpose() *Graph {
	t := &Graph{N: g.N, Offsets: make([]uint64, uint64(g.N)+1), Adj: make([]uint32, len(g.Adj)), Labels: g.Labels}
	if g.Weights != nil {
		t.Weights = make([]uint32, len(g.Adj))
	}
	for _, d := range g.Adj {
		t.Offsets[d+1]++
	}
	for v := uint32(0); v < g.N; v++ {
		t.Offsets[v+1] += t.Offsets[v]
	}
	pos := make([]uint64, g.N)
	copy(pos, t.Offsets[:g.N])
	for u := uint32(0); u < g.N; u++ {
		for i := g.Offsets[u]; i < g.Offsets[u+1]; i++ {
			d := g.Adj[i]
			t.Adj[pos[d]] = u
			if g.Weights != nil {
				t.Weights[pos[d]] = g.Weights[i]
			}
			pos[d]++
		}
	}
	return t
}

// IsSymmetric reports whether every edge (u,v) has a reverse (v,u) with the
// same multiplicity (and weight, when weighted). It compares the graph with
// its transpose after sorting neighbour lists.
func (g *Graph) IsSymmetric() bool {
	t := g.Transpose()
	for v := uint32(0); v < g.N; v++ {
		if g.Degree(v) != t.Degree(v) {
			return false
		}
	}
	a := sortedCopy(g)
	b := sortedCopy(t)
	for i := range a.Adj {
		if a.Adj[i] != b.Adj[i] || (a.Weights != nil && a.Weights[i] != b.Weights[i]) {
			return false
		}
	}
	return true
}

func sortedCopy(g *Graph) *Graph {
	es := g.Edges()
	h, _ := FromEdges(g.N, es, BuildOptions{Weighted: g.Weights != nil})
	return h
}

// Symmetrized returns an undirected version of g: every edge in both
// directions, parallel edges and self-loops removed (keeping the smallest
// weight of parallel edges).
func (g *Graph) Symmetrized() *Graph {
	h, err := FromEdges(g.N, g.Edges(), BuildOptions{Symmetrize: true, Dedup: true, DropSelfLoops: true, Weighted: g.Weights != nil})
	if err != nil {
		panic("csr: Symmetrized of a valid graph failed: " + err.Error()) // cannot happen: ids are in range
	}
	h.Labels = g.Labels
	return h
}

// parallelFor runs body over [0,n) in chunks on all cores.
func parallelFor(n int, body func(lo, hi int)) {
	w := runtime.GOMAXPROCS(0)
	if n < 1<<14 || w == 1 {
		body(0, n)
		return
	}
	chunk := (n + w - 1) / w
	var wg sync.WaitGroup
	for lo := 0; lo < n; lo += chunk {
		hi := min(lo+chunk, n)
		wg.Add(1)
		go func() { defer wg.Done(); body(lo, hi) }()
	}
	wg.Wait()
}
