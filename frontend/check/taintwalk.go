package check

import (
	"context"
	"go/types"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/frontend"
)

// The taint check's walk over function bodies (sources, sinks, models)
// runs on several goroutines, in chunks of consecutive functions, and its
// results are merged in order, as if one pass had walked the functions in
// order. While workers walk, the flow graph is only read: a value the
// walk needs a vertex for that the graph lacks (a guarded copy, a value
// no flow edge had needed) gets a provisional number (provBit set), and
// the merge makes the vertex then, in the order a single pass would have.

// provBit marks a provisional vertex number of a walk chunk.
const provBit = 1 << 31

// taintView finds vertices for a worker (see FlowGraph.leaves, Use).
type taintView struct {
	g      *FlowGraph
	facts  *funcFacts
	prov   []vkey // provisional vertex i is prov[i]'s
	provOf map[vkey]uint32
	hubAt  map[uint32]ssa.CallInstruction // the call of provisional hub i (tainthub.go)
	hubKey map[uint32]string              // the cell set of provisional shared hub i
	hubOf  map[string]uint32              // the provisional shared hub of a cell set
	arena  vertexArena                    // leaves' results are cut from it
}

func (t *taintRun) value(v ssa.Value) []uint32 {
	if t.view == nil {
		return t.g.Value(v)
	}
	return t.view.leaves(v, -1, false)
}

func (t *taintRun) component(v ssa.Value, i int) []uint32 {
	if t.view == nil {
		return t.g.Component(v, i)
	}
	return t.view.leaves(v, i, false)
}

func (t *taintRun) use(v ssa.Value, instr ssa.Instruction) []uint32 {
	if t.view == nil {
		return t.g.Use(v, instr)
	}
	f := t.view.facts
	return t.view.leaves(v, -1, f.guarded(v, instr.Block(), nil) || f.derefd(v, instr, nil) || f.errPaired(v, instr))
}

func (t *taintRun) hasValue(v ssa.Value) bool {
	if t.view == nil {
		return t.g.hasValue(v)
	}
	k := vkey{v, -1, -1, false}
	if _, ok := t.view.g.lookupRO(v, &k, true); ok {
		return true
	}
	_, ok := t.view.provOf[k]
	return ok
}

// callResults is FlowGraph.callResults.
func (t *taintRun) callResults(res ssa.Value, k int) []uint32 {
	if t.view == nil {
		return t.g.callResults(res, k)
	}
	if res == nil {
		return nil
	}
	if _, ok := res.Type().(*types.Tuple); ok {
		return t.component(res, k)
	}
	return t.value(res)
}

// leaves is FlowGraph.leaves without changing the graph.
func (w *taintView) leaves(v ssa.Value, comp int, guarded bool) []uint32 {
	return leavesOf(w, v, comp, guarded)
}

func (w *taintView) cut(n int) []uint32 { return w.arena.cut(n) }

// vertex is the vertex of the key (v, comp, field, guarded), or its
// provisional number. A guarded copy's unguarded vertex is asked for
// first, as FlowGraph.vertex makes it first.
func (w *taintView) vertex(v ssa.Value, comp, field int, guarded bool) uint32 {
	k := vkey{v, int32(comp), int32(field), guarded}
	if id, ok := w.g.lookupRO(v, &k, comp < 0 && field < 0 && !guarded); ok {
		return id
	}
	if p, ok := w.provOf[k]; ok {
		return p
	}
	if guarded {
		w.vertex(v, comp, field, false)
	}
	p := uint32(len(w.prov)) | provBit
	w.prov = append(w.prov, k)
	w.provOf[k] = p
	return p
}

// walkChunk is what a worker's walk of a chunk of functions found, in its
// provisional vertex numbers and its own numbering of infos and source
// descriptions.
type walkChunk struct {
	prov      []vkey
	hubAt     map[uint32]ssa.CallInstruction
	hubKey    map[uint32]string
	edges     []modelEdge
	infos     []EdgeInfo
	descs     []string
	sinkSites []taintSink
	sanOrder  []ssa.CallInstruction
	sanAt     map[ssa.CallInstruction][]*Sanitizer
	sanEdges  map[ssa.CallInstruction][]modelEdge
	skipSite  map[ssa.CallInstruction]bool
	guards    map[*ssa.Function][]validGuard
	srcNames  map[string]string
	err       error
}

// walkChunkSize is the number of functions a worker walks at a time.
var walkChunkSize = 64

// walk finds the sources, sinks and model edges of every function outside
// the standard library, on threads goroutines.
func (t *taintRun) walk(ctx context.Context, threads int) error {
	funcs := t.g.Funcs
	nchunks := (len(funcs) + walkChunkSize - 1) / walkChunkSize
	chunks := make([]walkChunk, nchunks)
	facts := make([]*funcFacts, max(1, min(threads, nchunks)))
	var next atomic.Int64
	var wg sync.WaitGroup
	for i := range facts {
		facts[i] = newFuncFactsOver(t.g.funcFacts)
		w := t.worker(facts[i])
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				c := int(next.Add(1) - 1)
				if c >= nchunks {
					return
				}
				w.walkChunk(ctx, funcs[c*walkChunkSize:min((c+1)*walkChunkSize, len(funcs))], &chunks[c])
			}
		}()
	}
	wg.Wait()
	for _, f := range facts {
		t.g.funcFacts.absorb(f)
	}
	// The merged lists are made once at their size: the edges are a few
	// hundred thousand (garbage collected over the analysis' live heap).
	ne, ni := 0, 0
	for c := range chunks {
		ne += len(chunks[c].edges)
		ni += len(chunks[c].infos)
		for _, es := range chunks[c].sanEdges {
			ne += len(es) // for Run, which appends them
		}
	}
	t.edges = make([]modelEdge, 0, ne)
	t.infos = make([]EdgeInfo, 0, ni)
	for c := range chunks {
		if err := chunks[c].err; err != nil {
			return err
		}
		t.merge(&chunks[c])
		chunks[c] = walkChunk{}
	}
	return nil
}

