package vet_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/cflr/cflr/frontend"
	"github.com/cflr/cflr/frontend/check"
	"github.com/cflr/cflr/frontend/check/vet"
)

// TestNilAwayModesAgree runs nilflow on NilAway's suite in both modes,
// `cflr check` on the whole suite and vet mode package by package, and
// compares their findings (file, line, message without the witness). The
// two share one value-flow builder, so they agree except where vet mode
// lacks another package: a nil passed to a function of another package
// is reported at the call ("nil may be nil at call of Deref, which
// reaches dereference of v") in vet mode, at the dereference inside the
// callee in `cflr check`. The test fails on any difference that
// testdata/nilaway-differences.txt does not list, with its reason.
func TestNilAwayModesAgree(t *testing.T) {
	// Both settings of nil sources, each with its differences: every
	// nil's (check.NilSourcesAll) and the default's.
	for _, c := range []struct{ sources, differences string }{
		{check.NilSourcesAll, "testdata/nilaway-differences.txt"},
		{check.NilSourcesDefault, "testdata/nilaway-differences-default.txt"},
	} {
		t.Run(c.sources, func(t *testing.T) {
			defer setNilSources(t, c.sources)()
			modesAgree(t, c.sources, c.differences)
		})
	}
}

func modesAgree(t *testing.T, sources, differencesFile string) {
	const dir = "../testdata/nilaway"
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	key := func(file string, line int, msg string) string {
		if r, err := filepath.Rel(abs, file); err == nil {
			file = r
		}
		if i := strings.Index(msg, ": "); i >= 0 {
			msg = msg[:i] // the witness
		}
		return fmt.Sprintf("%s:%d: %s", file, line, msg)
	}

	lcfg := &frontend.Config{Dir: dir, Debug: true, Prune: true,
		DebugPackages: func(path string) bool { return strings.HasPrefix(path, "go.uber.org/") }}
	prog, err := frontend.Load(context.Background(), lcfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	fs, err := check.Run(context.Background(), prog, &check.Config{Checks: []string{"nilflow"}, Context: true, NilSources: sources})
	if err != nil {
		t.Fatal(err)
	}
	whole := map[string]bool{}
	for _, f := range fs {
		p := f.Pos.Filename
		if !filepath.IsAbs(p) {
			p = filepath.Join(prog.WorkingDir(), p)
		}
		whole[key(p, f.Pos.Line, f.Message)] = true
	}

	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Dir: dir}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	g, err := checker.Analyze([]*analysis.Analyzer{vet.NilFlow}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	modular := map[string]bool{}
	for _, act := range g.Roots {
		if act.Err != nil {
			t.Fatalf("%s: %v", act, act.Err)
		}
		for _, d := range act.Diagnostics {
			p := act.Package.Fset.Position(d.Pos)
			modular[key(p.Filename, p.Line, d.Message)] = true
		}
	}

	var onlyWhole, onlyVet []string
	for k := range whole {
		if !modular[k] {
			onlyWhole = append(onlyWhole, k)
		}
	}
	for k := range modular {
		if !whole[k] {
			onlyVet = append(onlyVet, k)
		}
	}
	sort.Strings(onlyWhole)
	sort.Strings(onlyVet)
	t.Logf("cflr check: %d findings, vet mode: %d; only cflr check: %d, only vet mode: %d", len(whole), len(modular), len(onlyWhole), len(onlyVet))
	want, why := differences(t, differencesFile)
	got := map[string]bool{}
	for _, k := range onlyWhole {
		got["only cflr check: "+k] = true
	}
	for _, k := range onlyVet {
		got["only vet mode: "+k] = true
	}
	var keys []string
	for k := range got {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if want[k] == 0 {
			t.Errorf("undocumented difference between the modes:\n%s", k)
		}
	}
	for k := range want {
		if !got[k] {
			t.Errorf("documented difference (%s) no longer occurs:\n%s", why[k], k)
		}
	}
}
