package linetally

import (
	"os"
	"path/filepath"
	"testing"
)

func TestCount(t *testing.T) {
	root := t.TempDir()
	write := func(name, src string) {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a/a.go", `package a

func f(p *int) int {
	return *p //want "dereferenced"
}

func g(p *int) int {
	s := "// want in a string"
	_ = s
	return *p // wanted, but not a want
}

//line ../b/b.go:3
// want "there"
`)
	write("b/b.go", `package b

var x = 1 // want "x"
`)
	reports := []Report{
		{File: filepath.Join(root, "a/a.go"), Line: 4, Message: "hit"},
		{File: filepath.Join(root, "a/a.go"), Line: 4, Message: "same line"},
		{File: filepath.Join(root, "a/a.go"), Line: 10, Message: "unwanted"},
		{File: filepath.Join(root, "b/b.go"), Line: 3, Message: "hit through //line"},
		{Message: "no position"},
	}
	tally, err := Count(root, reports)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := tally.Total, (Row{Dir: "total", Wants: 2, Hits: 2, Unwanted: 1}); got != want {
		t.Errorf("total = %+v, want %+v\n%s", got, want, tally)
	}
	if tally.NoPos != 1 || len(tally.Unwanted) != 2 || len(tally.Missed) != 0 {
		t.Errorf("NoPos %d, Unwanted %v, Missed %v", tally.NoPos, tally.Unwanted, tally.Missed)
	}
	if len(tally.Rows) != 2 || tally.Rows[0] != (Row{Dir: "a", Wants: 1, Hits: 1, Unwanted: 1}) {
		t.Errorf("rows = %+v", tally.Rows)
	}
}
