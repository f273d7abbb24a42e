package frontend

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/callgraph"
	"golang.org/x/tools/go/callgraph/cha"
	xvta "golang.org/x/tools/go/callgraph/vta"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/cflr/cflr/frontend/internal/vta"
)

// TestVTAFork checks that allFunctions is ssautil.AllFunctions, and that
// internal/vta, x/tools' VTA with a parallel graph construction, gives
// x/tools' call graph: the same callees at every call site, hence the
// same dynamicCallees, whatever the number of workers and GOMAXPROCS.
func TestVTAFork(t *testing.T) {
	type prog struct {
		dir, pattern string
		prune        bool
	}
	progs := []prog{
		{"testdata/src", "./...", false},
		{"testdata/prune", ".", true},
		{"check/testdata/src", "./...", true},
	}
	if !testing.Short() {
		// A real program: go/packages, go/types and much of the
		// standard library, from the module cache.
		progs = append(progs, prog{".", "golang.org/x/tools/cmd/stringer", true})
	}
	for _, p := range progs {
		t.Run(filepath.Join(p.dir, p.pattern), func(t *testing.T) {
			prog, err := Load(context.Background(), &Config{Dir: p.dir, Debug: true, Prune: p.prune}, p.pattern)
			if err != nil {
				t.Fatal(err)
			}
			if len(prog.Errors) > 0 {
				t.Fatal(prog.Errors)
			}
			all, users := allFunctionsUsers(prog.SSA)
			// allFunctions is AllFunctions in two goroutines.
			if xall := ssautil.AllFunctions(prog.SSA); !maps.Equal(all, xall) {
				t.Fatalf("allFunctions: %d functions, ssautil.AllFunctions %d", len(all), len(xall))
			}
			want := xvta.CallGraph(all, nil)
			wantSites, wantDyn := siteCallees(want), dynamicCallees(want)
			// Not a vacuous comparison: the programs call through
			// interfaces and function values.
			if len(wantDyn) == 0 {
				t.Fatal("no dynamic call site resolved")
			}
			// threads 0 is GOMAXPROCS workers; 3 more workers than
			// processors.
			for _, c := range []struct{ procs, threads int }{{1, 0}, {2, 0}, {2, 3}} {
				procs, threads := c.procs, c.threads
				name := fmt.Sprintf("GOMAXPROCS=%d threads=%d", procs, threads)
				old := runtime.GOMAXPROCS(procs)
				got := vta.CallGraph(all, nil, threads)
				gotDyn := sortCallees(vta.Callees(all, threads), users)
				runtime.GOMAXPROCS(old)
				if err := sameCallees(wantSites, siteCallees(got)); err != nil {
					t.Errorf("%s: CallGraph: %v", name, err)
				}
				if err := sameCallees(wantDyn, dynamicCallees(got)); err != nil {
					t.Errorf("%s: dynamicCallees(CallGraph): %v", name, err)
				}
				if err := sameCallees(wantDyn, gotDyn); err != nil {
					t.Errorf("%s: Callees (what Analyze uses): %v", name, err)
				}
			}
			t.Logf("%d functions, %d sites, %d dynamic sites resolved", len(all), len(wantSites), len(wantDyn))
			if p.dir != "testdata/src" {
				return
			}
			// With an initial call graph (what CallGraphOf passes).
			initial := cha.CallGraph(prog.SSA)
			want = xvta.CallGraph(all, initial)
			got := vta.CallGraph(all, initial, 2)
			if err := sameCallees(siteCallees(want), siteCallees(got)); err != nil {
				t.Errorf("with CHA's initial call graph: %v", err)
			}
		})
	}
}

// siteCallees is the set of callees of each call site of cg, as sorted
// lists (x/tools lists them in map order).
func siteCallees(cg *callgraph.Graph) map[ssa.CallInstruction][]*ssa.Function {
	m := map[ssa.CallInstruction][]*ssa.Function{}
	for _, n := range cg.Nodes {
		for _, e := range n.Out {
			m[e.Site] = append(m[e.Site], e.Callee.Func)
		}
	}
	for site, fs := range m {
		m[site] = slices.Compact(sortedFuncs(fs))
	}
	return m
}

// sortedFuncs sorts fs by name and then by identity. (dynamicCallees
// sorts by name and position only: distinct functions may tie there, and
// x/tools' map order, varying by run, then orders them.)
func sortedFuncs(fs []*ssa.Function) []*ssa.Function {
	fs = slices.Clone(fs)
	slices.SortFunc(fs, compareFuncs)
	return fs
}

func sameCallees(want, got map[ssa.CallInstruction][]*ssa.Function) error {
	bad := 0
	var first error
	for site, w := range want {
		if g := got[site]; !slices.Equal(sortedFuncs(w), sortedFuncs(g)) {
			bad++
			if first == nil {
				first = fmt.Errorf("%s at %v: callees %v, want %v", site, site.Parent(), g, w)
			}
		}
	}
	for site := range got {
		if _, ok := want[site]; !ok {
			bad++
			if first == nil {
				first = fmt.Errorf("%s at %v: callees %v, want none", site, site.Parent(), got[site])
			}
		}
	}
	if bad > 0 {
		return fmt.Errorf("%d of %d sites differ; first: %w", bad, len(want), first)
	}
	return nil
}

// compareFuncs orders functions by their full name and then by identity
// (two functions may share a name: instances, wrappers).
func compareFuncs(a, b *ssa.Function) int {
	if a == b {
		return 0
	}
	if c := strings.Compare(a.String(), b.String()); c != 0 {
		return c
	}
	return strings.Compare(fmt.Sprintf("%p", a), fmt.Sprintf("%p", b))
}
