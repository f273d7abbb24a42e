package check

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"
)

// Guards split values as e-SSA does: a use of x that a successful x != nil
// test dominates (or that follows `if x == nil { return }`) reads a
// guarded copy of x, joined to x by a guard edge that the nil grammar does
// not follow. The same holds for
//
//   - the (T, error) convention: the other results of a call, where the
//     call's error result was found nil;
//   - the comma-ok forms: v where ok was found true (v, ok := m[k],
//     x.(T), <-ch, and calls returning (T, bool));
//   - access paths: a guard on one load of p.f (or of a package variable,
//     or of an address-taken local) covers the other loads of the same
//     path from the same base, as NilAway's access paths do (stores in
//     between are not looked for).
//
// A use that a dereference of the same access path precedes (p.f, *p,
// p(), m[k] = v or p.M() where M dereferences its receiver, earlier in
// the block or in a dominating block) reads
// the guarded copy too: had p been nil, the dereference would have
// panicked, and it is reported there, once, rather than at every later
// use and wherever p flows on.
//
// A block that ends the function's normal flow (a panic, os.Exit,
// log.Fatal, t.Fatal, runtime.Goexit) does not count as a way around a
// guard.

// funcFacts caches what the value-flow build reads of function bodies
// alone (guards, dereference sites, error tests, ...), each a pure
// function of one body: a pre-pass computes them while the points-to
// analysis runs (pipeline.go), and BuildFlow computes the rest on demand.
type funcFacts struct {
	guards map[*ssa.Function][]guard
	derefs map[*ssa.Function]bool
	// invokes: per function, the interface parameters (bit k for
	// parameter k) it calls a method of or asserts where no guard covers
	// it (invokedParams).
	invokes map[*ssa.Function]uint64
	// derefSites: per function, the dereferencing instructions by access path.
	derefSites map[*ssa.Function]map[string][]ssa.Instruction
	errTests   map[*ssa.Function][]errTest
	freeGuards map[*ssa.FreeVar]bool
	defaulted  map[*ssa.Function]map[*ssa.Alloc][]*ssa.BasicBlock
	// base, when non-nil, holds facts computed already, which this set
	// reads but never writes: the value-flow build's workers each keep
	// their own set over the pre-pass's (flowshard.go).
	base *funcFacts
}

func newFuncFacts() *funcFacts {
	return &funcFacts{
		guards: map[*ssa.Function][]guard{}, derefs: map[*ssa.Function]bool{},
		invokes:    map[*ssa.Function]uint64{},
		derefSites: map[*ssa.Function]map[string][]ssa.Instruction{},
		errTests:   map[*ssa.Function][]errTest{},
		freeGuards: map[*ssa.FreeVar]bool{},
		defaulted:  map[*ssa.Function]map[*ssa.Alloc][]*ssa.BasicBlock{},
	}
}

// noFacts is the base of a set that has none.
var noFacts funcFacts

// under is g's base, or an empty set (whose maps read as empty).
func (g *funcFacts) under() *funcFacts {
	if g.base != nil {
		return g.base
	}
	return &noFacts
}

// cached looks k up in a set's own facts, then in its base's.
func cached[K comparable, V any](k K, own, base map[K]V) (V, bool) {
	if v, ok := own[k]; ok {
		return v, true
	}
	v, ok := base[k]
	return v, ok
}

// absorb adds o's own facts (not its base's) to g's, for the checks that
// run after the value-flow build.
func (g *funcFacts) absorb(o *funcFacts) {
	maps.Copy(g.guards, o.guards)
	maps.Copy(g.derefs, o.derefs)
	maps.Copy(g.invokes, o.invokes)
	maps.Copy(g.derefSites, o.derefSites)
	maps.Copy(g.errTests, o.errTests)
	maps.Copy(g.freeGuards, o.freeGuards)
	maps.Copy(g.defaulted, o.defaulted)
}

// defaultedOf is defaultedStores(fn), once.
func (g *funcFacts) defaultedOf(fn *ssa.Function) map[*ssa.Alloc][]*ssa.BasicBlock {
	d, ok := cached(fn, g.defaulted, g.under().defaulted)
	if !ok {
		d = defaultedStores(fn)
		g.defaulted[fn] = d
	}
	return d
}

// guard says that key is not nil in the blocks that to dominates
// (entered only from from), and along the edge from → to.
type guard struct {
	key      string
	from, to *ssa.BasicBlock
}

func (g *funcFacts) guardsOf(fn *ssa.Function) []guard {
	if gs, ok := cached(fn, g.guards, g.under().guards); ok {
		return gs
	}
	var gs []guard
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 || len(b.Succs) != 2 {
			continue
		}
		if ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
			gs = collectGuards(gs, ifi.Cond, b, b.Succs[0], b.Succs[1], 0)
		}
	}
	g.guards[fn] = gs
	return gs
}

