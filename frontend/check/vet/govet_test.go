package vet_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
)

// TestGoVet builds cmd/cflr-vet and runs it under `go vet -vettool` on a
// small module (testdata/mod): findings across a package boundary are
// printed in vet's file:line:col form with their witness, and the exit
// status says whether there were any.
func TestGoVet(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary and runs go vet")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	bin := filepath.Join(t.TempDir(), "cflr-vet")
	build := exec.Command(gobin, "build", "-o", bin, "github.com/cflr/cflr/cmd/cflr-vet")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	vet := func(pkgs ...string) (string, int) {
		cmd := exec.Command(gobin, append([]string{"vet", "-vettool=" + bin}, pkgs...)...)
		cmd.Dir = "testdata/mod"
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
		out, err := cmd.CombinedOutput()
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return string(out), ee.ExitCode()
		} else if err != nil {
			t.Fatalf("go vet: %v", err)
		}
		return string(out), 0
	}

	out, code := vet("./...")
	if code != 1 {
		t.Errorf("go vet ./... exit status %d, want 1; output:\n%s", code, out)
	}
	for _, want := range []string{
		`(?m)^app/app\.go:12:11: c may be nil at field access c\.Addr: app\.go:11:18 nil returned by Dial \(lib\.go:\d+:\d+ nil returned from vetmod/lib\.Dial\) → app\.go:11:18 nil assigned to lib\.Dial\(""\)#0 → app\.go:11:2 assigned to c$`,
		`(?m)^app/app\.go:16:9: tainted data from net/http\.Request\.FormValue reaches command sink call of Run, which reaches os/exec\.Command \(argument 1\): app\.go:16:21 untrusted data from net/http\.Request\.FormValue → .*lib\.go:\d+:\d+ reaches os/exec\.Command \(argument 1\)$`,
		`(?m)^app/app\.go:11:18: \tnil returned by Dial \(`, // related information: the witness steps in the package
	} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("go vet output does not match %s:\n%s", want, out)
		}
	}
	if regexp.MustCompile(`(?m)^(clean|lib)/`).MatchString(out) {
		t.Errorf("findings in clean packages:\n%s", out)
	}

	out, code = vet("./clean")
	if code != 0 || out != "" {
		t.Errorf("go vet ./clean: exit status %d, output %q; want 0 and nothing", code, out)
	}
}

// TestGoVetBadConfig: a malformed -taint.config is an error naming the
// file, line and column, and go vet fails.
func TestGoVetBadConfig(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary and runs go vet")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "cflr-vet")
	if out, err := exec.Command(gobin, "build", "-o", bin, "github.com/cflr/cflr/cmd/cflr-vet").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cfg := filepath.Join(dir, "cflr.yaml")
	if err := os.WriteFile(cfg, []byte("taint:\n  sinks:\n    - {func: os.Open, args: [-1]}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(gobin, "vet", "-vettool="+bin, "-taint.config="+cfg, "./app")
	cmd.Dir = "testdata/mod"
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("go vet with a bad config succeeded:\n%s", out)
	}
	if !regexp.MustCompile(regexp.QuoteMeta(cfg) + `:3:\d+: `).Match(out) {
		t.Errorf("the error does not name %s:3:\n%s", cfg, out)
	}
}
