package vet_test

import (
	"path/filepath"
	"sort"
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
	var pkgs []string
	for p := range s.Total {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	for _, p := range pkgs {
		t.Logf("package %s: %d/%d panicking want lines reported", p, s.Found[p], s.Total[p])
	}
	for _, m := range s.Missed {
		if why, ok := nilsuite.ExpectedMiss[m]; ok {
			t.Logf("missed, as expected: %s (%s)", m, why)
			continue
		}
		t.Errorf("missed: %s", m)
	}
	for _, e := range s.Extra {
		t.Logf("extra: %s", e)
	}
	found, total := s.Sum()
	t.Logf("total: %d/%d panicking want lines, %d reports on other lines", found, total, len(s.Extra))
	if msg := s.Fail(); msg != "" {
		t.Error(msg)
	}
}
