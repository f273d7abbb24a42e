package main

import (
	"path"
	"regexp"
	"slices"
	"strings"
)

// Finding is one tool finding, placed at its sink or nil use.
type Finding struct {
	Tool string `json:"tool"`
	Rule string `json:"rule"`
	File string `json:"file"` // relative to the module root, slash-separated
	Line int    `json:"line"`
	Func string `json:"func"` // the top-level function holding Line, "" outside one
	Msg  string `json:"msg"`
}

var posRE = regexp.MustCompile(`[^\s:()]*\.go:\d+(:\d+)?|:\d+:\d+|\bline \d+`)

// Key identifies a finding across versions: tool, rule, file, function
// and message with positions removed (lines move with any edit).
func (f Finding) Key() string {
	return strings.Join([]string{f.Tool, f.Rule, f.File, f.Func, posRE.ReplaceAllString(f.Msg, "")}, "|")
}

// Evidence is what a finding must hit to detect a case.
type Evidence struct {
	// Symbols maps each listed package's directory (relative to the
	// module root, "." for the root) to its listed symbols.
	Symbols map[string][]string
	// Changed maps a file of a listed package to the lines the fix
	// changed in it.
	Changed map[string]map[int]bool
}

// Detect returns the findings of fs that detect the case, and how the
// first did: "symbol" (inside a listed symbol) or "line" (on a changed
// line), symbols preferred.
func Detect(fs []Finding, ev *Evidence) (hits []Finding, how string) {
	for _, f := range fs {
		syms, ok := ev.Symbols[path.Dir(f.File)]
		if !ok {
			continue
		}
		switch {
		case f.Func != "" && slices.Contains(syms, f.Func):
			hits = append(hits, f)
			how = "symbol"
		case ev.Changed[f.File][f.Line]:
			hits = append(hits, f)
			if how == "" {
				how = "line"
			}
		}
	}
	return hits, how
}

// Gone reports whether none of hits is among the fixed version's findings.
func Gone(hits, fixed []Finding) bool {
	keys := map[string]bool{}
	for _, f := range fixed {
		keys[f.Key()] = true
	}
	for _, h := range hits {
		if keys[h.Key()] {
			return false
		}
	}
	return true
}
