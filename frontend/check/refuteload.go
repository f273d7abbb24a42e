package check

import (
	"go/token"
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

var loadReps struct {
	sync.Mutex
	m map[*ssa.Function]map[string]ssa.Value
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
	reps, ok := loadReps.m[fn]
	if !ok {
		reps = map[string]ssa.Value{}
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
			loadReps.m = map[*ssa.Function]map[string]ssa.Value{}
		}
		loadReps.m[fn] = reps
	}
	if r, ok := reps[k]; ok {
		return r
	}
	return v
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

// killConds adds to group, for a load u of local cell a that reads the
// value of store st (nil for a's zero value) in frame f, that no other
// store of a on the way kills it: a store in a block b entered only by
// the branch of a block d that dominates the load, below st, runs
// whenever that branch is taken, so the branch was not taken. In
//
//	var terminal *Terminal
//	if opts.Filter == nil { terminal, err = NewTerminal(…); … }
//	…
//	terminal.Loop()
//
// the zero value reaches the load only where opts.Filter is not nil.
func (p *pathBuilder) killConds(group int, f frame, u *ssa.UnOp, st *ssa.Store) {
	a, ok := u.X.(*ssa.Alloc)
	if !ok || u.Block() == nil {
		return
	}
	from := a.Block()
	if st != nil {
		from = st.Block()
	}
	for _, r := range *a.Referrers() {
		s, ok := r.(*ssa.Store)
		if !ok || s == st || s.Addr != ssa.Value(a) {
			continue
		}
		b := s.Block()
		if len(b.Preds) != 1 || b == u.Block() || b == from {
			continue
		}
		d := b.Preds[0]
		if !d.Dominates(u.Block()) || !from.Dominates(d) {
			continue
		}
		if l, ok := p.edgeCond(f, d, b); ok {
			p.c.add(group, -l)
		}
	}
}
