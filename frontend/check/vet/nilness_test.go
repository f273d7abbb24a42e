package vet_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/cflr/cflr/frontend/check/internal/nilsuite"
	"github.com/cflr/cflr/frontend/check/vet"
)

// TestNilnessSuite is frontend/check's TestNilnessSuite in vet mode: the
// NilFlow analyzer on x/tools' nilness testdata, scored by line
// (nilsuite). analysistest's own complaints are ignored: nilness's want
// messages are not cflr's.
func TestNilnessSuite(t *testing.T) {
	dir, err := filepath.Abs("../testdata/nilness")
	if err != nil {
		t.Fatal(err)
	}
	var got []nilsuite.Report
	for _, r := range analysistest.Run(&recorder{t: t}, dir, vet.NilFlow, "./a", "./b", "./c", "./d") {
		if r.Err != nil {
			t.Fatalf("%s: %v", r.Pass.Pkg.Path(), r.Err)
		}
		for _, d := range r.Diagnostics {
			p := r.Pass.Fset.Position(d.Pos)
			abs, _ := filepath.Abs(p.Filename)
			got = append(got, nilsuite.Report{File: abs, Line: p.Line, Message: d.Message})
		}
	}
	s, err := nilsuite.Score(dir, got)
	if err != nil {
		t.Fatal(err)
	}
	s.Check(t)
}
