package frontend

// The reflection model (issue 20), after go/pointer's (reflect.go in
// golang.org/x/tools/go/pointer@v0.1.0-deprecated): reflect.Value and
// reflect.Type are tagged objects.
//
// A reflect.Value is represented like an interface: a Value register
// points to box objects, the box's type (Node.Type) is the dynamic type of
// the value the Value wraps and its content (under boxIndex of that type)
// the value's points-to set. reflect.ValueOf and Value.Interface are
// copies. reflect.Value is therefore no aggregate (aggregate in build.go):
// Values stored in memory are stored like pointers.
//
// A reflect.Type is a type object, one per types.Type (labeled by the
// type's spelling). Every box holds the type object of its type (under
// the index "type"), which is how TypeOf and Value.Type answer.
//
// Operations whose result depends on the dynamic type (Value.Elem, Field,
// Index, MapIndex, MapKeys, Recv, Slice, Method, Call; Type.Elem, Key,
// In, Out, Field; Zero, New, MakeSlice, MakeMap, MakeChan, PtrTo, SliceOf,
// ChanOf) cannot be solved for each type by a context-free grammar
// without listing the types. The model lists them once, at the end of
// Build, for a closed set of types: the dynamic types of the program's
// boxes and the types the operations derive from them, at most
// reflectMaxDepth derivations deep (as go/pointer bounds the height of the
// types it makes), and in whole programs none (see reflectMaxDepth). Each type object holds, under one index per operation,
// the result of that operation for values of its type: a derived box
// (Elem of a *T: a box of type T whose content is what the pointers point
// to), another type object (Type.Elem), a fresh object (New). A call site
// costs two edges (the Value's type objects, then their result for the
// operation) whatever the number of types, and keeps the types of its own
// operands; what it reads of their contents is shared by every site of
// the operation (one hub vertex per operation gathers their operands).
//
// Stores (Value.Set, SetMapIndex, Send, SetBytes, Append, Call's
// arguments) go the other way: the site stores its operand into the
// receiver's boxes (or into a hub), and one gadget per derived box, box
// of a map, channel or byte slice, slice type or function reads it back. A derived box of Elem, Field or Index keeps
// the address it came from, so that Set writes through it.
//
// Reflection calls the model does not list keep the former treatment
// (their results point to the unknown object and are listed as
// unmodelled). Options.NoReflection (`--reflection=false`) turns the whole
// model off, as does Options.RuntimeBodies (package reflect is then
// analyzed from its source).

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/cflr/cflr/graph"
)

// reflectMaxDepth bounds the derivations from a boxed type (Elem, a
// field, PtrTo, ...) that get type objects and derived boxes, in
// programs that box at most reflectSmall types (go/pointer's suite, unit
// tests). Larger programs get none, and no Value.Method or Value.Call:
// beyond the bound an operation yields the unknown object, as without
// the model. In a whole program the Values of fmt, encoding/json and
// other encoders reach every type they print or decode, so every derived
// box: on x/tools/cmd/stringer (310 boxed types) the points-to pairs
// grew by 13 % at one level and 220 % at three (reflect.New's boxes of
// every derived type reached 1,900 variables of fmt); on miniflux they
// doubled at one level (+4.7 % at none); text/template's Value.Call of
// Value.Method made every method of every boxed type callable with every
// argument (present: 9 times the pairs, 47 s of solve against 1.2 s).
// bench/reflection-2026-11-28 has the figures.
const (
	reflectMaxDepth = 3
	reflectSmall    = 100
)

// reflectKey reserves an index of builder.fields for the model.
type reflectKey string

// reflectModel is the builder's state of the reflection model.
type reflectModel struct {
	used     map[string]bool   // operations some site uses
	maxDepth int               // derivations given type objects (reflectMaxDepth)
	large    bool              // more than reflectSmall boxed types
	hubs     map[string]uint32 // operation → vertex gathering its operands
	rtypes   typeutil.Map      // type → *rtypeObj
	order    []*rtypeObj       // creation order (determinism)
	addrs    []reflAddr        // derived boxes Set can write through
	boxes    []uint32          // the program's boxes and the derived ones
	calls    []reflCallable    // functions Value.Call may call
	msets    typeutil.MethodSetCache
	valueT   types.Type // reflect.Value
	sfieldT  types.Type // reflect.StructField
	methT    types.Type // reflect.Method
}

// rtypeObj is the type object of one type.
type rtypeObj struct {
	t      types.Type
	obj    uint32 // the object
	holder uint32 // a vertex pointing to it
	depth  int
	boxed  bool // some MakeInterface has this dynamic type
}

// reflAddr is a derived box whose value lives at an address: a pointer's
// pointee (idx noVertex), a struct field or an element (idx its index)
// of the objects base points to.
type reflAddr struct {
	ptr  uint32 // points to the derived box
	t    types.Type
	base uint32
	idx  uint32
}

