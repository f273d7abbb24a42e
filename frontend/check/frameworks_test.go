package check

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cflr/cflr/frontend"
)

// TestFrameworks checks the framework models (models.yaml) against the
// frameworks' real APIs: testdata/frameworks is a module of its own that
// pins gin, echo, chi, fiber, gorilla/mux, macaron, gorm, sqlx, pgx,
// go-pg, ent, xorm, pongo2 and templ in its go.mod, with one small program per framework
// whose lines carry // want comments; the parameterized, constant and
// sanitized calls beside them must stay silent.
//
// The modules come from the module proxy (or the module cache): the test
// skips, saying so, only when they cannot be downloaded.
func TestFrameworks(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a dozen frameworks (about a minute); -short skips it")
	}
	const dir = "testdata/frameworks"
	dl := exec.Command("go", "mod", "download")
	dl.Dir = dir
	dl.Env = append(os.Environ(), "GOFLAGS=-mod=readonly", "GOWORK=off")
	if out, err := dl.CombinedOutput(); err != nil {
		t.Skipf("the frameworks' modules cannot be downloaded (%v): %s", err, strings.TrimSpace(string(out)))
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if !e.IsDir() {
			continue
		}
		// One program at a time: all of them in one load (one
		// points-to solve over every framework) grew past 13 GiB.
		t.Run(e.Name(), func(t *testing.T) {
			prog, err := frontend.Load(context.Background(), &frontend.Config{Dir: dir, Debug: true, Prune: true}, "./"+e.Name())
			if err != nil {
				t.Fatal(err)
			}
			if len(prog.Errors) > 0 {
				t.Fatalf("testdata has errors: %v", prog.Errors)
			}
			// Both checks run: neither may crash on a framework (a
			// panic is an error, frontend.InternalError).
			// With the opt-in response-body sinks (xssResponses): the
			// frameworks' raw writers are tested here.
			fs, err := Run(context.Background(), prog, &Config{Checks: []string{"taint", "nilflow"}, Context: true, Taint: xssResponses(t)})
			if err != nil {
				t.Fatal(err)
			}
			var taint []Finding
			for _, f := range fs {
				if f.Check == "taint" {
					taint = append(taint, f)
				}
			}
			expectIn(t, taint, filepath.Join(dir, e.Name()))
		})
	}
}
