package check

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/cflr/cflr/edgecentric"
	"github.com/cflr/cflr/grammar"
	"github.com/cflr/cflr/graph"
)

// SourceEdge is an edge a check adds from Root: where its sources enter
// the value-flow graph.
type SourceEdge struct {
	// Src is Root (the zero value) for a source; a check may also add
	// edges between other vertices (taint's models of library calls).
	Src   uint32
	Dst   uint32
	Label string // a terminal of the check's grammar ("nil", "src", ...)
	Index uint32 // graph.NoIndex unless Label is indexed
	// Pos and Desc are the source's witness step ("os.Getenv called");
	// an empty Desc gives no step (the next edge says it all).
	Info EdgeInfo
	Desc string
}

// Solved is one check's closure over the value-flow graph plus its source
// edges, with witnesses. It answers for flows from Root only.
type Solved struct {
	g     *FlowGraph
	res   *edgecentric.Result
	edges []graph.Edge // the solved graph's edges: the flow graph's kept ones, then the sources kept
	// local lists, in increasing order, the flow graph's vertices the
	// solved edges touch (and Root): the solved graph numbers them
	// 0, 1, ..., and ledges are the edges so numbered.
	local  []uint32
	ledges []graph.Edge
	// orig is, per solved edge, the number of the flow graph's edge it is
	// (>= 0), or -1-k for sources[k].
	orig     []int32
	sources  []SourceEdge
	describe func(*SourceEdge) string
	// srcStart and bySrc list the solved edges by source vertex (in edge
	// order within a source), for witness lookups.
	srcStart []int32
	bySrc    []int32
	wf       *edgecentric.WitnessFinder
	reach    map[int][]uint64 // symbol → bitset of the vertices Root reaches by it
	glab     *graph.Graph
	derived  int64 // res.CountEdges()
	relabel  func(int, graph.Edge) string
}

// SolveOptions says which edges FlowGraph.Solve leaves out and how
// witnesses describe the sources' edges.
type SolveOptions struct {
	// Skip, when non-nil, leaves out edge i of the flow graph.
	Skip func(i int, e graph.Edge) bool
	// Edges, when non-nil, lists in increasing order the only edges of
	// the flow graph the solve may keep (Skip is asked about these
	// alone): several solves over one part of the graph scan it once.
	Edges []int32
	// SkipSource, when non-nil, leaves out sources[k]: several solves
	// can share one slice of sources.
	SkipSource func(k int) bool
	// Targets, when non-nil, are the only vertices the check asks
	// Reaches and Witness about: edges on no path from Root to one of
	// them are left out of the solve.
	Targets []uint32
	// Describe, when non-nil, describes a source edge that has no Desc
	// but a call site (Info.Site), for witness steps: called only for
	// the edges that witnesses use.
	Describe func(*SourceEdge) string
	// Relabel, when non-nil, gives flow edge i a label of the check's
	// own (nilflow's sret_i, nilsources.go) in place of its label, or
	// "" to keep it. Re-solves over part of the edges (Edges) pass the
	// first solve's Relabel on (Solved.Relabel).
	Relabel func(i int, e graph.Edge) string
	// Threads is the solver's parallelism.
	Threads int
}

