package check

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/cflr/cflr/frontend"
	"github.com/cflr/cflr/frontend/check/internal/nilsuite"
)

// TestNilnessSuite runs nilflow on x/tools' nilness testdata
// (testdata/nilness, packages a-d) and scores it by line: the want lines
// whose nilness message names a panicking use (nilsuite.Panics) must be
// reported (all but nilsuite.MaxMissed), and at most nilsuite.MaxExtra
// findings may fall on other lines.
func TestNilnessSuite(t *testing.T) {
	const dir = "testdata/nilness"
	prog, err := frontend.Load(context.Background(), &frontend.Config{Dir: dir, Debug: true, Prune: true}, "./a", "./b", "./c", "./d")
	if err != nil {
		t.Fatal(err)
	}
	if len(prog.Errors) > 0 {
		t.Fatalf("testdata has errors: %v", prog.Errors)
	}
	// nilness's sources are the code's own: both settings of nil
	// sources (nilsources.go) score the same.
	for _, sources := range []string{NilSourcesDefault, NilSourcesAll} {
		t.Run(sources, func(t *testing.T) {
			fs, err := Run(context.Background(), prog, &Config{Checks: []string{"nilflow"}, Context: true, NilSources: sources})
			if err != nil {
				t.Fatal(err)
			}
			var got []nilsuite.Report
			for _, f := range fs {
				abs, _ := filepath.Abs(f.Pos.Filename)
				got = append(got, nilsuite.Report{File: abs, Line: f.Pos.Line, Message: f.Message})
			}
			abs, _ := filepath.Abs(dir)
			score, err := nilsuite.Score(abs, got)
			if err != nil {
				t.Fatal(err)
			}
			score.Check(t)
		})
	}
}
