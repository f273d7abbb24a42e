package vet

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/frontend/check"
	"github.com/cflr/cflr/graph"
)

// mode is the check a graph is built for: the two checks share the graph's
// shape (values, calls, returns, summaries) but not what flows.
type mode uint8

const (
	nilMode mode = iota
	taintMode
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
	errCall   string   // for an error-path nil (errSources): the call's function
}

// sink is a use where a flowing value is fatal (nil) or dangerous (taint).
type sink struct {
	v     uint32
	pos   token.Pos
	check string   // the kind: "dereference", "map write", "call", "invoke" (nil); "sql", "path", ... (taint)
	expr  string   // the value's expression: "p", "n.next"
	what  string   // what the use is: "field access p.f" (nil)
	iface bool     // the value is an interface (nil: only a nil interface panics here)
	ext   []string // witness steps inside other packages (from a fact), after v
}

// fnInfo holds a package function's interface vertices.
type fnInfo struct {
	fn      *ssa.Function
	params  []uint32 // params[i] is the vertex of fn.Params[i]
	origins []uint32 // origins[i] is the p-origin of params[i]
	rets    []uint32 // rets[j]: the value of result j
	retsE   []uint32 // retsE[j]: result j returned alongside a non-nil error (nil mode, (T, error) functions)
}

// site is a call site between two of the package's functions.
type site struct {
	callee *ssa.Function
	pos    token.Pos
}

// builder turns one package's SSA into the flow graph of flow.cfg.
type builder struct {
	pass   *analysis.Pass
	mode   mode
	models *Models
	g      *graph.Graph
	lE     uint32
	lCall  uint32
	lRet   uint32
	lS     uint32
	lP     uint32

	verts   []vertex
	vals    map[ssa.Value]uint32
	twins   map[ssa.Value]uint32 // nil mode: a call result's error-paired twin
	ec      *check.ErrConvention // nil mode: which call results are nil with an error
	must    map[*ssa.Call]bool   // nil mode: mustChecked's answers
	results map[resultKey]uint32 // call result vertices (tuples)
	cells   map[any]uint32       // field, global and local-variable cells
	funcs   map[*ssa.Function]*fnInfo
	order   []*fnInfo
	sites   []site
	sources []source
	sinks   []sink
	// cond are edges that taint crosses only towards sinks of kinds
	// other than clean (a sanitizer for some kinds: html.EscapeString).
	cond   []condEdge
	guards map[any][]*ssa.BasicBlock // guard key → the blocks (non-nil branches) that dominate its guarded uses
	derefs map[any][]ssa.Instruction // guard key → the instructions that dereference it
	// guardEdges: guard key → the CFG edges (if block, successor) on which it is not nil
	guardEdges map[any][][2]*ssa.BasicBlock
	cur        ssa.Instruction // the instruction being translated (the use, for guards)
	nf         *check.NilFacts // nil mode: the facts of the function being translated
	phiTo      *ssa.BasicBlock // the block of the phi whose operand is being read
	names      map[ssa.Value]string
	ipos       map[ssa.Instruction]token.Pos // positions for instructions that have none
	idx        map[ssa.Instruction]int       // an instruction's index in its block
	reach      map[*ssa.BasicBlock]map[*ssa.BasicBlock]bool
	mem        map[any][2][]memAccess // nil mode: per cell, its stores and loads
	memKeys    []any
	bpos       map[*ssa.BasicBlock]token.Pos // a block's last position

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

// initialized reports whether a variable is ever assigned, here or in a
// closure that captures it. vet mode takes a declared variable's zero
// value as a nil source only when nothing assigns it: it has no
// flow-sensitive view of the heap, and `var x *T; f(func() { x = ... });
// x.m()` (or a named result set by its return statements) would
// otherwise be reported wherever x is used. `cflr check` is not limited
// this way.
func initialized(a *ssa.Alloc) bool {
	return storedTo(a, 0)
}

func storedTo(v ssa.Value, depth int) bool {
	refs := v.Referrers()
	if refs == nil || depth > 4 {
		return true
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr == v {
				return true
			}
		case *ssa.MakeClosure:
			fn := r.Fn.(*ssa.Function)
			for k, bv := range r.Bindings {
				if bv == v && k < len(fn.FreeVars) && storedTo(fn.FreeVars[k], depth+1) {
					return true
				}
			}
		case *ssa.Call, *ssa.Defer, *ssa.Go:
			return true // its address escapes into a call: it may be set there
		}
	}
	return false
}

