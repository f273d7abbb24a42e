package check

import (
	"context"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/grammar"
)

// Refutation of nilflow witnesses (issue 18, "path-feasible witnesses").
//
// A witness is a shortest flow of a nil from where it is written to a use
// where it panics. Along it, the program took branches: each program
// point it passes is reached only under the conditions that dominate it
// in its function (a nil comparison, a boolean, a comma-ok, an error
// test). pathConstraints writes these as a propositional formula over
// atoms "b is true" (a boolean SSA value) and "x is nil" (an SSA value),
// one copy of each atom per function activation (frame) the witness
// passes through, and adds what joins the frames:
//
//   - at a call on the witness, each parameter equals its argument (a
//     constant argument fixes it);
//   - at a return on the witness, the function's relational summary for
//     that return: the other results returned there equal the caller's
//     other results (return nil, false makes the caller's ok false;
//     return nil, nil makes its sibling nil), and the return's own path
//     conditions hold over the parameters, bound to the arguments of the
//     call site the nil returns to (if !withPos { return nil });
//   - every value the nil flows through is nil;
//   - a call whose result the formula names, though the witness does not
//     pass through its callee, gets the callee's summary as a
//     definition: it returns by one of its returns, under that return's
//     conditions and with its results (summarize; wrap(posArray(w)),
//     orNil(orNil(&S{})));
//   - a phi the formula names (a nil test or a boolean of a merge) is
//     defined by its edges: its block was entered by one of them, under
//     that predecessor's conditions, and the phi is that edge's value
//     (nilphi.go; where the witness itself passes the merge, phiEdge
//     binds the phis to the edge it takes);
//   - an error-path nil (nilerr.go) starts where its call's error is
//     not nil: the same atom the caller's tests of the error read, also
//     through the phis that merge it with other calls' errors;
//   - a value compared with several constants equals at most one of
//     them (refuteconst.go);
//   - a nil that entered a function at one call returns to that call
//     (nil interfaces' flows, which the grammar does not match), and a
//     nil keeps its dynamic type from the box that put it in an
//     interface to the next type assertion or method call
//     (refutebox.go): the contradiction joins the two edges.
//
// An unsatisfiable formula refutes the witness: no execution follows it.
// The check then forbids one edge the contradiction needs (a return's
// relational summary counts as the return's edge; see refuteFinding for
// which), solves again towards the use and asks for the next shortest
// witness, up to refuteBound times; a finding is reported only when some
// witness survives.
//
// The formula under-approximates what the program knows, never more: a
// value in a loop gets fresh atoms after the witness goes round a back
// edge, a flow through the heap starts a fresh frame, and conditions
// other than those above are opaque atoms. So a witness is refuted only
// when its own conditions contradict each other.

// refuteBound is the number of witnesses tried per finding.
const refuteBound = 8

// RefuteStats count what refutation did in one check.
type RefuteStats struct {
	Checked int // findings whose witness was path-checked
	Refuted int // witnesses refuted
	Dropped int // findings dropped: every witness tried was refuted
}

func (g *FlowGraph) setRefuteStats(name string, st RefuteStats) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.refutes == nil {
		g.refutes = map[string]RefuteStats{}
	}
	g.refutes[name] = st
}

func (g *FlowGraph) refuteStats(name string) RefuteStats {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.refutes[name]
}

// refuteFinding looks for a path-feasible witness of sym reaching sink s,
// starting from sv's. It returns the witness's solved edges and the
// Solved they belong to, or ok false when no witness survives.
//
// Which edge to forbid after a refutation is a guess: the contradiction
// needs several edges, and forbidding any one of them also closes the
// other flows through it. The search runs twice: first forbidding the
// first edge of the shortest unsatisfiable suffix (nearest the nil: a
// function's other nil returns stay open), then, if that left no
// witness, the last edge of the shortest unsatisfiable prefix (nearest
// the use: other routes from the same nil stay open).
func refuteFinding(ctx context.Context, g *FlowGraph, sv *Solved, gr *grammar.Grammar, srcs []SourceEdge, sym string, s *NilSink, threads int, st *RefuteStats) (*Solved, []int, bool, error) {
	var kept []int32 // the flow edges of sv's solve, for re-solves
	for _, o := range sv.orig {
		if o >= 0 {
			kept = append(kept, o)
		}
	}
	for _, nearUse := range []bool{false, true} {
		wsv, ks, ok, err := refuteSearch(ctx, g, sv, kept, gr, srcs, sym, s, threads, st, nearUse)
		if ok || err != nil {
			return wsv, ks, ok, err
		}
	}
	return nil, nil, false, nil
}