// Solve solves the check grammar gr over the flow graph plus sources,
// without the edges opts.Skip rejects. name labels the solve in Stats.
//
// Only flows from Root are asked for (Reaches, Witness), so the solve
// leaves out the edges that no path from Root reaches (and, with
// opts.Targets, those from which no target is reached): no derivation of
// an edge from Root to a target uses them, so the closure edges asked for
// and their witnesses do not change. On a whole program most of the graph
// is code that no nil or source reaches.
func (g *FlowGraph) Solve(ctx context.Context, name string, gr *grammar.Grammar, sources []SourceEdge, opts *SolveOptions) (*Solved, error) {
	if opts == nil {
		opts = &SolveOptions{}
	}
	sg := graph.New()
	for _, l := range g.Labels {
		sg.Label(l)
	}
	// Candidates: the flow edges not skipped, then the sources not
	// skipped (whose labels are added in order, pruned or not).
	nf := len(g.Edges)
	if opts.Edges != nil {
		nf = len(opts.Edges)
	}
	flowKept := make([]int32, 0, nf)
	for k := range nf {
		i := int32(k)
		if opts.Edges != nil {
			i = opts.Edges[k]
		}
		if opts.Skip == nil || !opts.Skip(int(i), g.Edges[i]) {
			flowKept = append(flowKept, i)
		}
	}
	n := g.NumVertices
	var srcKept []int32
	srcLabel := make([]uint32, len(sources))
	for k := range sources {
		if opts.SkipSource != nil && opts.SkipSource(k) {
			continue
		}
		s := &sources[k]
		srcKept = append(srcKept, int32(k))
		srcLabel[k] = sg.Label(s.Label)
		n = max(n, s.Src+1, s.Dst+1)
	}
	sg.NumVertices = n
	nc := len(flowKept) + len(srcKept)
	cand := func(c int) (src, dst uint32, ok bool) {
		if c < len(flowKept) {
			e := &g.Edges[flowKept[c]]
			return e.Src, e.Dst, true
		}
		s := &sources[srcKept[c-len(flowKept)]]
		return s.Src, s.Dst, true
	}
	keep := make([]bool, nc)
	if prunable(gr) && !exhaustive {
		fwd := reachFrom(int(n), nc, cand, []uint32{Root}, false, nil)
		var bwd []bool
		if opts.Targets != nil {
			bwd = reachFrom(int(n), nc, cand, opts.Targets, true, fwd)
		}
		for c := range keep {
			src, dst, _ := cand(c)
			keep[c] = fwd[src] && (bwd == nil || bwd[dst])
		}
	} else {
		for c := range keep {
			keep[c] = true
		}
	}
	// Of edges with the same ends, label and index, the engine stores
	// one and witnesses describe the first (find): the later ones are
	// left out (taint's models of calls that read and write many cells
	// repeat half their edges).
	nk := 0
	for _, k := range keep {
		if k {
			nk++
		}
	}
	flowEdge := func(i int32) graph.Edge {
		e := g.Edges[i]
		if opts.Relabel != nil {
			if l := opts.Relabel(int(i), e); l != "" {
				e.Label = sg.Label(l)
			}
		}
		return e
	}
	seen := make(map[graph.Edge]struct{}, nk)
	m := 0
	for c, k := range keep {
		if !k {
			continue
		}
		var e graph.Edge
		if c < len(flowKept) {
			e = flowEdge(flowKept[c])
		} else {
			k := srcKept[c-len(flowKept)]
			e = graph.Edge{Src: sources[k].Src, Dst: sources[k].Dst, Label: srcLabel[k], Index: srcIndex(&sources[k])}
		}
		if _, dup := seen[e]; dup && !exhaustive {
			keep[c] = false
			continue
		}
		seen[e] = struct{}{}
		m++
	}
	seen = nil
	sv := &Solved{g: g, sources: sources, describe: opts.Describe, glab: sg, relabel: opts.Relabel}
	sg.Edges = make([]graph.Edge, 0, m)
	sv.orig = make([]int32, 0, m)
	for c, i := range flowKept {
		if keep[c] {
			sg.Edges = append(sg.Edges, flowEdge(i))
			sv.orig = append(sv.orig, i)
		}
	}
	for c, k := range srcKept {
		if keep[len(flowKept)+c] {
			s := &sources[k]
			sg.Edges = append(sg.Edges, graph.Edge{Src: s.Src, Dst: s.Dst, Label: srcLabel[k], Index: srcIndex(s)})
			sv.orig = append(sv.orig, -1-k)
		}
	}
	sv.edges = sg.Edges
	// The solve numbers only the vertices its edges touch, in the same
	// order: the engine and the witness tables take memory and time per
	// vertex, and most vertices are left out. Numbers in the same order
	// give the same closure and the same witnesses (their ties are
	// broken by the order of vertex numbers).
	toLocal := make([]uint32, n)
	for i := range toLocal {
		toLocal[i] = noLocal
	}
	toLocal[Root] = 0
	if exhaustive {
		clear(toLocal) // every vertex, numbered as in the flow graph
	}
	for _, e := range sg.Edges {
		toLocal[e.Src], toLocal[e.Dst] = 0, 0
	}
	for v := range toLocal {
		if toLocal[v] == 0 {
			toLocal[v] = uint32(len(sv.local))
			sv.local = append(sv.local, uint32(v))
		}
	}
	sv.ledges = make([]graph.Edge, len(sg.Edges))
	for k, e := range sg.Edges {
		sv.ledges[k] = graph.Edge{Src: toLocal[e.Src], Dst: toLocal[e.Dst], Label: e.Label, Index: e.Index}
	}
	toLocal = nil
	lg := &graph.Graph{NumVertices: uint32(len(sv.local)), Edges: sv.ledges, Labels: sg.Labels}
	res, err := edgecentric.Solve(ctx, lg, gr, &edgecentric.Options{Threads: opts.Threads})
	if err != nil {
		return nil, fmt.Errorf("solving the %s graph: %w", name, err)
	}
	sv.res = res
	sv.derived = res.CountEdges()
	g.mu.Lock()
	g.derived[name] = sv.derived
	g.mu.Unlock()
	return sv, nil
}

