package frontend

import (
	"fmt"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/cflr/cflr/graph"
)

// Edge labels of the points-to graph (see grammars/pointsto.cfg).
const (
	lNew    = "new"
	lAssign = "assign"
	lLoad   = "load"
	lStore  = "store"
	lLoadI  = "load_i"
	lStoreI = "store_i"
	lFA     = "fa_i"
	lFld    = "fld_i"
	lCall   = "call_i"
	lRet    = "ret_i"
)

// Field-like indices shared by every type: array, slice and channel
// elements, map keys and map values. Struct fields number from fieldBase.
const (
	idxElem   = 0
	idxMapKey = 1
	idxMapVal = 2
	fieldBase = 3
)

// NodeKind says what a vertex stands for.
type NodeKind uint8

const (
	// KindValue is an SSA value (a register, parameter, free variable).
	KindValue NodeKind = iota
	// KindTuple is one component of a tuple-valued SSA value.
	KindTuple
	// KindReturn is result i of a function.
	KindReturn
	// KindTemp is a helper vertex (a field address inside a copy).
	KindTemp
	// KindObject is an abstract object: an allocation site.
	KindObject
	// KindSubObject is a field or element of an abstract object.
	KindSubObject
	// KindSpecial is a program-wide vertex: the panic value, unknown memory.
	KindSpecial
)

func (k NodeKind) String() string {
	return [...]string{"value", "tuple", "return", "temp", "object", "subobject", "special"}[k]
}

// Node describes one vertex of the graph.
type Node struct {
	Kind NodeKind
	// Value is the SSA value (values, tuples) or allocating instruction
	// (objects); nil for others.
	Value ssa.Value
	// Func is the function the vertex belongs to (or, for a function
	// object, the function itself).
	Func *ssa.Function
	// Index is the tuple component, result number or sub-object index.
	Index int
	// Parent is the object a sub-object belongs to.
	Parent uint32
	// Type is, for objects, the dynamic type an interface holding the
	// object has (boxes) or the allocated type; nil when unknown.
	Type types.Type
	// Label names objects in annotations and output: "new@12", "x",
	// "box@7", "main.f", "new@12.next".
	Label string
	// Pos is the source position, if any.
	Pos token.Pos
}

// Unmodelled is a place whose semantics the graph approximates: calls to
// functions without Go bodies (assembly, cgo, linkname), reflection,
// unsafe.Pointer conversions.
type Unmodelled struct {
	Pos    string // file:line:col
	Func   string // enclosing function
	Reason string
}

// Options controls graph construction.
type Options struct {
	// Context labels parameter passing with call_i and returns with ret_i
	// (index: the call site), for the context-sensitive grammar.
	Context bool
	// Callees resolves dynamic call sites (function values and interface
	// methods). It is required; Analyze supplies VTA's call graph (and,
	// with AnalysisOptions.Refine, the narrowed one for the second build).
	Callees func(site ssa.CallInstruction) []*ssa.Function
	// AllFunctions translates every function body of the program. By
	// default only the functions that can run (reachableFuncs: from main,
	// the initializers and the named library packages) are translated.
	AllFunctions bool
	// BoxPerType gives every dynamic type one box object (labeled
	// box[T]) instead of one per conversion to an interface (box@line).
	// The interface-heavy standard library (go/types, fmt, errors) makes
	// per-site boxes the largest points-to sets of a whole program: on
	// x/tools/cmd/stringer some boxes reach 8,000 variables and the
	// points-to relation has 6.8M pairs. Per type, an interface points to
	// at most its implementing types, which is all a dynamic call needs;
	// the content of a box is then every value of that type converted
	// anywhere, a loss only for values taken back out of interfaces.
	BoxPerType bool
	// RuntimeBodies translates the bodies of the packages opaque lists
	// (runtime, reflect, internal/abi, ...) like any other. By default
	// calls into them are modelled as calls without Go bodies.
	RuntimeBodies bool
	// ScalarContainers leaves out slices, maps and channels whose
	// elements hold no references ([]byte, map[string]int): no vertices,
	// no objects. They cannot lead to a function or an object, so call
	// graphs and the points-to sets of other values are unchanged, but
	// their own points-to sets and aliases are no longer answered. In a
	// whole program the byte slices of io, fmt and strconv are the
	// largest points-to sets left (each reaches ~3,000 []byte variables
	// of pebble/cmd/pebble).
	ScalarContainers bool
	// CallGraphOnly (implies ScalarContainers) also leaves out pointers
	// whose pointees cannot lead, through fields, elements and further
	// pointers, to a function value, an interface or unsafe memory
	// (*bytes.Buffer, *big.Int). Such values never decide a dynamic call,
	// so the call graph is unchanged; their points-to sets are lost.
	CallGraphOnly bool
	// NoReflection turns the reflection model (reflect.go) off: calls of
	// package reflect then yield the unknown object, like other calls
	// into opaque packages.
	NoReflection bool

	// reachable, when set, is reachableFuncs' answer for Callees, which
	// Analyze has computed (mostly while VTA ran).
	reachable []*ssa.Function
}

// opaque reports whether the body of fn is left out of the graph (see
// Options.RuntimeBodies). These packages implement the language itself
// with unsafe.Pointer arithmetic: translated, every unsafe conversion
// yields the unknown object, and whatever is stored through one lands in
// the unknown object's content, which every other unsafe load reads back.
// That one hub made a third of x/tools/cmd/stringer's points-to pairs. A
// call into them is modelled like a call to assembly: its result is the
// unknown object and it is listed as unmodelled. Their call edges stay in
// the call graph (static callees, and VTA's callees at dynamic sites), and
// the functions they call back (finalizers, methods called by reflection)
// are kept reachable by reachableFuncs.
func (b *builder) opaque(fn *ssa.Function) bool {
	if b.opts.RuntimeBodies {
		return false
	}
	return opaquePkg(fn)
}

func opaquePkg(fn *ssa.Function) bool {
	if fn.Pkg == nil {
		if o := fn.Origin(); o != nil && o.Pkg != nil {
			fn = o
		} else {
			return false // wrappers: their bodies call the real method
		}
	}
	path := fn.Pkg.Pkg.Path()
	switch path {
	case "runtime", "reflect", "internal/reflectlite", "internal/abi", "unsafe":
		return true
	}
	return strings.HasPrefix(path, "runtime/") || strings.HasPrefix(path, "internal/runtime/")
}

