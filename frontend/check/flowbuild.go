package check

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/frontend"
	"github.com/cflr/cflr/graph"
)

// flowBuilder translates function bodies into value-flow edges: one
// worker of BuildFlow, which logs what it does to the graph in
// provisional vertex numbers (flowshard.go).
type flowBuilder struct {
	g      *FlowGraph             // only read while workers run
	facts  *funcFacts             // the worker's, over the pre-pass's
	bodies map[*ssa.Function]bool // functions whose bodies the graph holds
	fn     *ssa.Function
	cur    ssa.Instruction // the instruction being translated
	local  bool
	anon   map[anonField]uint32 // FieldIndex's answers for unnamed structs (noAnon: none)
	// defaulted: fn's variables defaulted when nil, and where (guard.go)
	defaulted map[*ssa.Alloc][]*ssa.BasicBlock
	nf        *NilFacts // fn's (nilfacts.go)
	// mem: the loads of fn that read known stores (localmem.go), and
	// the nil sources made for them
	mem     map[*ssa.UnOp][]memDef
	memNils map[ssa.Instruction]uint32
	memPass *memPass
	// checked: the values checkedFn compares with nil (nilchecked.go)
	checked   map[ssa.Value]token.Pos
	checkedFn *ssa.Function

	log   *chunkLog
	own   *valueIDs   // fn's values
	arena vertexArena // leaves' results are cut from it
	// The chunk's provisional numbers of vertices other chunks may name
	// too.
	shared map[vkey]uint32
	heap   map[hkey]uint32
	rets   map[*ssa.Function][][]uint32
	fields map[*types.Var]uint32 // fields Build never met
	// sentinels: fn's sentinel returns (nilsources.go)
	sentinels sentinelMemo
}

func (b *flowBuilder) function(fn *ssa.Function) {
	b.fn, b.local = fn, b.g.IsLocal(fn)
	b.defaulted = b.facts.defaultedOf(fn)
	if fn.Synthetic != "" && fn.Pkg == nil {
		// Wrappers of local methods are local too (their panics are the
		// method's); others are not.
		if o := fn.Origin(); o != nil {
			b.local = b.g.IsLocal(o)
		}
	}
	b.nf = b.nilFactsOf(fn)
	b.mem, b.memNils = b.localMemory(fn), nil
	for _, blk := range fn.Blocks {
		if b.nf.Dead(blk) {
			continue // a nil test decides the way around it
		}
		for _, instr := range blk.Instrs {
			b.cur = instr
			b.instr(instr)
			if c, ok := instr.(*ssa.Call); ok && b.local && neverReturns(c) {
				// The rest of the block is dead (a return nil after a
				// panicking errorf): no nil there is a source.
				break
			}
		}
	}
	if fn.Recover != nil {
		return
	}
}

// fieldKey is the heap field number of field i of struct type t: the
// points-to graph's where Build met the field (so that sub-objects line
// up), else a number of our own.
func (b *flowBuilder) fieldKey(t types.Type, i int) uint32 {
	// The graph names a field of an unnamed struct type by the type's
	// spelling (slow to make): its answers are remembered per struct.
	st, unnamed := types.Unalias(t).(*types.Struct)
	k := anonField{st, i}
	idx, known := uint32(0), false
	if unnamed {
		idx, known = b.anon[k]
	}
	if !known {
		var ok bool
		if idx, ok = b.g.Analysis.Graph.FieldIndex(t, i); !ok {
			idx = noAnon
		}
		if unnamed {
			if b.anon == nil {
				b.anon = map[anonField]uint32{}
			}
			b.anon[k] = idx
		}
	}
	if idx != noAnon {
		return idx
	}
	return b.unknownField(t.Underlying().(*types.Struct).Field(i).Origin())
}

type anonField struct {
	st *types.Struct
	i  int
}

const noAnon = ^uint32(0)

// connect adds edges from each source leaf to the destination leaves:
// field to field when both are the same struct, else every pair.
func (b *flowBuilder) connect(srcs, dsts []uint32, label string, idx uint32, info EdgeInfo) {
	if len(srcs) == len(dsts) {
		for k := range srcs {
			b.addEdge(srcs[k], dsts[k], label, idx, info)
		}
		return
	}
	for _, s := range srcs {
		for _, d := range dsts {
			b.addEdge(s, d, label, idx, info)
		}
	}
}