// collectGuards adds the guards cond gives: t is entered when it holds,
// f when it does not.
func collectGuards(gs []guard, cond ssa.Value, b, t, f *ssa.BasicBlock, depth int) []guard {
	if depth > 4 {
		return gs
	}
	switch c := cond.(type) {
	case *ssa.UnOp:
		if c.Op == token.NOT {
			return collectGuards(gs, c.X, b, f, t, depth+1)
		}
	case *ssa.BinOp:
		x, eq, ok := nilComparison(c)
		if !ok {
			return gs
		}
		nonNil, isNil := f, t
		if !eq {
			nonNil, isNil = t, f
		}
		gs = append(gs, guard{pathKey(x), b, nonNil})
		// err == nil: the call's other results are valid.
		if ex, ok := x.(*ssa.Extract); ok && isErrorType(ex.Type()) {
			gs = siblingGuards(gs, ex, b, isNil)
		} else if ex, ok := storedError(x, b); ok {
			gs = siblingGuards(gs, ex, b, isNil)
		}
	case *ssa.Call:
		// x.Empty(), x.Valid(): a method that tests its receiver for nil
		// and then returns a constant says, by its other result, that x
		// is not nil (return s == nil || len(s.Keys) == 0).
		if fn := c.Call.StaticCallee(); fn != nil && len(c.Call.Args) > 0 {
			switch nilResult(fn) {
			case nilTrue:
				gs = append(gs, guard{pathKey(c.Call.Args[0]), b, f})
			case nilFalse:
				gs = append(gs, guard{pathKey(c.Call.Args[0]), b, t})
			}
		}
	case *ssa.Extract:
		// ok of a comma-ok form, or the bool of a (T, bool) call.
		if tt, ok := c.Tuple.Type().(*types.Tuple); ok && tt.Len() == 2 && c.Index == 1 && isBool(c.Type()) {
			gs = siblingGuards(gs, c, b, t)
		}
	}
	return gs
}

func siblingGuards(gs []guard, ex *ssa.Extract, b, to *ssa.BasicBlock) []guard {
	for _, r := range *ex.Tuple.Referrers() {
		if sib, ok := r.(*ssa.Extract); ok && sib.Index != ex.Index && nilable(sib.Type()) {
			gs = append(gs, guard{pathKey(sib), b, to})
		}
	}
	return gs
}

// nilComparison returns x when v is x == nil or x != nil (nil on either
// side), and whether it is ==.
func nilComparison(v ssa.Value) (x ssa.Value, eq, ok bool) {
	c, ok := v.(*ssa.BinOp)
	if !ok || c.Op != token.EQL && c.Op != token.NEQ {
		return nil, false, false
	}
	x = c.X
	if isNilConst(x) {
		x = c.Y
	} else if !isNilConst(c.Y) {
		return nil, false, false
	}
	return x, c.Op == token.EQL, true
}

// nilTest returns x when block b ends in if x == nil or if x != nil, and
// the successor entered when x is nil.
func nilTest(b *ssa.BasicBlock) (x ssa.Value, isNil *ssa.BasicBlock, ok bool) {
	if len(b.Instrs) == 0 || len(b.Succs) != 2 {
		return nil, nil, false
	}
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return nil, nil, false
	}
	x, eq, ok := nilComparison(ifi.Cond)
	if !ok {
		return nil, nil, false
	}
	if eq {
		return x, b.Succs[0], true
	}
	return x, b.Succs[1], true
}

func isNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

var errorType = types.Universe.Lookup("error").Type()

// isErrorType reports whether t is error or a pointer or interface type
// with an Error method (func f() (*T, *MyError)): the (T, error)
// convention holds for custom error types too.
func isErrorType(t types.Type) bool {
	if types.Identical(t, errorType) {
		return true
	}
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface:
		// An Error method of any signature will do: miniflux's
		// *LocalizedErrorWrapper has Error() error.
		obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Error")
		_, isFunc := obj.(*types.Func)
		return isFunc
	}
	return false
}

// pathKey names the access path a value was loaded from, so that guards
// on one load cover the others: p.f from the same p, a package variable,
// an address-taken local, a closure's captured variable. Other values are their own key.
func pathKey(v ssa.Value) string {
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return loadKey(x.X)
		}
	case *ssa.Field:
		return pathKey(x.X) + ":" + strconv.Itoa(x.Field)
	case *ssa.FieldAddr:
		// The address of a field of a struct held by value in another
		// (c.ping.tmr loads &c.ping's field: each evaluation of c.ping
		// is the same address).
		return pathKey(x.X) + "&" + strconv.Itoa(x.Field)
	}
	return ptrKey('v', v)
}

// loadKey is the pathKey of a load from address addr.
func loadKey(addr ssa.Value) string {
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		return pathKey(a.X) + "." + strconv.Itoa(a.Field)
	case *ssa.Global:
		return "g:" + a.String()
	case *ssa.Alloc:
		return ptrKey('a', a)
	case *ssa.FreeVar:
		// A captured variable, loaded anew at each use in the
		// closure: if p != nil { p.f } loads p twice.
		return ptrKey('f', a)
	default:
		// *p through a pointer value: if *p != nil { use(*p) }.
		return "*" + pathKey(a)
	}
}

