package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMain lets tests run the real binary: with CFLR_RUN_MAIN set, the test
// binary is cflr.
func TestMain(m *testing.M) {
	if os.Getenv("CFLR_RUN_MAIN") == "1" {
		os.Args = append([]string{"cflr"}, strings.Fields(os.Getenv("CFLR_ARGS"))...)
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// cflr runs the command in a subprocess and returns its output and exit
// status.
func cflr(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "CFLR_RUN_MAIN=1", "CFLR_ARGS="+strings.Join(args, " "))
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return o.String(), e.String(), code
}

const (
	ptCfg   = "../../testdata/grammars/pointsto.cfg"
	ptGraph = "../../testdata/graphs/pointsto.tsv"
)

func TestSolveExample(t *testing.T) {
	dir := t.TempDir()
	out, stats := filepath.Join(dir, "v.tsv"), filepath.Join(dir, "stats.json")
	stdout, stderr, code := cflr(t, "solve", "--grammar", ptCfg, "--graph", ptGraph, "-o", out, "--stats-json", stats)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"CountEdges (V): 38", "rounds", "derived edges", "peak RSS"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	data, err := os.ReadFile(out)
	if err != nil || !strings.Contains(string(data), "p\tq\tV\n") {
		t.Fatalf("closure file: %v\n%s", err, data)
	}
	var js map[string]any
	raw, _ := os.ReadFile(stats)
	if err := json.Unmarshal(raw, &js); err != nil || js["CountEdges"].(float64) != 38 {
		t.Fatalf("stats json: %v %s", err, raw)
	}
}

func TestSolveConfigsAgree(t *testing.T) {
	var first string
	for _, c := range []string{"ECM-IDX", "ECM", "VCM-IDX", "VCM"} {
		for _, sets := range []string{"bitmap", "hash"} {
			stdout, stderr, code := cflr(t, "solve", "--grammar", ptCfg, "--graph", ptGraph, "--config", c, "--sets", sets, "--threads", "2")
			if code != 0 {
				t.Fatalf("%s/%s: exit %d: %s", c, sets, code, stderr)
			}
			i := strings.Index(stdout, "CountEdges")
			got := stdout[:i+strings.Index(stdout[i:], "\n")]
			if first == "" {
				first = got
			} else if got != first {
				t.Fatalf("%s/%s differs:\n%s\nvs\n%s", c, sets, got, first)
			}
		}
	}
}

// TestBadInput: malformed input names the file and line, exits 2, and
// leaves no output file.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	badGraph := filepath.Join(dir, "bad.tsv")
	os.WriteFile(badGraph, []byte("a b a\nc d\n"), 0o644)
	badGrammar := filepath.Join(dir, "bad.cfg")
	os.WriteFile(badGrammar, []byte("S ::= a\nT ::= | b\n"), 0o644)
	out := filepath.Join(dir, "out.tsv")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--grammar", ptCfg, "--graph", badGraph, "-o", out}, badGraph + ":2:"},
		{[]string{"solve", "--grammar", badGrammar, "--graph", ptGraph, "-o", out}, badGrammar + ":2:3:"},
		{[]string{"solve", "--grammar", ptCfg, "--graph", filepath.Join(dir, "missing.tsv"), "-o", out}, "missing.tsv"},
		{[]string{"solve", "--grammar", ptCfg, "--graph", ptGraph, "--config", "XCM"}, "--config"},
		{[]string{"solve", "--grammar", ptCfg, "--graph", ptGraph, "--labels", "Nope"}, "--labels"},
		{[]string{"solve", "--grammar", ptCfg}, "graph"},
		{[]string{"grammar", "check", badGrammar}, badGrammar + ":2:3:"},
	} {
		_, stderr, code := cflr(t, tc.args...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2 (stderr %q)", tc.args, code, stderr)
		}
		if !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: stderr %q does not mention %q", tc.args, stderr, tc.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%v: left an output file behind", tc.args)
		}
	}
}

func TestGrammarNormalize(t *testing.T) {
	stdout, stderr, code := cflr(t, "grammar", "normalize", ptCfg)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "M ::= -d _N1") || !strings.Contains(stdout, "_N1 ::= V d | d") {
		t.Fatalf("unexpected normal form:\n%s", stdout)
	}
}

// TestSolveOutputDeterministic: the closure file is byte-identical
// whatever the thread and partition counts.
func TestSolveOutputDeterministic(t *testing.T) {
	dir := t.TempDir()
	graph := "../../../shared/data/cfl/pocr/bzip2.vfg"
	grammar := "../../../shared/data/cfl/pocr/vf.cfg"
	if _, err := os.Stat(graph); err != nil {
		t.Skip(err)
	}
	var first []byte
	for i, tp := range [][2]string{{"1", "1"}, {"2", "2"}, {"2", "7"}, {"2", "64"}} {
		out := filepath.Join(dir, fmt.Sprintf("out%d.tsv", i))
		if _, stderr, code := cflr(t, "solve", "--grammar", grammar, "--graph", graph, "--threads", tp[0], "--partitions", tp[1], "-o", out, "--labels", "A,CA_i"); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = data
		} else if !bytes.Equal(first, data) {
			t.Fatalf("threads=%s partitions=%s: output differs", tp[0], tp[1])
		}
	}
	if len(first) < 1000 {
		t.Fatalf("suspiciously small output (%d bytes)", len(first))
	}
}
