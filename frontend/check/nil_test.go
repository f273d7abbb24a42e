package check

import (
	"context"
	"reflect"
	"strings"
	"testing"
)

// nilPkgs are the nilflow testdata packages, each with // want comments.
// Their wants are every nil's (NilSourcesAll): they test how nils flow
// and how guards and refutation stop them, whatever their source;
// testdata/src/nilsources tests the default's choice of sources
// (TestNilSources).
var nilPkgs = []string{"nilbasic", "nilflow/...", "nilcorr", "nilmem", "nilerr", "nilrecall", "nilkill", "nildispatch", "nilloop", "nilphi", "nilerrmodel", "niliface"}

func TestNilWant(t *testing.T) {
	for _, pkg := range nilPkgs {
		t.Run(pkg, func(t *testing.T) {
			fs, _ := runCheck(t, &Config{Checks: []string{"nilflow"}, Context: true, NilSources: NilSourcesAll}, pkg)
			expect(t, fs, pkg)
		})
	}
}

// TestNilSuppressAndDeterminism: //cflr:ignore removes exactly the
// suppressed findings (NoSuppress brings them back, and Stats counts
// them), and findings and witnesses are the same whatever the thread
// count and with --context off or on where the flow is not
// context-dependent.
func TestNilSuppressAndDeterminism(t *testing.T) {
	prog := loadTestdata(t, "nilflow/...")
	run := func(cfg *Config) []Finding {
		fs, err := Run(context.Background(), prog, cfg)
		if err != nil {
			t.Fatal(err)
		}
		return fs
	}
	var st Stats
	one := run(&Config{Checks: []string{"nilflow"}, Context: true, Threads: 1, Stats: &st})
	four := run(&Config{Checks: []string{"nilflow"}, Context: true, Threads: 4})
	if !reflect.DeepEqual(one, four) {
		t.Errorf("1 and 4 threads differ:\n%v\n%v", one, four)
	}
	all := run(&Config{Checks: []string{"nilflow"}, Context: true, NoSuppress: true})
	if st.Suppressed != 2 || len(all) != len(one)+2 {
		t.Errorf("suppressed %d, %d findings with suppression, %d without", st.Suppressed, len(one), len(all))
	}
	if st.FlowVerts == 0 || st.FlowEdges == 0 || len(st.Checks) != 1 || st.Checks[0].Findings != len(all) {
		t.Errorf("stats %+v", st)
	}
	for _, f := range one {
		if len(f.Witness) == 0 {
			t.Errorf("%s: no witness", f)
		}
	}
}

// TestNilContextInsensitive: without call-site matching, the nil that id
// returns to one caller reaches the other caller too; refutation, which
// binds the callee's parameter to the argument of the call site the nil
// returns to, finds that witness infeasible.
func TestNilContextInsensitive(t *testing.T) {
	for _, noRefute := range []bool{true, false} {
		fs, _ := runCheck(t, &Config{Checks: []string{"nilflow"}, Context: false, NoRefute: noRefute, NilSources: NilSourcesAll}, "nilbasic")
		found := false
		for _, f := range fs {
			if f.Pos.Line == 82 { // return a.x in contexts()
				found = true
			}
		}
		if found != noRefute {
			t.Errorf("context-insensitive run, no refutation %v: a.x at line 82 reported %v: %v", noRefute, found, fs)
		}
	}
}

func TestInScope(t *testing.T) {
	scope := []string{"example.com/app/...", "example.com/lib"}
	for path, want := range map[string]bool{
		"example.com/app":          true,
		"example.com/app/internal": true,
		"example.com/application":  false,
		"example.com/lib":          true,
		"example.com/lib/sub":      false,
		"fmt":                      false,
	} {
		if got := InScope(path, scope); got != want {
			t.Errorf("InScope(%q) = %v, want %v", path, got, want)
		}
	}
}

// TestNilScope: Config.Scope makes a package the patterns did not name
// local (its nils and sinks count) without naming it.
func TestNilScope(t *testing.T) {
	prog := loadTestdata(t, "nilflow")
	for _, scope := range [][]string{nil, {"checktest/nilflow/..."}} {
		fs, err := Run(context.Background(), prog, &Config{Checks: []string{"nilflow"}, Context: true, Scope: scope})
		if err != nil {
			t.Fatal(err)
		}
		inDep := false
		for _, f := range fs {
			if strings.HasSuffix(f.Pos.Filename, "dep/dep.go") {
				inDep = true
			}
		}
		if inDep != (scope != nil) {
			t.Errorf("scope %v: finding in dep: %v", scope, inDep)
		}
	}
}
