package frontend

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// reachableFuncs returns the functions of funcs (sorted, with bodies) that
// can run: those reachable from the roots through static calls, the
// dynamic callees resolve gives, function values and the method sets of
// types converted to interfaces, in funcs' order.
//
// The roots are main and the package initializers of a main package, every
// function of the other packages the patterns named (a library's API may
// be called in any order), and the initializers of every package (they run
// on import). A function used as a value is reachable even where no
// resolved call site names it, because code the graph does not see
// (runtime hooks, assembly) may call it; the methods of a type converted to
// an interface are reachable because package reflect may call them by
// name, which no call site shows. What stays out is code no execution of
// the program can run: most of the standard library a program imports.
func reachableFuncs(prog *Program, funcs []*ssa.Function, resolve func(ssa.CallInstruction) []*ssa.Function) []*ssa.Function {
	body := make(map[*ssa.Function]bool, len(funcs))
	for _, fn := range funcs {
		body[fn] = true
	}
	seen := make(map[*ssa.Function]bool, len(funcs))
	var work []*ssa.Function
	add := func(fn *ssa.Function) {
		// Functions without bodies (and generic bodies, analyzed through
		// their instances) have nothing to scan.
		if body[fn] && !seen[fn] {
			seen[fn] = true
			work = append(work, fn)
		}
	}
	initial := map[*ssa.Package]bool{}
	for _, p := range prog.Packages {
		if p.Pkg.Name() == "main" {
			add(p.Func("main"))
		} else {
			initial[p] = true
		}
	}
	for _, p := range prog.SSA.AllPackages() {
		add(p.Func("init"))
	}
	for _, fn := range funcs {
		if fn.Pkg != nil && initial[fn.Pkg] {
			add(fn)
		}
	}
	boxed := map[types.Type]bool{}
	var ops []*ssa.Value
	for len(work) > 0 {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				if site, ok := instr.(ssa.CallInstruction); ok {
					if isDynamic(site.Common()) {
						for _, callee := range resolve(site) {
							add(callee)
						}
					}
				}
				if mi, ok := instr.(*ssa.MakeInterface); ok {
					t := mi.X.Type()
					if !boxed[t] && !types.IsInterface(t) {
						boxed[t] = true
						ms := prog.SSA.MethodSets.MethodSet(t)
						for i := 0; i < ms.Len(); i++ {
							add(prog.SSA.MethodValue(ms.At(i)))
						}
					}
				}
				ops = instr.Operands(ops[:0])
				for _, op := range ops {
					if f, ok := (*op).(*ssa.Function); ok {
						add(f) // a static callee or a function value
					}
				}
			}
		}
	}
	out := make([]*ssa.Function, 0, len(seen))
	for _, fn := range funcs {
		if seen[fn] {
			out = append(out, fn)
		}
	}
	return out
}