const noLocal = ^uint32(0)

// Relabel is the Relabel the solve was made with, for re-solves over its
// edges.
func (s *Solved) Relabel() func(int, graph.Edge) string { return s.relabel }

// toLocal is v's number in the solved graph.
func (s *Solved) toLocal(v uint32) (uint32, bool) {
	i, ok := slices.BinarySearch(s.local, v)
	return uint32(i), ok
}

// srcIndex is s's index as the solved graph has it.
func srcIndex(s *SourceEdge) uint32 {
	if !graph.IsIndexedLabel(s.Label) {
		return graph.NoIndex
	}
	return s.Index
}

// exhaustive turns off what the checks leave out because it cannot change
// findings (edges on no path from Root to a target, dead-end address
// vertices), for the tests that compare findings with and without.
var exhaustive = false

// prunable reports whether a solve under gr may leave out edges that no
// path from Root reaches: no symbol reads edges backwards.
func prunable(gr *grammar.Grammar) bool {
	for s := range gr.Symbols {
		if strings.HasPrefix(gr.Name(s), "-") {
			return false
		}
		if _, rev := gr.ReversedNonterminal(s); rev {
			return false
		}
	}
	return true
}

// reachFrom marks the vertices (of n) that the m edges cand lists (those
// it says ok) reach from seeds, following them backwards when back is
// set, and then only through edges whose source within is true.
func reachFrom(n, m int, cand func(int) (src, dst uint32, ok bool), seeds []uint32, back bool, within []bool) []bool {
	start := make([]int32, n+1)
	for c := 0; c < m; c++ {
		src, dst, ok := cand(c)
		if !ok || within != nil && !within[src] {
			continue
		}
		if back {
			src = dst
		}
		start[src+1]++
	}
	for v := 0; v < n; v++ {
		start[v+1] += start[v]
	}
	adj := make([]uint32, start[n])
	fill := make([]int32, n)
	copy(fill, start[:n])
	for c := 0; c < m; c++ {
		src, dst, ok := cand(c)
		if !ok || within != nil && !within[src] {
			continue
		}
		if back {
			src, dst = dst, src
		}
		adj[fill[src]] = dst
		fill[src]++
	}
	fill = nil
	seen := make([]bool, n)
	var work []uint32
	for _, v := range seeds {
		if int(v) < n && !seen[v] {
			seen[v] = true
			work = append(work, v)
		}
	}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		for _, w := range adj[start[v]:start[v+1]] {
			if !seen[w] {
				seen[w] = true
				work = append(work, w)
			}
		}
	}
	return seen
}

func (g *FlowGraph) lastDerived(name string) int64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.derived[name]
}

// Result is the engine's closure.
func (s *Solved) Result() *edgecentric.Result { return s.res }

// Reaches reports whether the closure holds sym(Root, v): a source of the
// check reaches v.
func (s *Solved) Reaches(sym string, v uint32) bool {
	id, ok := s.res.Grammar().Lookup(sym)
	if !ok {
		return false
	}
	if s.reach == nil {
		s.reach = map[int][]uint64{}
	}
	set, ok := s.reach[id]
	if !ok {
		set = make([]uint64, (s.res.NumVertices()+63)/64)
		s.res.ForEach(id, func(e edgecentric.Edge) {
			if e.Src == Root {
				set[e.Dst/64] |= 1 << (e.Dst % 64)
			}
		})
		s.reach[id] = set
	}
	lv, ok := s.toLocal(v)
	return ok && set[lv/64]&(1<<(lv%64)) != 0
}

// Witness returns the steps of a shortest flow from a source to v that
// sym derives.
func (s *Solved) Witness(sym string, v uint32) ([]Step, error) {
	ks, err := s.witnessEdges(sym, v)
	if err != nil {
		return nil, err
	}
	return s.stepsOf(ks), nil
}