// nilVertex returns a fresh VNil vertex for a nil constant used at pos in
// a local function (noVertex elsewhere: only nils the user wrote count).
func (b *flowBuilder) nilVertex(c *ssa.Const, pos token.Pos) (uint32, bool) {
	if !b.local || !c.IsNil() || !nilable(c.Type()) || typeArgZero(b.fn, c) {
		return 0, false
	}
	n := b.newVertex(Vertex{Kind: VNil, Value: c, Func: b.fn, Field: -1, Pos: pos})
	b.nilSource(NilSource{V: n, Iface: isIface(c.Type()), Local: true})
	return n, true
}

// flowTo adds edges from src, as read in block blk (along the edge from
// pred for a phi), to dsts.
func (b *flowBuilder) flowTo(src ssa.Value, blk, pred *ssa.BasicBlock, dsts []uint32, label string, idx uint32, info EdgeInfo) {
	if len(dsts) == 0 {
		return
	}
	if c, ok := src.(*ssa.Const); ok {
		if n, ok := b.nilVertex(c, info.Pos); ok {
			b.connect([]uint32{n}, dsts, label, idx, info)
		}
		return
	}
	at := b.cur
	if pred != nil {
		at = pred.Instrs[len(pred.Instrs)-1]
	}
	b.factFlow(src, at, dsts, label, idx, info)
	b.connect(b.leaves(src, -1, b.facts.guarded(src, blk, pred) || b.facts.derefd(src, b.cur, pred) || pred == nil && b.facts.errPaired(src, b.cur)), dsts, label, idx, info)
}

// sink records a use of v at instr where a nil v panics; what describes
// the use (called only for a sink recorded: naming values and functions
// for every dereference of the program was a tenth of the build).
func (b *flowBuilder) sink(v ssa.Value, instr ssa.Instruction, kind SinkKind, what func() string) {
	if !b.local {
		return
	}
	switch v.(type) {
	case *ssa.Alloc, *ssa.Global, *ssa.FieldAddr, *ssa.IndexAddr, *ssa.MakeClosure, *ssa.Function,
		*ssa.MakeMap, *ssa.MakeChan, *ssa.MakeSlice, *ssa.MakeInterface:
		return // never nil
	}
	pos := instr.Pos()
	if !pos.IsValid() {
		pos = posOf(v)
	}
	if iv, ok := instr.(ssa.Value); ok && !pos.IsValid() {
		// An implicit dereference (a value method called through a
		// nil pointer constant) has no position: take its call's.
		pos = posOf(iv)
	}
	var vx uint32
	if c, ok := v.(*ssa.Const); ok {
		n, ok := b.nilVertex(c, pos)
		if !ok {
			return
		}
		vx = n
	} else if b.nf.Nil(v, instr) {
		vx = b.factNil(v, pos) // reported here, whatever guards say
	} else if at, ok := b.nilComparedAt(v, instr); ok && kind <= SinkStore {
		vx = b.factNil(v, at) // nilchecked.go; the witness names the test
	} else {
		if (kind == SinkInvoke || kind == SinkAssert) && b.facts.ifaceUsed(v, instr) {
			return // an earlier call or assertion panicked on a nil interface
		}
		ls := b.use(v, instr)
		if len(ls) != 1 {
			return
		}
		vx = ls[0]
	}
	b.nilSink(NilSink{V: vx, Pos: pos, Kind: kind, Func: b.fn, Instr: instr, Iface: isIface(v.Type())}, v, what)
}