// errSources adds the error-path nils of call c (cflr check's
// ErrConvention): a source into the error-paired twin of each result that
// the callee may leave nil beside a non-nil error. The twin reaches the
// uses that no check of the error guards.
func (b *builder) errSources(c *ssa.Call, callee *ssa.Function) {
	var callees []*ssa.Function
	if callee != nil {
		callees = []*ssa.Function{callee}
	}
	for _, k := range b.ec.NilResults(c, callees) {
		name := check.ErrCallName(b.names, c)
		src := b.addSource(c.Pos(), check.ErrSourceDesc(c, k, name), nil)
		b.sources[len(b.sources)-1].errCall = name
		b.edge(src, b.result(c, k, true))
	}
}

// objFieldKey names the nil-mode cell of field f of one base value.
type objFieldKey struct {
	base ssa.Value
	f    *types.Var
}

// loadKey names what a load reads, so that a guard on one load covers a
// later load of the same place: (base, field), a global, a local variable.
type loadKey struct {
	base  ssa.Value
	field int
}

// errKey guards the non-error results of a call after `err == nil`.
type errKey struct{ call ssa.Value }

func newBuilder(pass *analysis.Pass, m mode, models *Models, res *ssaResult) *builder {
	g := graph.New()
	b := &builder{
		pass: pass, mode: m, models: models, g: g,
		lE: g.Label("e"), lCall: g.Label("call_i"), lRet: g.Label("ret_i"),
		lS: g.Label("s"), lP: g.Label("p"),
		vals: map[ssa.Value]uint32{}, twins: map[ssa.Value]uint32{}, ec: check.NewErrConvention(), must: map[*ssa.Call]bool{},
		results: map[resultKey]uint32{}, cells: map[any]uint32{},
		funcs: map[*ssa.Function]*fnInfo{}, guards: map[any][]*ssa.BasicBlock{}, derefs: map[any][]ssa.Instruction{}, guardEdges: map[any][][2]*ssa.BasicBlock{},
		reach: map[*ssa.BasicBlock]map[*ssa.BasicBlock]bool{}, mem: map[any][2][]memAccess{},
	}
	b.names, b.ipos, b.bpos, b.idx = res.names, res.ipos, res.bpos, res.idx
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

// twin returns the error-paired twin of a call result, if v is one.
func (b *builder) twin(v ssa.Value) (uint32, bool) {
	ex, ok := v.(*ssa.Extract)
	if !ok || b.mode != nilMode {
		return 0, false
	}
	c, ok := ex.Tuple.(*ssa.Call)
	if !ok || !errorConvention(c.Common().Signature()) || ex.Index == c.Common().Signature().Results().Len()-1 {
		return 0, false
	}
	return b.result(c, ex.Index, true), true
}

func (b *builder) cell(key any, pos token.Pos, what string) uint32 {
	if x, ok := b.cells[key]; ok {
		return x
	}
	x := b.newVertex(pos, what)
	b.cells[key] = x
	return x
}

// from returns the vertices a use of v in block blk reads: v itself unless
// a nil check guards v there, and v's error-paired twin unless v or the
// call's error is checked there. A nil constant gets a fresh source vertex
// at pos. This is the e-SSA split: a guarded use is a different vertex, one
// with no nil flowing in.
func (b *builder) from(v ssa.Value, blk *ssa.BasicBlock, pos token.Pos) []uint32 {
	if b.mode == nilMode {
		if c, ok := v.(*ssa.Const); ok {
			if c.IsNil() && nilable(c.Type()) {
				return []uint32{b.addSource(pos, "nil", nil)}
			}
			return nil
		}
		if !nilable(v.Type()) {
			return nil
		}
		if b.nf.Source(v, b.cur) {
			// Known nil after a nil test: a nil source (check.NilFacts).
			return []uint32{b.addSource(pos, "nil", nil)}
		}
		if b.guarded(v, blk) {
			return nil
		}
		if k := guardKey(v); k != nil && b.guarded(k, blk) {
			return nil
		}
		out := []uint32{b.value(v)}
		if t, ok := b.twin(v); ok {
			// (A call with two errors has a convention of its own: its
			// twins get nothing, as in cflr check.)
			if ex := v.(*ssa.Extract); !b.guarded(errKey{ex.Tuple}, blk) && !b.onGuardEdge(errKey{ex.Tuple}, blk) &&
				check.ErrConventionResults(ex.Tuple.Type().(*types.Tuple)) && !b.mustChecked(ex) {
				out = append(out, t)
			}
		}
		return out
	}
	switch v.(type) {
	case *ssa.Const, *ssa.Function, *ssa.Builtin:
		return nil
	}
	if !carriesData(v.Type()) {
		return nil // numbers and booleans carry no taint
	}
	return []uint32{b.value(v)}
}

// withItsError reports whether u is the error-paired twin of argument a
// and a's error goes to the same call (checkError(f())): the callee gets
// the error with the value, and its results are guarded by the caller's
// check of the error it returns, which vet mode's plain results are not.
func (b *builder) withItsError(a ssa.Value, u uint32, args []ssa.Value) bool {
	t, ok := b.twin(a)
	if !ok || t != u {
		return false
	}
	ex := a.(*ssa.Extract)
	last := ex.Tuple.Type().(*types.Tuple).Len() - 1
	for _, o := range args {
		if oe, ok := o.(*ssa.Extract); ok && oe.Tuple == ex.Tuple && oe.Index == last {
			return true
		}
	}
	return false
}

// mustChecked reports whether the error of ex's call goes to a helper
// that does not return on a non-nil error (require.NoError(t, err),
// must(err)): its twin then flows nowhere.
func (b *builder) mustChecked(ex *ssa.Extract) bool {
	c, ok := ex.Tuple.(*ssa.Call)
	if !ok {
		return false
	}
	k := ex.Tuple.Type().(*types.Tuple).Len() - 1
	r, ok := b.must[c]
	if !ok {
		r = check.MustChecked(c, k)
		b.must[c] = r
	}
	return r
}

// onGuardEdge reports whether the phi operand being read, at the end of
// blk, flows along an edge on which key is guarded (if err != nil { v =
// def }: the edge that skips the branch has err nil).
func (b *builder) onGuardEdge(key any, blk *ssa.BasicBlock) bool {
	if b.phiTo == nil {
		return false
	}
	for _, e := range b.guardEdges[key] {
		if e[0] == blk && e[1] == b.phiTo {
			return true
		}
	}
	return false
}

// guarded reports whether a guard on key holds in blk.
func (b *builder) guarded(key any, blk *ssa.BasicBlock) bool {
	for _, g := range b.guards[key] {
		if g.Dominates(blk) {
			return true
		}
	}
	// A use after a dereference of the same value: had it been nil, the
	// dereference would have panicked first.
	for _, d := range b.derefs[key] {
		if d == b.cur {
			continue
		}
		if db := d.Block(); db == blk {
			if b.cur != nil && b.cur.Block() == blk && b.idx[d] < b.idx[b.cur] {
				return true
			}
		} else if db.Dominates(blk) {
			return true
		}
	}
	return false
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
	if b.factSink(v, pos, check, what, ext) {
		return
	}
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
	b.sinks = append(b.sinks, sink{v: u, pos: pos, check: check, expr: b.name(v), what: what, iface: isIface(v.Type()), ext: ext})
}

// guardKey is the load key of v: loads of one field of one base value, of
// one global or of one local variable are the same value for guards.
func guardKey(v ssa.Value) any {
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil
	}
	switch a := u.X.(type) {
	case *ssa.FieldAddr:
		return loadKey{a.X, a.Field}
	case *ssa.Global, *ssa.Alloc:
		return loadKey{a, -1}
	case *ssa.FreeVar:
		return loadKey{a, -1}
	}
	return nil
}

