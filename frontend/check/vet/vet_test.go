package vet_test

import (
	"bufio"
	"bytes"
	"encoding/gob"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/cflr/cflr/frontend/check"
	"github.com/cflr/cflr/frontend/check/vet"
)

// recorder is an analysistest.Testing that collects the harness's
// complaints, so that they can be compared with the documented differences
// between vet mode and `cflr check`.
type recorder struct {
	t    *testing.T
	errs []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// analyzedFact is the per-package marker every analyzed package exports;
// the shared testdata does not spell it out.
var analyzedFact = regexp.MustCompile(`^\S+:1:1: unexpected fact: \{package \S+ \("[^"]+"\) analyzed\}$`)

// run runs a on patterns of dir and returns the harness's complaints,
// without the analyzed-package markers, with the directory prefix cut.
func run(t *testing.T, dir string, a *analysis.Analyzer, patterns ...string) []string {
	r := &recorder{t: t}
	analysistest.Run(r, dir, a, patterns...)
	var out []string
	for _, e := range r.errs {
		if analyzedFact.MatchString(e) {
			continue
		}
		out = append(out, e)
	}
	sort.Strings(out)
	return out
}

// The taint testdata reads the environment and arguments as well as
// requests: the analyzer runs under the cli profile, whose sources are
// the server profile's and the process's input. (The models are read
// once, so the flag is set before any test.)
func init() {
	if err := vet.Taint.Flags.Set("profile", "cli"); err != nil {
		panic(err)
	}
}

func TestNilFlow(t *testing.T) {
	// Its wants are every nil's (sentinels of nila.MayNil and
	// nilcases.mayNil among them): TestSharedTestdata's nilsources
	// tests the default.
	defer setNilSources(t, check.NilSourcesAll)()
	for _, e := range run(t, analysistest.TestData(), vet.NilFlow, "example.com/nilcases", "example.com/nila", "example.com/nilb") {
		t.Error(e)
	}
}

func TestTaint(t *testing.T) {
	for _, e := range run(t, analysistest.TestData(), vet.Taint, "example.com/taintcases", "example.com/tainta", "example.com/taintb") {
		t.Error(e)
	}
}

// TestSharedTestdata runs the analyzers on `cflr check`'s annotated
// packages (frontend/check/testdata/src). Where vet mode is less precise
// than the whole-program check, the harness's complaint is listed, with
// the reason, in testdata/differences.txt: the test fails on any other
// complaint, and on a listed one that no longer occurs.
func TestSharedTestdata(t *testing.T) {
	const shared = "../testdata/src"
	if _, err := os.Stat(shared + "/go.mod"); err != nil {
		t.Skip("no shared testdata")
	}
	want, why := differences(t, "testdata/differences.txt")
	got := map[string]int{}
	// The nilflow packages' wants are every nil's (check.NilSourcesAll),
	// but nilsources's, which are the default's (check's TestNilWant and
	// TestNilSources).
	allNils := []string{"./taintuniverse/..."}
	ents, err := os.ReadDir(shared)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if e.IsDir() && strings.HasPrefix(e.Name(), "nil") && e.Name() != "nilsources" {
			allNils = append(allNils, "./"+e.Name()+"/...")
		}
	}
	xss, err := filepath.Abs("../../../testdata/xss-responses.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		a        *analysis.Analyzer
		sources  string
		config   string // -taint.config
		patterns []string
	}{
		{vet.NilFlow, check.NilSourcesAll, "", allNils},
		{vet.NilFlow, check.NilSourcesDefault, "", []string{"./nilsources/..."}},
		{vet.Taint, "", "", []string{"./taint/...", "./taintcli/...", "./taintgosec/..."}},
		// The opt-in response-body sinks, as check's TestTaintXSS.
		{vet.Taint, "", xss, []string{"./taintxss/..."}},
	} {
		if c.sources != "" {
			defer setNilSources(t, c.sources)()
		}
		if err := vet.Taint.Flags.Set("config", c.config); err != nil {
			t.Fatal(err)
		}
		for _, e := range run(t, shared, c.a, c.patterns...) {
			if strings.Contains(e, ": unexpected fact: ") {
				continue // the shared testdata does not spell out vet's facts
			}
			got[normalize(e)]++
		}
	}
	if err := vet.Taint.Flags.Set("config", ""); err != nil {
		t.Fatal(err)
	}
	for e, n := range got {
		if n > want[e] {
			t.Errorf("undocumented difference from cflr check (%d more than listed):\n%s", n-want[e], e)
		}
	}
	for e, n := range want {
		if got[e] < n {
			t.Errorf("documented difference (%s) occurs %d times, listed %d times:\n%s", why[e], got[e], n, e)
		}
	}
}

