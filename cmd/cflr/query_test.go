package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	pocrVF  = "../../../shared/data/cfl/pocr/vf.cfg"
	pocrArt = "../../../shared/data/cfl/pocr/art.vfg"
)

// TestSolveDirQuery runs cflr solve --dir, --add and cflr query on art.vfg
// split in two files, and checks the POCR anchor (CountEdges 43,671) and
// the exit status of misuse.
func TestSolveDirQuery(t *testing.T) {
	data, err := os.ReadFile(pocrArt)
	if err != nil {
		t.Skipf("%s: %v", pocrArt, err)
	}
	tmp := t.TempDir()
	lines := strings.SplitAfter(string(data), "\n")
	base, more := filepath.Join(tmp, "base.tsv"), filepath.Join(tmp, "more.tsv")
	cut := len(lines) * 9 / 10
	os.WriteFile(base, []byte(strings.Join(lines[:cut], "")), 0o644)
	os.WriteFile(more, []byte(strings.Join(lines[cut:], "")), 0o644)
	dir := filepath.Join(tmp, "work")
	stdout, stderr, code := cflr(t, "solve", "--dir", dir, "--grammar", pocrVF, "--graph", base, "--partitions", "4", "--mem", "64MiB")
	if code != 0 {
		t.Fatalf("solve --dir: exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "4 partitions") {
		t.Errorf("solve --dir output lacks the partition count:\n%s", stdout)
	}
	stdout, stderr, code = cflr(t, "solve", "--dir", dir, "--add", more)
	if code != 0 || !strings.Contains(stdout, "CountEdges (A): 43671") {
		t.Fatalf("solve --add: exit %d, want CountEdges (A): 43671:\n%s%s", code, stdout, stderr)
	}
	stdout, _, code = cflr(t, "query", "--dir", dir, "--counts")
	if code != 0 || !strings.Contains(stdout, "CountEdges\t43671") {
		t.Fatalf("query --counts: exit %d:\n%s", code, stdout)
	}
	// Every A edge from the scan, and the same edges by --from.
	all, _, _ := cflr(t, "query", "--dir", dir, "--label", "A")
	from := map[string][]string{}
	for _, l := range strings.Split(strings.TrimSpace(all), "\n") {
		f := strings.Split(l, "\t")
		from[f[0]] = append(from[f[0]], f[1])
	}
	if len(from) == 0 {
		t.Fatal("query --label A printed no edges")
	}
	n := 0
	for v, want := range from {
		if n++; n > 20 {
			break
		}
		got, _, code := cflr(t, "query", "--dir", dir, "--label", "A", "--from", v)
		if code != 0 || strings.Join(strings.Fields(got), " ") != strings.Join(want, " ") {
			t.Errorf("query --from %s = %q, want %q", v, got, want)
		}
	}
	for _, args := range [][]string{
		{"solve", "--dir", dir, "--grammar", pocrVF, "--graph", base},                            // store exists
		{"solve", "--dir", dir, "--resume", "--graph", base},                                     // another graph
		{"solve", "--dir", dir, "--resume", "--grammar", "../../../shared/data/cfl/pocr/aa.cfg"}, // another grammar
		{"solve", "--grammar", pocrVF, "--graph", base, "--mem", "1GiB"},                         // --mem without --dir
		{"solve", "--dir", dir, "--resume", "--mem", "lots"},
		{"solve", "--grammar", pocrVF, "--graph", base, "--sync-interval", "2s"}, // without --dir
		{"solve", "--grammar", pocrVF, "--graph", base, "--split", "1MiB"},       // without --dir
		{"solve", "--dir", dir, "--resume", "--sync-interval", "-1s"},
		{"query", "--dir", filepath.Join(tmp, "none")},
		{"query", "--dir", dir, "--label", "nosuch"},
	} {
		if _, stderr, code := cflr(t, args...); code != 2 {
			t.Errorf("cflr %s: exit %d, want 2 (%s)", strings.Join(args, " "), code, stderr)
		}
	}
}
