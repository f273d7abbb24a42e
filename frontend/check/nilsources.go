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
//   - a sentinel nil constant returned by a function whose results do
//     not end in an error: an iterator's First "nil when empty", an
//     arena's getPointer(0), a request's session "nil outside the
//     middleware", a stub renderer's NewWindow. Such a nil is the
//     callee's documented contract; its callers rely on an invariant
//     (the level is not empty, the middleware ran) held in receiver or
//     global state that the value flow does not carry, and the nil
//     reaches every caller's dereference;
//   - a nil written into a struct field (Options{Pointer: nil},
//     &Server{AuthHandler: nil}, x.f = nil) and loaded in another
//     function: set later by an initialisation the flow-insensitive heap
//     does not order, or read only under a flag set with it. A struct
//     value's field counts too: the value is copied into the heap whole
//     (fzf's t := Terminal{separator: nil}; return &t).
//
// So by default (NilSourcesDefault) nilflow drops them: a sentinel
// return (sentinelMemo.ret: a return, by a function whose results do not
// end in an error, of a nil constant or of a variable some path leaves
// nil, var child *node) does not pass a nil out of the function, a nil
// constant stored into a struct field (EdgeInfo.NilField) and any value
// stored into an element of a slice, array or map (EdgeInfo.ElemStore:
// every slice or map built at one site is one heap cell, so one nil
// local in a literal reached every load of every such slice, 706 of
// opa's findings, and caddy's map[string]any{rawConfigKey: nil} 15)
// are not followed into the heap, as a nil stored there as a variable's
// value is not (nilheap.go).
//
// Not every nil a function returns is a sentinel. The caller can see
// these, and NilAway's suite wants them (its default-setting hits went
// from 372 to 517 of 787 when they were kept, with no new finding on the
// six programs: bench/checks-2026-12-07):
//
//   - a returned value the function did not write as nil: a channel
//     receive, a load, a call's result (whose own sentinels stopped at
//     their own returns);
//   - a nil returned beside a constant bool as the last result (return
//     nil, false: the comma-ok convention; return nil, nil, true): the
//     flag is the contract, and refutation's relational summary (return
//     nil, false makes the caller's ok false) clears a caller that tests
//     it, while one that does not uses the nil. A flag the function
//     computes (fzf's Matcher.scan: return nil, wait(), "cancelled") is
//     no such contract;
//   - a result that every return of the function leaves nil (func f() *T
//     { return nil }, a named result never set), at a direct call: no
//     state makes it non-nil. At a call through an interface or a func
//     value it may be one build's stub (fzf's dummy renderer, never made
//     where its build tag holds), so there it is dropped (sret_i);
//   - a nil constant returned only where a parameter is nil (if p == nil
//     { return nil }; nilParamBranch): it is p's nil coming back, so the
//     graph gets an edge from p to the result (pret) and the nil returns
//     to a call that passed a nil, not to one whose argument only may be
//     (vet mode's summaries did this already: modular.go).
//
// Rejected: keeping every sentinel whose return is guarded only by
// tests of the function's parameters (if offset == 0 { return nil }),
// leaving the call's arguments to refutation: it brought back five false
// findings on pebble (Arena.getPointer(0) with offsets loaded from
// nodes, tableCacheNode.next) for three suite lines.
//
// What stays besides: the error convention's nils, through every return
// (a function that logs the error and returns the value passes on a nil
// the code shows); nils returned by a function whose last result is an
// error, return nil, nil included (a caller that checks only the error
// uses the nil); a value a nil test finds nil; zero values and nil
// constants assigned to locals, passed as arguments and stored into
// fields that the same function reads back (local memory, localmem.go:
// x.f = nil; x.f.g); nils stored into variables; nilness's sources. A
// nil passed into a function and returned by it to the same call (a
// balanced call) still flows: the return is the caller's own nil coming
// back, not the callee's sentinel. NilSourcesAll reports them all, as
// nilflow did before.
//
// The filter is in the solve, not on findings: a sentinel return's
// assignment to the function's result is relabelled sasg, which the
// grammar (grammars/nilflow.cfg) takes only inside a balanced call, as
// it does sret_i (a dynamic call's return of an always-nil result) and
// pret; the field stores are skipped (nilSkip). A use that a dropped nil
// and a kept one both reach is reported, with the kept one's witness.
// Without Config.Context no call is balanced: every sentinel return is
// dropped. In vet mode a summary's results are the nils the default
// follows out of the function; at a call through an interface or a func
// value they are dropped (NilSource.Sentinel), the summary not saying
// which are always nil.

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

// labelSRet is a ret_i edge of a result nil on every return of a
// function whose results do not end in an error, at a call through an
// interface or a func value, as nilflow's default solves label it
// (nilRelabel).
const labelSRet = "sret_i"

// labelSRetPlain is such a return without Config.Context: no grammar
// reads it.
const labelSRetPlain = "sret"

