package check

import (
	"go/types"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/frontend"
)

// Sinks behind the scope's edge. A sink is reported where the checked
// code calls it; code outside the checked packages is followed for its
// flow, but its own sink calls are not reported. When the check is
// narrowed to some packages of a module (--scope naming them, as the
// vulnerability benchmark does with an advisory's packages), a sink
// that the module's other packages call for them — a command helper
// run(cmd string) { exec.Command("sh", "-c", cmd) } in a utils package,
// say — would go unreported with its callers. So a call from the
// checked code into a function of the same module outside the scope is
// a sink where that function passes a parameter to a sink: directly,
// through string operations and the standard library's calls, variadic
// arguments, or up to helperDepth more calls of the module's functions.
// The finding is at the call, naming the sink it reaches and the helper
// it goes through. Under the default scope (the main module's packages)
// no such call exists and nothing changes; third-party modules keep
// their models (models.yaml) instead.

// helperDepth is how many calls deep a helper may reach its sink.
const helperDepth = 3

// helperSinks holds, for the functions outside the scope that checked
// code calls, which of their parameters reach a sink. Workers share it.
type helperSinks struct {
	modules map[string]bool // the modules of the checked packages
	prog    *frontend.Program

	mu   sync.Mutex
	memo map[*ssa.Function]map[int]helperSink
	// strictVars caches taintallow.go's answer for package variables.
	strictVars map[*ssa.Global]bool
	// valid caches taintvalid.go's validating helpers.
	valid map[validKey][]helperValid
}

// validKey is a helper and the depth it was summarised to.
type validKey struct {
	fn    *ssa.Function
	depth int
}

// helperSink is the sink a helper's parameter reaches.
type helperSink struct {
	sink  *Sink
	name  string // the sink's name as matched
	place string // its argument
	shell bool   // a shell line (taintshell.go)
}

func newHelperSinks(g *FlowGraph) *helperSinks {
	h := &helperSinks{modules: map[string]bool{}, prog: g.Prog, memo: map[*ssa.Function]map[int]helperSink{}, strictVars: map[*ssa.Global]bool{}, valid: map[validKey][]helperValid{}}
	if g.Prog == nil {
		return h
	}
	for p := range g.local {
		if m := g.Prog.Module(p.Pkg.Path()); m != "" {
			h.modules[m] = true
		}
	}
	return h
}

// helperCall adds the sink sites of call c of checked code into
// helpers of its module outside the scope.
func (t *taintRun) helperCall(c ssa.CallInstruction, callees []*ssa.Function) {
	h := t.helpers
	if h == nil || len(h.modules) == 0 || len(callees) != 1 {
		return
	}
	fn := callees[0]
	if fn.Blocks == nil || fn.Pkg == nil || t.g.IsLocal(fn) || t.std(fn) || !h.modules[h.prog.Module(fn.Pkg.Pkg.Path())] {
		return
	}
	h.mu.Lock()
	sums, ok := h.memo[fn]
	if !ok {
		sums = t.paramSinks(fn, helperDepth, map[*ssa.Function]bool{})
		h.memo[fn] = sums
	}
	h.mu.Unlock()
	if len(sums) == 0 {
		return
	}
	cc := c.Common()
	args := cc.Args
	if cc.IsInvoke() {
		args = append([]ssa.Value{cc.Value}, args...)
	}
	helper := frontend.FuncName(fn)
	for i := range fn.Params {
		hs, ok := sums[i]
		if !ok || i >= len(args) {
			continue
		}
		if _, ok := args[i].(*ssa.Const); ok {
			continue
		}
		vs, cs := t.reads(args[i], c)
		if len(vs)+len(cs) == 0 {
			continue
		}
		t.sinkSites = append(t.sinkSites, taintSink{pos: c, sink: hs.sink,
			callee: hs.name + " (" + hs.place + ") through " + helper, place: "argument " + fn.Params[i].Name(),
			values: vs, cells: cs, shell: hs.shell})
	}
}

