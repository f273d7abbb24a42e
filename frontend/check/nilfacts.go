package check

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// NilFacts are what one function's nil tests say of its values, as
// x/tools' nilness analyzer finds them: walking the dominator tree, a
// value is nil in the blocks that only the x == nil branch of a test
// enters (and its interface conversions with it), a comma-ok type
// assertion's value is nil where ok was false, and a test whose outcome
// the facts above it (or constants: nil, new objects) already decide
// makes its other branch dead.
//
// Both builders (flowbuild.go for `cflr check`, vet/build.go) read them
// the same way: a value known nil where a use panics on it is a sink fed
// by a nil of its own (reported there, with no flow needed); a value
// known nil that flows on (into a call, a return, a phi) is a nil source
// unless a panicking use under the same fact came first; a slice known
// nil is a sink where it is indexed or converted to an array of length
// > 0; dead blocks are not translated.
//
// The facts are definite (a value is nil on every path to the use), so
// no finding they give depends on the flow graph's approximations.
type NilFacts struct {
	dead map[*ssa.BasicBlock]bool
	// at: the facts that hold on entry to each block that has any.
	at map[*ssa.BasicBlock][]nilFact
	// panics: per value, its panicking uses that a fact says are nil.
	panics map[ssa.Value][]ssa.Instruction
	recov  *ssa.BasicBlock
}

type nilState int8

const (
	nonNilState nilState = -1
	unknownNil  nilState = 0
	isNilState  nilState = 1
)

type nilFact struct {
	v ssa.Value
	n nilState
}

// ComputeNilFacts walks fn's dominator tree once. It returns nil when fn
// tests nothing for nil: then only constants are known nil.
func ComputeNilFacts(fn *ssa.Function) *NilFacts {
	if len(fn.Blocks) == 0 || !testsNil(fn) {
		return nil
	}
	f := &NilFacts{at: map[*ssa.BasicBlock][]nilFact{}, panics: map[ssa.Value][]ssa.Instruction{}, recov: fn.Recover}
	seen := make([]bool, len(fn.Blocks))
	var visit func(b *ssa.BasicBlock, stack []nilFact)
	visit = func(b *ssa.BasicBlock, stack []nilFact) {
		if seen[b.Index] {
			return
		}
		seen[b.Index] = true
		if len(stack) > 0 {
			f.at[b] = stack
		}
		for _, in := range b.Instrs {
			if v := panicsOn(in); v != nil && nilnessOf(stack, v) == isNilState {
				f.panics[v] = append(f.panics[v], in)
			}
		}
		doms := b.Dominees()
		if x, y, tsucc, fsucc, ok := nilEq(b); ok {
			xn, yn := nilnessOf(stack, x), nilnessOf(stack, y)
			if xn != unknownNil && yn != unknownNil && (xn == isNilState || yn == isNilState) {
				// Decided: the branch not taken is dead where only it
				// enters its block.
				skip := tsucc
				if xn == yn {
					skip = fsucc
				}
				for _, d := range doms {
					if d == skip && len(d.Preds) == 1 {
						continue
					}
					visit(d, stack)
				}
				return
			}
			if xn == isNilState || yn == isNilState {
				v := x
				if xn == isNilState {
					v = y
				}
				for _, d := range doms {
					s := stack
					if len(d.Preds) == 1 {
						switch d {
						case tsucc:
							s = withFacts(s, v, isNilState)
						case fsucc:
							s = withFacts(s, v, nonNilState)
						}
					}
					visit(d, s)
				}
				return
			}
		}
		if skip, ok := decidedLen(b, stack); ok {
			// len(x) compared with a constant, x known nil: len is 0.
			for _, d := range doms {
				if d == skip && len(d.Preds) == 1 {
					continue
				}
				visit(d, stack)
			}
			return
		}
		if v, fsucc, ok := failedAssert(b); ok {
			for _, d := range doms {
				if d == fsucc && len(d.Preds) == 1 {
					visit(d, withFacts(stack, v, isNilState))
				}
			}
		}
		for _, d := range doms {
			visit(d, stack)
		}
	}
	visit(fn.Blocks[0], nil)
	for _, b := range fn.Blocks {
		if !seen[b.Index] && b != fn.Recover {
			if f.dead == nil {
				f.dead = map[*ssa.BasicBlock]bool{}
			}
			f.dead[b] = true
		}
	}
	return f
}

// testsNil reports whether fn branches on a nil comparison or on the ok
// of a type assertion: only then does it have facts.
func testsNil(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		if _, _, _, _, ok := nilEq(b); ok {
			return true
		}
		if _, _, ok := failedAssert(b); ok {
			return true
		}
	}
	return false
}

// withFacts is stack with v's state, and that of the interfaces v was
// converted from, added (a fresh slice: stacks share prefixes).
func withFacts(stack []nilFact, v ssa.Value, n nilState) []nilFact {
	s := append(stack[:len(stack):len(stack)], nilFact{v, n})
	for {
		ci, ok := v.(*ssa.ChangeInterface)
		if !ok {
			return s
		}
		v = ci.X
		s = append(s, nilFact{v, n})
	}
}

