package vet

import (
	"fmt"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/frontend/check"
	"github.com/cflr/cflr/graph"
)

// vertex is what a graph vertex stands for, kept to explain witnesses.
type vertex struct {
	pos  token.Pos
	what string
}

// source is a value a finding can start from: a nil constant used at a
// position, an imported function's nil or tainted result, a taint source.
type source struct {
	origin, v uint32
	what      string
	ext       []string // witness steps inside other packages (from a fact), before v
}

// sink is a use where a flowing value is fatal (nil) or dangerous (taint).
type sink struct {
	v     uint32
	pos   token.Pos
	check string   // the kind: "dereference", "map write", "call", "invoke" (nil); "sql", "path", ... (taint)
	expr  string   // the value's expression: "p", "n.next"
	what  string   // what the use is: "field access p.f" (nil)
	ext   []string // witness steps inside other packages (from a fact), after v
}

// fnInfo holds a package function's interface vertices.
type fnInfo struct {
	fn      *ssa.Function
	params  []uint32 // params[i] is the vertex of fn.Params[i]
	origins []uint32 // origins[i] is the p-origin of params[i]
	rets    []uint32 // rets[j]: the value of result j
}

// site is a call site between two of the package's functions.
type site struct {
	callee *ssa.Function
	pos    token.Pos
}

// builder turns one package's SSA into the flow graph of flow.cfg.
type builder struct {
	pass   *analysis.Pass
	models *Models
	g      *graph.Graph
	lE     uint32
	lCall  uint32
	lRet   uint32
	lS     uint32
	lP     uint32

	verts   []vertex
	vals    map[ssa.Value]uint32
	results map[resultKey]uint32 // call result vertices (tuples)
	cells   map[any]uint32       // field, global and local-variable cells
	funcs   map[*ssa.Function]*fnInfo
	order   []*fnInfo
	sites   []site
	sources []source
	sinks   []sink
	// cond are edges that taint crosses only towards sinks of kinds
	// other than clean (a sanitizer for some kinds: html.EscapeString).
	cond  []condEdge
	cur   ssa.Instruction // the instruction being translated
	names map[ssa.Value]string
	ipos  map[ssa.Instruction]token.Pos // positions for instructions that have none
	idx   map[ssa.Instruction]int       // an instruction's index in its block
	bpos  map[*ssa.BasicBlock]token.Pos // a block's last position

	// imported returns the summary fact of a function of another package.
	imported func(*types.Func) summary
	related  *bool // report the witness steps in the package as related information
	// analyzed reports whether a package was analyzed (has summaries).
	analyzed func(*types.Package) bool
}

type condEdge struct {
	u, v, label uint32
	clean       []string
}