// memCells lists, per leaf of a value of type t, the heap cells that a
// load or store through addr reads or writes.
func (b *flowBuilder) memCells(addr ssa.Value, t types.Type) [][]uint32 {
	if fs := fieldsOf(t); fs != nil {
		objs := b.g.pointees(addr)
		out := make([][]uint32, len(fs))
		if len(objs) == 0 {
			return out
		}
		for k, f := range fs {
			key := b.fieldKey(t, f)
			out[k] = make([]uint32, len(objs))
			for j, o := range objs {
				out[k][j] = b.heapCell(o, key)
			}
		}
		return out
	}
	if _, ok := t.Underlying().(*types.Array); ok {
		return [][]uint32{b.cells(b.g.pointees(addr), frontend.ElemIndex)}
	}
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		return [][]uint32{b.cells(b.g.pointees(a.X), b.fieldKey(deref(a.X.Type()), a.Field))}
	case *ssa.IndexAddr:
		return [][]uint32{b.cells(b.g.pointees(a.X), frontend.ElemIndex)}
	}
	return [][]uint32{b.cells(b.g.pointees(addr), starCell)}
}

func (b *flowBuilder) cells(objs []uint32, f uint32) []uint32 {
	out := make([]uint32, 0, len(objs))
	for _, o := range objs {
		out = append(out, b.heapCell(o, f))
	}
	return out
}

func deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

func isPtrToArray(t types.Type) bool {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	_, ok = p.Elem().Underlying().(*types.Array)
	return ok
}

func isString(t types.Type) bool {
	bt, ok := t.Underlying().(*types.Basic)
	return ok && bt.Info()&types.IsString != 0
}

func fieldName(t types.Type, i int) string {
	if st, ok := deref(t).Underlying().(*types.Struct); ok && i < st.NumFields() {
		return st.Field(i).Name()
	}
	return fmt.Sprint("field", i)
}

func qualifier(p *types.Package) string { return p.Name() }

// posOf is v's position or, for implicit values, that of its first
// positioned user.
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
	return token.NoPos
}