// Dead reports whether block b cannot run: a test that the facts decide
// leads only elsewhere.
func (f *NilFacts) Dead(b *ssa.BasicBlock) bool { return f != nil && f.dead[b] }

// Nil reports whether v is nil where instr reads it: a fact says so, or v
// is a nil constant, or a value made from one (a slice of it, an
// interface conversion of it) that a fact covers.
func (f *NilFacts) Nil(v ssa.Value, instr ssa.Instruction) bool {
	if instr == nil || instr.Block() == nil {
		return false
	}
	var stack []nilFact
	if f != nil {
		stack = f.at[instr.Block()]
	}
	return nilnessOf(stack, v) == isNilState
}

// Source reports whether v, not a constant, is known nil where instr
// reads it and no panicking use of v under a fact comes first, or is
// instr (after one, instr cannot run with v nil): a nil that flows on
// from a test.
func (f *NilFacts) Source(v ssa.Value, instr ssa.Instruction) bool {
	if _, ok := v.(*ssa.Const); ok || f == nil || !f.Nil(v, instr) {
		return false
	}
	ub := instr.Block()
	for _, p := range f.panics[v] {
		if p == instr {
			return false // what instr makes of v exists only if v was not nil
		}
		pb := p.Block()
		if pb != ub {
			if pb.Dominates(ub) {
				return false
			}
			continue
		}
		for _, x := range ub.Instrs {
			if x == instr {
				break
			}
			if x == p {
				return false
			}
		}
	}
	return true
}

// NilSliceSink returns the slice that instr panics on when it is nil,
// where no other sink covers it: an index into a slice (not the index of
// a range loop over it, which never runs), the conversion of a slice to
// a pointer to an array of length > 0, and a slice expression with a
// bound that may be above 0.
func NilSliceSink(instr ssa.Instruction) ssa.Value {
	switch in := instr.(type) {
	case *ssa.IndexAddr:
		if _, ok := in.X.Type().Underlying().(*types.Slice); ok && !rangeIndex(in) {
			return in.X
		}
	case *ssa.SliceToArrayPointer:
		if arrayPtrLen(in) > 0 {
			return in.X
		}
	case *ssa.Slice:
		return sliceOfNil(in) // nilslice.go
	}
	return nil
}

func arrayPtrLen(v *ssa.SliceToArrayPointer) int64 {
	return v.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Array).Len()
}

// panicsOn returns the value instr panics on when nil (nilness's list).
func panicsOn(instr ssa.Instruction) ssa.Value {
	switch in := instr.(type) {
	case ssa.CallInstruction:
		c := in.Common()
		if _, ok := c.Value.(*ssa.Builtin); ok {
			return nil
		}
		if c.IsInvoke() && isTypeParam(c.Value.Type()) {
			return nil // the method may take a nil receiver
		}
		if c.IsInvoke() || c.StaticCallee() == nil {
			return c.Value
		}
	case *ssa.FieldAddr:
		return in.X
	case *ssa.IndexAddr:
		if _, ok := in.X.Type().Underlying().(*types.Pointer); ok {
			return in.X
		}
	case *ssa.MapUpdate:
		return in.Map
	case *ssa.Slice:
		if _, ok := in.X.Type().Underlying().(*types.Pointer); ok {
			return in.X
		}
	case *ssa.Store:
		return in.Addr
	case *ssa.TypeAssert:
		if !in.CommaOk {
			return in.X
		}
	case *ssa.UnOp:
		if in.Op == token.MUL {
			return in.X
		}
	}
	if _, ok := instr.(*ssa.Slice); ok {
		return nil // s[:n] with n == 0 does not panic: s may still be nil
	}
	return NilSliceSink(instr)
}

// nilnessOf is what stack says of v, or what v's kind decides.
func nilnessOf(stack []nilFact, v ssa.Value) nilState {
	switch v := v.(type) {
	case *ssa.ChangeInterface:
		if n := nilnessOf(stack, v.X); n != unknownNil {
			return n
		}
	case *ssa.MakeInterface:
		if !isTypeParam(v.X.Type()) {
			return nonNilState
		}
	case *ssa.Slice:
		if n := nilnessOf(stack, v.X); n != unknownNil {
			return n
		}
	case *ssa.SliceToArrayPointer:
		if arrayPtrLen(v) > 0 {
			return unknownNil // panics when nil, else not nil
		}
		if n := nilnessOf(stack, v.X); n != unknownNil {
			return n
		}
	case *ssa.Alloc, *ssa.FieldAddr, *ssa.FreeVar, *ssa.Function, *ssa.Global, *ssa.IndexAddr,
		*ssa.MakeChan, *ssa.MakeClosure, *ssa.MakeMap, *ssa.MakeSlice:
		return nonNilState
	case *ssa.Const:
		if v.IsNil() {
			return isNilState
		}
		return unknownNil
	}
	for i := len(stack) - 1; i >= 0; i-- {
		if stack[i].v == v {
			return stack[i].n
		}
	}
	return unknownNil
}

