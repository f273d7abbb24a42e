package edgecentric_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cflr/cflr/edgecentric"
	"github.com/cflr/cflr/frontend/grammars"
	"github.com/cflr/cflr/graph"
)

// BenchmarkSolvePointsTo solves the points-to graphs of two Go programs
// (testdata/ptsgraphs, written by cflr graph --boxes type --prune) under
// the frontend's embedded grammar with 1 and 2 threads, in one partition
// and in the default ones (4 per thread, as cflr check does since
// 4e48f09). CFLR_BENCH_GRAPHS adds graphs of that kind (binary files,
// space-separated paths) after them, such as a whole program's too large
// to commit:
//
//	cflr graph --boxes type --prune -o /tmp/mailpit.bin .   # in the module
//	CFLR_BENCH_GRAPHS=/tmp/mailpit.bin go test -run X -bench SolvePointsTo ./edgecentric
//
// cpu-s/op is user+system time per solve (GC included): on a shared
// machine, steadier than ns/op.
func BenchmarkSolvePointsTo(b *testing.B) {
	gr, err := grammars.Load("pointsto.cfg")
	if err != nil {
		b.Fatal(err)
	}
	paths := []string{"testdata/ptsgraphs/miniflux.bin", "testdata/ptsgraphs/pebble.bin"}
	paths = append(paths, strings.Fields(os.Getenv("CFLR_BENCH_GRAPHS"))...)
	for _, path := range paths {
		name := filepath.Base(path)
		g, err := graph.ReadFile(path, graph.FormatBinary)
		if err != nil {
			b.Fatal(err)
		}
		for _, threads := range []int{1, 2} {
			for _, parts := range []int{1, 0} {
				b.Run(fmt.Sprintf("%s/threads=%d/partitions=%d", name, threads, parts), func(b *testing.B) {
					var st edgecentric.Stats
					c0 := cpuTime()
					for b.Loop() {
						res, err := edgecentric.Solve(context.Background(), g, gr, &edgecentric.Options{Threads: threads, Partitions: parts})
						if err != nil {
							b.Fatal(err)
						}
						st = res.Stats
					}
					b.ReportMetric((cpuTime()-c0).Seconds()/float64(b.N), "cpu-s/op")
					b.ReportMetric(float64(st.Derived)/st.Elapsed.Seconds()/1e6, "Mderived/s")
					b.ReportMetric(float64(st.Derived), "derived")
					b.ReportMetric(float64(st.Rounds), "rounds")
				})
			}
		}
	}
}

// cpuTime is the process's user and system time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
