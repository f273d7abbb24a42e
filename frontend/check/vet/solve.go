package vet

import (
	"context"
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/edgecentric"
	"github.com/cflr/cflr/frontend"
	"github.com/cflr/cflr/grammar"
	"github.com/cflr/cflr/graph"
)

//go:embed flow.cfg
var flowCFG []byte

var (
	grammarMu sync.Mutex
	grammars  = map[[2]bool]*grammar.Grammar{}
)

// loadGrammar returns flow.cfg, without the rules of U and R when the
// package has no sources and without Pd's when it has no sinks: the
// engine derives a nonterminal's edges from every anchor whether or not
// they lead anywhere (on pebble, Pd alone was 2.5 million edges in a
// package with no taint sink).
func loadGrammar(sources, sinks bool) (*grammar.Grammar, error) {
	grammarMu.Lock()
	defer grammarMu.Unlock()
	key := [2]bool{sources, sinks}
	if g, ok := grammars[key]; ok {
		return g, nil
	}
	var lines []string
	count := []string{"Pm"}
	if sources {
		count = append(count, "U", "R")
	}
	if sinks {
		count = append(count, "Pd")
	}
	for _, l := range strings.Split(string(flowCFG), "\n") {
		f := strings.Fields(l)
		switch {
		case len(f) > 0 && f[0] == "%count":
			l = "%count " + strings.Join(count, " ")
		case len(f) > 0 && (f[0] == "U" || f[0] == "R") && !sources:
			continue
		case len(f) > 0 && f[0] == "Pd" && !sinks:
			continue
		}
		lines = append(lines, l)
	}
	g, err := grammar.Parse("flow.cfg", []byte(strings.Join(lines, "\n")))
	if err == nil {
		g, err = g.Normalize()
	}
	if err != nil {
		return nil, err
	}
	grammars[key] = g
	return g, nil
}

// maxSteps bounds the witness in a message; longer ones keep both ends.
const maxSteps = 12

// runTaint is Taint's Run: build the package's flow graph, solve it,
// report the findings and export the summaries. (NilFlow's is runNil,
// on cflr check's builder.)
func runTaint(pass *analysis.Pass, models *Models) (err error) {
	// A panic is a bug in cflr: the driver gets an error naming the
	// package and function, not a stack trace.
	var cur *ssa.Function
	defer frontend.Catch(pass.Analyzer.Name+" on "+pass.Pkg.Path(), &cur, &err)
	res, _ := pass.ResultOf[ssaAnalyzer].(*ssaResult)
	if res == nil {
		return nil // the standard library: modelled, not analyzed
	}
	b := newBuilder(pass, models, res)
	b.related = &taintRelated
	pass.ExportPackageFact(new(taintAnalyzed))
	b.analyzed = func(p *types.Package) bool {
		return pass.ImportPackageFact(p, new(taintAnalyzed))
	}
	b.imported = func(obj *types.Func) summary {
		var s summary = new(TaintSummary)
		if obj.Origin() != nil {
			obj = obj.Origin()
		}
		if pass.ImportObjectFact(obj, s) && !s.empty() {
			return s
		}
		return nil
	}
	for _, fn := range res.funcs {
		b.addFunc(fn)
	}
	for _, fn := range res.funcs {
		cur = fn
		b.body(fn)
	}
	cur = nil
	b.finish()
	if len(b.sinks) == 0 && len(b.sources) == 0 {
		// Nothing to report, and every summary would be flows only: still
		// needed by callers. Fall through unless there are no functions.
		if len(b.order) == 0 {
			return nil
		}
	}
	gr, err := loadGrammar(len(b.sources) > 0, len(b.sinks) > 0)
	if err != nil {
		return err
	}
	// solve solves the graph with the conditional edges that keep returns
	// true, for the sinks sinkOK accepts.
	solve := func(keep func(condEdge) bool, sinkOK func(sink) bool) (*solved, error) {
		g := b.g
		if len(b.cond) > 0 {
			g = &graph.Graph{NumVertices: b.g.NumVertices, Labels: b.g.Labels, Edges: append([]graph.Edge(nil), b.g.Edges...)}
			for _, c := range b.cond {
				if keep(c) {
					g.Edges = append(g.Edges, graph.Edge{Src: c.u, Dst: c.v, Label: c.label, Index: graph.NoIndex})
				}
			}
		}
		r, err := edgecentric.Solve(context.Background(), g, gr, &edgecentric.Options{Threads: 1, Partitions: 1})
		if err != nil {
			return nil, err
		}
		s := &solved{b: b, r: r, g: gr, edges: g.Edges, sinkOK: sinkOK}
		s.index()
		return s, nil
	}
	// Sanitizers for some kinds only: one solve for the sinks of each such
	// kind (the edges that clean for it left out), and one for the rest.
	kinds := b.condKinds()
	all, err := solve(func(condEdge) bool { return true }, func(sk sink) bool { return !slices.Contains(kinds, sk.check) })
	if err != nil {
		return err
	}
	all.report()
	per := all.collect()
	for _, k := range kinds {
		sk, err := solve(func(c condEdge) bool { return !slices.Contains(c.clean, k) }, func(x sink) bool { return x.check == k })
		if err != nil {
			return err
		}
		sk.report()
		perK := sk.collect()
		for i := range per {
			per[i].taintS.Sinks = append(per[i].taintS.Sinks, perK[i].taintS.Sinks...)
			for j, f := range per[i].taintS.Flows {
				if !slices.ContainsFunc(perK[i].taintS.Flows, func(g Flow) bool {
					return g.Param == f.Param && g.Result == f.Result && g.WithError == f.WithError
				}) {
					per[i].taintS.Flows[j].Clean = append(per[i].taintS.Flows[j].Clean, k)
				}
			}
			for j, r := range per[i].taintS.Results {
				if !slices.ContainsFunc(perK[i].taintS.Results, func(g TaintResult) bool { return g.Result == r.Result }) {
					per[i].taintS.Results[j].Clean = append(per[i].taintS.Results[j].Clean, k)
				}
			}
		}
	}
	all.export(per)
	return nil
}

