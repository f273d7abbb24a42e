package vet

import (
	"fmt"
	"strings"
)

// NilSummary is NilFlow's fact about an exported function or method: its
// flow graph cut down to what a caller in another package needs. Parameter
// numbers count a method's receiver as 0, as go/ssa's parameters do.
// Every slice is sorted, so that facts (and go vet's cache) are
// deterministic.
type NilSummary struct {
	// Results are the results that may be nil (a nil constant in the
	// function or in the functions it calls reaches them).
	Results []NilResult
	// Flows are parameter-to-result flows: a nil argument comes back.
	Flows []Flow
	// Sinks are the parameters that reach a nil sink (a dereference, a
	// map write, a call) with no guard on the way.
	Sinks []ParamSink
}

// TaintSummary is Taint's fact about an exported function or method.
type TaintSummary struct {
	// Results are the results that carry untrusted data from a source
	// inside the function (or its callees).
	Results []TaintResult
	// Flows are parameter-to-result flows with no sanitizer on the way.
	Flows []Flow
	// Sinks are the parameters that reach a sink with no sanitizer on the way.
	Sinks []ParamSink
}

// NilResult says that result Result may be nil. WithError: only where the
// function also returns a non-nil error (the (T, error) convention), so a
// caller that checks the error does not see it.
type NilResult struct {
	Result    int
	WithError bool
	Steps     []string // the witness, from the nil to the return
}

// TaintResult says that result Result carries untrusted data.
type TaintResult struct {
	Result int
	Source string // the source model: "os.Getenv"
	Steps  []string
	Clean  []string // sink kinds it is sanitized for on every path (sorted)
}

// Flow says that parameter Param flows to result Result (its
// error-paired copy when WithError).
type Flow struct {
	Param, Result int
	WithError     bool
	Clean         []string // taint: sink kinds it is sanitized for on every path (sorted)
}

// ParamSink says that parameter Param reaches a sink: Check is what
// happens there ("nil dereference", "sql"), Steps the witness from the
// parameter to the sink, the sink last.
type ParamSink struct {
	Param int
	Check string // the sink's kind: dereference, map write, call, invoke; sql, path, ...
	What  string // the use (nil): "field access c.Addr"
	Steps []string
}

func (*NilSummary) AFact()   {}
func (*TaintSummary) AFact() {}

func (s *NilSummary) empty() bool {
	return len(s.Results) == 0 && len(s.Flows) == 0 && len(s.Sinks) == 0
}

func (s *TaintSummary) empty() bool {
	return len(s.Results) == 0 && len(s.Flows) == 0 && len(s.Sinks) == 0
}

// String is the form analysistest's `// want name:"..."` fact
// expectations match.
func (s *NilSummary) String() string {
	var parts []string
	for _, r := range s.Results {
		e := ""
		if r.WithError {
			e = "(with error)"
		}
		parts = append(parts, fmt.Sprintf("nil->r%d%s", r.Result, e))
	}
	for _, f := range s.Flows {
		parts = append(parts, flowString(f))
	}
	for _, p := range s.Sinks {
		parts = append(parts, fmt.Sprintf("p%d->%s", p.Param, p.Check))
	}
	return "nil{" + strings.Join(parts, " ") + "}"
}

func (s *TaintSummary) String() string {
	var parts []string
	for _, r := range s.Results {
		parts = append(parts, fmt.Sprintf("source->r%d", r.Result))
	}
	for _, f := range s.Flows {
		parts = append(parts, flowString(f))
	}
	for _, p := range s.Sinks {
		parts = append(parts, fmt.Sprintf("p%d->%s", p.Param, p.Check))
	}
	return "taint{" + strings.Join(parts, " ") + "}"
}

func flowString(f Flow) string {
	e := ""
	if f.WithError {
		e = "(with error)"
	}
	if len(f.Clean) > 0 {
		e += "(clean for " + strings.Join(f.Clean, ",") + ")"
	}
	return fmt.Sprintf("p%d->r%d%s", f.Param, f.Result, e)
}
