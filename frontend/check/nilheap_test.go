package check

import (
	"os"
	"strings"
	"testing"
)

// TestNilHeap: by default nilflow does not follow a nil through a struct
// field it was stored into as a value other than the constant nil
// (testdata/src/nilheap: the wants stay, the lines marked silent get
// nothing); with NilHeap it does, and exactly the silent lines are
// reported besides.
func TestNilHeap(t *testing.T) {
	const file = "testdata/src/nilheap/heap.go"
	// Its true positives are a nil constant in a field and a sentinel
	// return: NilSourcesAll's (nilsources.go).
	fs, _ := runCheck(t, &Config{Checks: []string{"nilflow"}, Context: true, NilSources: NilSourcesAll}, "nilheap")
	expect(t, fs, "nilheap")
	all, _ := runCheck(t, &Config{Checks: []string{"nilflow"}, Context: true, NilHeap: true, NilSources: NilSourcesAll}, "nilheap")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	silent := map[int]bool{}
	for i, l := range strings.Split(string(src), "\n") {
		if strings.HasSuffix(l, "// silent") {
			silent[i+1] = true
		}
	}
	seen := map[int]bool{}
	for _, f := range fs {
		seen[f.Pos.Line] = true
	}
	extra := map[int]bool{}
	for _, f := range all {
		if !seen[f.Pos.Line] {
			extra[f.Pos.Line] = true
		}
	}
	if len(silent) == 0 || len(extra) != len(silent) {
		t.Errorf("with NilHeap, new findings on lines %v, want the silent lines %v", extra, silent)
	}
	for l := range silent {
		if !extra[l] {
			t.Errorf("with NilHeap, no finding on silent line %d", l)
		}
	}
}