// refuteSearch is one search of refuteFinding: it forbids the edge
// nearest the use of a contradiction (nearUse) or nearest the nil.
func refuteSearch(ctx context.Context, g *FlowGraph, sv *Solved, kept []int32, gr *grammar.Grammar, srcs []SourceEdge, sym string, s *NilSink, threads int, st *RefuteStats, nearUse bool) (*Solved, []int, bool, error) {
	cur := sv
	var forbidden []int32 // orig numbers: flow edges >= 0, sources -1-k
	for try := 0; try < refuteBound; try++ {
		ks, err := cur.witnessEdges(sym, s.V)
		if err != nil {
			return nil, nil, false, err
		}
		c, n := pathConstraints(g, cur, ks, sym, s)
		if c.satisfiable(func(int) bool { return true }) {
			return cur, ks, true, nil
		}
		if !nearUse || try > 0 {
			st.Refuted++ // (the second search's first witness is the first's)
		}
		blame := -1
		if nearUse {
			for i := 0; i < n; i++ {
				if !c.satisfiable(func(g int) bool { return g <= i || g == n }) {
					blame = i
					break
				}
			}
		} else {
			for i := n; i >= 0; i-- {
				if !c.satisfiable(func(g int) bool { return g >= i }) {
					blame = i
					break
				}
			}
		}
		if blame < 0 || blame >= len(ks) {
			// The use alone is unreachable: no witness will do.
			return nil, nil, false, nil
		}
		forbidden = append(forbidden, cur.orig[ks[blame]])
		var edges []int32
		for _, o := range kept {
			if !slices.Contains(forbidden, o) {
				edges = append(edges, o)
			}
		}
		next, err := g.Solve(ctx, "nilflow-refute", gr, srcs, &SolveOptions{
			Edges:      edges,
			SkipSource: func(k int) bool { return slices.Contains(forbidden, int32(-1-k)) },
			Targets:    []uint32{s.V},
			Relabel:    sv.Relabel(),
			Threads:    threads,
		})
		if err != nil {
			return nil, nil, false, err
		}
		if !next.Reaches(sym, s.V) {
			return nil, nil, false, nil
		}
		cur = next
	}
	return nil, nil, false, nil
}

// frame is one activation of a function along a witness.
type frame struct {
	id    int
	fn    *ssa.Function
	depth int // 0 on the witness; n in a call summarized n deep (summarize)
}

// atomKey names an atom: value v (component idx of a tuple, else -1) in
// frame f is nil (isNil) or, a boolean, true.
type atomKey struct {
	f     int
	v     ssa.Value
	idx   int
	isNil bool
	cmp   string // a comparison x == y of other values, by its operands
}

// pathBuilder writes a witness's path conditions into a cnf.
type pathBuilder struct {
	g      *FlowGraph
	c      *cnf
	atoms  map[atomKey]int
	conds  map[atomKey]int // literals of boolean values (condLit), by frame
	nextID int
	frames map[int]frame
	// summarized: the calls, by frame, whose summaries were added.
	summarized map[summaryKey]bool
	noSummary  bool // (for tests)
	phis       int  // phi definitions added (nilphi.go)
	sinkFn     *ssa.Function
	// dispatch: the dispatches on parameters assumed, by frame
	// (refutedispatch.go).
	dispatch map[int][]dispatchReq
	// reach is the literal under which the clauses being written hold,
	// 0 where they hold on the witness itself; defs are the definitions
	// that say a block was entered (nilphi.go).
	reach int
	defs  map[any]*entered
	sels  map[blockKey][]int // edge selectors of merges (edgeSels)
	// consts: the atoms "v == c" written so far, by frame and value
	// (exclusive).
	consts map[constKey][]constAtom
	// vals: scalars fixed by constants (refutevalue.go).
	vals valFacts
}

func (p *pathBuilder) newFrame(fn *ssa.Function) frame {
	return p.newFrameDepth(fn, 0)
}

func (p *pathBuilder) newFrameDepth(fn *ssa.Function, depth int) frame {
	p.nextID++
	f := frame{p.nextID, fn, depth}
	if p.frames == nil {
		p.frames = map[int]frame{}
	}
	p.frames[f.id] = f
	return f
}

