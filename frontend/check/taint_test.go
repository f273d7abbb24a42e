package check

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTaintWant runs the taint check on testdata/src/taint, a program
// whose handlers cover sources, sinks, sanitizers and flows across
// functions, packages, closures, interfaces, goroutines, struct fields,
// maps and slices; each finding must match a // want comment.
//
// Without call-site matching (Config.Context off) the result of identity
// called with untrusted data also returns to its other call, and so does
// a variadic helper's: the findings more must be those two.
//
// The program reads the environment and its arguments besides requests:
// it is checked under the cli profile, whose sources include the server
// profile's (TestTaintProfile checks the difference).
func TestTaintWant(t *testing.T) {
	prog := loadTestdata(t, "taint/...")
	cli := DefaultTaintConfig()
	cli.Profile = ProfileCLI
	fs, err := Run(context.Background(), prog, &Config{Checks: []string{"taint"}, Context: true, Threads: 1, Taint: cli})
	if err != nil {
		t.Fatal(err)
	}
	expect(t, fs, "taint")
	// The same findings and witnesses whatever the solver's threads.
	fs4, err := Run(context.Background(), prog, &Config{Checks: []string{"taint"}, Context: true, Threads: 4, Taint: cli})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(fs) != fmt.Sprint(fs4) {
		t.Errorf("findings differ between 1 and 4 threads:\n%v\n%v", fs, fs4)
	}
	// Every witness starts at the source the message names, ends at the
	// sink, and has a position for each step.
	for _, f := range fs {
		w := f.Witness
		if len(w) < 2 || !strings.HasPrefix(w[0].Desc, "untrusted data from ") ||
			!strings.Contains(f.Message, "from "+strings.TrimPrefix(w[0].Desc, "untrusted data from ")+" reaches") ||
			!strings.HasPrefix(w[len(w)-1].Desc, "reaches ") || w[len(w)-1].Pos != f.Pos {
			t.Errorf("%s: witness does not run from the source to the sink:\n%s", f, witnessString(f))
		}
		for _, st := range w {
			if st.Pos.Line == 0 || st.Desc == "" {
				t.Errorf("%s: step without position or description: %+v", f, st)
			}
		}
	}

	insens, err := Run(context.Background(), prog, &Config{Checks: []string{"taint"}, Taint: cli})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, f := range fs {
		seen[f.String()] = true
	}
	var extra []Finding
	for _, f := range insens {
		if !seen[f.String()] {
			extra = append(extra, f)
		}
	}
	// The calls only call-site matching tells apart: identity's constant
	// call, and the variadic helper's (taint/real).
	contextual := []string{`join("/tmp", "lock")`, `identity("SELECT 1")`} // in findings order
	if len(extra) != len(contextual) || len(insens) != len(fs)+len(contextual) {
		t.Fatalf("context-insensitive: %d findings, %d new, want %d: %v", len(insens), len(extra), len(contextual), extra)
	}
	for i, f := range extra {
		src, err := os.ReadFile(f.Pos.Filename)
		if err != nil {
			t.Fatal(err)
		}
		line := strings.Split(string(src), "\n")[f.Pos.Line-1]
		if !strings.Contains(line, contextual[i]) {
			t.Errorf("context-insensitive finding %s on %q, want the call %s", f, line, contextual[i])
		}
	}
}

