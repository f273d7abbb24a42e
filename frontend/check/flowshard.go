package check

import (
	"go/ast"
	"go/types"
	"os"
	"runtime"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/frontend"
	"github.com/cflr/cflr/graph"
)

// The value-flow graph is built in two steps, so that function bodies are
// translated side by side and the graph is still the one a single pass
// over them in order makes (vertex and edge numbers included: witnesses
// break ties by them).
//
//  1. Workers translate chunks of consecutive functions (flowBuilder).
//     A chunk numbers the vertices it names provisionally, in the order
//     it first names them, and logs what it would have done to the
//     graph: the vertices it made (a value, a nil, a temporary) and those
//     it looked up (parameters, globals and other values other bodies
//     name too, heap cells, results of functions), the edges, nil
//     sources and sinks, names from debug references.
//  2. The merge replays the chunks' logs in order: a vertex looked up is
//     made where the graph lacks it (as a single pass would have made it
//     at that point), the others are appended; call sites and the heap
//     fields Build never met are numbered; the names, and the nil sinks'
//     descriptions, which read them, are given in instruction order.
//
// A chunk's values keep their provisional numbers in their maps
// (valueIDs), which the merge's table turns into vertices: making the
// maps, most of a translation's work, is done by the workers.

// chunkSize is the number of functions a worker translates at a time
// (a variable for tests).
var chunkSize = 32

// chunkLog is what translating a chunk of functions did to the graph, in
// provisional vertex numbers (indices of verts).
type chunkLog struct {
	ids    *[]uint32 // provisional number → vertex, filled by the merge; the chunk's valueIDs share it
	verts  []pvert
	edges  []pedge
	names  []nameEv
	sinks  []sinkEv
	srcs   []NilSource // V provisional
	fields []*types.Var
	fns    []*ssa.Function // functions whose values have vertices, with own
	own    []*valueIDs
	nsites uint32
	err    error // a panic while translating the chunk (frontend.InternalError)
}

// reset empties lg for another chunk, keeping its buffers.
func (lg *chunkLog) reset() {
	clear(lg.names) // drop references for the collector
	clear(lg.sinks)
	clear(lg.fns)
	clear(lg.own)
	*lg = chunkLog{verts: lg.verts[:0], edges: lg.edges[:0], names: lg.names[:0], sinks: lg.sinks[:0],
		srcs: lg.srcs[:0], fields: lg.fields[:0], fns: lg.fns[:0], own: lg.own[:0]}
}

// Kinds of provisional vertices.
const (
	pvNew    uint8 = iota // a vertex of its own (v)
	pvShared              // the vertex of the key v.Value, v.Index (comp), v.Field, v.Kind == VGuarded: made if new
	pvHeap                // heap cell (v.Obj, v.HeapField): made if new
	pvRets                // the first of the n result vertices of fn: made if new
	pvRest                // one of those after the first
)

type pvert struct {
	kind  uint8
	fresh bool // set by the merge: pvShared made there
	n     int32
	fn    *ssa.Function
	v     Vertex
}

// Flags of provisional edges.
const (
	peSite    uint8 = 1 << iota // index is a call site number within the chunk
	peIfFresh                   // a guard edge, only if the merge made dst
)

type pedge struct {
	src, dst uint32
	index    uint32
	label    string
	flags    uint8
	info     EdgeInfo
}

// nameEv names x (after a variable, replacing a name; or after an
// expression, unless named).
type nameEv struct {
	x    ssa.Value
	name string
	expr ast.Expr
}

// sinkEv is a nil sink; its description is made when the merge has given
// the names of the debug references before it (names[:nnames]).
type sinkEv struct {
	nnames int
	v      ssa.Value
	what   func() string
	sink   NilSink // V provisional
}

// provFieldBase tags provisional numbers of heap fields Build never met:
// provFieldBase+i is chunkLog.fields[i].
const provFieldBase = 1 << 31

