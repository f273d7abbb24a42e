package check

import (
	"context"
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/grammar"
	"github.com/cflr/cflr/graph"
)

// The (T, error) convention as a nil source. A call whose last result is
// an error (isErrorType: custom error types too) leaves its other results
// nil where the error is not: the caller must not use them there. The
// value-flow graph already splits each such result at the guards of its
// error (err == nil, if err != nil { return }, t.Fatal, log.Fatal, phis of
// errors): guarded uses read a guarded copy, which nilflow does not enter.
// So the plain result is the nil source: it reaches exactly the uses that
// run with the error unchecked (dropped with _, logged and continued, or
// checked only after the use).
//
// Such a nil is followed through assignments, phis, closures, interfaces,
// calls (into a callee that dereferences its parameter, as NilAway does)
// and returns (a function that logs the error and returns the value), but
// not into the heap: `s.f, err = f(); if err != nil { return err }` stores
// the nil into an object that the caller, told of the error, drops, and
// the flow-insensitive heap would make every load of s.f nil.
//
// A result is a source only where it can be nil with an error:
//
//   - its type is a pointer, map, func or interface (a nil slice reads as
//     empty, a string or struct is never nil);
//   - the callee, where its body is known, returns nil (or a value not
//     known to be non-nil) beside a non-nil error on some path: a parser
//     that returns its partial result with the error is not a source;
//   - the call is not to a library function that does no I/O with
//     constant arguments only (regexp.Compile("a+"), url.Parse of a
//     literal): its outcome is fixed, and the program knows it succeeds;
//   - the call can fail: its error does not come only from readers it
//     is given that never fail so (rand.Int(rand.Reader, max), a parser
//     of a *strings.Reader that fails only on its reader's other errors
//     than io.EOF; errmodel.go).

// errSource is one call's result as a nil source.
type errSource struct {
	call *ssa.Call
	comp int
	name string // the call's function as written: "url.Parse", "r.Cookie"
}

// errSources lists the error-path nil sources of the local functions of
// g, in function and instruction order.
func errSources(g *FlowGraph) ([]SourceEdge, []errSource) {
	var edges []SourceEdge
	var srcs []errSource
	ec := NewErrConvention()
	for _, fn := range g.Funcs {
		if g.IsLocal(fn) {
			ec.model.noteStores(fn)
		}
	}
	for _, fn := range g.Funcs {
		if !g.IsLocal(fn) || fn.Synthetic != "" {
			continue
		}
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				c, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				if neverReturns(c) {
					break
				}
				for _, k := range ec.NilResults(c, g.Analysis.Callees(c)) {
					v, ok := g.lookup(c, &vkey{c, int32(k), -1, false}, false)
					if !ok {
						continue
					}
					s := errSource{call: c, comp: k, name: ErrCallName(g.names, c)}
					label := "nil"
					if types.IsInterface(c.Type().(*types.Tuple).At(k).Type()) {
						label = "nili"
					}
					edges = append(edges, SourceEdge{
						Dst: v, Label: label, Index: graph.NoIndex,
						Info: EdgeInfo{Pos: c.Pos()},
						Desc: ErrSourceDesc(c, k, s.name),
					})
					srcs = append(srcs, s)
				}
			}
		}
	}
	return edges, srcs
}

// ErrConvention decides which results of calls the (T, error) convention
// makes nil sources (see the rules above). It remembers what it found of
// callees' bodies. Both cflr check and vet mode use it.
type ErrConvention struct {
	memo  map[errKey]bool
	model *errModel // errors that cannot happen (errmodel.go)
}

// NewErrConvention returns an ErrConvention with nothing remembered.
func NewErrConvention() *ErrConvention {
	return &ErrConvention{memo: map[errKey]bool{}, model: newErrModel()}
}

// NilResults lists the results of call c that are nil sources on its
// error path, in increasing order. callees are c's callees where known
// (none: a library function without a body, or an unresolved dynamic
// call, which the convention covers).
func (ec *ErrConvention) NilResults(c *ssa.Call, callees []*ssa.Function) []int {
	tt, ok := c.Type().(*types.Tuple)
	if !ok || !ErrConventionResults(tt) || constantCall(c) || mustChecked(c, tt.Len()-1) {
		return nil
	}
	infallible := false // the error model's answer, asked once
	asked := false
	var out []int
	for k := 0; k < tt.Len()-1; k++ {
		if !errNilable(tt.At(k).Type()) || !hasExtract(c, k) {
			continue
		}
		may := len(callees) == 0
		for _, fn := range callees {
			if returnsNilWithError(fn, k, ec.memo, 0) {
				may = true
				break
			}
		}
		if may && !asked {
			infallible, asked = ec.model.infallible(c), true
		}
		if may && !infallible {
			out = append(out, k)
		}
	}
	return out
}

