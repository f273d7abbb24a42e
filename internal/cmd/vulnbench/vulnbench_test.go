package main

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
)

func readReport(t *testing.T) *Report {
	t.Helper()
	data, err := os.ReadFile("testdata/GO-2099-0001.yaml")
	if err != nil {
		t.Fatal(err)
	}
	r, err := ParseReport(data)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestTarget(t *testing.T) {
	r := readReport(t)
	tg, why := r.Target()
	if tg == nil {
		t.Fatalf("no target: %s", why)
	}
	// std is skipped; the least fixed version above vulnerable_at wins.
	if tg.Module != "example.com/lib" || tg.Vuln != "v1.1.2" || tg.Fixed != "v1.1.3" {
		t.Errorf("target %s %s..%s, want example.com/lib v1.1.2..v1.1.3", tg.Module, tg.Vuln, tg.Fixed)
	}
	if got := tg.Packages[0].Symbols; !reflect.DeepEqual(got, []string{"Store.Query", "quote"}) {
		t.Errorf("symbols %v", got)
	}
	if tg.Fix != "https://github.com/example/lib/commit/abc" {
		t.Errorf("fix %q", tg.Fix)
	}
	r.Modules = r.Modules[:1]
	if tg, why := r.Target(); tg != nil || why != "standard library or toolchain" {
		t.Errorf("std only: %v, %q", tg, why)
	}
	r.Modules = []Module{{Module: "example.com/x", Packages: []Package{{Package: "example.com/x"}}}}
	if _, why := r.Target(); why != "no vulnerable_at" {
		t.Errorf("no vulnerable_at: %q", why)
	}
	r.Modules[0].VulnerableAt = "1.0.0"
	r.Modules[0].Versions = []map[string]string{{"fixed": "0.9.0"}}
	if _, why := r.Target(); why != "no fixed version" {
		t.Errorf("fixed below vulnerable_at: %q", why)
	}
}

func TestClassify(t *testing.T) {
	r := readReport(t)
	// The summary decides before the description and the CWE.
	if c := Classify(r); c != "sqli" {
		t.Errorf("summary: %q, want sqli", c)
	}
	r.Summary = "Denial of service in example.com/lib"
	if c := Classify(r); c != "sqli" { // the description's first class in precedence order
		t.Errorf("description: %q, want sqli", c)
	}
	r.Description = "A crafted request panics."
	if c := Classify(r); c != "xss" {
		t.Errorf("CWE: %q, want xss", c)
	}
	r.CVEMetadata.CWE = ""
	if c := Classify(r); c != "" {
		t.Errorf("nothing: %q", c)
	}
	for text, want := range map[string]string{
		"Path traversal in x":                    "path",
		"Zip Slip in archiver":                   "path",
		"OS command injection via git":           "cmdi",
		"Cross-site scripting in admin":          "xss",
		"Stored XSS via names":                   "xss",
		"Server-Side Request Forgery in webhook": "ssrf",
		"Open redirect in login":                 "redirect",
		"Nil pointer dereference in parser":      "nil",
		"NULL pointer dereference when decoding": "nil",
		"Directory traversal when extracting":    "path",
		"Improper SQL-injection neutralization":  "sqli",
		"Insufficient checks allow xssrf":        "",
		"Denial of service via panic":            "",
	} {
		if c := Classify(&Report{Summary: text}); c != want {
			t.Errorf("Classify(%q) = %q, want %q", text, c, want)
		}
	}
}

func TestSet(t *testing.T) {
	for id, want := range map[string]string{"GO-2020-0001": "dev", "GO-2023-2400": "dev", "GO-2024-0001": "heldout", "GO-2026-4000": "heldout"} {
		if got := Set(id); got != want {
			t.Errorf("Set(%s) = %s, want %s", id, got, want)
		}
	}
}

func TestChangedLines(t *testing.T) {
	old, err := os.ReadFile("testdata/old.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	new, err := os.ReadFile("testdata/new.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	got := keys(ChangedLines(string(old), string(new)))
	// Line 6 is replaced; lines 11-13 are inserted between old 10 and 11.
	if want := []int{6, 10, 11}; !slices.Equal(got, want) {
		t.Errorf("changed %v, want %v", got, want)
	}
	if got := ChangedLines(string(old), string(old)); len(got) != 0 {
		t.Errorf("no change: %v", keys(got))
	}
	// A file the fix deletes: every line.
	if got := keys(ChangedLines("a\nb\n", "")); !slices.Equal(got, []int{1, 2}) {
		t.Errorf("deleted file: %v", got)
	}
	// Trailing white space is no change.
	if got := ChangedLines("a \nb\n", "a\nb\n"); len(got) != 0 {
		t.Errorf("white space: %v", keys(got))
	}
}

func keys(m map[int]bool) []int {
	var ks []int
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func TestFuncSpans(t *testing.T) {
	src, err := os.ReadFile("testdata/old.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	spans := FuncSpans(src)
	for line, want := range map[int]string{6: "Store.Query", 5: "Store.Query", 11: "quote", 14: "helper", 3: "", 9: ""} {
		if got := FuncAt(spans, line); got != want {
			t.Errorf("line %d: %q, want %q", line, got, want)
		}
	}
	generic := FuncSpans([]byte("package p\ntype L[T any] struct{}\nfunc (l *L[T]) Get() {}\n"))
	if len(generic) != 1 || generic[0].Name != "L.Get" {
		t.Errorf("generic receiver: %v", generic)
	}
}

func TestDetect(t *testing.T) {
	ev := &Evidence{
		Symbols: map[string][]string{"db": {"Store.Query", "quote"}, ".": nil},
		Changed: map[string]map[int]bool{"db/db.go": {6: true, 10: true}, "root.go": {3: true}},
	}
	in := Finding{Tool: "cflr", Rule: "taint", File: "db/db.go", Line: 7, Func: "Store.Query", Msg: "x reaches sql sink at db/db.go:7:2"}
	line := Finding{Tool: "gosec", Rule: "G202", File: "root.go", Line: 3, Func: "Open", Msg: "m"}
	other := Finding{Tool: "cflr", Rule: "taint", File: "db/db.go", Line: 14, Func: "helper", Msg: "x reaches sql sink y"}
	unlisted := Finding{Tool: "cflr", Rule: "taint", File: "util/u.go", Line: 6, Func: "quote", Msg: "x reaches sql sink y"}
	// A sink of another kind in the symbol does not detect a SQL injection.
	wrongKind := Finding{Tool: "cflr", Rule: "taint", File: "db/db.go", Line: 6, Func: "Store.Query", Msg: "x reaches path sink y"}
	hits, how := Detect([]Finding{other, unlisted}, "sqli", ev)
	if len(hits) != 0 || how != "" {
		t.Errorf("no hit expected: %v %q", hits, how)
	}
	hits, how = Detect([]Finding{line, other, in, wrongKind}, "sqli", ev)
	if len(hits) != 2 || how != "symbol" {
		t.Errorf("hits %v, how %q; want the line and the symbol finding, symbol", hits, how)
	}
	if _, how := Detect([]Finding{line}, "sqli", ev); how != "line" {
		t.Errorf("how %q, want line", how)
	}
	// Gone: the same finding moved to another line is not gone.
	moved := in
	moved.Line, moved.Msg = 9, "x reaches sql sink at db/db.go:9:2"
	if Gone([]Finding{in}, []Finding{moved, other}) {
		t.Error("a moved finding counted as gone")
	}
	if !Gone([]Finding{in}, []Finding{other}) {
		t.Error("a removed finding not counted as gone")
	}
}

func TestChangedPackages(t *testing.T) {
	v, f := t.TempDir(), t.TempDir()
	write := func(dir, name, text string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{v, f} {
		write(d, "a.go", "package a\n")
		write(d, "same/s.go", "package same\n")
	}
	write(v, "b/b.go", "package b\n")
	write(f, "b/b.go", "package b // fixed\n")
	write(v, "c/c_test.go", "package c\n")                // tests do not count
	write(v, "vendor/x/x.go", "package x\n")              // nor vendored code
	write(v, "gone/g.go", "package gone\n")               // deleted by the fix
	write(v, "a_test.go", "package a\nfunc TestX() {}\n") // root test only
	if got, want := changedPackages(v, f), []string{"b", "gone"}; !slices.Equal(got, want) {
		t.Errorf("changedPackages = %v, want %v", got, want)
	}
}
