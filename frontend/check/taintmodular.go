package check

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/frontend"
	"github.com/cflr/cflr/frontend/check/grammars"
	"github.com/cflr/cflr/grammar"
	"github.com/cflr/cflr/graph"
)

// Modular taint: vet mode (frontend/check/vet) runs the taint check one
// package at a time, as it runs nilflow (modular.go): the package's graph
// is the shared builder's, its sources, sinks and models the taint
// check's walk (taintwalk.go); a call of another package's function is
// linked through that function's TaintSummary (externCall), and the
// package's exported functions are cut to theirs (summarizeTaint).

// TaintSummary is a function's taint flows cut to its interface.
// Parameter numbers count a method's receiver as 0, as go/ssa's
// parameters do. Clean lists the sink kinds a flow is sanitized for on
// every path (sanitizers and validators for some kinds only).
type TaintSummary struct {
	Results []TaintSummaryResult // results that carry a source's data
	Flows   []TaintSummaryFlow   // parameter-to-result flows
	Sinks   []TaintSummarySink   // parameters that reach a sink
}

// TaintSummaryResult says that result Result carries untrusted data from
// the source Source ("os.Getenv"); Steps is a witness to the return.
type TaintSummaryResult struct {
	Result int
	Source string
	Steps  []string
	Clean  []string
}

// TaintSummaryFlow says that parameter Param flows to result Result.
type TaintSummaryFlow struct {
	Param, Result int
	Clean         []string
}

// TaintSummarySink says that parameter Param reaches a sink of kind Kind
// (What: "os/exec.Command (argument 1)") with no sanitizer on the way;
// Steps is a witness from the parameter to the sink, the sink last.
type TaintSummarySink struct {
	Param int
	Kind  string
	What  string
	Steps []string
}

// RunTaintPackage runs the taint check on prog, a go/analysis driver's
// package (frontend.NewProgram), as Run does: extern gives the summaries
// of the functions of other packages that it calls, and RunTaintPackage
// returns, besides the findings, the summaries of the functions export
// lists.
func RunTaintPackage(ctx context.Context, prog *frontend.Program, cfg *Config, extern func(*ssa.Function) *TaintSummary, export []*ssa.Function) (_ []Finding, _ map[*ssa.Function]*TaintSummary, err error) {
	defer frontend.Catch("cflr check", nil, &err)
	if cfg == nil {
		cfg = &Config{}
	}
	flow, pass, err := packagePass(ctx, prog, cfg, nil)
	if err != nil {
		return nil, nil, err
	}
	flow.taintExtern = extern
	wholeCells(flow)
	fs, err := runChecker(ctx, Taint, pass)
	if err != nil {
		return nil, nil, err
	}
	fs = finishPackage(fs, Taint.Name(), prog, flow, cfg)
	if len(export) == 0 {
		return fs, nil, nil
	}
	// The summaries are solved on the walk Run made.
	t := flow.taintWalked
	if t == nil {
		return nil, nil, fmt.Errorf("taint: no walk to summarize")
	}
	sums, err := t.summarize(ctx, export)
	if err != nil {
		return nil, nil, err
	}
	return fs, sums, nil
}