// pathWrites lists, by access path (the pathKey of a load of it), the
// instructions of fn that write a field's path: a store, or the field's
// address taken other than to load or store it (clearTimer(&c.tmr)).
func pathWrites(fn *ssa.Function) map[string][]ssa.Instruction {
	var ws map[string][]ssa.Instruction
	add := func(addr *ssa.FieldAddr, instr ssa.Instruction) {
		if ws == nil {
			ws = map[string][]ssa.Instruction{}
		}
		k := loadKey(addr)
		ws[k] = append(ws[k], instr)
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			fa, ok := instr.(*ssa.FieldAddr)
			if !ok {
				continue
			}
			for _, r := range *fa.Referrers() {
				switch r := r.(type) {
				case *ssa.UnOp, *ssa.FieldAddr, *ssa.IndexAddr, *ssa.DebugRef:
					continue
				case *ssa.Store:
					if r.Addr == ssa.Value(fa) && neverNil(r.Val) {
						continue // c.f = &T{}: not a nil
					}
				}
				// A store to it, or &c.f stored, passed or converted:
				// written through it from here on.
				add(fa, r)
			}
		}
	}
	return ws
}

// neverNil reports whether v is a value that is never nil by its kind.
func neverNil(v ssa.Value) bool {
	switch v.(type) {
	case *ssa.Alloc, *ssa.MakeClosure, *ssa.MakeMap, *ssa.MakeChan, *ssa.MakeSlice, *ssa.MakeInterface, *ssa.Function, *ssa.Global, *ssa.FieldAddr, *ssa.IndexAddr:
		return true
	}
	return false
}

// writeKey is the derefsOf key of the writes of access path key.
func writeKey(key string) string { return "=" + key }

// writtenBefore reports whether a write of load ld's access path (one
// of ws, derefsOf's list) may run after from (an instruction, or the
// start of block fromBlk when from is nil) and before ld: then what held
// of the path at from says nothing of the value ld reads.
//
//	if c.tmr == nil { return }
//	clearTimer(&c.tmr)
//	c.tmr.Stop() // not guarded
func writtenBefore(ws []ssa.Instruction, from ssa.Instruction, fromBlk *ssa.BasicBlock, ld ssa.Instruction) bool {
	if len(ws) == 0 || ld == nil || ld.Block() == nil {
		return false
	}
	fromIdx := 0
	if from != nil {
		fromBlk, fromIdx = from.Block(), instrIndex(from)
	}
	ldIdx := instrIndex(ld)
	for _, w := range ws {
		wIdx := instrIndex(w)
		if flowsTo(fromBlk, fromIdx, w.Block(), wIdx) && flowsTo(w.Block(), wIdx+1, ld.Block(), ldIdx) {
			return true
		}
	}
	return false
}

// writeAvoidable reports whether some path from instruction from to
// instruction to passes none of ws (to not reachable from from counts
// as avoidable).
func writeAvoidable(ws []ssa.Instruction, from, to ssa.Instruction) bool {
	if from.Block() == nil || to.Block() == nil {
		return true
	}
	isWrite := map[ssa.Instruction]bool{}
	for _, w := range ws {
		isWrite[w] = true
	}
	fi, ti := instrIndex(from), instrIndex(to)
	return pathAvoiding(from.Block(), fi+1, to.Block(), ti, func(in ssa.Instruction) bool { return isWrite[in] }) ||
		!flowsTo(from.Block(), fi, to.Block(), ti)
}

// instrIndex is in's position in its block.
func instrIndex(in ssa.Instruction) int {
	for k, x := range in.Block().Instrs {
		if x == in {
			return k
		}
	}
	return 0
}

// flowsTo reports whether some path of the control-flow graph goes from
// instruction i of block a to instruction j of block b.
func flowsTo(a *ssa.BasicBlock, i int, b *ssa.BasicBlock, j int) bool {
	return pathAvoiding(a, i, b, j, nil)
}

// pathAvoiding reports whether some path of the control-flow graph goes
// from instruction i of block a to instruction j of block b without
// running an instruction that stop (nil: none) reports.
func pathAvoiding(a *ssa.BasicBlock, i int, b *ssa.BasicBlock, j int, stop func(ssa.Instruction) bool) bool {
	// run walks block x from instruction k: found when it meets (b, j),
	// through when it runs to the block's end.
	run := func(x *ssa.BasicBlock, k int) (found, through bool) {
		for ; k < len(x.Instrs); k++ {
			if x == b && k == j {
				return true, false
			}
			if stop != nil && stop(x.Instrs[k]) {
				return false, false
			}
		}
		return false, true
	}
	found, through := run(a, i)
	if found || !through {
		return found
	}
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), a.Succs...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		found, through := run(x, 0)
		if found {
			return true
		}
		if through {
			stack = append(stack, x.Succs...)
		}
	}
	return false
}

