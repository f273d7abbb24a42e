package frontend

import (
	"sort"

	"golang.org/x/tools/go/ssa"
)

// NewProgram wraps SSA that was built elsewhere as a Program: a
// go/analysis driver's one package, whose imports are created from their
// types only (no bodies). pkgs are the packages the check treats as
// named by patterns. Positions are printed absolute (no working
// directory). blank are the functions named _ that they declare, which
// go/ssa makes no package member (see Program.Blank).
func NewProgram(prog *ssa.Program, pkgs []*ssa.Package, blank []*ssa.Function) *Program {
	p := &Program{Fset: prog.Fset, SSA: prog, Packages: append([]*ssa.Package(nil), pkgs...), Blank: blank}
	sort.Slice(p.Packages, func(i, j int) bool { return p.Packages[i].Pkg.Path() < p.Packages[j].Pkg.Path() })
	return p
}