func (p *pathBuilder) atom(k atomKey) int {
	if v, ok := p.atoms[k]; ok {
		// Named again, maybe where its block is surely entered.
		switch x := k.v.(type) {
		case *ssa.Phi:
			p.reached(blockKey{k.f, x.Block()})
		case *ssa.Call:
			if k.cmp == "" {
				p.reached(summaryKey{k.f, x})
			}
		}
		return v
	}
	v := p.c.newVar()
	p.atoms[k] = v
	if call, ok := k.v.(*ssa.Call); ok && k.cmp == "" {
		p.summarize(p.frames[k.f], call)
	}
	return v
}

// summaryDepth bounds the nesting of summarized calls.
const summaryDepth = 2

// summarize adds, as definitions, the relational summary of a call in
// frame f whose result's atom the formula names (though the witness
// does not pass through the callee): the call returns by one of its
// callee's returns, under that return's path conditions, with the
// results returned there, the parameters being the call's arguments.
// So wrap(posArray(w)) is nil only where w is false, at any depth up to
// summaryDepth.
func (p *pathBuilder) summarize(f frame, call *ssa.Call) {
	if p.noSummary || f.depth >= summaryDepth || p.summarized[summaryKey{f.id, call}] {
		return
	}
	if p.summarized == nil {
		p.summarized = map[summaryKey]bool{}
	}
	p.summarized[summaryKey{f.id, call}] = true
	callee := call.Call.StaticCallee()
	if callee == nil || len(callee.Blocks) == 0 || len(callee.Blocks) > 64 || callee.Recover != nil || len(callee.Params) != len(call.Call.Args) {
		return
	}
	var rets []*ssa.Return
	for _, b := range callee.Blocks {
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && !noReturn(b) {
			rets = append(rets, r)
		}
	}
	if len(rets) == 0 {
		return
	}
	// A result every return gives as the same constant says nothing:
	// such functions are stubs or differ by build (dummyBool() { return
	// true }, raceEnabled() { return false }), and the code their callers
	// guard with them is meant to run in some build.
	var varies []bool
	anyVaries := false
	for j := range rets[0].Results {
		v := !sameConstant(rets, j)
		varies = append(varies, v)
		anyVaries = anyVaries || v
	}
	if !anyVaries {
		return
	}
	fe := p.newFrameDepth(callee, f.depth+1)
	p.bindCall(always, call, f, fe)
	reach := p.reach
	defer func() { p.reach = reach }()
	var some []int
	for _, r := range rets {
		sel := p.c.newVar()
		some = append(some, sel)
		p.pathCondsIf(always, fe, r.Block(), sel)
		p.reach = sel
		for j, res := range r.Results {
			if j >= len(varies) || !varies[j] {
				continue
			}
			t := res.Type()
			var a, b int
			switch {
			case isBool(t):
				a, b = p.atomOf(f, call, j, len(r.Results), false), p.condLit(fe, res)
			case nilable(t):
				a, b = p.atomOf(f, call, j, len(r.Results), true), p.nilLit(fe, res)
			case scalar(t):
				idx := j
				if len(r.Results) == 1 {
					idx = -1
				}
				p.bindScalar(sel, f, valKey(call, idx), fe, res)
				continue
			default:
				continue
			}
			p.c.add(always, -sel, -a, b)
			p.c.add(always, -sel, a, -b)
		}
	}
	p.reach = reach
	p.enter(summaryKey{f.id, call}, some)
}

// sameConstant reports whether every return of rets gives result j as
// the same constant: one boolean, nil, or a value never nil.
func sameConstant(rets []*ssa.Return, j int) bool {
	kind := ""
	for _, r := range rets {
		if j >= len(r.Results) {
			return false
		}
		var k string
		switch x := r.Results[j].(type) {
		case *ssa.Const:
			if x.Value != nil && x.Value.Kind() == constant.Bool {
				k = x.Value.ExactString()
			} else if x.IsNil() {
				k = "nil"
			}
		case *ssa.Alloc, *ssa.MakeInterface, *ssa.MakeClosure, *ssa.MakeMap, *ssa.MakeChan, *ssa.MakeSlice, *ssa.Function, *ssa.Global:
			k = "non-nil"
		}
		if k == "" || kind != "" && k != kind {
			return false
		}
		kind = k
	}
	return true
}

type summaryKey struct {
	f    int
	call *ssa.Call
}

