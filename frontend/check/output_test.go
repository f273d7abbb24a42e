package check

import (
	"bytes"
	"encoding/json"
	"flag"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// sampleFindings are two findings, one with a witness crossing files and
// one with a file outside the source root.
func sampleFindings() []Finding {
	p := func(f string, l, c int) token.Position { return token.Position{Filename: f, Line: l, Column: c} }
	return []Finding{
		{Check: "nilflow", Pos: p("pkg/a.go", 12, 5), Message: "p may be nil at field access p.x", Witness: []Step{
			{p("pkg/b.go", 3, 9), "nil returned from pkg.find"},
			{p("pkg/a.go", 11, 7), "returned by pkg.find into p"},
		}, Checked: true},
		{Check: "nilflow", Pos: p("/elsewhere/c.go", 1, 1), Message: "m may be nil at assignment to entry in map m"},
	}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata/golden", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (go test -update rewrites it):\n%s", name, got)
	}
}

func TestWriteText(t *testing.T) {
	var b bytes.Buffer
	if err := WriteText(&b, sampleFindings()); err != nil {
		t.Fatal(err)
	}
	want := "pkg/a.go:12:5: p may be nil at field access p.x (nilflow)\n" +
		"\tpkg/b.go:3:9: nil returned from pkg.find\n" +
		"\tpkg/a.go:11:7: returned by pkg.find into p\n" +
		"/elsewhere/c.go:1:1: m may be nil at assignment to entry in map m (nilflow)\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestWriteJSON(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJSON(&b, sampleFindings()); err != nil {
		t.Fatal(err)
	}
	golden(t, "findings.json", b.Bytes())
	var got []jsonFinding
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Line != 12 || !got[0].PathChecked || got[1].PathChecked || len(got[0].Witness) != 2 || got[0].Witness[1].Desc != "returned by pkg.find into p" || got[1].Witness == nil {
		t.Errorf("round trip: %+v", got)
	}
	b.Reset()
	if err := WriteJSON(&b, nil); err != nil || strings.TrimSpace(b.String()) != "[]" {
		t.Errorf("no findings: %q, %v", b.String(), err)
	}
}

// TestWriteSARIF checks the log against a golden file and, structurally,
// against what GitHub code scanning requires of SARIF 2.1.0: version,
// tool.driver.name and rules, results with ruleId (a rule's id), ruleIndex,
// level, message.text, and physical locations with a positive startLine,
// relative URIs based at %SRCROOT%, and code flows for witnesses.
func TestWriteSARIF(t *testing.T) {
	// Relative names are resolved against the current directory: make
	// them absolute below a fixed root so that the log does not depend on
	// where the checkout is. Only the nil rule is listed, so that the
	// golden file does not follow other checks' documentation.
	root := "/srcroot"
	fs := sampleFindings()
	fs[0].Pos.Filename = "/srcroot/pkg/a.go"
	for i := range fs[0].Witness {
		fs[0].Witness[i].Pos.Filename = "/srcroot/" + fs[0].Witness[i].Pos.Filename
	}
	var b bytes.Buffer
	if err := WriteSARIF(&b, fs, []Checker{Nil}, root); err != nil {
		t.Fatal(err)
	}
	golden(t, "findings.sarif", b.Bytes())

	var log map[string]any
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	if log["version"] != "2.1.0" || !strings.Contains(log["$schema"].(string), "sarif-2.1.0") {
		t.Errorf("version/schema: %v %v", log["version"], log["$schema"])
	}
	run := log["runs"].([]any)[0].(map[string]any)
	driver := run["tool"].(map[string]any)["driver"].(map[string]any)
	if driver["name"] != "cflr" {
		t.Errorf("driver name %v", driver["name"])
	}
	rules := driver["rules"].([]any)
	ids := map[string]int{}
	for i, r := range rules {
		rm := r.(map[string]any)
		ids[rm["id"].(string)] = i
		if rm["shortDescription"].(map[string]any)["text"] == "" {
			t.Errorf("rule %v has no description", rm["id"])
		}
	}
	if _, ok := ids["nilflow"]; !ok {
		t.Fatalf("no nilflow rule: %v", ids)
	}
	base := run["originalUriBaseIds"].(map[string]any)["%SRCROOT%"].(map[string]any)["uri"].(string)
	if !strings.HasPrefix(base, "file:///") || !strings.HasSuffix(base, "/") {
		t.Errorf("%%SRCROOT%% uri %q", base)
	}
	results := run["results"].([]any)
	if len(results) != 2 {
		t.Fatalf("%d results", len(results))
	}
	for _, r := range results {
		rm := r.(map[string]any)
		id := rm["ruleId"].(string)
		if idx, ok := ids[id]; !ok || int(rm["ruleIndex"].(float64)) != idx {
			t.Errorf("ruleId %s ruleIndex %v", id, rm["ruleIndex"])
		}
		if rm["level"] != "warning" || rm["message"].(map[string]any)["text"] == "" {
			t.Errorf("level/message: %v", rm)
		}
		for _, l := range rm["locations"].([]any) {
			checkSARIFLocation(t, l.(map[string]any))
		}
		if cfs, ok := rm["codeFlows"].([]any); ok {
			locs := cfs[0].(map[string]any)["threadFlows"].([]any)[0].(map[string]any)["locations"].([]any)
			for _, l := range locs {
				loc := l.(map[string]any)["location"].(map[string]any)
				checkSARIFLocation(t, loc)
				if loc["message"].(map[string]any)["text"] == "" {
					t.Error("thread flow step without message")
				}
			}
		}
	}
	first := results[0].(map[string]any)["locations"].([]any)[0].(map[string]any)["physicalLocation"].(map[string]any)["artifactLocation"].(map[string]any)
	if first["uri"] != "pkg/a.go" || first["uriBaseId"] != "%SRCROOT%" {
		t.Errorf("relative artifact %v", first)
	}
	second := results[1].(map[string]any)["locations"].([]any)[0].(map[string]any)["physicalLocation"].(map[string]any)["artifactLocation"].(map[string]any)
	if second["uri"] != "file:///elsewhere/c.go" || second["uriBaseId"] != nil {
		t.Errorf("absolute artifact %v", second)
	}
}

func checkSARIFLocation(t *testing.T, l map[string]any) {
	t.Helper()
	pl := l["physicalLocation"].(map[string]any)
	if pl["artifactLocation"].(map[string]any)["uri"] == "" {
		t.Error("empty uri")
	}
	if pl["region"].(map[string]any)["startLine"].(float64) < 1 {
		t.Error("startLine < 1")
	}
}

func TestWriteDOT(t *testing.T) {
	var b bytes.Buffer
	if err := WriteDOT(&b, sampleFindings()); err != nil {
		t.Fatal(err)
	}
	s := b.String()
	for _, want := range []string{"digraph witnesses {", `"pkg/b.go:3:9\nnil returned from pkg.find"`, "n0 -> n1", "n1 -> n2", "shape=box"} {
		if !strings.Contains(s, want) {
			t.Errorf("DOT lacks %q:\n%s", want, s)
		}
	}
	if strings.Count(s, "->") != 2 {
		t.Errorf("want 2 edges:\n%s", s)
	}
}