// computeGuards records, per block, the values known non-nil there: those
// compared with nil on a branch whose successor dominates the block. After
// `err == nil` on a call's error result, the call's other results are
// guarded against their error-paired nils.
func (b *builder) computeGuards(fn *ssa.Function) {
	for _, blk := range fn.Blocks {
		for _, in := range blk.Instrs {
			if x := dereferenced(in); x != nil {
				b.derefs[x] = append(b.derefs[x], in)
				if k := guardKey(x); k != nil {
					b.derefs[k] = append(b.derefs[k], in)
				}
			}
		}
	}
	for _, blk := range fn.Blocks {
		ifi, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || (cmp.Op != token.EQL && cmp.Op != token.NEQ) {
			continue
		}
		x := cmp.X
		if c, ok := x.(*ssa.Const); ok && c.IsNil() {
			x = cmp.Y
		} else if c, ok := cmp.Y.(*ssa.Const); !ok || !c.IsNil() {
			continue
		}
		nonNil, isNil := blk.Succs[0], blk.Succs[1]
		if cmp.Op == token.EQL {
			nonNil, isNil = isNil, nonNil
		}
		keys := []any{x}
		if k := guardKey(x); k != nil {
			keys = append(keys, k)
		}
		b.guard(fn, blk, nonNil, keys)
		ex, ok := x.(*ssa.Extract)
		if !ok {
			// An error kept in a variable (a named result) and loaded back.
			ex, ok = check.StoredError(x, blk)
		}
		if ok {
			if c, ok := ex.Tuple.(*ssa.Call); ok && errorConvention(c.Common().Signature()) &&
				ex.Index == c.Common().Signature().Results().Len()-1 {
				b.guard(fn, blk, isNil, []any{errKey{ex.Tuple}})
			}
		}
	}
}