// atomOf is the atom of result j (of n) of call in frame f.
func (p *pathBuilder) atomOf(f frame, call *ssa.Call, j, n int, isNil bool) int {
	idx := j
	if n == 1 {
		idx = -1
	}
	return p.atom(atomKey{f: f.id, v: call, idx: idx, isNil: isNil})
}

// canon names a value's atoms: an extracted result is the call's
// component; a load, the first load of its access path (refuteload.go).
func canon(v ssa.Value) (ssa.Value, int) {
	if ex, ok := loadedExtract(v); ok {
		v = ex
	}
	if ex, ok := v.(*ssa.Extract); ok {
		return ex.Tuple, ex.Index
	}
	return loadRep(v), -1
}

// nilLit is the literal "v is nil" in frame f.
func (p *pathBuilder) nilLit(f frame, v ssa.Value) int {
	switch x := v.(type) {
	case *ssa.Const:
		return p.c.lit(x.IsNil())
	case *ssa.Alloc, *ssa.Global, *ssa.FieldAddr, *ssa.IndexAddr, *ssa.MakeClosure, *ssa.Function,
		*ssa.MakeMap, *ssa.MakeChan, *ssa.MakeSlice, *ssa.MakeInterface:
		return p.c.lit(false)
	case *ssa.Call:
		if newError(x) {
			return p.c.lit(false)
		}
	case *ssa.Phi:
		return p.phiNil(f, x)
	}
	cv, idx := canon(v)
	return p.atom(atomKey{f: f.id, v: cv, idx: idx, isNil: true})
}

// condLit is the literal "boolean v is true" in frame f.
func (p *pathBuilder) condLit(f frame, v ssa.Value) int {
	return p.condLitDepth(f, v, 0)
}

func (p *pathBuilder) condLitDepth(f frame, v ssa.Value, depth int) int {
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value != nil && x.Value.Kind() == constant.Bool {
			return p.c.lit(constant.BoolVal(x.Value))
		}
	case *ssa.UnOp:
		if x.Op == token.NOT && depth < 8 {
			return -p.condLitDepth(f, x.X, depth+1)
		}
	case *ssa.BinOp:
		if x.Op == token.LSS || x.Op == token.LEQ || x.Op == token.GTR || x.Op == token.GEQ {
			if l := p.scalarCmp(f, x); l != 0 {
				return l
			}
			break
		}
		if x.Op != token.EQL && x.Op != token.NEQ || depth >= 8 {
			break
		}
		if y, eq, ok := nilComparison(x); ok {
			l := p.nilLit(f, y)
			if !eq {
				l = -l
			}
			return l
		}
		if isBool(x.X.Type()) {
			// z ⇔ (a ⇔ b), a definition.
			k := atomKey{f: f.id, v: x, idx: -1}
			if z, ok := p.conds[k]; ok {
				return z
			}
			a, b := p.condLitDepth(f, x.X, depth+1), p.condLitDepth(f, x.Y, depth+1)
			z := p.c.newVar()
			p.c.add(always, -z, -a, b)
			p.c.add(always, -z, a, -b)
			p.c.add(always, z, a, b)
			p.c.add(always, z, -a, -b)
			if x.Op == token.NEQ {
				z = -z
			}
			p.conds[k] = z
			return z
		}
		// x == y and x != y of other values: one atom, so that the
		// two branches of if k == c and if k != c contradict.
		if kx, ky := operandKey(x.X), operandKey(x.Y); kx != "" && ky != "" {
			if ky < kx {
				kx, ky = ky, kx
			}
			k := atomKey{f: f.id, cmp: kx + "==" + ky}
			_, known := p.atoms[k]
			l := p.atom(k)
			if !known {
				p.exclusive(f, x, l)
				p.equalNils(f, x, l)
				if c := constOperand(x.Y); c != nil {
					p.compared(f, x.X, token.EQL, c, l)
				} else if c := constOperand(x.X); c != nil {
					p.compared(f, x.Y, token.EQL, c, l)
				}
			}
			if x.Op == token.NEQ {
				l = -l
			}
			return l
		}
	}
	cv, idx := canon(v)
	k := atomKey{f: f.id, v: cv, idx: idx}
	_, known := p.atoms[k]
	z := p.atom(k)
	if ta, ok := cv.(*ssa.TypeAssert); ok && !known && ta.CommaOk && idx == 1 {
		// A type assertion on a nil interface fails, whatever the type
		// (a type switch's cases too): ok says the interface is not nil.
		p.c.add(always, -z, -p.nilLit(f, ta.X))
	}
	if phi, ok := cv.(*ssa.Phi); ok && !known && depth < 8 && !p.phiBool(f, phi, z, depth) {
		p.phiCond(f, phi, z, depth)
	}
	return z
}

