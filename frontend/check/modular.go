package check

import (
	"context"
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/frontend"
	"github.com/cflr/cflr/frontend/check/grammars"
	"github.com/cflr/cflr/graph"
)

// Modular analysis: vet mode (frontend/check/vet) runs nilflow one
// package at a time. The package's value-flow graph is built by the same
// builder as the whole program's (BuildFlow), over the points-to sets of
// the package alone; a call of a function of another package, whose body
// it lacks, is linked through that function's Summary (an analysis fact
// of its package), and the package's own functions are cut to their
// Summary for the packages that import it.

// Summary is a function's value-flow graph cut to its interface:
// parameter numbers count a method's receiver as 0, as go/ssa's
// parameters do.
type Summary struct {
	Results []SummaryResult // results that may hold a nil the code wrote
	Flows   []SummaryFlow   // a nil argument comes back as a result
	Sinks   []SummarySink   // a nil argument panics inside
}

// SummaryResult says that result Result may be nil; Steps is a witness
// from the nil to the return.
type SummaryResult struct {
	Result int
	Steps  []string
}

// SummaryFlow says that parameter Param flows to result Result.
type SummaryFlow struct{ Param, Result int }

// SummarySink says that a nil parameter Param reaches the use What
// ("field access c.Addr") with no guard on the way; Steps is a witness
// from the parameter to the use.
type SummarySink struct {
	Param int
	Kind  SinkKind // the use's
	What  string
	Steps []string
}

// RunPackage runs nilflow on prog, a go/analysis driver's package
// (frontend.NewProgram), as Run does: extern gives the summaries of the
// functions of other packages that it calls (nil: none), and RunPackage
// returns, besides the findings, the summaries of the functions export
// lists.
func RunPackage(ctx context.Context, prog *frontend.Program, cfg *Config, extern func(*ssa.Function) *Summary, export []*ssa.Function) (_ []Finding, _ map[*ssa.Function]*Summary, err error) {
	defer frontend.Catch("cflr check", nil, &err)
	if cfg == nil {
		cfg = &Config{}
	}
	flow, pass, err := packagePass(ctx, prog, cfg, extern)
	if err != nil {
		return nil, nil, err
	}
	fs, err := runChecker(ctx, Nil, pass)
	if err != nil {
		return nil, nil, err
	}
	fs = finishPackage(fs, Nil.Name(), prog, flow, cfg)
	sums, err := flow.summarize(ctx, export, cfg)
	if err != nil {
		return nil, nil, err
	}
	return fs, sums, nil
}