// solved is a solved package graph with the indexes that witnesses need.
type solved struct {
	b      *builder
	r      *edgecentric.Result
	g      *grammar.Grammar
	edges  []graph.Edge    // the graph solved
	sinkOK func(sink) bool // the sinks this solve reports and summarizes

	out      [][]arc // per vertex: input edges and Q edges
	srcOf    map[uint32]int
	sinkOf   map[uint32]int
	paramOf  map[uint32][2]int // origin → (function index in order, param)
	retOf    map[uint32][3]int // return vertex → (function, result, err 0/1)
	eLabel   uint32
	callL    uint32
	retL     uint32
	qLabel   uint32
	funcName map[*ssa.Function]string
}

type arc struct {
	to, label, index uint32
}

// sym returns a nonterminal's id, or -1 when this grammar variant left it
// out (ForEach then visits nothing).
func (s *solved) sym(name string) int {
	id, ok := s.g.Lookup(name)
	if !ok || !s.g.Symbols[id].Nonterminal {
		return -1
	}
	return id
}

func (s *solved) index() {
	b := s.b
	s.out = make([][]arc, len(b.verts))
	for _, e := range s.edges {
		s.out[e.Src] = append(s.out[e.Src], arc{e.Dst, e.Label, e.Index})
	}
	s.eLabel, s.callL, s.retL = b.lE, b.lCall, b.lRet
	s.qLabel = uint32(len(b.g.Labels)) // not a graph label: Q's own tag
	s.r.ForEach(s.sym("Q"), func(e edgecentric.Edge) {
		s.out[e.Src] = append(s.out[e.Src], arc{e.Dst, s.qLabel, 0})
	})
	s.srcOf = map[uint32]int{}
	for i, src := range b.sources {
		s.srcOf[src.origin] = i
	}
	s.sinkOf = map[uint32]int{}
	for i, sk := range b.sinks {
		s.sinkOf[sk.v] = i
	}
	s.paramOf = map[uint32][2]int{}
	s.retOf = map[uint32][3]int{}
	for fi, f := range b.order {
		for k, o := range f.origins {
			s.paramOf[o] = [2]int{fi, k}
		}
		for j, v := range f.rets {
			s.retOf[v] = [3]int{fi, j, 0}
		}
	}
}

