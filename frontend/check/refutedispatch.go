package check

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Dispatch on the receiver's dynamic type along a witness.
//
// The call graph resolves a method call on an interface to every
// implementation any caller may pass, so a nil that one implementation
// returns reaches the callers that pass another:
//
//	func (lm *LevelMetadata) Annotation(a Annotator) any { return a.Zero(nil) }
//	lm.Annotation(tombstonesAnnotator{})  // elisionOnlyAnnotator.Zero's nil?
//
// (pebble's four Annotation findings). When a witness returns from
// method M through an interface call whose receiver is a parameter of the
// caller, and then returns from that caller to a call site that passes,
// for that parameter, an interface made from a concrete type whose
// method of that name is not M, the witness is infeasible.

// dispatchReq says that, in one frame, parameter param must hold a
// dynamic type whose method dispatches to callee.
type dispatchReq struct {
	param  int
	callee *ssa.Function
}

// requireDispatch records, for frame f, the dispatch a witness assumed
// at interface call site (whose callee it returned from).
func (p *pathBuilder) requireDispatch(f frame, site ssa.CallInstruction, callee *ssa.Function) {
	cc := site.Common()
	if !cc.IsInvoke() || callee == nil {
		return
	}
	prm, ok := cc.Value.(*ssa.Parameter)
	if !ok || prm.Parent() != f.fn {
		return
	}
	for k, q := range f.fn.Params {
		if q == prm {
			if p.dispatch == nil {
				p.dispatch = map[int][]dispatchReq{}
			}
			p.dispatch[f.id] = append(p.dispatch[f.id], dispatchReq{k, callee})
		}
	}
}

// checkDispatch adds to group a contradiction when frame fe, returning to
// call site, was assumed to dispatch on a parameter to a method the
// argument passed there does not have.
func (p *pathBuilder) checkDispatch(group int, fe frame, site ssa.CallInstruction) {
	reqs := p.dispatch[fe.id]
	if len(reqs) == 0 {
		return
	}
	cc := site.Common()
	args := cc.Args
	if cc.IsInvoke() {
		args = append([]ssa.Value{cc.Value}, args...)
	}
	if len(args) != len(fe.fn.Params) {
		return
	}
	for _, r := range reqs {
		mi, ok := args[r.param].(*ssa.MakeInterface)
		if !ok {
			continue
		}
		obj, ok := r.callee.Object().(*types.Func)
		if !ok {
			continue
		}
		sel := r.callee.Prog.MethodSets.MethodSet(mi.X.Type()).Lookup(obj.Pkg(), obj.Name())
		if sel == nil || sel.Obj() != types.Object(obj) {
			p.c.add(group, p.c.lit(false))
		}
	}
}
