package check

import (
	"go/constant"
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/ssa"
)

// Integers and strings fixed by constants.
//
// Atoms see booleans and nilness; a comparison of an integer or a string
// with a constant is an atom of its own. Two facts tie such comparisons
// to constants the witness knows, across frames:
//
//   - a constant argument fixes its parameter, and a parameter bound to
//     a parameter of the caller takes the caller's constant:
//
//     func newInternalClient(kind int) *client {
//     if !isInternalClient(kind) { return nil } // kind == SYSTEM || ...
//     ...
//     }
//     c := newInternalClient(ACCOUNT) // never nil (nats-server)
//
//   - a summarized call (summarize) that returns a constant by one of
//     its returns has that value under the return's conditions:
//
//     func balance(n *node) int { if n == nil { return 0 }; ... }
//     if n != nil { n.h = ... }
//     if balance(n) > 1 { n.l ... } // n is not nil here (nats-server's AVL tree)
//
// A merge the witness passes binds each phi of the block to the edge
// taken (phiEdge), scalars too: a counter still 0 where a nil was left
// (`var next *node; n := 0; if a != nil { next = a; n++ }; if n != 1 {
// return }; next.f`, nats-server's sublist).
//
// Values are named as atoms name them (operandKey: an extracted result is
// its call's component, a load the first of its access path) in one
// frame. Each equality (a parameter and its argument, a call's result and
// the value one of its returns gives) is an edge under a guard literal:
// the group of the witness edge that binds it, or the selector of the
// return. When the formula is complete (finishValues), each comparison
// with a constant reaches, through edges, the constants its value is
// bound to, and the comparison's truth under the guards on the way is a
// clause of its own.

// valNode is an integer, float or string value in one frame.
type valNode struct {
	f int
	k string // operandKey
}

// valEdge is an equality with another value, under guard (0: always).
type valEdge struct {
	to    valNode
	guard int
}

// valConst is a constant a value equals, under guard (0: always).
type valConst struct {
	c     *ssa.Const
	guard int
}

// valCmp is the atom lit: the value op c.
type valCmp struct {
	op  token.Token
	c   *ssa.Const
	lit int
}

// valFacts are the equalities and comparisons written so far.
type valFacts struct {
	edges  map[valNode][]valEdge
	consts map[valNode][]valConst
	cmps   map[valNode][]valCmp
	order  []valNode // nodes with comparisons, first seen first (determinism)
}

func (v *valFacts) init() {
	if v.edges == nil {
		v.edges = map[valNode][]valEdge{}
		v.consts = map[valNode][]valConst{}
		v.cmps = map[valNode][]valCmp{}
	}
}

// scalar reports whether values of type t are integers, floats or
// strings: the values constants fix here.
func scalar(t types.Type) bool {
	if isTypeParam(t) {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsInteger|types.IsFloat|types.IsString) != 0
}

// valKey names v (component idx of a tuple, else -1) as operandKey does.
func valKey(v ssa.Value, idx int) string {
	if idx < 0 {
		return operandKey(v)
	}
	return ptrKey('v', v) + "#" + strconv.Itoa(idx)
}

// valGuard is a literal that holds where the clauses of group hold (and
// p.reach with them): 0 when they always do.
func (p *pathBuilder) valGuard(group int) int {
	if group == always && p.reach == 0 {
		return 0
	}
	g := p.c.newVar()
	if p.reach != 0 {
		p.c.add(group, -p.reach, g)
	} else {
		p.c.add(group, g)
	}
	return g
}

// bindScalar adds, under guard, that x (key kx) in frame fx equals y in
// frame fy: a constant y fixes x.
func (p *pathBuilder) bindScalar(guard int, fx frame, kx string, fy frame, y ssa.Value) {
	p.vals.init()
	x := valNode{fx.id, kx}
	if c := constOperand(y); c != nil {
		p.vals.consts[x] = append(p.vals.consts[x], valConst{c, guard})
		return
	}
	if _, ok := y.(*ssa.Const); ok {
		return
	}
	n := valNode{fy.id, operandKey(y)}
	p.vals.edges[x] = append(p.vals.edges[x], valEdge{n, guard})
	p.vals.edges[n] = append(p.vals.edges[n], valEdge{x, guard})
}