// paramSinks returns, by parameter index, the sinks fn's parameters
// reach (the first found of each), depth calls deep at most.
func (t *taintRun) paramSinks(fn *ssa.Function, depth int, visiting map[*ssa.Function]bool) map[int]helperSink {
	if visiting[fn] || fn.Blocks == nil {
		return nil
	}
	visiting[fn] = true
	defer delete(visiting, fn)
	var out map[int]helperSink
	for i, p := range fn.Params {
		if hs, ok := t.reachesSink(p, depth, visiting); ok {
			if out == nil {
				out = map[int]helperSink{}
			}
			out[i] = hs
		}
	}
	return out
}

// reachesSink follows v through its function's body, as the flow graph
// would without the heap: string operations, conversions, phis, the
// variadic arrays it is stored into, append, the standard library's
// calls (to their results; not through a sanitizer) and the module's
// own functions (through their parameters, depth calls deep), up to an
// argument of a sink.
func (t *taintRun) reachesSink(v ssa.Value, depth int, visiting map[*ssa.Function]bool) (helperSink, bool) {
	seen := map[ssa.Value]bool{}
	work := []ssa.Value{v}
	push := func(x ssa.Value) {
		if x != nil && !seen[x] && scopeCarriesData(x.Type()) {
			work = append(work, x)
		}
	}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[v] {
			continue
		}
		seen[v] = true
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.BinOp, *ssa.Convert, *ssa.ChangeType, *ssa.MakeInterface, *ssa.Slice, *ssa.Phi:
				push(r.(ssa.Value))
			case *ssa.Store:
				if ia, ok := r.Addr.(*ssa.IndexAddr); ok && r.Val == v {
					if a, ok := ia.X.(*ssa.Alloc); ok && a.Comment == "varargs" {
						if sl := sliceOf(a); sl != nil {
							push(sl)
						}
					}
				}
			case ssa.CallInstruction:
				if hs, ok := t.callReaches(r, v, depth, visiting, push); ok {
					return hs, true
				}
			}
		}
	}
	return helperSink{}, false
}

// callReaches handles v passed to call c: a sink's argument, or flow on
// to the call's results or into a helper's parameter.
func (t *taintRun) callReaches(c ssa.CallInstruction, v ssa.Value, depth int, visiting map[*ssa.Function]bool, push func(ssa.Value)) (helperSink, bool) {
	cc := c.Common()
	if bi, ok := cc.Value.(*ssa.Builtin); ok {
		if bi.Name() == "append" && c.Value() != nil {
			push(c.Value())
		}
		return helperSink{}, false
	}
	names, callees := t.calleeNames(c)
	for _, n := range names {
		for _, s := range t.sinks[n] {
			args := s.Args
			if args == nil {
				args = allArgs(cc)
			}
			for _, pl := range args {
				if placeValue(cc, pl) != v {
					continue
				}
				place := "argument " + pl.String()
				if pl.Kind == PlaceRecv {
					place = "receiver"
				}
				return helperSink{sink: s, name: n, place: place, shell: shellLine(cc, names)}, true
			}
		}
	}
	for _, n := range names {
		if len(t.sanitizers[n]) > 0 || len(t.validators[n]) > 0 {
			return helperSink{}, false
		}
	}
	if len(callees) != 1 {
		return helperSink{}, false
	}
	fn := callees[0]
	if t.std(fn) {
		if c.Value() != nil {
			push(c.Value())
			if tup, ok := c.Value().Type().(*types.Tuple); ok && tup.Len() > 0 {
				for _, r := range *c.Value().Referrers() {
					if e, ok := r.(*ssa.Extract); ok {
						push(e)
					}
				}
			}
		}
		return helperSink{}, false
	}
	if depth == 0 || fn.Blocks == nil {
		return helperSink{}, false
	}
	args := cc.Args
	if cc.IsInvoke() {
		args = append([]ssa.Value{cc.Value}, args...)
	}
	for i, a := range args {
		if a != v || i >= len(fn.Params) {
			continue
		}
		if hs, ok := t.paramSinks(fn, depth-1, visiting)[i]; ok {
			return hs, true
		}
	}
	return helperSink{}, false
}

// scopeCarriesData reports whether a value of type typ can carry text into a
// sink: strings, byte and other slices, interfaces, pointers; not
// numbers or booleans.
func scopeCarriesData(typ types.Type) bool {
	switch u := typ.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Tuple:
		return true
	}
	return true
}
