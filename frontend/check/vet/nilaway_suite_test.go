package vet_test

import (
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/cflr/cflr/frontend/check"
	"github.com/cflr/cflr/frontend/check/internal/linetally"
	"github.com/cflr/cflr/frontend/check/vet"
)

// vetNilAwayHitFloor is the number of NilAway's want lines that vet mode
// hit at the last measure (of 787); see frontend/check's TestNilAwaySuite.
// The recall sources of issue 18 (frontend/check: deref.go, nilslice.go,
// nilchecked.go) took it from 365 to 545 through the shared builder
// (cflr check: 547). 544 since refutation knows that a nil pointer
// equals itself: `!(v != v) || *v == 1` never dereferences (see
// frontend/check's nilawayHitFloor).
const vetNilAwayHitFloor = 544

// vetNilAwayDefaultHitFloor is the default nil sources' figure
// (-nilflow.sources=default; cflr check: nilawayDefaultHitFloor): 371,
// then 515 since the default drops only the nil constants a function
// returns as sentinels (not a value it received, a comma-ok's nil, an
// always-nil result at a direct call, a nil parameter's nil coming
// back). 514 since `!(v != v) || *v == 1` is refuted; 513 since map
// elements' stores are not followed by default (see
// nilawayDefaultHitFloor).
const vetNilAwayDefaultHitFloor = 513

// TestNilAwaySuite scores vet mode's NilFlow on NilAway's suite as
// frontend/check's test of the same name scores `cflr check`: a report on
// a want line is a hit. It fails when the hits fall below the floor.
func TestNilAwaySuite(t *testing.T) {
	const dir = "../testdata/nilaway"
	start := time.Now()
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Dir: dir}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("testdata has errors")
	}
	for _, c := range []struct {
		sources string
		floor   int
	}{{check.NilSourcesAll, vetNilAwayHitFloor}, {check.NilSourcesDefault, vetNilAwayDefaultHitFloor}} {
		restore := setNilSources(t, c.sources)
		g, err := checker.Analyze([]*analysis.Analyzer{vet.NilFlow}, pkgs, nil)
		restore()
		if err != nil {
			t.Fatal(err)
		}
		var reports []linetally.Report
		for _, act := range g.Roots {
			if act.Err != nil {
				t.Fatalf("%s: %v", act, act.Err)
			}
			for _, d := range act.Diagnostics {
				p := act.Package.Fset.Position(d.Pos)
				reports = append(reports, linetally.Report{File: p.Filename, Line: p.Line, Message: d.Message})
			}
		}
		tally, err := linetally.Count(dir, reports)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("vet mode's NilFlow, -nilflow.sources=%s, on NilAway's suite (%d reports, %v):\n%s", c.sources, len(reports), time.Since(start).Round(time.Millisecond), tally)
		for _, r := range tally.Unwanted {
			t.Logf("no want (%s): %s:%d: %s", c.sources, r.File, r.Line, r.Message)
		}
		if tally.Total.Hits < c.floor {
			t.Errorf("-nilflow.sources=%s: NilFlow hits %d of %d want lines, below the floor of %d", c.sources, tally.Total.Hits, tally.Total.Wants, c.floor)
		}
	}
}