// ptrKey is tag and the address of the value v points to, as
// fmt.Sprintf("%c%p", tag, v) writes it (keys are made for every use of
// a value: fmt's reflection was a third of building the flow graph).
func ptrKey(tag byte, v any) string {
	var buf [24]byte
	b := append(buf[:0], tag, '0', 'x')
	return string(strconv.AppendUint(b, uint64(reflect.ValueOf(v).Pointer()), 16))
}

// derefsOf lists, per access path key, the instructions of fn that
// dereference a value of that path (a nil there panics).
func (g *funcFacts) derefsOf(fn *ssa.Function) map[string][]ssa.Instruction {
	if ds, ok := cached(fn, g.derefSites, g.under().derefSites); ok {
		return ds
	}
	var ds map[string][]ssa.Instruction
	add := func(v ssa.Value, instr ssa.Instruction) {
		switch v.(type) {
		case *ssa.Alloc, *ssa.Global, *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Const, *ssa.Function, *ssa.MakeClosure, *ssa.MakeMap:
			return // never nil
		}
		if ds == nil {
			ds = map[string][]ssa.Instruction{}
		}
		k := pathKey(v)
		ds[k] = append(ds[k], instr)
	}
	// An interface's method call or assertion panics on a nil interface
	// only (a nil pointer inside it goes on to the method): listed apart,
	// under ifaceKey, for ifaceUsed.
	addIface := func(v ssa.Value, instr ssa.Instruction) {
		if ds == nil {
			ds = map[string][]ssa.Instruction{}
		}
		k := ifaceKey(v)
		ds[k] = append(ds[k], instr)
	}
	// The writes of each access path, under writeKey: a guard or
	// dereference before one says nothing of a load after it.
	for k, ws := range pathWrites(fn) {
		if ds == nil {
			ds = map[string][]ssa.Instruction{}
		}
		ds[writeKey(k)] = ws
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch i := instr.(type) {
			case *ssa.FieldAddr:
				add(i.X, i)
			case *ssa.UnOp:
				if i.Op == token.MUL {
					add(i.X, i)
				}
			case *ssa.Store:
				add(i.Addr, i)
			case *ssa.IndexAddr:
				if isPtrToArray(i.X.Type()) {
					add(i.X, i)
				}
			case *ssa.MapUpdate:
				add(i.Map, i)
			case *ssa.TypeAssert:
				if !i.CommaOk {
					addIface(i.X, i)
				}
			case *ssa.Call:
				if i.Call.IsInvoke() && !isTypeParam(i.Call.Value.Type()) {
					addIface(i.Call.Value, i)
				}
				if callee := i.Call.StaticCallee(); callee != nil {
					// f(x) where f calls a method of its interface
					// parameter: a nil x panicked there (and is reported
					// there), as in x.M() below.
					if m := g.invokedParams(callee); m != 0 {
						for k, a := range i.Call.Args {
							if k < 64 && m&(1<<k) != 0 {
								addIface(a, i)
							}
						}
					}
					// x.M() where M dereferences its receiver: it panicked
					// there (and is reported there) if x was nil.
					if callee.Signature.Recv() != nil && len(i.Call.Args) > 0 && g.derefsReceiver(callee) {
						add(i.Call.Args[0], i)
					}
				} else if !i.Call.IsInvoke() {
					if _, ok := i.Call.Value.(*ssa.Builtin); !ok {
						add(i.Call.Value, i)
					}
				}
			}
		}
	}
	g.derefSites[fn] = ds
	return ds
}

// derefd reports whether a dereference of v's access path precedes the
// use of v by instr (along the edge from pred into instr's block for a
// phi operand): then v is not nil at instr, or the program panicked
// before.
func (g *funcFacts) derefd(v ssa.Value, instr ssa.Instruction, pred *ssa.BasicBlock) bool {
	if instr == nil || instr.Block() == nil || !nilable(v.Type()) {
		return false
	}
	ds := g.derefsOf(instr.Parent())
	k := pathKey(v)
	if ld, ok := v.(*ssa.UnOp); ok && len(ds[writeKey(k)]) > 0 {
		// Only the dereferences no write separates from the load.
		var kept []ssa.Instruction
		for _, d := range ds[k] {
			if !writtenBefore(ds[writeKey(k)], d, nil, ld) {
				kept = append(kept, d)
			}
		}
		return anyPrecedes(kept, instr, pred)
	}
	return anyPrecedes(ds[k], instr, pred)
}

// ifaceKey is the derefsOf key of the method calls and assertions on
// interface v's access path.
func ifaceKey(v ssa.Value) string { return "!" + pathKey(v) }