func (b *builder) guard(fn *ssa.Function, from, to *ssa.BasicBlock, keys []any) {
	for _, k := range keys {
		b.guardEdges[k] = append(b.guardEdges[k], [2]*ssa.BasicBlock{from, to})
	}
	if len(to.Preds) != 1 || to.Preds[0] != from {
		return
	}
	for _, k := range keys {
		b.guards[k] = append(b.guards[k], to)
	}
}

// dereferenced returns the value an instruction panics on when nil.
func dereferenced(in ssa.Instruction) ssa.Value {
	switch in := in.(type) {
	case *ssa.FieldAddr:
		return in.X
	case *ssa.UnOp:
		if in.Op == token.MUL {
			return in.X
		}
	case *ssa.Store:
		return in.Addr
	case *ssa.IndexAddr:
		if _, ok := in.X.Type().Underlying().(*types.Pointer); ok {
			return in.X
		}
	case *ssa.MapUpdate:
		return in.Map
	case ssa.CallInstruction:
		if c := in.Common(); c.IsInvoke() {
			return c.Value
		}
	}
	return nil
}

// edgeNonNil reports whether the edge from block p to blk is the non-nil
// branch of a nil check on v (or on another nil constant, when v is one):
// a phi edge of its own, which no guarded block covers.
func edgeNonNil(p, blk *ssa.BasicBlock, v ssa.Value) bool {
	ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
	if !ok {
		return false
	}
	cmp, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || (cmp.Op != token.EQL && cmp.Op != token.NEQ) {
		return false
	}
	x, y := cmp.X, cmp.Y
	if c, ok := x.(*ssa.Const); ok && c.IsNil() {
		x, y = y, x
	}
	if c, ok := y.(*ssa.Const); !ok || !c.IsNil() {
		return false
	}
	nonNil := p.Succs[0]
	if cmp.Op == token.EQL {
		nonNil = p.Succs[1]
	}
	if nonNil != blk || p.Succs[0] == p.Succs[1] {
		return false
	}
	if x == v {
		return true
	}
	cx, ok1 := x.(*ssa.Const)
	cv, ok2 := v.(*ssa.Const)
	return ok1 && ok2 && cx.IsNil() && cv.IsNil()
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
		carries := nilable(p.Type())
		if b.mode == taintMode {
			carries = carriesData(p.Type())
		}
		if anchor && carries {
			b.labeled(o, pv, b.lP, graph.NoIndex)
		}
		fi.params = append(fi.params, pv)
		fi.origins = append(fi.origins, o)
	}
	res := fn.Signature.Results()
	for j := 0; j < res.Len(); j++ {
		fi.rets = append(fi.rets, b.newVertex(fn.Pos(), fmt.Sprintf("result %d of %s", j, fn.Name())))
		if b.mode == nilMode && errorConvention(fn.Signature) && j < res.Len()-1 {
			fi.retsE = append(fi.retsE, b.newVertex(fn.Pos(), fmt.Sprintf("result %d of %s (with an error)", j, fn.Name())))
		}
	}
	b.funcs[fn] = fi
	b.order = append(b.order, fi)
}

