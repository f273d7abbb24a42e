package andersen_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/cflr/cflr/edgecentric"
	"github.com/cflr/cflr/frontend/grammars"
	"github.com/cflr/cflr/frontend/internal/andersen"
	"github.com/cflr/cflr/graph"
)

// oracle solves g under pointsto.cfg with edgecentric and returns FT as
// sorted sets by variable, in Sets' layout.
func oracle(t testing.TB, g *graph.Graph, threads int) *andersen.Sets {
	t.Helper()
	gr, err := grammars.Load("pointsto.cfg")
	if err != nil {
		t.Fatal(err)
	}
	res, err := edgecentric.Solve(context.Background(), g, gr, &edgecentric.Options{Threads: threads})
	if err != nil {
		t.Fatal(err)
	}
	ft, _ := res.Grammar().Lookup("FT")
	sets := make([][]uint32, g.NumVertices)
	res.ForEach(ft, func(e edgecentric.Edge) { sets[e.Dst] = append(sets[e.Dst], e.Src) })
	out := &andersen.Sets{Off: make([]uint32, g.NumVertices+1)}
	for v, s := range sets {
		slices.Sort(s)
		s = slices.Compact(s)
		out.Obj = append(out.Obj, s...)
		out.Off[v+1] = uint32(len(out.Obj))
	}
	return out
}

// diff describes the first difference between two solutions, or "".
func diff(g *graph.Graph, want, got *andersen.Sets) string {
	for v := uint32(0); v < g.NumVertices; v++ {
		if w, h := want.PointsTo(v), got.PointsTo(v); !slices.Equal(w, h) {
			return fmt.Sprintf("vertex %d: edgecentric %v, andersen %v", v, w, h)
		}
	}
	return ""
}

var labels = []string{"new", "assign", "load_i", "store_i", "load", "store", "fa_i", "fld_i", "call_i"}

// randomGraph draws a graph over pointsto.cfg's labels (and call_i, which
// the grammar does not use): nv vertices, ne edges, field indices below
// nf. Objects are the first third of the vertices, as allocations (new)
// and sub-objects (fld_i) come from them; everything else is drawn
// uniformly, so cycles through the heap and fld_i chains occur.
func randomGraph(r *rand.Rand, nv, ne, nf int) *graph.Graph {
	g := graph.New()
	g.NumVertices = uint32(nv)
	nobj := max(1, nv/3)
	for range ne {
		l := labels[r.IntN(len(labels))]
		src, dst := uint32(r.IntN(nv)), uint32(r.IntN(nv))
		idx := graph.NoIndex
		if graph.IsIndexedLabel(l) {
			idx = uint32(r.IntN(nf))
		}
		switch l {
		case "new":
			src = uint32(r.IntN(nobj))
		case "fld_i":
			src, dst = uint32(r.IntN(nobj)), uint32(r.IntN(nobj))
		}
		g.AddEdge(src, dst, l, idx)
	}
	return g
}

// TestSameAsEdgecentric solves random graphs over the grammar's labels
// with both solvers and compares every points-to set.
func TestSameAsEdgecentric(t *testing.T) {
	r := rand.New(rand.NewPCG(18, 2026))
	facts, cells, merged := 0, 0, 0
	for i := range 400 {
		nv := 2 + r.IntN(40)
		if i%20 == 0 {
			nv = 100 + r.IntN(200) // longer chains and more cycles
		}
		g := randomGraph(r, nv, r.IntN(4*nv), 1+r.IntN(3))
		want := oracle(t, g, 1+i%3)
		for _, k := range []andersen.SetKind{andersen.Sparse, andersen.Roaring, andersen.Blocks} {
			got, err := andersen.Solve(context.Background(), g, &andersen.Options{Sets: k})
			if err != nil {
				t.Fatal(err)
			}
			if d := diff(g, want, got); d != "" {
				t.Fatalf("graph %d (%d vertices, %d edges), sets %d: %s", i, nv, len(g.Edges), k, d)
			}
			facts += got.Stats.Facts
			cells += got.Stats.Cells
			merged += got.Stats.Merged
		}
	}
	// The comparison must not be vacuous.
	if facts < 10000 || cells == 0 || merged == 0 {
		t.Fatalf("random graphs too poor: %d facts, %d cells, %d nodes merged on cycles", facts, cells, merged)
	}
	t.Logf("%d facts compared, %d nodes merged on cycles", facts/3, merged/3)
}

// TestDeterministic: the sets do not depend on the order of the edges or
// on the bit set.
func TestDeterministic(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for i := range 50 {
		g := randomGraph(r, 200, 800, 3)
		first, err := andersen.Solve(context.Background(), g, nil)
		if err != nil {
			t.Fatal(err)
		}
		for j := range 4 {
			h := *g
			h.Edges = slices.Clone(g.Edges)
			r.Shuffle(len(h.Edges), func(a, b int) { h.Edges[a], h.Edges[b] = h.Edges[b], h.Edges[a] })
			got, err := andersen.Solve(context.Background(), &h, &andersen.Options{Sets: andersen.SetKind(j % 3)})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(first.Off, got.Off) || !slices.Equal(first.Obj, got.Obj) {
				t.Fatalf("graph %d, shuffle %d: %s", i, j, diff(g, first, got))
			}
		}
	}
}

// TestErrors: malformed input is refused as edgecentric refuses it, and
// labels that would seed a derived relation are refused.
func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		label string
		idx   uint32
	}{{"load_i", graph.NoIndex}, {"load", 3}, {"FT", graph.NoIndex}, {"-fld_i", 0}} {
		g := graph.New()
		g.AddEdge(0, 1, tc.label, tc.idx)
		if _, err := andersen.Solve(context.Background(), g, nil); err == nil {
			t.Errorf("%s index %d: no error", tc.label, tc.idx)
		}
	}
}

// BenchmarkSolveFile solves a saved points-to graph (CFLR_BENCH_GRAPH, a
// .bin file written by frontend's BenchmarkPointsToSolve) with each bit
// set.
//
//	CFLR_BENCH_GRAPH=/tmp/mailpit.bin go test -run X -bench SolveFile ./frontend/internal/andersen
func BenchmarkSolveFile(b *testing.B) {
	path := os.Getenv("CFLR_BENCH_GRAPH")
	if path == "" {
		b.Skip("CFLR_BENCH_GRAPH not set")
	}
	g, err := graph.ReadFile(path, graph.FormatBinary)
	if err != nil {
		b.Fatal(err)
	}
	for _, k := range []andersen.SetKind{andersen.Sparse, andersen.Roaring, andersen.Blocks} {
		b.Run([]string{"blocks", "sparse", "roaring"}[k], func(b *testing.B) {
			var st andersen.Stats
			c0 := cpu()
			for b.Loop() {
				res, err := andersen.Solve(context.Background(), g, &andersen.Options{Sets: k})
				if err != nil {
					b.Fatal(err)
				}
				st = res.Stats
			}
			b.ReportMetric((cpu()-c0).Seconds()/float64(b.N), "cpu-s/op")
			b.ReportMetric(float64(st.Facts), "facts")
			b.ReportMetric(float64(st.CopyEdges), "copy-edges")
			b.ReportMetric(float64(st.Processed), "processed")
			b.ReportMetric(float64(st.Cells), "cells")
			b.ReportMetric(float64(st.Merged), "merged")
		})
	}
}

// cpu is the process's CPU time (user and system): the machines the
// benchmarks run on are shared.
func cpu() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