// ifaceUsed reports whether a method call or type assertion on
// interface v's access path precedes instr: a nil interface panicked
// there first (a nil is reported once, where it first panics).
func (g *funcFacts) ifaceUsed(v ssa.Value, instr ssa.Instruction) bool {
	if instr == nil || instr.Block() == nil {
		return false
	}
	return anyPrecedes(g.derefsOf(instr.Parent())[ifaceKey(v)], instr, nil)
}

// anyPrecedes reports whether one of ds runs before instr on every path
// to it (to the edge from pred into instr's block, when pred is set).
func anyPrecedes(ds []ssa.Instruction, instr ssa.Instruction, pred *ssa.BasicBlock) bool {
	for _, d := range ds {
		if pred != nil {
			if d.Block().Dominates(pred) {
				return true
			}
		} else if precedes(d, instr) {
			return true
		}
	}
	return false
}

// guarded reports whether v, read in block blk (along the edge from pred
// when v is a phi operand), is known not to be nil there.
func (g *funcFacts) guarded(v ssa.Value, blk, pred *ssa.BasicBlock) bool {
	if blk == nil || !nilable(v.Type()) {
		return false
	}
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if fv, ok := ld.X.(*ssa.FreeVar); ok && g.freeGuarded(fv) {
			return true
		}
	}
	gs := g.guardsOf(blk.Parent())
	if len(gs) == 0 {
		return false
	}
	key := pathKey(v)
	ld, load := v.(*ssa.UnOp)
	var ws []ssa.Instruction
	if load {
		ws = g.derefsOf(blk.Parent())[writeKey(key)]
	}
	for _, gd := range gs {
		if gd.key != key || writtenBefore(ws, nil, gd.to, ld) {
			continue
		}
		single := livePreds(gd.to) == 1 || !load && loopEntry(gd.to, gd.from)
		if pred != nil {
			if pred == gd.from && blk == gd.to || single && gd.to.Dominates(pred) {
				return true
			}
			continue
		}
		if single && gd.to.Dominates(blk) {
			return true
		}
	}
	return false
}

// loopEntry reports whether every way into block to, other than from,
// is a back edge (to dominates it): to heads a loop that from enters. A
// value (not a load) known not nil on the edge from -> to stays so in
// the loop, as in
//
//	rows, err := db.Query(q)
//	if err != nil {
//		return err
//	}
//	for rows.Next() { … }
func loopEntry(to, from *ssa.BasicBlock) bool {
	if from == nil {
		return false
	}
	n := 0
	for _, p := range to.Preds {
		switch {
		case p == from:
			n++
		case noReturn(p):
		case !to.Dominates(p):
			return false
		}
	}
	return n == 1
}

// livePreds counts the predecessors of b from which control can arrive
// normally (not from a block that cannot complete: log.Fatal, os.Exit).
func livePreds(b *ssa.BasicBlock) int {
	n := 0
	for _, p := range b.Preds {
		if !noReturn(p) {
			n++
		}
	}
	return n
}

// noReturn reports whether block b calls a function that never returns.
func noReturn(b *ssa.BasicBlock) bool {
	for _, instr := range b.Instrs {
		if call, ok := instr.(*ssa.Call); ok && neverReturns(call) {
			return true
		}
	}
	return false
}

// neverReturns reports whether call does not return normally: os.Exit,
// log.Fatal and log.Panic, runtime.Goexit, testing's Fatal and Skip (also
// through testing.TB), and functions with bodies that panic or exit on
// every path (errorf helpers that panic with a formatted message).
func neverReturns(call *ssa.Call) bool {
	fn := call.Call.StaticCallee()
	if fn == nil {
		// testing.TB's Fatal and friends through the interface.
		return call.Call.IsInvoke() && isFatalName(call.Call.Method.Name()) &&
			strings.HasSuffix(call.Call.Value.Type().String(), "testing.TB")
	}
	name := fn.Name()
	pkg := ""
	if fn.Pkg != nil {
		pkg = fn.Pkg.Pkg.Path()
	} else if o := fn.Origin(); o != nil && o.Pkg != nil {
		pkg = o.Pkg.Pkg.Path()
	}
	switch pkg {
	case "os":
		return name == "Exit"
	case "log":
		return strings.HasPrefix(name, "Fatal") || strings.HasPrefix(name, "Panic")
	case "runtime":
		return name == "Goexit"
	case "testing":
		return isFatalName(name)
	}
	if len(fn.Blocks) == 0 {
		return linksToThrow(fn)
	}
	return panics(fn, 0)
}

// linksToThrow reports whether fn is a body-less declaration linked to
// the runtime's fatal error functions (//go:linkname throw runtime.throw,
// as pebble's internal/manual does for out-of-memory).
func linksToThrow(fn *ssa.Function) bool {
	decl, ok := fn.Syntax().(*ast.FuncDecl)
	if !ok || decl.Doc == nil {
		return false
	}
	for _, c := range decl.Doc.List {
		f := strings.Fields(strings.TrimPrefix(c.Text, "//go:linkname "))
		if strings.HasPrefix(c.Text, "//go:linkname ") && len(f) == 2 && f[0] == decl.Name.Name {
			switch f[1] {
			case "runtime.throw", "runtime.fatal", "runtime.fatalthrow":
				return true
			}
		}
	}
	return false
}