// reflCallable is a function object Value.Call may call.
type reflCallable struct {
	obj  uint32
	fn   *ssa.Function
	skip int // parameters bound otherwise (a bound receiver)
	sig  *types.Signature
}

// reflectName names the reflection function or method c calls, as
// "ValueOf", "Value.Elem", "Type.Elem" or "MapIter.Key", and returns its
// receiver (nil for functions) and other arguments.
func reflectName(c *ssa.CallCommon) (name string, recv ssa.Value, args []ssa.Value, ok bool) {
	if c.IsInvoke() {
		if !isReflectNamed(c.Value.Type(), "Type") {
			return "", nil, nil, false
		}
		return "Type." + c.Method.Name(), c.Value, c.Args, true
	}
	fn := c.StaticCallee()
	if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "reflect" {
		return "", nil, nil, false
	}
	if r := fn.Signature.Recv(); r != nil {
		n, isNamed := types.Unalias(deref(r.Type())).(*types.Named)
		if !isNamed || len(c.Args) == 0 {
			return "", nil, nil, false
		}
		return n.Obj().Name() + "." + fn.Name(), c.Args[0], c.Args[1:], true
	}
	return fn.Name(), nil, c.Args, true
}

func isReflectNamed(t types.Type, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	o := n.Obj()
	return o.Name() == name && o.Pkg() != nil && o.Pkg().Path() == "reflect"
}

// reflectOps maps Value methods (and the functions that work like them)
// whose result is derived from the dynamic type of the receiver to the
// operation's name.
var reflectOps = map[string]string{
	"Value.Elem": "elem", "Indirect": "elem",
	"Value.Field": "field", "Value.FieldByName": "field", "Value.FieldByIndex": "field", "Value.FieldByNameFunc": "field",
	"Value.Index":    "index",
	"Value.MapIndex": "mapval", "MapIter.Value": "mapval",
	"Value.MapKeys": "mapkey", "MapIter.Key": "mapkey",
	"Value.Recv": "recv", "Value.TryRecv": "recv",
	"Value.Slice": "slice", "Value.Slice3": "slice",
	"Value.Method": "method", "Value.MethodByName": "method",
	"Value.Interface": "unwrap",
}

// typeOps maps Type methods and the functions of a Type to the index of
// the type object holding their result.
var typeOps = map[string]string{
	"Type.Elem": "t.elem", "Type.Key": "t.key", "Type.In": "t.in", "Type.Out": "t.out",
	"Zero": "zero", "New": "new", "MakeSlice": "makeslice", "MakeMap": "makemap", "MakeMapWithSize": "makemap", "MakeChan": "makechan",
	"PtrTo": "t.ptrto", "PointerTo": "t.ptrto", "SliceOf": "t.sliceof", "ChanOf": "t.chanof",
}

