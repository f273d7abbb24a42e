package check

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/cflr/cflr/frontend"
	"golang.org/x/tools/go/ssa"
)

// ExprName reconstructs a short source expression for v (p.f, *q,
// f() (result 1), m[…]) for findings and witness steps, preferring the
// names given for values in names (from debug references). Both cflr check
// and the vet analyzers name values with it.
func ExprName(names map[ssa.Value]string, v ssa.Value) string { return exprName(names, v, 0) }

func exprName(names map[ssa.Value]string, v ssa.Value, depth int) string {
	if s, ok := names[v]; ok {
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
				return exprName(names, a.X, depth+1) + "." + fieldName(a.X.Type(), a.Field)
			case *ssa.Global:
				return a.Name()
			case *ssa.Alloc:
				if a.Comment != "" {
					return a.Comment
				}
			case *ssa.IndexAddr:
				return exprName(names, a.X, depth+1) + "[…]"
			}
			return "*" + exprName(names, x.X, depth+1)
		}
		if x.Op == token.ARROW {
			return "<-" + exprName(names, x.X, depth+1)
		}
	case *ssa.FieldAddr:
		return "&" + exprName(names, x.X, depth+1) + "." + fieldName(x.X.Type(), x.Field)
	case *ssa.Field:
		return exprName(names, x.X, depth+1) + "." + fieldName(x.X.Type(), x.Field)
	case *ssa.Call:
		if fn := x.Call.StaticCallee(); fn != nil {
			return fn.Name() + "()"
		}
		if x.Call.IsInvoke() {
			return exprName(names, x.Call.Value, depth+1) + "." + x.Call.Method.Name() + "()"
		}
		return exprName(names, x.Call.Value, depth+1) + "()"
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok {
			return fmt.Sprintf("%s (result %d)", exprName(names, c, depth+1), x.Index)
		}
		return exprName(names, x.Tuple, depth+1)
	case *ssa.Lookup:
		return exprName(names, x.X, depth+1) + "[…]"
	case *ssa.TypeAssert:
		return exprName(names, x.X, depth+1) + ".(" + types.TypeString(x.AssertedType, qualifier) + ")"
	case *ssa.MakeInterface:
		return exprName(names, x.X, depth+1)
	case *ssa.ChangeType:
		return exprName(names, x.X, depth+1)
	case *ssa.ChangeInterface:
		return exprName(names, x.X, depth+1)
	case *ssa.Convert:
		return exprName(names, x.X, depth+1)
	}
	return v.Name()
}