// storedError returns the error result of a call that x, a load compared
// with nil at the end of block b, reads back: the last store into the same
// access path (a local variable, a named result that a deferred closure
// may read, a field: v, x.err = f(); if x.err != nil) before it stores
// it. A store of another error in between (the first one dropped) is the
// last store, and then the test guards nothing of the first call.
//
// The store may be in a block that dominates b, when the path is tested
// again (pebble's v, i.err = merge(); if i.err == nil { next(v) }; if
// i.err == nil { finish(v) }): then every other store into the path on
// the way must be made where a test found the path nil, so that the
// call's error was nil there. Stores through other pointers (a callee
// writing i.err) are not looked for.
func storedError(x ssa.Value, b *ssa.BasicBlock) (*ssa.Extract, bool) {
	ld, ok := x.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL || ld.Block() != b || !isErrorType(ld.Type()) {
		return nil, false
	}
	key := pathKey(ld)
	stores := func(blk *ssa.BasicBlock, before ssa.Instruction) *ssa.Store {
		k := len(blk.Instrs) - 1
		if before != nil {
			for k >= 0 && blk.Instrs[k] != before {
				k--
			}
			k--
		}
		for ; k >= 0; k-- {
			if st, ok := blk.Instrs[k].(*ssa.Store); ok && pathKey(&ssa.UnOp{Op: token.MUL, X: st.Addr}) == key {
				return st
			}
		}
		return nil
	}
	st := stores(b, ld)
	if st == nil {
		for d := b.Idom(); d != nil && st == nil; d = d.Idom() {
			if st = stores(d, nil); st != nil && !onlyUnderNilTest(st.Block(), b, key) {
				return nil, false
			}
		}
	}
	if st == nil {
		return nil, false
	}
	ex, ok := st.Val.(*ssa.Extract)
	return ex, ok && isErrorType(ex.Type())
}

// onlyUnderNilTest reports whether every store into access path key in
// the blocks between d and b (dominated by d, reaching b) is made where
// a test found the path nil.
func onlyUnderNilTest(d, b *ssa.BasicBlock, key string) bool {
	reach := map[*ssa.BasicBlock]bool{b: true}
	work := []*ssa.BasicBlock{b}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		for _, p := range x.Preds {
			if !reach[p] && p != d && d.Dominates(p) {
				reach[p] = true
				work = append(work, p)
			}
		}
	}
	var nilSide []*ssa.BasicBlock
	for _, blk := range d.Parent().Blocks {
		if x, isNil, ok := nilTest(blk); ok && pathKey(x) == key && livePreds(isNil) == 1 {
			nilSide = append(nilSide, isNil)
		}
	}
	for blk := range reach {
		if blk == b {
			continue
		}
		for _, instr := range blk.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok || pathKey(&ssa.UnOp{Op: token.MUL, X: st.Addr}) != key {
				continue
			}
			under := false
			for _, n := range nilSide {
				if n.Dominates(blk) {
					under = true
					break
				}
			}
			if !under {
				return false
			}
		}
	}
	return true
}

// StoredError is storedError, for vet mode's guards.
func StoredError(x ssa.Value, b *ssa.BasicBlock) (*ssa.Extract, bool) { return storedError(x, b) }

// IsErrorType reports whether t is error or an error-like pointer or
// interface type (a custom error type), as the guards take it.
func IsErrorType(t types.Type) bool { return isErrorType(t) }

// ErrConventionResults reports whether results tt follow the (T, error)
// convention: several results, the last an error, and no other error (a
// function returning two errors, such as gocommand's (friendlyErr, err),
// has a convention of its own).
func ErrConventionResults(tt *types.Tuple) bool {
	n := tt.Len()
	if n < 2 || !isErrorType(tt.At(n-1).Type()) {
		return false
	}
	for k := 0; k < n-1; k++ {
		if isErrorType(tt.At(k).Type()) {
			return false
		}
	}
	return true
}

// MustChecked is mustChecked, for vet mode's error-paired twins.
func MustChecked(c *ssa.Call, k int) bool { return mustChecked(c, k) }

// mustChecked reports whether the error (result k) of call c is passed,
// in c's block, to a function that does not return when it is not nil:
// a helper of the program (func must(err error) { if err != nil {
// panic(err) } }, or log.Fatal and os.Exit there) or testify's
// require.NoError. The block does not go on with a non-nil error; uses
// of the other results before the helper's call are not looked for.
func mustChecked(c *ssa.Call, k int) bool {
	for _, r := range *c.Referrers() {
		ex, ok := r.(*ssa.Extract)
		if !ok || ex.Index != k {
			continue
		}
		for _, u := range *ex.Referrers() {
			h, ok := u.(*ssa.Call)
			if !ok || h.Block() != c.Block() {
				continue
			}
			fn := h.Call.StaticCallee()
			if fn == nil {
				continue
			}
			for j, a := range h.Call.Args {
				if a == ssa.Value(ex) && exitsIfNonNil(fn, j) {
					return true
				}
			}
		}
	}
	return false
}

