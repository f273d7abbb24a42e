package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// cflr check end to end: exit statuses, formats, files written whole or
// not at all, bad input.

const checkSrc = "../../frontend/check/testdata/src"

func TestCheckExitCodes(t *testing.T) {
	stdout, stderr, code := cflr(t, "check", "-q", "-C", checkSrc, "./nilclean")
	if code != 0 || stdout != "" {
		t.Errorf("clean package: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	stdout, stderr, code = cflr(t, "check", "-q", "-C", checkSrc, "./nilbasic")
	// (find's sentinel nil, basic.go:41, is reported only with
	// --nil-sources=all: TestCheckNilSources.)
	if code != 1 || !strings.Contains(stdout, "nilbasic/basic.go:26:11: p may be nil at field access p.x (nilflow)\n\t") || !strings.Contains(stdout, "nilbasic/basic.go:29:37: nil passed to nilbasic.deref as p\n") {
		t.Errorf("findings: exit %d, stdout:\n%s\nstderr: %s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "5 findings") {
		t.Errorf("stderr %q", stderr)
	}
}

func TestCheckFormats(t *testing.T) {
	dir := t.TempDir()
	out, dot := filepath.Join(dir, "out.sarif"), filepath.Join(dir, "w.dot")
	_, stderr, code := cflr(t, "check", "-q", "--stats", "-C", checkSrc, "--sarif", "-o", out, "--dot", dot, "./nilbasic")
	if code != 1 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"value-flow graph:", "peak RSS", "nilflow: ", "findings path-checked;"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("--stats lacks %q:\n%s", want, stderr)
		}
	}
	var log struct {
		Version string
		Runs    []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI       string `json:"uri"`
							URIBaseID string `json:"uriBaseId"`
						} `json:"artifactLocation"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs[0].Results) != 5 {
		t.Fatalf("sarif: %s", data)
	}
	// File names are relative to -C's directory (%SRCROOT% by default).
	loc := log.Runs[0].Results[0].Locations[0].PhysicalLocation.ArtifactLocation
	if loc.URIBaseID != "%SRCROOT%" || loc.URI != "nilbasic/basic.go" {
		t.Errorf("artifact %+v", loc)
	}
	if d, err := os.ReadFile(dot); err != nil || !strings.HasPrefix(string(d), "digraph witnesses {") {
		t.Errorf("dot: %v %.40s", err, d)
	}
	stdout, _, code := cflr(t, "check", "-q", "-C", checkSrc, "--json", "./nilbasic")
	var fs []map[string]any
	if code != 1 || json.Unmarshal([]byte(stdout), &fs) != nil || len(fs) != 5 || fs[0]["check"] != "nilflow" {
		t.Errorf("--json: exit %d\n%s", code, stdout)
	}
}

func TestCheckBadInput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.txt")
	// A package with type errors: the error at file:line:col, exit 2,
	// nothing written.
	_, stderr, code := cflr(t, "check", "-q", "-C", "../../frontend/testdata/broken", "-o", out, "./...")
	if code != 2 || !strings.Contains(stderr, ".go:") || !strings.Contains(stderr, "nothing checked") {
		t.Errorf("type errors: exit %d, stderr %s", code, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("-o written on error: %v", err)
	}
	// The first type error at go build's file:line:col.
	if !strings.Contains(stderr, "bad/bad.go:4:17: cannot use 1") {
		t.Errorf("type errors: no file:line:col in %s", stderr)
	}
	_, stderr, code = cflr(t, "check", "-q", "-C", checkSrc, "-o", out, "--checks", "nilflow,nosuch", "./nilbasic")
	if code != 2 || !strings.Contains(stderr, `unknown check "nosuch"`) {
		t.Errorf("unknown check: exit %d, stderr %s", code, stderr)
	}
	bad := filepath.Join(dir, "cflr.yaml")
	os.WriteFile(bad, []byte("checks: [nilflow]\ntaint:\n  sources: {bogus: 1}\n"), 0o644)
	_, stderr, code = cflr(t, "check", "-q", "-C", checkSrc, "-o", out, "--config", bad, "./nilbasic")
	if code != 2 || !strings.Contains(stderr, bad+":3:13: unknown key \"bogus\"") {
		t.Errorf("bad config: exit %d, stderr %s", code, stderr)
	}
	// An unknown check named in the configuration: its file:line:col.
	os.WriteFile(bad, []byte("checks: [nilflow, nosuch]\n"), 0o644)
	_, stderr, code = cflr(t, "check", "-q", "-C", checkSrc, "-o", out, "--config", bad, "./nilbasic")
	if code != 2 || !strings.Contains(stderr, bad+":1:19: unknown check \"nosuch\"") {
		t.Errorf("unknown check in config: exit %d, stderr %s", code, stderr)
	}
	// Malformed YAML: its line.
	os.WriteFile(bad, []byte("checks: [nilflow\ntaint: {\n"), 0o644)
	_, stderr, code = cflr(t, "check", "-q", "-C", checkSrc, "-o", out, "--config", bad, "./nilbasic")
	if code != 2 || !strings.Contains(stderr, bad+":1: did not find expected") {
		t.Errorf("malformed config: exit %d, stderr %s", code, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("-o written on a bad check name or configuration: %v", err)
	}
	_, stderr, code = cflr(t, "check", "--json", "--sarif", "./nilbasic")
	if code != 2 || !strings.Contains(stderr, "exclusive") {
		t.Errorf("--json --sarif: exit %d, stderr %s", code, stderr)
	}
	_, _, code = cflr(t, "check", "--no-such-flag")
	if code != 2 {
		t.Errorf("bad flag: exit %d", code)
	}
}

// TestCheckScope: by default the main module's packages are checked
// wherever the named program reaches them (a nil passed from nilflow
// into package dep is reported in dep); --scope=- checks only the named
// packages (check.InScope's "p/..." patterns are tested with the flow
// graph).
func TestCheckScope(t *testing.T) {
	dep := "nilflow/dep/dep.go:"
	stdout, stderr, code := cflr(t, "check", "-q", "--checks", "nilflow", "-C", checkSrc, "./nilflow")
	if code != 1 || !strings.Contains(stdout, dep) {
		t.Errorf("default scope: exit %d, no finding in %s:\n%s%s", code, dep, stdout, stderr)
	}
	stdout, _, _ = cflr(t, "check", "-q", "--checks", "nilflow", "--scope=-", "-C", checkSrc, "./nilflow")
	if strings.Contains(stdout, dep) {
		t.Errorf("--scope=-: finding in %s:\n%s", dep, stdout)
	}
}

// TestCheckInternalError: a panic inside a check (one injected with
// CFLR_PANIC_IN) is an error naming the phase and the function being
// analyzed, with exit status 2, not a Go stack trace; nothing is written.
func TestCheckInternalError(t *testing.T) {
	t.Setenv("CFLR_PANIC_IN", "checktest/nilbasic.find")
	out := filepath.Join(t.TempDir(), "out.json")
	stdout, stderr, code := cflr(t, "check", "-q", "--json", "-o", out, "-C", checkSrc, "./nilbasic")
	if code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	for _, want := range []string{"internal error in value-flow build of checktest/nilbasic.find (", "basic.go:32:6", "injected by CFLR_PANIC_IN", "frontend/check/flowshard.go:", "bug in cflr"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr, "goroutine ") || stdout != "" {
		t.Errorf("a stack trace or output:\nstdout %q\nstderr %s", stdout, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("output file written after an internal error")
	}
}

// TestCheckBaseline: --write-baseline records every finding (exit 0),
// --baseline then reports none of them, even after lines are inserted
// above them, but reports a new one; a bad baseline is an error naming
// the file and line.
func TestCheckBaseline(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	if err := os.CopyFS(src, os.DirFS(filepath.Join(checkSrc))); err != nil {
		t.Fatal(err)
	}
	base := filepath.Join(dir, "base.json")
	_, stderr, code := cflr(t, "check", "--write-baseline", base, "-C", src, "./nilbasic")
	if code != 0 || !strings.Contains(stderr, "wrote 5 findings to "+base) {
		t.Fatalf("--write-baseline: exit %d, stderr %s", code, stderr)
	}
	data, err := os.ReadFile(base)
	if err != nil || !strings.Contains(string(data), `"function": "checktest/nilbasic.`) {
		t.Fatalf("baseline: %v\n%s", err, data)
	}
	stdout, stderr, code := cflr(t, "check", "--baseline", base, "-C", src, "./nilbasic")
	if code != 0 || stdout != "" || !strings.Contains(stderr, "5 findings of the baseline") {
		t.Errorf("same code: exit %d, stdout %q, stderr %s", code, stdout, stderr)
	}
	// Shift every line and add a new bug: only the new one is reported.
	file := filepath.Join(src, "nilbasic", "basic.go")
	code0, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	pkgLine := "package nilbasic\n"
	edited := strings.Replace(string(code0), pkgLine, pkgLine+"\n// Inserted lines move every finding.\n\n", 1) +
		"\nfunc added() int {\n\tvar t *T\n\treturn t.x\n}\n"
	if err := os.WriteFile(file, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code = cflr(t, "check", "--baseline", base, "-C", src, "./nilbasic")
	if code != 1 || strings.Count(stdout, "(nilflow)") != 1 || !strings.Contains(stdout, "t may be nil at field access t.x") {
		t.Errorf("after the edit: exit %d, stdout:\n%s\nstderr %s", code, stdout, stderr)
	}
	// A bad baseline: an error with the file and line, exit 2.
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte("[\n  {\"check\": \"nilflow\",\n  oops\n]"), 0o644)
	_, stderr, code = cflr(t, "check", "--baseline", bad, "-C", src, "./nilbasic")
	if code != 2 || !strings.Contains(stderr, bad+": not a cflr check --json output: line 3") {
		t.Errorf("bad baseline: exit %d, stderr %s", code, stderr)
	}
}