// Graph is the labeled graph of a program together with the meaning of
// every vertex.
type Graph struct {
	*graph.Graph
	// Nodes describes each vertex (len Graph.NumVertices).
	Nodes []Node
	// Unmodelled lists the approximated places, sorted.
	Unmodelled []Unmodelled
	// Sites are the call sites, in the order of their call_i indices.
	Sites []ssa.CallInstruction
	// Funcs are the functions whose bodies the graph holds, sorted.
	Funcs []*ssa.Function
	// Rep maps each vertex to the vertex that stands for it after merging
	// equivalent variables (Analyze; nil when not merged). A merged vertex
	// has no edges; its points-to set is its representative's.
	Rep []uint32

	prog *ssa.Program
	wd   string // Program.wd, for positions
	// vals is the vertex of every SSA value that has one. Build fills it
	// in the background (see builder.local): read it through valueID.
	vals      map[ssa.Value]uint32
	valsReady chan struct{}
	contents  map[ssa.Value]uint32 // content vertex of address-taken variables (Debug)
	objs      map[ssa.Value]uint32 // allocation site → object
	fnObjs    map[*ssa.Function]uint32
	rets      map[*ssa.Function][]uint32
	tuples    map[tupleKey]uint32
	// Panic is the vertex every panic value flows to and recover reads.
	Panic uint32
	// Unknown is the object standing for memory the graph does not model.
	Unknown uint32

	fieldIdx map[any]uint32                  // builder.fields, for FieldIndex
	direct   map[*ssa.Function][][]ssa.Value // directResults, memoized
	structs  structIDs                       // the struct types of fieldIdx's keys
}

type tupleKey struct {
	v ssa.Value
	i int
}

const noVertex = ^uint32(0)

// builder turns SSA into edges.
type builder struct {
	*Graph
	opts      *Options
	fields    map[any]uint32      // field key → index
	escaping  map[uint32]bool     // field indices some escaping FieldAddr/IndexAddr uses
	carry     map[types.Type]bool // memo of carries
	unknownV  uint32              // variable pointing to Unknown
	subs      map[subKey]uint32   // sub-objects
	siteIndex map[ssa.CallInstruction]uint32
	fn        *ssa.Function // function being translated
	seenUnmod map[Unmodelled]bool
	boxes     typeutil.Map // dynamic type → box object (Options.BoxPerType)
	boxIdx    typeutil.Map // dynamic type → index of box content (boxIndex)
	holders   typeutil.Map // dynamic type → vertex pointing to its box (boxHolder)

	// refl is the reflection model's state (reflect.go).
	refl *reflectModel

	// The values local to the function being translated (registers) are
	// looked up in local, emptied after each function, and listed in
	// created; the others (parameters, free variables, globals, functions)
	// in shared, which other functions' calls and closures also reach.
	// One map of every value made Build's lookups miss the cache; the
	// map of all (Graph.vals) is put together after the last function,
	// in a goroutine, while merging and solving go on.
	local   map[ssa.Value]uint32
	shared  map[ssa.Value]uint32
	created []valueVertex
}

type valueVertex struct {
	v  ssa.Value
	id uint32
}

// valueID returns the vertex of SSA value v, if it has one.
func (g *Graph) valueID(v ssa.Value) (uint32, bool) {
	if g.valsReady != nil {
		<-g.valsReady
	}
	id, ok := g.vals[v]
	return id, ok
}

type subKey struct {
	parent uint32
	idx    uint32
}

// Build constructs the points-to graph of every function in prog.
func Build(prog *Program, opts *Options) (*Graph, error) {
	if opts == nil || opts.Callees == nil {
		return nil, fmt.Errorf("frontend.Build: Options.Callees is required")
	}
	if opts.CallGraphOnly && !opts.ScalarContainers {
		o := *opts
		o.ScalarContainers = true
		opts = &o
	}
	funcs := prog.sortedFuncs()
	switch {
	case opts.AllFunctions:
	case opts.reachable != nil:
		funcs = opts.reachable
	default:
		funcs = reachableFuncs(prog, funcs, opts.Callees)
	}
	// Size the vertex list and the value map from the instruction count:
	// grown by appending, the vertex list (88 bytes a vertex) allocated
	// five times its final size on miniflux, and the map rehashed all the
	// way up. Whole programs had 0.29-0.36 vertices, 0.18-0.21 values and
	// 0.41-0.46 edges an instruction (stringer, present, pebble, miniflux).
	ninstr := 0
	for _, fn := range funcs {
		for _, blk := range fn.Blocks {
			ninstr += len(blk.Instrs)
		}
	}
	b := &builder{
		Graph: &Graph{
			Graph: graph.New(), prog: prog.SSA, wd: prog.wd,
			Nodes:    make([]Node, 0, ninstr*3/8+1024),
			contents: map[ssa.Value]uint32{},
			objs:     map[ssa.Value]uint32{}, fnObjs: map[*ssa.Function]uint32{},
			rets: map[*ssa.Function][]uint32{}, tuples: map[tupleKey]uint32{},
		},
		opts: opts, fields: map[any]uint32{}, escaping: map[uint32]bool{},
		carry: map[types.Type]bool{}, subs: map[subKey]uint32{},
		siteIndex: map[ssa.CallInstruction]uint32{}, seenUnmod: map[Unmodelled]bool{},
		local: map[ssa.Value]uint32{}, shared: make(map[ssa.Value]uint32, 2*len(funcs)),
		created: make([]valueVertex, 0, ninstr/4),
	}
	b.Edges = make([]graph.Edge, 0, ninstr/2+1024)
	b.Panic = b.node(Node{Kind: KindSpecial, Label: "<panic>"})
	b.Unknown = b.node(Node{Kind: KindObject, Label: "<unknown>"})
	b.unknownV = b.node(Node{Kind: KindSpecial, Label: "<unknown-ptr>"})
	b.edge(b.Unknown, b.unknownV, lNew, graph.NoIndex)
	b.Funcs = funcs
	// Pass 1: which field indices have escaping addresses, so that objects
	// get sub-objects for exactly those (plus aggregate fields).
	for _, fn := range funcs {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				switch a := instr.(type) {
				case *ssa.FieldAddr:
					if b.escapes(a) {
						b.escaping[b.fieldIndex(deref(a.X.Type()), a.Field)] = true
					}
				case *ssa.IndexAddr:
					if b.escapes(a) {
						b.escaping[idxElem] = true
					}
				}
			}
		}
	}
	var cur *ssa.Function
	defer Rethrow("points-to build", &cur)
	for _, fn := range funcs {
		if !b.opaque(fn) {
			cur = fn
			b.function(fn)
		}
	}
	cur = nil
	b.reflectFinish()
	// Every package-level variable gets a vertex for its content, so that
	// queries can name it.
	pkgs := prog.SSA.AllPackages()
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].Pkg.Path() < pkgs[j].Pkg.Path() })
	for _, p := range pkgs {
		names := make([]string, 0, len(p.Members))
		for name := range p.Members {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			if g, ok := p.Members[name].(*ssa.Global); ok {
				if t := deref(g.Type()); b.carries(t) && !aggregate(t) {
					q := b.node(Node{Kind: KindTemp, Value: g, Pos: g.Pos()})
					b.contents[g] = q
					b.load(g, q)
				}
			}
		}
	}
	sort.Slice(b.Unmodelled, func(i, j int) bool {
		x, y := b.Unmodelled[i], b.Unmodelled[j]
		if x.Pos != y.Pos {
			return x.Pos < y.Pos
		}
		return x.Reason < y.Reason
	})
	b.NumVertices = uint32(len(b.Nodes))
	b.fieldIdx = b.fields
	g := b.Graph
	g.valsReady = make(chan struct{})
	go func(shared map[ssa.Value]uint32, created []valueVertex) {
		vals := make(map[ssa.Value]uint32, len(shared)+len(created))
		for v, id := range shared {
			vals[v] = id
		}
		for _, c := range created {
			vals[c.v] = c.id
		}
		g.vals = vals
		close(g.valsReady)
	}(b.shared, b.created)
	return g, nil
}