func (b *flowBuilder) instr(instr ssa.Instruction) {
	g := b.g
	if i, ok := instr.(*ssa.DebugRef); ok {
		// Name values after the variables that hold them, else after the
		// first expression that denotes them. (Debug references are a
		// large part of the instructions: they skip the rest, even the
		// position, which each computes from its expression's syntax.)
		if b.local && !i.IsAddr {
			if obj := i.Object(); obj != nil {
				b.name(i.X, obj.Name(), nil)
			} else if i.Expr != nil {
				b.name(i.X, "", i.Expr)
			}
		}
		return
	}
	blk := instr.Block()
	info := EdgeInfo{Pos: instr.Pos()}
	switch i := instr.(type) {
	case *ssa.Alloc:
		b.zeroVar(i)
	case *ssa.Phi:
		dst := b.value(i)
		for k, e := range i.Edges {
			if b.nf.Dead(blk.Preds[k]) {
				continue
			}
			b.flowTo(e, blk, blk.Preds[k], dst, LabelAssign, graph.NoIndex, EdgeInfo{Pos: posOf(i)})
		}
	case *ssa.Store:
		b.storeSink(i.Addr, i)
		cells := b.memCells(i.Addr, i.Val.Type())
		if c, ok := i.Val.(*ssa.Const); ok {
			if !freshBase(i.Addr) {
				return
			}
			if n, ok := b.nilVertex(c, i.Pos()); ok && len(cells) == 1 {
				// A struct value's field too: the value is copied
				// into the heap whole (fzf's t := Terminal{separator:
				// nil}; &t).
				_, info.NilField = i.Addr.(*ssa.FieldAddr)
				_, info.ElemStore = i.Addr.(*ssa.IndexAddr)
				b.connect([]uint32{n}, cells[0], LabelStore, graph.NoIndex, info)
			}
			return
		}
		srcs := b.use(i.Val, i)
		if len(srcs) != len(cells) {
			return
		}
		info.Existing = !initStore(i.Addr) || b.beforeDefault(i)
		_, info.FieldInit = i.Addr.(*ssa.FieldAddr)
		_, info.ElemStore = i.Addr.(*ssa.IndexAddr)
		for k, s := range srcs {
			b.connect([]uint32{s}, cells[k], LabelStore, graph.NoIndex, info)
		}
	case *ssa.UnOp:
		switch i.Op {
		case token.MUL:
			b.storeSink(i.X, i)
			dst := b.value(i)
			if len(dst) == 0 {
				return
			}
			if defs, ok := b.mem[i]; ok && b.forward(i, defs, dst) {
				return // reads the stores that reach it, not the heap
			}
			cells := b.memCells(i.X, i.Type())
			if len(cells) != len(dst) {
				return
			}
			for k, d := range dst {
				b.connect(cells[k], []uint32{d}, LabelLoad, graph.NoIndex, EdgeInfo{Pos: posOf(i)})
			}
		case token.ARROW:
			var dst []uint32
			if i.CommaOk {
				dst = b.component(i, 0)
			} else {
				dst = b.value(i)
			}
			b.connect(b.cells(g.pointees(i.X), frontend.ElemIndex), dst, LabelLoad, graph.NoIndex, EdgeInfo{Pos: posOf(i)})
		}
	case *ssa.FieldAddr:
		b.sink(i.X, i, SinkField, func() string { return "field access " + g.Name(i.X) + "." + fieldName(i.X.Type(), i.Field) })
	case *ssa.IndexAddr:
		if isPtrToArray(i.X.Type()) {
			b.sink(i.X, i, SinkArrayElem, func() string { return "element access " + g.Name(i.X) + "[…]" })
		} else {
			b.sliceSink(i)
		}
	case *ssa.Field:
		fs := fieldsOf(i.X.Type())
		src := b.use(i.X, i)
		for k, f := range fs {
			if f == i.Field && k < len(src) {
				b.connect(src[k:k+1], b.value(i), LabelAssign, graph.NoIndex, EdgeInfo{Pos: posOf(i)})
			}
		}
	case *ssa.Index:
		if _, ok := i.X.Type().Underlying().(*types.Array); ok {
			b.flowTo(i.X, blk, nil, b.value(i), LabelAssign, graph.NoIndex, EdgeInfo{Pos: posOf(i)})
		}
	case *ssa.Lookup:
		if _, ok := i.X.Type().Underlying().(*types.Map); ok {
			dst := b.value(i)
			if i.CommaOk {
				dst = b.component(i, 0)
			}
			b.connect(b.cells(g.pointees(i.X), frontend.MapValIndex), dst, LabelLoad, graph.NoIndex, EdgeInfo{Pos: posOf(i)})
		} else if isString(i.X.Type()) {
			b.flowTo(i.X, blk, nil, b.value(i), LabelOp, graph.NoIndex, EdgeInfo{Pos: posOf(i)})
		}
	case *ssa.MapUpdate:
		b.sink(i.Map, i, SinkMapWrite, func() string { return "assignment to entry in map " + g.Name(i.Map) })
		objs := g.pointees(i.Map)
		_, made := i.Map.(*ssa.MakeMap)
		info.Existing = !made
		// As a slice's: every map made at one site is one heap cell, so
		// one nil in a literal (caddy's map[string]any{rawConfigKey:
		// nil}) would reach every load of every such map.
		info.ElemStore = true
		b.flowTo(i.Key, blk, nil, b.cells(objs, frontend.MapKeyIndex), LabelStore, graph.NoIndex, info)
		b.flowTo(i.Value, blk, nil, b.cells(objs, frontend.MapValIndex), LabelStore, graph.NoIndex, info)
	case *ssa.Next:
		if r, ok := i.Iter.(*ssa.Range); ok && !i.IsString {
			objs := g.pointees(r.X)
			b.connect(b.cells(objs, frontend.MapKeyIndex), b.component(i, 1), LabelLoad, graph.NoIndex, EdgeInfo{Pos: posOf(r)})
			b.connect(b.cells(objs, frontend.MapValIndex), b.component(i, 2), LabelLoad, graph.NoIndex, EdgeInfo{Pos: posOf(r)})
		} else if ok && i.IsString {
			b.flowTo(r.X, blk, nil, b.component(i, 2), LabelOp, graph.NoIndex, EdgeInfo{Pos: posOf(r)})
		}
	case *ssa.Send:
		b.flowTo(i.X, blk, nil, b.cells(g.pointees(i.Chan), frontend.ElemIndex), LabelStore, graph.NoIndex, info)
	case *ssa.Select:
		r := 2
		for _, st := range i.States {
			if st.Dir == types.SendOnly {
				b.flowTo(st.Send, blk, nil, b.cells(g.pointees(st.Chan), frontend.ElemIndex), LabelStore, graph.NoIndex, info)
			} else {
				b.connect(b.cells(g.pointees(st.Chan), frontend.ElemIndex), b.component(i, r), LabelLoad, graph.NoIndex, info)
				r++
			}
		}
	case *ssa.Slice:
		if isPtrToArray(i.X.Type()) {
			b.sink(i.X, i, SinkArrayElem, func() string { return "slicing " + g.Name(i.X) })
			return // the slice is never nil (or the slicing panicked)
		}
		label := LabelAssign
		if isString(i.X.Type()) {
			label = LabelOp
		}
		b.sliceSink(i)
		b.flowTo(i.X, blk, nil, b.value(i), label, graph.NoIndex, EdgeInfo{Pos: posOf(i)})
	case *ssa.MakeInterface:
		b.flowTo(i.X, blk, nil, b.value(i), LabelBox, graph.NoIndex, EdgeInfo{Pos: posOf(i)})
	case *ssa.ChangeType:
		b.flowTo(i.X, blk, nil, b.value(i), LabelAssign, graph.NoIndex, EdgeInfo{Pos: posOf(i)})
	case *ssa.ChangeInterface:
		b.flowTo(i.X, blk, nil, b.value(i), LabelAssign, graph.NoIndex, EdgeInfo{Pos: posOf(i)})
	case *ssa.SliceToArrayPointer:
		label := LabelAssign
		if arrayPtrLen(i) > 0 {
			// A nil slice panics here (sliceSink); the pointer is not nil.
			label = LabelOp
			b.sliceSink(i)
		}
		b.flowTo(i.X, blk, nil, b.value(i), label, graph.NoIndex, EdgeInfo{Pos: posOf(i)})
	case *ssa.MultiConvert:
		b.flowTo(i.X, blk, nil, b.value(i), LabelOp, graph.NoIndex, EdgeInfo{Pos: posOf(i)})
	case *ssa.Convert:
		label := LabelAssign
		if isString(i.X.Type()) != isString(i.Type()) {
			label = LabelOp // string ↔ []byte, []rune: new data
		}
		b.flowTo(i.X, blk, nil, b.value(i), label, graph.NoIndex, EdgeInfo{Pos: posOf(i)})
	case *ssa.BinOp:
		if i.Op == token.ADD && isString(i.Type()) {
			b.flowTo(i.X, blk, nil, b.value(i), LabelOp, graph.NoIndex, EdgeInfo{Pos: posOf(i)})
			b.flowTo(i.Y, blk, nil, b.value(i), LabelOp, graph.NoIndex, EdgeInfo{Pos: posOf(i)})
		}
	case *ssa.TypeAssert:
		dst := b.value(i)
		if i.CommaOk {
			dst = b.component(i, 0)
		} else {
			b.sink(i.X, i, SinkAssert, func() string {
				return "type assertion " + g.Name(i.X) + ".(" + types.TypeString(i.AssertedType, qualifier) + ")"
			})
		}
		label := LabelUnbox
		if types.IsInterface(i.AssertedType) && i.CommaOk {
			// A failed comma-ok assertion to an interface yields a nil
			// interface; x.(I) without ok panics on a nil x, so its
			// result is never one (unbox: a nil pointer inside goes on,
			// a nil interface stops).
			label = LabelAssign
		}
		b.flowTo(i.X, blk, nil, dst, label, graph.NoIndex, EdgeInfo{Pos: posOf(i)})
	case *ssa.Extract:
		b.connect(b.component(i.Tuple, i.Index), b.value(i), LabelAssign, graph.NoIndex, EdgeInfo{Pos: posOf(i)})
	case *ssa.MakeClosure:
		fn := i.Fn.(*ssa.Function)
		for k, bind := range i.Bindings {
			b.flowTo(bind, blk, nil, b.value(fn.FreeVars[k]), LabelAssign, graph.NoIndex, EdgeInfo{Pos: posOf(i)})
		}
	case *ssa.Return:
		rets := b.returns(b.fn)
		errRet := errorConvention(b.fn, i)
		for k, r := range i.Results {
			if errRet && isNilConst(r) && k < len(i.Results)-1 {
				continue // return nil, err: callers check err first
			}
			if k < len(rets) {
				ri := info
				ri.SentinelRet = b.sentinels.ret(b.fn, i, k)
				b.flowTo(r, blk, nil, b.resultLeaves(b.fn, k), LabelAssign, graph.NoIndex, ri)
				if p := nilParamReturn(b.fn, i, k); p != nil {
					b.connect(b.leaves(p, -1, false), b.resultLeaves(b.fn, k), labelParamRetBuild, graph.NoIndex, info)
				}
			}
		}
	case *ssa.Call:
		b.call(i, i.Common(), i)
	case *ssa.Go:
		b.call(i, i.Common(), nil)
	case *ssa.Defer:
		b.call(i, i.Common(), nil)
	}
}