// worker returns a copy of t that shares its models and tables and walks
// into outputs of its own.
func (t *taintRun) worker(facts *funcFacts) *taintRun {
	w := *t
	w.stdMemo = map[*ssa.Package]bool{}
	w.fnNames = map[*ssa.Function][]string{}
	w.xssMemo = nil
	w.users = nil
	w.passMemo = nil
	w.view = &taintView{g: t.g, facts: facts}
	return &w
}

// walkChunk walks funcs into c.
func (w *taintRun) walkChunk(ctx context.Context, funcs []*ssa.Function, c *walkChunk) {
	w.edges, w.infos, w.descs, w.sinkSites, w.sanOrder = nil, nil, nil, nil, nil
	w.descIDs = map[string]int32{}
	w.sanAt = map[ssa.CallInstruction][]*Sanitizer{}
	w.sanEdges = map[ssa.CallInstruction][]modelEdge{}
	w.skipSite = map[ssa.CallInstruction]bool{}
	w.guards = map[*ssa.Function][]validGuard{}
	w.srcNames = map[string]string{}
	w.view.prov, w.view.provOf, w.view.hubAt = nil, map[vkey]uint32{}, nil
	w.view.hubKey, w.view.hubOf = nil, nil
	var cur *ssa.Function
	defer frontend.Catch("taint walk", &cur, &c.err)
	for _, fn := range funcs {
		if err := ctx.Err(); err != nil {
			c.err = err
			return
		}
		if !w.std(fn) {
			cur = fn
			w.function(fn)
		}
	}
	*c = walkChunk{prov: w.view.prov, hubAt: w.view.hubAt, hubKey: w.view.hubKey, edges: w.edges, infos: w.infos, descs: w.descs, sinkSites: w.sinkSites,
		sanOrder: w.sanOrder, sanAt: w.sanAt, sanEdges: w.sanEdges, skipSite: w.skipSite, guards: w.guards, srcNames: w.srcNames}
}

// merge adds a chunk's findings to t's, making its provisional vertices.
func (t *taintRun) merge(c *walkChunk) {
	ids := make([]uint32, len(c.prov))
	var dup map[uint32]bool // shared hubs an earlier chunk made: their in-edges are there
	for i, k := range c.prov {
		if k.v == nil {
			key, shared := c.hubKey[uint32(i)]
			if id, ok := t.cellHubs[key]; shared && ok {
				ids[i] = id
				if dup == nil {
					dup = map[uint32]bool{}
				}
				dup[uint32(i)|provBit] = true
				continue
			}
			ids[i] = t.g.newVertex(hubVertex(c.hubAt[uint32(i)]))
			if shared {
				if t.cellHubs == nil {
					t.cellHubs = map[string]uint32{}
				}
				t.cellHubs[key] = ids[i]
			}
			continue
		}
		ids[i] = t.g.vertex(k.v, int(k.comp), int(k.field), k.guarded)
	}
	vx := func(v uint32) uint32 {
		if v&provBit != 0 {
			return ids[v&^provBit]
		}
		return v
	}
	descs := make([]int32, len(c.descs))
	for i, d := range c.descs {
		id, ok := t.descIDs[d]
		if !ok {
			id = int32(len(t.descs))
			t.descs = append(t.descs, d)
			t.descIDs[d] = id
		}
		descs[i] = id
	}
	base := uint32(len(t.infos))
	t.infos = append(t.infos, c.infos...)
	edge := func(e modelEdge) modelEdge {
		e.src, e.dst, e.info = vx(e.src), vx(e.dst), e.info+base
		if e.desc >= 0 {
			e.desc = descs[e.desc]
		}
		return e
	}
	for _, e := range c.edges {
		if dup[e.dst] {
			continue
		}
		t.edges = append(t.edges, edge(e))
	}
	for _, s := range c.sinkSites {
		for i, v := range s.values {
			s.values[i] = vx(v)
		}
		for i, v := range s.cells {
			s.cells[i] = vx(v)
		}
		t.sinkSites = append(t.sinkSites, s)
	}
	for _, site := range c.sanOrder {
		t.sanOrder = append(t.sanOrder, site)
		t.sanAt[site] = c.sanAt[site]
		es := c.sanEdges[site]
		for i := range es {
			es[i] = edge(es[i])
		}
		t.sanEdges[site] = es
	}
	for site := range c.skipSite {
		t.skipSite[site] = true
	}
	for fn, gs := range c.guards {
		t.guards[fn] = append(t.guards[fn], gs...)
	}
	for d, n := range c.srcNames {
		t.srcNames[d] = n
	}
}

// lookupRO is lookup without changing the graph (the last function's
// cache included), for workers reading it side by side.
func (g *FlowGraph) lookupRO(v ssa.Value, k *vkey, plain bool) (uint32, bool) {
	var x *valueIDs
	if ownValue(v) {
		x = g.ids[v.Parent()]
	}
	return g.lookupIn(x, v, k, plain)
}
