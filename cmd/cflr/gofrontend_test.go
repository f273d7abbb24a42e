package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The Go frontend commands on the README's example module and on a module
// with type errors. Outputs are compared whole where the README shows them.

const (
	gomod  = "../../testdata/gomod"
	broken = "../../frontend/testdata/broken"
)

func absPath(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestPointstoExample(t *testing.T) {
	main := absPath(t, gomod+"/main.go")
	want := "main.total.s may point to 2 objects\n" +
		"  box@27  *main.Square  " + main + ":27:10\n" +
		"  box@28  main.Circle   " + main + ":28:10\n"
	stdout, stderr, code := cflr(t, "pointsto", "-C", gomod, "main.total.s")
	if code != 0 || stdout != want {
		t.Errorf("exit %d, stdout:\n%s\nwant:\n%s\nstderr: %s", code, stdout, want, stderr)
	}
	// The same variable by position: s in `for _, s := range registry`.
	stdout, stderr, code = cflr(t, "pointsto", gomod+"/main.go:19:9")
	want = strings.Replace(want, "main.total.s", gomod+"/main.go:19:9", 1)
	if code != 0 || stdout != want {
		t.Errorf("by position: exit %d, stdout:\n%s\nwant:\n%s\nstderr: %s", code, stdout, want, stderr)
	}
	// The generic engine gives the same answer.
	stdout, stderr, code = cflr(t, "pointsto", "-C", gomod, "--edgecentric", "main.total.s")
	if want := strings.Replace(want, gomod+"/main.go:19:9", "main.total.s", 1); code != 0 || stdout != want {
		t.Errorf("--edgecentric: exit %d, stdout:\n%s\nwant:\n%s\nstderr: %s", code, stdout, want, stderr)
	}
	// One box per dynamic type: labeled by the type.
	stdout, _, code = cflr(t, "pointsto", "-C", gomod, "--boxes", "type", "main.total.s")
	if code != 0 || !strings.Contains(stdout, "box[*main.Square]") || !strings.Contains(stdout, "box[main.Circle]") {
		t.Errorf("--boxes type: exit %d, stdout:\n%s", code, stdout)
	}
}

func TestAliasExample(t *testing.T) {
	stdout, _, code := cflr(t, "alias", "-C", gomod, "main.total.s", "main.register.s")
	main := absPath(t, gomod+"/main.go")
	want := "main.total.s and main.register.s may alias: 2 common objects\n" +
		"  box@27\t*main.Square\t" + main + ":27:10\n" +
		"  box@28\tmain.Circle\t" + main + ":28:10\n"
	if code != 0 || stdout != want {
		t.Errorf("exit %d, stdout %q", code, stdout)
	}
	// An interface points to boxes, a pointer to what it points to.
	stdout, _, code = cflr(t, "alias", "-C", gomod, "main.total.s", "main.main.sq")
	if code != 0 || stdout != "main.total.s and main.main.sq do not alias\n" {
		t.Errorf("exit %d, stdout %q", code, stdout)
	}
}

func TestCallgraphExample(t *testing.T) {
	main := absPath(t, gomod+"/main.go")
	want := strings.ReplaceAll(`main.main -> main.register	M:27:10
main.main -> main.register	M:28:10
main.main -> main.total	M:30:15
main.main$1 -> (*main.Square).Area	M:29:47
main.main$1 -> (main.Circle).Area	M:29:47
main.total -> main.main$1	M:20:14
# functions 6, edges 6, dynamic sites 2, resolved 2
`, "M", main)
	stdout, stderr, code := cflr(t, "callgraph", "-C", gomod)
	if code != 0 || stdout != want {
		t.Errorf("exit %d, stdout:\n%s\nwant:\n%s\nstderr: %s", code, stdout, want, stderr)
	}

	// Keeping every value (the default leaves out those that cannot lead
	// to code) gives the same edges.
	if all, _, code := cflr(t, "callgraph", "-C", gomod, "--callgraph-only=false"); code != 0 || all != want {
		t.Errorf("--callgraph-only=false: exit %d, stdout:\n%s", code, all)
	}
	// One solve by default; --refine solves again with the narrowed calls
	// (the same edges here: the first solve already narrowed them).
	if _, errs, code := cflr(t, "callgraph", "-C", gomod, "--stats"); code != 0 || !strings.Contains(errs, "solve (1)") {
		t.Errorf("--stats: exit %d, stderr:\n%s", code, errs)
	}
	if ref, errs, code := cflr(t, "callgraph", "-C", gomod, "--refine", "--stats"); code != 0 || ref != want || !strings.Contains(errs, "solve (2)") {
		t.Errorf("--refine: exit %d, stdout:\n%s\nstderr:\n%s", code, ref, errs)
	}

	stdout, _, code = cflr(t, "callgraph", "-C", gomod, "--format", "json")
	var js struct {
		Functions, Edges int
		Dynamic          int                                    `json:"dynamic_sites"`
		Resolved         int                                    `json:"resolved_dynamic_sites"`
		List             []struct{ Caller, Callee, Pos string } `json:"call_edges"`
	}
	if err := json.Unmarshal([]byte(stdout), &js); err != nil || code != 0 {
		t.Fatalf("json: exit %d, %v:\n%s", code, err, stdout)
	}
	if js.Functions != 6 || js.Edges != 6 || js.Dynamic != 2 || js.Resolved != 2 || len(js.List) != 6 ||
		js.List[3].Caller != "main.main$1" || js.List[3].Callee != "(*main.Square).Area" || js.List[3].Pos != main+":29:47" {
		t.Errorf("json: %+v", js)
	}

	stdout, _, code = cflr(t, "callgraph", "-C", gomod, "--format", "dot")
	if code != 0 || !strings.HasPrefix(stdout, "digraph callgraph {\n") || !strings.Contains(stdout, `  "main.total" -> "main.main$1";`) {
		t.Errorf("dot: exit %d:\n%s", code, stdout)
	}

	// --compare: one row per builder, cflr's no larger than VTA's.
	stdout, _, code = cflr(t, "callgraph", "-C", gomod, "--compare")
	rows := map[string]string{}
	for _, line := range strings.Split(stdout, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 6 && f[1] == "reachable": // no time column
			rows[f[0]+" "+f[1]] = strings.Join(f[2:], " ")
		case len(f) == 6 && (f[0] == "CHA" || f[0] == "VTA" || f[0] == "cflr"):
			rows[f[0]] = strings.Join(f[1:5], " ")
		}
	}
	if code != 0 || rows["VTA reachable"] != "6 6 2 2" || rows["cflr"] != "6 6 2 2" || rows["VTA"] != "7 7 2 2" || rows["CHA"] != "7 8 2 2" {
		t.Errorf("--compare: exit %d, rows %q:\n%s", code, rows, stdout)
	}

	// --check-static: the same graph on stdout, the check on stderr.
	stdout, stderr, code = cflr(t, "callgraph", "-C", gomod, "--check-static")
	if wantErr := "# static check: 7 reachable functions, 3 static call sites (0 go/defer, 0 to bodiless callees), 0 missing edges, 0 unreached callees\n"; code != 0 || stdout != want || stderr != wantErr {
		t.Errorf("--check-static: exit %d, stdout:\n%s\nstderr %q, want %q", code, stdout, stderr, wantErr)
	}
}

