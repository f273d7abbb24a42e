package edgecentric_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/cflr/cflr/edgecentric"
	"github.com/cflr/cflr/frontend/grammars"
	"github.com/cflr/cflr/graph"
)

// BenchmarkSolvePointsTo solves the points-to graphs of two Go programs
// (testdata/ptsgraphs, written by cflr graph --boxes type --prune) under
// the frontend's embedded grammar with 1 and 2 threads, in one partition
// and in the default ones (4 per thread, as cflr check does since
// 4e48f09).
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
			for _, parts := range []int{1, 0} {
				b.Run(fmt.Sprintf("%s/threads=%d/partitions=%d", name, threads, parts), func(b *testing.B) {
					var st edgecentric.Stats
					for b.Loop() {
						res, err := edgecentric.Solve(context.Background(), g, gr, &edgecentric.Options{Threads: threads, Partitions: parts})
						if err != nil {
							b.Fatal(err)
						}
						st = res.Stats
					}
					b.ReportMetric(float64(st.Derived)/st.Elapsed.Seconds()/1e6, "Mderived/s")
					b.ReportMetric(float64(st.Rounds), "rounds")
				})
			}
		}
	}
}