// nilEq returns the operands of b's closing x == y or x != y test (of
// values that can be nil), and the successors entered when they are
// equal and when not.
func nilEq(b *ssa.BasicBlock) (x, y ssa.Value, tsucc, fsucc *ssa.BasicBlock, ok bool) {
	if len(b.Instrs) == 0 || len(b.Succs) != 2 {
		return
	}
	ifi, ok1 := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok1 {
		return
	}
	c, ok1 := ifi.Cond.(*ssa.BinOp)
	if !ok1 || !nilLike(c.X.Type()) {
		return
	}
	switch c.Op {
	case token.EQL:
		return c.X, c.Y, b.Succs[0], b.Succs[1], true
	case token.NEQ:
		return c.X, c.Y, b.Succs[1], b.Succs[0], true
	}
	return
}

// failedAssert returns v where b closes with a test of ok after
// v, ok := x.(T) (T nilable), and the successor entered when ok is false.
func failedAssert(b *ssa.BasicBlock) (v ssa.Value, fsucc *ssa.BasicBlock, ok bool) {
	if len(b.Instrs) == 0 || len(b.Succs) != 2 {
		return
	}
	ifi, ok1 := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok1 {
		return
	}
	cond, f := ifi.Cond, b.Succs[1]
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		cond, f = u.X, b.Succs[0]
	}
	ex, ok1 := cond.(*ssa.Extract)
	if !ok1 || ex.Index != 1 {
		return
	}
	ta, ok1 := ex.Tuple.(*ssa.TypeAssert)
	if !ok1 || !nilLike(ta.AssertedType) {
		return
	}
	for _, r := range *ta.Referrers() {
		if e0, ok := r.(*ssa.Extract); ok && e0.Index == 0 {
			return e0, f, true
		}
	}
	return
}

// nilLike reports whether values of type t can be nil: nilable, or a type
// parameter whose core type is.
func nilLike(t types.Type) bool {
	if tp, ok := types.Unalias(t).(*types.TypeParam); ok {
		iface, ok := tp.Constraint().Underlying().(*types.Interface)
		if !ok {
			return false
		}
		all, some := true, false
		for i := 0; i < iface.NumEmbeddeds(); i++ {
			switch e := iface.EmbeddedType(i).(type) {
			case *types.Union:
				for j := 0; j < e.Len(); j++ {
					some = true
					all = all && nilable(e.Term(j).Type())
				}
			default:
				if !types.IsInterface(e) {
					some = true
					all = all && nilable(e)
				}
			}
		}
		return some && all
	}
	return nilable(t)
}

// rangeIndex reports whether instr is s[i] in the body of a range loop
// over s (as SSA lowers `for i := range s`): a nil s never gets there.
// nilness's heuristic.
func rangeIndex(instr *ssa.IndexAddr) bool {
	incr, ok := instr.Index.(*ssa.BinOp)
	if !ok || incr.Op != token.ADD {
		return false
	}
	b := incr.Block()
	if b.Comment != "rangeindex.loop" {
		return false
	}
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return false
	}
	cond, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || cond.X != incr || cond.Op != token.LSS {
		return false
	}
	call, ok := cond.Y.(*ssa.Call)
	if !ok {
		return false
	}
	bi, ok := call.Common().Value.(*ssa.Builtin)
	return ok && bi.Name() == "len" && call.Common().Args[0] == instr.X
}

func isTypeParam(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.TypeParam)
	return ok
}

// IsTypeParam reports whether t is a type parameter: a value of its type
// is not an interface value (a method call on it may take a nil
// receiver, and its zero value is nil only for some type arguments).
func IsTypeParam(t types.Type) bool { return isTypeParam(t) }

// decidedLen returns the successor that b's closing test cannot enter
// when the test compares len(x) (or cap(x)) with a constant and x is
// known nil, so its length is 0: `if len(s) > 0 { s[0] }` under a nil s
// cannot run.
func decidedLen(b *ssa.BasicBlock, stack []nilFact) (*ssa.BasicBlock, bool) {
	if len(b.Instrs) == 0 || len(b.Succs) != 2 {
		return nil, false
	}
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return nil, false
	}
	c, ok := ifi.Cond.(*ssa.BinOp)
	if !ok {
		return nil, false
	}
	x, y, op := c.X, c.Y, c.Op
	if _, ok := x.(*ssa.Const); ok {
		x, y, op = y, x, mirror(op)
	}
	call, ok := x.(*ssa.Call)
	k, ok2 := y.(*ssa.Const)
	if !ok || !ok2 || k.Value == nil || k.Value.Kind() != constant.Int {
		return nil, false
	}
	bi, ok := call.Call.Value.(*ssa.Builtin)
	if !ok || (bi.Name() != "len" && bi.Name() != "cap") || len(call.Call.Args) != 1 ||
		nilnessOf(stack, call.Call.Args[0]) != isNilState {
		return nil, false
	}
	holds := constant.Compare(constant.MakeInt64(0), op, k.Value)
	if holds {
		return b.Succs[1], true
	}
	return b.Succs[0], true
}

// mirror is the comparison with its operands swapped.
func mirror(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.GTR:
		return token.LSS
	case token.LEQ:
		return token.GEQ
	case token.GEQ:
		return token.LEQ
	}
	return op
}
