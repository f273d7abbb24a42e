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
// source is next processed. The worklist runs in rounds, each in node
// order, on one goroutine: the work does not depend on scheduling, and
// the sets (the least fixpoint) do not depend on the order at all.
//
// Copy edges made by loads and stores close cycles the frontend's offline
// merging (mergeEquivalent) cannot see: on mailpit, 23,000 nodes on such
// cycles held 7 of the 17 million facts of all nodes. Lazy cycle
// detection (Hardekopf and Lin) finds them when an edge carries nothing
// new between two equal sets, and merges each into one node.
//
// Objects are numbered densely (in vertex order) for the bit sets, so a
// set read in increasing order lists its vertices in increasing order.
package andersen

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/cflr/cflr/frontend/internal/scc"
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
	// Blocks is this package's sorted array of 256-bit blocks, the
	// default: mailpit's graph solves in 0.8 CPU seconds with it, 1.0
	// with Sparse and 1.4 with Roaring (BenchmarkPointsToSolve).
	Blocks SetKind = iota
	// Sparse is golang.org/x/tools/container/intsets.Sparse (go/pointer's).
	Sparse
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
	Cells     int // heap nodes: an H per object and the field cells made
	CopyEdges int // assign edges plus the copy edges loads and stores made
	Processed int // nodes taken off the worklist
	Merged    int // nodes merged into others, found on cycles
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
		if k := objID[key>>32]; k != none {
			s.cells[k] = append(s.cells[k], cellRef{uint32(key), s.hRep[c]})
		}
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
// follow, made as loads and stores first reach them. Nodes found on a
// cycle of copy edges are merged into one (rep).
type solver struct {
	n, m      uint32
	objVertex []uint32 // object → its vertex
	hRep      []uint32 // object → the node of its H (after fld_i merges)

	cells [][]cellRef // object → its field cells

	fld map[uint64][]uint32 // (vertex o, i) → the objects o.i, sorted

	cOff []uint32
	cons []constraint
	// merged lists, for a node standing for others, the vertices whose
	// constraints it carries besides its own.
	merged map[uint32][]uint32

	sets  setOps
	rep   []uint32 // union-find over nodes
	pts   []bitset
	delta []bitset
	succ  [][]uint32
	// succSet dedups the copy edges of nodes with many successors; a
	// short successor list is searched instead.
	succSet map[uint32]map[uint32]struct{}

	queue   []uint32
	head    int
	inQueue []bool

	lcd lcd

	stats Stats
}

const succScan = 16

func newSolver(n, m uint32, kind SetKind) *solver {
	s := &solver{
		n: n, m: m,
		hRep:    make([]uint32, m),
		cells:   make([][]cellRef, m),
		fld:     map[uint64][]uint32{},
		merged:  map[uint32][]uint32{},
		succSet: map[uint32]map[uint32]struct{}{},
	}
	switch kind {
	case Roaring:
		s.sets = roaringOps{}
	case Sparse:
		s.sets = sparseOps{&sparseScratch{}}
	default:
		s.sets = blockOps{&blockScratch{}}
	}
	nodes := int(n + m)
	s.rep = make([]uint32, nodes)
	for i := range s.rep {
		s.rep[i] = uint32(i)
	}
	s.pts = make([]bitset, nodes)
	s.delta = make([]bitset, nodes)
	s.succ = make([][]uint32, nodes)
	s.inQueue = make([]bool, nodes)
	s.lcd.checked = map[uint64]struct{}{}
	return s
}

// newNode adds a field cell node.
func (s *solver) newNode() uint32 {
	id := uint32(len(s.pts))
	s.rep = append(s.rep, id)
	s.pts = append(s.pts, nil)
	s.delta = append(s.delta, nil)
	s.succ = append(s.succ, nil)
	s.inQueue = append(s.inQueue, false)
	return id
}

func (s *solver) find(x uint32) uint32 {
	for s.rep[x] != x {
		s.rep[x] = s.rep[s.rep[x]]
		x = s.rep[x]
	}
	return x
}

// cellRef is field idx's cell of an object.
type cellRef struct{ idx, node uint32 }

