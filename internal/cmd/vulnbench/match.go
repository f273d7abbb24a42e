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

// sinkKinds are the words of cflr's taint messages ("reaches sql sink")
// for each class; gosecRules, gosec's rules for it.
var (
	sinkKinds  = map[string]string{"sqli": "sql", "cmdi": "command", "path": "path", "xss": "html", "ssrf": "ssrf", "redirect": "redirect"}
	gosecRules = map[string][]string{
		"sqli": {"G201", "G202", "G701"}, "cmdi": {"G204", "G702"}, "path": {"G304", "G305", "G703"},
		"xss": {"G203", "G705"}, "ssrf": {"G107", "G704"}, "redirect": {"G710"},
	}
)

// OfClass reports whether f is a finding of class's kind: a taint
// finding at a sink of its kind, a gosec rule for it, a nil finding.
func OfClass(f Finding, class string) bool {
	switch f.Tool {
	case "cflr":
		if class == "nil" {
			return f.Rule == "nilflow"
		}
		return f.Rule == "taint" && strings.Contains(f.Msg, " "+sinkKinds[class]+" sink ")
	case "gosec":
		return slices.Contains(gosecRules[class], f.Rule)
	case "nilaway":
		return class == "nil"
	}
	return false
}

// Detect returns the findings of fs of class's kind that detect the case,
// and how the first did: "symbol" (inside a listed symbol) or "line" (on
// a changed line), symbols preferred.
func Detect(fs []Finding, class string, ev *Evidence) (hits []Finding, how string) {
	for _, f := range fs {
		syms, ok := ev.Symbols[path.Dir(f.File)]
		if !ok || !OfClass(f, class) {
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