// translate builds the graph's vertices and edges from the bodies of
// g.Funcs. A panic while translating a function is returned as a
// *frontend.InternalError naming it.
func (g *FlowGraph) translate(bodies map[*ssa.Function]bool, threads int) error {
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	nchunks := (len(g.Funcs) + chunkSize - 1) / chunkSize
	newBuilder := func() *flowBuilder {
		return &flowBuilder{g: g, bodies: bodies, facts: newFuncFactsOver(g.funcFacts)}
	}
	if threads < 2 || nchunks < 2 {
		b := newBuilder()
		lg := &chunkLog{}
		for c := range nchunks {
			b.chunk(c, lg)
			if lg.err != nil {
				return lg.err
			}
			g.merge(lg)
			lg.reset()
		}
		g.funcFacts.absorb(b.facts)
		return nil
	}
	// Workers take chunks in order; the merge follows them. A worker
	// stays at most a window of chunks ahead of the merge, whose logs it
	// reuses.
	logs := make([]*chunkLog, nchunks)
	done := make([]chan struct{}, nchunks)
	for c := range done {
		done[c] = make(chan struct{})
	}
	free := make(chan *chunkLog, 4*threads)
	for range cap(free) {
		free <- &chunkLog{}
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	builders := make([]*flowBuilder, threads)
	for w := range threads {
		b := newBuilder()
		builders[w] = b
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				lg := <-free
				c := int(next.Add(1) - 1)
				if c >= nchunks {
					return
				}
				b.chunk(c, lg)
				logs[c] = lg
				close(done[c])
			}
		}()
	}
	var err error
	for c := range logs {
		<-done[c]
		lg := logs[c]
		if err == nil {
			err = lg.err
		}
		if err != nil {
			// Drain: the workers finish their chunks, nothing is merged.
			logs[c] = nil
			lg.reset()
			free <- lg
			continue
		}
		g.merge(lg)
		logs[c] = nil
		lg.reset()
		free <- lg
	}
	wg.Wait()
	if err != nil {
		return err
	}
	for _, b := range builders {
		g.funcFacts.absorb(b.facts)
	}
	return nil
}

// newFuncFactsOver returns an empty set of facts that reads base's.
func newFuncFactsOver(base *funcFacts) *funcFacts {
	f := newFuncFacts()
	f.base = base
	return f
}

// chunk translates the functions of chunk c into lg.
func (b *flowBuilder) chunk(c int, lg *chunkLog) {
	b.log = lg
	// Maps per chunk: small, they stay in cache.
	if b.shared == nil {
		b.shared = map[vkey]uint32{}
		b.heap = map[hkey]uint32{}
		b.rets = map[*ssa.Function][][]uint32{}
		b.fields = map[*types.Var]uint32{}
	}
	clear(b.shared)
	clear(b.heap)
	clear(b.rets)
	clear(b.fields)
	lg.ids = new([]uint32)
	var cur *ssa.Function
	defer frontend.Catch("value-flow build", &cur, &lg.err)
	end := min((c+1)*chunkSize, len(b.g.Funcs))
	for _, fn := range b.g.Funcs[c*chunkSize : end] {
		cur = fn
		if panicIn != "" && fn.String() == panicIn {
			panic("injected by CFLR_PANIC_IN")
		}
		b.own = nil
		b.function(fn)
		if b.own != nil {
			lg.fns = append(lg.fns, fn)
			lg.own = append(lg.own, b.own)
		}
	}
	b.log = nil
}

// merge replays a chunk's log into the graph.
func (g *FlowGraph) merge(lg *chunkLog) {
	fields := make([]uint32, len(lg.fields))
	for i, f := range lg.fields {
		k, ok := g.fields[f]
		if !ok {
			if g.fields == nil {
				g.fields = map[*types.Var]uint32{}
			}
			k = uint32(localBase + len(g.fields))
			g.fields[f] = k
		}
		fields[i] = k
	}
	ids := make([]uint32, len(lg.verts))
	for p := range lg.verts {
		pv := &lg.verts[p]
		switch pv.kind {
		case pvNew:
			ids[p] = g.newVertex(pv.v)
		case pvShared:
			k := vkey{pv.v.Value, int32(pv.v.Index), int32(pv.v.Field), pv.v.Kind == VGuarded}
			id, ok := g.shared[k]
			if !ok {
				id = g.newVertex(valueVertex(k.v, int(k.comp), int(k.field), k.guarded))
				g.shared[k] = id
				pv.fresh = true
				g.foreignOwn = g.foreignOwn || ownValue(k.v)
			}
			ids[p] = id
		case pvHeap:
			f := pv.v.HeapField
			if f >= provFieldBase && f != starCell {
				f = fields[f-provFieldBase]
			}
			ids[p] = g.heapCell(pv.v.Obj, f)
		case pvRets:
			k := p
			for _, r := range g.returns(pv.fn) {
				for _, id := range r {
					ids[k] = id
					k++
				}
			}
		}
	}
	*lg.ids = ids
	for i, fn := range lg.fns {
		g.ids[fn] = lg.own[i]
	}
	for k := range lg.edges {
		e := &lg.edges[k]
		if e.flags&peIfFresh != 0 && !lg.verts[e.dst].fresh {
			continue
		}
		idx := e.index
		if e.flags&peSite != 0 {
			idx += g.nsites
		}
		g.addEdge(ids[e.src], ids[e.dst], e.label, idx, e.info)
	}
	g.nsites += lg.nsites
	for _, s := range lg.srcs {
		s.V = ids[s.V]
		g.NilSources = append(g.NilSources, s)
	}
	n := 0
	for k := range lg.sinks {
		s := &lg.sinks[k]
		for ; n < s.nnames; n++ {
			g.name(&lg.names[n])
		}
		sk := s.sink
		sk.V = ids[sk.V]
		sk.Expr = g.Name(s.v)
		sk.What = s.what()
		g.NilSinks = append(g.NilSinks, sk)
	}
	for ; n < len(lg.names); n++ {
		g.name(&lg.names[n])
	}
}

