package mine

import (
	"github.com/cflr/cflr/graph/csr"
	"slices"
	"testing"
)

func TestPublishedCiteseerFSM(t *testing.T) {
	g := loadGraph(t, "citeseer.lg")
	for _, w := range []int{1, 4} {
		fs, err := MineMNI(g, FSMOptions{Support: 300, MaxEdges: 3, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		var sup []uint64
		for _, f := range fs {
			if f.Pattern.NumEdges() == 3 {
				sup = append(sup, f.Support)
			}
		}
		slices.Sort(sup)
		if !slices.Equal(sup, []uint64{303, 335}) {
			t.Errorf("workers=%d: 3-edge frequent patterns have supports %v, want [303 335]", w, sup)
		}
	}
}

// bruteEmbeddings calls f with every injective, edge- and label-preserving
// map of p into g (no symmetry breaking).
func bruteEmbeddings(g *csr.Graph, p Pattern, f func(m []int) bool) {
	a := bruteAdj(g)
	m := make([]int, p.N)
	stop := false
	var rec func(i int)
	rec = func(i int) {
		if stop {
			return
		}
		if i == p.N {
			stop = !f(m)
			return
		}
		for v := 0; v < int(g.N); v++ {
			if g.Labels[v] != p.Labels[i] {
				continue
			}
			ok := true
			for j := 0; j < i && ok; j++ {
				ok = m[j] != v && (!p.Adjacent(i, j) || a[m[j]][v])
			}
			if ok {
				m[i] = v
				rec(i + 1)
			}
		}
	}
	rec(0)
}

// edgeSubsetPatterns calls fn with the labeled pattern induced by every
// set of 1..maxEdges edges of every graph (connected or not): the
// brute-force candidate generator of the FSM references.
func edgeSubsetPatterns(gs []*csr.Graph, maxEdges int, fn func(Pattern)) {
	for _, g := range gs {
		var es [][2]uint32
		for u := uint32(0); u < g.N; u++ {
			for _, v := range g.Neighbors(u) {
				if u < v {
					es = append(es, [2]uint32{u, v})
				}
			}
		}
		for k := 1; k <= maxEdges && k <= len(es); k++ {
			subsets(len(es), k, func(s []int) {
				id := map[uint32]int{}
				p := Pattern{}
				for _, i := range s {
					for _, x := range es[i] {
						if _, ok := id[x]; !ok {
							id[x] = len(p.Labels)
							p.Labels = append(p.Labels, g.Labels[x])
						}
					}
					p.AddEdge(id[es[i][0]], id[es[i][1]])
				}
				p.N = len(p.Labels)
				fn(p)
			})
		}
	}
}

// bruteTransactionSupport is the number of graphs of db holding at least
// one embedding of p, by brute force.
func bruteTransactionSupport(db []*csr.Graph, p Pattern) uint64 {
	var s uint64
	for _, g := range db {
		found := false
		bruteEmbeddings(g, p, func([]int) bool { found = true; return false })
		if found {
			s++
		}
	}
	return s
}

// bruteCandidates returns every connected labeled pattern of 1..maxEdges
// edges (at most 4 vertices) occurring in some graph, keyed by fullCanon.
func bruteCandidates(gs []*csr.Graph, maxEdges int) map[string]Pattern {
	out := map[string]Pattern{}
	edgeSubsetPatterns(gs, maxEdges, func(p Pattern) {
		if p.N <= 4 && p.Connected() {
			out[fullCanon(p)] = p
		}
	})
	return out
}

func TestDifferentialFSM(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		g := randomGraph(seed, 9, 0.3, 2)
		const minSup = 2
		want := map[string]uint64{}
		for key, p := range bruteCandidates([]*csr.Graph{g}, 3) {
			dom := make([]map[int]bool, p.N)
			for i := range dom {
				dom[i] = map[int]bool{}
			}
			bruteEmbeddings(g, p, func(m []int) bool {
				for i, v := range m {
					dom[i][v] = true
				}
				return true
			})
			s := uint64(len(dom[0]))
			for _, d := range dom {
				s = min(s, uint64(len(d)))
			}
			if s >= minSup {
				want[key] = s
			}
		}
		for _, w := range []int{1, 3} {
			got, err := MineMNI(g, FSMOptions{Support: minSup, MaxEdges: 3, Workers: w})
			if err != nil {
				t.Fatal(err)
			}
			checkFrequent(t, "MNI", seed, got, want)
		}
	}
}

func TestDifferentialTransactions(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		var db []*csr.Graph
		for i := uint64(0); i < 5; i++ {
			db = append(db, randomGraph(seed*10+i, 6, 0.4, 2))
		}
		const minSup = 2
		want := map[string]uint64{}
		for key, p := range bruteCandidates(db, 3) {
			if s := bruteTransactionSupport(db, p); s >= minSup {
				want[key] = s
			}
		}
		got, err := MineTransactions(db, FSMOptions{Support: minSup, MaxEdges: 3})
		if err != nil {
			t.Fatal(err)
		}
		checkFrequent(t, "transactions", seed, got, want)
	}
}

func checkFrequent(t *testing.T, what string, seed uint64, got []FrequentPattern, want map[string]uint64) {
	t.Helper()
	if len(want) < 3 {
		t.Fatalf("%s seed %d: only %d frequent patterns: test too weak", what, seed, len(want))
	}
	gotBy := map[string]uint64{}
	for _, f := range got {
		gotBy[fullCanon(f.Pattern)] = f.Support
	}
	if len(gotBy) != len(got) {
		t.Fatalf("%s seed %d: duplicate patterns in output", what, seed)
	}
	for k, s := range want {
		if gotBy[k] != s {
			t.Errorf("%s seed %d: pattern %s support %d, want %d", what, seed, k, gotBy[k], s)
		}
	}
	if len(gotBy) != len(want) {
		t.Errorf("%s seed %d: %d frequent patterns, want %d", what, seed, len(gotBy), len(want))
	}
}