// witnessEdges returns a shortest flow from a source to v that sym
// derives, as the numbers of the solved graph's edges it takes, in order.
func (s *Solved) witnessEdges(sym string, v uint32) (ks []int, err error) {
	id, ok := s.res.Grammar().Lookup(sym)
	if !ok {
		return nil, fmt.Errorf("no symbol %s", sym)
	}
	if s.wf == nil {
		s.wf = s.res.Witnesses()
		// By source, in edge order within a source (a counting sort).
		n := s.res.NumVertices()
		s.srcStart = make([]int32, n+1)
		for _, e := range s.ledges {
			s.srcStart[e.Src+1]++
		}
		for v := uint32(0); v < n; v++ {
			s.srcStart[v+1] += s.srcStart[v]
		}
		s.bySrc = make([]int32, len(s.ledges))
		fill := append([]int32(nil), s.srcStart[:n]...)
		for k, e := range s.ledges {
			s.bySrc[fill[e.Src]] = int32(k)
			fill[e.Src]++
		}
	}
	lv, ok := s.toLocal(v)
	if !ok {
		return nil, fmt.Errorf("%s: vertex %d is on no flow from a source: %w", sym, v, edgecentric.ErrNotInClosure)
	}
	path, err := s.wf.Witness(Root, lv, id, graph.NoIndex)
	if err != nil {
		return nil, err
	}
	wg := s.wf.Grammar()
	for _, e := range path {
		lid, ok := s.glab.LookupLabel(wg.Name(e.Sym))
		if !ok {
			continue
		}
		if k := s.find(e.Src, e.Dst, lid, e.Index); k >= 0 {
			ks = append(ks, k)
		}
	}
	return ks, nil
}

// stepsOf describes the solved edges ks (a witness) as witness steps.
func (s *Solved) stepsOf(ks []int) []Step {
	var steps []Step
	for _, k := range ks {
		st, ok := s.step(k)
		if !ok {
			continue
		}
		if n := len(steps); n > 0 && steps[n-1] == st {
			continue
		}
		steps = append(steps, st)
	}
	return steps
}

// find returns the number of an edge of the solved graph (src and dst
// in its numbering).
func (s *Solved) find(src, dst, label, index uint32) int {
	if int(src)+1 >= len(s.srcStart) {
		return -1
	}
	for _, k := range s.bySrc[s.srcStart[src]:s.srcStart[src+1]] {
		e := s.ledges[k]
		if e.Dst == dst && e.Label == label && e.Index == index {
			return int(k)
		}
	}
	return -1
}

// info is where solved edge k's flow happens, and its source edge (nil
// for an edge of the flow graph).
func (s *Solved) info(k int) (EdgeInfo, *SourceEdge) {
	if o := s.orig[k]; o >= 0 {
		return *s.g.InfoAt(int(o)), nil
	}
	src := &s.sources[-1-s.orig[k]]
	return src.Info, src
}

// step describes edge k as a witness step.
func (s *Solved) step(k int) (Step, bool) {
	e := s.edges[k]
	info, src := s.info(k)
	g := s.g
	pos := info.Pos
	if !pos.IsValid() {
		pos = g.VertexAt(e.Dst).Pos
	}
	if src != nil {
		if g.VertexAt(e.Dst).Kind == VTemp {
			return Step{}, false // into a model's hub: the step out says it (tainthub.go)
		}
		d := src.Desc
		if d == "" && src.Info.Site != nil && s.describe != nil {
			d = s.describe(src)
		}
		if d != "" {
			return Step{Pos: g.Position(pos), Desc: d}, pos.IsValid()
		}
	}
	if e.Src == Root || !pos.IsValid() {
		return Step{}, false
	}
	label := s.glab.Labels[e.Label]
	subject := ""
	if g.VertexAt(e.Src).Kind == VNil {
		subject = "nil "
	}
	dst := g.Describe(e.Dst)
	var d string
	switch label {
	case LabelAssign, labelSAssign:
		if g.VertexAt(e.Dst).Kind == VReturn {
			d = "returned from " + funcShort(g.VertexAt(e.Dst).Func)
		} else {
			d = "assigned to " + dst
		}
	case labelParamRet:
		d = "returned as nil from " + funcShort(g.VertexAt(e.Dst).Func) + ", where " + g.Describe(e.Src) + " is nil"
	case LabelCall:
		d = "passed to " + funcShort(info.Callee) + " as " + dst
	case LabelICall:
		d = "receiver of " + funcShort(info.Callee)
	case LabelRet, labelSRet:
		d = "returned by " + funcShort(info.Callee) + " into " + dst
	case LabelStore:
		d = "stored into " + dst
	case LabelLoad:
		d = "loaded into " + dst + " from " + g.Describe(e.Src)
	case LabelBox:
		d = "wrapped in interface " + dst
	case LabelUnbox:
		d = "taken out of interface into " + dst
	case LabelGuard:
		return Step{}, false
	default:
		d = "flows into " + dst
	}
	return Step{Pos: g.Position(pos), Desc: subject + d}, true
}