// reflectCall models a call of package reflect, if the model covers it.
func (b *builder) reflectCall(instr ssa.CallInstruction, c *ssa.CallCommon, res ssa.Value) bool {
	if b.opts.NoReflection || b.opts.RuntimeBodies {
		return false
	}
	name, recv, args, ok := reflectName(c)
	if !ok {
		return false
	}
	rm := b.refl
	if rm == nil {
		rm = &reflectModel{used: map[string]bool{}, hubs: map[string]uint32{}}
		b.refl = rm
	}
	if rm.valueT == nil {
		var pkg *types.Package
		if c.IsInvoke() {
			pkg = c.Method.Pkg()
		} else {
			pkg = c.StaticCallee().Pkg.Pkg
		}
		if o, ok := pkg.Scope().Lookup("Value").(*types.TypeName); ok {
			rm.valueT = o.Type()
		}
	}
	out := b.reflResult(res)
	argv := func(i int) uint32 {
		if i < len(args) {
			return b.value(args[i])
		}
		return noVertex
	}
	typeOf := func(v uint32) uint32 { // v's type objects
		t := b.temp()
		b.edge(v, t, lLoadI, rm.idx(b, "type"))
		rm.used["type"] = true
		return t
	}
	derive := func(op string, v uint32, dst uint32) {
		rm.used[op] = true
		b.assign(v, rm.hub(b, op))
		b.edge(typeOf(v), dst, lLoadI, rm.idx(b, op))
	}
	if name == "ChanOf" && len(args) == 2 {
		// A constant direction selects one channel type.
		if k, ok := args[0].(*ssa.Const); ok && k.Value != nil {
			if d, ok := constant.Int64Val(k.Value); ok && d != 3 { // reflect.BothDir
				rm.used["t.chanof#"+strconv.FormatInt(d, 10)] = true
				b.edge(argv(1), out, lLoadI, rm.idx(b, "t.chanof#"+strconv.FormatInt(d, 10)))
				return true
			}
		}
	}
	if op, ok := typeOps[name]; ok {
		var t uint32
		switch {
		case recv != nil:
			t = b.value(recv)
		case name == "ChanOf":
			t = argv(1)
		default:
			t = argv(0)
		}
		rm.used[op] = true
		b.edge(t, out, lLoadI, rm.idx(b, op))
		return true
	}
	if op, ok := reflectOps[name]; ok {
		v := argv(0)
		if recv != nil {
			v = b.value(recv)
		}
		switch name {
		case "Indirect", "Value.Interface":
			b.assign(v, out)
		}
		if op == "mapkey" && name == "Value.MapKeys" {
			// A fresh slice of the keys' Values.
			if out == noVertex {
				return true
			}
			arr := b.reflObject(types.NewArray(rm.valueType(), -1), "<alloc in (reflect.Value).MapKeys>", instr.Pos())
			b.edge(arr, out, lNew, graph.NoIndex)
			e := b.temp()
			derive(op, v, e)
			b.edge(e, out, lStoreI, idxElem)
			return true
		}
		if k := constArg(args, name, "Value.Field", "Value.FieldByName"); k != "" && op == "field" {
			// A constant index or name selects one field.
			op = "field#" + k
			b.assign(v, rm.hub(b, "field"))
			rm.used["field"] = true
		}
		derive(op, v, out)
		return true
	}
	switch name {
	case "ValueOf":
		// A Value is its boxes.
		b.assign(argv(0), out)
	case "Value.MapRange":
		// A MapIter stands for its map's boxes.
		b.assign(b.value(recv), out)
	case "TypeOf":
		b.edge(argv(0), out, lLoadI, rm.idx(b, "type"))
		rm.used["type"] = true
	case "Value.Type":
		b.edge(b.value(recv), out, lLoadI, rm.idx(b, "type"))
		rm.used["type"] = true
	case "Value.Bytes":
		b.edge(b.value(recv), out, lLoadI, b.boxIndex(types.NewSlice(types.Typ[types.Byte])))
	case "Value.Set":
		rm.used["set"] = true
		b.edge(argv(0), b.value(recv), lStoreI, rm.idx(b, "set"))
	case "Value.SetMapIndex":
		// Into the receiver's boxes; each map box reads them back
		// (reflectSinks).
		rm.used["setmap"] = true
		v := b.value(recv)
		b.edge(argv(0), v, lStoreI, rm.idx(b, "setmap.key"))
		b.edge(argv(1), v, lStoreI, rm.idx(b, "setmap.val"))
	case "Value.Send", "Value.TrySend":
		rm.used["send"] = true
		b.edge(argv(0), b.value(recv), lStoreI, rm.idx(b, "send"))
	case "Value.SetBytes":
		rm.used["setbytes"] = true
		b.edge(argv(0), b.value(recv), lStoreI, rm.idx(b, "setbytes"))
	case "Append":
		rm.used["append"] = true
		s := argv(0)
		b.assign(s, out)
		b.assign(s, rm.hub(b, "append"))
		if len(args) > 1 {
			e := b.temp()
			b.edge(argv(1), e, lLoadI, idxElem)
			b.edge(e, s, lStoreI, rm.idx(b, "append"))
		}
	case "Value.Call", "Value.CallSlice":
		rm.used["call"] = true
		v := b.value(recv)
		b.assign(v, rm.hub(b, "call"))
		e := b.temp()
		b.edge(argv(0), e, lLoadI, idxElem)
		b.assign(e, rm.hub(b, "callarg"))
		if out != noVertex {
			arr := b.reflObject(types.NewArray(rm.valueType(), -1), "<alloc in (reflect.Value).Call>", instr.Pos())
			b.edge(arr, out, lNew, graph.NoIndex)
			r := b.temp()
			b.edge(typeOf(v), r, lLoadI, rm.idx(b, "callret"))
			b.edge(r, out, lStoreI, idxElem)
		}
	case "Type.Field", "Type.FieldByName", "Type.FieldByIndex", "Type.FieldByNameFunc":
		op := "t.field"
		if k := constArg(args, name, "Type.FieldByName"); k != "" {
			// A constant name selects one field. (Not a constant index:
			// go/pointer's suite, structreflect.go, wants every field's
			// type for Field(0).)
			op += "#" + k
		}
		rm.used["t.field"], rm.used[op] = true, true
		b.reflectRecord(res, rm.structFieldType(), "<alloc in (reflect.Type).Field>", instr.Pos(), map[string]uint32{
			"Type": b.loadI(b.value(recv), rm.idx(b, op)),
		})
	case "Type.Method", "Type.MethodByName":
		suffix := ""
		if k := constArg(args, name, "Type.MethodByName"); k != "" {
			suffix = "#" + k
			rm.used["t.meth#"+k] = true
		}
		rm.used["t.meth"] = true
		t := b.value(recv)
		b.reflectRecord(res, rm.methodType(), "<alloc in (reflect.Type).Method>", instr.Pos(), map[string]uint32{
			"Type": b.loadI(t, rm.idx(b, "t.methtype"+suffix)),
			"Func": b.loadI(t, rm.idx(b, "t.methfunc"+suffix)),
		})
	default:
		return false
	}
	return true
}

