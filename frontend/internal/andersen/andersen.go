// Package andersen solves the frontend's context-insensitive points-to
// grammar (frontend/grammars/pointsto.cfg) directly: an inclusion-based
// (Andersen-style) worklist solver with difference propagation, in place
// of the generic CFL engine (package edgecentric), which stays the oracle
// it is tested against.
//
// # What it computes
//
// The grammar's relations, read as sets (x → y is an edge from x to y):
//
//   - pts(v), the objects o with FT(o, v): what v may point to;
//   - H(o), the objects a with H(a, o): what the whole pointee o holds;
//   - cell(o, i), the objects a with S_i(a, o): what field i of o holds.
//
// Each rule of the grammar is one constraint between them:
//
//	new      o → v    FT ::= new                  o ∈ pts(v)
//	assign   x → y    FT ::= FT assign            pts(x) ⊆ pts(y)
//	load_i   p → r    FT ::= S_i LD_i             cell(o, i) ⊆ pts(r) for o ∈ pts(p)
//	load     p → r    FT ::= H LD                 H(o) ⊆ pts(r) for o ∈ pts(p)
//	store_i  x → p    S_i ::= FT ST_i             pts(x) ⊆ cell(o, i) for o ∈ pts(p)
//	store    x → p    H ::= FT ST                 pts(x) ⊆ H(o) for o ∈ pts(p)
//	fa_i     p → q    FT ::= -fld_i FA_i          o' ∈ pts(q) for o ∈ pts(p), fld_i o → o'
//	fld_i    o → o'   H ::= S_i fld_i,            cell(o, i) = H(o')
//	                  S_i ::= H -fld_i
//
// The last two rules include each of cell(o, i) and H(o') in the other, so
// they are one set: the solver gives them one node before it starts (all
// the nodes a chain of fld_i edges equates become one, by union-find).
// Loads and stores become copy edges between nodes as the sets of their
// bases grow; the solve is their closure. Only pts is reported: it is the
// FT relation edgecentric derives, pair for pair.
//
// # How
//
// Every node has its set pts (what has been propagated from it) and a
// pending delta (what reached it since). Processing a node moves its delta
// into pts, turns the loads, stores and fa_i edges based at it into copy
// edges (and objects) for each new object, and sends the delta along its
// copy edges, filtered by each successor's pts. A new copy edge carries
// its source's whole pts at once; the source's delta follows it when the
// source is next processed. The worklist is first-in first-out and the
// solve runs on one goroutine, so the sets do not depend on scheduling
// (they are the least fixpoint anyway; the order only changes the work).
//
// Objects are numbered densely (in vertex order) for the bit sets, so a
// set read in increasing order lists its vertices in increasing order.
package andersen

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/cflr/cflr/graph"
)

// The labels of pointsto.cfg's input edges.
const (
	kIgnore = iota // not in the grammar: edgecentric ignores it too
	kNew
	kAssign
	kLoadI
	kLoad
	kStoreI
	kStore
	kFA
	kFld
)

var kinds = map[string]int{
	"new": kNew, "assign": kAssign, "load_i": kLoadI, "load": kLoad,
	"store_i": kStoreI, "store": kStore, "fa_i": kFA, "fld_i": kFld,
}

// indexed reports whether a kind's label carries a field index.
func indexed(k int) bool { return k == kLoadI || k == kStoreI || k == kFA || k == kFld }

// grammarOnly are the grammar's other symbols: an input edge with one of
// these labels would seed a derived relation, which this solver does not
// model (edgecentric does; the frontend never emits them).
var grammarOnly = map[string]bool{
	"FT": true, "-FT": true, "LD_i": true, "LD": true, "FA_i": true,
	"ST_i": true, "ST": true, "S_i": true, "H": true, "-fld_i": true,
}

// SetKind selects the bit set the solver keeps its sets in.
type SetKind int