// storeSink records *p and *p = v through a plain pointer p (field and
// element addresses are checked where they are computed).
func (b *flowBuilder) storeSink(addr ssa.Value, instr ssa.Instruction) {
	switch addr.(type) {
	case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Alloc, *ssa.Global:
		return
	}
	if _, ok := instr.(*ssa.Store); ok {
		b.sink(addr, instr, SinkStore, func() string { return "store through " + b.g.Name(addr) })
	} else {
		b.sink(addr, instr, SinkLoad, func() string { return "dereference of " + b.g.Name(addr) })
	}
}

// callResults are the leaves of component k of a call's value.
func (g *FlowGraph) callResults(res ssa.Value, k int) []uint32 {
	if res == nil {
		return nil
	}
	if _, ok := res.Type().(*types.Tuple); ok {
		return g.Component(res, k)
	}
	return g.Value(res)
}

func (b *flowBuilder) call(instr ssa.CallInstruction, c *ssa.CallCommon, res ssa.Value) {
	g := b.g
	blk := instr.Block()
	if bi, ok := c.Value.(*ssa.Builtin); ok {
		b.builtin(instr, bi, c.Args, res)
		return
	}
	switch {
	case c.IsInvoke() && isTypeParam(c.Value.Type()):
		// A method of a type parameter's value may take a nil receiver.
	case c.IsInvoke():
		b.sink(c.Value, instr, SinkInvoke, func() string { return "method call " + g.Name(c.Value) + "." + c.Method.Name() + "()" })
	case c.StaticCallee() == nil:
		b.sink(c.Value, instr, SinkCall, func() string { return "call of func value " + g.Name(c.Value) })
	}
	callees := g.Analysis.Callees(instr)
	site := b.site()
	nres := c.Signature().Results().Len()
	for _, fn := range callees {
		info := EdgeInfo{Pos: instr.Pos(), Site: instr, Callee: fn}
		if b.local && !g.IsLocal(fn) && !c.IsInvoke() && fn.Signature.Recv() != nil && len(c.Args) > 0 && b.facts.derefsReceiver(fn) {
			b.sink(c.Args[0], instr, SinkRecv, func() string { return "call of " + frontend.FuncName(fn) + ", which dereferences its receiver" })
		}
		if !b.bodies[fn] || len(fn.Params) < len(c.Args) {
			b.externCall(instr, c, res, fn)
			b.opaque(instr, c, res, info)
			continue
		}
		params := fn.Params
		if c.IsInvoke() {
			if len(params) == 0 {
				continue
			}
			b.flowTo(c.Value, blk, nil, b.value(params[0]), LabelICall, site, info)
			params = params[1:]
		}
		for k, a := range c.Args {
			if k < len(params) {
				b.flowTo(a, blk, nil, b.value(params[k]), LabelCall, site, info)
			}
		}
		if res != nil {
			for k := 0; k < nres; k++ {
				b.connect(b.resultLeaves(fn, k), b.callResults(res, k), LabelRet, site, info)
			}
		}
	}
	if len(callees) == 0 {
		b.opaque(instr, c, res, EdgeInfo{Pos: instr.Pos(), Site: instr})
	}
}

