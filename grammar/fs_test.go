package grammar

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestLoadFS(t *testing.T) {
	fsys := fstest.MapFS{
		"ok.cfg":  {Data: []byte("%count S\nS ::= a b c\n")},
		"bad.cfg": {Data: []byte("S ::= a\nT ::= (\n")},
	}
	g, err := LoadFS(fsys, "ok.cfg")
	if err != nil || !g.Normalized {
		t.Fatalf("ok.cfg: %v", err)
	}
	if _, err := LoadFS(fsys, "bad.cfg"); err == nil || !strings.Contains(err.Error(), "bad.cfg:2") {
		t.Errorf("bad.cfg: %v, want an error at bad.cfg:2", err)
	}
	if _, err := LoadFS(fsys, "missing.cfg"); err == nil || !strings.Contains(err.Error(), "missing.cfg") {
		t.Errorf("missing.cfg: %v", err)
	}
}
