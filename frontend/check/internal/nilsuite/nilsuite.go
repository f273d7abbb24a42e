// Package nilsuite scores a nil checker's reports on x/tools' nilness
// testdata (frontend/check/testdata/nilness), for the tests of both
// `cflr check` and vet mode.
//
// nilness's // want messages are its own wording, so reports are matched
// by line. Only want lines whose message names a use that panics count
// (Panics): nil dereferences, the index of a nil slice and a nil slice
// converted to an array of length > 0. The others (impossible or
// tautological conditions, panic(nil), ranges over nil slices and maps,
// sends and receives on nil channels) do not panic there.
package nilsuite

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// Panics matches the nilness messages of uses that panic.
var Panics = regexp.MustCompile(`^nil dereference in |^index of nil slice$|^nil slice being cast to an array of len > 0`)

// The pass mark of issue 18: at least 26 of the 28 panicking want lines,
// at most one report on another line.
const (
	MaxMissed = 2
	MaxExtra  = 1
)

// Report is one finding of the checker under test.
type Report struct {
	File    string // absolute
	Line    int
	Message string
}

// Result is the score, per package (the directory below the suite's root).
type Result struct {
	Total, Found map[string]int
	Missed       []string // file:line: want
	Extra        []string // file:line: message
}

// Sum is the number of panicking want lines reported, and their total.
func (r *Result) Sum() (found, total int) {
	for p, n := range r.Total {
		total += n
		found += r.Found[p]
	}
	return found, total
}

// Fail says why the score is below the pass mark ("" when it is not).
func (r *Result) Fail() string {
	found, total := r.Sum()
	if total-found > MaxMissed || len(r.Extra) > MaxExtra {
		return fmt.Sprintf("%d of %d panicking want lines reported (at least %d wanted), %d reports on other lines (at most %d allowed)",
			found, total, total-MaxMissed, len(r.Extra), MaxExtra)
	}
	return ""
}

var wantRe = regexp.MustCompile(`// want "((?:[^"\\]|\\.)*)"`)

// Score matches reports against the want lines of the .go files below
// root (absolute).
func Score(root string, reports []Report) (*Result, error) {
	type line struct {
		file string
		n    int
	}
	wants := map[line]string{} // panicking want lines
	pkgOf := map[line]string{}
	res := &Result{Total: map[string]int{}, Found: map[string]int{}}
	err := filepath.Walk(root, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		for i, l := range strings.Split(string(src), "\n") {
			m := wantRe.FindStringSubmatch(l)
			if m == nil || !Panics.MatchString(m[1]) {
				continue
			}
			k := line{path, i + 1}
			wants[k], pkgOf[k] = m[1], rel
			res.Total[rel]++
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	hit := map[line]bool{}
	for _, r := range reports {
		k := line{r.File, r.Line}
		if _, ok := wants[k]; !ok {
			res.Extra = append(res.Extra, fmt.Sprintf("%s:%d: %s", rel(root, r.File), r.Line, r.Message))
			continue
		}
		if !hit[k] {
			hit[k] = true
			res.Found[pkgOf[k]]++
		}
	}
	for k, w := range wants {
		if !hit[k] {
			res.Missed = append(res.Missed, fmt.Sprintf("%s:%d: %s", rel(root, k.file), k.n, w))
		}
	}
	sort.Strings(res.Missed)
	sort.Strings(res.Extra)
	return res, nil
}

func rel(root, file string) string {
	if r, err := filepath.Rel(root, file); err == nil {
		return r
	}
	return file
}

// ExpectedMiss lists the panicking want lines nilflow leaves out on
// purpose, with the reason; any other miss fails the test.
var ExpectedMiss = map[string]string{
	// if len(slice) > 3 { _ = slice[2] } where slice is known nil: len is
	// 0, so the branch cannot run. nilness does not model len and wants
	// the index; NilAway's suite wants such a branch silent
	// (slices.go's len(a) != 0 cases). Code that cannot run has no panics.
	"a/a.go:283: index of nil slice": "the len test decides the branch: it cannot run",
}

// Check logs r per package, its misses and extras, and fails t on a miss
// not in ExpectedMiss or when r fails the suite's bar (Fail).
func (r *Result) Check(t testing.TB) {
	t.Helper()
	var pkgs []string
	for p := range r.Total {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	for _, p := range pkgs {
		t.Logf("package %s: %d/%d panicking want lines reported", p, r.Found[p], r.Total[p])
	}
	for _, m := range r.Missed {
		if why, ok := ExpectedMiss[m]; ok {
			t.Logf("missed, as expected: %s (%s)", m, why)
			continue
		}
		t.Errorf("missed: %s", m)
	}
	for _, e := range r.Extra {
		t.Logf("extra: %s", e)
	}
	found, total := r.Sum()
	t.Logf("total: %d/%d panicking want lines, %d reports on other lines", found, total, len(r.Extra))
	if msg := r.Fail(); msg != "" {
		t.Error(msg)
	}
}