// sortedFuncs lists every function with a body, in a deterministic order
// (computed once: each build and comparison needs it).
func (p *Program) sortedFuncs() []*ssa.Function {
	if p.funcs != nil {
		return p.funcs
	}
	p.setFuncs(allFunctionsUsers(p.SSA))
	return p.funcs
}

// setFuncs sets the sorted function list from all, the program's
// functions (ssautil.AllFunctions), and users (allFunctionsUsers), unless
// it is set already.
func (p *Program) setFuncs(all map[*ssa.Function]bool, users funcUsers) {
	if p.funcs != nil {
		return
	}
	prog := p.SSA
	var fs []*ssa.Function
	for fn := range all {
		// Generic bodies are analyzed through their instances.
		if len(fn.Blocks) > 0 && (fn.TypeParams().Len() == 0 || len(fn.TypeArgs()) > 0) {
			fs = append(fs, fn)
		}
	}
	sortFuncsKeyed(prog, fs, make(map[*ssa.Function]string, len(fs)), users)
	p.funcs, p.users = fs, users
}

// sortFuncsKeyed sorts fs by name and position, with the sort keys (which
// cost a type-string each) cached in key across calls. The copies of a
// function that go/ssa makes per expression share both: they are told
// apart by where users says they are used (or they would come in map
// order, and the graph's numbering would vary by run).
func sortFuncsKeyed(prog *ssa.Program, fs []*ssa.Function, key map[*ssa.Function]string, users funcUsers) {
	for _, f := range fs {
		if _, ok := key[f]; !ok {
			k := funcSortKey(prog, f)
			if u := users[f]; u != nil {
				k += "\x00" + funcSortKey(prog, u.Parent()) + "\x00" + instrIndex(u)
			}
			key[f] = k
		}
	}
	sort.Slice(fs, func(i, j int) bool { return key[fs[i]] < key[fs[j]] })
}

func funcSortKey(prog *ssa.Program, f *ssa.Function) string {
	k := fmt.Sprintf("%s\x00%s", funcString(f), prog.Fset.Position(f.Pos()))
	// An instance made in a generic body has that body's type
	// parameters for arguments, printed by name only (slices.pdqsortCmpFunc[E]
	// for each sort function's E): add where they are declared.
	for _, t := range f.TypeArgs() {
		k += typeParamsAt(prog, t)
	}
	return k
}

// typeParamsAt lists the declarations of the type parameters t is made of.
func typeParamsAt(prog *ssa.Program, t types.Type) string {
	switch u := types.Unalias(t).(type) {
	case *types.TypeParam:
		return "\x00" + prog.Fset.Position(u.Obj().Pos()).String()
	case *types.Pointer:
		return typeParamsAt(prog, u.Elem())
	case *types.Slice:
		return typeParamsAt(prog, u.Elem())
	case *types.Array:
		return typeParamsAt(prog, u.Elem())
	case *types.Map:
		return typeParamsAt(prog, u.Key()) + typeParamsAt(prog, u.Elem())
	case *types.Chan:
		return typeParamsAt(prog, u.Elem())
	case *types.Named:
		var s string
		for t := range u.TypeArgs().Types() {
			s += typeParamsAt(prog, t)
		}
		return s
	}
	return ""
}

// instrIndex is where instr lies in its function: block and instruction
// numbers, zero-padded so that strings compare as the numbers do.
func instrIndex(instr ssa.Instruction) string {
	b := instr.Block()
	i := slices.Index(b.Instrs, instr)
	return fmt.Sprintf("%08d.%08d", b.Index, i)
}

func (b *builder) node(n Node) uint32 {
	b.Nodes = append(b.Nodes, n)
	return uint32(len(b.Nodes) - 1)
}

func (b *builder) edge(src, dst uint32, label string, index uint32) {
	if src == noVertex || dst == noVertex {
		return
	}
	b.AddEdge(src, dst, label, index)
}

func (b *builder) assign(src, dst uint32) { b.edge(src, dst, lAssign, graph.NoIndex) }

func (b *builder) temp() uint32 { return b.node(Node{Kind: KindTemp, Func: b.fn}) }

func (b *builder) unmodelled(pos token.Pos, reason string) {
	u := Unmodelled{Pos: posString(b.wd, b.prog.Fset, pos), Reason: reason}
	if b.fn != nil {
		u.Func = b.fn.String()
	}
	if !b.seenUnmod[u] {
		b.seenUnmod[u] = true
		b.Unmodelled = append(b.Unmodelled, u)
	}
}

// carries reports whether values of type t can hold references to
// objects the graph models. Strings and numbers do not.
func (b *builder) carries(t types.Type) bool {
	if r, ok := b.carry[t]; ok {
		return r
	}
	b.carry[t] = true // break cycles through pointers: assume yes
	r := true
	switch u := t.Underlying().(type) {
	case *types.Basic:
		r = u.Kind() == types.UnsafePointer
	case *types.Struct:
		r = false
		for i := 0; i < u.NumFields(); i++ {
			if b.carries(u.Field(i).Type()) {
				r = true
				break
			}
		}
	case *types.Array:
		r = b.carries(u.Elem())
	case *types.Pointer:
		// Only pointers that can lead to code (a function value, an
		// interface, unsafe memory) matter to a call graph.
		r = !b.opts.CallGraphOnly || b.carries(u.Elem())
	case *types.Slice:
		r = !b.opts.ScalarContainers || b.carries(u.Elem())
	case *types.Map:
		r = !b.opts.ScalarContainers || b.carries(u.Key()) || b.carries(u.Elem())
	case *types.Chan:
		r = !b.opts.ScalarContainers || b.carries(u.Elem())
	case *types.Tuple:
		r = false
		for i := 0; i < u.Len(); i++ {
			if b.carries(u.At(i).Type()) {
				r = true
			}
		}
	}
	b.carry[t] = r
	return r
}

// aggregate reports whether t is a struct or array: such values live in
// objects and a register of that type stands for the object holding it.
func aggregate(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Struct:
		// A reflect.Value points to boxes, as an interface (reflect.go).
		return !isReflectNamed(t, "Value")
	case *types.Array:
		return true
	}
	return false
}

func deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// fieldIndex is the edge index of field i of struct type t: one per field
// of a struct type, struct types told apart by identity ignoring tags, so
// that conversions keep the fields (see fieldid.go).
func (b *builder) fieldIndex(t types.Type, i int) uint32 {
	st, ok := t.Underlying().(*types.Struct)
	if !ok { // a type parameter's core type; not reached for instances
		return idxElem
	}
	key := fieldKey{b.structs.id(st), i}
	if idx, ok := b.fields[key]; ok {
		return idx
	}
	idx := uint32(len(b.fields)) + fieldBase
	b.fields[key] = idx
	return idx
}

// boxKey reserves a box content index in builder.fields.
type boxKey int

// boxIndex is the load_i/store_i index of the content of a box whose
// dynamic type is t. Boxes hold their content under their type's index, so
// that a type assertion to T or a call of T's method reads only the boxes
// of type T (a type filter in the graph itself). Types are told apart by
// types.Identical (typeutil.Map), so an alias and the type it names, or
// a method's receiver and the boxed type, share their index.
func (b *builder) boxIndex(t types.Type) uint32 {
	if idx, ok := b.boxIdx.At(t).(uint32); ok {
		return idx
	}
	idx := uint32(len(b.fields)) + fieldBase
	b.fields[boxKey(b.boxIdx.Len())] = idx // reserve it among the fields'
	b.boxIdx.Set(t, idx)
	return idx
}

// escapes reports whether the address a FieldAddr or IndexAddr computes is
// used other than by loads and stores of non-aggregate values: then it
// needs a vertex of its own pointing at a sub-object.
func (b *builder) escapes(addr ssa.Value) bool {
	for _, r := range *addr.Referrers() {
		switch r := r.(type) {
		case *ssa.UnOp:
			if r.Op == token.MUL && !aggregate(r.Type()) {
				continue
			}
		case *ssa.Store:
			if r.Addr == addr && r.Val != addr && !aggregate(r.Val.Type()) {
				continue
			}
		case *ssa.DebugRef:
			if r.IsAddr {
				continue // the address of o.f itself: o.f's content is asked
			}
			// else a variable holds the address: give it a vertex
		}
		return true
	}
	return false
}

// value returns the vertex of v, or noVertex when v cannot carry references.
func (b *builder) value(v ssa.Value) uint32 {
	m, local := b.shared, false
	switch v.(type) {
	case *ssa.Const, *ssa.Builtin:
		return noVertex // nil, or not a value
	case *ssa.Function, *ssa.Global, *ssa.Parameter, *ssa.FreeVar:
	default:
		if b.fn != nil && v.Parent() == b.fn {
			m, local = b.local, true
		}
	}
	if id, ok := m[v]; ok {
		return id
	}
	switch v := v.(type) {
	case *ssa.Function:
		id := b.node(Node{Kind: KindValue, Value: v, Func: v, Pos: v.Pos()})
		m[v] = id
		b.edge(b.funcObject(v), id, lNew, graph.NoIndex)
		return id
	case *ssa.Global:
		id := b.node(Node{Kind: KindValue, Value: v, Pos: v.Pos()})
		m[v] = id
		o := b.object(v, deref(v.Type()), pkgName(v.Pkg.Pkg)+"."+v.Name(), v.Pos())
		b.edge(o, id, lNew, graph.NoIndex)
		return id
	}
	if !b.carries(v.Type()) {
		return noVertex
	}
	var fn *ssa.Function
	if p := v.Parent(); p != nil {
		fn = p
	}
	id := b.node(Node{Kind: KindValue, Value: v, Func: fn, Pos: v.Pos()})
	m[v] = id
	if local {
		b.created = append(b.created, valueVertex{v, id})
	}
	return id
}

// component returns the vertex of component i of a tuple-valued v.
func (b *builder) component(v ssa.Value, i int) uint32 {
	t := v.Type().(*types.Tuple)
	if !b.carries(t.At(i).Type()) {
		return noVertex
	}
	k := tupleKey{v, i}
	if id, ok := b.tuples[k]; ok {
		return id
	}
	id := b.node(Node{Kind: KindTuple, Value: v, Func: v.Parent(), Index: i, Pos: v.Pos()})
	b.tuples[k] = id
	return id
}

// result returns the vertex receiving result i of a call (or of another
// tuple-producing instruction).
func (b *builder) result(v ssa.Value, i int) uint32 {
	if v == nil {
		return noVertex
	}
	if _, ok := v.Type().(*types.Tuple); ok {
		return b.component(v, i)
	}
	return b.value(v)
}

func (b *builder) funcObject(fn *ssa.Function) uint32 {
	if id, ok := b.fnObjs[fn]; ok {
		return id
	}
	id := b.node(Node{Kind: KindObject, Func: fn, Type: fn.Signature, Label: funcName(fn), Pos: fn.Pos()})
	b.fnObjs[fn] = id
	return id
}

// object returns the abstract object allocated at site, creating it with
// the sub-objects its type t needs.
func (b *builder) object(site ssa.Value, t types.Type, label string, pos token.Pos) uint32 {
	if id, ok := b.objs[site]; ok {
		return id
	}
	id := b.node(Node{Kind: KindObject, Value: site, Type: t, Label: label, Pos: pos})
	b.objs[site] = id
	b.subObjects(id, t, 0)
	return id
}

// subObjects gives object o of type t a sub-object for every field or
// element that is an aggregate (its values live in place) or whose address
// escapes somewhere in the program.
func (b *builder) subObjects(o uint32, t types.Type, depth int) {
	if depth > 8 {
		return // deeper nesting is folded into the parent (sound: see doc)
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			ft := u.Field(i).Type()
			idx := b.fieldIndex(t, i)
			if (aggregate(ft) && b.carries(ft)) || b.escaping[idx] {
				b.subObject(o, idx, ft, "."+u.Field(i).Name(), depth)
			}
		}
	case *types.Array:
		if (aggregate(u.Elem()) && b.carries(u.Elem())) || b.escaping[idxElem] {
			b.subObject(o, idxElem, u.Elem(), "[*]", depth)
		}
	}
}

func (b *builder) subObject(o, idx uint32, t types.Type, suffix string, depth int) {
	k := subKey{o, idx}
	if _, ok := b.subs[k]; ok {
		return
	}
	p := b.Nodes[o]
	s := b.node(Node{Kind: KindSubObject, Parent: o, Index: int(idx), Type: types.NewPointer(t), Label: p.Label + suffix, Pos: p.Pos})
	b.subs[k] = s
	b.edge(o, s, lFld, idx)
	b.subObjects(s, t, depth+1)
}