// cell returns the node of cell(o, i) for object k, making it if needed.
// An object has few fields that are accessed: they are searched in turn.
func (s *solver) cell(k, i uint32) uint32 {
	for _, c := range s.cells[k] {
		if c.idx == i {
			return c.node
		}
	}
	c := s.newNode()
	s.cells[k] = append(s.cells[k], cellRef{i, c})
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
	v = s.find(v)
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
	a, b = s.find(a), s.find(b)
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

// send adds d's objects that b has not processed to b's pending set and
// reports whether that set grew.
func (s *solver) send(d bitset, b uint32) bool {
	if s.delta[b] == nil {
		s.delta[b] = s.sets.make()
	}
	if s.delta[b].addDiff(d, s.pts[b]) {
		s.push(b)
		return true
	}
	return false
}

// apply turns the constraints based at vertex u into copy edges and
// objects for the objects objs.
func (s *solver) apply(u uint32, objs []uint32) {
	for _, c := range s.cons[s.cOff[u]:s.cOff[u+1]] {
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

func (s *solver) run(ctx context.Context) error {
	var objs, cands []uint32
	var round []uint32
	for len(s.queue) > 0 || s.head < len(round) {
		if s.head == len(round) {
			round, s.queue = s.queue, round[:0]
			slices.Sort(round)
			s.head = 0
		}
		v := round[s.head]
		s.head++
		s.inQueue[v] = false
		if s.rep[v] != v {
			continue // merged: its pending set went to its representative
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
		if s.pts[v] == nil || s.pts[v].empty() {
			s.pts[v] = d
		} else {
			s.pts[v].addAll(d)
		}
		if v < s.n && s.cOff[v] < s.cOff[v+1] || s.merged[v] != nil {
			objs = d.appendTo(objs[:0])
			if v < s.n {
				s.apply(v, objs)
			}
			for _, u := range s.merged[v] {
				s.apply(u, objs)
			}
		}
		// Cycles are looked for once d has gone everywhere: a merge
		// assumes each node's processed set has been sent along all its
		// edges.
		cands = cands[:0]
		for _, w := range s.succ[v] {
			w = s.find(w)
			if w != v && !s.send(d, w) {
				cands = append(cands, w)
			}
		}
		for _, w := range cands {
			s.lazyCycle(s.find(v), s.find(w))
		}
	}
	return nil
}

// lcd is the state of lazy cycle detection (Hardekopf and Lin, PLDI
// 2007): when a copy edge v → w brings w nothing new and v and w hold
// equal sets, v and w are probably on a cycle; a depth-first search from
// w finds the cycles (strongly connected components) through it, whose
// nodes must end up with one set, and merges each into one node. Each
// edge is checked once.
type lcd struct {
	checked map[uint64]struct{}
	scc     scc.Finder
}

func (s *solver) lazyCycle(v, w uint32) {
	if v == w {
		return
	}
	key := uint64(v)<<32 | uint64(w)
	if _, ok := s.lcd.checked[key]; ok {
		return
	}
	s.lcd.checked[key] = struct{}{}
	if s.pts[v] == nil || s.pts[w] == nil || !s.pts[v].equal(s.pts[w]) {
		return
	}
	s.collapseFrom(w)
}

// collapseFrom finds the strongly connected components of copy edges
// reachable from root and merges each.
func (s *solver) collapseFrom(root uint32) {
	s.lcd.scc.Reset(len(s.rep))
	s.lcd.scc.From(root, func(x uint32, i int) (uint32, bool) {
		if i < len(s.succ[x]) {
			return s.find(s.succ[x][i]), true
		}
		return 0, false
	}, func(comp []uint32) {
		if len(comp) > 1 {
			s.merge(comp)
		}
	})
}

// merge makes comp's nodes one. Their union is what each must end up
// with; what all of them had processed (the intersection) has been sent
// along every edge and through every constraint of the merged node, the
// rest is pending.
func (s *solver) merge(comp []uint32) {
	r := slices.Min(comp)
	all, both := s.sets.make(), s.pts[r]
	if both == nil {
		both = s.sets.make()
	}
	for _, x := range comp {
		if s.pts[x] != nil {
			all.addAll(s.pts[x])
		}
		if s.delta[x] != nil {
			all.addAll(s.delta[x])
		}
		if x == r {
			continue
		}
		both = both.intersect(s.pts[x])
		s.rep[x] = r
		s.stats.Merged++
		if x < s.n && s.cOff[x] < s.cOff[x+1] {
			s.merged[r] = append(s.merged[r], x)
		}
		if m := s.merged[x]; m != nil {
			s.merged[r] = append(s.merged[r], m...)
			delete(s.merged, x)
		}
		s.succ[r] = append(s.succ[r], s.succ[x]...)
		s.succ[x] = nil
		delete(s.succSet, x)
		s.pts[x], s.delta[x] = nil, nil
	}
	// Drop the edges within the component and repeated ones.
	out := s.succ[r][:0]
	seen := make(map[uint32]struct{}, len(s.succ[r]))
	for _, y := range s.succ[r] {
		y = s.find(y)
		if _, dup := seen[y]; y != r && !dup {
			seen[y] = struct{}{}
			out = append(out, y)
		}
	}
	s.succ[r] = out
	delete(s.succSet, r)
	s.pts[r] = both
	d := s.sets.make()
	d.addDiff(all, both)
	s.delta[r] = d
	if !d.empty() {
		s.push(r)
	}
}

// result reads the vertices' sets into a CSR of vertices.
func (s *solver) result() *Sets {
	res := &Sets{Off: make([]uint32, s.n+1)}
	for v := uint32(0); v < s.n; v++ {
		c := 0
		if p := s.pts[s.find(v)]; p != nil {
			c = p.len()
		}
		res.Off[v+1] = res.Off[v] + uint32(c)
	}
	res.Obj = make([]uint32, res.Off[s.n])
	for v := uint32(0); v < s.n; v++ {
		p := s.pts[s.find(v)]
		if p == nil {
			continue
		}
		out := p.appendTo(res.Obj[res.Off[v]:res.Off[v]])
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