// summarize cuts the graph to the summaries of fns: one solve from the
// nils written for their results, and one per nilable parameter.
func (g *FlowGraph) summarize(ctx context.Context, fns []*ssa.Function, cfg *Config) (map[*ssa.Function]*Summary, error) {
	threads := cfg.Threads
	out := map[*ssa.Function]*Summary{}
	if len(fns) == 0 {
		return out, nil
	}
	gr, err := grammars.Load("nilflow.cfg")
	if err != nil {
		return nil, err
	}
	skip := nilSkip(g, cfg)
	relabel := nilRelabel(g, cfg)
	// leaf is the one vertex of a nilable value's leaves, and the symbol
	// that says it is nil (NI: a nil interface).
	leaf := func(ls []uint32, t types.Type) (uint32, string, bool) {
		if len(ls) != 1 || ls[0] >= g.NumVertices || !nilable(t) {
			return 0, "", false
		}
		if isIface(t) {
			return ls[0], "NI", true
		}
		return ls[0], "N", true
	}
	steps := func(sv *Solved, sym string, v uint32) []string {
		w, err := sv.Witness(sym, v)
		if err != nil {
			return nil
		}
		var s []string
		for _, st := range w {
			s = append(s, st.Short())
		}
		return s
	}
	// A nil an exported function returns only where a parameter is nil
	// (if p == nil { return nil }) is that parameter coming back (a
	// flow), not a nil result: a caller that passes a non-nil argument
	// gets no nil, as cflr check's refutation finds reading the body.
	isExported := map[*ssa.Function]bool{}
	for _, fn := range fns {
		isExported[fn] = true
	}
	condFlows := map[*ssa.Function][]SummaryFlow{}
	var srcs []SourceEdge
	for _, s := range g.NilSources {
		if !s.Local || s.Sentinel && !allNils(cfg) {
			continue
		}
		if v := g.VertexAt(s.V); v.Kind == VNil && isExported[v.Func] && isNilConst(v.Value) {
			if ret := returnAt(v.Func, v.Pos); ret != nil {
				if p := nilParamBranch(v.Func, ret.Block()); p >= 0 {
					for k, r := range ret.Results {
						if isNilConst(r) {
							condFlows[v.Func] = append(condFlows[v.Func], SummaryFlow{Param: p, Result: k})
						}
					}
					continue
				}
			}
		}
		label := "nil"
		if s.Iface {
			label = "nili"
		}
		srcs = append(srcs, nilSourceEdge(g, s, label))
	}
	var targets []uint32
	for _, fn := range fns {
		for k := 0; k < fn.Signature.Results().Len(); k++ {
			if v, _, ok := leaf(g.Result(fn, k), fn.Signature.Results().At(k).Type()); ok {
				targets = append(targets, v)
			}
		}
	}
	var sv *Solved
	if len(srcs) > 0 && len(targets) > 0 {
		if sv, err = g.Solve(ctx, "nilflow summaries", gr, srcs, &SolveOptions{Skip: skip, Relabel: relabel, Targets: targets, Threads: threads}); err != nil {
			return nil, err
		}
	}
	sinkTargets := make([]uint32, 0, len(g.NilSinks))
	for _, s := range g.NilSinks {
		sinkTargets = append(sinkTargets, s.V)
	}
	for _, fn := range fns {
		s := &Summary{}
		res := fn.Signature.Results()
		var rets []uint32 // result k's vertex, or ^0
		for k := 0; k < res.Len(); k++ {
			v, sym, ok := leaf(g.Result(fn, k), res.At(k).Type())
			if !ok {
				rets = append(rets, ^uint32(0))
				continue
			}
			rets = append(rets, v)
			if sv != nil && sv.Reaches(sym, v) {
				s.Results = append(s.Results, SummaryResult{Result: k, Steps: steps(sv, sym, v)})
			}
		}
		for _, f := range condFlows[fn] {
			if f.Result < len(rets) && rets[f.Result] != ^uint32(0) && !slices.Contains(s.Flows, f) {
				s.Flows = append(s.Flows, f)
			}
		}
		for i, p := range fn.Params {
			pv, _, ok := leaf(g.Value(p), p.Type())
			if !ok {
				continue
			}
			label := "nil"
			if isIface(p.Type()) {
				label = "nili"
			}
			// Not out through fn's own results: the nil would come back
			// to fn's callers in this package, not to the caller the
			// summary is for (the graph's calls are not matched).
			ownRet := func(i int, e graph.Edge) bool {
				if skip(i, e) {
					return true
				}
				x := g.VertexAt(e.Src)
				return x.Kind == VReturn && x.Func == fn
			}
			ts := append(append([]uint32(nil), sinkTargets...), rets...)
			psv, err := g.Solve(ctx, "nilflow summaries", gr, []SourceEdge{{Dst: pv, Label: label, Index: graph.NoIndex}}, &SolveOptions{Skip: ownRet, Relabel: relabel, Targets: ts, Threads: threads})
			if err != nil {
				return nil, err
			}
			for k, v := range rets {
				if v == ^uint32(0) {
					continue
				}
				sym := "N"
				if isIface(res.At(k).Type()) {
					sym = "NI"
				}
				if f := (SummaryFlow{Param: i, Result: k}); psv.Reaches(sym, v) && !slices.Contains(s.Flows, f) {
					s.Flows = append(s.Flows, f)
				}
			}
			seen := map[string]bool{}
			for _, sk := range g.NilSinks {
				sym, ok := sinkSymbol(sk)
				if !ok || seen[sk.What] || !psv.Reaches(sym, sk.V) {
					continue
				}
				seen[sk.What] = true
				w := append(steps(psv, sym, sk.V), Step{Pos: g.Position(sk.Pos), Desc: sk.What}.Short())
				s.Sinks = append(s.Sinks, SummarySink{Param: i, Kind: sk.Kind, What: sk.What, Steps: append(w, sk.After...)})
			}
		}
		if len(s.Results)+len(s.Flows)+len(s.Sinks) > 0 {
			out[fn] = s
		}
	}
	return out, nil
}

// externCall links a call of fn, a function of another package whose
// body the graph lacks, through its summary: its nil results are nils
// written at the call, its flows assignments from the arguments to the
// call's results, and its sinks uses of the arguments at the call.
func (b *flowBuilder) externCall(instr ssa.CallInstruction, c *ssa.CallCommon, res ssa.Value, fn *ssa.Function) {
	if b.g.extern == nil {
		return
	}
	s := b.g.extern(fn)
	if s == nil {
		return
	}
	args := c.Args
	if c.IsInvoke() {
		args = append([]ssa.Value{c.Value}, args...)
	}
	// No callee in the edges' info: nilflow does not follow edges into
	// non-local callees (nilSkip).
	info := EdgeInfo{Pos: instr.Pos()}
	blk := instr.Block()
	results := c.Signature().Results()
	for _, r := range s.Results {
		dst := b.callResults(res, r.Result)
		if len(dst) == 0 || r.Result >= results.Len() || !b.local {
			continue
		}
		n := b.newVertex(Vertex{Kind: VNil, Value: res, Func: b.fn, Field: -1, Pos: instr.Pos()})
		desc := "nil returned by " + fn.Name()
		if len(r.Steps) > 0 {
			desc += " (" + strings.Join(r.Steps, " → ") + ")"
		}
		b.nilSource(NilSource{V: n, Iface: isIface(results.At(r.Result).Type()), Local: true, Desc: desc, Sentinel: !endsInError(fn.Signature) && c.StaticCallee() == nil})
		b.connect([]uint32{n}, dst, LabelAssign, graph.NoIndex, info)
	}
	for _, f := range s.Flows {
		if f.Param < len(args) {
			b.flowTo(args[f.Param], blk, nil, b.callResults(res, f.Result), LabelAssign, graph.NoIndex, info)
		}
	}
	for _, sk := range s.Sinks {
		if sk.Param < len(args) {
			n := len(b.log.sinks)
			b.sink(args[sk.Param], instr, sk.Kind, func() string { return "call of " + fn.Name() + ", which reaches " + sk.What })
			if len(b.log.sinks) > n {
				b.log.sinks[n].sink.After = sk.Steps
			}
		}
	}
}