// name gives a debug reference's name.
func (g *FlowGraph) name(e *nameEv) {
	if e.expr == nil {
		g.names[e.x] = e.name
	} else if _, ok := g.names[e.x]; !ok {
		g.names[e.x] = types.ExprString(e.expr)
	}
}

// newVertex logs a vertex of its own.
func (b *flowBuilder) newVertex(v Vertex) uint32 {
	b.log.verts = append(grown(b.log.verts), pvert{kind: pvNew, v: v})
	return uint32(len(b.log.verts) - 1)
}

// addEdge logs an edge; call_i, icall_i and ret_i edges are numbered by
// call site (b.site).
func (b *flowBuilder) addEdge(src, dst uint32, label string, index uint32, info EdgeInfo) {
	var flags uint8
	switch label {
	case LabelCall, LabelICall, LabelRet:
		if index != graph.NoIndex {
			flags = peSite
		}
	}
	b.log.edges = append(grown(b.log.edges), pedge{src: src, dst: dst, index: index, label: label, flags: flags, info: info})
}

// site numbers call sites in the order they are met, within the chunk:
// each call instruction of the graph's functions (a list without
// repeats) is translated once.
func (b *flowBuilder) site() uint32 {
	b.log.nsites++
	return b.log.nsites - 1
}

// vertex is the provisional number of the key (v, comp, field, guarded),
// as FlowGraph.vertex.
func (b *flowBuilder) vertex(v ssa.Value, comp, field int, guarded bool) uint32 {
	plain := comp < 0 && field < 0 && !guarded
	k := vkey{v, int32(comp), int32(field), guarded}
	if ownValue(v) && v.Parent() == b.fn {
		x := b.own
		if x == nil {
			x = &valueIDs{vals: map[ssa.Value]int32{}, ids: b.log.ids}
			b.own = x
		}
		if plain {
			if s, ok := x.vals[v]; ok {
				return uint32(s)
			}
		} else if s, ok := x.xvals[k]; ok {
			return uint32(s)
		}
		var base uint32
		if guarded {
			base = b.vertex(v, comp, field, false)
		}
		id := b.newVertex(valueVertex(v, comp, field, guarded))
		if plain {
			x.vals[v] = int32(id)
		} else {
			if x.xvals == nil {
				x.xvals = map[vkey]int32{}
			}
			x.xvals[k] = int32(id)
		}
		if guarded {
			b.addEdge(base, id, LabelGuard, graph.NoIndex, EdgeInfo{Pos: posOf(v)})
		}
		return id
	}
	if id, ok := b.shared[k]; ok {
		return id
	}
	var base uint32
	if guarded {
		base = b.vertex(v, comp, field, false)
	}
	b.log.verts = append(grown(b.log.verts), pvert{kind: pvShared, v: Vertex{Kind: VValue, Value: v, Index: comp, Field: field}})
	id := uint32(len(b.log.verts) - 1)
	if guarded {
		b.log.verts[id].v.Kind = VGuarded
		b.log.edges = append(grown(b.log.edges), pedge{src: base, dst: id, index: graph.NoIndex, label: LabelGuard, flags: peIfFresh, info: EdgeInfo{Pos: posOf(v)}})
	}
	b.shared[k] = id
	return id
}