// body translates fn's instructions.
func (b *builder) body(fn *ssa.Function) {
	b.nf = nil
	if b.mode == nilMode {
		b.computeGuards(fn)
		if !check.CgoUnsafeArgs(fn) {
			b.nf = check.ComputeNilFacts(fn)
		}
	}
	for _, blk := range fn.Blocks {
		if b.nf.Dead(blk) {
			continue // a nil test decides the way around it
		}
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
		withErr := false
		if b.mode == nilMode && errorConvention(fn.Signature) {
			last := in.Results[len(in.Results)-1]
			c, ok := last.(*ssa.Const)
			withErr = !ok || !c.IsNil()
		}
		for j, r := range in.Results {
			to := fi.rets[j]
			if withErr && j < len(fi.retsE) {
				to = fi.retsE[j]
			}
			b.flow(r, blk, pos, to)
		}
		return
	case *ssa.Phi:
		for k, e := range in.Edges {
			p := blk.Preds[k]
			if b.mode == nilMode && (edgeNonNil(p, blk, e) || b.nf.Dead(p)) {
				continue
			}
			b.cur = p.Instrs[len(p.Instrs)-1] // the use is at the end of the predecessor
			b.phiTo = blk
			b.flow(e, p, b.bpos[p], b.value(in))
			b.phiTo = nil
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
				if b.mode == taintMode {
					// A captured variable is shared: the closure's writes
					// into it are the enclosing function's.
					b.flow(cl.FreeVars[k], blk, pos, b.value(bind))
				}
			}
		}
		if b.mode == nilMode {
			return
		}
	}
	if b.mode == nilMode {
		b.nilInstr(fn, blk, instr, pos)
	} else {
		b.taintInstr(fn, blk, instr, pos)
	}
}

// addrCell is the cell a load or store through addr reads or writes in nil
// mode: field f of one base value (the same SSA value, or one literal: vet
// has no points-to sets, and a field-based cell, every object's f one
// cell, flagged thousands of loads on pebble wherever any code cleared a
// field), a global, a local variable, or the elements of one container.
// Other addresses (a pointer parameter) have no cell: nil stored through
// them is not followed.
func (b *builder) addrCell(addr ssa.Value) (any, bool) {
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		f := fieldVar(a.X.Type().Underlying().(*types.Pointer).Elem(), a.Field)
		return objFieldKey{root(a.X), f}, true
	case *ssa.Global:
		return a, true
	case *ssa.Alloc:
		return a, true
	case *ssa.IndexAddr:
		return elemKey{root(a.X)}, true
	case *ssa.FreeVar:
		// A captured variable: the closure's free variable is bound to an
		// Alloc of the enclosing function; find it through the bindings.
		if al := boundAlloc(a); al != nil {
			return al, true
		}
	}
	return nil, false
}

// memAccess is a store into or a load from a memory cell (nil mode).
type memAccess struct {
	instr ssa.Instruction
	v     []uint32 // a store's values, or a load's result
}

// memStore and memLoad record accesses to the cell key; finishMem joins
// them. Within one function a store reaches only the loads that can run
// after it (`s.db = nil` at the end of a method does not reach the loads
// before it); across functions (a closure's captured variable, a global)
// every store reaches every load. A store of no nil (from empty: p =
// &T{}) is recorded too where the key is one location: it overwrites the
// stores before it (a container's elements share one key: a[2] = &i
// leaves a[1] = nil in place).
func (b *builder) memStore(key any, instr ssa.Instruction, from []uint32) {
	if _, elems := key.(elemKey); elems && len(from) == 0 {
		return
	}
	if _, ok := b.mem[key]; !ok {
		b.memKeys = append(b.memKeys, key)
	}
	m := b.mem[key]
	m[0] = append(m[0], memAccess{instr, from})
	b.mem[key] = m
}

func (b *builder) memLoad(key any, instr ssa.Instruction, to uint32) {
	if _, ok := b.mem[key]; !ok {
		b.memKeys = append(b.memKeys, key)
	}
	m := b.mem[key]
	m[1] = append(m[1], memAccess{instr, []uint32{to}})
	b.mem[key] = m
}

