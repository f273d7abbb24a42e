package mine

import (
	"github.com/cflr/cflr/graph/csr"
	"math/rand/v2"
	"strings"
	"testing"
)

// bruteMatch counts injective maps pattern→graph that keep edges (and
// non-edges when vertex-induced) and labels, divided by |Aut| counted the
// same way: the definition of "number of subgraphs isomorphic to p".
func bruteMatch(g *csr.Graph, p Pattern, ind Induction) uint64 {
	a := bruteAdj(g)
	lab := func(v int) uint32 {
		if g.Labels == nil {
			return 0
		}
		return g.Labels[v]
	}
	count := func(n int, adj func(x, y int) bool, labOf func(int) uint32) uint64 {
		m := make([]int, p.N)
		var c uint64
		var rec func(i int)
		rec = func(i int) {
			if i == p.N {
				c++
				return
			}
			for v := 0; v < n; v++ {
				if p.Labels != nil && p.Labels[i] != AnyLabel && labOf(v) != p.Labels[i] {
					continue
				}
				ok := true
				for j := 0; j < i && ok; j++ {
					if m[j] == v {
						ok = false
					} else if p.Adjacent(i, j) && !adj(m[j], v) {
						ok = false
					} else if ind == InducedVertex && !p.Adjacent(i, j) && adj(m[j], v) {
						ok = false
					}
				}
				if ok {
					m[i] = v
					rec(i + 1)
				}
			}
		}
		rec(0)
		return c
	}
	emb := count(int(g.N), func(x, y int) bool { return a[x][y] }, lab)
	aut := count(p.N, p.Adjacent, func(v int) uint32 {
		if p.Labels == nil {
			return 0
		}
		return p.Labels[v]
	})
	return emb / aut
}

func randomPattern(r *rand.Rand, n, nl int) Pattern {
	for {
		p := Pattern{N: n}
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if r.IntN(5) < 2 {
					p.AddEdge(i, j)
				}
			}
		}
		if !p.Connected() {
			continue
		}
		if nl > 0 {
			p.Labels = make([]uint32, n)
			for i := range p.Labels {
				p.Labels[i] = uint32(r.IntN(nl))
				if r.IntN(4) == 0 {
					p.Labels[i] = AnyLabel
				}
			}
		}
		return p
	}
}

func TestDifferentialMatch(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	for it := 0; it < 60; it++ {
		nl := 0
		if it%3 == 0 {
			nl = 2
		}
		g := randomGraph(uint64(it), 10+it%4, 0.35, nl)
		p := randomPattern(r, 2+it%4, nl)
		for _, ind := range []Induction{InducedVertex, InducedEdge} {
			pl, err := Compile(p, ind)
			if err != nil {
				t.Fatal(err)
			}
			want := bruteMatch(g, p, ind)
			got, err := Match(g, pl, MatchOptions{Workers: 3})
			if err != nil || got != want {
				t.Fatalf("it %d %v %s: %d matches, want %d (%v)", it, ind, p, got, want, err)
			}
			// Streaming gives the same matches, each a real, distinct subgraph.
			seen := map[string]bool{}
			streamed, _ := Match(g, pl, MatchOptions{Emit: func(m []uint32) bool {
				key := make([]byte, 0, 2*len(m))
				for _, v := range m {
					key = append(key, byte(v), ',')
				}
				seen[string(key)] = true
				for _, e := range p.Edges() {
					if !contains(g.Neighbors(m[e[0]]), m[e[1]]) {
						t.Fatalf("streamed match %v misses edge %v", m, e)
					}
				}
				return true
			}})
			if streamed != want || uint64(len(seen)) != want {
				t.Fatalf("it %d: streamed %d (%d distinct), want %d", it, streamed, len(seen), want)
			}
		}
	}
}