// usedOps lists, sorted, the operations used whose results type objects
// hold.
func (rm *reflectModel) usedOps() []string {
	var ops []string
	for op := range rm.used {
		switch op {
		case "type", "set", "setmap", "send", "setbytes", "append", "call":
			continue
		}
		if strings.HasPrefix(op, "t.meth") {
			continue
		}
		ops = append(ops, op)
	}
	if rm.used["t.meth"] {
		ops = append(ops, "t.methtype", "t.methfunc")
	}
	sort.Strings(ops)
	return ops
}

// reflResult is the vertex of a call's first (or only) result.
func (b *builder) reflResult(res ssa.Value) uint32 {
	if res == nil {
		return noVertex
	}
	if t, ok := res.Type().(*types.Tuple); ok && t.Len() == 0 {
		return noVertex
	}
	return b.result(res, 0)
}

// constArg is the spelling of the single constant argument of a call of
// one of the named functions, or "".
func constArg(args []ssa.Value, name string, names ...string) string {
	if len(args) != 1 || !slices.Contains(names, name) {
		return ""
	}
	if k, ok := args[0].(*ssa.Const); ok && k.Value != nil {
		return k.Value.ExactString()
	}
	return ""
}

// reflObject makes an object of the model (no SSA value allocates it).
func (b *builder) reflObject(t types.Type, label string, pos token.Pos) uint32 {
	o := b.node(Node{Kind: KindObject, Type: t, Label: label, Pos: pos})
	b.subObjects(o, t, 0)
	return o
}

// loadI returns a vertex receiving load_i(idx) from v.
func (b *builder) loadI(v uint32, idx uint32) uint32 {
	t := b.temp()
	b.edge(v, t, lLoadI, idx)
	return t
}

// reflectRecord makes result 0 of res point to a fresh object of struct
// type t (reflect.StructField, reflect.Method) whose named fields hold
// what the given vertices point to.
func (b *builder) reflectRecord(res ssa.Value, t types.Type, label string, pos token.Pos, fields map[string]uint32) {
	out := b.reflResult(res)
	if out == noVertex || t == nil {
		return
	}
	o := b.node(Node{Kind: KindObject, Type: t, Label: label, Pos: pos})
	b.subObjects(o, t, 0)
	b.edge(o, out, lNew, graph.NoIndex)
	st := t.Underlying().(*types.Struct)
	names := make([]string, 0, len(fields))
	for n := range fields {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		for i := 0; i < st.NumFields(); i++ {
			if st.Field(i).Name() == n {
				b.edge(fields[n], out, lStoreI, b.fieldIndex(t, i))
			}
		}
	}
}

func (rm *reflectModel) idx(b *builder, name string) uint32 {
	k := reflectKey(name)
	if i, ok := b.fields[k]; ok {
		return i
	}
	i := uint32(len(b.fields)) + fieldBase
	b.fields[k] = i
	return i
}

func (rm *reflectModel) hub(b *builder, op string) uint32 {
	if h, ok := rm.hubs[op]; ok {
		return h
	}
	h := b.node(Node{Kind: KindTemp, Label: "<reflect " + op + ">"})
	rm.hubs[op] = h
	return h
}

// reflectType finds a type of package reflect by name, through any
// reflect.Value in the program (Value's package is loaded whenever a
// call of the model is seen).
func (rm *reflectModel) lookup(name string) types.Type {
	if rm.valueT == nil {
		return nil
	}
	o := rm.valueT.(*types.Named).Obj().Pkg().Scope().Lookup(name)
	if o == nil {
		return nil
	}
	return o.Type()
}

func (rm *reflectModel) valueType() types.Type {
	if rm.valueT == nil {
		// Set by the first site (reflectCall's callers see reflect.Value).
		return types.Typ[types.UnsafePointer]
	}
	return rm.valueT
}

func (rm *reflectModel) structFieldType() types.Type {
	if rm.sfieldT == nil {
		rm.sfieldT = rm.lookup("StructField")
	}
	return rm.sfieldT
}

func (rm *reflectModel) methodType() types.Type {
	if rm.methT == nil {
		rm.methT = rm.lookup("Method")
	}
	return rm.methT
}

// rtype returns the type object of t, made at derivation depth depth.
func (b *builder) rtype(t types.Type, depth int) *rtypeObj {
	rm := b.refl
	if r, ok := rm.rtypes.At(t).(*rtypeObj); ok {
		return r
	}
	label := types.TypeString(t, func(p *types.Package) string { return p.Name() })
	if it, ok := types.Unalias(t).(*types.Interface); ok && it.Empty() {
		label = "interface{}" // not any: as go/pointer and its suite spell it
	}
	o := b.node(Node{Kind: KindObject, Label: label})
	h := b.node(Node{Kind: KindTemp})
	b.edge(o, h, lNew, graph.NoIndex)
	r := &rtypeObj{t: t, obj: o, holder: h, depth: depth}
	rm.rtypes.Set(t, r)
	rm.order = append(rm.order, r)
	return r
}