// externCall links a call of a function of another package, whose body
// the graph lacks, through its summary: its results are sources at the
// call, its flows model edges from the arguments to the results, and its
// sinks sinks at the call ("call of Run, which reaches os/exec.Command
// (argument 1)"), with the witness inside the callee after them. Flows
// and results clean for some sink kinds are kept apart as a sanitizer's
// edges are (one sanitizer per call: the kinds all its clean flows are
// clean for).
func (t *taintRun) externCall(c ssa.CallInstruction, local bool) {
	cc := c.Common()
	fn := cc.StaticCallee()
	if fn == nil || fn.Blocks != nil || t.std(fn) {
		return
	}
	s := t.g.taintExtern(fn)
	if s == nil {
		return
	}
	args := cc.Args
	info := EdgeInfo{Pos: cc.Pos(), Site: c}
	var clean []string // the kinds every clean flow is clean for
	hasClean := false
	meet := func(k []string) {
		if !hasClean {
			clean, hasClean = slices.Clone(k), true
			return
		}
		clean = slices.DeleteFunc(clean, func(x string) bool { return !slices.Contains(k, x) })
	}
	var later []func()
	for _, r := range s.Results {
		desc := "untrusted data returned by " + fn.Name()
		if len(r.Steps) > 0 {
			desc += " (" + strings.Join(r.Steps, " → ") + ")"
		}
		add := func() { t.sourceDesc(r.Source, desc, cc.Pos(), t.results(c, r.Result), nil) }
		if len(r.Clean) > 0 {
			meet(r.Clean)
			later = append(later, add)
			continue
		}
		add()
	}
	for _, f := range s.Flows {
		if f.Param >= len(args) {
			continue
		}
		add := func() {
			vs, cs := t.reads(args[f.Param], c)
			t.flow(c, vs, cs, t.results(c, f.Result), nil, info)
		}
		if len(f.Clean) > 0 {
			meet(f.Clean)
			later = append(later, add)
			continue
		}
		add()
	}
	if len(later) > 0 {
		n := len(t.edges)
		for _, add := range later {
			add()
		}
		if len(clean) > 0 {
			if t.sanAt[c] == nil {
				t.sanOrder = append(t.sanOrder, c)
			}
			t.sanAt[c] = append(t.sanAt[c], &Sanitizer{Kinds: clean})
			t.sanEdges[c] = append(t.sanEdges[c], t.edges[n:]...)
			t.edges = t.edges[:n]
		}
	}
	if !local {
		return
	}
	for _, sk := range s.Sinks {
		if sk.Param >= len(args) {
			continue
		}
		vs, cs := t.reads(args[sk.Param], c)
		if len(vs)+len(cs) == 0 {
			continue
		}
		t.sinkSites = append(t.sinkSites, taintSink{pos: c, sink: &Sink{Kind: sk.Kind}, callee: "call of " + fn.Name() + ", which reaches " + sk.What, values: vs, cells: cs, after: sk.Steps})
	}
}