const (
	// Sparse is golang.org/x/tools/container/intsets.Sparse (go/pointer's).
	Sparse SetKind = iota
	// Roaring is github.com/RoaringBitmap/roaring/v2.
	Roaring
)

// Options controls Solve. The zero value is the default.
type Options struct {
	Sets SetKind
}

// Stats describe a solve.
type Stats struct {
	Objects   int // vertices that can be pointed to
	Cells     int // heap nodes: H(o) and cell(o, i) after merging
	CopyEdges int // assign edges plus the copy edges loads and stores made
	Processed int // nodes taken off the worklist
	Facts     int // points-to pairs (vertex, object)
	Time      time.Duration
}

// Sets is the points-to relation: vertex v may point to the vertices
// Obj[Off[v]:Off[v+1]], sorted.
type Sets struct {
	Off, Obj []uint32
	Stats    Stats
}

// PointsTo returns the objects v may point to.
func (s *Sets) PointsTo(v uint32) []uint32 { return s.Obj[s.Off[v]:s.Off[v+1]] }

// constraint is a load, store or fa_i edge based at a vertex p: its kind,
// field index, and the other end (load: destination r; store: source x;
// fa_i: destination q).
type constraint struct {
	kind  uint8
	idx   uint32
	other uint32
}

// Solve computes the points-to sets of g under pointsto.cfg.
func Solve(ctx context.Context, g *graph.Graph, opts *Options) (*Sets, error) {
	start := time.Now()
	var o Options
	if opts != nil {
		o = *opts
	}
	n := g.NumVertices
	kindOf := make([]int, len(g.Labels))
	for id, name := range g.Labels {
		if grammarOnly[name] {
			return nil, fmt.Errorf("andersen: input edges labelled %s are not supported (solve with edgecentric)", name)
		}
		kindOf[id] = kinds[name]
	}
	// Objects: what a new edge allocates and what a fld_i edge leads to
	// (fa_i puts sub-objects into sets). Numbered in vertex order.
	objID := make([]uint32, n)
	const none = ^uint32(0)
	for i := range objID {
		objID[i] = none
	}
	for _, e := range g.Edges {
		if int(e.Label) >= len(kindOf) {
			return nil, fmt.Errorf("andersen: edge label %d out of range", e.Label)
		}
		k := kindOf[e.Label]
		if k == kIgnore {
			continue
		}
		if e.Src >= n || e.Dst >= n {
			return nil, fmt.Errorf("andersen: edge (%d,%d) outside %d vertices", e.Src, e.Dst, n)
		}
		if indexed(k) != (e.Index != graph.NoIndex) {
			return nil, fmt.Errorf("andersen: edge %s→%s label %s: index does not match the grammar", g.VertexName(e.Src), g.VertexName(e.Dst), g.Labels[e.Label])
		}
		switch k {
		case kNew:
			objID[e.Src] = 0
		case kFld:
			objID[e.Dst] = 0
		}
	}
	var objVertex []uint32
	for v, id := range objID {
		if id != none {
			objID[v] = uint32(len(objVertex))
			objVertex = append(objVertex, uint32(v))
		}
	}
	m := uint32(len(objVertex))

	s := newSolver(n, m, o.Sets)
	s.objVertex = objVertex
	// Heap nodes: H of object k is node n+k. A field cell with a fld_i
	// edge is its sub-object's H; cells equated through several fld_i
	// edges are unioned first.
	parent := make([]uint32, m)
	for i := range parent {
		parent[i] = uint32(i)
	}
	find := func(x uint32) uint32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	fldCell := map[uint64]uint32{} // (o, i) → an object whose H is cell(o, i)
	for _, e := range g.Edges {
		if kindOf[e.Label] != kFld {
			continue
		}
		sub := objID[e.Dst]
		key := uint64(e.Src)<<32 | uint64(e.Index)
		if c, ok := fldCell[key]; ok {
			a, b := find(c), find(sub)
			if a != b {
				parent[max(a, b)] = min(a, b)
			}
		} else {
			fldCell[key] = sub
		}
		s.fld[key] = append(s.fld[key], sub)
	}
	for k := range parent {
		s.hRep[k] = n + find(uint32(k))
	}
	for key, c := range fldCell {
		s.cells[key] = s.hRep[c]
	}
	for key, subs := range s.fld {
		slices.Sort(subs)
		s.fld[key] = slices.Compact(subs)
	}

	// Constraints by base vertex (CSR), assign edges as copy edges, and
	// the new edges' objects as the first deltas.
	cOff := make([]uint32, n+1)
	for _, e := range g.Edges {
		switch kindOf[e.Label] {
		case kLoadI, kLoad, kFA:
			cOff[e.Src+1]++
		case kStoreI, kStore:
			cOff[e.Dst+1]++
		}
	}
	for v := uint32(0); v < n; v++ {
		cOff[v+1] += cOff[v]
	}
	cons := make([]constraint, cOff[n])
	fill := slices.Clone(cOff[:n])
	put := func(base uint32, c constraint) {
		cons[fill[base]] = c
		fill[base]++
	}
	for _, e := range g.Edges {
		switch k := kindOf[e.Label]; k {
		case kLoadI, kLoad, kFA:
			put(e.Src, constraint{uint8(k), e.Index, e.Dst})
		case kStoreI, kStore:
			put(e.Dst, constraint{uint8(k), e.Index, e.Src})
		case kAssign:
			s.addEdge(e.Src, e.Dst)
		case kNew:
			s.addObject(e.Dst, objID[e.Src])
		}
	}
	s.cOff, s.cons = cOff, cons

	if err := s.run(ctx); err != nil {
		return nil, err
	}
	res := s.result()
	res.Stats.Time = time.Since(start)
	return res, nil
}

