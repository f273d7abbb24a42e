package check

import (
	"context"
	"fmt"
	"sort"

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
// edges, with witnesses.
type Solved struct {
	g     *FlowGraph
	res   *edgecentric.Result
	edges []graph.Edge // the solved graph's edges: the flow graph's kept ones, then the sources
	info  []EdgeInfo
	descs map[int]string // source edge descriptions, by edge number
	bySrc []int32        // edge numbers sorted by source, for witness lookups
	wf    *edgecentric.WitnessFinder
	reach map[int]map[uint32]bool
	glab  *graph.Graph
}

// Solve solves the check grammar gr over the flow graph without the edges
// skip rejects (nil: keep all), plus sources. name labels the solve in
// Stats.
func (g *FlowGraph) Solve(ctx context.Context, name string, gr *grammar.Grammar, sources []SourceEdge, skip func(i int, e graph.Edge) bool, threads int) (*Solved, error) {
	sg := graph.New()
	for _, l := range g.Labels {
		sg.Label(l)
	}
	sg.NumVertices = g.NumVertices
	sv := &Solved{g: g, descs: map[int]string{}, glab: sg}
	if skip == nil {
		sg.Edges = make([]graph.Edge, 0, len(g.Edges)+len(sources))
		sg.Edges = append(sg.Edges, g.Edges...)
		sv.info = append(make([]EdgeInfo, 0, len(g.Info)+len(sources)), g.Info...)
	} else {
		for i, e := range g.Edges {
			if !skip(i, e) {
				sg.Edges = append(sg.Edges, e)
				sv.info = append(sv.info, g.Info[i])
			}
		}
	}
	for _, s := range sources {
		idx := s.Index
		if !graph.IsIndexedLabel(s.Label) {
			idx = graph.NoIndex
		}
		sg.AddEdge(s.Src, s.Dst, s.Label, idx)
		if s.Desc != "" {
			sv.descs[len(sv.info)] = s.Desc
		}
		sv.info = append(sv.info, s.Info)
	}
	sv.edges = sg.Edges
	res, err := edgecentric.Solve(ctx, sg, gr, &edgecentric.Options{Threads: threads})
	if err != nil {
		return nil, fmt.Errorf("solving the %s graph: %w", name, err)
	}
	sv.res = res
	g.mu.Lock()
	g.derived[name] = res.CountEdges()
	g.mu.Unlock()
	return sv, nil
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
		s.reach = map[int]map[uint32]bool{}
	}
	m, ok := s.reach[id]
	if !ok {
		m = map[uint32]bool{}
		s.res.ForEach(id, func(e edgecentric.Edge) {
			if e.Src == Root {
				m[e.Dst] = true
			}
		})
		s.reach[id] = m
	}
	return m[v]
}

// Witness returns the steps of a shortest flow from a source to v that
// sym derives.
func (s *Solved) Witness(sym string, v uint32) ([]Step, error) {
	id, ok := s.res.Grammar().Lookup(sym)
	if !ok {
		return nil, fmt.Errorf("no symbol %s", sym)
	}
	if s.wf == nil {
		s.wf = s.res.Witnesses()
		s.bySrc = make([]int32, len(s.edges))
		for i := range s.bySrc {
			s.bySrc[i] = int32(i)
		}
		sort.SliceStable(s.bySrc, func(a, b int) bool { return s.edges[s.bySrc[a]].Src < s.edges[s.bySrc[b]].Src })
	}
	path, err := s.wf.Witness(Root, v, id, graph.NoIndex)
	if err != nil {
		return nil, err
	}
	wg := s.wf.Grammar()
	var steps []Step
	for _, e := range path {
		lid, ok := s.glab.LookupLabel(wg.Name(e.Sym))
		if !ok {
			continue
		}
		k := s.find(e.Src, e.Dst, lid, e.Index)
		if k < 0 {
			continue
		}
		st, ok := s.step(k)
		if !ok {
			continue
		}
		if n := len(steps); n > 0 && steps[n-1] == st {
			continue
		}
		steps = append(steps, st)
	}
	return steps, nil
}

// find returns the number of an edge of the solved graph.
func (s *Solved) find(src, dst, label, index uint32) int {
	i := sort.Search(len(s.bySrc), func(i int) bool { return s.edges[s.bySrc[i]].Src >= src })
	for ; i < len(s.bySrc); i++ {
		k := s.bySrc[i]
		e := s.edges[k]
		if e.Src != src {
			break
		}
		if e.Dst == dst && e.Label == label && e.Index == index {
			return int(k)
		}
	}
	return -1
}

// step describes edge k as a witness step.
func (s *Solved) step(k int) (Step, bool) {
	e, info := s.edges[k], s.info[k]
	g := s.g
	pos := info.Pos
	if !pos.IsValid() {
		pos = g.Vertices[e.Dst].Pos
	}
	if d, ok := s.descs[k]; ok {
		return Step{Pos: g.Position(pos), Desc: d}, pos.IsValid()
	}
	if e.Src == Root || !pos.IsValid() {
		return Step{}, false
	}
	label := s.glab.Labels[e.Label]
	subject := ""
	if g.Vertices[e.Src].Kind == VNil {
		subject = "nil "
	}
	dst := g.Describe(e.Dst)
	var d string
	switch label {
	case LabelAssign:
		if g.Vertices[e.Dst].Kind == VReturn {
			d = "returned from " + funcShort(g.Vertices[e.Dst].Func)
		} else {
			d = "assigned to " + dst
		}
	case LabelCall:
		d = "passed to " + funcShort(info.Callee) + " as " + dst
	case LabelICall:
		d = "receiver of " + funcShort(info.Callee)
	case LabelRet:
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
