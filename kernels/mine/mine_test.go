package mine

import (
	"fmt"
	"github.com/cflr/cflr/graph/csr"
	"slices"
	"sync"
	"testing"
)

// Published counts (see ../shared/data/README.md).
func TestPublishedTriangles(t *testing.T) {
	for _, tc := range []struct {
		name string
		want uint64
	}{
		{"ca-GrQc.txt", 48260},
		{"email-Enron.txt", 727044},
		{"citeseer.lg", 1166},
	} {
		var g = loadGraph(t, tc.name)
		dag := Orient(g, 0)
		for _, m := range []Intersect{Merge, BinarySearch, Hash} {
			for _, w := range []int{1, 3} {
				if got := CountTriangles(dag, Options{Workers: w, Intersect: m}); got != tc.want {
					t.Errorf("%s: %v workers=%d: %d triangles, want %d", tc.name, m, w, got, tc.want)
				}
			}
		}
		if got := CountTriangles(Orient(RankOrder(g, 2), 2), Options{Intersect: Hash}); got != tc.want {
			t.Errorf("%s rank-ordered: %d triangles, want %d", tc.name, got, tc.want)
		}
		n, _ := CountCliques(dag, 3, Options{})
		if n != tc.want {
			t.Errorf("%s: 3-cliques %d, want %d", tc.name, n, tc.want)
		}
	}
}

func loadGraph(t testing.TB, name string) (g *csr.Graph) {
	if len(name) > 3 && name[len(name)-3:] == ".lg" {
		return loadLG(t, name)
	}
	return loadSNAPHeader(t, name)
}

func TestPublishedCiteseerCliques(t *testing.T) {
	dag := Orient(loadGraph(t, "citeseer.lg"), 0)
	for k, want := range map[int]uint64{4: 255, 5: 46} {
		for _, w := range []int{1, 4} {
			got, err := CountCliques(dag, k, Options{Workers: w})
			if err != nil || got != want {
				t.Errorf("citeseer %d-cliques (workers=%d) = %d, %v; want %d", k, w, got, err, want)
			}
		}
	}
}

func TestPublishedCiteseerMotifs(t *testing.T) {
	g := loadGraph(t, "citeseer.lg")
	vi := map[string]uint64{"4-path": 111153, "3-star": 222630, "tailed-triangle": 22900, "4-cycle": 3094, "diamond": 2200, "4-clique": 255}
	ei := map[string]uint64{"4-path": 185589, "3-star": 250950, "tailed-triangle": 34760, "4-cycle": 6059, "diamond": 3730, "4-clique": 255}
	for _, w := range []int{1, 4} {
		got, err := CountMotifs(g, 4, Options{Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		checkNamed(t, fmt.Sprintf("vertex-induced workers=%d", w), got, vi)
		eg, err := EdgeInduced(got)
		if err != nil {
			t.Fatal(err)
		}
		checkNamed(t, fmt.Sprintf("edge-induced workers=%d", w), eg, ei)
	}
}

func checkNamed(t *testing.T, what string, got []PatternCount, want map[string]uint64) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d patterns, want %d", what, len(got), len(want))
	}
	for _, pc := range got {
		name := pc.Pattern.Name()
		if w, ok := want[name]; !ok || w != pc.Count {
			t.Errorf("%s: %s (%s) = %d, want %d", what, name, pc.Pattern, pc.Count, w)
		}
	}
}

// reverseDAG (the in-lists tc_hash's hashin kernel probes): every arc
// appears exactly once, reversed, whatever the scheduling.
func TestReverseDAG(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		dag := Orient(randomGraph(seed, 500, 0.05, 0), 0)
		r := reverseDAG(dag)
		if r.N != dag.N || r.NumEdges() != dag.NumEdges() {
			t.Fatalf("seed %d: %d vertices %d arcs, want %d %d", seed, r.N, r.NumEdges(), dag.N, dag.NumEdges())
		}
		for v := uint32(0); v < r.N; v++ {
			in := slices.Sorted(slices.Values(r.Neighbors(v)))
			var want []uint32
			for u := uint32(0); u < dag.N; u++ {
				if slices.Contains(dag.Neighbors(u), v) {
					want = append(want, u)
				}
			}
			if !slices.Equal(in, want) {
				t.Fatalf("seed %d: in(%d) = %v, want %v", seed, v, in, want)
			}
		}
	}
}

