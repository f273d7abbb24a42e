package scc

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// reach is the reference: the vertices reachable from v (v included),
// by a plain breadth-first search.
func reach(adj [][]uint32, v uint32) []bool {
	seen := make([]bool, len(adj))
	seen[v] = true
	for work := []uint32{v}; len(work) > 0; {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		for _, y := range adj[x] {
			if !seen[y] {
				seen[y] = true
				work = append(work, y)
			}
		}
	}
	return seen
}

func randomGraph(r *rand.Rand, n, m int) [][]uint32 {
	adj := make([][]uint32, n)
	for range m {
		s, t := r.IntN(n), r.IntN(n) // self-loops and duplicates included
		adj[s] = append(adj[s], uint32(t))
	}
	return adj
}

// TestAgainstReachability checks, on random graphs and with one Finder
// reused across graphs of different sizes, that the components From
// reports are exactly the classes of mutual reachability among the
// vertices reachable from the roots, each reported once, a component
// before any component that reaches it.
func TestAgainstReachability(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var f Finder
	for iter := range 500 {
		n := 1 + r.IntN(40)
		adj := randomGraph(r, n, r.IntN(3*n))
		rs := make([][]bool, n)
		for v := range n {
			rs[v] = reach(adj, uint32(v))
		}
		roots := []uint32{uint32(r.IntN(n)), uint32(r.IntN(n))}
		want := make([]bool, n) // reachable from a root
		for _, root := range roots {
			for v, ok := range rs[root] {
				want[v] = want[v] || ok
			}
		}
		succ := func(v uint32, i int) (uint32, bool) {
			if i < len(adj[v]) {
				return adj[v][i], true
			}
			return 0, false
		}
		compOf := make([]int, n)
		for v := range compOf {
			compOf[v] = -1
		}
		var comps [][]uint32
		f.Reset(n)
		for _, root := range roots {
			f.From(root, succ, func(c []uint32) {
				for _, v := range c {
					if compOf[v] >= 0 {
						t.Fatalf("graph %d: vertex %d in two components", iter, v)
					}
					compOf[v] = len(comps)
				}
				comps = append(comps, slices.Clone(c))
			})
		}
		for v := range n {
			if (compOf[v] >= 0) != want[v] {
				t.Fatalf("graph %d: vertex %d reported %v, reachable from the roots %v", iter, v, compOf[v] >= 0, want[v])
			}
			if want[v] != f.Visited(uint32(v)) {
				t.Fatalf("graph %d: Visited(%d) = %v, want %v", iter, v, f.Visited(uint32(v)), want[v])
			}
		}
		for v := range n {
			for w := range n {
				if compOf[v] < 0 || compOf[w] < 0 {
					continue
				}
				same := rs[v][w] && rs[w][v]
				if same != (compOf[v] == compOf[w]) {
					t.Fatalf("graph %d: %d and %d in one component: %v, mutually reachable: %v", iter, v, w, compOf[v] == compOf[w], same)
				}
				// A component comes before any that reaches it.
				if compOf[v] != compOf[w] && rs[v][w] && compOf[v] < compOf[w] {
					t.Fatalf("graph %d: component of %d (reaching %d) reported first", iter, v, w)
				}
			}
		}
	}
}

// TestLongChain runs a search deeper than a recursive one could go.
func TestLongChain(t *testing.T) {
	const n = 1 << 20
	succ := func(v uint32, i int) (uint32, bool) {
		if i > 0 {
			return 0, false
		}
		return (v + 1) % n, true // one cycle through every vertex
	}
	var f Finder
	f.Reset(n)
	got := 0
	f.From(0, succ, func(c []uint32) { got = len(c) })
	if got != n {
		t.Fatalf("one component of %d vertices, got %d", n, got)
	}
}

// TestEpochWrap checks that visits of an old search do not count once
// the epoch wraps around.
func TestEpochWrap(t *testing.T) {
	var f Finder
	f.Reset(2)
	f.epoch = ^uint32(0) - 1
	f.Reset(2)
	none := func(uint32, int) (uint32, bool) { return 0, false }
	f.From(1, none, func([]uint32) {})
	f.Reset(2) // wraps
	if f.Visited(0) || f.Visited(1) {
		t.Fatal("a vertex of the search before the wrap reads as visited")
	}
}