// typeBox returns the one box object of the dynamic type of mi (its first
// conversion, in Build's deterministic order, stands as its site).
func (b *builder) typeBox(mi *ssa.MakeInterface) uint32 {
	t := mi.X.Type()
	if o, ok := b.boxes.At(t).(uint32); ok {
		return o
	}
	o := b.node(Node{Kind: KindObject, Value: mi, Type: t, Label: "box[" + types.TypeString(t, func(p *types.Package) string { return p.Name() }) + "]"})
	b.objs[mi] = o
	b.boxes.Set(t, o)
	b.subObjects(o, t, 0)
	if h, ok := b.holders.At(t).(uint32); ok {
		b.edge(o, h, lNew, graph.NoIndex)
	}
	return o
}

// boxHolder returns a vertex that points to the one box of type t (with
// Options.BoxPerType), whenever that box exists. A method of T called
// through an interface takes its receiver from it: with one box per type,
// the receiver's guarded reading (the content of the boxes of type T the
// interface holds) is the content of box[T] as soon as the call may reach
// T's method at all, which the callee list says. Reading through the
// interface instead costs, for every callee, the whole points-to set of
// the interface: fmt's handleMethods has 205 String/Error/Format callees on
// one interface pointing to 560 boxes in pebble.
func (b *builder) boxHolder(t types.Type) uint32 {
	if h, ok := b.holders.At(t).(uint32); ok {
		return h
	}
	h := b.node(Node{Kind: KindTemp, Type: t})
	b.holders.Set(t, h)
	if o, ok := b.boxes.At(t).(uint32); ok {
		b.edge(o, h, lNew, graph.NoIndex)
	}
	return h
}

// alloc makes v point to a fresh object allocated at v.
func (b *builder) alloc(v ssa.Value, t types.Type, kind string) {
	dst := b.value(v)
	if dst == noVertex {
		return
	}
	pos := posOf(v)
	o := b.object(v, t, kind+"@"+b.line(pos), pos)
	b.edge(o, dst, lNew, graph.NoIndex)
}

// posOf is v's position or, for implicit operations, that of the first
// instruction using v, or of v's operand.
func posOf(v ssa.Value) token.Pos {
	if v.Pos().IsValid() {
		return v.Pos()
	}
	if rs := v.Referrers(); rs != nil {
		for _, r := range *rs {
			if r.Pos().IsValid() {
				return r.Pos()
			}
		}
	}
	if i, ok := v.(ssa.Instruction); ok {
		for _, op := range i.Operands(nil) {
			if *op != nil && (*op).Pos().IsValid() {
				return (*op).Pos()
			}
		}
	}
	return token.NoPos
}

func (b *builder) line(pos token.Pos) string {
	if !pos.IsValid() {
		return "?"
	}
	return fmt.Sprint(b.prog.Fset.Position(pos).Line)
}

// addrOf returns the base and index of a field or element address that
// loads and stores can use directly (load_i/store_i), if addr is one.
func (b *builder) addrOf(addr ssa.Value) (base uint32, idx uint32, ok bool) {
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		return b.value(a.X), b.fieldIndex(deref(a.X.Type()), a.Field), true
	case *ssa.IndexAddr:
		return b.value(a.X), idxElem, true
	}
	return 0, 0, false
}

// load emits dst := *addr for a non-aggregate pointee.
func (b *builder) load(addr ssa.Value, dst uint32) {
	if dst == noVertex {
		return
	}
	if base, idx, ok := b.addrOf(addr); ok {
		b.edge(base, dst, lLoadI, idx)
		return
	}
	b.edge(b.value(addr), dst, lLoad, graph.NoIndex)
}

// store emits *addr = src for a non-aggregate value, or copies an
// aggregate field by field.
func (b *builder) store(addr ssa.Value, val ssa.Value) {
	if aggregate(val.Type()) {
		b.copyAggregate(b.value(addr), b.value(val), val.Type(), 0)
		return
	}
	src := b.value(val)
	if src == noVertex {
		return
	}
	if base, idx, ok := b.addrOf(addr); ok {
		b.edge(src, base, lStoreI, idx)
		return
	}
	b.edge(src, b.value(addr), lStore, graph.NoIndex)
}

// copyAggregate copies the struct or array that src points to into the one
// dst points to: non-aggregate fields by load_i/store_i through a temporary,
// aggregate fields recursively through their sub-objects.
func (b *builder) copyAggregate(dst, src uint32, t types.Type, depth int) {
	if dst == noVertex || src == noVertex || depth > 8 || !b.carries(t) {
		return
	}
	one := func(idx uint32, ft types.Type) {
		if !b.carries(ft) {
			return
		}
		if aggregate(ft) {
			d, s := b.temp(), b.temp()
			b.edge(dst, d, lFA, idx)
			b.edge(src, s, lFA, idx)
			b.copyAggregate(d, s, ft, depth+1)
			return
		}
		tmp := b.temp()
		b.edge(src, tmp, lLoadI, idx)
		b.edge(tmp, dst, lStoreI, idx)
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			one(b.fieldIndex(t, i), u.Field(i).Type())
		}
	case *types.Array:
		one(idxElem, u.Elem())
	}
}

// fieldValue emits dst := agg.i for a register agg holding an aggregate
// (that is, pointing at the object holding it).
func (b *builder) fieldValue(v ssa.Value, agg ssa.Value, idx uint32) {
	dst := b.value(v)
	if dst == noVertex {
		return
	}
	if aggregate(v.Type()) {
		b.edge(b.value(agg), dst, lFA, idx)
		return
	}
	b.edge(b.value(agg), dst, lLoadI, idx)
}

// function translates the body of fn.
func (b *builder) function(fn *ssa.Function) {
	b.fn = fn
	defer func() {
		b.fn = nil
		// Emptying a map costs its capacity, not its size: start over
		// after a large function, or every small one after it pays.
		if len(b.local) > 128 {
			b.local = map[ssa.Value]uint32{}
		} else {
			clear(b.local)
		}
	}()
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			b.instr(instr)
		}
	}
}

