package edgecentric_test

import (
	"context"
	"testing"

	"github.com/cflr/cflr/edgecentric"
)

// BenchmarkSolve reports derived edges per second for the default
// configuration on the POCR graphs that CI carries, with 1 and 2 threads.
func BenchmarkSolve(b *testing.B) {
	for _, tc := range []struct{ graph, grammar string }{
		{"gzip.vfg", "vf.cfg"}, {"namd.vfg", "vf.cfg"}, {"gzip.peg", "aa.cfg"}, {"astar.vfg", "vf.cfg"},
	} {
		g, gr := load(b, tc.graph, tc.grammar)
		for _, threads := range []int{1, 2} {
			b.Run(tc.graph+"/threads="+string(rune('0'+threads)), func(b *testing.B) {
				var st edgecentric.Stats
				for b.Loop() {
					res, err := edgecentric.Solve(context.Background(), g, gr, &edgecentric.Options{Threads: threads})
					if err != nil {
						b.Fatal(err)
					}
					st = res.Stats
				}
				b.ReportMetric(float64(st.Derived)/st.Elapsed.Seconds()/1e6, "Mderived/s")
				b.ReportMetric(float64(st.SetBytes)/float64(st.Stored), "setB/edge")
			})
		}
	}
}
