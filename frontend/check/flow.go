package check

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/frontend"
	"github.com/cflr/cflr/graph"
)

// Edge labels of the value-flow graph (x → y reads "x flows to y"). The
// check grammars (grammars/*.cfg) are written over them.
const (
	LabelAssign = "assign"  // y := x: copies, phi, extract, closure bindings, returns into the result vertex
	LabelCall   = "call_i"  // argument x to parameter y at call site i
	LabelICall  = "icall_i" // interface x to the receiver y of the method it calls at site i
	LabelRet    = "ret_i"   // result x of the callee to the call's value y at site i
	LabelBox    = "box"     // y := interface holding x (MakeInterface): y is not nil even if x is
	LabelUnbox  = "unbox"   // y := x.(T) for a concrete T
	LabelStore  = "st"      // x stored into heap cell y (a field or element of an abstract object)
	LabelLoad   = "ld"      // heap cell x loaded into y
	LabelGuard  = "guard"   // y is x read where a guard says x is not nil
	LabelOp     = "op"      // y is computed from x but is not x: concatenation, conversion, opaque library call
)

// Root is the vertex every check's source edges start from.
const Root uint32 = 0

// VertexKind says what a value-flow vertex stands for.
type VertexKind uint8

const (
	VRoot    VertexKind = iota
	VValue              // an SSA value, or one field of a struct-typed value (Field >= 0)
	VTuple              // component Index of a tuple-valued SSA value
	VReturn             // result Index of Func
	VHeap               // cell HeapField of points-to object Obj
	VGuarded            // Value read where a guard says it is not nil
	VNil                // one occurrence of the constant nil (Value) in Func
	VTemp               // a helper vertex (append, copy)
)

// Vertex describes one value-flow vertex.
type Vertex struct {
	Kind  VertexKind
	Value ssa.Value
	Func  *ssa.Function
	Index int // tuple component or result number
	Field int // field of a struct-typed value; -1 for the whole value
	// Obj and HeapField name a heap cell: a vertex of the points-to graph
	// (Analysis.Graph) and a field index (frontend.FieldIndex, ElemIndex,
	// ...; starCell for a whole pointee).
	Obj       uint32
	HeapField uint32
	Pos       token.Pos
}

// EdgeInfo is where in the program an edge's flow happens, for witnesses.
type EdgeInfo struct {
	Pos    token.Pos
	Site   ssa.CallInstruction // call_i, icall_i, ret_i, and op edges of opaque calls
	Callee *ssa.Function       // the function called at Site
	// Existing marks a store (st) into a field or element of an object
	// the storing function did not allocate: nilflow does not follow it
	// (see nilChecker.skip).
	Existing bool
	// FieldInit marks a store (st) of a value that is not the constant
	// nil into a struct field of an object the storing function
	// allocated (p.f = v, &T{f: v}): nilflow follows a nil through it
	// only with NilHeap (nilheap.go).
	FieldInit bool
	// NilField marks a store (st) of the constant nil into a struct
	// field (&T{f: nil}, x.f = nil): nilflow follows it only with
	// NilSourcesAll (nilsources.go).
	NilField bool
	// ElemStore marks a store (st) into an element of a slice or array
	// the storing function allocated ([]*T{v}, s[i] = v on a fresh s),
	// or into a map's keys or values (m[k] = v, map[K]V{k: v}):
	// nilflow follows a nil through it only with NilSourcesAll
	// (nilsources.go).
	ElemStore bool
	// SentinelRet marks the assignment of a returned value to a result
	// (r → the callee's result vertex) at a sentinel return: the default
	// nil sources follow a nil through it only inside a balanced call
	// (nilsources.go, sentinelReturn).
	SentinelRet bool
	// Unguarded marks a load that reads a stored value whose guard holds
	// at the load but not at the store (localmem.go): the error
	// convention's nils do not cross it (nilerr.go).
	Unguarded bool
}