// TestUndirectedFastPath: a graph already simple and symmetric comes back
// unchanged (sharing its arrays); one that is not is rebuilt, whatever the
// defect.
func TestUndirectedFastPath(t *testing.T) {
	mk := func(n uint32, es ...[2]uint32) *csr.Graph {
		var edges []csr.Edge
		for _, e := range es {
			edges = append(edges, csr.Edge{Src: e[0], Dst: e[1]})
		}
		g, err := csr.FromEdges(n, edges, csr.BuildOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	simple := mk(3, [2]uint32{0, 1}, [2]uint32{1, 0}, [2]uint32{1, 2}, [2]uint32{2, 1})
	if u := Undirected(simple, 2); &u.Adj[0] != &simple.Adj[0] {
		t.Errorf("simple symmetric graph was rebuilt")
	}
	want := []uint32{1, 0, 2, 1} // 0:{1} 1:{0,2} 2:{1}
	for name, g := range map[string]*csr.Graph{
		"one direction": mk(3, [2]uint32{0, 1}, [2]uint32{1, 2}),
		"self-loop":     mk(3, [2]uint32{0, 1}, [2]uint32{1, 0}, [2]uint32{1, 2}, [2]uint32{2, 1}, [2]uint32{2, 2}),
		"parallel":      mk(3, [2]uint32{0, 1}, [2]uint32{0, 1}, [2]uint32{1, 0}, [2]uint32{1, 2}, [2]uint32{2, 1}),
	} {
		u := Undirected(g, 2)
		if !slices.Equal(u.Adj, want) || !slices.Equal(u.Offsets, []uint64{0, 1, 3, 4}) {
			t.Errorf("%s: got offsets %v adj %v", name, u.Offsets, u.Adj)
		}
	}
}

// TestProgress: with Progress set, every CPU kernel reports monotone
// progress from its workers ending at total, and counts are unchanged.
func TestProgress(t *testing.T) {
	g := randomGraph(7, 300, 0.05, 0)
	dag := Orient(g, 4)
	type rec struct {
		mu    sync.Mutex
		last  int
		total int
		calls int
		bad   bool
	}
	track := func(r *rec) func(done, total int) {
		return func(done, total int) {
			r.mu.Lock()
			defer r.mu.Unlock()
			r.calls++
			if total != r.total && r.total != 0 || done > total {
				r.bad = true
			}
			r.total, r.last = total, max(r.last, done)
		}
	}
	check := func(name string, r *rec, want int) {
		t.Helper()
		if r.bad || r.calls == 0 || r.last != want || r.total != want {
			t.Errorf("%s: %d calls, last %d of %d (want %d), inconsistent %v", name, r.calls, r.last, r.total, want, r.bad)
		}
	}
	var rt, rc, rm, rp rec
	if a, b := CountTriangles(dag, Options{Workers: 4, Progress: track(&rt)}), CountTriangles(dag, Options{Workers: 4}); a != b {
		t.Errorf("triangles with progress %d, without %d", a, b)
	}
	check("triangles", &rt, int(dag.N))
	a, _ := CountCliques(dag, 4, Options{Workers: 4, Progress: track(&rc)})
	if b, _ := CountCliques(dag, 4, Options{Workers: 4}); a != b {
		t.Errorf("4-cliques with progress %d, without %d", a, b)
	}
	check("cliques", &rc, int(dag.N))
	if _, err := CountMotifs(g, 4, Options{Workers: 4, Progress: track(&rm)}); err != nil {
		t.Fatal(err)
	}
	check("motifs", &rm, int(g.N))
	p, _ := NewPattern(3, [][2]int{{0, 1}, {1, 2}}, nil)
	pl, err := Compile(p, InducedVertex)
	if err != nil {
		t.Fatal(err)
	}
	x, _ := Match(g, pl, MatchOptions{Workers: 4, Progress: track(&rp)})
	if y, _ := Match(g, pl, MatchOptions{Workers: 4}); x != y {
		t.Errorf("match with progress %d, without %d", x, y)
	}
	check("match", &rp, len(g.Adj))
}
