package check

import (
	"go/constant"
	"go/token"
	"strconv"
	"sync"

	"golang.org/x/tools/go/ssa"
)

// Loads of one access path share their atoms in path conditions.
//
// Each load of a field is its own SSA value: in
//
//	if opts.Filter == nil { terminal = NewTerminal(…) }
//	…
//	if opts.Filter != nil { …; return }
//	terminal.Loop()
//
// the two tests read opts.Filter by two loads, and as two atoms they do
// not contradict, so the nil that terminal holds when opts.Filter is
// not nil reaches terminal.Loop (fzf's 45 findings from one variable).
// The refutation reads every load of one access path (pathKey: a
// parameter, free variable or global, then fields) in one function
// activation as one value, as if the path were not written in between.
// That is unsound where the function (or a callee) changes the field
// between two tests, and then a witness may be refuted that is real; it
// is the assumption NilAway and the code's readers make, and it only
// ever removes witnesses. Address-taken local variables written more
// than once are left out: the function itself writes them between loads.
// So is a load that every path from the first load passes a write of
// the path to (a store that may be nil, or its address passed on:
// clearTimer(&c.tmr)): it is a value of its own. (Where a write may be
// avoided, killConds says which branches the witness did not take.)

var loadReps struct {
	sync.Mutex
	m map[*ssa.Function]*funcLoads
}

// funcLoads are one function's first loads and writes by access path.
type funcLoads struct {
	reps   map[string]ssa.Value
	writes map[string][]ssa.Instruction
}

// loadRep is the first load, in block order, of the access path v loads
// in v's function, or v itself when v is no such load.
func loadRep(v ssa.Value) ssa.Value {
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return v
	}
	if _, ok := u.X.(*ssa.FieldAddr); !ok {
		return v
	}
	k := sharedPathKey(u)
	if k == "" {
		return v
	}
	fn := u.Parent()
	loadReps.Lock()
	defer loadReps.Unlock()
	fl, ok := loadReps.m[fn]
	if !ok {
		reps := map[string]ssa.Value{}
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				l, ok := in.(*ssa.UnOp)
				if !ok || l.Op != token.MUL {
					continue
				}
				if _, ok := l.X.(*ssa.FieldAddr); !ok {
					continue
				}
				if lk := sharedPathKey(l); lk != "" {
					if _, seen := reps[lk]; !seen {
						reps[lk] = l
					}
				}
			}
		}
		if loadReps.m == nil {
			loadReps.m = map[*ssa.Function]*funcLoads{}
		}
		fl = &funcLoads{reps, pathWrites(fn)}
		loadReps.m[fn] = fl
	}
	r, ok := fl.reps[k]
	if !ok {
		return v
	}
	if ws := fl.writes[k]; len(ws) > 0 && r != v && !writeAvoidable(ws, r.(ssa.Instruction), u) {
		// Every way from the first load to this one writes the path.
		return v
	}
	return r
}

// sharedPathKey is the access path of load l when its loads may share
// atoms: rooted at a parameter, free variable or global, or at a local
// variable's cell written once; "" otherwise.
func sharedPathKey(l *ssa.UnOp) string {
	root := l.X
	for {
		fa, ok := root.(*ssa.FieldAddr)
		if !ok {
			break
		}
		root = fa.X
		if u, ok := root.(*ssa.UnOp); ok && u.Op == token.MUL {
			root = u.X
		}
	}
	switch r := root.(type) {
	case *ssa.Parameter, *ssa.FreeVar, *ssa.Global:
	case *ssa.Alloc:
		// A variable written once (a parameter that closures capture).
		if !storedOnce(r) {
			return ""
		}
	default:
		return ""
	}
	return pathKey(l)
}

// storedOnce reports whether local cell a is written by one store and
// does not escape to a call that could write it.
func storedOnce(a *ssa.Alloc) bool {
	n := 0
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != a {
				return false
			}
			n++
		case *ssa.UnOp, *ssa.FieldAddr, *ssa.MakeClosure, *ssa.DebugRef:
		default:
			return false
		}
	}
	return n == 1
}