// NilSource is one explicit nil constant and the vertex it is (VNil).
type NilSource struct {
	V     uint32
	Iface bool // the nil is an interface value (nili), not a pointer, map, ...
	Local bool // in a package the patterns named
	// Desc, for a nil another package's function returns (its Summary,
	// modular.go), is the witness step of the source: "" for a nil the
	// code writes.
	Desc string
	// Sentinel marks such a nil at a call through an interface or a func
	// value when that function's results do not end in an error: the
	// default nil sources leave it out (nilsources.go; the summary holds
	// only the nils the default follows out of the function, and at a
	// dynamic call one may be a stub's always-nil result).
	Sentinel bool
}

// SinkKind says what a nil sink does with its value.
type SinkKind uint8

const (
	SinkField     SinkKind = iota // field access through a pointer
	SinkLoad                      // *p
	SinkStore                     // *p = v
	SinkCall                      // call through a func value
	SinkInvoke                    // method call on an interface
	SinkMapWrite                  // m[k] = v
	SinkArrayElem                 // element of a pointer to an array
	SinkAssert                    // x.(T) on an interface
	SinkRecv                      // a method that dereferences its receiver, called with it
	SinkIndex                     // s[i] on a slice a nil test says is nil
	SinkConvert                   // (*[N]T)(s), N > 0, on a slice a nil test says is nil
)

// NilSink is a use where a nil value panics, in a local function.
type NilSink struct {
	V     uint32 // the vertex read at the use (a guarded copy where guarded)
	Pos   token.Pos
	Kind  SinkKind
	Expr  string // the value's source expression: "p", "x.next"
	What  string // "field access p.f", "call of (*T).M"
	Func  *ssa.Function
	Instr ssa.Instruction // the use (path conditions are read at its block)
	Iface bool            // the value is an interface: only a nil interface panics
	// After are the witness steps past the use, inside another
	// package's function the value is passed to (its Summary).
	After []string
}

// FlowOptions controls BuildFlow.
type FlowOptions struct {
	// Context labels calls and returns with their call sites (call_i,
	// icall_i, ret_i); otherwise they are plain assign edges.
	Context bool
	// Scope lists package paths whose code counts as local besides the
	// packages the patterns named: nils written there are sources, uses
	// there are sinks. "p/..." names p and every package below it.
	Scope []string

	// Threads is the number of goroutines that translate function
	// bodies (default: GOMAXPROCS). The graph does not depend on it.
	Threads int

	// extern, when non-nil, gives the summaries of functions of other
	// packages, whose bodies the graph lacks (modular.go).
	extern func(*ssa.Function) *Summary

	// facts, when non-nil, holds the facts of function bodies a pre-pass
	// computed already (pipeline.go); BuildFlow computes the others.
	facts *funcFacts
}

// FlowGraph is the value-flow graph of a program, shared by every check:
// one vertex per SSA value that can carry nil or taint (pointers,
// interfaces, maps, slices, channels, funcs, strings, and each field of a
// struct-typed value), per result, per heap cell (a field or element of a
// points-to object) and per guarded copy of a value. The heap is
// connected through the points-to sets: a store into p.f and a load from
// q.f meet at the cell (o, f) of every o both may point to.
type FlowGraph struct {
	*graph.Graph
	verts    chunks[Vertex]   // VertexAt
	infos    chunks[EdgeInfo] // InfoAt: parallel to Graph.Edges
	Prog     *frontend.Program
	Analysis *frontend.Analysis
	// Funcs are the functions whose bodies the graph holds.
	Funcs []*ssa.Function
	// NilSources and NilSinks are the nil check's candidates.
	NilSources []NilSource
	NilSinks   []NilSink

	local map[*ssa.Package]bool
	// The vertices of values that instructions compute, by the function
	// the values belong to: one big map's lookups were a fifth of the
	// build, mostly waiting on memory; a function's own maps stay in
	// cache while its body is translated. lastFn and lastIDs are the
	// function looked up last. The other values (parameters, free
	// variables, globals, functions), which other functions' bodies
	// name too (arguments passed, closures made), are in shared.
	ids     map[*ssa.Function]*valueIDs
	lastFn  *ssa.Function
	lastIDs *valueIDs
	shared  map[vkey]uint32
	// foreignOwn: shared holds an instruction's value (named by another
	// function's body: valid SSA has none).
	foreignOwn  bool
	arena       vertexArena // leaves' results are cut from it
	rets        map[*ssa.Function][][]uint32
	heap        map[hkey]uint32
	names       map[ssa.Value]string
	context     bool
	extern      func(*ssa.Function) *Summary      // FlowOptions.extern
	taintExtern func(*ssa.Function) *TaintSummary // RunTaintPackage's extern
	taintWalked *taintRun                         // RunTaintPackage: the walk Run made, for the summaries
	*funcFacts
	// calleeFields: refutation's scan of the structs built with each
	// callback (refutefield.go).
	calleeFields calleeFields

	// While BuildFlow merges the translated bodies (flowshard.go): the
	// numbers of the heap fields Build never met, and the call sites
	// numbered so far.
	fields map[*types.Var]uint32
	nsites uint32

	mu      sync.Mutex
	derived map[string]int64
	refutes map[string]RefuteStats
}

