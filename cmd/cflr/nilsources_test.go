package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckNilSources: --nil-sources and the configuration's nil-sources:
// choose nilflow's sources; the default leaves out a sentinel nil that
// --nil-sources=all reports (nilsources/sources.go: useFirst), the flag
// overrides the file, and a bad value is a usage error (exit status 2).
func TestCheckNilSources(t *testing.T) {
	const sentinel = "first(xs) may be nil at field access first(xs).x"
	stdout, stderr, code := cflr(t, "check", "-q", "-C", checkSrc, "--checks", "nilflow", "./nilsources")
	if code != 1 || strings.Contains(stdout, sentinel) || !strings.Contains(stdout, "u may be nil at field access u.name") {
		t.Errorf("default: exit %d, stdout:\n%s\nstderr: %s", code, stdout, stderr)
	}
	stdout, stderr, code = cflr(t, "check", "-q", "-C", checkSrc, "--checks", "nilflow", "--nil-sources", "all", "./nilsources")
	if code != 1 || !strings.Contains(stdout, sentinel) {
		t.Errorf("--nil-sources all: exit %d, stdout:\n%s\nstderr: %s", code, stdout, stderr)
	}

	dir := t.TempDir()
	cfg := filepath.Join(dir, "cflr.yaml")
	os.WriteFile(cfg, []byte("checks: [nilflow]\nnil-sources: all\n"), 0o644)
	stdout, _, code = cflr(t, "check", "-q", "-C", checkSrc, "--config", cfg, "./nilsources")
	if code != 1 || !strings.Contains(stdout, sentinel) {
		t.Errorf("nil-sources: all in %s: exit %d, stdout:\n%s", cfg, code, stdout)
	}
	stdout, _, code = cflr(t, "check", "-q", "-C", checkSrc, "--config", cfg, "--nil-sources", "default", "./nilsources")
	if code != 1 || strings.Contains(stdout, sentinel) {
		t.Errorf("--nil-sources default over nil-sources: all: exit %d, stdout:\n%s", code, stdout)
	}

	_, stderr, code = cflr(t, "check", "-q", "-C", checkSrc, "--nil-sources", "some", "./nilsources")
	if code != 2 || !strings.Contains(stderr, `--nil-sources: unknown nil sources "some" (want default or all)`) {
		t.Errorf("bad --nil-sources: exit %d, stderr %s", code, stderr)
	}
}