// panicMemo caches panics: function → whether its body never returns.
var panicMemo sync.Map

// panics reports whether fn has a body none of whose blocks returns
// (every path panics, exits or loops forever), without a recover.
func panics(fn *ssa.Function, depth int) bool {
	if r, ok := panicMemo.Load(fn); ok {
		return r.(bool)
	}
	r := len(fn.Blocks) > 0 && fn.Recover == nil && depth < 4
	if r {
	blocks:
		for _, b := range fn.Blocks {
			if len(b.Instrs) == 0 {
				continue
			}
			if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); !ok {
				continue
			}
			// A returning block counts unless a call in it never returns.
			for _, instr := range b.Instrs {
				if c, ok := instr.(*ssa.Call); ok {
					if callee := c.Call.StaticCallee(); callee != nil && callee != fn && panicsCall(c, depth+1) {
						continue blocks
					}
				}
			}
			r = false
			break
		}
	}
	if depth == 0 {
		panicMemo.Store(fn, r)
	}
	return r
}

func panicsCall(c *ssa.Call, depth int) bool {
	if fn := c.Call.StaticCallee(); fn != nil && fn.Pkg != nil {
		switch fn.Pkg.Pkg.Path() {
		case "os", "log", "runtime", "testing":
			return neverReturns(c)
		}
	}
	return panics(c.Call.StaticCallee(), depth)
}

func isFatalName(n string) bool {
	switch n {
	case "Fatal", "Fatalf", "FailNow", "Skip", "Skipf", "SkipNow":
		return true
	}
	return false
}

// derefsReceiver reports whether method fn dereferences its pointer
// receiver where no guard covers it: calling it with a nil receiver
// panics.
func (g *funcFacts) derefsReceiver(fn *ssa.Function) bool {
	if r, ok := cached(fn, g.derefs, g.under().derefs); ok {
		return r
	}
	r := false
	if len(fn.Params) > 0 && len(fn.Blocks) > 0 {
		if _, ptr := fn.Params[0].Type().Underlying().(*types.Pointer); ptr {
			p := fn.Params[0]
			for _, u := range *p.Referrers() {
				deref := false
				switch u := u.(type) {
				case *ssa.FieldAddr:
					deref = u.X == p
				case *ssa.UnOp:
					deref = u.Op == token.MUL && u.X == p
				case *ssa.Store:
					deref = u.Addr == p
				case *ssa.IndexAddr:
					deref = u.X == p && isPtrToArray(p.Type())
				}
				if deref && !g.guarded(p, u.Block(), nil) {
					r = true
					break
				}
			}
		}
	}
	g.derefs[fn] = r
	return r
}

// invokedParams reports which interface parameters of fn (bit k for
// parameter k, the first 64) fn calls a method of, or asserts the type
// of, where no guard covers them: calling fn with a nil interface there
// panics in fn.
func (g *funcFacts) invokedParams(fn *ssa.Function) uint64 {
	if m, ok := cached(fn, g.invokes, g.under().invokes); ok {
		return m
	}
	var m uint64
	for k, p := range fn.Params {
		if k >= 64 || !types.IsInterface(p.Type()) || isTypeParam(p.Type()) {
			continue
		}
		for _, u := range *p.Referrers() {
			use := false
			switch u := u.(type) {
			case *ssa.Call:
				use = u.Call.IsInvoke() && u.Call.Value == ssa.Value(p)
			case *ssa.TypeAssert:
				use = !u.CommaOk && u.X == ssa.Value(p)
			}
			if use && !g.guarded(p, u.Block(), nil) {
				m |= 1 << k
				break
			}
		}
	}
	g.invokes[fn] = m
	return m
}

// defaultedStores lists, for each address-taken local variable of fn that
// is defaulted when nil (if p == nil { p = def }, as a parameter captured
// by closures is), the blocks of those tests.
func defaultedStores(fn *ssa.Function) map[*ssa.Alloc][]*ssa.BasicBlock {
	var out map[*ssa.Alloc][]*ssa.BasicBlock
	for _, b := range fn.Blocks {
		x, isNil, ok := nilTest(b)
		if !ok {
			continue
		}
		ld, ok := x.(*ssa.UnOp)
		if !ok || ld.Op != token.MUL {
			continue
		}
		a, ok := ld.X.(*ssa.Alloc)
		if !ok {
			continue
		}
		if len(isNil.Preds) != 1 {
			continue
		}
		for _, instr := range isNil.Instrs {
			if st, ok := instr.(*ssa.Store); ok && st.Addr == ssa.Value(a) && !isNilConst(st.Val) {
				if out == nil {
					out = map[*ssa.Alloc][]*ssa.BasicBlock{}
				}
				out[a] = append(out[a], b)
				break
			}
		}
	}
	return out
}

