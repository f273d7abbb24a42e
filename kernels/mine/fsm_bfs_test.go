package mine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestBFSSupport checks the breadth-first plan and the run merge (the GPU
// FSM algorithm, run on the CPU) against matching-based MNI support on
// random labeled graphs and patterns of 2..5 vertices.
func TestBFSSupport(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for seed := uint64(1); seed <= 8; seed++ {
		g := randomGraph(seed, 12, 0.35, 2)
		for i := 0; i < 25; i++ {
			p := randomPattern(r, 2+r.IntN(4), 2)
			for j, l := range p.Labels {
				if l == AnyLabel {
					p.Labels[j] = uint32(r.IntN(2))
				}
			}
			want, err := mniSupport(g, p, 1)
			if err != nil {
				t.Fatal(err)
			}
			if got := bfsSupport(g, p); got != want {
				t.Errorf("seed %d pattern %v: bfs support %d, want %d", seed, p, got, want)
			}
		}
	}
}

func TestExtPlan(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for i := 0; i < 200; i++ {
		p := randomPattern(r, 1+r.IntN(8), 3)
		pl := newExtPlan(p)
		seen := map[int]bool{}
		edges := 0
		for l := 0; l < pl.n; l++ {
			v := pl.order[l]
			if seen[v] {
				t.Fatalf("%v: vertex %d twice in %v", p, v, pl.order[:pl.n])
			}
			seen[v] = true
			if l > 0 {
				if pl.anchor[l] < 0 || pl.anchor[l] >= l || !p.Adjacent(v, pl.order[pl.anchor[l]]) || pl.back[l]>>pl.anchor[l]&1 != 0 {
					t.Fatalf("%v: bad anchor at level %d", p, l)
				}
				edges += 1 + len(setBits(pl.back[l]))
			}
		}
		if edges != p.NumEdges() {
			t.Fatalf("%v: plan checks %d edges, pattern has %d", p, edges, p.NumEdges())
		}
	}
}

func setBits(m uint32) []int {
	var s []int
	for i := 0; i < 32; i++ {
		if m>>i&1 != 0 {
			s = append(s, i)
		}
	}
	return s
}

func TestMergeRuns(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var acc, all []uint64
	for round := 0; round < 5; round++ {
		runLen := 1 + r.IntN(40)
		keys := make([]uint64, r.IntN(300))
		for i := range keys {
			keys[i] = uint64(r.IntN(3))<<32 | uint64(r.IntN(50))
			if r.IntN(10) == 0 {
				keys[i] = ^uint64(0)
			}
		}
		for i := 0; i < len(keys); i += runLen {
			slices.Sort(keys[i:min(i+runLen, len(keys))])
		}
		for _, k := range keys {
			if k != ^uint64(0) {
				all = append(all, k)
			}
		}
		acc = mergeRuns(acc, keys, runLen)
		want := slices.Clone(all)
		slices.Sort(want)
		want = slices.Compact(want)
		if !slices.Equal(acc, want) {
			t.Fatalf("round %d: merged %d keys, want %d", round, len(acc), len(want))
		}
	}
}

// TestBFSCiteseerFSM: the breadth-first support gives the published
// citeseer result (3 edges, MNI ≥ 300: supports 303 and 335).
func TestBFSCiteseerFSM(t *testing.T) {
	g := loadGraph(t, "citeseer.lg")
	fs, err := mineMNIWith(g, FSMOptions{Support: 300, MaxEdges: 3}, func(p Pattern) (uint64, error) { return bfsSupport(g, p), nil })
	if err != nil {
		t.Fatal(err)
	}
	want, err := MineMNI(g, FSMOptions{Support: 300, MaxEdges: 3})
	if err != nil {
		t.Fatal(err)
	}
	if !sameFrequent(fs, want) {
		t.Fatalf("bfs %v, want %v", fs, want)
	}
}

func sameFrequent(a, b []FrequentPattern) bool {
	return slices.EqualFunc(a, b, func(x, y FrequentPattern) bool { return x.Support == y.Support && x.Pattern.Key() == y.Pattern.Key() })
}