// heapCell is the provisional number of cell f of points-to object o, as
// FlowGraph.heapCell.
func (b *flowBuilder) heapCell(o, f uint32) uint32 {
	if f == starCell {
		if n := b.g.Analysis.Graph.Nodes[o]; n.Kind == frontend.KindSubObject {
			o, f = n.Parent, uint32(n.Index)
		}
	}
	k := hkey{o, f}
	if id, ok := b.heap[k]; ok {
		return id
	}
	b.log.verts = append(grown(b.log.verts), pvert{kind: pvHeap, v: Vertex{Obj: o, HeapField: f}})
	id := uint32(len(b.log.verts) - 1)
	b.heap[k] = id
	return id
}

// returns are the provisional numbers of fn's result vertices, as
// FlowGraph.returns.
func (b *flowBuilder) returns(fn *ssa.Function) [][]uint32 {
	if r, ok := b.rets[fn]; ok {
		return r
	}
	res := fn.Signature.Results()
	r := make([][]uint32, res.Len())
	first := uint32(len(b.log.verts))
	n := first
	for k := range r {
		t := res.At(k).Type()
		if !tracked(t) {
			continue
		}
		if fs := fieldsOf(t); fs != nil {
			r[k] = b.cut(len(fs))
		} else {
			r[k] = b.cut(1)
		}
		for j := range r[k] {
			r[k][j] = n
			n++
			kind := pvRest
			if n == first+1 {
				kind = pvRets
			}
			b.log.verts = append(grown(b.log.verts), pvert{kind: kind, fn: fn})
		}
	}
	b.rets[fn] = r
	return r
}

// resultLeaves are the provisional numbers of result k of fn.
func (b *flowBuilder) resultLeaves(fn *ssa.Function, k int) []uint32 {
	rs := b.returns(fn)
	if k < len(rs) {
		return rs[k]
	}
	return nil
}

// callResults are those of component k of a call's value.
func (b *flowBuilder) callResults(res ssa.Value, k int) []uint32 {
	if res == nil {
		return nil
	}
	if _, ok := res.Type().(*types.Tuple); ok {
		return b.component(res, k)
	}
	return b.value(res)
}

func (b *flowBuilder) value(v ssa.Value) []uint32 { return b.leaves(v, -1, false) }

func (b *flowBuilder) component(v ssa.Value, i int) []uint32 { return b.leaves(v, i, false) }

// use is FlowGraph.Use in provisional numbers.
func (b *flowBuilder) use(v ssa.Value, instr ssa.Instruction) []uint32 {
	return b.leaves(v, -1, b.facts.guarded(v, instr.Block(), nil) || b.facts.derefd(v, instr, nil) || b.facts.errPaired(v, instr))
}

// leaves is FlowGraph.leaves in provisional numbers.
func (b *flowBuilder) leaves(v ssa.Value, comp int, guarded bool) []uint32 {
	return leavesOf(b, v, comp, guarded)
}

func (b *flowBuilder) cut(n int) []uint32 { return b.arena.cut(n) }

// unknownField is the provisional heap field number of field v, which
// Build never met.
func (b *flowBuilder) unknownField(v *types.Var) uint32 {
	if id, ok := b.fields[v]; ok {
		return id
	}
	id := uint32(provFieldBase + len(b.log.fields))
	b.log.fields = append(b.log.fields, v)
	b.fields[v] = id
	return id
}

// nilSource logs a nil source.
func (b *flowBuilder) nilSource(s NilSource) {
	b.log.srcs = append(b.log.srcs, s)
}

// name logs a debug reference's name for x: a variable's (expr nil), or
// expr's spelling unless x has a name.
func (b *flowBuilder) name(x ssa.Value, name string, expr ast.Expr) {
	b.log.names = append(grown(b.log.names), nameEv{x: x, name: name, expr: expr})
}

// nilSink logs a nil sink, whose Expr (v's name) and What (what()) the
// merge fills in.
func (b *flowBuilder) nilSink(s NilSink, v ssa.Value, what func() string) {
	b.log.sinks = append(b.log.sinks, sinkEv{nnames: len(b.log.names), v: v, what: what, sink: s})
}

// panicIn names a function whose translation panics (environment
// variable CFLR_PANIC_IN): the tests of how an internal error is
// reported inject one with it.
var panicIn = os.Getenv("CFLR_PANIC_IN")