// exitsIfNonNil reports whether fn does not return when its parameter j
// is not nil: its first block tests the parameter and the non-nil branch
// ends the function's normal flow (a panic, log.Fatal, os.Exit, ...), or
// fn is testify's require.NoError (a function or an Assertions method).
func exitsIfNonNil(fn *ssa.Function, j int) bool {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if fn.Pkg != nil && strings.HasSuffix(fn.Pkg.Pkg.Path(), "/stretchr/testify/require") {
		// require.NoError(t, err), and (*require.Assertions).NoError(err)
		// with its receiver first.
		return fn.Name() == "NoError" && j == 1
	}
	if len(fn.Blocks) == 0 || j >= len(fn.Params) {
		return false
	}
	x, isNil, ok := nilTest(fn.Blocks[0])
	if !ok || x != ssa.Value(fn.Params[j]) {
		return false
	}
	nonNil := fn.Blocks[0].Succs[0]
	if nonNil == isNil {
		nonNil = fn.Blocks[0].Succs[1]
	}
	if noReturn(nonNil) {
		return true
	}
	_, panics := nonNil.Instrs[len(nonNil.Instrs)-1].(*ssa.Panic)
	return panics
}

// ErrSourceDesc is the witness step of result k of call c, whose
// function is named name, as an error-path nil.
func ErrSourceDesc(c *ssa.Call, k int, name string) string {
	if tt := c.Type().(*types.Tuple); tt.Len() == 2 {
		return name + " may return nil with an error"
	}
	return fmt.Sprintf("%s may return nil as result %d with an error", name, k)
}

// errNilable reports whether a result of type t is a nil source: a nil
// pointer, map or func panics where it is used, and so does a nil
// interface whose method is called.
func errNilable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Signature, *types.Interface:
		return true
	}
	return false
}

func hasExtract(c *ssa.Call, k int) bool {
	for _, r := range *c.Referrers() {
		if ex, ok := r.(*ssa.Extract); ok && ex.Index == k {
			return true
		}
	}
	return false
}

// ioPackages are the standard packages whose functions read the
// environment (files, network, processes, clocks): a call of theirs with
// constant arguments can still fail.
var ioPackages = []string{"os", "net", "net/http", "net/rpc", "net/smtp", "io", "syscall", "database", "plugin", "time", "crypto/tls", "log/syslog", "runtime"}

// constantCall reports whether c calls a library function (not a method
// on a value, not a function of the analyzed packages) with constant
// arguments only, none of them from an I/O package (ioPackages): its
// outcome is fixed, and a program that ignores its error knows it.
func constantCall(c *ssa.Call) bool {
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Signature.Recv() != nil || fn.Pkg == nil || len(c.Call.Args) == 0 {
		return false
	}
	for _, a := range c.Call.Args {
		if _, ok := a.(*ssa.Const); !ok {
			return false
		}
	}
	path := fn.Pkg.Pkg.Path()
	if strings.Contains(strings.SplitN(path, "/", 2)[0], ".") {
		return false // not the standard library: it may do anything
	}
	for _, p := range ioPackages {
		if path == p || strings.HasPrefix(path, p+"/") && p != "net" {
			return false
		}
	}
	return true
}

type errKey struct {
	fn *ssa.Function
	k  int
}

// returnsNilWithError reports whether fn may return a nil result k beside
// a non-nil error: at some return whose error is not the constant nil,
// result k is nil, or not known to be non-nil (a value of a
// never-nil kind: an allocation, a closure, a function, an interface
// made from a value; or a result of another call that does not return
// nil with an error). A function without a body follows the convention.
func returnsNilWithError(fn *ssa.Function, k int, memo map[errKey]bool, depth int) bool {
	if len(fn.Blocks) == 0 && fn.Origin() != nil {
		fn = fn.Origin()
	}
	if len(fn.Blocks) == 0 || depth > 4 {
		return true
	}
	key := errKey{fn, k}
	if r, ok := memo[key]; ok {
		return r
	}
	memo[key] = true // recursion: the convention
	r := false
	for _, blk := range fn.Blocks {
		ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) <= k || noReturn(blk) {
			continue
		}
		if isNilConst(ret.Results[len(ret.Results)-1]) {
			continue // no error here
		}
		if mayBeNil(ret.Results[k], memo, depth, 0) {
			r = true
			break
		}
	}
	memo[key] = r
	return r
}