// condKinds lists, sorted, the kinds some conditional edge cleans for.
func (b *builder) condKinds() []string {
	set := map[string]bool{}
	for _, c := range b.cond {
		for _, k := range c.clean {
			set[k] = true
		}
	}
	var ks []string
	for k := range set {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

type resultKey struct {
	call ssa.CallInstruction
	j    int
	err  bool
}

// objFieldKey names the cell of field f of one base value.
type objFieldKey struct {
	base ssa.Value
	f    *types.Var
}

// elemKey names the cell of the elements of a map, slice, array or
// channel: per root value (the make or the literal), so that only the
// container itself, and not every container of its type, is affected.
type elemKey struct{ root ssa.Value }

// root follows a container through the operations that keep its identity.
func root(v ssa.Value) ssa.Value {
	for i := 0; i < 8; i++ {
		switch x := v.(type) {
		case *ssa.Slice:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.FreeVar:
			fn := x.Parent()
			var bound ssa.Value
			for k, f := range fn.FreeVars {
				if f != x || fn.Referrers() == nil {
					continue
				}
				for _, r := range *fn.Referrers() {
					if mc, ok := r.(*ssa.MakeClosure); ok && k < len(mc.Bindings) {
						if bound != nil && bound != mc.Bindings[k] {
							return v
						}
						bound = mc.Bindings[k]
					}
				}
			}
			if bound == nil {
				return v
			}
			v = bound
		default:
			return v
		}
	}
	return v
}

func newBuilder(pass *analysis.Pass, models *Models, res *ssaResult) *builder {
	g := graph.New()
	b := &builder{
		pass: pass, models: models, g: g,
		lE: g.Label("e"), lCall: g.Label("call_i"), lRet: g.Label("ret_i"),
		lS: g.Label("s"), lP: g.Label("p"),
		vals: map[ssa.Value]uint32{}, results: map[resultKey]uint32{}, cells: map[any]uint32{},
		funcs: map[*ssa.Function]*fnInfo{},
	}
	b.names, b.ipos, b.bpos, b.idx = res.names, res.ipos, res.bpos, res.idx
	return b
}

func (b *builder) newVertex(pos token.Pos, what string) uint32 {
	b.verts = append(b.verts, vertex{pos, what})
	return uint32(len(b.verts) - 1)
}

func (b *builder) edge(u, v uint32) {
	if u != v {
		b.g.Edges = append(b.g.Edges, graph.Edge{Src: u, Dst: v, Label: b.lE, Index: graph.NoIndex})
	}
}

func (b *builder) labeled(u, v, label, index uint32) {
	b.g.Edges = append(b.g.Edges, graph.Edge{Src: u, Dst: v, Label: label, Index: index})
}

// value returns v's vertex. A call's tuple element (Extract) shares the
// call's result vertex.
func (b *builder) value(v ssa.Value) uint32 {
	if x, ok := b.vals[v]; ok {
		return x
	}
	var id uint32
	if ex, ok := v.(*ssa.Extract); ok {
		if c, ok := ex.Tuple.(*ssa.Call); ok {
			id = b.result(c, ex.Index, false)
			b.vals[v] = id
			return id
		}
	}
	id = b.newVertex(b.valuePos(v), describe(v))
	b.vals[v] = id
	return id
}

// result returns the vertex of result j of a call (its error-paired twin
// when err).
func (b *builder) result(c ssa.CallInstruction, j int, err bool) uint32 {
	if v := c.Value(); v != nil && !err {
		if _, ok := v.Type().(*types.Tuple); !ok {
			if x, ok := b.vals[v]; ok {
				return x
			}
			x := b.newVertex(c.Pos(), "result of "+calleeName(c.Common()))
			b.vals[v] = x
			return x
		}
	}
	k := resultKey{c, j, err}
	if x, ok := b.results[k]; ok {
		return x
	}
	what := "result of " + calleeName(c.Common())
	if err {
		what += " (with an error)"
	}
	x := b.newVertex(c.Pos(), what)
	b.results[k] = x
	return x
}

func (b *builder) cell(key any, pos token.Pos, what string) uint32 {
	if x, ok := b.cells[key]; ok {
		return x
	}
	x := b.newVertex(pos, what)
	b.cells[key] = x
	return x
}

// from returns the vertices a use of v in block blk reads: v itself where
// it can carry data.
func (b *builder) from(v ssa.Value, blk *ssa.BasicBlock, pos token.Pos) []uint32 {
	switch v.(type) {
	case *ssa.Const, *ssa.Function, *ssa.Builtin:
		return nil
	}
	if !carriesData(v.Type()) {
		return nil // numbers and booleans carry no taint
	}
	return []uint32{b.value(v)}
}

func (b *builder) flow(v ssa.Value, blk *ssa.BasicBlock, pos token.Pos, to uint32) {
	for _, u := range b.from(v, blk, pos) {
		b.edge(u, to)
	}
}

func (b *builder) addSource(pos token.Pos, what string, ext []string) uint32 {
	return b.addSourceClean(pos, what, ext, nil)
}

// addSourceClean adds a source that is clean for sinks of the given kinds.
func (b *builder) addSourceClean(pos token.Pos, what string, ext []string, clean []string) uint32 {
	o := b.newVertex(pos, "")
	v := b.newVertex(pos, what)
	if len(clean) > 0 {
		b.cond = append(b.cond, condEdge{o, v, b.lS, clean})
	} else {
		b.labeled(o, v, b.lS, graph.NoIndex)
	}
	b.sources = append(b.sources, source{origin: o, v: v, what: what, ext: ext})
	return v
}

func (b *builder) addSink(v ssa.Value, blk *ssa.BasicBlock, pos token.Pos, check, what string, ext []string) {
	label := what
	if label == "" {
		label = check + " sink"
	}
	u := b.newVertex(pos, label)
	n := len(b.g.Edges)
	b.flow(v, blk, pos, u)
	if len(b.g.Edges) == n {
		return // nothing can flow here
	}
	b.sinks = append(b.sinks, sink{v: u, pos: pos, check: check, expr: b.name(v), what: what, ext: ext})
}

// addFunc creates fn's parameter and result vertices.
func (b *builder) addFunc(fn *ssa.Function) {
	fi := &fnInfo{fn: fn}
	// Only exported functions need summaries, and only parameters that
	// can carry nil (or taint) need an anchor.
	anchor := exported(fn)
	for _, p := range fn.Params {
		pv := b.value(p)
		o := b.newVertex(p.Pos(), "")
		if anchor && carriesData(p.Type()) {
			b.labeled(o, pv, b.lP, graph.NoIndex)
		}
		fi.params = append(fi.params, pv)
		fi.origins = append(fi.origins, o)
	}
	res := fn.Signature.Results()
	for j := 0; j < res.Len(); j++ {
		fi.rets = append(fi.rets, b.newVertex(fn.Pos(), fmt.Sprintf("result %d of %s", j, fn.Name())))
	}
	b.funcs[fn] = fi
	b.order = append(b.order, fi)
}

// body translates fn's instructions.
func (b *builder) body(fn *ssa.Function) {
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			b.instr(fn, blk, instr)
		}
	}
}