// state is a witness search state: a vertex and whether the path has
// entered a callee yet (realizable paths return first, then call).
type state struct {
	v     uint32
	phase uint8
}

// search is a breadth-first search over realizable paths from starts,
// with matched calls taken as Q edges. Phase 0 may return to callers;
// phase 1 (after a call, or from a parameter) may not.
func (s *solved) search(starts []uint32, phase uint8) map[state]state {
	parent := map[state]state{}
	var queue []state
	for _, v := range starts {
		st := state{v, phase}
		if _, ok := parent[st]; !ok {
			parent[st] = st
			queue = append(queue, st)
		}
	}
	for len(queue) > 0 {
		st := queue[0]
		queue = queue[1:]
		for _, a := range s.out[st.v] {
			next := state{a.to, st.phase}
			switch a.label {
			case s.eLabel, s.qLabel:
			case s.retL:
				if st.phase != 0 {
					continue
				}
			case s.callL:
				next.phase = 1
			default:
				continue
			}
			if _, ok := parent[next]; !ok {
				parent[next] = st
				queue = append(queue, next)
			}
		}
	}
	return parent
}

// path reads the path to st out of a search's parent map.
func path(parent map[state]state, st state) []uint32 {
	var p []uint32
	for {
		p = append(p, st.v)
		up, ok := parent[st]
		if !ok || up == st {
			break
		}
		st = up
	}
	for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
		p[i], p[j] = p[j], p[i]
	}
	return p
}

// expand turns a vertex path into witness steps, opening each matched
// call (a Q edge) into the callee's part of the path, up to a depth.
func (s *solved) expand(p []uint32, depth int) []uint32 {
	var out []uint32
	for i, v := range p {
		out = append(out, v)
		if i+1 == len(p) || depth == 0 {
			continue
		}
		w := p[i+1]
		if s.hasArc(v, w, s.eLabel) || s.hasArc(v, w, s.retL) || s.hasArc(v, w, s.callL) {
			continue
		}
		// A Q edge: find the call site and the callee's part.
		for _, a := range s.out[v] {
			if a.label != s.callL {
				continue
			}
			parent := s.levelSearch(a.to)
			found := false
			for st := range sortedStates(parent) {
				for _, r := range s.out[st.v] {
					if r.label == s.retL && r.index == a.index && r.to == w {
						out = append(out, s.expand(path(parent, st), depth-1)...)
						found = true
						break
					}
				}
				if found {
					break
				}
			}
			if found {
				break
			}
		}
	}
	return out
}

func sortedStates(m map[state]state) func(func(state) bool) {
	return func(yield func(state) bool) {
		keys := make([]state, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool { return keys[i].v < keys[j].v })
		for _, k := range keys {
			if !yield(k) {
				return
			}
		}
	}
}

// levelSearch searches from v along e and Q edges only (one function level).
func (s *solved) levelSearch(v uint32) map[state]state {
	parent := map[state]state{{v, 0}: {v, 0}}
	queue := []state{{v, 0}}
	for len(queue) > 0 {
		st := queue[0]
		queue = queue[1:]
		for _, a := range s.out[st.v] {
			if a.label != s.eLabel && a.label != s.qLabel {
				continue
			}
			next := state{a.to, 0}
			if _, ok := parent[next]; !ok {
				parent[next] = st
				queue = append(queue, next)
			}
		}
	}
	return parent
}

func (s *solved) hasArc(u, v, label uint32) bool {
	for _, a := range s.out[u] {
		if a.to == v && a.label == label {
			return true
		}
	}
	return false
}

// steps renders a witness path as "file:line:col what" steps, dropping
// vertices with no position and repeats of one position.
func (s *solved) steps(p []uint32) []string {
	var out []string
	last := ""
	for _, v := range p {
		vx := s.b.verts[v]
		if !vx.pos.IsValid() {
			continue
		}
		posn := s.b.pass.Fset.Position(vx.pos)
		at := fmt.Sprintf("%s:%d:%d", filepath.Base(posn.Filename), posn.Line, posn.Column)
		if at == last {
			continue
		}
		last = at
		if vx.what != "" {
			at += " " + vx.what
		}
		out = append(out, at)
	}
	return out
}

