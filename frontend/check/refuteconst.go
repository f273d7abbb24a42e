package check

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Comparisons of one value with distinct constants, and of two pointers.
//
// condLit writes x == c as an atom of its own, so that the two branches
// of one test contradict; but x == c1 and x == c2 are unrelated atoms
// unless the formula says that a value equals at most one constant:
//
//	if mode != explainOff { buf = NewBufferTracer() }
//	...
//	if mode == explainFull { use(*buf) }   // mode is not explainOff here
//
// (OPA's server and REPL tracers). For each value (a load stands for the
// first load of its access path, as everywhere in refutation) and each
// pair of distinct constants of the same type it is compared with in
// one frame, the two equalities exclude each other.

// constKey names a value compared with constants in one frame.
type constKey struct {
	f int
	v string // operandKey
}

// constAtom is the atom "v == c" for one constant c.
type constAtom struct {
	c   *ssa.Const
	lit int
}

// exclusive adds, when cmp compares a value with a constant, that the
// value equals no other constant of the same type it was compared with
// in frame f: ¬(v == c) ∨ ¬(v == c') for each such c' ≠ c, where lit is
// the atom v == c.
func (p *pathBuilder) exclusive(f frame, cmp *ssa.BinOp, lit int) {
	v, c := cmp.X, constOperand(cmp.Y)
	if c == nil {
		v, c = cmp.Y, constOperand(cmp.X)
	}
	if c == nil || constOperand(v) != nil {
		return
	}
	k := constKey{f.id, operandKey(v)}
	if p.consts == nil {
		p.consts = map[constKey][]constAtom{}
	}
	for _, o := range p.consts[k] {
		if types.Identical(o.c.Type(), c.Type()) && !constant.Compare(o.c.Value, token.EQL, c.Value) {
			p.c.add(always, -o.lit, -lit)
		}
	}
	p.consts[k] = append(p.consts[k], constAtom{c, lit})
}

// constOperand is v as a non-nil constant of a basic type, or nil.
func constOperand(v ssa.Value) *ssa.Const {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil {
		return nil
	}
	if _, ok := c.Type().Underlying().(*types.Basic); !ok {
		return nil
	}
	return c
}

// equalNils adds, when cmp compares two values that may be nil
// (pointers, channels, interfaces), how the comparison (atom lit, x ==
// y) and their nilness relate: two nils are equal, and a value equal to
// a nil is nil.
//
//	if c1 == c2 { return true }
//	if c1 == nil && c2 != nil || c1 != nil && c2 == nil { return false }
//	c1.Mode   // neither is nil here (nats-server's CompressionOpts.equals)
func (p *pathBuilder) equalNils(f frame, cmp *ssa.BinOp, lit int) {
	if constOperand(cmp.X) != nil || constOperand(cmp.Y) != nil || !comparableNil(cmp.X.Type()) || !comparableNil(cmp.Y.Type()) {
		return
	}
	if c, ok := cmp.X.(*ssa.Const); ok && c.IsNil() {
		return // x == nil: a nil test, not this
	}
	if c, ok := cmp.Y.(*ssa.Const); ok && c.IsNil() {
		return
	}
	nx, ny := p.nilLit(f, cmp.X), p.nilLit(f, cmp.Y)
	p.c.add(always, -nx, -ny, lit)
	p.c.add(always, -lit, -nx, ny)
	p.c.add(always, -lit, -ny, nx)
}

// comparableNil reports whether values of type t may be nil and compare
// with ==: pointers, channels, interfaces.
func comparableNil(t types.Type) bool {
	if isTypeParam(t) {
		return false
	}
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Chan, *types.Interface:
		return true
	}
	return false
}