// scalarCmp is the literal of cmp, an ordered comparison of a scalar with
// a constant (x < c, c >= x), in frame f, or 0 when cmp is not one.
func (p *pathBuilder) scalarCmp(f frame, cmp *ssa.BinOp) int {
	x, c, op := cmp.X, constOperand(cmp.Y), cmp.Op
	if c == nil {
		x, c, op = cmp.Y, constOperand(cmp.X), mirror(cmp.Op)
	}
	if c == nil || constOperand(x) != nil || !scalar(x.Type()) {
		return 0
	}
	k := atomKey{f: f.id, cmp: operandKey(x) + op.String() + operandKey(c)}
	_, known := p.atoms[k]
	l := p.atom(k)
	if !known {
		p.compared(f, x, op, c, l)
	}
	return l
}

// compared records that literal lit is x op c in frame f, and summarizes
// x's call, if x is a call's result: its returns may fix it.
func (p *pathBuilder) compared(f frame, x ssa.Value, op token.Token, c *ssa.Const, lit int) {
	if c == nil || !scalar(x.Type()) {
		return
	}
	p.vals.init()
	n := valNode{f.id, operandKey(x)}
	if len(p.vals.cmps[n]) == 0 {
		p.vals.order = append(p.vals.order, n)
	}
	p.vals.cmps[n] = append(p.vals.cmps[n], valCmp{op, c, lit})
	if sel, idx := canon(x); idx == 0 && op == token.EQL {
		if sel, ok := sel.(*ssa.Select); ok {
			p.selectCase(f, sel, c, lit)
		}
	}
	if call, _ := canon(x); call != nil {
		if call, ok := call.(*ssa.Call); ok {
			if p.summarized[summaryKey{f.id, call}] {
				p.reached(summaryKey{f.id, call})
			} else {
				p.summarize(f, call)
			}
		}
	}
}

// valDepth bounds the equalities followed from a comparison.
const valDepth = 8

// finishValues adds, for each comparison with a constant, its truth
// where its value is bound to another constant: the clause ¬g1 ∨ … ∨
// ¬gn ∨ (x op c) or its negation, over the guards on the way.
func (p *pathBuilder) finishValues() {
	type item struct {
		n      valNode
		guards []int
	}
	for _, start := range p.vals.order {
		seen := map[valNode]bool{start: true}
		queue := []item{{start, nil}}
		for len(queue) > 0 {
			it := queue[0]
			queue = queue[1:]
			for _, k := range p.vals.consts[it.n] {
				for _, cmp := range p.vals.cmps[start] {
					holds, ok := compareConsts(k.c, cmp.op, cmp.c)
					if !ok {
						continue
					}
					var lits []int
					for _, g := range append(it.guards, k.guard) {
						if g != 0 {
							lits = append(lits, -g)
						}
					}
					if holds {
						lits = append(lits, cmp.lit)
					} else {
						lits = append(lits, -cmp.lit)
					}
					p.c.add(always, lits...)
				}
			}
			if len(it.guards) >= valDepth {
				continue
			}
			for _, e := range p.vals.edges[it.n] {
				if seen[e.to] {
					continue
				}
				seen[e.to] = true
				gs := append(append([]int(nil), it.guards...), e.guard)
				queue = append(queue, item{e.to, gs})
			}
		}
	}
}

// compareConsts evaluates a op b for two constants of one kind of basic
// type (both integers or floats, or both strings).
func compareConsts(a *ssa.Const, op token.Token, b *ssa.Const) (holds, ok bool) {
	ka, kb := a.Value.Kind(), b.Value.Kind()
	num := func(k constant.Kind) bool { return k == constant.Int || k == constant.Float }
	if !(num(ka) && num(kb) || ka == constant.String && kb == constant.String) {
		return false, false
	}
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return constant.Compare(a.Value, op, b.Value), true
	}
	return false, false
}

// selectCase adds, when lit says that select sel chose case c, that the
// case's channel is not nil: a communication on a nil channel blocks
// forever, and select never chooses it.
//
//	var ackq *queue; var ch chan struct{}
//	if interest { ackq, ch = s.ackq, s.ackq.ch }
//	select { case <-ch: ackq.pop() } // ackq is not nil here (nats-server)
func (p *pathBuilder) selectCase(f frame, sel *ssa.Select, c *ssa.Const, lit int) {
	k, exact := constant.Int64Val(constant.ToInt(c.Value))
	if !exact || k < 0 || k >= int64(len(sel.States)) {
		return
	}
	p.c.add(always, -lit, -p.nilLit(f, sel.States[k].Chan))
}