func TestGraphExample(t *testing.T) {
	out := filepath.Join(t.TempDir(), "g.tsv")
	stdout, stderr, code := cflr(t, "graph", "-C", gomod, "-o", out, "--grammar-out", out+".cfg")
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, stdout, stderr)
	}
	edges, _ := os.ReadFile(out)
	names, _ := os.ReadFile(out + ".names")
	cfg, _ := os.ReadFile(out + ".cfg")
	if !strings.Contains(string(edges), "\tnew\n") || !strings.Contains(string(names), "box@27") || !strings.Contains(string(cfg), "FT ::= new") {
		t.Errorf("graph files:\n%s\n%s\n%s", edges, names, cfg)
	}
	// The written graph solves to the same points-to pairs (cflr solve).
	stdout, stderr, code = cflr(t, "solve", "-q", "--grammar", out+".cfg", "--graph", out)
	if code != 0 || !strings.Contains(stdout, "CountEdges (FT):") {
		t.Errorf("solve: exit %d: %s %s", code, stdout, stderr)
	}
}

// Type errors are printed at go build's file:line:col; the rest is
// analyzed and the exit status is 2.
func TestGoTypeErrors(t *testing.T) {
	bad := absPath(t, broken+"/bad/bad.go")
	wantErr := bad + ":4:17: cannot use 1 (untyped int constant) as string value in variable declaration\n" +
		bad + ":5:9: cannot use s (variable of type string) as *int value in return statement\n"
	for _, args := range [][]string{
		{"pointsto", "-C", broken, "main.main.p", "./..."},
		{"callgraph", "-C", broken, "./..."},
		{"alias", "-C", broken, "main.main.p", "main.main.p", "./..."},
	} {
		stdout, stderr, code := cflr(t, args...)
		if code != 2 || !strings.HasPrefix(stderr, wantErr) {
			t.Errorf("%v: exit %d, stderr:\n%s\nwant prefix:\n%s", args, code, stderr, wantErr)
		}
		if args[0] == "pointsto" && !strings.Contains(stdout, "new@4") {
			t.Errorf("%v: the good package was not analyzed:\n%s", args, stdout)
		}
	}
}

// Bad queries and flags exit 2 with a message and no output.
func TestGoUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"pointsto", "-C", gomod, "main.nosuch.x"},
		{"pointsto", "-C", gomod, "nodot"},
		{"pointsto", "-C", gomod, "--boxes", "heap", "main.total.s"},
		{"callgraph", "-C", gomod, "--format", "xml"},
		{"callgraph", "-C", gomod, "--mem-ratio", "-1"},
		{"alias", "-C", gomod, "main.total.s"},
		{"pointsto", "-C", gomod, "main.total.s", "./nosuchdir"},
	} {
		stdout, stderr, code := cflr(t, args...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, "cflr: ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, stdout, stderr)
		}
	}
	// A failed graph command leaves no file behind.
	out := filepath.Join(t.TempDir(), "g.tsv")
	if _, _, code := cflr(t, "graph", "-C", gomod, "-o", out, "./nosuchdir"); code != 2 {
		t.Errorf("graph ./nosuchdir: exit %d, want 2", code)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("graph ./nosuchdir left %s", out)
	}
}
