package frontend

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// This file exports what package frontend/check needs to connect its
// value-flow graph to the points-to graph: the edge index of a field, the
// final callees of a call site, and which bodies the graph leaves out.

// Field-like indices of containers, as load_i/store_i and sub-objects
// (Node.Index) use them.
const (
	ElemIndex   = idxElem   // array, slice and channel elements
	MapKeyIndex = idxMapKey // map keys
	MapValIndex = idxMapVal // map values
)

// FieldIndex is the index that Build gave field i of struct type t (as in
// a sub-object's Node.Index), if Build met the field. Struct types
// identical but for tags share their fields' indices (see fieldid.go).
// Safe for concurrent use.
func (g *Graph) FieldIndex(t types.Type, i int) (uint32, bool) {
	st, ok := t.Underlying().(*types.Struct)
	if !ok || g.fieldIdx == nil {
		return 0, false
	}
	id, ok := g.structs.lookup(st)
	if !ok {
		return 0, false
	}
	idx, ok := g.fieldIdx[fieldKey{id, i}]
	return idx, ok
}

// Callees returns the functions a call site may call: its static callee,
// or the callees of a dynamic site after the points-to sets narrowed VTA's
// (the call graph Analysis reports). Built-ins have none.
func (a *Analysis) Callees(site ssa.CallInstruction) []*ssa.Function {
	c := site.Common()
	if _, ok := c.Value.(*ssa.Builtin); ok {
		return nil
	}
	if fn := c.StaticCallee(); fn != nil {
		return []*ssa.Function{fn}
	}
	return a.callees[site]
}

// Opaque reports whether the graph leaves fn's body out by default
// (runtime, reflect and the other packages Options.RuntimeBodies names).
func Opaque(fn *ssa.Function) bool { return opaquePkg(fn) }

// WorkingDir is the working directory at Load, below which positions are
// printed relative.
func (p *Program) WorkingDir() string { return p.wd }