// valueIDs are the vertices of the values one function's instructions
// compute. The maps give slots of ids, the table of vertex numbers: the
// translation of a body numbers its vertices provisionally, and the
// merge then fills the table (flowshard.go). The functions translated
// together share one table.
type valueIDs struct {
	vals  map[ssa.Value]int32 // plain vertices: a whole value, unguarded
	xvals map[vkey]int32      // the others: tuple components, fields, guarded copies
	ids   *[]uint32
}

// get returns the vertex of key k (v for a plain one).
func (x *valueIDs) get(v ssa.Value, k *vkey, plain bool) (uint32, bool) {
	var s int32
	var ok bool
	if plain {
		s, ok = x.vals[v]
	} else {
		s, ok = x.xvals[*k]
	}
	if !ok {
		return 0, false
	}
	return (*x.ids)[s], true
}

// set records vertex id as key k's.
func (x *valueIDs) set(v ssa.Value, k *vkey, plain bool, id uint32) {
	s := int32(len(*x.ids))
	*x.ids = append(*x.ids, id)
	if plain {
		x.vals[v] = s
		return
	}
	if x.xvals == nil {
		x.xvals = map[vkey]int32{}
	}
	x.xvals[*k] = s
}

// idsOf returns the vertices of v's function's values (nil when there are
// none yet, unless create), v an instruction's value.
func (g *FlowGraph) idsOf(v ssa.Value, create bool) *valueIDs {
	fn := v.Parent()
	if fn == g.lastFn && g.lastIDs != nil {
		return g.lastIDs
	}
	x := g.ids[fn]
	if x == nil {
		if !create {
			return nil
		}
		x = &valueIDs{vals: map[ssa.Value]int32{}, ids: new([]uint32)}
		g.ids[fn] = x
	}
	g.lastFn, g.lastIDs = fn, x
	return x
}

// ownValue reports whether v is computed by an instruction, whose vertices
// are kept by function (idsOf); the others are in FlowGraph.shared.
func ownValue(v ssa.Value) bool {
	_, ok := v.(ssa.Instruction)
	return ok
}

type vkey struct {
	v       ssa.Value
	comp    int32 // tuple component, -1 for a non-tuple value
	field   int32 // struct field, -1 for the whole value
	guarded bool
}

type hkey struct{ obj, field uint32 }

// starCell is the heap field of a whole pointee (*p).
const starCell = ^uint32(0) - 1

// localBase tags heap field numbers of fields Build never met.
const localBase = 1 << 30

