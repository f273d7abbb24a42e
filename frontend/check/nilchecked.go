package check

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A dereference of a pointer that the same function compares with nil
// (staticcheck's SA5011, "possible nil pointer dereference"): the test
// says the pointer may be nil, so a dereference that no test of it
// guards panics on that nil. It is the same SSA value, so no assignment
// comes between: the dereference comes before the test (*v == 1 && v !=
// nil), or after a test whose nil branch falls through to it (if v ==
// nil { log(...) }; v.f), or on another branch. Dereferences that a
// test guards, that an earlier dereference already covers (a nil is
// reported once, where it first panics), or in a block that a nil test
// decides the way around are silent. Only pointers: an interface or a
// func compared with nil (err != nil) is most often tested where it
// matters and used elsewhere for other reasons.

// nilComparedAt reports whether v, a pointer used at instr where a nil v
// panics, is compared with nil by an if of the function (at: where) and
// no test or earlier dereference guards the use.
func (b *flowBuilder) nilComparedAt(v ssa.Value, instr ssa.Instruction) (token.Pos, bool) {
	if _, ok := v.Type().Underlying().(*types.Pointer); !ok {
		return token.NoPos, false
	}
	if b.checkedFn != b.fn {
		b.checkedFn, b.checked = b.fn, nil
		if !CgoUnsafeArgs(b.fn) { // its tests say nothing SSA sees
			b.checked = nilCompares(b.fn)
		}
	}
	at, ok := b.checked[v]
	if !ok {
		return token.NoPos, false
	}
	return at, !b.facts.guarded(v, instr.Block(), nil) && !b.facts.derefd(v, instr, nil)
}

// nilCompares lists the values that fn's ifs compare with nil, each with
// the position of its first comparison.
func nilCompares(fn *ssa.Function) map[ssa.Value]token.Pos {
	var out map[ssa.Value]token.Pos
	for _, blk := range fn.Blocks {
		if x, _, ok := nilTest(blk); ok {
			if out == nil {
				out = map[ssa.Value]token.Pos{}
			}
			if _, seen := out[x]; !seen {
				out[x] = blk.Instrs[len(blk.Instrs)-1].(*ssa.If).Cond.Pos()
			}
		}
	}
	return out
}

// factSource reports whether v is a nil source made for a value the
// facts say is nil at a use (factNil), not a constant or a variable's
// zero value: refutation then adds that the value is nil.
func factSource(v *Vertex) bool {
	if v.Kind != VNil || v.Value == nil {
		return false
	}
	switch v.Value.(type) {
	case *ssa.Const, *ssa.Alloc:
		return false
	}
	return true
}

// newError reports whether c calls fmt.Errorf or errors.New, which never
// return nil: if x == nil { err = fmt.Errorf(...) }; if err != nil {
// continue }; x.f.
func newError(c *ssa.Call) bool {
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Pkg == nil {
		return false
	}
	switch fn.Pkg.Pkg.Path() + "." + fn.Name() {
	case "fmt.Errorf", "errors.New":
		return true
	}
	return false
}
