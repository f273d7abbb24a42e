package main

import (
	"bytes"
	"os"
	"testing"
	"time"
)

// TestProgressOffTerminal: in a pipe or a buffer (a CI log) no spinner is
// ever drawn, whatever --quiet says.
func TestProgressOffTerminal(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	for _, out := range []any{w, &bytes.Buffer{}} {
		var buf bytes.Buffer
		wr := &buf
		if f, ok := out.(*os.File); ok {
			if isTerminal(f) {
				t.Fatal("a pipe is not a terminal")
			}
			if p := newPhases(f, false); !p.quiet {
				t.Error("cflr check's phases would draw a spinner into a pipe")
			}
			if p := newProgress(f, false); !p.quiet {
				t.Error("cflr solve's spinner would draw into a pipe")
			}
			continue
		}
		if isTerminal(wr) {
			t.Fatal("a buffer is not a terminal")
		}
		p := newProgress(wr, false)
		p.start = p.start.Add(-5 * time.Second)
		p.show("round 1", 1)
		p.finish()
		if buf.Len() != 0 {
			t.Errorf("spinner frames written into a buffer: %q", buf.String())
		}
	}
}