// opaque models a call whose callee's body the graph does not hold: what
// goes in may come out changed (op edges: taint follows them, nil does
// not: a library result is not a nil the user wrote).
func (b *flowBuilder) opaque(instr ssa.CallInstruction, c *ssa.CallCommon, res ssa.Value, info EdgeInfo) {
	if res == nil {
		return
	}
	var dsts []uint32
	n := c.Signature().Results().Len()
	for k := 0; k < n; k++ {
		dsts = append(dsts, b.callResults(res, k)...)
	}
	if len(dsts) == 0 {
		return
	}
	args := c.Args
	if c.IsInvoke() {
		args = append([]ssa.Value{c.Value}, args...)
	}
	for _, a := range args {
		if _, ok := a.(*ssa.Const); ok {
			continue
		}
		for _, s := range b.use(a, instr) {
			for _, d := range dsts {
				b.addEdge(s, d, LabelOp, graph.NoIndex, info)
			}
		}
	}
}

func (b *flowBuilder) builtin(instr ssa.CallInstruction, bi *ssa.Builtin, args []ssa.Value, res ssa.Value) {
	g := b.g
	blk := instr.Block()
	info := EdgeInfo{Pos: instr.Pos()}
	switch bi.Name() {
	case "append":
		if res == nil {
			return
		}
		dst := b.value(res)
		b.flowTo(args[0], blk, nil, dst, LabelAssign, graph.NoIndex, info)
		if len(args) > 1 {
			b.copyElems(res, args[1], instr)
		}
	case "copy":
		b.copyElems(args[0], args[1], instr)
	case "ssa:wrapnilchk":
		b.sink(args[0], instr, SinkRecv, func() string { return "method value " + g.Name(args[0]) })
		if res == nil {
			return
		}
		b.flowTo(args[0], blk, nil, b.value(res), LabelAssign, graph.NoIndex, info)
	}
}