// summarize cuts the package's taint graph to the summaries of fns: one
// solve from the package's sources to their results, and one from each
// parameter to their results and the sinks; each again for every sink
// kind some sanitizer or validator cleans for alone, to find the kinds a
// flow is clean for.
func (t *taintRun) summarize(ctx context.Context, fns []*ssa.Function) (map[*ssa.Function]*TaintSummary, error) {
	g := t.g
	gr, err := grammars.Load("taint.cfg")
	if err != nil {
		return nil, err
	}
	grRes, err := resultsGrammar()
	if err != nil {
		return nil, err
	}
	skipped := make([]bool, len(g.Edges))
	for i := range g.Edges {
		skipped[i] = t.skip(i, g.Edges[i])
	}
	// The model edges (sanitizers' calls' last, sanOf says whose); without
	// the package's sources for the solves from a parameter.
	var all, noSrc []SourceEdge
	var allSan, noSrcSan []ssa.CallInstruction
	addModel := func(e modelEdge, c ssa.CallInstruction) {
		se := t.sourceEdge(e)
		all, allSan = append(all, se), append(allSan, c)
		if e.src != Root {
			noSrc, noSrcSan = append(noSrc, se), append(noSrcSan, c)
		}
	}
	for _, e := range t.edges {
		addModel(e, nil)
	}
	for _, c := range t.sanOrder {
		for _, e := range t.sanEdges[c] {
			addModel(e, c)
		}
	}
	// The kinds some sanitizer or validator cleans for alone; "" stands
	// for every other kind (only the sanitizers of every kind clean).
	kindSet := map[string]bool{}
	for _, sans := range t.sanAt {
		for _, s := range sans {
			for _, k := range s.Kinds {
				kindSet[k] = true
			}
		}
	}
	for _, vs := range t.validators {
		for _, v := range vs {
			for _, k := range v.Kinds {
				kindSet[k] = true
			}
		}
	}
	partial := make([]string, 0, len(kindSet))
	for k := range kindSet {
		partial = append(partial, k)
	}
	sort.Strings(partial)
	kinds := append([]string{""}, partial...)
	const other = "\x00" // a kind no sanitizer or validator names
	solve := func(gr *grammar.Grammar, kind string, srcs []SourceEdge, san []ssa.CallInstruction, targets []uint32, extra func(graph.Edge) bool) (*Solved, error) {
		if kind == "" {
			kind = other
		}
		active := map[ssa.CallInstruction]bool{}
		for c, sans := range t.sanAt {
			for _, s := range sans {
				if s.sanitizes(kind) {
					active[c] = true
				}
			}
		}
		skipSource := func(k int) bool {
			if k < len(san) && san[k] != nil && active[san[k]] {
				return true
			}
			e := &srcs[k]
			return e.Src != Root && t.validated(e.Src, e.Dst, e.Info, kind)
		}
		skip := func(i int, e graph.Edge) bool {
			if skipped[i] || extra != nil && extra(e) {
				return true
			}
			if site := g.InfoAt(i).Site; site != nil && active[site] {
				return true
			}
			return t.validated(e.Src, e.Dst, *g.InfoAt(i), kind)
		}
		return g.Solve(ctx, "taint summaries", gr, srcs, &SolveOptions{Skip: skip, SkipSource: skipSource, Targets: targets, Describe: t.modelStep, Threads: 1})
	}
	shorts := func(w []Step) []string {
		var s []string
		for _, st := range w {
			s = append(s, st.Short())
		}
		return s
	}
	reachesAny := func(sv *Solved, vs []uint32) (uint32, bool) {
		for _, v := range vs {
			if sv.Reaches("T", v) {
				return v, true
			}
		}
		return 0, false
	}
	// sinkReached is the vertex and symbol by which sv reaches sink s.
	sinkReached := func(sv *Solved, s taintSink) (uint32, string, bool) {
		for _, x := range s.values {
			if c, ok := s.pos.(ssa.CallInstruction); ok && t.validated(x, Root, EdgeInfo{Site: c}, s.sink.Kind) {
				continue
			}
			if sv.Reaches("T", x) {
				return x, "T", true
			}
		}
		for _, x := range s.cells {
			if sv.Reaches("Th", x) {
				return x, "Th", true
			}
		}
		return 0, "", false
	}
	var sinkTargets []uint32
	for _, s := range t.sinkSites {
		sinkTargets = append(sinkTargets, s.values...)
		sinkTargets = append(sinkTargets, s.cells...)
	}
	out := map[*ssa.Function]*TaintSummary{}
	sum := func(fn *ssa.Function) *TaintSummary {
		if out[fn] == nil {
			out[fn] = &TaintSummary{}
		}
		return out[fn]
	}
	rets := map[*ssa.Function][][]uint32{}
	var retTargets []uint32
	for _, fn := range fns {
		for k := 0; k < fn.Signature.Results().Len(); k++ {
			ls := g.Result(fn, k)
			rets[fn] = append(rets[fn], ls)
			retTargets = append(retTargets, ls...)
		}
	}
	// Results: the package's sources that reach an exported function's
	// return with no call pending (resultsGrammar), so that a source in
	// one of its callers, passed in, is not taken for its own.
	hasSource := false
	for _, e := range all {
		hasSource = hasSource || e.Src == Root
	}
	if hasSource && len(retTargets) > 0 {
		var base *Solved
		for _, kind := range kinds {
			if kind != "" && len(out) == 0 {
				break // no result carries taint: none to clean
			}
			sv, err := solve(grRes, kind, all, allSan, retTargets, nil)
			if err != nil {
				return nil, err
			}
			if kind == "" {
				base = sv
			}
			for _, fn := range fns {
				for k, ls := range rets[fn] {
					v, ok := reachesAny(base, ls)
					if !ok {
						continue
					}
					s := sum(fn)
					i := slices.IndexFunc(s.Results, func(r TaintSummaryResult) bool { return r.Result == k })
					if kind == "" {
						w, err := sv.Witness("T", v)
						if err != nil {
							return nil, fmt.Errorf("taint summary of %s: %w", fn, err)
						}
						src := "a source"
						if len(w) > 0 {
							if n, ok := t.srcNames[w[0].Desc]; ok {
								src = n
							}
						}
						s.Results = append(s.Results, TaintSummaryResult{Result: k, Source: src, Steps: shorts(w)})
					} else if _, ok := reachesAny(sv, ls); !ok && i >= 0 {
						s.Results[i].Clean = append(s.Results[i].Clean, kind)
					}
				}
			}
		}
	}
	// Parameters: each solved from its own source edge, without the
	// edges out of the function's own returns (they would lead to its
	// callers in this package, not to the caller the summary is for).
	for _, fn := range fns {
		ownRet := func(e graph.Edge) bool {
			x := g.VertexAt(e.Src)
			return x.Kind == VReturn && x.Func == fn
		}
		var targets []uint32
		for _, ls := range rets[fn] {
			targets = append(targets, ls...)
		}
		targets = append(targets, sinkTargets...)
		for i, p := range fn.Params {
			ls := g.Value(p)
			if len(ls) == 0 {
				continue
			}
			srcs := slices.Clone(noSrc)
			for _, l := range ls {
				srcs = append(srcs, SourceEdge{Dst: l, Label: labelSrc, Index: graph.NoIndex, Desc: "parameter " + p.Name(), Info: EdgeInfo{Pos: p.Pos()}})
			}
			var base *Solved
			// The kinds worth a solve of their own: those of the sinks
			// the parameter reaches with only the sanitizers of every
			// kind in the way, and all when it reaches a result (its
			// flows' Clean).
			need := map[string]bool{}
			flows := false
			for _, kind := range kinds {
				if kind != "" && !flows && !need[kind] {
					continue
				}
				sv, err := solve(gr, kind, srcs, noSrcSan, targets, ownRet)
				if err != nil {
					return nil, err
				}
				if kind == "" {
					base = sv
					for _, rl := range rets[fn] {
						if _, ok := reachesAny(sv, rl); ok {
							flows = true
						}
					}
					for _, sk := range t.sinkSites {
						if k := sk.sink.Kind; kindSet[k] && !need[k] {
							if _, _, ok := sinkReached(sv, sk); ok {
								need[k] = true
							}
						}
					}
				}
				for k, rl := range rets[fn] {
					if _, ok := reachesAny(base, rl); !ok {
						continue
					}
					s := sum(fn)
					if kind == "" {
						s.Flows = append(s.Flows, TaintSummaryFlow{Param: i, Result: k})
					} else if _, ok := reachesAny(sv, rl); !ok {
						for j := range s.Flows {
							if s.Flows[j].Param == i && s.Flows[j].Result == k {
								s.Flows[j].Clean = append(s.Flows[j].Clean, kind)
							}
						}
					}
				}
				// The sinks of this kind (of the kinds no one cleans
				// alone, in the first solve): one witness per kind.
				seen := map[string]bool{}
				for _, sk := range t.sinkSites {
					k := sk.sink.Kind
					if (kind == "") != !kindSet[k] || kind != "" && k != kind || seen[k] {
						continue
					}
					v, sym, ok := sinkReached(sv, sk)
					if !ok {
						continue
					}
					seen[k] = true
					w, err := sv.Witness(sym, v)
					if err != nil {
						return nil, fmt.Errorf("taint summary of %s: %w", fn, err)
					}
					what := sk.callee
					if sk.place != "" {
						what += " (" + sk.place + ")"
					}
					pos := sk.pos.Pos()
					if c, ok := sk.pos.(ssa.CallInstruction); ok {
						pos = c.Common().Pos()
					}
					steps := append(shorts(w), Step{Pos: g.Position(pos), Desc: "reaches " + what}.Short())
					s := sum(fn)
					s.Sinks = append(s.Sinks, TaintSummarySink{Param: i, Kind: k, What: what, Steps: append(steps, sk.after...)})
				}
			}
		}
	}
	return out, nil
}