// BuildFlow builds the value-flow graph of the functions a's points-to
// graph holds.
func BuildFlow(prog *frontend.Program, a *frontend.Analysis, opts *FlowOptions) (*FlowGraph, error) {
	if opts == nil {
		opts = &FlowOptions{}
	}
	// The heap cells' map is sized from the points-to graph's vertex
	// count, which it follows (miniflux and pebble: 0.17 times it).
	nv := int(a.Graph.NumVertices)
	g := &FlowGraph{
		Graph: graph.New(), Prog: prog, Analysis: a,
		local: map[*ssa.Package]bool{}, ids: make(map[*ssa.Function]*valueIDs, len(a.Graph.Funcs)), rets: map[*ssa.Function][][]uint32{},
		shared: make(map[vkey]uint32, len(a.Graph.Funcs)),
		heap:   make(map[hkey]uint32, nv/6), names: map[ssa.Value]string{}, context: opts.Context,
		funcFacts: opts.facts, derived: map[string]int64{}, extern: opts.extern,
	}
	if g.funcFacts == nil {
		g.funcFacts = newFuncFacts()
	}
	for _, p := range prog.Packages {
		g.local[p] = true
	}
	if len(opts.Scope) > 0 {
		for _, p := range prog.SSA.AllPackages() {
			if InScope(p.Pkg.Path(), opts.Scope) {
				g.local[p] = true
			}
		}
	}
	g.newVertex(Vertex{Kind: VRoot})
	for _, fn := range a.Graph.Funcs {
		if !frontend.Opaque(fn) {
			g.Funcs = append(g.Funcs, fn)
		}
	}
	g.Funcs = append(g.Funcs, genericBodies(prog, g.Funcs)...)
	bodies := make(map[*ssa.Function]bool, len(g.Funcs))
	for _, fn := range g.Funcs {
		bodies[fn] = true
	}
	if err := g.translate(bodies, opts.Threads); err != nil {
		return nil, err
	}
	g.NumVertices = uint32(g.VertexCount())
	return g, nil
}

// InScope reports whether package path is one of scope's: equal to an
// entry, or below an entry "p/...".
func InScope(path string, scope []string) bool {
	for _, s := range scope {
		if base, ok := strings.CutSuffix(s, "/..."); ok {
			if path == base || strings.HasPrefix(path, base+"/") {
				return true
			}
		} else if path == s {
			return true
		}
	}
	return false
}

// IsLocal reports whether fn belongs to a package the patterns named (or
// FlowOptions.Scope added).
func (g *FlowGraph) IsLocal(fn *ssa.Function) bool {
	if fn == nil {
		return false
	}
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if fn.Pkg == nil && fn.Origin() != nil {
		fn = fn.Origin()
	}
	return fn.Pkg != nil && g.local[fn.Pkg]
}

// grown returns s with room for at least one more element: double its
// capacity when full. append grows large slices by a quarter, copying the
// vertices and edges five times over on the way to their final size; this
// copies them twice.
func grown[E any](s []E) []E {
	if len(s) < cap(s) {
		return s
	}
	return slices.Grow(s, max(len(s), 256))
}

func (g *FlowGraph) newVertex(v Vertex) uint32 {
	return uint32(g.verts.add(v))
}

// VertexAt describes vertex v.
func (g *FlowGraph) VertexAt(v uint32) *Vertex { return g.verts.at(int(v)) }

// VertexCount is the number of vertices. Use and Value add vertices (a
// guarded copy, a value no flow edge had needed), so it may grow past
// NumVertices, which counts those BuildFlow made.
func (g *FlowGraph) VertexCount() int { return g.verts.n }

// InfoAt is where the flow of edge i happens.
func (g *FlowGraph) InfoAt(i int) *EdgeInfo { return g.infos.at(i) }

// chunks is a list kept in blocks of 4096 elements: appending never
// copies what it holds (append's growth copied the flow graph's hundreds
// of thousands of vertices and edge infos several times over).
type chunks[E any] struct {
	blocks [][]E
	n      int
}

const chunkShift = 12

func (c *chunks[E]) add(e E) int {
	if c.n>>chunkShift == len(c.blocks) {
		c.blocks = append(c.blocks, make([]E, 1<<chunkShift))
	}
	c.blocks[c.n>>chunkShift][c.n&(1<<chunkShift-1)] = e
	c.n++
	return c.n - 1
}

func (c *chunks[E]) at(i int) *E { return &c.blocks[i>>chunkShift][i&(1<<chunkShift-1)] }

