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

// TestSplitKeepsPending splits a partition whose waiting messages all go
// to the new partition (a solved low half with records, added edges on a
// new high half): the new partition's pending count must be the bytes
// waiting for it, and it must be marked as having work, or a later split
// of it leaves its messages where no step gathers them.
func TestSplitKeepsPending(t *testing.T) {
	g, gr := load(t, "gzip.vfg")
	half := g.NumVertices / 2
	low := func(i int) bool { return g.Edges[i].Src < half && g.Edges[i].Dst < half }
	high := func(i int) bool { return g.Edges[i].Src >= half && g.Edges[i].Dst >= half }
	base := subgraph(g, low)
	more := subgraph(g, high)
	want := inMemory(t, subgraph(g, func(i int) bool { return low(i) || high(i) }), gr)
	dir := filepath.Join(t.TempDir(), "store")
	s, err := Create(dir, base, gr, &Options{Partitions: 1, SplitBytes: 1 << 40})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Solve(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := s.Add(more); err != nil {
		t.Fatal(err)
	}
	work, err := s.pendingWork()
	if err != nil {
		t.Fatal(err)
	}
	// Weighed by record sizes alone, the cut falls inside the low half.
	if err := s.splitInto(0, 2, 0, &work); err != nil {
		t.Fatal(err)
	}
	if len(s.parts) != 2 {
		t.Fatalf("%d partitions after the split, want 2", len(s.parts))
	}
	for q := range s.parts {
		var n int64
		if err := s.scanMsgs(q, nil, func(_, m []byte) error { n += int64(len(m)); return nil }); err != nil {
			t.Fatal(err)
		}
		if s.pend[q] != n || work[q] != (n > 0 || s.parts[q].Rebuild) {
			t.Errorf("partition %d: pending %d bytes, work %v; the store holds %d bytes for it", q, s.pend[q], work[q], n)
		}
	}
	if s.pend[0] != 0 {
		t.Errorf("partition 0 kept %d bytes of messages; the test wants none", s.pend[0])
	}
	if err := s.Solve(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := storeFingerprint(t, s); !got.equal(want) {
		t.Fatalf("closure differs from the whole graph's:\n got  %v\n want %v", got, want)
	}
}