// box makes a box of dynamic type t (a derived box), returning a vertex
// pointing to it; its type object is linked.
func (b *builder) reflBox(t types.Type, label string, depth int) uint32 {
	o := b.node(Node{Kind: KindObject, Type: t, Label: label})
	b.refl.boxes = append(b.refl.boxes, o)
	p := b.temp()
	b.edge(o, p, lNew, graph.NoIndex)
	b.edge(b.rtype(t, depth).holder, p, lStoreI, b.refl.idx(b, "type"))
	return p
}

// reflBoxObject is the box a vertex reflBox returned points to (made
// just before it).
func reflBoxObject(p uint32) uint32 { return p - 1 }

// reflectFinish emits what the reflection model's sites need: type
// objects for the program's boxed types and what they derive, and the
// gadgets that give derived boxes their contents.
func (b *builder) reflectFinish() {
	rm := b.refl
	if rm == nil {
		return
	}
	// Every box of the program holds its type object.
	n := len(b.Nodes)
	for v := 0; v < n; v++ {
		nd := b.Nodes[v]
		if nd.Kind != KindObject || nd.Type == nil {
			continue
		}
		if _, ok := nd.Value.(*ssa.MakeInterface); !ok {
			continue
		}
		rm.boxes = append(rm.boxes, uint32(v))
		r := b.rtype(nd.Type, 0)
		r.boxed = true
		p := b.temp()
		b.edge(uint32(v), p, lNew, graph.NoIndex)
		b.edge(r.holder, p, lStoreI, rm.idx(b, "type"))
	}
	// The bounds (see reflectMaxDepth).
	rm.maxDepth, rm.large = reflectMaxDepth, len(rm.order) > reflectSmall
	if rm.large {
		rm.maxDepth = 0
	}
	for i := 0; i < len(rm.order); i++ {
		b.reflectDerive(rm.order[i])
	}
	if rm.used["set"] {
		for _, a := range rm.addrs {
			xs := b.loadI(a.ptr, rm.idx(b, "set"))
			val := b.reflContent(xs, a.t)
			if aggregate(a.t) {
				dst := a.base
				if a.idx != noVertex {
					dst = b.temp()
					b.edge(a.base, dst, lFA, a.idx)
				}
				b.copyAggregate(dst, val, a.t, 0)
			} else if a.idx == noVertex {
				b.edge(val, a.base, lStore, graph.NoIndex)
			} else {
				b.edge(val, a.base, lStoreI, a.idx)
			}
		}
	}
	if rm.used["setmap"] || rm.used["send"] || rm.used["setbytes"] {
		b.reflectSinks()
	}
	if rm.used["call"] && !rm.large {
		b.reflectCalls()
	}

}

// reflContent returns a vertex pointing to what the Values xs points to
// hold as values of type t: their boxes themselves for an interface type
// (any value is assignable to it), else the content of their boxes of
// type t (or of its underlying type, assignable to a named t).
func (b *builder) reflContent(xs uint32, t types.Type) uint32 {
	if types.IsInterface(t) {
		return xs
	}
	val := b.loadI(xs, b.boxIndex(t))
	if u := t.Underlying(); u != t && !types.Identical(u, t) {
		if _, isBasic := u.(*types.Basic); !isBasic {
			b.edge(xs, val, lLoadI, b.boxIndex(u))
		}
	}
	return val
}

