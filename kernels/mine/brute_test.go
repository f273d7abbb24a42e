package mine

import (
	"github.com/cflr/cflr/graph/csr"
	"math/rand/v2"
	"testing"
)

func bruteCliques(g *csr.Graph, k int) uint64 {
	a := bruteAdj(g)
	var c uint64
	subsets(int(g.N), k, func(s []int) {
		for i := range s {
			for j := i + 1; j < len(s); j++ {
				if !a[s[i]][s[j]] {
					return
				}
			}
		}
		c++
	})
	return c
}

// bruteMotifs counts connected induced k-subgraphs by full-permutation
// canonical key.
func bruteMotifs(g *csr.Graph, k int) map[string]uint64 {
	a := bruteAdj(g)
	out := map[string]uint64{}
	memo := map[string]string{} // raw pattern → fullCanon, to keep k = 8 quick
	subsets(int(g.N), k, func(s []int) {
		p := Pattern{N: k}
		for i := range s {
			for j := i + 1; j < k; j++ {
				if a[s[i]][s[j]] {
					p.AddEdge(i, j)
				}
			}
		}
		if p.Connected() {
			c, ok := memo[p.Key()]
			if !ok {
				c = fullCanon(p)
				memo[p.Key()] = c
			}
			out[c]++
		}
	})
	return out
}

func TestDifferentialCliques(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		g := randomGraph(seed, 14+int(seed%5), 0.35+0.04*float64(seed%6), 0)
		dag := Orient(g, 2)
		for k := 3; k <= 7; k++ {
			want := bruteCliques(g, k)
			for _, w := range []int{1, 3} {
				got, err := CountCliques(dag, k, Options{Workers: w})
				if err != nil || got != want {
					t.Fatalf("seed %d k=%d workers=%d: %d cliques, want %d (%v)", seed, k, w, got, want, err)
				}
			}
			if k == 3 {
				for _, m := range []Intersect{Merge, BinarySearch, Hash} {
					if got := CountTriangles(dag, Options{Intersect: m, Workers: 2}); got != want {
						t.Fatalf("seed %d %v: %d triangles, want %d", seed, m, got, want)
					}
				}
				var listed uint64
				ListTriangles(dag, func(u, v, w uint32) bool {
					listed++
					return true
				})
				if listed != want {
					t.Fatalf("seed %d: listed %d triangles, want %d", seed, listed, want)
				}
			}
		}
	}
}

func TestDifferentialMotifs(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		n := 11 + int(seed%4)
		g := randomGraph(seed, n, 0.2+0.05*float64(seed%5), 0)
		for k := 3; k <= 6; k++ {
			want := bruteMotifs(g, k)
			got, err := CountMotifs(g, k, Options{Workers: 3})
			if err != nil {
				t.Fatal(err)
			}
			gotBy := map[string]uint64{}
			for _, pc := range got {
				gotBy[fullCanon(pc.Pattern)] += pc.Count
			}
			if len(gotBy) != len(got) {
				t.Fatalf("seed %d k=%d: two canonical forms for one pattern", seed, k)
			}
			for key, w := range want {
				if gotBy[key] != w {
					t.Fatalf("seed %d k=%d: pattern %q: %d, want %d", seed, k, key, gotBy[key], w)
				}
			}
			if len(gotBy) != len(want) {
				t.Fatalf("seed %d k=%d: %d patterns, want %d", seed, k, len(gotBy), len(want))
			}
		}
	}
}

func TestMotifsLargeK(t *testing.T) {
	// k = 7, 8 use the map tally path; check against brute force on a
	// graph small enough for C(n, 8).
	if testing.Short() {
		t.Skip("brute force over C(12, 8) subsets")
	}
	g := randomGraph(99, 12, 0.3, 0)
	for k := 7; k <= 8; k++ {
		want := bruteMotifs(g, k)
		got, err := CountMotifs(g, k, Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		var total, wantTotal uint64
		for _, pc := range got {
			if want[fullCanon(pc.Pattern)] != pc.Count {
				t.Fatalf("k=%d: %s: %d, want %d", k, pc.Pattern, pc.Count, want[fullCanon(pc.Pattern)])
			}
			total += pc.Count
		}
		for _, w := range want {
			wantTotal += w
		}
		if total != wantTotal {
			t.Fatalf("k=%d: total %d, want %d", k, total, wantTotal)
		}
	}
}

// TestCanonical checks that Canonical maps every relabeling of a pattern to
// one form, and non-isomorphic patterns to different forms.
func TestCanonical(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	seen := map[string]string{} // canonical key → full canonical key
	for it := 0; it < 3000; it++ {
		n := 1 + r.IntN(7)
		p := Pattern{N: n}
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if r.IntN(2) == 0 {
					p.AddEdge(i, j)
				}
			}
		}
		if n <= 4 && r.IntN(2) == 0 {
			p.Labels = make([]uint32, n)
			for i := range p.Labels {
				p.Labels[i] = uint32(r.IntN(2))
			}
		}
		c := p.Canonical()
		// a random relabeling has the same canonical form
		perm := r.Perm(n)
		q := Pattern{N: n}
		for _, e := range p.Edges() {
			q.AddEdge(perm[e[0]], perm[e[1]])
		}
		if p.Labels != nil {
			q.Labels = make([]uint32, n)
			for i, l := range p.Labels {
				q.Labels[perm[i]] = l
			}
		}
		if qc := q.Canonical(); qc.Key() != c.Key() {
			t.Fatalf("%s and its relabeling %s: canonical %s vs %s", p, q, c, qc)
		}
		if fullCanon(c) != fullCanon(p) {
			t.Fatalf("canonical form %s is not isomorphic to %s", c, p)
		}
		full := fullCanon(p)
		if prev, ok := seen[c.Key()]; ok && prev != full {
			t.Fatalf("non-isomorphic patterns share canonical form %s", c)
		}
		seen[c.Key()] = full
	}
}

func TestGraph6(t *testing.T) {
	// Known graph6 strings: triangle "Bw", 4-path 0-1-2-3 "Ch", K4 "C~".
	for _, tc := range []struct {
		edges [][2]int
		n     int
		want  string
	}{
		{[][2]int{{0, 1}, {1, 2}, {0, 2}}, 3, "Bw"},
		{[][2]int{{0, 1}, {1, 2}, {2, 3}}, 4, "Ch"},
		{[][2]int{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}, 4, "C~"},
	} {
		p, _ := NewPattern(tc.n, tc.edges, nil)
		if got := p.Graph6(); got != tc.want {
			t.Errorf("graph6(%s) = %q, want %q", p, got, tc.want)
		}
	}
}
