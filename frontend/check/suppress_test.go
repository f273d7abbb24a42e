package check

import (
	"reflect"
	"testing"
)

func TestParseDirective(t *testing.T) {
	for _, tc := range []struct {
		in     string
		ok     bool
		checks []string
		reason string
	}{
		{"//cflr:ignore nilflow checked by the caller", true, []string{"nilflow"}, "checked by the caller"},
		{"//cflr:ignore nilflow,taint  two  checks ", true, []string{"nilflow", "taint"}, "two checks"},
		{"//cflr:ignore all", true, []string{"all"}, ""},
		{"//cflr:ignore\tnilflow\treason", true, []string{"nilflow"}, "reason"},
		{"//cflr:ignore", false, nil, ""},
		{"//cflr:ignore   ", false, nil, ""},
		{"//cflr:ignored nilflow", false, nil, ""},
		{"//cflr:ignore nilflow,,taint x", false, nil, ""},
		{"// cflr:ignore nilflow x", false, nil, ""},
		{"/*cflr:ignore nilflow x*/", false, nil, ""},
		{"//nolint", false, nil, ""},
	} {
		d, ok := ParseDirective(tc.in)
		if ok != tc.ok || ok && (!reflect.DeepEqual(d.Checks, tc.checks) || d.Reason != tc.reason) {
			t.Errorf("ParseDirective(%q) = %+v, %v; want %v %q, %v", tc.in, d, ok, tc.checks, tc.reason, tc.ok)
		}
	}
	d, _ := ParseDirective("//cflr:ignore nilflow x")
	if !d.Covers("nilflow") || d.Covers("taint") {
		t.Error("Covers")
	}
	d, _ = ParseDirective("//cflr:ignore all x")
	if !d.Covers("taint") {
		t.Error("all covers every check")
	}
}

func TestDirectives(t *testing.T) {
	src := []byte("package p\n" +
		"//cflr:ignore nilflow reason\n" +
		"var s = \"//cflr:ignore taint in a string\"\n" +
		"func f() { _ = 1 } //cflr:ignore taint,nilflow trailing\n" +
		"/* //cflr:ignore all in a block comment */\n")
	m := Directives(src)
	if len(m) != 2 || len(m[2]) != 1 || m[2][0].Checks[0] != "nilflow" || len(m[4]) != 1 || len(m[4][0].Checks) != 2 {
		t.Errorf("Directives = %+v", m)
	}
}

// FuzzParseDirective: never panics; an accepted directive names only
// non-empty checks without spaces, and its reason has no leading or
// trailing space.
func FuzzParseDirective(f *testing.F) {
	for _, s := range []string{"//cflr:ignore nilflow reason", "//cflr:ignore a,b", "//cflr:ignore", "//cflr:ignore ,", "//cflr:ignore\x00x", "//cflr:ignore \u00a0x y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, ok := ParseDirective(s)
		if !ok {
			return
		}
		if len(d.Checks) == 0 {
			t.Fatalf("%q: accepted with no checks", s)
		}
		for _, c := range d.Checks {
			if c == "" || containsSpace(c) || containsRune(c, ',') {
				t.Fatalf("%q: bad check %q", s, c)
			}
		}
		if d.Reason != "" && (containsSpace(d.Reason[:1]) || containsSpace(d.Reason[len(d.Reason)-1:])) {
			t.Fatalf("%q: reason %q not trimmed", s, d.Reason)
		}
		Directives([]byte("package p\n" + s + "\n"))
	})
}

func containsSpace(s string) bool {
	for _, r := range s {
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f' || r == 0x85 || r == 0xA0 || r == 0x1680 || (r >= 0x2000 && r <= 0x200a) || r == 0x2028 || r == 0x2029 || r == 0x202f || r == 0x205f || r == 0x3000 {
			return true
		}
	}
	return false
}

func containsRune(s string, c rune) bool {
	for _, r := range s {
		if r == c {
			return true
		}
	}
	return false
}