// reflectDerive gives r's type object what the operations used derive
// from its type.
func (b *builder) reflectDerive(r *rtypeObj) {
	rm := b.refl
	t, next := r.t, r.depth+1
	if next > rm.maxDepth {
		// Beyond the bound, what reflection derives is unknown memory,
		// as without the model.
		if rm.large && rm.used["call"] {
			b.edge(b.unknownV, r.holder, lStoreI, rm.idx(b, "callret"))
		}
		for _, op := range rm.usedOps() {
			if op != "unwrap" || types.IsInterface(t) {
				b.edge(b.unknownV, r.holder, lStoreI, rm.idx(b, op))
			}
		}
		return
	}
	u := t.Underlying()
	store := func(p uint32, op string) { b.edge(p, r.holder, lStoreI, rm.idx(b, op)) }
	if rm.large && rm.used["method"] {
		// Bound methods of every type, called by text/template with
		// every argument any call passes, made present's points-to
		// pairs 9 times as many: not in whole programs.
		store(b.unknownV, "method")
	}
	typ := func(x types.Type, op string) { store(b.rtype(x, next).holder, op) }
	in := func(op string) uint32 { return b.loadI(rm.hub(b, op), b.boxIndex(t)) }
	// content sets box d's content from c, a vertex pointing to values of
	// type x (to the objects holding them, for aggregates).
	content := func(d, c uint32, x types.Type) { b.edge(c, d, lStoreI, b.boxIndex(x)) }
	derived := func(x types.Type, op, label string) uint32 {
		d := b.reflBox(x, label, next)
		store(d, op)
		return d
	}
	// element: box d of type x gets the value at base.idx (noVertex: *base).
	element := func(op, label string, x types.Type, base, idx uint32, addressable bool) uint32 {
		d := derived(x, op, label)
		if !b.carries(x) {
			return d
		}
		c := b.temp()
		switch {
		case idx == noVertex && aggregate(x):
			c = base
		case idx == noVertex:
			b.edge(base, c, lLoad, graph.NoIndex)
		case aggregate(x):
			b.edge(base, c, lFA, idx)
		default:
			b.edge(base, c, lLoadI, idx)
		}
		content(d, c, x)
		if addressable && rm.used["set"] {
			rm.addrs = append(rm.addrs, reflAddr{ptr: d, t: x, base: base, idx: idx})
		}
		return d
	}
	switch u := u.(type) {
	case *types.Pointer:
		if rm.used["elem"] {
			element("elem", "<alloc in (reflect.Value).Elem>", u.Elem(), in("elem"), noVertex, true)
		}
		if rm.used["slice"] {
			if a, ok := u.Elem().Underlying().(*types.Array); ok {
				s := types.NewSlice(a.Elem())
				content(derived(s, "slice", "<alloc in (reflect.Value).Slice>"), in("slice"), s)
			}
		}
		if rm.used["t.elem"] {
			typ(u.Elem(), "t.elem")
		}
	case *types.Interface:
		for _, op := range []string{"elem", "unwrap"} {
			if rm.used[op] {
				store(in(op), op)
			}
		}
	case *types.Struct:
		if rm.used["field"] {
			base := in("field")
			for i := 0; i < u.NumFields(); i++ {
				d := element("field", "<alloc in (reflect.Value).Field>", u.Field(i).Type(), base, b.fieldIndex(t, i), true)
				// Field(i) and FieldByName(name) with a constant.
				for _, k := range []string{"field#" + strconv.Itoa(i), "field#" + strconv.Quote(u.Field(i).Name())} {
					if rm.used[k] {
						store(d, k)
					}
				}
			}
		}
		if rm.used["t.field"] {
			for i := 0; i < u.NumFields(); i++ {
				typ(u.Field(i).Type(), "t.field")
				if k := "t.field#" + strconv.Quote(u.Field(i).Name()); rm.used[k] {
					typ(u.Field(i).Type(), k)
				}
			}
		}
	case *types.Slice, *types.Array:
		var elem types.Type
		if s, ok := u.(*types.Slice); ok {
			elem = s.Elem()
			if rm.used["slice"] {
				content(derived(t, "slice", "<alloc in (reflect.Value).Slice>"), in("slice"), t)
			}
			if rm.used["makeslice"] {
				o := b.node(Node{Kind: KindObject, Type: types.NewArray(elem, -1), Label: "<alloc in reflect.MakeSlice>"})
				b.subObjects(o, types.NewArray(elem, -1), 0)
				d := derived(t, "makeslice", "<alloc in reflect.MakeSlice>")
				p := b.temp()
				b.edge(o, p, lNew, graph.NoIndex)
				content(d, p, t)
			}
			if rm.used["append"] {
				h := rm.hub(b, "append")
				arrs := b.loadI(h, b.boxIndex(t))
				val := b.reflContent(b.loadI(h, rm.idx(b, "append")), elem)
				if aggregate(elem) {
					e := b.temp()
					b.edge(arrs, e, lFA, idxElem)
					b.copyAggregate(e, val, elem, 0)
				} else {
					b.edge(val, arrs, lStoreI, idxElem)
				}
			}
		} else {
			elem = u.(*types.Array).Elem()
		}
		if rm.used["index"] {
			element("index", "<alloc in (reflect.Value).Index>", elem, in("index"), idxElem, true)
		}
		if rm.used["t.elem"] {
			typ(elem, "t.elem")
		}
	case *types.Map:
		if rm.used["mapval"] || rm.used["mapkey"] {
			for _, k := range []struct {
				op  string
				x   types.Type
				idx uint32
			}{{"mapval", u.Elem(), idxMapVal}, {"mapkey", u.Key(), idxMapKey}} {
				if rm.used[k.op] {
					// A map holds aggregates by reference (MapUpdate
					// stores the register, which points to the object).
					d := derived(k.x, k.op, "<alloc in (reflect.Value)."+map[string]string{"mapval": "MapIndex>", "mapkey": "MapKeys>"}[k.op])
					content(d, b.loadI(in(k.op), k.idx), k.x)
				}
			}
		}
		if rm.used["makemap"] {
			o := b.node(Node{Kind: KindObject, Type: t, Label: "<alloc in reflect.MakeMap>"})
			p := b.temp()
			b.edge(o, p, lNew, graph.NoIndex)
			content(derived(t, "makemap", "<alloc in reflect.MakeMap>"), p, t)
		}
		if rm.used["t.elem"] {
			typ(u.Elem(), "t.elem")
		}
		if rm.used["t.key"] {
			typ(u.Key(), "t.key")
		}
	case *types.Chan:
		if rm.used["recv"] {
			d := derived(u.Elem(), "recv", "<alloc in (reflect.Value).Recv>")
			content(d, b.loadI(in("recv"), idxElem), u.Elem())
		}
		if rm.used["makechan"] && u.Dir() == types.SendRecv {
			o := b.node(Node{Kind: KindObject, Type: t, Label: "<alloc in reflect.MakeChan>"})
			p := b.temp()
			b.edge(o, p, lNew, graph.NoIndex)
			content(derived(t, "makechan", "<alloc in reflect.MakeChan>"), p, t)
		}
		if rm.used["t.elem"] {
			typ(u.Elem(), "t.elem")
		}
	case *types.Signature:
		if rm.used["t.in"] {
			for i := 0; i < u.Params().Len(); i++ {
				typ(u.Params().At(i).Type(), "t.in")
			}
		}
		if rm.used["t.out"] {
			for i := 0; i < u.Results().Len(); i++ {
				typ(u.Results().At(i).Type(), "t.out")
			}
		}
	case *types.Basic:
		if rm.used["index"] && u.Info()&types.IsString != 0 {
			derived(types.Typ[types.Byte], "index", "<alloc in (reflect.Value).Index>")
		}
		if rm.used["slice"] && u.Info()&types.IsString != 0 {
			derived(t, "slice", "<alloc in (reflect.Value).Slice>")
		}
	}
	if rm.used["zero"] {
		derived(t, "zero", "<alloc in reflect.Zero>")
	}
	if rm.used["new"] {
		pt := types.NewPointer(t)
		o := b.node(Node{Kind: KindObject, Type: t, Label: "<alloc in reflect.New>"})
		b.subObjects(o, t, 0)
		p := b.temp()
		b.edge(o, p, lNew, graph.NoIndex)
		content(derived(pt, "new", "<alloc in reflect.New>"), p, pt)
	}
	if rm.used["t.ptrto"] {
		typ(types.NewPointer(t), "t.ptrto")
	}
	if rm.used["t.sliceof"] {
		typ(types.NewSlice(t), "t.sliceof")
	}
	if rm.used["t.chanof"] {
		typ(types.NewChan(types.SendRecv, t), "t.chanof")
	}
	// reflect.RecvDir (1) and SendDir (2).
	for d, dir := range []types.ChanDir{1: types.RecvOnly, 2: types.SendOnly} {
		if k := "t.chanof#" + strconv.Itoa(d); d > 0 && rm.used[k] {
			typ(types.NewChan(dir, t), k)
		}
	}
	// Methods: only of the program's boxed types, whose method sets go/ssa
	// has built (their methods are reachable).
	if r.boxed && !types.IsInterface(t) && !HasTypeParam(t) && (rm.used["method"] || rm.used["t.meth"]) {
		ms := rm.msets.MethodSet(t)
		for i := 0; i < ms.Len(); i++ {
			sel := ms.At(i)
			fn := b.prog.MethodValue(sel)
			if fn == nil || len(fn.Params) == 0 {
				continue
			}
			sig := fn.Signature
			if rm.used["method"] && !rm.large {
				// A bound method: the receiver goes to the method's first
				// parameter, Call's arguments to the others.
				noRecv := types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic())
				ob := b.node(Node{Kind: KindObject, Type: noRecv, Label: funcName(fn) + "$bound"})
				p := b.temp()
				b.edge(ob, p, lNew, graph.NoIndex)
				content(derived(noRecv, "method", "<alloc in (reflect.Value).Method>"), p, noRecv)
				if recv := b.value(fn.Params[0]); recv != noVertex {
					b.assign(b.reflContent(rm.hub(b, "method"), t), recv)
				}
				rm.calls = append(rm.calls, reflCallable{obj: ob, fn: fn, skip: 1, sig: noRecv})
			}
			if rm.used["t.meth"] {
				// The method expression: the receiver is the first parameter.
				vars := []*types.Var{sig.Recv()}
				for j := 0; j < sig.Params().Len(); j++ {
					vars = append(vars, sig.Params().At(j))
				}
				expr := types.NewSignatureType(nil, nil, nil, types.NewTuple(vars...), sig.Results(), sig.Variadic())
				typ(expr, "t.methtype")
				d := derived(expr, "t.methfunc", funcName(fn))
				b.Nodes[reflBoxObject(d)].Func = fn // labeled as the function
				p := b.temp()
				b.edge(b.funcObject(fn), p, lNew, graph.NoIndex)
				content(d, p, expr)
				if k := "t.meth#" + strconv.Quote(fn.Name()); rm.used[k] {
					// MethodByName with a constant name.
					typ(expr, "t.methtype#"+strconv.Quote(fn.Name()))
					store(d, "t.methfunc#"+strconv.Quote(fn.Name()))
				}
			}
		}
	}
}

