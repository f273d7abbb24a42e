package check

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestNilSources: by default nilflow leaves out the sentinel nil
// constants that functions whose results do not end in an error return
// and the nils stored into struct fields (nilsources.go). In
// testdata/src/nilsources the default reports exactly the // want lines;
// NilSourcesAll reports those and exactly the lines marked "// all"
// besides. A use reached by both a dropped and a kept nil is reported
// with the kept one's witness.
func TestNilSources(t *testing.T) {
	const dir = "testdata/src/nilsources"
	def, _ := runCheck(t, &Config{Checks: []string{"nilflow"}, Context: true}, "nilsources/...")
	expect(t, def, "nilsources/...")
	all, _ := runCheck(t, &Config{Checks: []string{"nilflow"}, Context: true, NilSources: NilSourcesAll}, "nilsources/...")

	marked := map[string]bool{} // file:line of the "// all" lines
	walkTestdata(t, dir, func(abs string, src []byte) error {
		for i, l := range strings.Split(string(src), "\n") {
			if strings.HasSuffix(l, "// all") {
				marked[fmt.Sprintf("%s:%d", abs, i+1)] = true
			}
		}
		return nil
	})
	key := func(f Finding) string {
		abs, _ := filepath.Abs(f.Pos.Filename)
		return fmt.Sprintf("%s:%d", abs, f.Pos.Line)
	}
	inDef := map[string]bool{}
	for _, f := range def {
		inDef[key(f)+" "+f.Message] = true
	}
	extra := map[string]bool{}
	for _, f := range all {
		if !inDef[key(f)+" "+f.Message] {
			extra[key(f)] = true
		}
	}
	if len(marked) == 0 {
		t.Fatal("no line marked // all")
	}
	for l := range extra {
		if !marked[l] {
			t.Errorf("NilSourcesAll: finding on %s, which is not marked // all", l)
		}
	}
	for l := range marked {
		if !extra[l] {
			t.Errorf("NilSourcesAll: no finding on %s, marked // all", l)
		}
	}
	if len(all) != len(def)+len(marked) {
		t.Errorf("NilSourcesAll: %d findings, want the default's %d and %d marked", len(all), len(def), len(marked))
	}

	// both(): the sentinel of first and a local nil reach t.x; the
	// witness is the local nil's.
	found := false
	for _, f := range def {
		if !strings.Contains(f.Message, "t may be nil at field access t.x") || f.Func != "both" && !strings.HasSuffix(f.Func, ".both") {
			continue
		}
		found = true
		for _, s := range f.Witness {
			if strings.Contains(s.Desc, "returned") {
				t.Errorf("both: the witness leaves first through its return:\n%s", witnessString(f))
			}
		}
	}
	if !found {
		t.Error("both: no finding at t.x")
	}

	// useLabelNil(): the nil passed as t comes back out of label's return
	// under t == nil (pret), and the witness says so.
	found = false
	for _, f := range def {
		if !strings.Contains(f.Message, "label(t) may be nil") {
			continue
		}
		found = true
		if w := witnessString(f); !strings.Contains(w, "returned as nil from nilsources.label, where t is nil") {
			t.Errorf("useLabelNil: the witness does not say label returns t's nil:\n%s", w)
		}
	}
	if !found {
		t.Error("useLabelNil: no finding at *label(t)")
	}
}

// TestNilSourcesSubset: on every nilflow testdata package, the default
// reports a subset of NilSourcesAll's findings: it only leaves edges out.
func TestNilSourcesSubset(t *testing.T) {
	for _, pkg := range nilPkgs {
		t.Run(pkg, func(t *testing.T) {
			prog := loadTestdata(t, pkg)
			run := func(cfg *Config) []Finding {
				fs, err := Run(t.Context(), prog, cfg)
				if err != nil {
					t.Fatal(err)
				}
				return fs
			}
			def := run(&Config{Checks: []string{"nilflow"}, Context: true})
			all := run(&Config{Checks: []string{"nilflow"}, Context: true, NilSources: NilSourcesAll})
			in := map[string]bool{}
			for _, f := range all {
				in[f.Pos.String()+" "+f.Message] = true
			}
			for _, f := range def {
				if !in[f.Pos.String()+" "+f.Message] {
					t.Errorf("default, not NilSourcesAll: %s: %s", f.Pos, f.Message)
				}
			}
			t.Logf("%s: %d findings by default, %d with NilSourcesAll", pkg, len(def), len(all))
		})
	}
}
