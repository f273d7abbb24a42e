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
	w := newReachWalk(prog, funcs)
	w.run(resolve)
	return w.result()
}

// reachWalk computes reachableFuncs in two steps, so that Analyze can walk
// most of the program while VTA runs: run(nil) follows every rule but
// dynamic calls and keeps the dynamic sites it meets; run(resolve) then
// adds their callees and goes on. The set reached is the least one closed
// under the rules whatever the order they are applied in, so it is the
// same as a single run(resolve).
type reachWalk struct {
	prog    *Program
	funcs   []*ssa.Function
	body    map[*ssa.Function]bool
	seen    map[*ssa.Function]bool
	work    []*ssa.Function
	boxed   map[types.Type]bool
	pending []ssa.CallInstruction // dynamic sites met by run(nil)
	ops     []*ssa.Value
}

func newReachWalk(prog *Program, funcs []*ssa.Function) *reachWalk {
	w := &reachWalk{prog: prog, funcs: funcs,
		body: make(map[*ssa.Function]bool, len(funcs)), seen: make(map[*ssa.Function]bool, len(funcs)),
		boxed: map[types.Type]bool{}}
	for _, fn := range funcs {
		w.body[fn] = true
	}
	initial := map[*ssa.Package]bool{}
	for _, p := range prog.Packages {
		if p.Pkg.Name() == "main" {
			w.add(p.Func("main"))
		} else {
			initial[p] = true
		}
	}
	for _, p := range prog.SSA.AllPackages() {
		w.add(p.Func("init"))
	}
	for _, fn := range funcs {
		if fn.Pkg != nil && initial[fn.Pkg] {
			w.add(fn)
		}
	}
	return w
}

func (w *reachWalk) add(fn *ssa.Function) {
	// Functions without bodies (and generic bodies, analyzed through
	// their instances) have nothing to scan.
	if w.body[fn] && !w.seen[fn] {
		w.seen[fn] = true
		w.work = append(w.work, fn)
	}
}

// run walks until no function is left to scan. With resolve nil, the
// dynamic sites met are kept for a later run with a resolver.
func (w *reachWalk) run(resolve func(ssa.CallInstruction) []*ssa.Function) {
	if resolve != nil {
		for _, site := range w.pending {
			for _, callee := range resolve(site) {
				w.add(callee)
			}
		}
		w.pending = nil
	}
	prog := w.prog.SSA
	for len(w.work) > 0 {
		fn := w.work[len(w.work)-1]
		w.work = w.work[:len(w.work)-1]
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				if site, ok := instr.(ssa.CallInstruction); ok {
					if isDynamic(site.Common()) {
						if resolve == nil {
							w.pending = append(w.pending, site)
						} else {
							for _, callee := range resolve(site) {
								w.add(callee)
							}
						}
					}
				}
				if mi, ok := instr.(*ssa.MakeInterface); ok {
					t := mi.X.Type()
					if !w.boxed[t] && !types.IsInterface(t) {
						w.boxed[t] = true
						ms := prog.MethodSets.MethodSet(t)
						for i := 0; i < ms.Len(); i++ {
							w.add(prog.MethodValue(ms.At(i)))
						}
					}
				}
				w.ops = instr.Operands(w.ops[:0])
				for _, op := range w.ops {
					if f, ok := (*op).(*ssa.Function); ok {
						w.add(f) // a static callee or a function value
					}
				}
			}
		}
	}
}

// result lists the functions reached, in funcs' order.
func (w *reachWalk) result() []*ssa.Function {
	out := make([]*ssa.Function, 0, len(w.seen))
	for _, fn := range w.funcs {
		if w.seen[fn] {
			out = append(out, fn)
		}
	}
	return out
}