// solver is one solve's state. Nodes 0..n-1 are the graph's vertices,
// n..n+m-1 the objects' H, and the field cells without a sub-object
// follow, made as loads and stores first reach them.
type solver struct {
	n, m      uint32
	objVertex []uint32 // object → its vertex
	hRep      []uint32 // object → the node of its H (after fld_i merges)

	cells map[uint64]uint32   // (vertex o, i) → node of cell(o, i)
	fld   map[uint64][]uint32 // (vertex o, i) → the objects o.i, sorted

	cOff []uint32
	cons []constraint

	sets  setOps
	pts   []bitset
	delta []bitset
	succ  [][]uint32
	// succSet dedups the copy edges of nodes with many successors; a
	// short successor list is searched instead.
	succSet map[uint32]map[uint32]struct{}

	queue   []uint32
	head    int
	inQueue []bool

	stats Stats
}

const succScan = 16

func newSolver(n, m uint32, kind SetKind) *solver {
	s := &solver{
		n: n, m: m,
		hRep:    make([]uint32, m),
		cells:   map[uint64]uint32{},
		fld:     map[uint64][]uint32{},
		succSet: map[uint32]map[uint32]struct{}{},
	}
	switch kind {
	case Roaring:
		s.sets = roaringOps{}
	default:
		s.sets = sparseOps{&sparseScratch{}}
	}
	nodes := int(n + m)
	s.pts = make([]bitset, nodes)
	s.delta = make([]bitset, nodes)
	s.succ = make([][]uint32, nodes)
	s.inQueue = make([]bool, nodes)
	return s
}

// newNode adds a field cell node.
func (s *solver) newNode() uint32 {
	id := uint32(len(s.pts))
	s.pts = append(s.pts, nil)
	s.delta = append(s.delta, nil)
	s.succ = append(s.succ, nil)
	s.inQueue = append(s.inQueue, false)
	return id
}

// cell returns the node of cell(o, i) for object k, making it if needed.
func (s *solver) cell(k, i uint32) uint32 {
	key := uint64(s.objVertex[k])<<32 | uint64(i)
	c, ok := s.cells[key]
	if !ok {
		c = s.newNode()
		s.cells[key] = c
	}
	return c
}