func (g *FlowGraph) addEdge(src, dst uint32, label string, index uint32, info EdgeInfo) {
	if !g.context {
		switch label {
		case LabelICall:
			// Only what an interface holds reaches the receiver: a nil
			// interface panics at the call (see grammars/nilflow.cfg).
			label, index = LabelUnbox, graph.NoIndex
		case LabelCall, LabelRet:
			label, index = LabelAssign, graph.NoIndex
		}
	}
	g.Edges = grown(g.Edges)
	g.AddEdge(src, dst, label, index)
	g.infos.add(info)
}

// Position is pos as a file:line:col position, the file relative to the
// working directory when below it (as go vet prints it).
func (g *FlowGraph) Position(pos token.Pos) token.Position {
	p := g.Prog.Fset.Position(pos)
	if wd := g.Prog.WorkingDir(); wd != "" && p.Filename != "" {
		if rel, err := filepath.Rel(wd, p.Filename); err == nil && !strings.HasPrefix(rel, "..") {
			p.Filename = rel
		}
	}
	return p
}

// Value returns the vertices of v: one, or one per field for a struct
// value (nil when v cannot carry nil or taint).
func (g *FlowGraph) Value(v ssa.Value) []uint32 { return g.leaves(v, -1, false) }

// Use returns the vertices of v as read by instr: the guarded copies
// where a guard (x != nil, err == nil, ok) or a dereference of v
// dominates instr.
func (g *FlowGraph) Use(v ssa.Value, instr ssa.Instruction) []uint32 {
	return g.leaves(v, -1, g.guarded(v, instr.Block(), nil) || g.derefd(v, instr, nil) || g.errPaired(v, instr))
}

// Component returns the vertices of component i of a tuple-valued v (a
// call with several results, a comma-ok form).
func (g *FlowGraph) Component(v ssa.Value, i int) []uint32 { return g.leaves(v, i, false) }

// Result returns the vertices of result i of fn (for any call of fn).
func (g *FlowGraph) Result(fn *ssa.Function, i int) []uint32 {
	return g.resultLeaves(fn, i)
}

// Name is the source expression of v where it has one ("p", "x.f",
// "f()"), else its SSA name.
func (g *FlowGraph) Name(v ssa.Value) string { return g.exprName(v, 0) }

// Describe names a vertex for witnesses and graphs.
func (g *FlowGraph) Describe(v uint32) string {
	n := g.VertexAt(v)
	switch n.Kind {
	case VRoot:
		return "<root>"
	case VValue, VGuarded:
		s := g.Name(n.Value)
		if n.Field >= 0 {
			if st, ok := n.Value.Type().Underlying().(*types.Struct); ok {
				s += "." + st.Field(n.Field).Name()
			}
		}
		return s
	case VTuple:
		return fmt.Sprintf("%s#%d", g.Name(n.Value), n.Index)
	case VReturn:
		return fmt.Sprintf("result %d of %s", n.Index, frontend.FuncName(n.Func))
	case VHeap:
		return g.cellName(n.Obj, n.HeapField)
	case VNil:
		return "nil"
	}
	return fmt.Sprintf("tmp%d", v)
}

func (g *FlowGraph) cellName(o, f uint32) string {
	n := g.Analysis.Graph.Nodes[o]
	s := n.Label
	switch {
	case f == starCell:
		return "*" + s
	case f == frontend.ElemIndex:
		return s + "[*]"
	case f == frontend.MapKeyIndex:
		return "key of " + s
	case f == frontend.MapValIndex:
		return s + "[k]"
	}
	if n.Type != nil {
		t := n.Type
		if st, ok := t.Underlying().(*types.Struct); ok {
			for i := 0; i < st.NumFields(); i++ {
				if idx, ok := g.Analysis.Graph.FieldIndex(t, i); ok && idx == f {
					return s + "." + st.Field(i).Name()
				}
			}
		}
	}
	return s + ".field"
}