// killConds adds to group, for a load u that reads a value stored
// before it (by store st of a local cell, nil for the cell's zero value
// or, for a field, the value in the heap when the function began), that
// no later store of the same cell or access path overwrote it: for each
// branch on the way to the load (a block d dominating u, below st) and
// each of its successors s, if every path from s to the load passes a
// block that stores the cell again, the branch did not go to s. In
//
//	var terminal *Terminal
//	if opts.Filter == nil { terminal, err = NewTerminal(…); … }
//	…
//	terminal.Loop()
//
// the zero value reaches the load only where opts.Filter is not nil;
// and in if opts.Marker == nil { opts.Marker = &x }; *opts.Marker the
// nil from the heap reaches the load only where opts.Marker is not nil.
func (p *pathBuilder) killConds(group int, f frame, u *ssa.UnOp, st *ssa.Store) {
	ub := u.Block()
	if ub == nil {
		return
	}
	var kills func(*ssa.Store) bool
	from := ub.Parent().Blocks[0]
	switch a := u.X.(type) {
	case *ssa.Alloc:
		if st == nil {
			from = a.Block()
		}
		kills = func(s *ssa.Store) bool { return s != st && s.Addr == ssa.Value(a) }
	case *ssa.FieldAddr:
		k := sharedPathKey(u)
		if k == "" || st != nil {
			return
		}
		kills = func(s *ssa.Store) bool {
			fa, ok := s.Addr.(*ssa.FieldAddr)
			return ok && pathKey(fa.X)+"."+strconv.Itoa(fa.Field) == k
		}
	default:
		return
	}
	if st != nil {
		from = st.Block()
	}
	killing := map[*ssa.BasicBlock]bool{}
	for _, b := range ub.Parent().Blocks {
		if b == ub {
			continue
		}
		for _, in := range b.Instrs {
			if s, ok := in.(*ssa.Store); ok && kills(s) {
				killing[b] = true
				break
			}
		}
	}
	if len(killing) == 0 {
		return
	}
	for d := ub.Idom(); d != nil; d = d.Idom() {
		if !from.Dominates(d) {
			break
		}
		if len(d.Succs) != 2 {
			continue
		}
		for _, s := range d.Succs {
			if !allPathsPass(s, ub, killing) {
				continue
			}
			if l, ok := p.edgeCond(f, d, s); ok {
				p.c.add(group, -l)
			}
		}
	}
}

// allPathsPass reports whether every path from block s to block to
// passes a block of via (s included).
func allPathsPass(s, to *ssa.BasicBlock, via map[*ssa.BasicBlock]bool) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{s}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] || via[b] {
			continue
		}
		if b == to {
			return false
		}
		seen[b] = true
		stack = append(stack, b.Succs...)
	}
	return true
}

// phiCond defines z, the literal of boolean phi x in frame f, for the
// phis of && and ||: colored := ansi != nil && ansi.colored() gives a phi
// of false (from the test's false branch) and the call (from its true
// branch). A constant false arriving from block p whose If's other
// target leads to the other edge means z implies that branch's
// condition, and z is then the other edge's value (ok && ansi.fg needs
// ansi not nil); a constant true, the same for not z.
func (p *pathBuilder) phiCond(f frame, x *ssa.Phi, z int, depth int) {
	if len(x.Edges) != 2 || len(x.Block().Preds) != 2 {
		return
	}
	for k, e := range x.Edges {
		c, ok := e.(*ssa.Const)
		if !ok || c.Value == nil || c.Value.Kind() != constant.Bool {
			continue
		}
		pk, po := x.Block().Preds[k], x.Block().Preds[1-k]
		if len(pk.Succs) != 2 {
			continue
		}
		other := pk.Succs[0]
		if other == x.Block() {
			other = pk.Succs[1]
		}
		if other == x.Block() || !other.Dominates(po) {
			continue
		}
		l, ok := p.edgeCond(f, pk, other)
		if !ok {
			continue
		}
		zz := z
		if constant.BoolVal(c.Value) {
			zz = -z // ||: false only by the other edge
		}
		v := p.condLitDepth(f, x.Edges[1-k], depth+1)
		if constant.BoolVal(c.Value) {
			v = -v
		}
		p.c.add(always, -zz, l)
		p.c.add(always, -zz, v)
		return
	}
}

// guardedAfter reports whether every path from the end of block from to
// block to passes a guard that v is not nil (the edge of a branch that
// says so): v, err := f(); cell = v; if err != nil { return }; …;
// use(cell) reads v guarded, though the guard does not dominate the use
// (fzf's terminal, set in a branch and checked there).
func (g *funcFacts) guardedAfter(v ssa.Value, from, to *ssa.BasicBlock) bool {
	if from == nil || to == nil || from == to || !nilable(v.Type()) {
		return false
	}
	key := pathKey(v)
	type edge struct{ from, to *ssa.BasicBlock }
	via := map[edge]bool{}
	for _, gd := range g.guardsOf(from.Parent()) {
		if gd.key == key {
			via[edge{gd.from, gd.to}] = true
		}
	}
	if len(via) == 0 {
		return false
	}
	// Search for a path from from to to that takes no guard's edge.
	seen := map[*ssa.BasicBlock]bool{from: true}
	stack := []*ssa.BasicBlock{from}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range b.Succs {
			if via[edge{b, s}] {
				continue
			}
			if s == to {
				return false
			}
			if !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	return true
}