func (b *builder) instr(instr ssa.Instruction) {
	switch i := instr.(type) {
	case *ssa.Alloc:
		label := i.Comment
		switch label {
		case "new", "complit", "slicelit", "varargs", "makeslice", "":
			if label == "" {
				label = "alloc"
			}
			b.alloc(i, deref(i.Type()), label)
		default: // an address-taken local variable: named by it
			if dst := b.value(i); dst != noVertex {
				o := b.object(i, deref(i.Type()), label, i.Pos())
				b.edge(o, dst, lNew, graph.NoIndex)
			}
		}
	case *ssa.MakeSlice:
		b.alloc(i, types.NewArray(i.Type().Underlying().(*types.Slice).Elem(), -1), "makeslice")
	case *ssa.MakeMap:
		b.alloc(i, i.Type(), "makemap")
	case *ssa.MakeChan:
		b.alloc(i, i.Type(), "makechan")
	case *ssa.MakeClosure:
		kind := "closure"
		if strings.HasPrefix(i.Fn.(*ssa.Function).Synthetic, "bound") {
			kind = "bound"
		}
		b.alloc(i, i.Type(), kind)
		fn := i.Fn.(*ssa.Function)
		for k, bind := range i.Bindings {
			b.assign(b.value(bind), b.value(fn.FreeVars[k]))
		}
	case *ssa.MakeInterface:
		// Every conversion to an interface boxes: the box's type is the
		// dynamic type, its content the value.
		dst := b.value(i)
		pos := posOf(i)
		var o uint32
		if b.opts.BoxPerType {
			o = b.typeBox(i)
		} else {
			o = b.object(i, i.X.Type(), "box@"+b.line(pos), pos)
		}
		b.edge(o, dst, lNew, graph.NoIndex)
		if src := b.value(i.X); src != noVertex {
			b.edge(src, dst, lStoreI, b.boxIndex(i.X.Type()))
		}
	case *ssa.Phi:
		dst := b.value(i)
		for _, e := range i.Edges {
			b.assign(b.value(e), dst)
		}
	case *ssa.ChangeType:
		b.assign(b.value(i.X), b.value(i))
	case *ssa.ChangeInterface:
		b.assign(b.value(i.X), b.value(i))
	case *ssa.SliceToArrayPointer:
		b.assign(b.value(i.X), b.value(i))
	case *ssa.MultiConvert:
		b.assign(b.value(i.X), b.value(i))
	case *ssa.Convert:
		b.convert(i)
	case *ssa.TypeAssert:
		dst := b.value(i)
		if i.CommaOk {
			dst = b.component(i, 0)
		}
		if types.IsInterface(i.AssertedType) {
			b.assign(b.value(i.X), dst)
		} else if dst != noVertex {
			// Only boxes of the asserted type hold what the assertion
			// yields: their content is indexed by dynamic type.
			b.edge(b.value(i.X), dst, lLoadI, b.boxIndex(i.AssertedType))
		}
	case *ssa.Extract:
		b.assign(b.result(i.Tuple, i.Index), b.value(i))
	case *ssa.FieldAddr:
		if b.escapes(i) {
			b.edge(b.value(i.X), b.value(i), lFA, b.fieldIndex(deref(i.X.Type()), i.Field))
		}
	case *ssa.IndexAddr:
		if b.escapes(i) {
			b.edge(b.value(i.X), b.value(i), lFA, idxElem)
		}
	case *ssa.Field:
		b.fieldValue(i, i.X, b.fieldIndex(i.X.Type(), i.Field))
	case *ssa.Index:
		if _, ok := i.X.Type().Underlying().(*types.Array); ok {
			b.fieldValue(i, i.X, idxElem)
		}
	case *ssa.UnOp:
		switch i.Op {
		case token.MUL:
			if aggregate(i.Type()) {
				b.assign(b.value(i.X), b.value(i))
			} else {
				b.load(i.X, b.value(i))
			}
		case token.ARROW:
			dst := b.value(i)
			if i.CommaOk {
				dst = b.component(i, 0)
			}
			b.elemLoad(i.X, dst, idxElem)
		}
	case *ssa.Store:
		b.store(i.Addr, i.Val)
	case *ssa.Lookup:
		if _, ok := i.X.Type().Underlying().(*types.Map); ok {
			dst := b.value(i)
			if i.CommaOk {
				dst = b.component(i, 0)
			}
			b.elemLoad(i.X, dst, idxMapVal)
		}
	case *ssa.MapUpdate:
		m := b.value(i.Map)
		b.edge(b.value(i.Key), m, lStoreI, idxMapKey)
		b.edge(b.value(i.Value), m, lStoreI, idxMapVal)
	case *ssa.Range:
		b.assign(b.value(i.X), b.value(i))
	case *ssa.Next:
		if !i.IsString {
			b.elemLoad(i.Iter, b.component(i, 1), idxMapKey)
			b.elemLoad(i.Iter, b.component(i, 2), idxMapVal)
		}
	case *ssa.Slice:
		b.assign(b.value(i.X), b.value(i))
	case *ssa.Send:
		b.edge(b.value(i.X), b.value(i.Chan), lStoreI, idxElem)
	case *ssa.Select:
		r := 2
		for _, st := range i.States {
			if st.Dir == types.SendOnly {
				b.edge(b.value(st.Send), b.value(st.Chan), lStoreI, idxElem)
			} else {
				b.elemLoad(st.Chan, b.component(i, r), idxElem)
				r++
			}
		}
	case *ssa.Return:
		rets := b.returns(b.fn)
		for k, r := range i.Results {
			b.assign(b.value(r), rets[k])
		}
	case *ssa.Panic:
		b.assign(b.value(i.X), b.Panic)
	case *ssa.Call:
		b.call(i, i.Common(), i)
	case *ssa.Go:
		b.call(i, i.Common(), nil)
	case *ssa.Defer:
		b.call(i, i.Common(), nil)
	case *ssa.DebugRef:
		// A variable bound to a function (a method-expression thunk,
		// I.f or T.m) names its function object, even where only
		// static calls use it. (Not every mention of a function: most
		// are calls.)
		if f, ok := i.X.(*ssa.Function); ok {
			if _, isVar := i.Object().(*types.Var); isVar {
				b.value(f)
			}
		}
		// A query on an address-taken variable asks for its content.
		if t := deref(i.X.Type()); i.IsAddr && b.carries(t) && !aggregate(t) {
			if _, ok := b.contents[i.X]; !ok {
				q := b.node(Node{Kind: KindTemp, Func: b.fn, Value: i.X, Pos: i.Pos()})
				b.contents[i.X] = q
				b.load(i.X, q)
			}
		}
	}
}

// elemLoad emits dst := the element idx (channel/slice element, map key or
// value) of the container v points to.
func (b *builder) elemLoad(v ssa.Value, dst uint32, idx uint32) {
	if dst == noVertex {
		return
	}
	if aggregate(b.typeOfVertex(dst)) {
		// An aggregate element lives in place: there is no sub-object for
		// map and channel elements, so copy it out through a fresh object.
		o := b.node(Node{Kind: KindObject, Value: v, Type: b.typeOfVertex(dst), Label: "elem@" + b.line(v.Pos()), Pos: v.Pos()})
		b.edge(o, dst, lNew, graph.NoIndex)
		src := b.temp()
		b.edge(b.value(v), src, lLoadI, idx)
		b.copyAggregate(dst, src, b.typeOfVertex(dst), 0)
		return
	}
	b.edge(b.value(v), dst, lLoadI, idx)
}

func (b *builder) typeOfVertex(v uint32) types.Type {
	n := b.Nodes[v]
	if n.Kind == KindTuple {
		return n.Value.Type().(*types.Tuple).At(n.Index).Type()
	}
	if n.Value != nil {
		return n.Value.Type()
	}
	return types.Typ[types.Invalid]
}