// TestTaintConfig checks a program against its own sources, sinks,
// sanitizer and propagator (testdata/config/taintcfg.yaml), with the
// built-in sinks replaced.
func TestTaintConfig(t *testing.T) {
	cfg, err := LoadConfig("testdata/config/taintcfg.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cfg.Context = true
	fs, _ := runCheck(t, cfg, "taintcfg")
	expect(t, fs, "taintcfg")
}

// TestTaintGosec runs the cases where cflr and gosec's taint rules differ
// (testdata/src/taintgosec documents each).
func TestTaintGosec(t *testing.T) {
	fs, _ := runCheck(t, &Config{Checks: []string{"taint"}, Context: true}, "taintgosec")
	expect(t, fs, "taintgosec")
}

// TestUniverseMethod: an invoke of error.Error with no callee resolved
// (the universe's method has no package) is modelled as a standard
// library call, not a crash.
func TestUniverseMethod(t *testing.T) {
	prog := loadTestdata(t, "taintuniverse")
	fs, err := Run(context.Background(), prog, &Config{Checks: []string{"taint", "nilflow"}})
	if err != nil {
		t.Fatal(err)
	}
	expect(t, fs, "taintuniverse")
}

// TestTaintProfile: under the cli profile a command-line program's
// arguments, flags, environment, stdin and files read are sources
// (testdata/src/taintcli's wants); under the default server profile none
// is, and the check notes that the program reads no network source.
func TestTaintProfile(t *testing.T) {
	prog := loadTestdata(t, "taintcli")
	tc := DefaultTaintConfig()
	tc.Profile = ProfileCLI
	var notes []string
	note := func(s string) { notes = append(notes, s) }
	fs, err := Run(context.Background(), prog, &Config{Checks: []string{"taint"}, Context: true, Taint: tc, Note: note})
	if err != nil {
		t.Fatal(err)
	}
	expect(t, fs, "taintcli")
	if len(notes) != 0 {
		t.Errorf("cli profile: notes %q, want none", notes)
	}
	fs, err = Run(context.Background(), prog, &Config{Checks: []string{"taint"}, Context: true, Note: note})
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 0 {
		t.Errorf("server profile: %d findings, want none: %v", len(fs), fs)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "--profile cli") || strings.Contains(notes[0], "\n") {
		t.Errorf("server profile: notes %q, want one line suggesting --profile cli", notes)
	}
	// A server reads a network source: no note.
	notes = nil
	if _, err := Run(context.Background(), loadTestdata(t, "taintuniverse"), &Config{Checks: []string{"taint"}, Note: note}); err != nil {
		t.Fatal(err)
	}
	if len(notes) != 0 {
		t.Errorf("server with requests: notes %q, want none", notes)
	}
}

// TestTaintArchive: archive entry names are sources (zip slip), cut by
// filepath.Base and checked by filepath.IsLocal.
func TestTaintArchive(t *testing.T) {
	fs, _ := runCheck(t, &Config{Checks: []string{"taint"}, Context: true}, "taintarchive")
	expect(t, fs, "taintarchive")
}

// TestTaintFix checks the built-in path and command rules (taintpath.go)
// on the shapes of real advisories' fixes: each fix silent, each variant
// it does not cover reported.
func TestTaintFix(t *testing.T) {
	fs, _ := runCheck(t, &Config{Checks: []string{"taint"}, Context: true}, "taintfix")
	expect(t, fs, "taintfix")
}

// TestTaintJoin checks that a validated name leaves no finding in a
// package whose every source-to-sink path the models replace: the solve
// then has no flow edge to keep, and must keep none (it once kept every
// edge, the standard library's bodies with them, and found the name
// again through strings.Join's reads of another call's arguments).
func TestTaintJoin(t *testing.T) {
	fs, _ := runCheck(t, &Config{Checks: []string{"taint"}, Context: true}, "taintjoin")
	expect(t, fs, "taintjoin")
}

// TestTaintXSS checks the response-body html sinks and their exclusions
// (taintxss.go) on net/http handlers: each unsafe write reported, each
// made-safe one silent. The sinks are opt-in (xssResponses); without
// them only the renderer sinks remain.
func TestTaintXSS(t *testing.T) {
	fs, _ := runCheck(t, &Config{Checks: []string{"taint"}, Context: true, Taint: xssResponses(t)}, "taintxss")
	expect(t, fs, "taintxss")
	def, _ := runCheck(t, &Config{Checks: []string{"taint"}, Context: true}, "taintxss")
	for _, f := range def {
		if strings.Contains(f.Message, "ResponseWriter") || strings.Contains(f.Message, "fmt.Fprint") || strings.Contains(f.Message, "io.WriteString") {
			t.Errorf("a response-body sink without testdata/xss-responses.yaml: %s: %s", f.Pos, f.Message)
		}
	}
}

// xssResponses is the built-in models plus the opt-in response-body html
// sinks of the repository's testdata/xss-responses.yaml.
func xssResponses(t testing.TB) *TaintConfig {
	t.Helper()
	cfg, err := LoadConfig("../../testdata/xss-responses.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return cfg.Taint
}

// TestTaintArgv checks the command wrappers that forward their variadic
// arguments (testdata/src/taintargv): the arguments reach exec.Command
// through append(base, args...), and a "--" before them counts only
// where the wrappers forward the slice whole.
func TestTaintArgv(t *testing.T) {
	fs, _ := runCheck(t, &Config{Checks: []string{"taint"}, Context: true}, "taintargv")
	expect(t, fs, "taintargv")
}

// TestTaintScope checks sinks behind the scope's edge (taintscope.go):
// the app checked alone, the calls that pass untrusted data to its
// module's helpers for a sink are reported at the call; with the
// helpers in scope too, at the sinks inside them (the field util.Config
// keeps is then followed as well).
func TestTaintScope(t *testing.T) {
	fs, _ := runCheck(t, &Config{Checks: []string{"taint"}, Context: true}, "taintscope/app")
	expect(t, fs, "taintscope/app")
	fs, _ = runCheck(t, &Config{Checks: []string{"taint"}, Context: true}, "taintscope/...")
	var at []string
	for _, f := range fs {
		at = append(at, fmt.Sprintf("%s:%d", filepath.Base(f.Pos.Filename), f.Pos.Line))
	}
	if got, want := strings.Join(at, " "), "util.go:16 util.go:26 util.go:36 util.go:47"; got != want {
		t.Errorf("with util in scope, findings at %s, want %s", got, want)
	}
}

// TestTaintChars checks strings copied a byte or rune at a time
// (testdata/src/taintchars): the copy carries the string's taint, a
// string of constant bytes does not.
func TestTaintChars(t *testing.T) {
	fs, _ := runCheck(t, &Config{Checks: []string{"taint"}, Context: true}, "taintchars")
	expect(t, fs, "taintchars")
}

// TestTaintAllow checks allow-list validators (taintallow.go,
// testdata/src/taintallow): strict anchored word patterns, directly and
// in helpers, validate; loose patterns, checks after the use, ignored
// results and the wrong branch do not.
func TestTaintAllow(t *testing.T) {
	fs, _ := runCheck(t, &Config{Checks: []string{"taint"}, Context: true}, "taintallow")
	expect(t, fs, "taintallow")
}

// TestTaintValid checks validating checks and helpers (taintvalid.go,
// taintshell.go, taintredirect.go; testdata/src/taintvalid): path
// checks and shell blacklists through helpers returning a bool or an
// error, variadic helpers checking each argument, the rooted redirect;
// checks after the use, ignored results, the wrong branch, another
// value, bypassable checks and argv sinks still report.
func TestTaintValid(t *testing.T) {
	fs, _ := runCheck(t, &Config{Checks: []string{"taint"}, Context: true}, "taintvalid")
	expect(t, fs, "taintvalid")
}