// nilRelabel is the Relabel of nilflow's solves under cfg: nil under
// NilSourcesAll; else it relabels sasg the sentinel returns'
// assignments to results (EdgeInfo.SentinelRet), sret_i the returns of
// always-nil results at dynamic calls, and pret the edges from a
// parameter to the result a return under its nil test writes.
func nilRelabel(g *FlowGraph, cfg *Config) func(int, graph.Edge) string {
	if allNils(cfg) {
		return nil
	}
	ret, hasRet := g.LookupLabel(LabelRet)
	asg, hasAsg := g.LookupLabel(LabelAssign)
	pret, hasPRet := g.LookupLabel(labelParamRetBuild)
	memo := map[*ssa.Function][]bool{}
	return func(i int, e graph.Edge) string {
		if hasPRet && e.Label == pret {
			return labelParamRet
		}
		if hasAsg && e.Label == asg && g.InfoAt(i).SentinelRet {
			return labelSAssign
		}
		// Without Context a return is an assign edge (FlowGraph.addEdge)
		// out of the callee's result vertex: an always-nil result's at a
		// dynamic call is relabelled with a label no grammar reads, as no
		// call is balanced.
		plain := !g.context && hasAsg && e.Label == asg && g.VertexAt(e.Src).Kind == VReturn
		if !plain && !(hasRet && e.Label == ret) {
			return ""
		}
		info := g.InfoAt(i)
		fn := info.Callee
		if fn == nil || info.Site == nil || info.Site.Common().StaticCallee() != nil || endsInError(fn.Signature) {
			return ""
		}
		always, ok := memo[fn]
		if !ok {
			always = alwaysNil(fn)
			memo[fn] = always
		}
		if k := g.VertexAt(e.Src).Index; k < 0 || k >= len(always) || !always[k] {
			return ""
		}
		if plain {
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

// labelSAssign is a sentinel return's assignment to the callee's result
// (EdgeInfo.SentinelRet), as the default nil sources label it.
const labelSAssign = "sasg"

// sentinelMemo tells the flow builder which returns are sentinels, for
// one function at a time.
type sentinelMemo struct {
	fn     *ssa.Function
	always []bool // result k is a nil constant at every return
}

// ret reports whether ret, a return of fn, returns result k as a
// sentinel of fn's contract (see the top of this file): fn's results do
// not end in an error, the value is a nil constant or a phi that merges
// one, the last result is not a constant bool, and some return of fn
// writes something other than nil at k.
func (m *sentinelMemo) ret(fn *ssa.Function, ret *ssa.Return, k int) bool {
	if endsInError(fn.Signature) {
		return false
	}
	if m.fn != fn {
		m.fn = fn
		m.always = alwaysNil(fn)
	}
	return nilConstish(ret.Results[k], map[*ssa.Phi]bool{}) && !commaOK(fn, ret) && !m.always[k]
}

// nilConstish reports whether v is a nil constant or a phi that merges
// one (var x *T; if c { x = y }; return x).
func nilConstish(v ssa.Value, seen map[*ssa.Phi]bool) bool {
	switch v := v.(type) {
	case *ssa.Const:
		return v.IsNil()
	case *ssa.Phi:
		if seen[v] {
			return false
		}
		seen[v] = true
		for _, e := range v.Edges {
			if nilConstish(e, seen) {
				return true
			}
		}
	}
	return false
}

// commaOK reports whether fn's last result is a bool and ret returns a
// constant there.
func commaOK(fn *ssa.Function, ret *ssa.Return) bool {
	n := fn.Signature.Results().Len()
	if n < 2 || !isBool(fn.Signature.Results().At(n-1).Type()) {
		return false
	}
	_, ok := ret.Results[n-1].(*ssa.Const)
	return ok
}

// alwaysNil says, per result of fn, whether every return of fn returns a
// nil constant there (false for all when fn never returns).
func alwaysNil(fn *ssa.Function) []bool {
	n := fn.Signature.Results().Len()
	out := make([]bool, n)
	some := false
	for i := range out {
		out[i] = true
	}
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		some = true
		for k := range out {
			if k < len(r.Results) && !isNilConst(r.Results[k]) {
				out[k] = false
			}
		}
	}
	if !some {
		return make([]bool, n)
	}
	return out
}

// labelParamRetBuild labels the edge from parameter p to a result that
// a return of the constant nil under p == nil makes (nilParamReturn): no
// grammar reads it, and the default nil sources relabel it
// labelParamRet, which nilflow's grammar follows inside a balanced call
// (NilSourcesAll follows the nil constant itself).
const (
	labelParamRetBuild = "pret0"
	labelParamRet      = "pret"
)

// nilParamReturn is the parameter p when ret returns the constant nil as
// result k only where p is nil (if p == nil { return nil }, a function
// whose results do not end in an error): the nil is p's own, coming back
// to the call that passed it. Interface results and parameters are left
// out: a nil pointer in an interface is not a nil interface.
func nilParamReturn(fn *ssa.Function, ret *ssa.Return, k int) *ssa.Parameter {
	if !isNilConst(ret.Results[k]) || endsInError(fn.Signature) || isIface(ret.Results[k].Type()) {
		return nil
	}
	i := nilParamBranch(fn, ret.Block())
	if i < 0 {
		return nil
	}
	p := fn.Params[i]
	if !nilable(p.Type()) || isIface(p.Type()) {
		return nil
	}
	return p
}