const (
	nilUnknown = iota
	nilTrue    // returns true when its receiver is nil
	nilFalse   // returns false when its receiver is nil
)

// nilResult says whether method fn (a pointer receiver, one bool result)
// tests its receiver for nil first and then returns a constant: x.Empty()
// written as return x == nil || ..., or x.Valid() as return x != nil && ....
func nilResult(fn *ssa.Function) int {
	sig := fn.Signature
	if sig.Recv() == nil || sig.Results().Len() != 1 || !isBool(sig.Results().At(0).Type()) ||
		len(fn.Params) == 0 || len(fn.Blocks) == 0 || !nilable(fn.Params[0].Type()) {
		return nilUnknown
	}
	b := fn.Blocks[0]
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return nilUnknown
	}
	c, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || c.Op != token.EQL && c.Op != token.NEQ {
		return nilUnknown
	}
	if !(c.X == ssa.Value(fn.Params[0]) && isNilConst(c.Y) || c.Y == ssa.Value(fn.Params[0]) && isNilConst(c.X)) {
		return nilUnknown
	}
	isNil := b.Succs[0]
	if c.Op == token.NEQ {
		isNil = b.Succs[1]
	}
	// Follow the nil branch to the return: directly, or through the phi
	// that || and && build, at most one jump away.
	pred, blk := b, isNil
	for hop := 0; hop < 2; hop++ {
		switch last := blk.Instrs[len(blk.Instrs)-1].(type) {
		case *ssa.Return:
			v := last.Results[0]
			if phi, ok := v.(*ssa.Phi); ok && phi.Block() == blk {
				for k, p := range blk.Preds {
					if p == pred {
						v = phi.Edges[k]
					}
				}
			}
			if k, ok := v.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.Bool {
				if constant.BoolVal(k.Value) {
					return nilTrue
				}
				return nilFalse
			}
			return nilUnknown
		case *ssa.Jump:
			if len(blk.Instrs) != 1 {
				return nilUnknown
			}
			pred, blk = blk, blk.Succs[0]
		default:
			return nilUnknown
		}
	}
	return nilUnknown
}

// errTest is a test err == nil of an error-typed phi: the isNil successor
// of block from.
type errTest struct {
	err      *ssa.Phi
	from, to *ssa.BasicBlock
}

func (g *funcFacts) errTestsOf(fn *ssa.Function) []errTest {
	if ts, ok := cached(fn, g.errTests, g.under().errTests); ok {
		return ts
	}
	var ts []errTest
	for _, b := range fn.Blocks {
		x, to, ok := nilTest(b)
		if !ok {
			continue
		}
		phi, ok := x.(*ssa.Phi)
		if !ok || !isErrorType(phi.Type()) {
			continue
		}
		ts = append(ts, errTest{phi, b, to})
	}
	g.errTests[fn] = ts
	return ts
}

// errPaired reports whether v, used by instr, is a phi that the error
// convention covers through a test err == nil dominating instr, err being
// a phi of the same block: each of v's incoming values is either the T of
// a (T, error) call whose error is err's incoming value, or a nil (a
// variable declared and not yet assigned) along an edge where err's
// incoming value is known not to be nil. The pattern is
//
//	var f File
//	if err == nil {
//		f, err = open()
//	}
//	if err == nil {
//		f.Stat()
//	}
func (g *funcFacts) errPaired(v ssa.Value, instr ssa.Instruction) bool {
	phi, ok := v.(*ssa.Phi)
	if !ok || instr == nil || instr.Block() == nil || !nilable(v.Type()) {
		return false
	}
	return g.errTestedAt(phi, instr.Block(), 0)
}

// errTestedAt reports whether a test err == nil dominates blk, err being
// an error phi that covers v (errCovers).
func (g *funcFacts) errTestedAt(v *ssa.Phi, blk *ssa.BasicBlock, depth int) bool {
	for _, t := range g.errTestsOf(blk.Parent()) {
		if livePreds(t.to) != 1 || !t.to.Dominates(blk) {
			continue
		}
		if g.errCovers(v, t.err, depth) {
			return true
		}
	}
	return false
}