// reflectSinks gives each box of a map, channel or byte slice type what
// SetMapIndex, Send and SetBytes sites stored into it: per box, so that
// two maps of one type stay apart.
func (b *builder) reflectSinks() {
	rm := b.refl
	for _, o := range rm.boxes {
		t := b.Nodes[o].Type
		var x uint32
		at := func() uint32 { // a vertex pointing to the box
			if x == 0 {
				x = b.temp()
				b.edge(o, x, lNew, graph.NoIndex)
			}
			return x
		}
		switch u := t.Underlying().(type) {
		case *types.Map:
			if rm.used["setmap"] {
				ms := b.loadI(at(), b.boxIndex(t))
				b.edge(b.reflContent(b.loadI(at(), rm.idx(b, "setmap.key")), u.Key()), ms, lStoreI, idxMapKey)
				b.edge(b.reflContent(b.loadI(at(), rm.idx(b, "setmap.val")), u.Elem()), ms, lStoreI, idxMapVal)
			}
		case *types.Chan:
			if rm.used["send"] {
				b.edge(b.reflContent(b.loadI(at(), rm.idx(b, "send")), u.Elem()), b.loadI(at(), b.boxIndex(t)), lStoreI, idxElem)
			}
		case *types.Slice:
			if e, ok := u.Elem().Underlying().(*types.Basic); ok && e.Kind() == types.Byte && rm.used["setbytes"] {
				b.edge(b.loadI(at(), rm.idx(b, "setbytes")), at(), lStoreI, b.boxIndex(t))
			}
		}
	}
}

