package check

import (
	"context"
	"os"
	"strings"
	"testing"

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
	build := func() *FlowGraph {
		flow, err := BuildFlow(prog, a, &FlowOptions{Context: true, Scope: scope})
		if err != nil {
			b.Fatal(err)
		}
		return flow
	}
	b.Run("flow", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			build()
		}
	})
	for _, c := range Checkers() {
		b.Run(c.Name(), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				pass := &Pass{Prog: prog, Analysis: a, Flow: build(), Config: cfg}
				b.StartTimer()
				if _, err := c.Run(ctx, pass); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