// errCovers reports whether error phi e being nil means that v is not a
// nil the code declared: e is v's partner (pairedPhi), or a later phi
// each of whose incoming errors is non-nil along its edge, covers v
// itself, or arrives along an edge that a covering test err == nil
// dominates. It follows an error reassigned after the call that set v
// (if err == nil { err = f.Sync() }):
//
//	var f File
//	if err == nil {
//		f, err = create()
//	}
//	if err == nil {
//		err = sync()
//	}
//	if err == nil {
//		use(f)
//	}
func (g *funcFacts) errCovers(v, e *ssa.Phi, depth int) bool {
	if depth > 4 {
		return false
	}
	if e.Block() == v.Block() {
		return g.pairedPhi(v, e, 0)
	}
	if !v.Block().Dominates(e.Block()) {
		return false
	}
	blk := e.Block()
	for k, ek := range e.Edges {
		pred := blk.Preds[k]
		if g.guarded(ek, blk, pred) {
			continue // ek is not nil along this edge
		}
		if ep, ok := ek.(*ssa.Phi); ok && g.errCovers(v, ep, depth+1) {
			continue
		}
		if g.errTestedAt(v, pred, depth+1) {
			continue
		}
		return false
	}
	return true
}

func (g *funcFacts) pairedPhi(v, e *ssa.Phi, depth int) bool {
	if depth > 3 || v.Block() != e.Block() {
		return false
	}
	blk := v.Block()
	for k, vk := range v.Edges {
		ek := e.Edges[k]
		switch {
		case isNilConst(vk):
			if !g.guarded(ek, blk, blk.Preds[k]) {
				return false
			}
		case isSibling(vk, ek):
		default:
			vp, ok1 := vk.(*ssa.Phi)
			ep, ok2 := ek.(*ssa.Phi)
			if !ok1 || !ok2 || !g.pairedPhi(vp, ep, depth+1) {
				return false
			}
		}
	}
	return true
}

// isSibling reports whether v and e are results of the same call, e its
// error.
func isSibling(v, e ssa.Value) bool {
	xv, ok1 := v.(*ssa.Extract)
	xe, ok2 := e.(*ssa.Extract)
	return ok1 && ok2 && xv.Tuple == xe.Tuple && isErrorType(xe.Type()) && xv.Index != xe.Index
}

// freeGuarded reports whether captured variable fv is not nil wherever
// its closure reads it: every closure value of fv's function is made where
// a guard on the variable holds (if l != nil { f = func() { l.M() } }) or
// after a dereference of it, and the variable is written only before
// that, never by a closure.
func (g *funcFacts) freeGuarded(fv *ssa.FreeVar) bool {
	if r, ok := cached(fv, g.freeGuards, g.under().freeGuards); ok {
		return r
	}
	r := g.computeFreeGuarded(fv)
	g.freeGuards[fv] = r
	return r
}

func (g *funcFacts) computeFreeGuarded(fv *ssa.FreeVar) bool {
	fn := fv.Parent()
	parent := fn.Parent()
	if parent == nil {
		return false
	}
	k := -1
	for i, f := range fn.FreeVars {
		if f == fv {
			k = i
		}
	}
	if k < 0 {
		return false
	}
	var mcs []*ssa.MakeClosure
	for _, b := range parent.Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == ssa.Value(fn) {
				mcs = append(mcs, mc)
			}
		}
	}
	if len(mcs) == 0 {
		return false
	}
	for _, mc := range mcs {
		a, ok := mc.Bindings[k].(*ssa.Alloc)
		if !ok {
			return false
		}
		key := ptrKey('a', a)
		if !g.keyGuarded(key, mc.Block()) && !g.derefBefore(key, mc) {
			return false
		}
		for _, r := range *a.Referrers() {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Addr == ssa.Value(a) && !precedes(r, mc) {
					return false // written after (or beside) the closure's making
				}
			case *ssa.MakeClosure:
				c := r.Fn.(*ssa.Function)
				for j, b := range r.Bindings {
					if b == ssa.Value(a) && writesFree(c.FreeVars[j]) {
						return false
					}
				}
			case *ssa.UnOp, *ssa.DebugRef:
			default:
				return false
			}
		}
	}
	return true
}

// precedes reports whether instruction x runs before y on every path to
// y: earlier in y's block, or in a block that dominates it.
func precedes(x, y ssa.Instruction) bool {
	if x.Block() != y.Block() {
		return x.Block().Dominates(y.Block())
	}
	for _, i := range x.Block().Instrs {
		if i == y {
			return false
		}
		if i == x {
			return true
		}
	}
	return false
}

// writesFree reports whether a closure may write its captured variable fv.
func writesFree(fv *ssa.FreeVar) bool {
	for _, r := range *fv.Referrers() {
		switch r.(type) {
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return true
		}
	}
	return false
}

// derefBefore reports whether a dereference of access path key precedes
// instr (earlier in its block, or in a dominating block).
func (g *funcFacts) derefBefore(key string, instr ssa.Instruction) bool {
	return anyPrecedes(g.derefsOf(instr.Parent())[key], instr, nil)
}

// keyGuarded reports whether a guard on access path key holds in blk.
func (g *funcFacts) keyGuarded(key string, blk *ssa.BasicBlock) bool {
	for _, gd := range g.guardsOf(blk.Parent()) {
		if gd.key == key && livePreds(gd.to) == 1 && gd.to.Dominates(blk) {
			return true
		}
	}
	return false
}