func (b *builder) convert(i *ssa.Convert) {
	from, to := i.X.Type().Underlying(), i.Type().Underlying()
	if isString(from) {
		if _, ok := to.(*types.Slice); ok {
			b.alloc(i, types.NewArray(to.(*types.Slice).Elem(), -1), "convert")
		}
		return
	}
	if isUnsafePointer(from) || isUnsafePointer(to) {
		b.unmodelled(i.Pos(), "unsafe.Pointer conversion "+types.TypeString(i.X.Type(), nil)+" → "+types.TypeString(i.Type(), nil))
		dst := b.value(i)
		b.assign(b.value(i.X), dst)
		b.assign(b.unknownV, dst)
		return
	}
	b.assign(b.value(i.X), b.value(i))
}

func isString(t types.Type) bool {
	bt, ok := t.Underlying().(*types.Basic)
	return ok && bt.Info()&types.IsString != 0
}

func isUnsafePointer(t types.Type) bool {
	bt, ok := t.Underlying().(*types.Basic)
	return ok && bt.Kind() == types.UnsafePointer
}

// returns lists fn's result vertices (noVertex for results that carry no
// references).
func (b *builder) returns(fn *ssa.Function) []uint32 {
	if r, ok := b.rets[fn]; ok {
		return r
	}
	res := fn.Signature.Results()
	r := make([]uint32, res.Len())
	for k := range r {
		r[k] = noVertex
		if b.carries(res.At(k).Type()) {
			r[k] = b.node(Node{Kind: KindReturn, Func: fn, Index: k, Pos: fn.Pos()})
		}
	}
	b.rets[fn] = r
	return r
}

// site returns the call_i index of a call site.
func (b *builder) site(c ssa.CallInstruction) uint32 {
	if id, ok := b.siteIndex[c]; ok {
		return id
	}
	id := uint32(len(b.Sites))
	b.siteIndex[c] = id
	b.Sites = append(b.Sites, c)
	return id
}

// call translates a call, go or defer; res is the call's value (nil for go
// and defer).
func (b *builder) call(instr ssa.CallInstruction, c *ssa.CallCommon, res ssa.Value) {
	if bi, ok := c.Value.(*ssa.Builtin); ok {
		b.builtin(instr, bi, c.Args, res)
		return
	}
	if b.reflectCall(instr, c, res) {
		return
	}
	var callees []*ssa.Function
	if sc := c.StaticCallee(); sc != nil {
		callees = []*ssa.Function{sc}
	} else {
		callees = b.opts.Callees(instr)
	}
	for _, fn := range callees {
		b.bind(instr, c, fn, res)
	}
	if !c.IsInvoke() {
		if fn := c.StaticCallee(); fn != nil && fn.Pkg != nil && fn.Pkg.Pkg.Path() == "reflect" {
			b.reflective(instr, c, res)
		}
	}
}

// reflective models a call into package reflect: its Go body is analyzed,
// but values may also come and go through reflection the graph cannot see.
func (b *builder) reflective(instr ssa.CallInstruction, c *ssa.CallCommon, res ssa.Value) {
	var carriesAny bool
	if res != nil {
		if t, ok := res.Type().(*types.Tuple); ok {
			for k := 0; k < t.Len(); k++ {
				if v := b.component(res, k); v != noVertex {
					b.assign(b.unknownV, v)
					carriesAny = true
				}
			}
		} else if v := b.value(res); v != noVertex {
			b.assign(b.unknownV, v)
			carriesAny = true
		}
	}
	if carriesAny {
		b.unmodelled(instr.Pos(), "reflection: "+c.StaticCallee().String())
	}
}

// bind connects arguments to fn's parameters and fn's results to the call's
// value.
func (b *builder) bind(instr ssa.CallInstruction, c *ssa.CallCommon, fn *ssa.Function, res ssa.Value) {
	args := c.Args
	params := fn.Params
	argLabel, retLabel, idx := lAssign, lAssign, graph.NoIndex
	if b.opts.Context {
		argLabel, retLabel, idx = lCall, lRet, b.site(instr)
	}
	if len(fn.Blocks) == 0 || b.opaque(fn) {
		b.external(instr, c, fn, res)
		return
	}
	if c.IsInvoke() {
		// The receiver is the content of the interface's box.
		if len(params) == 0 {
			return
		}
		if p := b.value(params[0]); p != noVertex {
			recv := b.value(c.Value)
			if b.opts.BoxPerType {
				recv = b.boxHolder(params[0].Type())
			}
			if aggregate(params[0].Type()) {
				b.edge(recv, p, lLoadI, b.boxIndex(params[0].Type())) // box content is the aggregate's object
			} else {
				// A method of dynamic type T receives the content of the
				// boxes of type T only.
				t := b.temp()
				b.edge(recv, t, lLoadI, b.boxIndex(params[0].Type()))
				b.edge(t, p, argLabel, idx)
			}
		}
		params = params[1:]
	}
	for k, a := range args {
		if k >= len(params) {
			break
		}
		b.edge(b.value(a), b.value(params[k]), argLabel, idx)
	}
	if res == nil {
		return
	}
	direct := b.directResults(fn)
	for k, r := range b.returns(fn) {
		if direct != nil && direct[k] != nil && !c.IsInvoke() {
			b.passThrough(c, fn, direct[k], b.result(res, k))
			continue
		}
		b.edge(r, b.result(res, k), retLabel, idx)
	}
}

// external models a call to a function without a Go body (assembly, cgo,
// linkname, compiler intrinsics): reference-carrying arguments escape to
// unknown memory and results may point to it. Such calls are listed.
func (b *builder) external(instr ssa.CallInstruction, c *ssa.CallCommon, fn *ssa.Function, res ssa.Value) {
	if b.intrinsic(instr, fn, res) {
		return
	}
	carriesAny := false
	args := c.Args
	if c.IsInvoke() {
		args = append([]ssa.Value{c.Value}, args...)
	}
	for _, a := range args {
		if b.value(a) != noVertex {
			carriesAny = true // escapes: not tracked further (see doc.go)
		}
	}
	if res != nil {
		n := 1
		if t, ok := res.Type().(*types.Tuple); ok {
			n = t.Len()
		}
		for k := 0; k < n; k++ {
			if v := b.result(res, k); v != noVertex {
				b.assign(b.unknownV, v)
				carriesAny = true
			}
		}
	}
	if carriesAny {
		reason := "no Go body: "
		if len(fn.Blocks) > 0 {
			reason = "body not analyzed (runtime/reflect): "
		}
		b.unmodelled(instr.Pos(), reason+fn.String())
	}
}

