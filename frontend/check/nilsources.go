package check

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/graph"
)

// Which nils nilflow reports (issue 18, real code; FindBugs' "finding
// more null pointer bugs, but not too many": report a nil where the code
// itself shows it can be nil, not where only the programmer's contract
// rules it out).
//
// On six real programs (bench/checks-2026-11-29/TRIAGE.md) 57 of 68
// nilflow findings were false, and two kinds of nil made almost all of
// them, none real:
//
//   - a sentinel nil returned by a function whose results do not end in
//     an error: an iterator's First "nil when empty", an arena's
//     getPointer(0), a request's session "nil outside the middleware",
//     Matcher.scan's (nil, false). Such a nil is the callee's documented
//     contract; its callers rely on an invariant (the level is not
//     empty, the middleware ran) that the value flow does not carry, and
//     the nil reaches every caller's dereference;
//   - a nil written into a struct field (Options{Pointer: nil},
//     &Server{AuthHandler: nil}, x.f = nil) and loaded in another
//     function: set later by an initialisation the flow-insensitive heap
//     does not order, or read only under a flag set with it. A struct
//     value's field counts too: the value is copied into the heap whole
//     (fzf's t := Terminal{separator: nil}; return &t).
//
// So by default (NilSourcesDefault) nilflow drops them: a nil does not
// leave a function through a return (ret_i) when that function's results
// do not end in an error, a nil constant stored into a struct field
// (EdgeInfo.NilField) and any value stored into an element of a slice
// or array (EdgeInfo.ElemStore: every slice built at one site is one
// heap cell, so one nil local in a literal reached every load of every
// such slice, 706 of opa's findings) are not followed into the heap, as a nil stored
// there as a variable's value is not (nilheap.go). What stays: the
// error convention's nils, through every return (a function that logs
// the error and returns the value passes on a nil the code shows); nils returned by a function whose last result
// is an error, return nil, nil included (a caller that checks only the
// error uses the nil); a value a nil test finds nil; zero values and nil
// constants assigned to locals, passed as arguments and stored into
// fields that the same function reads back (local memory, localmem.go:
// x.f = nil; x.f.g); nils stored
// into variables; nilness's sources. A nil
// passed into a function and returned by it to the same call (a
// balanced call) still flows: the return is the caller's own nil coming
// back, not the callee's sentinel. NilSourcesAll reports them all, as
// nilflow did before.
//
// The filter is in the solve, not on findings: the returns are relabelled
// sret_i, which the grammar (grammars/nilflow.cfg) takes only inside a
// balanced call, and the field stores are skipped (nilSkip). A use that
// a dropped nil and a kept one both reach is reported, with the kept
// one's witness. Without Config.Context calls and returns are plain
// assignments and no call is balanced: every return out of a function
// whose results do not end in an error is dropped.

// Values of Config.NilSources.
const (
	// NilSourcesDefault drops sentinel returns and nils stored into
	// struct fields ("" is the same).
	NilSourcesDefault = "default"
	// NilSourcesAll reports every nil the code writes.
	NilSourcesAll = "all"
)

// NilSourceSettings are the values of Config.NilSources, default first.
var NilSourceSettings = []string{NilSourcesDefault, NilSourcesAll}

// ParseNilSources checks a nil-sources setting; "" is the default.
func ParseNilSources(s string) (string, error) {
	switch s {
	case "", NilSourcesDefault:
		return NilSourcesDefault, nil
	case NilSourcesAll:
		return NilSourcesAll, nil
	}
	return "", fmt.Errorf("unknown nil sources %q (want %s or %s)", s, NilSourcesDefault, NilSourcesAll)
}

// allNils reports whether cfg asks for every nil (NilSourcesAll).
func allNils(cfg *Config) bool { return cfg != nil && cfg.NilSources == NilSourcesAll }

// labelSRet is a ret_i edge out of a function whose results do not end in
// an error, as nilflow's default solves label it (nilRelabel).
const labelSRet = "sret_i"

// labelSRetPlain is such a return without Config.Context: no grammar
// reads it.
const labelSRetPlain = "sret"

// nilRelabel is the Relabel of nilflow's solves under cfg: nil under
// NilSourcesAll; else it relabels sret_i the returns out of functions
// whose results do not end in an error.
func nilRelabel(g *FlowGraph, cfg *Config) func(int, graph.Edge) string {
	if allNils(cfg) {
		return nil
	}
	ret, hasRet := g.LookupLabel(LabelRet)
	asg, hasAsg := g.LookupLabel(LabelAssign)
	memo := map[*ssa.Function]bool{}
	return func(i int, e graph.Edge) string {
		// Without Context a return is an assign edge (FlowGraph.addEdge)
		// out of the callee's result vertex: relabelled with a label no
		// grammar reads, as no call is balanced.
		plain := !g.context && hasAsg && e.Label == asg && g.VertexAt(e.Src).Kind == VReturn
		if !plain && !(hasRet && e.Label == ret) {
			return ""
		}
		fn := g.InfoAt(i).Callee
		if fn == nil {
			return ""
		}
		s, ok := memo[fn]
		if !ok {
			s = !endsInError(fn.Signature)
			memo[fn] = s
		}
		switch {
		case !s:
			return ""
		case plain:
			return labelSRetPlain
		}
		return labelSRet
	}
}

// endsInError reports whether sig's last result is an error (custom
// error types too, isErrorType).
func endsInError(sig *types.Signature) bool {
	n := sig.Results().Len()
	return n > 0 && isErrorType(sig.Results().At(n-1).Type())
}
