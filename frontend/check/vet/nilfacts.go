package vet

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/frontend/check"
)

// The builder's hooks for check.NilFacts, as `cflr check` reads them
// (frontend/check/nilfactsbuild.go).

// factSink adds a sink for v at the current instruction, fed by a nil of
// its own, when the facts say v, not a constant (from makes those
// sources), is nil there; it reports whether it did.
func (b *builder) factSink(v ssa.Value, pos token.Pos, check, what string, ext []string) bool {
	if _, ok := v.(*ssa.Const); ok || b.mode != nilMode || !b.nf.Nil(v, b.cur) {
		return false
	}
	b.nilSink(v, pos, check, what, ext)
	return true
}

// nilSink adds a sink for v fed by a nil of its own.
func (b *builder) nilSink(v ssa.Value, pos token.Pos, check, what string, ext []string) {
	u := b.newVertex(pos, what)
	b.edge(b.addSource(pos, "nil", nil), u)
	b.sinks = append(b.sinks, sink{v: u, pos: pos, check: check, expr: b.name(v), what: what, iface: isIface(v.Type()), ext: ext})
}

// sliceSink adds a sink where instr panics on a nil slice that the facts
// say is nil (check.NilSliceSink).
func (b *builder) sliceSink(instr ssa.Instruction, pos token.Pos) {
	s := check.NilSliceSink(instr)
	if s == nil || !b.nf.Nil(s, instr) {
		return
	}
	what := "index of " + b.name(s) + "[…]"
	if c, ok := instr.(*ssa.SliceToArrayPointer); ok {
		what = "conversion of " + b.name(s) + " to " + types.TypeString(c.Type(), func(p *types.Package) string { return p.Name() })
	}
	// (Here, and not through addSink: from has no nil slices to give.)
	b.nilSink(s, pos, "dereference", what, nil)
}

// isIface reports whether values of type t are interface values (a type
// parameter's are not).
func isIface(t types.Type) bool { return types.IsInterface(t) && !check.IsTypeParam(t) }

// typeParam reports whether t is a type parameter: a method called on its
// value may take a nil receiver.
func typeParam(t types.Type) bool { return check.IsTypeParam(t) }