// mayBeNil reports whether v may be nil (a nil constant, a phi with a
// may-nil edge, a result of a call that may return nil with an error, a
// parameter or a load): false for values of never-nil kinds.
func mayBeNil(v ssa.Value, memo map[errKey]bool, depth, pdepth int) bool {
	switch x := v.(type) {
	case *ssa.Alloc, *ssa.MakeClosure, *ssa.Function, *ssa.MakeMap, *ssa.MakeChan, *ssa.MakeInterface,
		*ssa.FieldAddr, *ssa.IndexAddr, *ssa.Global:
		return false
	case *ssa.Const:
		return x.IsNil()
	case *ssa.Phi:
		if pdepth > 3 {
			return true
		}
		for _, e := range x.Edges {
			if mayBeNil(e, memo, depth, pdepth+1) {
				return true
			}
		}
		return false
	case *ssa.ChangeType:
		return mayBeNil(x.X, memo, depth, pdepth+1)
	case *ssa.Extract:
		c, ok := x.Tuple.(*ssa.Call)
		if !ok {
			return true
		}
		tt := c.Type().(*types.Tuple)
		if !isErrorType(tt.At(tt.Len()-1).Type()) || x.Index == tt.Len()-1 {
			return true
		}
		fn := c.Call.StaticCallee()
		if fn == nil {
			return true
		}
		return returnsNilWithError(fn, x.Index, memo, depth+1)
	}
	return true
}

// ErrCallName is c's function as the call writes it (pkg.F, x.M, f),
// names as for ExprName.
func ErrCallName(names map[ssa.Value]string, c *ssa.Call) string {
	com := &c.Call
	if com.IsInvoke() {
		return exprName(names, com.Value, 0) + "." + com.Method.Name()
	}
	fn := com.StaticCallee()
	if fn == nil {
		return exprName(names, com.Value, 0)
	}
	if fn.Signature.Recv() != nil && len(com.Args) > 0 {
		return exprName(names, com.Args[0], 0) + "." + fn.Name()
	}
	if fn.Parent() != nil {
		return exprName(names, com.Value, 0)
	}
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if fn.Pkg != nil && fn.Pkg != c.Parent().Pkg {
		return fn.Pkg.Pkg.Name() + "." + fn.Name()
	}
	return fn.Name()
}

// errFindings runs nilflow's grammar gr from the error-path nils of g to
// its sinks, without heap stores, and reports the sinks they reach that
// done does not list (reported from a nil constant already), with their
// first witness that refutation (refute.go) leaves, counted in rst.
func errFindings(ctx context.Context, p *Pass, gr *grammar.Grammar, done map[uint32]bool, rst *RefuteStats) ([]Finding, error) {
	g := p.Flow
	edges, srcs := errSources(g)
	if len(edges) == 0 {
		return nil, nil
	}
	skip := nilSkip(g, p.Config)
	st, _ := g.LookupLabel(LabelStore)
	targets := make([]uint32, 0, len(g.NilSinks))
	for _, s := range g.NilSinks {
		targets = append(targets, s.V)
	}
	sv, err := g.Solve(ctx, "nilflow-err", gr, edges, &SolveOptions{
		Skip: func(i int, e graph.Edge) bool {
			// (A graph with no store has no st label, and st is then
			// another label's number.)
			return e.Label == st && g.Labels[st] == LabelStore || g.InfoAt(i).Unguarded || skip(i, e)
		},
		// The error convention's nils leave functions through every
		// return, whatever the setting of nil sources (nilsources.go):
		// a function that logs the error and returns the value passes
		// on a nil the code shows, not a sentinel of its contract.
		Targets: targets, Threads: p.Config.Threads,
	})
	if err != nil {
		return nil, err
	}
	// The witness's first step is its source's (errSourceDesc), which
	// names the call.
	names := map[string]string{}
	for k, e := range edges {
		names[g.Position(e.Info.Pos).String()+" "+e.Desc] = srcs[k].name
	}
	var out []Finding
	for _, s := range g.NilSinks {
		sym, ok := sinkSymbol(s)
		if !ok || done[s.V] || !sv.Reaches(sym, s.V) {
			continue
		}
		w, ok, err := nilWitness(ctx, p, sv, gr, edges, sym, &s, rst)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		msg := nilMessage(s)
		if len(w) > 0 {
			if name, ok := names[w[0].Pos.String()+" "+w[0].Desc]; ok {
				msg += " (the error of " + name + " is not checked)"
			}
		}
		out = append(out, Finding{Check: "nilflow", Pos: g.Position(s.Pos), Message: msg, Witness: w, Checked: !p.Config.NoRefute})
	}
	return out, nil
}