func (b *builder) finishMem() {
	for _, key := range b.memKeys {
		m := b.mem[key]
		if len(m[0]) == 0 || len(m[1]) == 0 {
			continue
		}
		// One vertex per storing function, read by the other functions' loads.
		per := map[*ssa.Function]uint32{}
		var fns []*ssa.Function
		for _, st := range m[0] {
			if len(st.v) == 0 {
				continue
			}
			fn := st.instr.Parent()
			c, ok := per[fn]
			if !ok {
				c = b.newVertex(st.instr.Pos(), "memory")
				per[fn] = c
				fns = append(fns, fn)
			}
			for _, u := range st.v {
				b.edge(u, c)
			}
		}
		owner := (*ssa.Function)(nil) // a local variable's function
		if a, ok := key.(*ssa.Alloc); ok {
			owner = a.Parent()
		}
		for _, ld := range m[1] {
			lf := ld.instr.Parent()
			for _, fn := range fns {
				// A closure's store into a captured variable is not seen
				// by other functions: vet cannot order the closures (a
				// cleanup that sets x = nil, a callback that uses x).
				if fn != lf && owner == nil {
					b.edge(per[fn], ld.v[0])
				}
			}
			// The owner's stores reach a closure's loads if they reach
			// the closure's creation (or come after it).
			var mcs []ssa.Instruction
			if owner != nil && lf != owner {
				mcs = closureSites(owner, lf)
			}
			for _, st := range m[0] {
				sf := st.instr.Parent()
				ok := false
				switch {
				case sf == lf:
					ok = b.reaches(key, m[0], st.instr, ld.instr)
				case sf == owner && mcs != nil:
					for _, mc := range mcs {
						if b.reaches(key, m[0], st.instr, mc) || b.after(mc, st.instr) {
							ok = true
						}
					}
				}
				if ok {
					for _, u := range st.v {
						b.edge(u, ld.v[0])
					}
				}
			}
		}
	}
}

// closureSites returns the MakeClosure instructions of owner that create
// fn or the closure of owner that encloses it.
func closureSites(owner, fn *ssa.Function) []ssa.Instruction {
	for fn != nil && fn.Parent() != owner {
		fn = fn.Parent()
	}
	if fn == nil {
		return nil
	}
	var out []ssa.Instruction
	for _, blk := range owner.Blocks {
		for _, in := range blk.Instrs {
			if mc, ok := in.(*ssa.MakeClosure); ok && mc.Fn == fn {
				out = append(out, in)
			}
		}
	}
	return out
}

// reaches reports whether the value stored by st can still be in the cell
// key at ld: some path from st to ld passes neither another store into the
// cell nor the non-nil branch of a nil check on it (`if x == nil { x = d }`
// leaves no nil behind on either path).
func (b *builder) reaches(key any, stores []memAccess, st, ld ssa.Instruction) bool {
	storeIn := map[*ssa.BasicBlock][]int{}
	for _, o := range stores {
		if o.instr != st && o.instr.Parent() == st.Parent() {
			storeIn[o.instr.Block()] = append(storeIn[o.instr.Block()], b.idx[o.instr])
		}
	}
	guardEdge := map[[2]*ssa.BasicBlock]bool{}
	for _, e := range b.guardEdges[loadKey{keyValue(key), -1}] {
		guardEdge[e] = true
	}
	type edge = [2]*ssa.BasicBlock
	storeBetween := func(blk *ssa.BasicBlock, from, to int) bool {
		for _, i := range storeIn[blk] {
			if i > from && i < to {
				return true
			}
		}
		return false
	}
	bs, bl := st.Block(), ld.Block()
	if bs == bl && b.idx[st] < b.idx[ld] {
		return !storeBetween(bs, b.idx[st], b.idx[ld])
	}
	if storeBetween(bs, b.idx[st], len(bs.Instrs)) {
		return false
	}
	seen := map[*ssa.BasicBlock]bool{}
	var stack []*ssa.BasicBlock
	push := func(from *ssa.BasicBlock) {
		for _, s := range from.Succs {
			if !guardEdge[edge{from, s}] {
				stack = append(stack, s)
			}
		}
	}
	push(bs)
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[n] {
			continue
		}
		seen[n] = true
		if n == bl && !storeBetween(n, -1, b.idx[ld]) {
			return true
		}
		if storeBetween(n, -1, len(n.Instrs)) {
			continue
		}
		push(n)
	}
	return false
}

func keyValue(key any) ssa.Value {
	switch k := key.(type) {
	case *ssa.Alloc:
		return k
	case *ssa.Global:
		return k
	}
	return nil
}

// killed reports whether another store of the same cell overwrites st
// before ld on every path, as far as blocks tell: one between them in one
// block, or one after st in st's block, or one before ld in ld's block.
func killed(stores []memAccess, st, ld ssa.Instruction, idx map[ssa.Instruction]int) bool {
	bs, bl := st.Block(), ld.Block()
	for _, o := range stores {
		if o.instr == st {
			continue
		}
		bo, i := o.instr.Block(), idx[o.instr]
		switch {
		case bs == bl && idx[st] < idx[ld]:
			if bo == bs && i > idx[st] && i < idx[ld] {
				return true
			}
		default:
			if bo == bs && i > idx[st] {
				return true
			}
			if bo == bl && i < idx[ld] {
				return true
			}
		}
	}
	return false
}

