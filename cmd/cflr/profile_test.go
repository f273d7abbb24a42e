package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckProfile: --profile and the configuration's profile: choose the
// taint check's trust boundary; a program with no network source gets a
// one-line note under the default server profile; a bad profile is a
// usage error (exit status 2) naming the flag or the file and line.
func TestCheckProfile(t *testing.T) {
	stdout, stderr, code := cflr(t, "check", "-q", "-C", checkSrc, "--checks", "taint", "./taintcli")
	if code != 0 || stdout != "" {
		t.Errorf("server profile: exit %d, stdout %q, want 0 and no findings", code, stdout)
	}
	var notes []string
	for _, l := range strings.Split(stderr, "\n") {
		if strings.Contains(l, "note:") {
			notes = append(notes, l)
		}
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "--profile cli") {
		t.Errorf("server profile: notes %q in stderr %q, want one suggesting --profile cli", notes, stderr)
	}

	stdout, stderr, code = cflr(t, "check", "-q", "-C", checkSrc, "--checks", "taint", "--profile", "cli", "./taintcli")
	if code != 1 || !strings.Contains(stdout, "tainted data from os.Args reaches path sink os.Open") || strings.Contains(stderr, "note:") {
		t.Errorf("--profile cli: exit %d, stdout:\n%s\nstderr: %s", code, stdout, stderr)
	}

	dir := t.TempDir()
	cfg := filepath.Join(dir, "cflr.yaml")
	os.WriteFile(cfg, []byte("checks: [taint]\nprofile: cli\n"), 0o644)
	stdout, _, code = cflr(t, "check", "-q", "-C", checkSrc, "--config", cfg, "./taintcli")
	if code != 1 || !strings.Contains(stdout, "tainted data from os.Getenv reaches command sink") {
		t.Errorf("profile: cli in %s: exit %d, stdout:\n%s", cfg, code, stdout)
	}
	// The flag overrides the file.
	stdout, _, code = cflr(t, "check", "-q", "-C", checkSrc, "--config", cfg, "--profile", "server", "./taintcli")
	if code != 0 || stdout != "" {
		t.Errorf("--profile server over profile: cli: exit %d, stdout %q", code, stdout)
	}

	_, stderr, code = cflr(t, "check", "-q", "-C", checkSrc, "--profile", "desktop", "./taintcli")
	if code != 2 || !strings.Contains(stderr, `--profile: unknown profile "desktop" (want server or cli)`) {
		t.Errorf("bad --profile: exit %d, stderr %s", code, stderr)
	}
	os.WriteFile(cfg, []byte("checks: [taint]\nprofile: desktop\n"), 0o644)
	_, stderr, code = cflr(t, "check", "-q", "-C", checkSrc, "--config", cfg, "./taintcli")
	if code != 2 || !strings.Contains(stderr, cfg+`:2:10: unknown profile "desktop"`) {
		t.Errorf("bad profile: in config: exit %d, stderr %s", code, stderr)
	}
}
