package check

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cflr/cflr/frontend"
	"github.com/cflr/cflr/frontend/check/internal/linetally"
)

// NilAway's testdata (testdata/nilaway, see its README) is a measured
// suite, not a pass/fail one: its // want comments are regexps of
// NilAway's wording, so a nilflow finding on a want line counts as a hit
// (linetally). The test fails when the hits fall below nilawayHitFloor,
// which is raised as recall improves; bench/nilaway-suite/TRIAGE.md
// triages the findings on lines without a want.

// nilawayHitFloor is the number of want lines hit at the last measure
// (of 787). Refutation (refute.go) took it from 359 to 353: the six want
// lines it no longer hits are NilAway's wants on code that cannot run
// (if ok2 with var ok2 bool: userdefinedfunctions.go:377, 378), on a nil
// its own path rules out (if ok || otherOk with otherOk false and v nil
// only with ok false: userdefinedfunctions.go:96; imply(s) != nil with s
// nil: contracts.go:676, a false positive NilAway's comment admits) and
// on a nil returned with a nil error used where the error is not nil
// (errorreturn.go:310, 316: the want is about the nils returned with a
// non-nil error); and 22 findings on lines without a want went (146 ->
// 124), all triaged false positives in bench/nilaway-suite/TRIAGE.md.
//
// Recall work (issue 18, Must show 2) took it from 367 to 547 (70 %):
// access paths through loaded pointers in local memory (a.f.g = v;
// *a.f.g: +90, contracts and errorreturn), slicing a nil slice past
// length 0 (+63, slices), a pointer dereferenced unguarded in a function
// that compares it with nil, staticcheck's SA5011 (+14, nilcheck), and
// an index of a load that local memory says reads only a nil (g = nil;
// g[0]: +13, slices); lines without a want 126 -> 133, triaged in
// TRIAGE.md. That is every nil's figure (NilSourcesAll). 546 since
// refutation knows that a nil pointer equals itself (refuteconst.go's
// equalNils): nilcheck/nonconditionalflow.go:80, `!(v != v) || *v == 1`,
// wants a report for a dereference that never runs (v != v is false, so
// the || stops before it); the suite's own comment on case 16 says its
// wants there are what NilAway reports, not what can panic.
const nilawayHitFloor = 546

// nilawayDefaultHitFloor is the default nil sources' figure
// (nilsources.go): NilAway's suite is mostly sentinel returns and nils
// in fields, which NilAway infers and the default leaves out (375 at
// its introduction; 372 since nils stored into slice elements are not
// followed to other functions by default). 517 (66 %) since the default
// drops only a function's sentinel nil constants (nilsources.go): +10
// for values received or loaded and returned (channels), +80 for a
// comma-ok's nil beside its constant flag (contracts), +42 for a result
// nil on every return, at direct calls (namedreturn,
// multipleassignment), +13 for a nil returned where a parameter is nil
// (functioncontracts); lines without a want 119 -> 125, all triaged in
// bench/nilaway-suite/TRIAGE.md (4 false: retNil() != nil &&
// *retNil(), two calls). 516 since `!(v != v) || *v == 1` is refuted
// (see nilawayHitFloor). 515 since a value stored into a map's element
// is not followed through the heap by default, as a slice's is not: 12
// lines without a want fewer (consts.go's case 4 nil, mp[k] = nil, had
// reached the loads of cases 0-3 in the same function; deepnil2.go's and
// looprange.go's maps), and one want lost, consts.go:52, the load right
// after that store, which only the flow-insensitive heap had reached.
const nilawayDefaultHitFloor = 515

var nilawayList = flag.Bool("nilaway.list", false, "TestNilAwaySuite: log the findings on lines without a want and the want lines missed")

func TestNilAwaySuite(t *testing.T) {
	const dir = "testdata/nilaway"
	start := time.Now()
	// One load of every package: 28 loads of one directory each take
	// ten times as long, for the same findings. As in `cflr check`, the
	// standard library gets no debug information (it names no finding).
	lcfg := &frontend.Config{Dir: dir, Debug: true, Prune: true,
		DebugPackages: func(path string) bool { return strings.HasPrefix(path, "go.uber.org/") }}
	prog, err := frontend.Load(context.Background(), lcfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if len(prog.Errors) > 0 {
		t.Fatalf("testdata has errors: %v", prog.Errors)
	}
	for _, c := range []struct {
		sources string
		floor   int
	}{{NilSourcesAll, nilawayHitFloor}, {NilSourcesDefault, nilawayDefaultHitFloor}} {
		fs, err := Run(context.Background(), prog, &Config{Checks: []string{"nilflow"}, Context: true, NilSources: c.sources})
		if err != nil {
			t.Fatal(err)
		}
		var reports []linetally.Report
		for _, f := range fs {
			reports = append(reports, linetally.Report{File: f.Pos.Filename, Line: f.Pos.Line, Message: f.Message})
		}
		tally, err := linetally.Count(dir, reports)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("cflr check --checks nilflow --nil-sources=%s on NilAway's suite (%d findings, %v):\n%s", c.sources, len(fs), time.Since(start).Round(time.Millisecond), tally)
		if *nilawayList {
			logList(t, tally)
		}
		if tally.Total.Hits < c.floor {
			t.Errorf("--nil-sources=%s: nilflow hits %d of %d want lines, below the floor of %d", c.sources, tally.Total.Hits, tally.Total.Wants, c.floor)
		}
	}
}

// logList logs a tally's unwanted findings and missed want lines.
func logList(t *testing.T, tally *linetally.Tally) {
	var b strings.Builder
	fmt.Fprintf(&b, "findings on lines without a want:\n")
	for _, r := range tally.Unwanted {
		fmt.Fprintf(&b, "  %s:%d: %s\n", r.File, r.Line, r.Message)
	}
	fmt.Fprintf(&b, "want lines missed:\n")
	for _, m := range tally.Missed {
		fmt.Fprintf(&b, "  %s\n", m)
	}
	t.Log(b.String())
}