func (b *builder) instr(fn *ssa.Function, blk *ssa.BasicBlock, instr ssa.Instruction) {
	b.cur = instr
	pos := instr.Pos()
	if pos == token.NoPos {
		pos = b.ipos[instr]
	}
	switch in := instr.(type) {
	case *ssa.Return:
		fi := b.funcs[fn]
		for j, r := range in.Results {
			b.flow(r, blk, pos, fi.rets[j])
		}
		return
	case *ssa.Phi:
		for k, e := range in.Edges {
			p := blk.Preds[k]
			b.cur = p.Instrs[len(p.Instrs)-1] // the use is at the end of the predecessor
			b.flow(e, p, b.bpos[p], b.value(in))
		}
		return
	case ssa.CallInstruction:
		b.call(fn, blk, in, pos)
		return
	case *ssa.MakeClosure:
		cl := in.Fn.(*ssa.Function)
		for k, bind := range in.Bindings {
			if k < len(cl.FreeVars) {
				b.flow(bind, blk, pos, b.value(cl.FreeVars[k]))
				// A captured variable is shared: the closure's writes
				// into it are the enclosing function's.
				b.flow(cl.FreeVars[k], blk, pos, b.value(bind))
			}
		}
	}
	b.taintInstr(fn, blk, instr, pos)
}

func (b *builder) taintInstr(fn *ssa.Function, blk *ssa.BasicBlock, instr ssa.Instruction, pos token.Pos) {
	switch in := instr.(type) {
	case *ssa.Store:
		b.flow(in.Val, blk, pos, b.value(in.Addr))
		if fa, ok := in.Addr.(*ssa.FieldAddr); ok {
			// Into the field's cell of this object, and into the object
			// (what holds a tainted field is tainted; it goes back to the
			// callers that passed the object in, and on to its loads).
			f := fieldVar(fa.X.Type().Underlying().(*types.Pointer).Elem(), fa.Field)
			b.flow(in.Val, blk, pos, b.cell(objFieldKey{root(fa.X), f}, f.Pos(), "field "+f.Name()))
			b.flow(in.Val, blk, pos, b.value(fa.X))
		}
		return
	case *ssa.MapUpdate:
		b.flow(in.Key, blk, pos, b.value(in.Map))
		b.flow(in.Value, blk, pos, b.value(in.Map))
		return
	case *ssa.Send:
		b.flow(in.X, blk, pos, b.value(in.Chan))
		return
	case *ssa.FieldAddr:
		f := fieldVar(in.X.Type().Underlying().(*types.Pointer).Elem(), in.Field)
		// The field's address holds what the base holds (a tainted
		// object's fields are tainted) and what a store put into field f
		// of the same base. Field-based cells (every object's f one cell)
		// made hubs that every call argument's callee summary ran into:
		// two million edges and 26 s on pebble's root package.
		b.flow(in.X, blk, pos, b.value(in))
		b.edge(b.cell(objFieldKey{root(in.X), f}, f.Pos(), "field "+f.Name()), b.value(in))
		return
	case *ssa.Field:
		f := fieldVar(in.X.Type(), in.Field)
		base := in.X // a struct value: the object it was loaded from
		if u, ok := base.(*ssa.UnOp); ok && u.Op == token.MUL {
			base = u.X
		}
		b.edge(b.cell(objFieldKey{root(base), f}, f.Pos(), "field "+f.Name()), b.value(in))
		b.flow(in.X, blk, pos, b.value(in))
		if src, ok := b.models.fieldSource(in.X.Type(), f); ok {
			b.edge(b.addSource(pos, src, nil), b.value(in))
		}
		return
	case *ssa.IndexAddr, *ssa.Slice:
		x := *in.Operands(nil)[0]
		b.flow(x, blk, pos, b.value(in.(ssa.Value)))
		b.flow(in.(ssa.Value), blk, pos, b.value(x))
		return
	case *ssa.Alloc:
		return
	case *ssa.UnOp:
		if in.Op == token.MUL && isReference(in.Type()) {
			// A loaded slice, map, channel or pointer aliases the one in
			// memory: what is written into it is in memory too.
			b.edge(b.value(in), b.value(in.X))
		}
		if in.Op == token.MUL {
			if fa, ok := in.X.(*ssa.FieldAddr); ok {
				f := fieldVar(fa.X.Type().Underlying().(*types.Pointer).Elem(), fa.Field)
				if src, ok := b.models.fieldSource(fa.X.Type(), f); ok {
					b.edge(b.addSource(pos, src, nil), b.value(in))
				}
			}
			if g, ok := in.X.(*ssa.Global); ok && g.Pkg != nil {
				if src, ok := b.models.globalSource(g.Pkg.Pkg.Path(), g.Name()); ok {
					b.edge(b.addSource(pos, src, nil), b.value(in))
				}
			}
		}
	case *ssa.Convert, *ssa.ChangeType:
		if check, ok := b.models.conversionSink(in.(ssa.Value).Type()); ok {
			n := types.Unalias(in.(ssa.Value).Type()).(*types.Named).Obj()
			b.addSink(*in.Operands(nil)[0], blk, pos, check, n.Pkg().Path()+"."+n.Name()+" (conversion)", nil)
		}
	}
	// Any other value: its operands flow into it.
	v, ok := instr.(ssa.Value)
	if !ok {
		return
	}
	to := b.value(v)
	for _, op := range instr.Operands(nil) {
		if *op != nil {
			b.flow(*op, blk, pos, to)
		}
	}
}

