package frontend

import (
	"go/constant"
	"go/token"
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
// (runtime hooks, assembly) may call it. A method of a type converted to
// an interface is reachable if a reached interface call (or method value
// or expression) of its Id and signature may reach it, whatever VTA
// resolves there, or if reflection may call it (by name, which no call
// site shows: see pruneBodies for both rules). What stays out is code
// no execution of the program can run: most of the standard library a
// program imports.
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

	// invoked holds the Ids of the interface methods reached code calls
	// or takes as values; waiting, by Id, the methods of boxed types no
	// such call names yet; reflect, what reflection may call (the rules
	// of pruneBodies, on SSA).
	invoked invokeSet
	waiting map[string][]*types.Selection
	reflect reflectLevel
}

func newReachWalk(prog *Program, funcs []*ssa.Function) *reachWalk {
	w := &reachWalk{prog: prog, funcs: funcs,
		body: make(map[*ssa.Function]bool, len(funcs)), seen: make(map[*ssa.Function]bool, len(funcs)),
		boxed: map[types.Type]bool{}, invoked: invokeSet{}, waiting: map[string][]*types.Selection{}}
	for _, id := range runtimeInvoked {
		w.invoked.add(id, nil)
	}
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

// reflectAt raises the reflection level to l, adding the waiting methods
// reflection may now call.
func (w *reachWalk) reflectAt(l reflectLevel) {
	if l <= w.reflect {
		return
	}
	w.reflect = l
	for id := range w.waiting {
		release(w.waiting, id, func(sel *types.Selection) bool { return l.callable(sel.Obj().(*types.Func)) }, w.addMethod)
	}
}

func (w *reachWalk) addMethod(sel *types.Selection) { w.add(w.prog.SSA.MethodValue(sel)) }

// reflectCall applies reflectUse to a call in fn (outside package
// reflect) of a reflectFinder.
func (w *reachWalk) reflectCall(fn *ssa.Function, c *ssa.CallCommon) {
	var obj *types.Func
	args := c.Args
	if c.IsInvoke() {
		obj = c.Method
	} else if f := c.StaticCallee(); f != nil {
		obj, _ = f.Object().(*types.Func)
		if f.Signature.Recv() != nil {
			args = args[1:]
		}
	}
	if obj == nil || !reflectFinder(obj) {
		return
	}
	var name constant.Value
	if len(args) == 1 {
		if k, ok := args[0].(*ssa.Const); ok {
			name = k.Value
		}
	}
	evalField, _ := fn.Object().(*types.Func)
	l, id := reflectUse(obj, true, name, isEvalField(evalField))
	w.reflectAt(l)
	if token.IsExported(id) {
		w.invoke(id, nil)
	}
}

// reflectScope reports whether the reflection rules apply to the calls in
// fn: not in package reflect (whose uses implement its callers'), nor in
// a wrapper of a reflectFinder (which forwards a call reflectCall or the
// interface call reaching it saw).
func reflectScope(fn *ssa.Function) bool {
	if fn.Pkg != nil && fn.Pkg.Pkg.Path() == "reflect" {
		return false
	}
	obj, ok := fn.Object().(*types.Func)
	return !(ok && fn.Synthetic != "" && reflectFinder(obj))
}

// method adds sel, a method of a boxed type, if a dynamic call can reach
// it: an interface call of its Id, or reflection.
func (w *reachWalk) method(sel *types.Selection) {
	obj := sel.Obj()
	if id := obj.Id(); w.invoked.calls(obj.(*types.Func)) || w.reflect.callable(obj.(*types.Func)) {
		w.add(w.prog.SSA.MethodValue(sel))
	} else {
		w.waiting[id] = append(w.waiting[id], sel)
	}
}

// invoke marks the interface method id of signature sig (nil: any)
// called.
func (w *reachWalk) invoke(id string, sig *types.Signature) {
	if !w.invoked.add(id, sig) {
		return
	}
	release(w.waiting, id, func(sel *types.Selection) bool { return sigMatch(sig, sel.Obj().Type().(*types.Signature)) }, w.addMethod)
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
		scope := reflectScope(fn)
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				if site, ok := instr.(ssa.CallInstruction); ok {
					c := site.Common()
					if c.IsInvoke() {
						w.invoke(c.Method.Id(), c.Method.Signature())
					}
					if scope {
						w.reflectCall(fn, c)
					}
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
							w.method(ms.At(i))
						}
					}
				}
				w.ops = instr.Operands(w.ops[:0])
				for _, op := range w.ops {
					if f, ok := (*op).(*ssa.Function); ok {
						w.add(f) // a static callee or a function value
						// A reflectFinder as a value (its bound
						// wrapper, its thunk) may be called with any
						// name.
						if obj, ok := f.Object().(*types.Func); ok && scope && reflectFinder(obj) {
							if site, ok := instr.(ssa.CallInstruction); !ok || site.Common().Value != f {
								w.reflectAt(reflectAll)
							}
						}
						// The thunk of I.M and the bound wrapper of
						// x.M, for an interface I or x, invoke M.
						if obj, ok := f.Object().(*types.Func); ok && f.Synthetic != "" {
							if recv := obj.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
								w.invoke(obj.Id(), obj.Signature())
							}
						}
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