// tracked reports whether values of type t can carry nil or taint.
func tracked(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0 || u.Kind() == types.UnsafePointer
	case *types.Pointer, *types.Interface, *types.Map, *types.Slice, *types.Chan, *types.Signature:
		return true
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if trackedLeaf(u.Field(i).Type()) {
				return true
			}
		}
	case *types.Array:
		return trackedLeaf(u.Elem())
	case *types.TypeParam:
		return true
	}
	return false
}

// trackedLeaf is tracked for a field, whose nested structs are one vertex.
func trackedLeaf(t types.Type) bool {
	if st, ok := t.Underlying().(*types.Struct); ok {
		for i := 0; i < st.NumFields(); i++ {
			if trackedLeaf(st.Field(i).Type()) {
				return true
			}
		}
		return false
	}
	return tracked(t)
}

// nilable reports whether a value of type t can be nil.
func nilable(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Map, *types.Slice, *types.Chan, *types.Signature:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	}
	return false
}

// fieldsOf lists the tracked fields of a struct type t, or nil when t is
// not a struct (its value is one vertex).
func fieldsOf(t types.Type) []int {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var fs []int
	for i := 0; i < st.NumFields(); i++ {
		if trackedLeaf(st.Field(i).Type()) {
			fs = append(fs, i)
		}
	}
	return fs
}

func typeOf(v ssa.Value, comp int) types.Type {
	t := v.Type()
	if comp >= 0 {
		return t.(*types.Tuple).At(comp).Type()
	}
	return t
}

// leaves returns the vertices of v (component comp, or -1), one per
// tracked field for structs.
func (g *FlowGraph) leaves(v ssa.Value, comp int, guarded bool) []uint32 {
	return leavesOf(g, v, comp, guarded)
}

func (g *FlowGraph) cut(n int) []uint32 { return g.arena.cut(n) }

// numbering numbers the vertices of values: the flow graph itself, a
// value-flow build worker (in provisional numbers) and the taint walk
// (without changing the graph).
type numbering interface {
	vertex(v ssa.Value, comp, field int, guarded bool) uint32
	cut(n int) []uint32
}

// leavesOf returns the vertices of v (component comp, or -1) in m's
// numbering, one per tracked field for structs.
func leavesOf[M numbering](m M, v ssa.Value, comp int, guarded bool) []uint32 {
	switch v.(type) {
	case *ssa.Const, *ssa.Builtin:
		return nil
	}
	t := typeOf(v, comp)
	if _, ok := t.(*types.Tuple); ok || !tracked(t) {
		return nil
	}
	fs := fieldsOf(t)
	if fs == nil {
		out := m.cut(1)
		out[0] = m.vertex(v, comp, -1, guarded && nilable(t))
		return out
	}
	out := m.cut(len(fs))
	for k, f := range fs {
		out[k] = m.vertex(v, comp, f, false)
	}
	return out
}

// A vertexArena hands out the slices leaves returns, cut from shared
// blocks (one allocation per 4096 numbers, not one per call; a slice per
// result was most of the build's and the taint walk's allocations).
type vertexArena []uint32

// cut returns a slice of n vertex numbers to fill; its capacity is n, so
// that appending to it copies.
func (a *vertexArena) cut(n int) []uint32 {
	if n > 256 {
		return make([]uint32, n)
	}
	if len(*a)+n > cap(*a) {
		*a = make([]uint32, 0, 4096)
	}
	k := len(*a)
	*a = (*a)[:k+n]
	return (*a)[k : k+n : k+n]
}

// hasValue reports whether v (not a tuple, not a struct) has its vertex.
func (g *FlowGraph) hasValue(v ssa.Value) bool {
	_, ok := g.lookup(v, &vkey{v, -1, -1, false}, true)
	return ok
}

// lookup returns the vertex of key k (of v; plain: whole, unguarded).
func (g *FlowGraph) lookup(v ssa.Value, k *vkey, plain bool) (uint32, bool) {
	var x *valueIDs
	if ownValue(v) {
		x = g.idsOf(v, false)
	}
	return g.lookupIn(x, v, k, plain)
}