// copyElems makes the elements of src's array flow into dst's (append,
// copy): through a temporary cell when elements are tracked, else (bytes,
// runes) as an op from the slice or string src to dst.
func (b *flowBuilder) copyElems(dst, src ssa.Value, instr ssa.Instruction) {
	g := b.g
	info := EdgeInfo{Pos: instr.Pos()}
	st, ok := dst.Type().Underlying().(*types.Slice)
	if !ok {
		return
	}
	if isString(src.Type()) || !trackedLeaf(st.Elem()) {
		b.flowTo(src, instr.Block(), nil, b.value(dst), LabelOp, graph.NoIndex, info)
		return
	}
	from := b.cells(g.pointees(src), frontend.ElemIndex)
	to := b.cells(g.pointees(dst), frontend.ElemIndex)
	if len(from) == 0 || len(to) == 0 {
		return
	}
	t := b.newVertex(Vertex{Kind: VTemp, Func: b.fn, Field: -1, Pos: instr.Pos()})
	b.connect(from, []uint32{t}, LabelLoad, graph.NoIndex, info)
	b.connect([]uint32{t}, to, LabelStore, graph.NoIndex, info)
}

// resultLeaves are the vertices of result k of fn, one per field of a
// struct result.
func (g *FlowGraph) resultLeaves(fn *ssa.Function, k int) []uint32 {
	rs := g.returns(fn)
	if k < len(rs) {
		return rs[k]
	}
	return nil
}

// zeroVar makes a declared, address-taken local variable of a nilable
// type (var p *T, captured by a closure or whose address is taken) start
// as the nil its declaration writes, unless a store initializes it before
// any other use in its block (p := &x, var p = f()).
func (b *flowBuilder) zeroVar(a *ssa.Alloc) {
	if !b.local {
		return
	}
	switch a.Comment {
	case "", "new", "complit", "slicelit", "varargs", "makeslice":
		return
	}
	t := deref(a.Type())
	if !nilable(t) {
		return
	}
	if !onlyNilStores(a, 0) {
		return
	}
	seen := false
	for _, instr := range a.Block().Instrs {
		if instr == ssa.Instruction(a) {
			seen = true
			continue
		}
		if !seen {
			continue
		}
		for _, op := range instr.Operands(nil) {
			if *op != ssa.Value(a) {
				continue
			}
			if st, ok := instr.(*ssa.Store); ok && st.Addr == ssa.Value(a) {
				return // initialized
			}
			goto uninitialized
		}
	}
uninitialized:
	n := b.newVertex(Vertex{Kind: VNil, Value: a, Func: b.fn, Field: -1, Pos: a.Pos()})
	b.nilSource(NilSource{V: n, Iface: types.IsInterface(t), Local: true})
	b.connect([]uint32{n}, b.cells(b.g.pointees(a), starCell), LabelStore, graph.NoIndex, EdgeInfo{Pos: a.Pos()})
}