// operandKey names a comparison's operand: a constant by its value and
// type, another value by its identity (ptrKey); "" for none.
func operandKey(v ssa.Value) string {
	if c, ok := v.(*ssa.Const); ok {
		if c.Value == nil {
			return ""
		}
		return "c:" + c.Value.ExactString() + ":" + c.Type().String()
	}
	v, idx := canon(v)
	return ptrKey('v', v) + "#" + strconv.Itoa(idx)
}

// pathConds adds to group the conditions under which block blk of f's
// function is reached: for each block on its dominator chain that is
// entered only from a branch (ignoring predecessors that never return),
// the branch's condition, with the polarity of that successor; for a
// block where paths merge, that one of its predecessors' conditions (up
// to the merge's dominator) holds.
func (p *pathBuilder) pathConds(group int, f frame, blk *ssa.BasicBlock) {
	p.pathCondsIf(group, f, blk, 0)
}

// pathCondsIf is pathConds, each condition implied by literal sel (none
// when 0).
func (p *pathBuilder) pathCondsIf(group int, f frame, blk *ssa.BasicBlock, sel int) {
	add := func(sel int, lits ...int) {
		if sel != 0 {
			lits = append([]int{-sel}, lits...)
		}
		p.c.add(group, lits...)
	}
	// The values the conditions test are defined where blk is entered,
	// which sel says (nilphi.go).
	reach := p.reach
	defer func() { p.reach = reach }()
	if sel != 0 {
		p.reach = sel
	}
	for d := blk; d != nil; d = d.Idom() {
		live := livePredList(d)
		if len(live) == 1 {
			if l, ok := p.edgeCond(f, live[0], d); ok {
				add(sel, l)
			}
			continue
		}
		// A merge (not a loop header) entered from each predecessor under
		// its own conditions, up to the merge's immediate dominator: one
		// of them holds (if c { if !ok { return } } else { if !ok {
		// return } } leaves ok true either way).
		top := d.Idom()
		if top == nil || len(live) > 8 || slices.ContainsFunc(live, d.Dominates) {
			continue
		}
		var some []int
		for _, q := range live {
			s := p.c.newVar()
			some = append(some, s)
			p.reach = s // (s is only true where sel is: add(sel, some...))
			if l, ok := p.edgeCond(f, q, d); ok {
				add(sel, -s, l)
			}
			for b := q; b != top && b != nil; b = b.Idom() {
				if in := livePredList(b); len(in) == 1 {
					if l, ok := p.edgeCond(f, in[0], b); ok {
						add(sel, -s, l)
					}
				}
			}
		}
		p.reach = reach
		if sel != 0 {
			p.reach = sel
		}
		add(sel, some...)
	}
}

// edgeCond is the condition under which the branch at the end of pred
// goes to succ (ok false for a jump, or an If both of whose targets are
// succ).
func (p *pathBuilder) edgeCond(f frame, pred, succ *ssa.BasicBlock) (int, bool) {
	if len(pred.Succs) != 2 || pred.Succs[0] == pred.Succs[1] {
		return 0, false
	}
	ifi, ok := pred.Instrs[len(pred.Instrs)-1].(*ssa.If)
	if !ok {
		return 0, false
	}
	l := p.condLit(f, ifi.Cond)
	if pred.Succs[1] == succ {
		l = -l
	}
	return l, true
}

// bindCall adds to group that callee's parameters in frame fe equal the
// arguments of site in frame fc.
func (p *pathBuilder) bindCall(group int, site ssa.CallInstruction, fc, fe frame) {
	cc := site.Common()
	params := fe.fn.Params
	args := cc.Args
	if cc.IsInvoke() {
		args = append([]ssa.Value{cc.Value}, args...)
	}
	if len(args) != len(params) {
		return
	}
	for k, prm := range params {
		p.bindValue(group, fe, prm, fc, args[k])
	}
}