func (s *solver) push(v uint32) {
	if !s.inQueue[v] {
		s.inQueue[v] = true
		s.queue = append(s.queue, v)
	}
}

// addObject adds object k to v's pending set.
func (s *solver) addObject(v, k uint32) {
	if s.pts[v] != nil && s.pts[v].has(k) {
		return
	}
	if s.delta[v] == nil {
		s.delta[v] = s.sets.make()
	}
	if s.delta[v].add(k) {
		s.push(v)
	}
}

// addEdge adds the copy edge a → b, if new, and sends a's processed set
// along it (its pending set follows when a is processed).
func (s *solver) addEdge(a, b uint32) {
	if a == b {
		return
	}
	out := s.succ[a]
	if len(out) < succScan {
		if slices.Contains(out, b) {
			return
		}
	} else {
		set := s.succSet[a]
		if set == nil {
			set = make(map[uint32]struct{}, 2*len(out))
			for _, x := range out {
				set[x] = struct{}{}
			}
			s.succSet[a] = set
		}
		if _, ok := set[b]; ok {
			return
		}
		set[b] = struct{}{}
	}
	s.succ[a] = append(out, b)
	s.stats.CopyEdges++
	if s.pts[a] != nil {
		s.send(s.pts[a], b)
	}
}

// send adds d's objects that b has not processed to b's pending set.
func (s *solver) send(d bitset, b uint32) {
	if s.delta[b] == nil {
		s.delta[b] = s.sets.make()
	}
	if s.delta[b].addDiff(d, s.pts[b]) {
		s.push(b)
	}
}

func (s *solver) run(ctx context.Context) error {
	var objs []uint32
	for s.head < len(s.queue) {
		v := s.queue[s.head]
		s.head++
		s.inQueue[v] = false
		if s.head == len(s.queue) {
			s.queue, s.head = s.queue[:0], 0
		}
		s.stats.Processed++
		if s.stats.Processed&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		d := s.delta[v]
		if d == nil || d.empty() {
			continue
		}
		s.delta[v] = nil
		if s.pts[v] == nil {
			s.pts[v] = s.sets.make()
		}
		s.pts[v].addAll(d)
		if v < s.n && s.cOff[v] < s.cOff[v+1] {
			objs = d.appendTo(objs[:0])
			for _, c := range s.cons[s.cOff[v]:s.cOff[v+1]] {
				for _, k := range objs {
					switch c.kind {
					case kLoadI:
						s.addEdge(s.cell(k, c.idx), c.other)
					case kLoad:
						s.addEdge(s.hRep[k], c.other)
					case kStoreI:
						s.addEdge(c.other, s.cell(k, c.idx))
					case kStore:
						s.addEdge(c.other, s.hRep[k])
					case kFA:
						for _, sub := range s.fld[uint64(s.objVertex[k])<<32|uint64(c.idx)] {
							s.addObject(c.other, sub)
						}
					}
				}
			}
		}
		for _, w := range s.succ[v] {
			s.send(d, w)
		}
	}
	return nil
}

// result reads the vertices' sets into a CSR of vertices.
func (s *solver) result() *Sets {
	res := &Sets{Off: make([]uint32, s.n+1)}
	for v := uint32(0); v < s.n; v++ {
		c := 0
		if s.pts[v] != nil {
			c = s.pts[v].len()
		}
		res.Off[v+1] = res.Off[v] + uint32(c)
	}
	res.Obj = make([]uint32, res.Off[s.n])
	for v := uint32(0); v < s.n; v++ {
		if s.pts[v] == nil {
			continue
		}
		out := s.pts[v].appendTo(res.Obj[res.Off[v]:res.Off[v]])
		for i, k := range out {
			out[i] = s.objVertex[k]
		}
	}
	res.Stats = s.stats
	res.Stats.Objects = int(s.m)
	res.Stats.Cells = len(s.pts) - int(s.n)
	res.Stats.Facts = len(res.Obj)
	return res
}