// freshBase reports whether a nil stored at addr counts as a source: a
// store through a plain pointer, or into a field or element of an object
// allocated in the same function (&T{f: nil}, []*T{nil}). A nil stored
// into a field or element of an object from elsewhere is most often a
// reset (x.f = nil to free memory, s[len(s)-1] = nil before shrinking,
// append(s, nil) before shifting elements up), after which the program
// no longer reads it or writes a value first; flow-insensitive heap cells
// would make every load of the field or element nil.
func freshBase(addr ssa.Value) bool {
	var base ssa.Value
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		base = a.X
	case *ssa.IndexAddr:
		base = a.X
	case *ssa.Alloc:
		// An address-taken local: flow-insensitive cells would make
		// p = nil reach the loads after p = &x.
		return onlyNilStores(a, 0)
	case *ssa.FreeVar:
		// A captured variable set to nil inside a closure (a reset in a
		// flush or a deferred recover): its other stores are elsewhere.
		return false
	case *ssa.UnOp:
		// *x.p = nil through a pointer kept in a field: a reset of
		// memory that belongs to another object (pebble's
		// *l.rangeDelIterPtr = nil), like x.f = nil.
		if _, ok := a.X.(*ssa.FieldAddr); ok && a.Op == token.MUL {
			return false
		}
		return true
	default:
		return true
	}
	al, ok := base.(*ssa.Alloc)
	return ok && al.Comment != "varargs"
}

// beforeDefault reports whether st stores into a variable that a later
// if p == nil { p = def } test defaults (the test's block is dominated by
// st's): a nil stored there is replaced before it can be used, but the
// variable's heap cell is flow-insensitive, so the nil would reach every
// load of it, in closures too.
func (b *flowBuilder) beforeDefault(st *ssa.Store) bool {
	a, ok := st.Addr.(*ssa.Alloc)
	if !ok {
		return false
	}
	for _, tb := range b.defaulted[a] {
		if st.Block() == tb || st.Block().Dominates(tb) {
			return true
		}
	}
	return false
}

// initStore reports whether a store through addr initializes an object
// the storing function allocated (a field or element of its own new
// struct, array, slice or map, however nested), or writes a variable or
// plain pointer: the stores nilflow follows into the heap. A value stored
// into an object from elsewhere (x.f = g(), n.children[i] = nd) is not
// followed: heap cells are flow- and context-insensitive, so one nil
// stored under a condition the code relies on (a leaf node, an exhausted
// iterator) would reach every load of that field of every object from the
// same allocation site.
func initStore(addr ssa.Value) bool {
	base := rootOf(addr)
	if base == addr {
		return true // a variable or a plain pointer
	}
	switch a := base.(type) {
	case *ssa.Alloc:
		return a.Comment != "varargs"
	case *ssa.MakeSlice, *ssa.MakeMap:
		return true
	}
	return false
}

// onlyNilStores reports whether every store to the address-taken local
// variable v (or to the free variables of closures capturing it) stores
// nil: then every load of it is nil, whatever the order.
func onlyNilStores(v ssa.Value, depth int) bool {
	if depth > 3 {
		return false
	}
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr == v && !isNilConst(r.Val) {
				return false
			}
		case *ssa.MakeClosure:
			fn := r.Fn.(*ssa.Function)
			for k, b := range r.Bindings {
				if b == v && !onlyNilStores(fn.FreeVars[k], depth+1) {
					return false
				}
			}
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return false // passed on: may be stored through elsewhere
		}
	}
	return true
}

// errorConvention reports whether ret returns a non-nil error as fn's last
// result: by the (T, error) convention the other results are then not
// used, so a nil among them is not a source. (A caller that drops the
// error and uses the nil is not reported.)
func errorConvention(fn *ssa.Function, ret *ssa.Return) bool {
	res := fn.Signature.Results()
	if res.Len() < 2 || !isErrorType(res.At(res.Len()-1).Type()) || len(ret.Results) != res.Len() {
		return false
	}
	return !isNilConst(ret.Results[len(ret.Results)-1])
}