// bindValue adds to group that x in frame fx equals y in frame fy, as
// far as atoms see them (a boolean's truth, a nilable value's nilness).
func (p *pathBuilder) bindValue(group int, fx frame, x ssa.Value, fy frame, y ssa.Value) {
	switch t := x.Type(); {
	case isBool(t):
		p.c.eq(group, p.condLit(fx, x), p.condLit(fy, y))
	case nilable(t) && types.IsInterface(t) == types.IsInterface(y.Type()):
		// (Not an interface's receiver: a method called on a non-nil
		// interface may get a nil pointer.)
		p.c.eq(group, p.nilLit(fx, x), p.nilLit(fy, y))
	case scalar(t) && types.Identical(t, y.Type()):
		p.bindScalar(p.valGuard(group), fx, operandKey(x), fy, y)
	default:
		p.bindFlags(group, fx, x, fy, y)
	}
}

// bindReturn adds to group the relational summary of return ret (in
// frame fe) at call site (in frame fc): each result returned there equals
// the caller's.
func (p *pathBuilder) bindReturn(group int, ret *ssa.Return, fe frame, site ssa.CallInstruction, fc frame) {
	call, ok := site.(*ssa.Call)
	if !ok {
		return
	}
	if len(ret.Results) == 1 {
		p.bindValue(group, fe, ret.Results[0], fc, call)
		return
	}
	for _, r := range *call.Referrers() {
		if ex, ok := r.(*ssa.Extract); ok && ex.Index < len(ret.Results) {
			p.bindValue(group, fe, ret.Results[ex.Index], fc, ex)
		}
	}
}

// storeAt finds fn's store at pos of the value of vertex src (of a nil
// constant, for a VNil vertex).
func storeAt(fn *ssa.Function, pos token.Pos, src *Vertex) *ssa.Store {
	if !pos.IsValid() {
		return nil
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok && st.Pos() == pos && (st.Val == src.Value || src.Kind == VNil && isNilConst(st.Val)) {
				return st
			}
		}
	}
	return nil
}

// returnAt finds fn's return instruction at pos.
func returnAt(fn *ssa.Function, pos token.Pos) *ssa.Return {
	if !pos.IsValid() {
		return nil
	}
	for _, b := range fn.Blocks {
		if n := len(b.Instrs); n > 0 {
			if r, ok := b.Instrs[n-1].(*ssa.Return); ok && r.Pos() == pos {
				return r
			}
		}
	}
	return nil
}

// phiEdge adds to group what the nil's entering phi from src (nil: a
// nil constant) in frame f says, and returns the frame after it: a fresh
// one along a back edge (a later iteration). Where one predecessor alone
// passes src, the branch into the phi's block from it was taken (its
// conditions and its own branch condition hold in f), and every other
// phi of the block takes its value along the same edge.
func (p *pathBuilder) phiEdge(group int, f frame, phi *ssa.Phi, src ssa.Value) frame {
	blk := phi.Block()
	k := -1
	for j, e := range phi.Edges {
		if e == src || src == nil && isNilConst(e) {
			if k >= 0 {
				k = -2
				break
			}
			k = j
		}
	}
	if k < 0 {
		// No edge, or several: only whether it may be a back edge counts.
		if backEdgeInto(phi, src) {
			return p.newFrame(f.fn)
		}
		return f
	}
	pred := blk.Preds[k]
	p.pathConds(group, f, pred)
	if len(pred.Succs) == 2 && pred.Succs[0] != pred.Succs[1] {
		if ifi, ok := pred.Instrs[len(pred.Instrs)-1].(*ssa.If); ok {
			l := p.condLit(f, ifi.Cond)
			if pred.Succs[1] == blk {
				l = -l
			}
			p.c.add(group, l)
		}
	}
	nf := f
	if blk.Dominates(pred) {
		nf = p.newFrame(f.fn)
	}
	for _, instr := range blk.Instrs {
		other, ok := instr.(*ssa.Phi)
		if !ok {
			break
		}
		p.bindValue(group, nf, other, f, other.Edges[k])
	}
	return nf
}

// backEdgeInto reports whether phi may take src along a back edge (from
// a block its own block dominates): then src is from an earlier
// iteration than the values the witness saw so far.
func backEdgeInto(phi *ssa.Phi, src ssa.Value) bool {
	blk := phi.Block()
	for k, e := range phi.Edges {
		if (e == src || src == nil && isNilConst(e)) && blk.Dominates(blk.Preds[k]) {
			return true
		}
	}
	return false
}

