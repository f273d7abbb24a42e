package main

import (
	"strings"
	"testing"
)

// Position queries through the commands: the expression at the position,
// exactly, and an error (exit 2) where a position names several variables
// (frontend/testdata/src/positions).
func TestPositionQueryCommands(t *testing.T) {
	const (
		src = "../../frontend/testdata/src"
		f   = src + "/positions/main.go"
	)
	// x.a and k.a, at the field's name: each its own set, no alias.
	stdout, stderr, code := cflr(t, "pointsto", "-C", src, f+":11:10", "./positions")
	if code != 0 || !strings.Contains(stdout, "may point to 1 objects") || !strings.Contains(stdout, "new@8") {
		t.Errorf("pointsto x.a: exit %d, stdout:\n%s\nstderr: %s", code, stdout, stderr)
	}
	stdout, stderr, code = cflr(t, "alias", "-C", src, f+":11:10", f+":13:10", "./positions")
	if code != 0 || !strings.Contains(stdout, "do not alias") {
		t.Errorf("alias x.a k.a: exit %d, stdout:\n%s\nstderr: %s", code, stdout, stderr)
	}
	_, stderr, code = cflr(t, "pointsto", "-C", src, src+"/positions/gen.go:1:2", "./positions")
	if code != 2 || !strings.Contains(stderr, "ambiguous: v declared at") || !strings.Contains(stderr, "w declared at") {
		t.Errorf("ambiguous position: exit %d, stderr: %s", code, stderr)
	}
}
