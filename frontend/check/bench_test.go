package check

import (
	"context"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/cflr/cflr/frontend"
)

// BenchmarkPhases times the check phases that follow the points-to
// analysis (value-flow build, each check with its witnesses) on a real
// module, loaded and analyzed once as `cflr check` does:
//
//	CFLR_BENCH_DIR=/path/to/module CFLR_BENCH_PATTERN=./cmd/app \
//	CFLR_BENCH_SCOPE=example.com/app/... go test -run X -bench Phases ./frontend/check
//
// (-cpuprofile and -benchmem profile the phases alone). It is skipped
// without CFLR_BENCH_DIR.
func BenchmarkPhases(b *testing.B) {
	dir := os.Getenv("CFLR_BENCH_DIR")
	if dir == "" {
		b.Skip("CFLR_BENCH_DIR not set")
	}
	pattern := os.Getenv("CFLR_BENCH_PATTERN")
	if pattern == "" {
		pattern = "."
	}
	var scope []string
	if s := os.Getenv("CFLR_BENCH_SCOPE"); s != "" {
		scope = strings.Split(s, ",")
	}
	ctx := context.Background()
	prog, err := frontend.Load(ctx, &frontend.Config{Dir: dir, Debug: true, Prune: true,
		DebugPackages: func(path string) bool {
			first, _, _ := strings.Cut(path, "/")
			return InScope(path, scope) || strings.Contains(first, ".")
		}}, pattern)
	if err != nil {
		b.Fatal(err)
	}
	if len(prog.Errors) > 0 {
		b.Fatal(prog.Errors)
	}
	a, err := frontend.Analyze(ctx, prog, &frontend.AnalysisOptions{Partitions: pointsToPartitions, BoxPerType: true})
	if err != nil {
		b.Fatal(err)
	}
	cfg := &Config{Context: true, Scope: scope}
	// facts runs a pre-pass to its end (Run overlaps it with Analyze).
	facts := func() *funcFacts {
		pre := startPrepass(prog)
		<-pre.done
		return pre.facts
	}
	build := func(b *testing.B, f *funcFacts) *FlowGraph {
		flow, err := BuildFlow(prog, a, &FlowOptions{Context: true, Scope: scope, facts: f})
		if err != nil {
			b.Fatal(err)
		}
		return flow
	}
	// cpu-s/op is the process's user+system time per operation (GC
	// included): on a shared machine, a steadier measure than ns/op;
	// min-cpu-s, the least of them, steadier still. min-s is the least
	// wall time of an operation (the phases run on several threads: how
	// much of that shows depends on the other load).
	b.Run("flow", func(b *testing.B) {
		b.ReportAllocs()
		cpu, least, wall := time.Duration(0), time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			f := facts()
			b.StartTimer()
			c0, w0 := cpuTime(), time.Now()
			build(b, f)
			d := cpuTime() - c0
			wall = min(wall, time.Since(w0))
			cpu += d
			least = min(least, d)
		}
		b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
		b.ReportMetric(least.Seconds(), "min-cpu-s")
		b.ReportMetric(wall.Seconds(), "min-s")
	})
	for _, c := range Checkers() {
		b.Run(c.Name(), func(b *testing.B) {
			b.ReportAllocs()
			cpu, least, wall := time.Duration(0), time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				pass := &Pass{Prog: prog, Analysis: a, Flow: build(b, facts()), Config: cfg}
				b.StartTimer()
				c0, w0 := cpuTime(), time.Now()
				if _, err := c.Run(ctx, pass); err != nil {
					b.Fatal(err)
				}
				d := cpuTime() - c0
				wall = min(wall, time.Since(w0))
				cpu += d
				least = min(least, d)
			}
			b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
			b.ReportMetric(least.Seconds(), "min-cpu-s")
			b.ReportMetric(wall.Seconds(), "min-s")
		})
	}
}
