package check

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Access paths through loaded pointers. A load of a.f.g reads the
// pointer a.f from memory, then field g of what it points to: each load
// of a.f is a new SSA value, so a path rooted at the loaded value would
// never meet the store's (a.f.g = v; use(*a.f.g)). A derefField node
// names the pointer loaded from its parent path: both loads of a.f then
// lead to the same path a.f.*.g, which holds what the last store wrote
// as long as no store to a.f (or to anything the pointer's own cells
// meet) comes between, on top of the rules for the path itself.
//
// Calls do not write such a path when its root is an object the
// function allocated that has not escaped and every pointer stored
// along the path is an object the function allocated that escapes only
// into the root's own fields (a, b := &A{}, &A{}; a.f = &A{}): nothing
// else can reach it. Otherwise a call makes it unknown.

// derefField marks a memPath node that is the pointer loaded from its
// parent.
const derefField = -2

// derefs reports whether path p goes through a loaded pointer (deep)
// and whether calls leave those pointers alone (inner; true when not
// deep): see above. alloc is p's root
// object when the function allocated it.
func (m *memPass) derefs(p int32, alloc *ssa.Alloc) (deep, inner bool) {
	inner = alloc != nil
	for q := p; q >= 0; q = m.paths[q].parent {
		if m.paths[q].field != derefField {
			continue
		}
		deep = true
		if !inner {
			continue
		}
		// Every store of the pointer (path q's parent) must store an
		// object of the function's own that escapes only there.
		par := m.paths[q].parent
		for _, st := range m.stores {
			if m.path(st.Addr) != par {
				continue
			}
			a, ok := st.Val.(*ssa.Alloc)
			if !ok || a.Parent() != m.fn {
				inner = false
				break
			}
			for instr := range escapes(a) {
				s, ok := instr.(*ssa.Store)
				if !ok || m.root(m.path(s.Addr)) != ssa.Value(alloc) {
					inner = false
					break
				}
			}
			if !inner {
				break
			}
		}
	}
	return deep, !deep || inner
}

// derefCells adds to cells those of the memory each pointer along p is
// loaded from: a store there changes where p leads.
func (m *memPass) derefCells(p int32, cells []uint32) []uint32 {
	out := [][]uint32{cells}
	for q := p; q >= 0; q = m.paths[q].parent {
		if m.paths[q].field == derefField {
			addr := m.derefAddr[q]
			out = append(out, flatCells(m.b.memCells(addr, deref(addr.Type()))))
		}
	}
	return flatCells(out)
}

// sameMemory reports whether path q lies inside path p (or is p) in p's
// own memory: not past a pointer loaded from it (a store to a.f.g writes
// the object a.f points to, not a.f).
func (m *memPass) sameMemory(q, p int32) bool {
	for ; q >= 0; q = m.paths[q].parent {
		if q == p {
			return true
		}
		if m.paths[q].field == derefField {
			return false
		}
	}
	return false
}

// loadedExtract returns the call result that the load v reads back when
// v loads an access path (pathKey) that the function stores exactly
// once, from an extracted call result, in v's block before v or in a
// block dominating it: a, b.ok = f(); if b.ok { *a }. Refutation then
// gives the load the call result's atoms, so that its relational
// summary applies. Writes through other pointers are not looked for:
// at worst a witness is refuted that some callee's write made feasible.
func loadedExtract(v ssa.Value) (*ssa.Extract, bool) {
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL || ld.Block() == nil {
		return nil, false
	}
	key := pathKey(ld)
	var only *ssa.Store
	for _, blk := range ld.Parent().Blocks {
		for _, instr := range blk.Instrs {
			if st, ok := instr.(*ssa.Store); ok && pathKey(&ssa.UnOp{Op: token.MUL, X: st.Addr}) == key {
				if only != nil {
					return nil, false
				}
				only = st
			}
		}
	}
	if only == nil {
		return nil, false
	}
	ex, ok := only.Val.(*ssa.Extract)
	if !ok {
		return nil, false
	}
	sb, lb := only.Block(), ld.Block()
	if sb == lb {
		for _, instr := range lb.Instrs {
			if instr == ssa.Instruction(ld) {
				return nil, false // loaded before it is stored
			}
			if instr == ssa.Instruction(only) {
				break
			}
		}
		return ex, true
	}
	return ex, sb.Dominates(lb)
}

// freshLoad reports whether the pointer u loaded still is what its
// address holds wherever the function stores or loads through it: every
// such use is in u's block, and no store between u and the last of them
// writes u's address or a path it lies in (x.f.f, x.f = nil, y: the
// third store writes through the x.f loaded before the second), and no
// call comes between unless u's root is an object of the function's own
// (it may have escaped: then solve's rules make the path unknown
// anyway). Otherwise u roots a path of its own, as any value does.
func (m *memPass) freshLoad(u *ssa.UnOp) bool {
	blk := u.Block()
	if blk == nil {
		return false
	}
	last := -1
	var walk func(v ssa.Value) bool
	walk = func(v ssa.Value) bool {
		rs := v.Referrers()
		if rs == nil {
			return true
		}
		for _, r := range *rs {
			switch r := r.(type) {
			case *ssa.FieldAddr:
				if !walk(r) {
					return false
				}
				continue
			case *ssa.IndexAddr:
				if r.X == v {
					if !walk(r) {
						return false
					}
				}
				continue
			case *ssa.Store, *ssa.UnOp:
			default:
				continue
			}
			if r.Block() != blk {
				return false
			}
			if k := slices.Index(blk.Instrs, ssa.Instruction(r)); k > last {
				last = k
			}
		}
		return true
	}
	if !walk(u) {
		return false
	}
	start := slices.Index(blk.Instrs, ssa.Instruction(u))
	if start < 0 || last < start {
		return true
	}
	_, own := rootOf(u.X).(*ssa.Alloc)
	for _, instr := range blk.Instrs[start+1 : last] {
		switch i := instr.(type) {
		case *ssa.Store:
			if writesInto(i.Addr, u.X) {
				return false
			}
		default:
			if !own && mayWrite(instr) {
				return false
			}
		}
	}
	return true
}

// rootOf is the value an address is computed from by field and index
// addresses.
func rootOf(addr ssa.Value) ssa.Value {
	for {
		switch a := addr.(type) {
		case *ssa.FieldAddr:
			addr = a.X
		case *ssa.IndexAddr:
			addr = a.X
		default:
			return addr
		}
	}
}

// writesInto reports whether a store to st may write the memory at addr
// or memory addr is computed from (syntactically: the same address
// chain, or a prefix of it, from the same root; stores through other
// pointers are left to solve's cells).
func writesInto(st, addr ssa.Value) bool {
	for a := addr; ; {
		if a == st || sameAddr(a, st) {
			return true
		}
		switch x := a.(type) {
		case *ssa.FieldAddr:
			a = x.X
		case *ssa.IndexAddr:
			a = x.X
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
			a = x.X
		default:
			return false
		}
	}
}

// sameAddr reports whether two field-address chains name the same
// fields from the same root value.
func sameAddr(a, b ssa.Value) bool {
	for {
		fa, ok1 := a.(*ssa.FieldAddr)
		fb, ok2 := b.(*ssa.FieldAddr)
		if !ok1 || !ok2 {
			return a == b
		}
		if fa.Field != fb.Field {
			return false
		}
		a, b = fa.X, fb.X
	}
}