// pathConstraints writes the path conditions of witness ks (edges of sv)
// of sym reaching sink s: witness edge i's conditions go to group i, the
// use's to group len(ks). It returns the formula and len(ks).
func pathConstraints(g *FlowGraph, sv *Solved, ks []int, sym string, s *NilSink) (*cnf, int) {
	p := &pathBuilder{g: g, c: newCNF(), atoms: map[atomKey]int{}, conds: map[atomKey]int{}, sinkFn: s.Func}
	type call struct {
		caller frame
		site   ssa.CallInstruction
		group  int // the call edge's
	}
	var stack []call
	var cur frame
	var ret *ssa.Return // the return the nil left its function by
	retGroup := 0
	wantIface := sym == "NI"
	var box boxTrack // refutebox.go
	for i, k := range ks {
		e := sv.edges[k]
		info, _ := sv.info(k)
		src, dst := g.VertexAt(e.Src), g.VertexAt(e.Dst)
		label := sv.glab.Labels[e.Label]
		box.step(p, i, label, dst, &info)
		if e.Src == Root {
			cur = p.newFrame(dst.Func)
			if factSource(dst) {
				// A nil a test or a dereference says v may hold:
				// it holds it where the witness starts.
				p.c.add(i, p.nilLit(cur, dst.Value))
			}
			if call, errIdx, ok := errSourceCall(dst); ok {
				// An error-path nil (nilerr.go) comes with its call's
				// error: the witness starts where it is not nil, and the
				// error's atom is the one its tests (through phis too)
				// read.
				p.c.add(i, -p.nilAtom(cur, call, errIdx))
			}
			continue
		}
		site := info.Site
		switch {
		case site != nil && info.Callee != nil && dst.Kind == VValue && isParamOf(dst.Value, info.Callee):
			// A call: the nil is an argument.
			if wantIface && ifaceUsedBefore(g, src, site) {
				p.c.add(i, p.c.lit(false))
			}
			if cur.fn != site.Parent() {
				cur = p.newFrame(site.Parent())
				stack = nil
			}
			// The call runs where its block's conditions hold (also where
			// the witness starts at it: a nil constant passed).
			p.pathConds(i, cur, site.Block())
			callee := p.newFrame(info.Callee)
			p.bindCall(i, site, cur, callee)
			p.calledFlags(i, cur, site, info.Callee)
			stack = append(stack, call{cur, site, i})
			cur = callee
		case site != nil && info.Callee != nil && src.Kind == VReturn:
			// A return: the nil is a result.
			var caller frame
			if n := len(stack); n > 0 && stack[n-1].site == site {
				caller = stack[n-1].caller
				stack = stack[:n-1]
			} else {
				if n > 0 && cur.fn == info.Callee {
					// The nil entered this function at another call
					// site and returns to this one: no execution does
					// (the nil-interface flows, NI, do not match calls
					// and returns in the grammar).
					p.c.conflict(stack[n-1].group, i)
				}
				caller = p.newFrame(site.Parent())
				stack = nil
				if cur.fn == info.Callee {
					p.bindCall(i, site, caller, cur)
				}
			}
			if ret != nil && cur.fn == info.Callee {
				p.bindReturn(retGroup, ret, cur, site, caller)
			}
			if cur.fn == info.Callee {
				p.checkDispatch(i, cur, site)
			}
			p.requireDispatch(caller, site, info.Callee)
			ret = nil
			cur = caller
			p.pathConds(i, cur, site.Block())
		case dst.Kind == VReturn:
			if dst.Func != cur.fn {
				cur = p.newFrame(dst.Func)
				stack = nil
			}
			ret = returnAt(dst.Func, info.Pos)
			retGroup = i
			if wantIface && ret != nil && ifaceUsedBefore(g, src, ret) {
				p.c.add(i, p.c.lit(false))
			}
			if ret != nil {
				p.pathConds(i, cur, ret.Block())
			}
		case label == LabelLoad || dst.Kind == VHeap || dst.Kind == VTemp:
			if label == LabelStore && src.Value != nil && src.Func == cur.fn {
				// The store runs where its conditions hold.
				if st := storeAt(cur.fn, info.Pos, src); st != nil {
					p.pathConds(i, cur, st.Block())
				}
			}
			// Through memory: the load may run in any activation.
			if dst.Kind != VHeap && dst.Func != nil {
				cur = p.newFrame(dst.Func)
				stack = nil
				// No store of the field's path on the way overwrote
				// the value (refuteload.go).
				if u, ok := dst.Value.(*ssa.UnOp); ok && u.Op == token.MUL && label == LabelLoad {
					if _, ok := u.X.(*ssa.FieldAddr); ok {
						p.killConds(i, cur, u, nil)
					}
				}
			}
		default:
			if dst.Func != nil && dst.Func != cur.fn {
				cur = p.newFrame(dst.Func)
				stack = nil
			}
			if phi, ok := dst.Value.(*ssa.Phi); ok {
				var sv ssa.Value
				if src.Kind != VNil {
					sv = src.Value
				}
				cur = p.phiEdge(i, cur, phi, sv)
			}
			if u, ok := dst.Value.(*ssa.UnOp); ok && label == LabelAssign && u.Op == token.MUL && src.Func == cur.fn {
				// A load that reads its function's own store
				// (localmem.go): the store runs where its conditions hold,
				// and no other store killed it (refuteload.go).
				st := storeAt(cur.fn, info.Pos, src)
				if st != nil {
					p.pathConds(i, cur, st.Block())
				}
				if st != nil || src.Kind == VNil {
					p.killConds(i, cur, u, st)
				}
			}
		}
		// The value the nil reaches is nil (or, for N, an interface
		// holding one: not itself nil).
		if (dst.Kind == VValue || dst.Kind == VTuple) && dst.Field < 0 && dst.Value != nil && dst.Func == cur.fn {
			t := typeOf(dst.Value, tupleComp(dst))
			if nilable(t) && types.IsInterface(t) == wantIface {
				v, idx := dst.Value, tupleComp(dst)
				if idx < 0 {
					v, idx = canon(v)
				}
				if instr, ok := v.(ssa.Instruction); ok && dst.Kind == VValue {
					p.pathConds(i, cur, instr.Block())
				}
				p.c.add(i, p.nilAtom(cur, v, idx))
			}
		}
	}
	if s.Instr != nil && s.Instr.Block() != nil {
		if cur.fn != s.Func {
			cur = p.newFrame(s.Func)
		}
		p.pathConds(len(ks), cur, s.Instr.Block())
	}
	p.finishValues()
	return p.c, len(ks)
}

