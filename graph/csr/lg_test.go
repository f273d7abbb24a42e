package csr

import (
	"os"
	"strings"
	"testing"
)

func TestReadLGDatabase(t *testing.T) {
	in := "t # 0\nv 0 1\nv 1 2\nv 2 1\ne 0 1 5\ne 1 2 7\nt # 1\nv 0 3\nv 1 3\ne 1 0 1\nt # -1\n"
	gs, err := ReadLG(strings.NewReader(in), "db.lg", LGOptions{EdgeLabels: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(gs) != 2 || gs[0].ID != "0" || gs[1].ID != "1" {
		t.Fatalf("got %d graphs", len(gs))
	}
	g := gs[0]
	if g.N != 3 || g.NumEdges() != 4 || g.Labels[1] != 2 {
		t.Fatalf("graph 0: n=%d m=%d labels=%v", g.N, g.NumEdges(), g.Labels)
	}
	if nb := g.Neighbors(1); len(nb) != 2 || nb[0] != 0 || nb[1] != 2 {
		t.Fatalf("neighbors(1) = %v", nb)
	}
	if g.Weights[g.Offsets[1]+1] != 7 {
		t.Fatalf("edge label 1-2 = %d, want 7", g.Weights[g.Offsets[1]+1])
	}
	if gs[1].NumEdges() != 2 {
		t.Fatalf("graph 1 edges = %d", gs[1].NumEdges())
	}
	// Parallel edges merge and self-loops go, as in the published counts.
	gs, err = ReadLG(strings.NewReader("v 0 1\nv 1 1\ne 0 1\ne 1 0\ne 1 1\n"), "x.lg", LGOptions{})
	if err != nil || gs[0].NumEdges() != 2 {
		t.Fatalf("dedup: %v", err)
	}
}

func TestReadLGErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"v 0 1\nv 2 1\n", "x.lg:2: vertex id 2 out of order"},
		{"v 0 1\ne 0 1\n", "x.lg:2: edge endpoint 1 is not a declared vertex"},
		{"v 0 1\ne 0 1 x\n", "x.lg:2: edge endpoint 1"},
		{"v 0 a\n", "x.lg:1: vertex label"},
		{"x 0 a\n", "x.lg:1: unknown line type"},
		{"e 0 1\n", "x.lg:1: edge before any vertex"},
		{"t 1\n", `x.lg:1: want "t # ID"`},
		{"", "x.lg: no graph in file"},
	} {
		_, err := ReadLG(strings.NewReader(tc.in), "x.lg", LGOptions{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ReadLG(%q) error = %v, want %q", tc.in, err, tc.want)
		}
	}
}

func TestReadLGCiteseer(t *testing.T) {
	f, err := os.Open("../../../shared/data/graphs/citeseer.lg")
	if err != nil {
		t.Skip("shared data not present:", err)
	}
	defer f.Close()
	gs, err := ReadLG(f, "citeseer.lg", LGOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(gs) != 1 || gs[0].N != 3312 || gs[0].NumEdges() != 2*4536 {
		t.Fatalf("citeseer: %d graphs, n=%d, m=%d", len(gs), gs[0].N, gs[0].NumEdges())
	}
}

// FuzzReadLG checks that no input panics and that an accepted graph is
// symmetric and loop-free.
func FuzzReadLG(f *testing.F) {
	f.Add("t # 0\nv 0 1\nv 1 2\ne 0 1 3\n")
	f.Add("v 0 0\nv 1 0\nv 2 1\ne 0 1\ne 1 2 4.5\n")
	f.Fuzz(func(t *testing.T, in string) {
		for _, opt := range []LGOptions{{}, {EdgeLabels: true}} {
			gs, err := ReadLG(strings.NewReader(in), "fuzz.lg", opt)
			if err != nil {
				continue
			}
			for _, g := range gs {
				if len(g.Labels) != int(g.N) {
					t.Fatalf("labels %d for %d vertices", len(g.Labels), g.N)
				}
				for u := uint32(0); u < g.N; u++ {
					for _, v := range g.Neighbors(u) {
						if v == u {
							t.Fatalf("self-loop %d", u)
						}
						found := false
						for _, w := range g.Neighbors(v) {
							found = found || w == u
						}
						if !found {
							t.Fatalf("edge %d-%d not symmetric", u, v)
						}
					}
				}
			}
		}
	})
}