// report reports every sink that a source reaches (R), at the sink, with
// the shortest witness.
func (s *solved) report() {
	b := s.b
	reached := map[int]bool{}
	s.r.ForEach(s.sym("R"), func(e edgecentric.Edge) {
		if _, ok := s.srcOf[e.Src]; !ok {
			return
		}
		if k, ok := s.sinkOf[e.Dst]; ok && s.sinkOK(b.sinks[k]) {
			reached[k] = true
		}
	})
	if len(reached) == 0 {
		return
	}
	var starts []uint32
	for _, src := range b.sources {
		starts = append(starts, src.v)
	}
	parent := s.search(starts, 0)
	srcByV := map[uint32]int{}
	for i, src := range b.sources {
		srcByV[src.v] = i
	}
	var ks []int
	for k := range reached {
		ks = append(ks, k)
	}
	sort.Ints(ks)
	for _, k := range ks {
		sk := b.sinks[k]
		if s.suppressed(sk.pos) {
			continue
		}
		st := state{sk.v, 1}
		if _, ok := parent[st]; !ok {
			st.phase = 0
		}
		p := path(parent, st)
		src := b.sources[srcByV[p[0]]]
		w := append(append(append([]string(nil), src.ext...), s.steps(s.expand(p, 4))...), sk.ext...)
		d := analysis.Diagnostic{
			Pos:     sk.pos,
			Message: s.message(sk, src) + ": " + joinSteps(w),
		}
		if *b.related {
			seen := map[token.Pos]bool{}
			for _, v := range s.expand(p, 4) {
				if vx := b.verts[v]; vx.pos.IsValid() && vx.what != "" && !seen[vx.pos] {
					seen[vx.pos] = true
					d.Related = append(d.Related, analysis.RelatedInformation{Pos: vx.pos, Message: vx.what})
				}
			}
		}
		b.pass.Report(d)
	}
}

// message says what a finding is, in `cflr check`'s words (so that both
// modes match the same expectations); the witness follows it.
func (s *solved) message(sk sink, src source) string {
	return fmt.Sprintf("tainted data from %s reaches %s sink %s", src.what, sk.check, sk.what)
}

func joinSteps(w []string) string {
	if len(w) > maxSteps {
		w = append(append(append([]string(nil), w[:maxSteps/2]...), fmt.Sprintf("(%d more)", len(w)-maxSteps)), w[len(w)-maxSteps/2:]...)
	}
	return strings.Join(w, " → ")
}

// suppressed reports whether a //cflr:ignore comment naming this check
// sits on the line of pos or the line above.
func (s *solved) suppressed(pos token.Pos) bool {
	const name = "taint"
	posn := s.b.pass.Fset.Position(pos)
	for _, f := range s.b.pass.Files {
		if s.b.pass.Fset.File(f.Pos()) != s.b.pass.Fset.File(pos) {
			continue
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if !strings.HasPrefix(c.Text, "//cflr:ignore") {
					continue
				}
				line := s.b.pass.Fset.Position(c.Pos()).Line
				if line != posn.Line && line != posn.Line-1 {
					continue
				}
				fields := strings.Fields(strings.TrimPrefix(c.Text, "//cflr:ignore"))
				if len(fields) > 0 && (fields[0] == name || fields[0] == "all") {
					return true
				}
			}
		}
	}
	return false
}

// sums is one function's summary.
type sums struct {
	taintS TaintSummary
}

