package frontend

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/graph"
)

// intrinsicAllocs are functions without Go bodies whose result is memory
// they allocate, holding no reference the program made: a fresh object
// models them exactly, where a call without a body yields the unknown
// object. Labels are go/pointer's.
var intrinsicAllocs = map[string]string{
	"os.runtime_args": "<command-line args>", // os.Args
}

// intrinsic models a call of an intrinsicAllocs function, reporting
// whether fn is one.
func (b *builder) intrinsic(instr ssa.CallInstruction, fn *ssa.Function, res ssa.Value) bool {
	label, ok := intrinsicAllocs[fn.String()]
	if !ok || res == nil {
		return ok
	}
	dst := b.value(res)
	if dst == noVertex {
		return true
	}
	t := res.Type()
	if s, ok := t.Underlying().(*types.Slice); ok {
		t = types.NewArray(s.Elem(), -1) // the slice's array, as makeslice's
	}
	o := b.object(res, t, label, instr.Pos())
	b.edge(o, dst, lNew, graph.NoIndex)
	return true
}
