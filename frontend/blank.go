package frontend

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
)

// blankFuncs lists the functions named _ that the initial packages
// declare, in source order. go/ssa builds them but makes them no package
// member, so AllFunctions never meets them (they cannot be called);
// checks that look at each function alone, as go vet's nilness does,
// still read them.
func blankFuncs(prog *ssa.Program, initial []*packages.Package, pkgs []*ssa.Package) []*ssa.Function {
	var out []*ssa.Function
	for i, p := range initial {
		if pkgs[i] == nil || p.TypesInfo == nil {
			continue
		}
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Recv != nil || fd.Name.Name != "_" {
					continue
				}
				if obj, ok := p.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					if fn := prog.FuncValue(obj); fn != nil && len(fn.Blocks) > 0 {
						out = append(out, fn)
					}
				}
			}
		}
	}
	return out
}
