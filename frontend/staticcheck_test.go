package frontend_test

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/frontend"
)

// TestCheckStatic runs the static-callee check on the annotated programs:
// every static call (go and defer included) of a reachable function is an
// edge; and the check does see an edge taken out of the graph and a callee
// taken out of the reachable set.
func TestCheckStatic(t *testing.T) {
	prog, err := frontend.Load(context.Background(), &frontend.Config{Dir: "testdata/src", Debug: true}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	a, err := frontend.Analyze(context.Background(), prog, &frontend.AnalysisOptions{Threads: 2, CallGraphOnly: true, BoxPerType: true})
	if err != nil {
		t.Fatal(err)
	}
	cg := a.CallGraph()
	sc := frontend.CheckStatic(a, cg)
	var buf bytes.Buffer
	if err := sc.WriteText(&buf, prog); err != nil {
		t.Fatal(err)
	}
	// The counts include the standard library's bodies that
	// testdata/src/reflection reaches, so they follow the Go release; what
	// must hold is that nothing is missing and nothing is unreached.
	const want = " 0 missing edges, 0 unreached callees\n"
	if got := buf.String(); !strings.HasPrefix(got, "# static check: ") || !strings.HasSuffix(got, want) || sc.Funcs < 71 || sc.Sites < 44 {
		t.Errorf("got %q, want at least 71 functions and 44 sites and a line ending in %q", got, want)
	}
	sites, nfuncs := sc.Sites, sc.Funcs

	// Take out the edge of `go worker(t, ch)` (goroutines/main.go:14).
	i := slices.IndexFunc(cg.Edges, func(e frontend.CallEdge) bool {
		return e.Callee.Name() == "worker" && e.Callee.Pkg != nil && e.Callee.Pkg.Pkg.Name() == "main" && strings.HasSuffix(e.Callee.Pkg.Pkg.Path(), "/goroutines")
	})
	if i < 0 {
		t.Fatal("no edge into goroutines' worker")
	}
	gone := cg.Edges[i]
	cut := &frontend.CallGraph{Edges: slices.Delete(slices.Clone(cg.Edges), i, i+1)}
	sc = frontend.CheckStatic(a, cut)
	if len(sc.Missing) != 1 || sc.Missing[0] != gone || len(sc.Unreached) != 0 || sc.Sites != sites {
		t.Errorf("edge %v removed: missing %v, unreached %v, %d sites", gone, sc.Missing, sc.Unreached, sc.Sites)
	}

	// Take worker out of the reachable functions: its caller's site is
	// then an unreached callee, and its own sites are not scanned.
	funcs := a.Graph.Funcs
	a.Graph.Funcs = slices.DeleteFunc(slices.Clone(funcs), func(f *ssa.Function) bool { return f == gone.Callee })
	sc = frontend.CheckStatic(a, cg)
	a.Graph.Funcs = funcs
	if len(sc.Unreached) != 1 || sc.Unreached[0] != gone || len(sc.Missing) != 0 || sc.Funcs != nfuncs-1 {
		t.Errorf("worker unreachable: unreached %v, missing %v, %d functions", sc.Unreached, sc.Missing, sc.Funcs)
	}
}
