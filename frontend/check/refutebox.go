package check

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/frontend"
)

// Dynamic types along a witness.
//
// The value-flow graph does not type interfaces: every value boxed into
// an interface reaches every type assertion and every method the
// interface may be asked for, whatever its dynamic type. So a nil slice
// boxed as one type comes out of an assertion to another, or reaches
// another type's method as its receiver:
//
//	ast.NewBody(nil...) → cpy.Body → walk(x any) → ValueMap.Put(k) → k.Hash()
//	    → receiver of (*ast.Not).Hash   // a Body is never an *ast.Not
//
// (OPA's copypropagation findings). A nil keeps its type from its box to
// the next unbox: between them it only moves (assignments, calls,
// returns, the heap). When the witness's unbox asserts another concrete
// type than the one boxed, or calls a method the boxed type's method set
// does not dispatch to, no execution follows the witness. The boxed type
// is forgotten at any other step (an opaque library call, a guard).

// boxTrack is the dynamic type of the interface a witness's nil travels
// in, and the group of the edge that boxed it.
type boxTrack struct {
	t     types.Type // nil outside an interface, or where unknown
	group int
}

// step follows edge group (label, from src to dst) of a witness: a box
// sets the type, an unbox checks it against the box's and adds to p's
// formula a contradiction between the two edges when they disagree
// (which refuteSearch blames on either: the box nearest the nil, the
// unbox nearest the use).
func (bt *boxTrack) step(p *pathBuilder, group int, label string, dst *Vertex, info *EdgeInfo) {
	switch label {
	case LabelBox:
		bt.t = nil
		if mi, ok := dst.Value.(*ssa.MakeInterface); ok && dst.Kind == VValue && !frontend.HasTypeParam(mi.X.Type()) {
			bt.t, bt.group = mi.X.Type(), group
		}
	case LabelUnbox, LabelICall:
		if bt.t != nil && !dispatches(bt.t, dst, info) {
			p.c.conflict(bt.group, group)
		}
		bt.t = nil
	case LabelAssign, LabelCall, LabelRet, labelSAssign, labelSRet, labelSRetPlain, labelParamRet, LabelStore, LabelLoad:
		// The same value, moved.
	default:
		bt.t = nil
	}
}

// dispatches reports whether an interface holding a value of type t can
// reach dst through an unbox edge: a type assertion to t itself (or to
// an interface), or the receiver of a method t's method set dispatches
// to. It answers true where it cannot tell.
func dispatches(t types.Type, dst *Vertex, info *EdgeInfo) bool {
	if ta, ok := dst.Value.(*ssa.TypeAssert); ok && (dst.Kind == VValue || dst.Kind == VTuple && dst.Index == 0) {
		u := ta.AssertedType
		return types.IsInterface(u) || frontend.HasTypeParam(u) || types.Identical(t, u)
	}
	callee := info.Callee
	if callee == nil || len(callee.Params) == 0 || dst.Value != callee.Params[0] || callee.Signature.Recv() == nil {
		return true
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok || obj.Name() != callee.Name() {
		return true // a thunk or bound method: not the method itself
	}
	sel := callee.Prog.MethodSets.MethodSet(t).Lookup(obj.Pkg(), obj.Name())
	if sel == nil {
		return false
	}
	m, ok := sel.Obj().(*types.Func)
	return !ok || m.Origin() == obj.Origin()
}