// nilSourceEdge is the source edge of nil s, under label.
func nilSourceEdge(g *FlowGraph, s NilSource, label string) SourceEdge {
	e := SourceEdge{Dst: s.V, Label: label, Index: graph.NoIndex}
	if s.Desc != "" {
		e.Desc, e.Info = s.Desc, EdgeInfo{Pos: g.VertexAt(s.V).Pos}
	}
	return e
}

// withAfter appends the steps past a sink (inside another package) to
// witness w.
func withAfter(w []Step, after []string) []Step {
	for _, a := range after {
		w = append(w, Step{Desc: a})
	}
	return w
}

// Short is the step as vet mode's facts and messages spell it:
// "file.go:line:col what".
func (s Step) Short() string {
	if s.Pos.Filename == "" {
		return s.Desc
	}
	return fmt.Sprintf("%s:%d:%d %s", filepath.Base(s.Pos.Filename), s.Pos.Line, s.Pos.Column, s.Desc)
}

// nilParamBranch returns the parameter of fn that a nil test finds nil on
// every way into blk (blk, or a block that dominates it, is entered only
// from the nil branch of p == nil or p != nil), or -1.
func nilParamBranch(fn *ssa.Function, blk *ssa.BasicBlock) int {
	for b := blk; b != nil; b = b.Idom() {
		if len(b.Preds) != 1 {
			continue
		}
		pred := b.Preds[0]
		ifi, ok := pred.Instrs[len(pred.Instrs)-1].(*ssa.If)
		if !ok || pred.Succs[0] == pred.Succs[1] {
			continue
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || (cmp.Op != token.EQL && cmp.Op != token.NEQ) {
			continue
		}
		x := cmp.X
		if isNilConst(x) {
			x = cmp.Y
		} else if !isNilConst(cmp.Y) {
			continue
		}
		nilSucc := pred.Succs[0]
		if cmp.Op == token.NEQ {
			nilSucc = pred.Succs[1]
		}
		if nilSucc != b {
			continue
		}
		for i, p := range fn.Params {
			if ssa.Value(p) == x {
				return i
			}
		}
	}
	return -1
}

// finishPackage names the check of one package's findings, sorts them,
// names their functions and drops suppressed ones: the end of check.Run,
// shared by RunPackage and RunTaintPackage.
func finishPackage(fs []Finding, check string, prog *frontend.Program, flow *FlowGraph, cfg *Config) []Finding {
	for i := range fs {
		fs[i].Check = check
	}
	fs = sortFindings(fs)
	nameFuncs(fs, flow)
	if cfg.NoSuppress {
		return fs
	}
	sup := collectSuppressions(prog)
	kept := fs[:0]
	for _, f := range fs {
		if !sup.suppresses(f) {
			kept = append(kept, f)
		}
	}
	return kept
}

// packagePass analyzes one package and builds its value-flow graph, the
// start of check.Run shared by RunPackage and RunTaintPackage; extern links
// nilflow's calls into other packages (nil for taint, which links its own).
func packagePass(ctx context.Context, prog *frontend.Program, cfg *Config, extern func(*ssa.Function) *Summary) (*FlowGraph, *Pass, error) {
	a, err := frontend.Analyze(ctx, prog, &frontend.AnalysisOptions{Threads: cfg.Threads, Partitions: pointsToPartitions, BoxPerType: true, EdgeCentric: cfg.EdgeCentric})
	if err != nil {
		return nil, nil, err
	}
	flow, err := BuildFlow(prog, a, &FlowOptions{Context: cfg.Context, Scope: cfg.Scope, Threads: cfg.Threads, extern: extern})
	if err != nil {
		return nil, nil, err
	}
	return flow, &Pass{Prog: prog, Analysis: a, Flow: flow, Config: cfg}, nil
}
