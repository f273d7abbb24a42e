package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func TestFixCommit(t *testing.T) {
	for _, tc := range []struct{ url, repo, commit string }{
		{"https://github.com/yi-ge/unzip/commit/2adbaa4891b9690853ef10216189189f5ad7dc73", "yi-ge/unzip", "2adbaa4891b9690853ef10216189189f5ad7dc73"},
		{"https://github.com/o/r.git/commit/ABCDEF1", "o/r", "abcdef1"},
		{"https://github.com/yi-ge/unzip/pull/1", "", ""},
		{"https://gitlab.com/o/r/commit/2adbaa4891b9690853ef10216189189f5ad7dc73", "", ""},
	} {
		repo, commit, ok := FixCommit(tc.url)
		if repo != tc.repo || commit != tc.commit || ok != (tc.repo != "") {
			t.Errorf("FixCommit(%s) = %q %q %v, want %q %q", tc.url, repo, commit, ok, tc.repo, tc.commit)
		}
	}
	// A report with a pull request first and the commit second: the
	// commit is the target's fix.
	r := &Report{ID: "GO-2099-0002", Modules: []Module{{Module: "example.com/m", VulnerableAt: "1.0.0", Versions: []map[string]string{{"fixed": "1.0.1"}}}},
		References: []map[string]string{{"fix": "https://github.com/o/r/pull/1"}, {"fix": "https://github.com/o/r/commit/0123456789"}}}
	if tg, _ := r.Target(); tg == nil || tg.Fix != "https://github.com/o/r/commit/0123456789" {
		t.Errorf("target fix: %+v", tg)
	}
}

// TestGitSources builds a repository with a fix commit whose module
// lies in a subdirectory and checks that the fallback gives the fix and
// its parent.
func TestGitSources(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	tmp := t.TempDir()
	src := filepath.Join(tmp, "src")
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", src, "-c", "user.name=t", "-c", "user.email=t@t"}, args...)...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	write := func(rel, text string) {
		p := filepath.Join(src, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.MkdirAll(src, 0o755)
	git("init", "-q")
	write("go.mod", "module example.com/other\n")
	write("sub/go.mod", "module example.com/m/v2\n")
	write("sub/a.go", "package m\n\nvar X = 1\n")
	git("add", ".")
	git("commit", "-q", "-m", "vulnerable")
	write("sub/a.go", "package m\n\nvar X = 2\n")
	git("commit", "-q", "-am", "fix")
	fix := git("rev-parse", "HEAD")
	parent := git("rev-parse", "HEAD^")
	mirrorsDir := filepath.Join(tmp, "mirrors")
	if out, err := exec.Command("git", "clone", "-q", "--bare", src, filepath.Join(mirrorsDir, "o+r", "repo")).CombinedOutput(); err != nil {
		t.Fatalf("clone: %v\n%s", err, out)
	}
	defer func(m, w string) { *mirrors, *workDir = m, w }(*mirrors, *workDir)
	*mirrors, *workDir = mirrorsDir, filepath.Join(tmp, "work")

	tg := &Target{Module: "example.com/m/v2", Fix: "https://github.com/o/r/commit/" + fix[:10]}
	vsrc, fsrc, vuln, fixed, err := gitSources(tg)
	if err != nil {
		t.Fatal(err)
	}
	if vuln != parent || fixed != fix {
		t.Errorf("versions %s %s, want %s %s", vuln, fixed, parent, fix)
	}
	if filepath.Base(vsrc) != "sub" || filepath.Base(fsrc) != "sub" {
		t.Errorf("module directories %s %s, want .../sub", vsrc, fsrc)
	}
	if got := ChangedLines(readFile(t, vsrc, "a.go"), readFile(t, fsrc, "a.go")); !got[3] || len(got) != 1 {
		t.Errorf("changed lines %v, want line 3", keys(got))
	}
	// Cases run at once (-j) that share a fix commit extract it once,
	// in turn: every one sees the whole tree.
	*workDir = filepath.Join(tmp, "work2")
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var v, f string
			v, f, _, _, errs[i] = gitSources(tg)
			if errs[i] == nil && (readFile(t, v, "a.go") != "package m\n\nvar X = 1\n" || readFile(t, f, "a.go") != "package m\n\nvar X = 2\n") {
				errs[i] = fmt.Errorf("wrong tree in %s, %s", v, f)
			}
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("concurrent gitSources %d: %v", i, err)
		}
	}
	tg.Fix = "https://github.com/o/absent/commit/" + fix
	if _, _, _, _, err := gitSources(tg); err == nil || !strings.Contains(err.Error(), "not mirrored") {
		t.Errorf("absent mirror: %v", err)
	}
	tg.Fix = "https://github.com/o/r/commit/" + strings.Repeat("0", 40)
	if _, _, _, _, err := gitSources(tg); err == nil || !strings.Contains(err.Error(), "not in") {
		t.Errorf("absent commit: %v", err)
	}
}

func readFile(t *testing.T, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestCache(t *testing.T) {
	defer func(w string) { *workDir = w }(*workDir)
	*workDir = t.TempDir()
	toolKeys["cflr"] = "k1"
	defer delete(toolKeys, "cflr")
	f := cacheFile("cflr", "example.com/m", "v1.0.0", "sqli", []string{"./a"})
	if f2 := cacheFile("cflr", "example.com/m", "v1.0.0", "path", []string{"./a"}); f2 != f {
		t.Errorf("taint classes share a run: %s != %s", f, f2)
	}
	if f2 := cacheFile("cflr", "example.com/m", "v1.0.0", "nil", []string{"./a"}); f2 == f {
		t.Errorf("nil and taint share a run")
	}
	if _, ok := readCache(f); ok {
		t.Fatal("cache hit before a write")
	}
	writeCache(f, &toolRun{Findings: []Finding{{Tool: "cflr", File: "a/a.go", Line: 3}}})
	if r, ok := readCache(f); !ok || len(r.Findings) != 1 || r.Findings[0].Line != 3 {
		t.Errorf("read back %+v %v", r, ok)
	}
	toolKeys["cflr"] = "k2"
	if _, ok := readCache(cacheFile("cflr", "example.com/m", "v1.0.0", "sqli", []string{"./a"})); ok {
		t.Errorf("a new tool version hits the old run")
	}
}
