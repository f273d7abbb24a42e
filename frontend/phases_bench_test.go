package frontend

import (
	"context"
	"os"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	xvta "golang.org/x/tools/go/callgraph/vta"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/cflr/cflr/edgecentric"
	"github.com/cflr/cflr/frontend/grammars"
	"github.com/cflr/cflr/frontend/internal/andersen"
	"github.com/cflr/cflr/frontend/internal/vta"
	"github.com/cflr/cflr/graph"
)

// BenchmarkPhases times Analyze's own phases (VTA, graph building, merging)
// on a whole program, loaded as cflr check loads it: CFLR_BENCH_DIR is the
// module's directory and CFLR_BENCH_PKG its patterns (default "."). Each
// phase reports its CPU time (user+system, all threads) beside the wall
// time, since the machines it runs on are shared.
//
//	CFLR_BENCH_DIR=/work/eval/miniflux go test -run X -bench Phases -benchtime 5x ./frontend
func BenchmarkPhases(b *testing.B) {
	dir, pat := os.Getenv("CFLR_BENCH_DIR"), os.Getenv("CFLR_BENCH_PKG")
	if dir == "" {
		b.Skip("CFLR_BENCH_DIR not set")
	}
	if pat == "" {
		pat = "."
	}
	prog, err := Load(context.Background(), &Config{Dir: dir, Debug: true, Prune: true,
		DebugPackages: func(path string) bool { return strings.Contains(strings.SplitN(path, "/", 2)[0], ".") }}, strings.Fields(pat)...)
	if err != nil {
		b.Fatal(err)
	}
	all, users := allFunctionsUsers(prog.SSA)
	prog.setFuncs(all, users)
	m := sortCallees(vta.Callees(all, 0), users)
	resolve := func(site ssa.CallInstruction) []*ssa.Function { return m[site] }
	cpu := func() time.Duration {
		var ru syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	run := func(name string, f func(b *testing.B)) {
		b.Run(name, func(b *testing.B) {
			c0 := cpu()
			f(b)
			b.ReportMetric((cpu()-c0).Seconds()/float64(b.N), "cpu-s/op")
		})
	}
	run("allFunctions", func(b *testing.B) {
		for b.Loop() {
			allFunctions(prog.SSA)
		}
	})
	run("xallFunctions", func(b *testing.B) { // what allFunctions was
		for b.Loop() {
			ssautil.AllFunctions(prog.SSA)
		}
	})
	// vta is what Analyze runs (internal/vta, on GOMAXPROCS workers);
	// xvta is x/tools' serial original, for the side-by-side.
	run("vta", func(b *testing.B) {
		for b.Loop() {
			sortCallees(vta.Callees(all, 0), users)
		}
	})
	run("xvta", func(b *testing.B) {
		for b.Loop() {
			dynamicCallees(xvta.CallGraph(all, nil))
		}
	})
	// vta-ab runs the two alternately, for a side-by-side on a shared
	// machine: wall and CPU seconds per run of each.
	b.Run("vta-ab", func(b *testing.B) {
		var wall, used [2]time.Duration
		for b.Loop() {
			for i, f := range []func(){
				func() { sortCallees(vta.Callees(all, 0), users) },
				func() { dynamicCallees(xvta.CallGraph(all, nil)) },
			} {
				t0, c0 := time.Now(), cpu()
				f()
				wall[i] += time.Since(t0)
				used[i] += cpu() - c0
			}
		}
		n := float64(b.N)
		b.ReportMetric(wall[0].Seconds()/n, "vta-s/op")
		b.ReportMetric(used[0].Seconds()/n, "vta-cpu-s/op")
		b.ReportMetric(wall[1].Seconds()/n, "xvta-s/op")
		b.ReportMetric(used[1].Seconds()/n, "xvta-cpu-s/op")
	})
	run("reach", func(b *testing.B) {
		for b.Loop() {
			reachableFuncs(prog, prog.sortedFuncs(), resolve)
		}
	})
	run("build", func(b *testing.B) {
		for b.Loop() {
			if _, err := Build(prog, &Options{Callees: resolve, BoxPerType: true}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("merge", func(b *testing.B) {
		var used time.Duration // the builds are not timed
		for b.Loop() {
			b.StopTimer()
			g, err := Build(prog, &Options{Callees: resolve, BoxPerType: true})
			if err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			c0 := cpu()
			g.mergeEquivalent()
			used += cpu() - c0
		}
		b.ReportMetric(used.Seconds()/float64(b.N), "cpu-s/op")
	})
}

// BenchmarkPointsToSolve solves one program's points-to graph, built as
// cflr check builds it (boxes per type, merged), with the specialised
// solver in each of its bit sets (blocks is the default) and with edgecentric, alternately, and
// reports each one's wall and CPU seconds per solve side by side.
//
//	CFLR_BENCH_DIR=/work/eval/mailpit go test -run X -bench PointsToSolve -benchtime 5x ./frontend
func BenchmarkPointsToSolve(b *testing.B) {
	dir, pat := os.Getenv("CFLR_BENCH_DIR"), os.Getenv("CFLR_BENCH_PKG")
	if dir == "" {
		b.Skip("CFLR_BENCH_DIR not set")
	}
	if pat == "" {
		pat = "."
	}
	ctx := context.Background()
	prog, err := Load(ctx, &Config{Dir: dir, Debug: true, Prune: true,
		DebugPackages: func(path string) bool { return strings.Contains(strings.SplitN(path, "/", 2)[0], ".") }}, strings.Fields(pat)...)
	if err != nil {
		b.Fatal(err)
	}
	a, err := Analyze(ctx, prog, &AnalysisOptions{BoxPerType: true})
	if err != nil {
		b.Fatal(err)
	}
	gr, err := grammars.Load("pointsto.cfg")
	if err != nil {
		b.Fatal(err)
	}
	g := a.Graph.Graph
	b.Logf("%d vertices, %d edges, %d points-to pairs", g.NumVertices, len(g.Edges), len(a.ptsObj))
	// CFLR_BENCH_GRAPH saves the graph (.bin) for internal/andersen's
	// BenchmarkSolveFile.
	if path := os.Getenv("CFLR_BENCH_GRAPH"); path != "" {
		if err := graph.WriteFile(path, g, graph.FormatBinary); err != nil {
			b.Fatal(err)
		}
	}
	cpu := func() time.Duration {
		var ru syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	solvers := []struct {
		name  string
		solve func() error
	}{
		{"blocks", func() error { _, err := andersen.Solve(ctx, g, nil); return err }},
		{"sparse", func() error { _, err := andersen.Solve(ctx, g, &andersen.Options{Sets: andersen.Sparse}); return err }},
		{"roaring", func() error { _, err := andersen.Solve(ctx, g, &andersen.Options{Sets: andersen.Roaring}); return err }},
		{"edgecentric", func() error { _, err := edgecentric.Solve(ctx, g, gr, &edgecentric.Options{}); return err }},
	}
	wall := make([]time.Duration, len(solvers))
	used := make([]time.Duration, len(solvers))
	for b.Loop() {
		for i, s := range solvers {
			runtime.GC()
			t0, c0 := time.Now(), cpu()
			if err := s.solve(); err != nil {
				b.Fatal(err)
			}
			wall[i] += time.Since(t0)
			used[i] += cpu() - c0
		}
	}
	for i, s := range solvers {
		b.ReportMetric(wall[i].Seconds()/float64(b.N), s.name+"-s/op")
		b.ReportMetric(used[i].Seconds()/float64(b.N), s.name+"-cpu-s/op")
	}
}