// setNilSources sets -nilflow.sources and returns what restores it.
func setNilSources(t *testing.T, s string) func() {
	t.Helper()
	old := vet.NilFlow.Flags.Lookup("sources").Value.String()
	if err := vet.NilFlow.Flags.Set("sources", s); err != nil {
		t.Fatal(err)
	}
	return func() {
		if err := vet.NilFlow.Flags.Set("sources", old); err != nil {
			t.Fatal(err)
		}
	}
}

// normalize drops the line, the column and the witness steps of a
// complaint, which change with unrelated edits to the testdata; a
// complaint listed n times must occur n times.
var (
	dirRe     = regexp.MustCompile(`^.*?testdata/src/`)
	colRe     = regexp.MustCompile(`^(\S+?\.go):\d+(:\d+)?:`)
	witnessRe = regexp.MustCompile("(may be nil(?: interface)? at [^:\"`]+):[^\"`]*([\"`]?)$")
	sinkRe    = regexp.MustCompile("(reaches \\w+ sink)[^\"`]*([\"`]?)$")
	// An unexpected diagnostic's witness may quote code ("DROP TABLE ").
	unexpRe = regexp.MustCompile("(unexpected diagnostic: .*?reaches \\w+ sink).*$")
)

func normalize(e string) string {
	e = dirRe.ReplaceAllString(e, "")
	e = colRe.ReplaceAllString(e, "$1:")
	e = witnessRe.ReplaceAllString(e, `$1$2`)
	e = unexpRe.ReplaceAllString(e, `$1`)
	e = sinkRe.ReplaceAllString(e, `$1$2`)
	return e
}

// differences reads the documented differences: blocks of a "# reason"
// line followed by complaint lines; it returns how often each is listed,
// and why.
func differences(t *testing.T, path string) (map[string]int, map[string]string) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	count, reasons := map[string]int{}, map[string]string{}
	why := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.TrimSpace(line) == "":
		case strings.HasPrefix(line, "#"):
			why = strings.TrimSpace(strings.TrimPrefix(line, "#"))
		default:
			if why == "" {
				t.Fatalf("%s: %q has no reason above it", path, line)
			}
			count[line]++
			reasons[line] = why
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return count, reasons
}

// TestFactsDeterministic: two runs export byte-identical facts (go vet
// caches them by content). NilFlow only: the taint packages load net/http
// from source, which takes most of a minute on two cores; both analyzers
// share the code that orders the facts.
func TestFactsDeterministic(t *testing.T) {
	encode := func() map[string][]byte {
		out := map[string][]byte{}
		for _, a := range []*analysis.Analyzer{vet.NilFlow} {
			for _, r := range analysistest.Run(&recorder{t: t}, analysistest.TestData(), a, "example.com/nila", "example.com/nilcases") {
				for obj, facts := range r.Facts {
					name := r.Pass.Pkg.Path() // a package fact
					if obj != nil {
						name = obj.String()
					}
					for _, f := range facts {
						var buf bytes.Buffer
						if err := gob.NewEncoder(&buf).Encode(f); err != nil {
							t.Fatal(err)
						}
						out[a.Name+" "+name] = append(out[a.Name+" "+name], buf.Bytes()...)
					}
				}
			}
		}
		return out
	}
	first, second := encode(), encode()
	if len(first) == 0 {
		t.Fatal("no facts")
	}
	for k, v := range first {
		if !bytes.Equal(v, second[k]) {
			t.Errorf("facts of %s differ between runs", k)
		}
	}
}