// call translates a call (or go, defer) site.
func (b *builder) call(fn *ssa.Function, blk *ssa.BasicBlock, c ssa.CallInstruction, pos token.Pos) {
	com := c.Common()
	sig := com.Signature()
	nres := sig.Results().Len()
	hasValue := c.Value() != nil
	// args are the callee's parameters in order: the receiver first for an
	// invoke, as for a static method call.
	args := com.Args
	if com.IsInvoke() {
		args = append([]ssa.Value{com.Value}, com.Args...)
	}
	resultTo := func(j int, err bool) (uint32, bool) {
		if !hasValue || j >= nres {
			return 0, false
		}
		return b.result(c, j, err), true
	}

	callee := com.StaticCallee()
	if callee != nil && callee.Blocks == nil && callee.Origin() != nil {
		callee = callee.Origin()
	}
	if callee != nil && b.funcs[callee] != nil {
		// A call between the package's own functions: parentheses.
		fi := b.funcs[callee]
		idx := uint32(len(b.sites))
		b.sites = append(b.sites, site{callee, pos})
		for k, a := range args {
			if k < len(fi.params) {
				for _, u := range b.from(a, blk, pos) {
					b.labeled(u, fi.params[k], b.lCall, idx)
				}
				// Taint the callee writes into what a pointer, slice, map
				// or channel argument holds comes back to the caller's
				// value, as a return to this call site.
				if isReference(a.Type()) {
					for _, u := range b.from(a, blk, pos) {
						b.labeled(fi.params[k], u, b.lRet, idx)
					}
				}
			}
		}
		for j := range fi.rets {
			if to, ok := resultTo(j, false); ok {
				b.labeled(fi.rets[j], to, b.lRet, idx)
			}
		}
		return
	}

	var obj *types.Func
	if callee != nil {
		obj, _ = callee.Object().(*types.Func)
	} else if com.IsInvoke() {
		obj = com.Method
	}
	var sum summary
	if obj != nil && obj.Pkg() != nil && obj.Pkg() != b.pass.Pkg {
		sum = b.imported(obj)
	}
	// Taint.
	offset := 0
	if sig.Recv() != nil || com.IsInvoke() {
		offset = 1
	}
	if callee != nil && callee.Synthetic != "" && obj != nil && len(callee.FreeVars) == 0 &&
		obj.Type().(*types.Signature).Recv() != nil && sig.Recv() == nil {
		offset = 1 // a method expression's thunk: (*T).M(x, args...)
	}
	// place returns the vertices a place stands for; as a destination
	// (into), an argument stands for what it points to, so a pointer
	// passed as an interface (Decode(&v)) is unwrapped.
	place := func(pl check.Place, into bool) []uint32 {
		arg := func(a ssa.Value) []uint32 {
			if into {
				a = unwrap(a)
			}
			return b.from(a, blk, pos)
		}
		switch pl.Kind {
		case check.PlaceRecv:
			if offset == 1 && len(args) > 0 {
				return arg(args[0])
			}
		case check.PlaceArg:
			if k := pl.Index + offset; k < len(args) {
				return arg(args[k])
			}
		case check.PlaceResult:
			var out []uint32
			for j := 0; j < nres; j++ {
				if pl.Index < 0 || pl.Index == j {
					if to, ok := resultTo(j, false); ok && carriesData(sig.Results().At(j).Type()) {
						out = append(out, to)
					}
				}
			}
			return out
		}
		return nil
	}
	if m := b.models.lookup(obj); m != nil {
		for _, s := range m.sinks {
			// Named as `cflr check` names them: the model's function and
			// the argument, not counting the receiver.
			if s.Args == nil {
				for i, a := range args[offset:] {
					b.addSink(a, blk, pos, s.Kind, fmt.Sprintf("%s (argument %d)", m.name, i), nil)
				}
			}
			for _, pl := range s.Args {
				k := pl.Index + offset
				what := fmt.Sprintf("%s (argument %d)", m.name, pl.Index)
				if pl.Kind == check.PlaceRecv {
					k, what = 0, m.name+" (receiver)"
				}
				if k < len(args) {
					b.addSink(args[k], blk, pos, s.Kind, what, nil)
				}
			}
		}
		if m.source {
			to := m.sourceTo
			if len(to) == 0 {
				to = []check.Place{{Kind: check.PlaceResult, Index: -1}}
			}
			src := b.addSource(pos, m.name, nil)
			for _, pl := range to {
				for _, v := range place(pl, true) {
					b.edge(src, v)
				}
			}
		}
		for _, p := range m.propagates {
			for _, f := range p.From {
				for _, u := range place(f, false) {
					for _, t := range p.To {
						for _, v := range place(t, true) {
							b.edge(u, v)
						}
					}
				}
			}
		}
		if len(m.sinks) > 0 && !m.source && len(m.propagates) == 0 && len(m.cleans) == 0 {
			// A sink's results do not carry its arguments' taint (what
			// os.ReadFile returns is the file, not its name), as in
			// `cflr check`.
			return
		}
		if len(m.cleans) > 0 && !m.sanitizer {
			// Clean for some kinds: taint passes to the results towards
			// the other kinds' sinks only.
			for j := 0; j < nres; j++ {
				if to, ok := resultTo(j, false); ok && carriesData(sig.Results().At(j).Type()) {
					for _, a := range args {
						for _, u := range b.from(a, blk, pos) {
							b.cond = append(b.cond, condEdge{u, to, b.lE, m.cleans})
						}
					}
				}
			}
			return
		}
		if m.sanitizer || m.source || len(m.propagates) > 0 {
			return
		}
	}
	if sum != nil {
		s := sum.(*TaintSummary)
		for _, r := range s.Results {
			if to, ok := resultTo(r.Result, false); ok {
				b.edge(b.addSourceClean(pos, r.Source, r.Steps, r.Clean), to)
			}
		}
		for _, f := range s.Flows {
			if to, ok := resultTo(f.Result, false); ok && f.Param < len(args) {
				for _, u := range b.from(args[f.Param], blk, pos) {
					if len(f.Clean) > 0 {
						b.cond = append(b.cond, condEdge{u, to, b.lE, f.Clean})
					} else {
						b.edge(u, to)
					}
				}
			}
		}
		for _, d := range s.Sinks {
			if d.Param < len(args) {
				b.addSink(args[d.Param], blk, pos, d.Check, "call of "+obj.Name()+", which reaches "+d.What, d.Steps)
			}
		}
		return
	}
	if callee != nil && obj != nil && obj.Pkg() != nil && obj.Pkg() != b.pass.Pkg && b.analyzed(obj.Pkg()) {
		return // analyzed in its own package: nothing flows through it
	}
	// No body here and no summary (the standard library, an interface or a
	// func value): every argument and the receiver may flow to every result
	// that can carry data, as `cflr check` models the standard library.
	for j := 0; j < nres; j++ {
		if to, ok := resultTo(j, false); ok && carriesData(sig.Results().At(j).Type()) {
			for _, a := range args {
				b.flow(a, blk, pos, to)
			}
		}
	}
}