// builtin models the built-in functions that move references.
func (b *builder) builtin(instr ssa.CallInstruction, bi *ssa.Builtin, args []ssa.Value, res ssa.Value) {
	switch bi.Name() {
	case "append":
		dst := b.value(res)
		if dst == noVertex {
			return
		}
		b.assign(b.value(args[0]), dst)
		elem := res.Type().Underlying().(*types.Slice).Elem()
		o := b.object(res, types.NewArray(elem, -1), "append@"+b.line(instr.Pos()), instr.Pos())
		b.edge(o, dst, lNew, graph.NoIndex)
		if len(args) > 1 && !isString(args[1].Type()) {
			b.copyElems(dst, b.value(args[0]), elem)
			b.copyElems(dst, b.value(args[1]), elem)
		}
	case "copy":
		if !isString(args[1].Type()) {
			if st, ok := args[0].Type().Underlying().(*types.Slice); ok {
				b.copyElems(b.value(args[0]), b.value(args[1]), st.Elem())
			}
		}
	case "recover":
		b.assign(b.Panic, b.value(res))
	case "print", "println":
		// No flow, but their arguments are named: go/pointer's suite
		// (and queries) ask for the set of print(f) where f is a
		// function, which no other instruction may give a vertex.
		for _, a := range args {
			b.value(a)
		}
	case "ssa:wrapnilchk":
		b.assign(b.value(args[0]), b.value(res))
	}
}

// copyElems copies the elements of the array src points to into dst's.
func (b *builder) copyElems(dst, src uint32, elem types.Type) {
	if dst == noVertex || src == noVertex || !b.carries(elem) {
		return
	}
	if aggregate(elem) {
		d, s := b.temp(), b.temp()
		b.edge(dst, d, lFA, idxElem)
		b.edge(src, s, lFA, idxElem)
		b.copyAggregate(d, s, elem, 1)
		return
	}
	t := b.temp()
	b.edge(src, t, lLoadI, idxElem)
	b.edge(t, dst, lStoreI, idxElem)
}

// FuncName is fn's name as cflr prints and queries it.
func FuncName(fn *ssa.Function) string { return funcName(fn) }

// funcName is fn's name with package names instead of paths:
// main.f, (*main.T).M, main.main$1, main.id[main.T].
func funcName(fn *ssa.Function) string {
	return qualifyNames(fn.Prog, funcString(fn))
}

// funcString is fn.String() with an instance's type arguments spelled the
// same way in every run. go/ssa names an instance after the type
// arguments of whichever instantiation reached it first, and builds
// packages in parallel: the same instance may be spelled with an alias
// (os.DirEntry, byte) in one run and with the aliased type (fs.DirEntry,
// uint8) in the next. Both the names printed and the order of functions
// (sortFuncsKeyed), and so the graph's numbering, would then vary.
func funcString(fn *ssa.Function) string {
	targs, origin := fn.TypeArgs(), fn.Origin()
	if len(targs) == 0 || origin == nil {
		return fn.String()
	}
	args := make([]string, len(targs))
	for k, t := range targs {
		args[k] = types.TypeString(unaliasDeep(t), nil)
	}
	o := origin.String() // main.id, or (*main.T[E]).M for a method
	if fn.Signature.Recv() == nil {
		return o + "[" + strings.Join(args, ", ") + "]"
	}
	i := strings.Index(o, "[")
	j := strings.Index(o, "]")
	if i < 0 || j < i {
		return fn.String()
	}
	return o[:i] + "[" + strings.Join(args, ", ") + o[j:]
}

// unaliasDeep removes aliases from t and the types it is built of (the
// common constructors and named types' arguments), and spells byte and
// rune as uint8 and int32.
func unaliasDeep(t types.Type) types.Type {
	switch u := types.Unalias(t).(type) {
	case *types.Basic:
		switch u.Kind() {
		case types.Uint8, types.Int32: // also byte and rune
			return types.Typ[u.Kind()]
		}
		return u
	case *types.Pointer:
		return types.NewPointer(unaliasDeep(u.Elem()))
	case *types.Slice:
		return types.NewSlice(unaliasDeep(u.Elem()))
	case *types.Array:
		return types.NewArray(unaliasDeep(u.Elem()), u.Len())
	case *types.Map:
		return types.NewMap(unaliasDeep(u.Key()), unaliasDeep(u.Elem()))
	case *types.Chan:
		return types.NewChan(u.Dir(), unaliasDeep(u.Elem()))
	case *types.Named:
		targs := u.TypeArgs()
		if targs.Len() == 0 {
			return u
		}
		args := make([]types.Type, targs.Len())
		for i := range args {
			args[i] = unaliasDeep(targs.At(i))
		}
		if inst, err := types.Instantiate(nil, u.Origin(), args, false); err == nil {
			return inst
		}
		return u
	default:
		return u
	}
}

var qualified = regexp.MustCompile(`[A-Za-z0-9_~./-]+\.`)

// qualifyNames replaces package paths in s by package names. The program's
// own path index (ImportedPackage) answers the lookup, so nothing is cached
// beside the program: a cache keyed by program would keep every program
// alive.
func qualifyNames(prog *ssa.Program, s string) string {
	return qualified.ReplaceAllStringFunc(s, func(tok string) string {
		// The token may start with a receiver's "(*" or a bracket.
		for i := 0; i < len(tok)-1; i++ {
			if p := prog.ImportedPackage(tok[i : len(tok)-1]); p != nil {
				return tok[:i] + p.Pkg.Name() + "."
			}
		}
		return tok
	})
}

// describe is the name of vertex v in written graphs.
// FillNames sets Graph.Names: one description a vertex (its SSA value or
// object, function and position). Build leaves Names nil because
// describing every vertex costs about as much as building the graph; the
// writers of `cflr graph` and tests ask for it.
func (g *Graph) FillNames() {
	if g.Names != nil {
		return
	}
	g.Names = make([]string, len(g.Nodes))
	for v := range g.Nodes {
		g.Names[v] = g.describe(uint32(v))
	}
}

func (b *Graph) describe(v uint32) string {
	n := b.Nodes[v]
	var s string
	switch n.Kind {
	case KindObject, KindSubObject, KindSpecial:
		s = n.Label
	case KindValue:
		switch x := n.Value.(type) {
		case *ssa.Function:
			s = "&" + funcName(x)
		case *ssa.Global:
			s = "&" + pkgName(x.Pkg.Pkg) + "." + x.Name()
		default:
			s = x.Name()
		}
	case KindTuple:
		s = fmt.Sprintf("%s#%d", n.Value.Name(), n.Index)
	case KindReturn:
		s = fmt.Sprintf("return#%d", n.Index)
	case KindTemp:
		s = fmt.Sprintf("tmp%d", v)
	}
	if n.Func != nil && n.Kind != KindObject {
		s = funcName(n.Func) + ":" + s
	}
	if n.Pos.IsValid() {
		s += " @" + posString(b.wd, b.prog.Fset, n.Pos)
	}
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' {
			return ' '
		}
		return r
	}, s)
}
