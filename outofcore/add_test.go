package outofcore

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/cflr/cflr/graph"
)

// subgraph is g restricted to the edges keep selects, over the vertices
// those edges use (so additions may bring new vertices).
func subgraph(g *graph.Graph, keep func(i int) bool) *graph.Graph {
	h := graph.New()
	for _, l := range g.Labels {
		h.Label(l)
	}
	for i, e := range g.Edges {
		if keep(i) {
			h.AddEdge(e.Src, e.Dst, g.Labels[e.Label], e.Index)
		}
	}
	return h
}

// TestAdd splits graphs' edges at random into a base and 1%, 10% and 50%
// additions, solves the base, adds the rest and solves again, and compares
// with the in-memory closure of the whole graph. Additions bring new
// vertices and new call-site and field labels, whose in-lists the store
// must rebuild.
func TestAdd(t *testing.T) {
	graphs := []string{"gzip.peg", "astar.peg", "bzip2.vfg", "gzip.vfg"}
	if testing.Short() {
		graphs = graphs[:3]
	}
	for _, name := range graphs {
		g, gr := load(t, name)
		want := inMemory(t, g, gr)
		for _, frac := range []float64{0.01, 0.1, 0.5} {
			t.Run(name+"/"+pct(frac), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(uint64(frac*1000), 7))
				added := make([]bool, len(g.Edges))
				for i := range added {
					added[i] = rng.Float64() < frac
				}
				base := subgraph(g, func(i int) bool { return !added[i] })
				more := subgraph(g, func(i int) bool { return added[i] })
				dir := filepath.Join(t.TempDir(), "store")
				s, err := Create(dir, base, gr, &Options{Partitions: 5, SpillBytes: 32 << 10})
				if err != nil {
					t.Fatal(err)
				}
				if err := s.Solve(context.Background()); err != nil {
					t.Fatal(err)
				}
				baseLoads := s.Stats().Loads
				// Close and reopen between the solves, as cflr solve --add does.
				s.Close()
				if s, err = Open(dir, gr, nil); err != nil {
					t.Fatal(err)
				}
				defer s.Close()
				if err := s.Add(more); err != nil {
					t.Fatal(err)
				}
				if err := s.Solve(context.Background()); err != nil {
					t.Fatal(err)
				}
				if got := storeFingerprint(t, s); !got.equal(want) {
					t.Fatalf("base + %s additions differs from the whole graph's closure:\n got  %v\n want %v", pct(frac), got, want)
				}
				if err := s.CheckInput(g); err != nil {
					t.Errorf("input digest after Add: %v", err)
				}
				t.Logf("%d + %d edges: base %d loads, addition %d loads", len(base.Edges), len(more.Edges), baseLoads, s.Stats().Loads)
			})
		}
	}
}

func pct(f float64) string {
	switch f {
	case 0.01:
		return "1%"
	case 0.1:
		return "10%"
	}
	return "50%"
}