// unwrap follows conversions back to the value converted: the pointer
// inside an interface argument.
func unwrap(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		default:
			return v
		}
	}
}

// isReference reports whether t is a slice, map, channel or pointer: a
// value whose copies share what they hold.
func isReference(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Slice, *types.Map, *types.Chan, *types.Pointer:
		return true
	}
	return false
}

// carriesData reports whether a value of type t can carry untrusted data:
// not numbers, booleans or errors.
func carriesData(t types.Type) bool {
	if bt, ok := t.Underlying().(*types.Basic); ok {
		return bt.Info()&types.IsString != 0 || bt.Kind() == types.UnsafePointer
	}
	return !types.Identical(t, types.Universe.Lookup("error").Type())
}

// finish sorts the graph's edges, for a deterministic solve.
func (b *builder) finish() {
	b.g.NumVertices = uint32(len(b.verts))
	sort.Slice(b.g.Edges, func(i, j int) bool {
		x, y := b.g.Edges[i], b.g.Edges[j]
		if x.Src != y.Src {
			return x.Src < y.Src
		}
		if x.Label != y.Label {
			return x.Label < y.Label
		}
		if x.Index != y.Index {
			return x.Index < y.Index
		}
		return x.Dst < y.Dst
	})
}

// nilable reports whether a nil of type t is fatal somewhere: pointers,
// maps, funcs and interfaces (nil slices and channels are usable).
func nilable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Signature, *types.Interface:
		return true
	}
	return false
}