// lookupIn is lookup with x, the vertices of v's function (nil: none, or
// v is not a function's own value).
func (g *FlowGraph) lookupIn(x *valueIDs, v ssa.Value, k *vkey, plain bool) (uint32, bool) {
	if ownValue(v) {
		if x != nil {
			if id, ok := x.get(v, k, plain); ok {
				return id, true
			}
		}
		if !g.foreignOwn {
			return 0, false
		}
	}
	// (An instruction's value that another function's body named is
	// shared too: valid SSA has none.)
	id, ok := g.shared[*k]
	return id, ok
}

// valueVertex is the vertex that the key (v, comp, field, guarded) makes.
func valueVertex(v ssa.Value, comp, field int, guarded bool) Vertex {
	kind := VValue
	switch {
	case guarded:
		kind = VGuarded
	case comp >= 0:
		kind = VTuple
	}
	return Vertex{Kind: kind, Value: v, Func: v.Parent(), Index: comp, Field: field, Pos: posOf(v)}
}

func (g *FlowGraph) vertex(v ssa.Value, comp, field int, guarded bool) uint32 {
	plain := comp < 0 && field < 0 && !guarded
	k := vkey{v, int32(comp), int32(field), guarded}
	if id, ok := g.lookup(v, &k, plain); ok {
		return id
	}
	var base uint32
	if guarded {
		base = g.vertex(v, comp, field, false)
	}
	id := g.newVertex(valueVertex(v, comp, field, guarded))
	if ownValue(v) {
		g.idsOf(v, true).set(v, &k, plain, id)
	} else {
		g.shared[k] = id
	}
	if guarded {
		g.addEdge(base, id, LabelGuard, graph.NoIndex, EdgeInfo{Pos: posOf(v)})
	}
	return id
}

// returns lists the vertices of each result of fn: none for untracked
// results, one per field for struct results.
func (g *FlowGraph) returns(fn *ssa.Function) [][]uint32 {
	if r, ok := g.rets[fn]; ok {
		return r
	}
	res := fn.Signature.Results()
	r := make([][]uint32, res.Len())
	for k := range r {
		t := res.At(k).Type()
		if !tracked(t) {
			continue
		}
		if fs := fieldsOf(t); fs != nil {
			for _, f := range fs {
				r[k] = append(r[k], g.newVertex(Vertex{Kind: VReturn, Func: fn, Index: k, Field: f, Pos: fn.Pos()}))
			}
			continue
		}
		r[k] = []uint32{g.newVertex(Vertex{Kind: VReturn, Func: fn, Index: k, Field: -1, Pos: fn.Pos()})}
	}
	g.rets[fn] = r
	return r
}

// heapCell returns the vertex of cell f of points-to object o. A cell of
// a sub-object's whole pointee is the parent's field.
func (g *FlowGraph) heapCell(o, f uint32) uint32 {
	if f == starCell {
		if n := g.Analysis.Graph.Nodes[o]; n.Kind == frontend.KindSubObject {
			o, f = n.Parent, uint32(n.Index)
		}
	}
	k := hkey{o, f}
	if id, ok := g.heap[k]; ok {
		return id
	}
	id := g.newVertex(Vertex{Kind: VHeap, Obj: o, HeapField: f, Field: -1, Pos: g.Analysis.Graph.Nodes[o].Pos})
	g.heap[k] = id
	return id
}

// pointees are the objects v may point to, without the unknown object:
// flows through memory the analysis does not model are not followed (a
// hub that would join every unsafe store to every unsafe load).
func (g *FlowGraph) pointees(v ssa.Value) []uint32 {
	var out []uint32
	for _, o := range g.Analysis.PointsTo(v) {
		if o != g.Analysis.Graph.Unknown {
			out = append(out, o)
		}
	}
	return out
}

// exprName reconstructs a source expression for v.
func (g *FlowGraph) exprName(v ssa.Value, depth int) string { return exprName(g.names, v, depth) }

// funcShort names fn in witness steps: (*T).M, pkg.f.
func funcShort(fn *ssa.Function) string {
	if fn == nil {
		return "a function"
	}
	return frontend.FuncName(fn)
}
