package vet

import (
	"go/constant"
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/frontend"
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

func (b *builder) name(v ssa.Value) string { return b.exprName(v, 0) }

func (b *builder) exprName(v ssa.Value, depth int) string {
	if s, ok := b.names[v]; ok {
		return s
	}
	if depth > 4 {
		return "…"
	}
	switch x := v.(type) {
	case *ssa.Parameter, *ssa.FreeVar:
		return x.Name()
	case *ssa.Global:
		return "&" + x.Name()
	case *ssa.Function:
		return frontend.FuncName(x)
	case *ssa.Const:
		if x.IsNil() {
			return "nil"
		}
		if x.Value != nil && x.Value.Kind() == constant.String {
			return x.Value.ExactString()
		}
		return x.String()
	case *ssa.UnOp:
		if x.Op == token.MUL {
			switch a := x.X.(type) {
			case *ssa.FieldAddr:
				return b.exprName(a.X, depth+1) + "." + fieldName(a.X.Type(), a.Field)
			case *ssa.Global:
				return a.Name()
			case *ssa.Alloc:
				if a.Comment != "" {
					return a.Comment
				}
			case *ssa.IndexAddr:
				return b.exprName(a.X, depth+1) + "[…]"
			}
			return "*" + b.exprName(x.X, depth+1)
		}
		if x.Op == token.ARROW {
			return "<-" + b.exprName(x.X, depth+1)
		}
	case *ssa.FieldAddr:
		return "&" + b.exprName(x.X, depth+1) + "." + fieldName(x.X.Type(), x.Field)
	case *ssa.Field:
		return b.exprName(x.X, depth+1) + "." + fieldName(x.X.Type(), x.Field)
	case *ssa.Call:
		if fn := x.Call.StaticCallee(); fn != nil {
			return fn.Name() + "()"
		}
		if x.Call.IsInvoke() {
			return b.exprName(x.Call.Value, depth+1) + "." + x.Call.Method.Name() + "()"
		}
		return b.exprName(x.Call.Value, depth+1) + "()"
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok {
			return b.exprName(c, depth+1) + " (result " + itoa(x.Index) + ")"
		}
		return b.exprName(x.Tuple, depth+1)
	case *ssa.Lookup:
		return b.exprName(x.X, depth+1) + "[…]"
	case *ssa.TypeAssert:
		return b.exprName(x.X, depth+1) + ".(" + types.TypeString(x.AssertedType, qualifier) + ")"
	case *ssa.MakeInterface:
		return b.exprName(x.X, depth+1)
	case *ssa.ChangeType:
		return b.exprName(x.X, depth+1)
	case *ssa.ChangeInterface:
		return b.exprName(x.X, depth+1)
	case *ssa.Convert:
		return b.exprName(x.X, depth+1)
	}
	return v.Name()
}

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
