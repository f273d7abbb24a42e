package frontend_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/cflr/cflr/frontend"
)

// TestPruneTestdata checks Config.Prune on programs whose function
// declarations say "// kept" or "// dropped": testdata/prune, and the
// rules for the methods of converted types without reflection
// (prunerta), with text/template (prunereflect/template) and with a
// lookup by index (prunereflect/index).
func TestPruneTestdata(t *testing.T) {
	for _, dir := range pruneDirs {
		t.Run(dir, func(t *testing.T) { pruneTestdata(t, dir) })
	}
}

var pruneDirs = []string{"testdata/prune", "testdata/prunerta", "testdata/prunereflect/template", "testdata/prunereflect/index"}

func pruneTestdata(t *testing.T, dir string) {
	prog, err := frontend.Load(context.Background(), &frontend.Config{Dir: dir, Prune: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(prog.Errors) > 0 {
		t.Fatal(prog.Errors)
	}
	// Lines of package main where some SSA function (an instance, for a
	// generic declaration) has a body.
	withBody := map[int]bool{}
	for fn := range ssautil.AllFunctions(prog.SSA) {
		origin := fn // instances have no package: their origins do
		if o := fn.Origin(); o != nil {
			origin = o
		}
		if origin.Pkg == nil || origin.Pkg.Pkg.Name() != "main" || len(fn.Blocks) == 0 {
			continue
		}
		withBody[prog.Fset.Position(origin.Pos()).Line] = true
	}
	src, err := os.ReadFile(filepath.Join(dir, "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	ann := regexp.MustCompile(`// (kept|dropped)`)
	n := 0
	for i, line := range strings.Split(string(src), "\n") {
		m := ann.FindStringSubmatch(line)
		if m == nil || !strings.HasPrefix(line, "func ") {
			continue
		}
		n++
		if got := withBody[i+1]; got != (m[1] == "kept") {
			t.Errorf("line %d: %s: body kept = %v, want %s", i+1, strings.SplitN(line, "{", 2)[0], got, m[1])
		}
	}
	if n < 6 {
		t.Fatalf("only %d annotated declarations", n)
	}
	if prog.Pruned == 0 {
		t.Error("nothing pruned")
	}
	if dir == "testdata/prune" && prog.TableElems == 0 {
		t.Error("no table elements dropped")
	}
}

// TestPruneTestVariants loads testdata/prune with its tests: go/packages
// parses main.go once for the package and its test variant, and
// onlyInTests, unreachable in the first, must keep its body for the
// second.
func TestPruneTestVariants(t *testing.T) {
	prog, err := frontend.Load(context.Background(), &frontend.Config{Dir: "testdata/prune", Prune: true, Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(prog.Errors) > 0 {
		t.Fatal(prog.Errors)
	}
	n, bodies := 0, 0
	for fn := range ssautil.AllFunctions(prog.SSA) {
		if fn.Name() == "onlyInTests" {
			n++
			if len(fn.Blocks) > 0 {
				bodies++
			}
		}
	}
	if n < 2 || bodies == 0 {
		t.Fatalf("onlyInTests: %d functions (want 2: package and test variant), %d with bodies (want 1 or more)", n, bodies)
	}
}
