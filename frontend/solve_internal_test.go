package frontend

import (
	"context"
	"fmt"
	"os"
	"slices"
	"sync"
	"testing"

	"github.com/cflr/cflr/edgecentric"
	"github.com/cflr/cflr/frontend/grammars"
	"github.com/cflr/cflr/grammar"
)

// TestMain makes every solve of the context-insensitive grammar in this
// package's tests (the annotated programs of testdata/src, go/pointer's
// suite in testdata/pointer, the pruning and order fixtures, ...) a
// comparison of internal/andersen against edgecentric, set by set.
func TestMain(m *testing.M) {
	verifySolve = compareWithEdgecentric
	code := m.Run()
	verified.Lock()
	defer verified.Unlock()
	for _, e := range verified.errs {
		fmt.Fprintln(os.Stderr, "specialised solver differs from edgecentric:", e)
		code = 1
	}
	if code == 0 && testing.Verbose() {
		fmt.Fprintf(os.Stderr, "specialised solver: %d solves, %d points-to pairs compared with edgecentric\n", verified.solves, verified.facts)
	}
	os.Exit(code)
}

var verified struct {
	sync.Mutex
	solves, facts int
	errs          []string
}

// compareWithEdgecentric solves a's graph with edgecentric and compares FT
// with the sets the specialised solver left in a.
func compareWithEdgecentric(a *Analysis, gr *grammar.Grammar) {
	err := sameAsEdgecentric(a, gr)
	verified.Lock()
	defer verified.Unlock()
	verified.solves++
	verified.facts += len(a.ptsObj)
	if err != nil {
		verified.errs = append(verified.errs, err.Error())
	}
}

func sameAsEdgecentric(a *Analysis, gr *grammar.Grammar) error {
	res, err := edgecentric.Solve(context.Background(), a.Graph.Graph, gr, &edgecentric.Options{Threads: 2})
	if err != nil {
		return err
	}
	ft, _ := res.Grammar().Lookup("FT")
	n := a.Graph.NumVertices
	sets := make([][]uint32, n)
	res.ForEach(ft, func(e edgecentric.Edge) { sets[e.Dst] = append(sets[e.Dst], e.Src) })
	for v := range n {
		want := slices.Compact(slices.Sorted(slices.Values(sets[v])))
		if got := a.ptsObj[a.ptsOff[v]:a.ptsOff[v+1]]; !slices.Equal(want, got) {
			return fmt.Errorf("%s: edgecentric %v, specialised %v", a.Graph.VertexName(v), want, got)
		}
	}
	return nil
}

// TestSpecialisedSolver runs the annotated programs under the options that
// change the graph, each compared with edgecentric by TestMain's hook, and
// checks that the hook ran and that the comparison can fail.
func TestSpecialisedSolver(t *testing.T) {
	prog, err := Load(context.Background(), &Config{Dir: "testdata/src", Debug: true}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	verified.Lock()
	before := verified.solves
	verified.Unlock()
	var last *Analysis
	var solved []*Analysis
	for _, o := range []AnalysisOptions{{}, {NoMerge: true}, {BoxPerType: true}, {Refine: true}, {AllFunctions: true, ScalarContainers: true}, {NoReflection: true}} {
		o.Threads = 2
		a, err := Analyze(context.Background(), prog, &o)
		if err != nil {
			t.Fatal(err)
		}
		if a.Result() != nil {
			t.Errorf("%+v: solved with edgecentric", o)
		}
		last = a
		solved = append(solved, a)
	}
	// The sets do not depend on the thread count (VTA's and the build's
	// workers; the solver is sequential).
	for _, threads := range []int{1, 3} {
		a, err := Analyze(context.Background(), prog, &AnalysisOptions{Threads: threads})
		if err != nil {
			t.Fatal(err)
		}
		if first := solved[0]; !slices.Equal(a.ptsOff, first.ptsOff) || !slices.Equal(a.ptsObj, first.ptsObj) {
			t.Errorf("%d threads: other sets than 2 threads", threads)
		}
	}
	verified.Lock()
	solves := verified.solves - before
	verified.Unlock()
	if solves < 9 {
		t.Fatalf("%d solves compared, want 9", solves)
	}
	// A wrong set must be caught: drop one object from the largest set.
	gr, err := grammars.Load("pointsto.cfg")
	if err != nil {
		t.Fatal(err)
	}
	big := uint32(0)
	for v := range last.Graph.NumVertices {
		if last.ptsOff[v+1]-last.ptsOff[v] > last.ptsOff[big+1]-last.ptsOff[big] {
			big = v
		}
	}
	last.ptsObj = slices.Delete(slices.Clone(last.ptsObj), int(last.ptsOff[big]), int(last.ptsOff[big]+1))
	for v := big + 1; v <= last.Graph.NumVertices; v++ {
		last.ptsOff[v]--
	}
	if err := sameAsEdgecentric(last, gr); err == nil {
		t.Error("a set missing an object compares equal")
	}
}