func fieldVar(t types.Type, i int) *types.Var {
	return t.Underlying().(*types.Struct).Field(i)
}

func boundAlloc(fv *ssa.FreeVar) *ssa.Alloc {
	fn := fv.Parent()
	idx := -1
	for i, f := range fn.FreeVars {
		if f == fv {
			idx = i
		}
	}
	if idx < 0 || fn.Referrers() == nil {
		return nil
	}
	// Closures created once (the usual case) bind one Alloc.
	var found *ssa.Alloc
	for _, r := range *fn.Referrers() {
		mc, ok := r.(*ssa.MakeClosure)
		if !ok || idx >= len(mc.Bindings) {
			continue
		}
		switch x := mc.Bindings[idx].(type) {
		case *ssa.Alloc:
			if found != nil && found != x {
				return nil
			}
			found = x
		case *ssa.FreeVar:
			if a := boundAlloc(x); a != nil && (found == nil || found == a) {
				found = a
			} else {
				return nil
			}
		default:
			return nil
		}
	}
	return found
}

func (b *builder) valuePos(v ssa.Value) token.Pos {
	if p := v.Pos(); p.IsValid() {
		return p
	}
	if in, ok := v.(ssa.Instruction); ok {
		if p, ok := b.ipos[in]; ok {
			return p
		}
	}
	if in, ok := v.(ssa.Instruction); ok && in.Parent() != nil {
		return in.Parent().Pos()
	}
	if p, ok := v.(*ssa.Parameter); ok && p.Parent() != nil {
		return p.Parent().Pos()
	}
	return token.NoPos
}

// positions finds a position for each of fn's instructions that has
// none: the closest earlier one of its block that has one, else the
// block's first, else the function's; and each block's last.
func (r *ssaResult) positions(fn *ssa.Function) {
	for _, blk := range fn.Blocks {
		first := fn.Pos()
		for _, x := range blk.Instrs {
			if p := x.Pos(); p.IsValid() {
				first = p
				break
			}
		}
		last := first
		for i, x := range blk.Instrs {
			r.idx[x] = i
			if p := x.Pos(); p.IsValid() {
				last = p
			} else {
				r.ipos[x] = last
			}
		}
		r.bpos[blk] = last
	}
}

func describe(v ssa.Value) string {
	switch x := v.(type) {
	case *ssa.Parameter:
		return "parameter " + x.Name()
	case *ssa.FreeVar:
		return "captured " + x.Name()
	case *ssa.Global:
		return "global " + x.Name()
	case *ssa.Phi:
		if x.Comment != "" {
			return x.Comment
		}
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			return "field " + fieldVar(fa.X.Type().Underlying().(*types.Pointer).Elem(), fa.Field).Name()
		}
		if x.Op == token.ARROW {
			return "receive"
		}
	}
	return ""
}

func calleeName(c *ssa.CallCommon) string {
	if c.IsInvoke() {
		return c.Method.Name()
	}
	if f := c.StaticCallee(); f != nil {
		return f.Name()
	}
	return c.Value.Name()
}