// collect computes the summary of every exported function.
func (s *solved) collect() []sums {
	b := s.b
	per := make([]sums, len(b.order))
	// Parameter-to-result flows (Pm) and parameter-to-sink flows (Pd).
	pd := map[uint32]bool{}
	s.r.ForEach(s.sym("Pm"), func(e edgecentric.Edge) {
		p, ok := s.paramOf[e.Src]
		if !ok {
			return
		}
		ret, ok := s.retOf[e.Dst]
		if !ok || ret[0] != p[0] {
			return
		}
		f := Flow{Param: p[1], Result: ret[1], WithError: ret[2] == 1}
		per[p[0]].taintS.Flows = append(per[p[0]].taintS.Flows, f)
	})
	s.r.ForEach(s.sym("Pd"), func(e edgecentric.Edge) {
		if _, ok := s.paramOf[e.Src]; ok {
			if k, ok := s.sinkOf[e.Dst]; ok && s.sinkOK(b.sinks[k]) {
				pd[e.Src] = true
			}
		}
	})
	for o := range pd {
		p := s.paramOf[o]
		if !exported(b.order[p[0]].fn) {
			continue
		}
		pv := b.order[p[0]].params[p[1]]
		parent := s.search([]uint32{pv}, 1)
		seen := map[string]bool{}
		for st := range sortedStates(parent) {
			k, ok := s.sinkOf[st.v]
			if !ok || !s.sinkOK(b.sinks[k]) {
				continue
			}
			sk := b.sinks[k]
			if seen[sk.check] {
				continue // one witness per check is enough for callers
			}
			seen[sk.check] = true
			w := append(s.steps(s.expand(path(parent, st), 4)), sk.ext...)
			ps := ParamSink{Param: p[1], Check: sk.check, What: sk.what, Steps: w}
			per[p[0]].taintS.Sinks = append(per[p[0]].taintS.Sinks, ps)
		}
	}
	// Source-to-result flows (U).
	type rk struct{ fn, j, err int }
	reachedRet := map[rk]bool{}
	s.r.ForEach(s.sym("U"), func(e edgecentric.Edge) {
		if _, ok := s.srcOf[e.Src]; !ok {
			return
		}
		if ret, ok := s.retOf[e.Dst]; ok && exported(b.order[ret[0]].fn) {
			reachedRet[rk{ret[0], ret[1], ret[2]}] = true
		}
	})
	if len(reachedRet) > 0 {
		var starts []uint32
		srcByV := map[uint32]int{}
		for i, src := range b.sources {
			starts = append(starts, src.v)
			srcByV[src.v] = i
		}
		parent := s.search(starts, 0)
		for k := range reachedRet {
			f := b.order[k.fn]
			st := state{f.rets[k.j], 0}
			if _, ok := parent[st]; !ok {
				continue
			}
			p := path(parent, st)
			src := b.sources[srcByV[p[0]]]
			w := append(append([]string(nil), src.ext...), s.steps(s.expand(p, 4))...)
			per[k.fn].taintS.Results = append(per[k.fn].taintS.Results, TaintResult{Result: k.j, Source: src.what, Steps: w})
		}
	}
	return per
}

// export exports the summaries of the exported functions as facts.
func (s *solved) export(per []sums) {
	b := s.b
	for i, f := range b.order {
		if !exported(f.fn) {
			continue
		}
		fact := &per[i].taintS
		sortTaint(fact)
		if !fact.empty() {
			b.pass.ExportObjectFact(f.fn.Object(), fact)
		}
	}
}

// exported reports whether fn can be called from another package: a
// package-level function or method whose name is exported.
func exported(fn *ssa.Function) bool {
	obj, ok := fn.Object().(*types.Func)
	return ok && fn.Parent() == nil && ast.IsExported(obj.Name()) && fn.Origin() == nil
}

func sortFlows(fs []Flow) {
	sort.Slice(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Param != b.Param {
			return a.Param < b.Param
		}
		if a.Result != b.Result {
			return a.Result < b.Result
		}
		return !a.WithError && b.WithError
	})
}

func sortSinks(ps []ParamSink) {
	sort.Slice(ps, func(i, j int) bool {
		if ps[i].Param != ps[j].Param {
			return ps[i].Param < ps[j].Param
		}
		return ps[i].Check < ps[j].Check
	})
}

func sortNil(n *NilSummary) {
	sortFlows(n.Flows)
	sortSinks(n.Sinks)
	sort.Slice(n.Results, func(i, j int) bool {
		a, b := n.Results[i], n.Results[j]
		if a.Result != b.Result {
			return a.Result < b.Result
		}
		return !a.WithError && b.WithError
	})
}

func sortTaint(t *TaintSummary) {
	sortFlows(t.Flows)
	sortSinks(t.Sinks)
	sort.Slice(t.Results, func(i, j int) bool { return t.Results[i].Result < t.Results[j].Result })
}