// resultsGrammar is taint.cfg without its rules that enter a function
// with the call left pending (T call_i, T icall_i): a source reaches a
// function's result this way only from inside the function.
func resultsGrammar() (*grammar.Grammar, error) {
	src, err := grammars.Source("taint.cfg")
	if err != nil {
		return nil, err
	}
	var lines []string
	cut := 0
	for _, l := range strings.Split(string(src), "\n") {
		if f := strings.Fields(l); len(f) == 3 && f[0] == "|" && f[1] == "T" && (f[2] == "call_i" || f[2] == "icall_i") {
			cut++
			continue
		}
		lines = append(lines, l)
	}
	if cut != 2 {
		return nil, fmt.Errorf("taint.cfg: the rules T call_i and T icall_i not found")
	}
	gr, err := grammar.Parse("taint-results.cfg", []byte(strings.Join(lines, "\n")))
	if err != nil {
		return nil, err
	}
	return gr.Normalize()
}

// wholeCells gives each object the package allocates (an Alloc) that has
// no heap cell one cell for its whole contents. Vet mode lacks other
// packages' bodies, so an object whose fields only another package's
// code touches (a bytes.Buffer's) has no cells otherwise, and what a
// model writes into it (WriteString) would not be read back (String).
func wholeCells(g *FlowGraph) {
	has := map[uint32]bool{}
	for v := range g.VertexCount() {
		if x := g.VertexAt(uint32(v)); x.Kind == VHeap {
			has[x.Obj] = true
		}
	}
	for o, n := range g.Analysis.Graph.Nodes {
		if _, ok := n.Value.(*ssa.Alloc); ok && n.Kind == frontend.KindObject && !has[uint32(o)] {
			g.heapCell(uint32(o), starCell)
		}
	}
}
