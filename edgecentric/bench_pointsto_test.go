package edgecentric_test

import (
	"context"
	"testing"

	"github.com/cflr/cflr/edgecentric"
	"github.com/cflr/cflr/frontend/grammars"
	"github.com/cflr/cflr/graph"
)

// BenchmarkSolvePointsTo solves the points-to graphs of two Go programs
// (testdata/ptsgraphs) under the frontend's embedded grammar in one
// partition, as cflr check does, with 1 and 2 threads.
func BenchmarkSolvePointsTo(b *testing.B) {
	gr, err := grammars.Load("pointsto.cfg")
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"miniflux.bin", "pebble.bin"} {
		g, err := graph.ReadFile("testdata/ptsgraphs/"+name, graph.FormatBinary)
		if err != nil {
			b.Fatal(err)
		}
		for _, threads := range []int{1, 2} {
			b.Run(name+"/threads="+string(rune('0'+threads)), func(b *testing.B) {
				var st edgecentric.Stats
				for b.Loop() {
					res, err := edgecentric.Solve(context.Background(), g, gr, &edgecentric.Options{Threads: threads, Partitions: 1})
					if err != nil {
						b.Fatal(err)
					}
					st = res.Stats
				}
				b.ReportMetric(float64(st.Derived)/st.Elapsed.Seconds()/1e6, "Mderived/s")
			})
		}
	}
}