// after reports whether instruction y can run after x in their function.
func (b *builder) after(x, y ssa.Instruction) bool {
	bx, by := x.Block(), y.Block()
	if bx == by && b.idx[x] < b.idx[y] {
		return true
	}
	r, ok := b.reach[bx]
	if !ok {
		r = map[*ssa.BasicBlock]bool{}
		stack := append([]*ssa.BasicBlock(nil), bx.Succs...)
		for len(stack) > 0 {
			n := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if r[n] {
				continue
			}
			r[n] = true
			stack = append(stack, n.Succs...)
		}
		b.reach[bx] = r
	}
	return r[by]
}

func (b *builder) nilInstr(fn *ssa.Function, blk *ssa.BasicBlock, instr ssa.Instruction, pos token.Pos) {
	switch in := instr.(type) {
	case *ssa.ChangeType:
		b.flow(in.X, blk, pos, b.value(in))
	case *ssa.Store:
		if k, ok := b.addrCell(in.Addr); ok {
			// An error-path nil is not stored (as in cflr check: v, x.err
			// = f() stores it before the error's check).
			vs := b.from(in.Val, blk, pos)
			if t, ok := b.twin(in.Val); ok {
				vs = slices.DeleteFunc(vs, func(u uint32) bool { return u == t })
			}
			b.memStore(k, in, vs)
		}
		// A struct copied from one variable into another: its fields' cells.
		if u, ok := in.Val.(*ssa.UnOp); ok && u.Op == token.MUL {
			if st, ok := in.Val.Type().Underlying().(*types.Struct); ok {
				for i := 0; i < st.NumFields(); i++ {
					if f := st.Field(i); nilable(f.Type()) {
						t := b.newVertex(pos, "field "+f.Name())
						b.memLoad(objFieldKey{root(u.X), f}, in, t)
						b.memStore(objFieldKey{root(in.Addr), f}, in, []uint32{t})
					}
				}
			}
		}
		b.derefSink(in.Addr, blk, pos, "store through "+b.name(in.Addr))
	case *ssa.UnOp:
		if in.Op == token.ARROW && nilable(in.Type()) {
			b.edge(b.cell(elemKey{root(in.X)}, pos, "element of "+b.name(in.X)), b.value(in))
		}
		if in.Op == token.ARROW && in.CommaOk {
			b.edge(b.cell(elemKey{root(in.X)}, pos, "element of "+b.name(in.X)), b.value(in))
		}
		if in.Op == token.MUL {
			b.derefSink(in.X, blk, pos, "dereference of "+b.name(in.X))
			if k, ok := b.addrCell(in.X); ok && nilable(in.Type()) {
				b.memLoad(k, in, b.value(in))
			}
		}
	case *ssa.Field:
		if nilable(in.Type()) {
			f := fieldVar(in.X.Type(), in.Field)
			base := in.X // a struct value: the object it was loaded from
			if u, ok := base.(*ssa.UnOp); ok && u.Op == token.MUL {
				base = u.X
			}
			b.memLoad(objFieldKey{root(base), f}, in, b.value(in))
		}
	case *ssa.FieldAddr:
		b.derefSink(in.X, blk, pos, "field access "+b.name(in.X)+"."+fieldName(in.X.Type(), in.Field))
	case *ssa.IndexAddr:
		if _, ok := in.X.Type().Underlying().(*types.Pointer); ok {
			b.derefSink(in.X, blk, pos, "element access "+b.name(in.X)+"[…]")
		} else {
			b.sliceSink(in, pos)
		}
	case *ssa.SliceToArrayPointer:
		b.sliceSink(in, pos)
	case *ssa.Slice:
		if _, ok := in.X.Type().Underlying().(*types.Pointer); ok {
			b.derefSink(in.X, blk, pos, "slicing "+b.name(in.X))
		}
	case *ssa.TypeAssert:
		if !in.CommaOk {
			b.addSink(in.X, blk, pos, "assert", "type assertion "+b.name(in.X)+".("+types.TypeString(in.AssertedType, func(p *types.Package) string { return p.Name() })+")", nil)
		}
	case *ssa.MapUpdate:
		b.addSink(in.Map, blk, pos, "map write", "assignment to entry in map "+b.name(in.Map), nil)
		b.memStore(elemKey{root(in.Map)}, in, b.from(in.Value, blk, pos))
	case *ssa.Lookup:
		if _, ok := in.X.Type().Underlying().(*types.Map); ok {
			b.memLoad(elemKey{root(in.X)}, in, b.value(in))
		}
	case *ssa.Extract:
		if _, ok := in.Tuple.(*ssa.Lookup); ok && in.Index == 0 {
			b.edge(b.value(in.Tuple), b.value(in))
		}
		if u, ok := in.Tuple.(*ssa.UnOp); ok && in.Index == 0 && u.Op == token.ARROW {
			b.edge(b.value(in.Tuple), b.value(in))
		}
	case *ssa.Send:
		// Channels are not ordered by the CFG (another goroutine may send
		// first): a send reaches every receive, through a cell.
		b.flow(in.X, blk, pos, b.cell(elemKey{root(in.Chan)}, pos, "element of "+b.name(in.Chan)))
	case *ssa.Alloc:
		// A variable that is not lifted to SSA registers (captured or
		// address-taken) starts as its zero value: nil, for a nilable type.
		switch in.Comment {
		case "complit", "new", "slicelit", "varargs", "makeslice", "":
		default:
			if nilable(in.Type().Underlying().(*types.Pointer).Elem()) && !initialized(in) {
				b.memStore(in, in, []uint32{b.addSource(in.Pos(), "nil", nil)})
			}
		}
	}
}