// reflectCalls binds the functions Value.Call may call: the arguments of
// every Call site go to the function objects in the boxes its receivers
// hold (stored into them, under "callarg"), and each function reads them
// back from its object, by parameter type (as go/pointer, position is
// not significant). Its results, in fresh boxes, go back the same way
// and reach the sites through the type object of the function's type.
func (b *builder) reflectCalls() {
	rm := b.refl
	// Function values and closures of the program, in vertex order.
	n := len(b.Nodes)
	for v := 0; v < n; v++ {
		nd := b.Nodes[v]
		if nd.Kind != KindObject {
			continue
		}
		switch {
		case nd.Func != nil && nd.Value == nil:
			rm.calls = append(rm.calls, reflCallable{obj: uint32(v), fn: nd.Func, sig: nd.Func.Signature})
		case nd.Value != nil:
			if mc, ok := nd.Value.(*ssa.MakeClosure); ok {
				fn := mc.Fn.(*ssa.Function)
				rm.calls = append(rm.calls, reflCallable{obj: uint32(v), fn: fn, sig: fn.Signature})
			}
		}
	}
	h, args := rm.hub(b, "call"), rm.hub(b, "callarg")
	seen := map[*rtypeObj]bool{}
	for _, c := range rm.calls {
		r, ok := rm.rtypes.At(c.sig).(*rtypeObj)
		if !ok {
			continue // no Value holds a function of this type
		}
		if !seen[r] {
			// The function values Call sites reach get their arguments;
			// their results go to the type object.
			seen[r] = true
			fv := b.loadI(h, b.boxIndex(r.t))
			b.edge(args, fv, lStoreI, rm.idx(b, "callarg"))
			b.edge(b.loadI(fv, rm.idx(b, "callret")), r.holder, lStoreI, rm.idx(b, "callret"))
		}
		p := b.temp()
		b.edge(c.obj, p, lNew, graph.NoIndex)
		as := b.loadI(p, rm.idx(b, "callarg"))
		for k := c.skip; k < len(c.fn.Params); k++ {
			if pv := b.value(c.fn.Params[k]); pv != noVertex {
				b.assign(b.reflContent(as, c.fn.Params[k].Type()), pv)
			}
		}
		res := c.sig.Results()
		for k, rv := range b.returns(c.fn) {
			x := res.At(k).Type()
			if types.IsInterface(x) {
				b.edge(rv, p, lStoreI, rm.idx(b, "callret"))
				continue
			}
			d := b.reflBox(x, "<alloc in (reflect.Value).Call>", r.depth+1)
			if rv != noVertex {
				b.edge(rv, d, lStoreI, b.boxIndex(x))
			}
			b.edge(d, p, lStoreI, rm.idx(b, "callret"))
		}
	}
}