// ifaceUsedBefore reports whether v, a vertex of a whole interface
// value, is used by a method call or assertion before instr: a nil
// interface panicked there and does not reach instr (a witness of a nil
// interface passed on or returned after that is refuted).
func ifaceUsedBefore(g *FlowGraph, v *Vertex, instr ssa.Instruction) bool {
	return v.Kind == VValue && v.Field < 0 && v.Value != nil && types.IsInterface(v.Value.Type()) && g.ifaceUsed(v.Value, instr)
}

// nilAtom is nilLit for component idx of v (idx >= 0: a tuple).
func (p *pathBuilder) nilAtom(f frame, v ssa.Value, idx int) int {
	if idx < 0 {
		return p.nilLit(f, v)
	}
	return p.atom(atomKey{f: f.id, v: v, idx: idx, isNil: true})
}

func tupleComp(v *Vertex) int {
	if v.Kind == VTuple {
		return v.Index
	}
	return -1
}

func isParamOf(v ssa.Value, fn *ssa.Function) bool {
	prm, ok := v.(*ssa.Parameter)
	return ok && prm.Parent() == fn
}

// livePredList is b's predecessors that can fall through to it (those
// that end in a call that never returns cannot).
func livePredList(b *ssa.BasicBlock) []*ssa.BasicBlock {
	var live []*ssa.BasicBlock
	for _, q := range b.Preds {
		if !noReturn(q) {
			live = append(live, q)
		}
	}
	return live
}

// errSourceCall reports whether v, the first vertex of a witness, is a
// result of a (T, error) call other than its error: an error-path nil
// (nilerr.go; literal nils start at VNil vertices). It returns the call
// and the index of its error.
func errSourceCall(v *Vertex) (*ssa.Call, int, bool) {
	if v.Kind != VTuple || v.Field >= 0 {
		return nil, 0, false
	}
	c, ok := v.Value.(*ssa.Call)
	if !ok {
		return nil, 0, false
	}
	tt, ok := c.Type().(*types.Tuple)
	if !ok || !ErrConventionResults(tt) || v.Index == tt.Len()-1 {
		return nil, 0, false
	}
	return c, tt.Len() - 1, true
}