// TestCheckHTML: --html writes index.html and findings.json (the --json
// output) beside the usual output; a directory that is not a report is
// refused before the analysis, and an error leaves nothing half-written.
func TestCheckHTML(t *testing.T) {
	dir := t.TempDir()
	report := filepath.Join(dir, "report")
	stdout, stderr, code := cflr(t, "check", "-q", "-C", checkSrc, "--html", report, "./nilbasic")
	if code != 1 || !strings.Contains(stdout, "basic.go:26:11: p may be nil") {
		t.Fatalf("exit %d, stdout %s, stderr %s", code, stdout, stderr)
	}
	page, err := os.ReadFile(filepath.Join(report, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	js, _, _ := cflr(t, "check", "-q", "-C", checkSrc, "--json", "./nilbasic")
	if data, err := os.ReadFile(filepath.Join(report, "findings.json")); err != nil || string(data) != js {
		t.Errorf("findings.json is not the --json output (%v)", err)
	}
	// Five findings, each with a sink shown on its source: the excerpts
	// come from files named relative to the working directory.
	for k := 1; k <= 5; k++ {
		if !strings.Contains(string(page), `id="f`+strconv.Itoa(k)+`-sink"`) {
			t.Errorf("finding %d: no sink", k)
		}
	}
	if strings.Contains(string(page), "source not available") || !strings.Contains(string(page), `<tr class="hit"><td class="ln">26</td>`) {
		t.Error("excerpts missing")
	}

	// A directory holding other files: refused at once (exit 2), the
	// error naming the flag, nothing written.
	other := filepath.Join(dir, "other")
	os.Mkdir(other, 0o755)
	os.WriteFile(filepath.Join(other, "notes.txt"), []byte("x"), 0o644)
	out := filepath.Join(dir, "out.txt")
	_, stderr, code = cflr(t, "check", "-q", "-C", checkSrc, "-o", out, "--html", other, "./nilbasic")
	if code != 2 || !strings.Contains(stderr, "--html: "+other+" exists and is not a cflr report") {
		t.Errorf("bad --html dir: exit %d, stderr %s", code, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("-o written with a bad --html: %v", err)
	}
	// A package that does not type-check: no report, not even an empty one.
	broken := filepath.Join(dir, "broken")
	_, _, code = cflr(t, "check", "-q", "-C", "../../frontend/testdata/broken", "--html", broken, "./...")
	if _, err := os.Stat(broken); code != 2 || !os.IsNotExist(err) {
		t.Errorf("type errors: exit %d, report dir: %v", code, err)
	}
	if es, _ := os.ReadDir(dir); len(es) != 2 {
		t.Errorf("left in %s: %v", dir, es)
	}
}