// The published citeseer 4-motif counts again, this time by matching each
// pattern: vertex-induced and edge-induced.
func TestPublishedCiteseerMatch(t *testing.T) {
	g := loadGraph(t, "citeseer.lg")
	pats := map[string][][2]int{
		"4-path":          {{0, 1}, {1, 2}, {2, 3}},
		"3-star":          {{0, 1}, {0, 2}, {0, 3}},
		"tailed-triangle": {{0, 1}, {1, 2}, {0, 2}, {2, 3}},
		"4-cycle":         {{0, 1}, {1, 2}, {2, 3}, {3, 0}},
		"diamond":         {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 2}},
		"4-clique":        {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 2}, {1, 3}},
	}
	vi := map[string]uint64{"4-path": 111153, "3-star": 222630, "tailed-triangle": 22900, "4-cycle": 3094, "diamond": 2200, "4-clique": 255}
	ei := map[string]uint64{"4-path": 185589, "3-star": 250950, "tailed-triangle": 34760, "4-cycle": 6059, "diamond": 3730, "4-clique": 255}
	for name, es := range pats {
		p, err := NewPattern(4, es, nil)
		if err != nil {
			t.Fatal(err)
		}
		for ind, want := range map[Induction]uint64{InducedVertex: vi[name], InducedEdge: ei[name]} {
			pl, _ := Compile(p, ind)
			if got, _ := Match(g, pl, MatchOptions{}); got != want {
				t.Errorf("citeseer %s %v-induced: %d, want %d", name, ind, got, want)
			}
		}
	}
}

func TestCompileSymmetry(t *testing.T) {
	for _, tc := range []struct {
		n     int
		es    [][2]int
		aut   uint64
		conds int
	}{
		{3, [][2]int{{0, 1}, {1, 2}, {0, 2}}, 6, 3},
		{4, [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 0}}, 8, 4},
		{5, [][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}}, 24, 6},
		{6, [][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {2, 3}, {2, 4}, {2, 5}, {3, 4}, {3, 5}, {4, 5}}, 720, 15},
	} {
		p, _ := NewPattern(tc.n, tc.es, nil)
		pl, err := Compile(p, InducedEdge)
		if err != nil || pl.Automorphisms != tc.aut || len(pl.Conditions) != tc.conds {
			t.Errorf("%s: |Aut| = %d, %d conditions (%v); want %d, %d", p, pl.Automorphisms, len(pl.Conditions), err, tc.aut, tc.conds)
		}
	}
}

func TestParsePattern(t *testing.T) {
	p, err := ParsePattern(strings.NewReader("# triangle with a tail\nv 0 1\nv 1 *\nv 2\nv 3 2\ne 0 1\ne 1 2\ne 0 2\ne 2 3 7\n"), "p.txt")
	if err != nil {
		t.Fatal(err)
	}
	if p.N != 4 || p.NumEdges() != 4 || p.Labels[0] != 1 || p.Labels[1] != AnyLabel || p.Labels[3] != 2 {
		t.Fatalf("parsed %s", p)
	}
	for _, tc := range []struct{ in, want string }{
		{"v 0\nv 1\nv 2\ne 0 1\n", "p.txt: pattern is disconnected"},
		{"v 0\nv 2\n", "p.txt:2: vertex id \"2\""},
		{"v 0\ne 0 0\n", "p.txt:2: self-loop"},
		{"v 0\nv 1\ne 0 1\ne 1 0\n", "p.txt:4: repeated edge"},
		{"v 0\ne 0 5\n", "p.txt:2: edge endpoint \"5\""},
		{"v 0 x\n", "p.txt:1: vertex label \"x\""},
		{"q\n", "p.txt:1: unknown line type"},
		{"", "p.txt: pattern has no vertices"},
		{strings.Repeat("v 0\n", 1), ""},
	} {
		_, err := ParsePattern(strings.NewReader(tc.in), "p.txt")
		if tc.want == "" {
			if err != nil {
				t.Errorf("ParsePattern(%q): %v", tc.in, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParsePattern(%q) error = %v, want %q", tc.in, err, tc.want)
		}
	}
}

func FuzzParsePattern(f *testing.F) {
	f.Add("v 0 1\nv 1\ne 0 1\n")
	f.Add("v 0\nv 1\nv 2\ne 0 1\ne 1 2\ne 2 0\n")
	f.Fuzz(func(t *testing.T, in string) {
		p, err := ParsePattern(strings.NewReader(in), "fuzz")
		if err != nil {
			return
		}
		if !p.Connected() || p.N < 1 || p.N > MaxPatternSize {
			t.Fatalf("accepted a bad pattern %s", p)
		}
		if p.N <= 6 {
			if _, err := Compile(p, InducedVertex); err != nil {
				t.Fatal(err)
			}
		}
	})
}
