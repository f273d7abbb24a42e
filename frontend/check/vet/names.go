package vet

import (
	"go/types"
	"strconv"

	"github.com/cflr/cflr/frontend/check"
	"golang.org/x/tools/go/ssa"
)

// Values are named as `cflr check` names them (frontend/check's
// exprName), so that both modes' messages match the same `// want`
// expectations: after the variable that holds them (DebugRef), else after
// the expression that computes them.

// collectNames records the variable or expression name of every value
// that a DebugRef names.
func collectNames(fn *ssa.Function, names map[ssa.Value]string) {
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			d, ok := instr.(*ssa.DebugRef)
			if !ok || d.IsAddr {
				continue
			}
			if obj := d.Object(); obj != nil {
				names[d.X] = obj.Name()
			} else if _, ok := names[d.X]; !ok && d.Expr != nil {
				names[d.X] = types.ExprString(d.Expr)
			}
		}
	}
}

func (b *builder) name(v ssa.Value) string { return check.ExprName(b.names, v) }

func fieldName(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if st, ok := t.Underlying().(*types.Struct); ok && i < st.NumFields() {
		return st.Field(i).Name()
	}
	return "field" + itoa(i)
}

func qualifier(p *types.Package) string { return p.Name() }

func itoa(i int) string { return strconv.Itoa(i) }