// derefSink adds a nil-dereference sink unless the address cannot be nil.
func (b *builder) derefSink(addr ssa.Value, blk *ssa.BasicBlock, pos token.Pos, what string) {
	switch addr.(type) {
	case *ssa.Alloc, *ssa.Global, *ssa.FieldAddr, *ssa.IndexAddr, *ssa.FreeVar:
		return
	}
	b.addSink(addr, blk, pos, "dereference", what, nil)
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
	if call, ok := c.(*ssa.Call); ok && b.mode == nilMode {
		b.errSources(call, callee)
	}
	if callee != nil && b.funcs[callee] != nil {
		// A call between the package's own functions: parentheses.
		fi := b.funcs[callee]
		idx := uint32(len(b.sites))
		b.sites = append(b.sites, site{callee, pos})
		for k, a := range args {
			if k < len(fi.params) {
				for _, u := range b.from(a, blk, pos) {
					if b.withItsError(a, u, args) {
						continue
					}
					b.labeled(u, fi.params[k], b.lCall, idx)
				}
				// Taint the callee writes into what a pointer, slice, map
				// or channel argument holds comes back to the caller's
				// value, as a return to this call site.
				if b.mode == taintMode && isReference(a.Type()) {
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
			if j < len(fi.retsE) {
				if to, ok := resultTo(j, true); ok {
					b.labeled(fi.retsE[j], to, b.lRet, idx)
				}
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
	if b.mode == nilMode {
		if callee == nil {
			// A call through a func value or an interface: nil there panics.
			check, what := "call", "call of func value "+b.name(com.Value)
			if com.IsInvoke() {
				check, what = "invoke", "method call "+b.name(com.Value)+"."+com.Method.Name()+"()"
			}
			if _, ok := com.Value.(*ssa.MakeClosure); !ok && !(com.IsInvoke() && typeParam(com.Value.Type())) {
				b.addSink(com.Value, blk, pos, check, what, nil)
			}
		}
		if sum == nil {
			return
		}
		s := sum.(*NilSummary)
		for _, r := range s.Results {
			if to, ok := resultTo(r.Result, r.WithError); ok {
				b.edge(b.addSource(pos, "nil from "+obj.Name(), r.Steps), to)
			}
		}
		for _, f := range s.Flows {
			if to, ok := resultTo(f.Result, f.WithError); ok && f.Param < len(args) {
				b.flow(args[f.Param], blk, pos, to)
			}
		}
		for _, d := range s.Sinks {
			if d.Param < len(args) {
				b.addSink(args[d.Param], blk, pos, d.Check, "call of "+obj.Name()+", which reaches "+d.What, d.Steps)
			}
		}
		return
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
	b.finishMem()
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

// errorConvention reports whether sig returns (T..., error), the error
// possibly of a custom error type, as cflr check takes it.
func errorConvention(sig *types.Signature) bool {
	r := sig.Results()
	return r.Len() >= 2 && check.IsErrorType(r.At(r.Len()-1).Type())
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
