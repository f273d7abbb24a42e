package check

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/graph"
)

// Flow-sensitive local memory. The heap is flow-insensitive (a store
// into p.f reaches every load of the cells p may point to), so a nil
// stored into a field anywhere reaches a load that the function's own
// store just wrote: opts.alt = &a; opts.alt.hidden = false. Within one
// function, a load reads exactly the last stores that reach it on its
// access path (an SSA value and a chain of fields and indices) when, on
// every path from the function's entry to the load, such a store comes
// after the last instruction that may write the location otherwise: a
// store through another pointer whose heap cells meet the path's, or a
// call (or goroutine synchronization: a channel operation, a select, a
// go or defer). A load so covered gets an assign edge from each reaching
// store's value instead of the heap cells' ld edges; any other load keeps
// them. Calls do not write an object the function allocated (ssa.Alloc)
// until it escapes: its address (or a field's or element's) is stored,
// passed, captured, returned or converted. A fresh object's memory is the
// zero value, which is the nil a declared variable (var p *T) starts
// with, and not followed for other objects' fields (implicit zero values
// are not sources, doc.go).
//
// The analysis is a reaching-definitions pass over the function's blocks,
// one access path at a time, over the paths that are both stored and
// loaded in the function, and stops at a budget (memBudget) for
// functions with many such paths: their remaining loads keep the heap.
// The same edges serve taint: a load that reads only its last store reads
// nothing else from the heap whatever is stored there elsewhere.
//
// A nil check of a load of the path (if o.f == nil { o.f = def }) makes
// the stores reaching its non-nil branch flow through guarded copies of
// their values (guard edges: taint follows them, nilflow does not). A
// nil constant stored into an object from elsewhere (x.f = nil) is a
// source for the loads it reaches only where it is the only store they
// read (else freshBase's reasoning holds: most are resets). A store
// through a pointer with no points-to objects (memory the analysis does
// not model) may write any path.

// memBudget bounds the instructions visited per function, over all its
// access paths and iterations.
const memBudget = 1 << 21

// memDef is a store that a load reads. st is nil for the zero value of
// the object the function allocated (zero) at the path's root.
type memDef struct {
	st      *ssa.Store
	zero    *ssa.Alloc
	guarded bool // reaches through the non-nil branch of a nil check of the path
	// errRet: a nil stored into (or the zero value of) a result
	// variable that a Return loads (named results; every result of a
	// function with defers) of a function whose last result is an
	// error. As before this pass, such a nil is not a source, whatever
	// the error beside it: errorConvention looks at the Return's
	// operands, loads there. (Following them added three findings on
	// pebble, ingestLoad1's return nil, nil for an empty table, which
	// WAL replay does not check as it logs only tables that were not
	// empty; and one on miniflux, a nil error that the caller tests
	// with errors.Is before calling its Error method.)
	errRet bool
}

// memPath is one node of an access path: a root value (parent < 0), or
// a field or index of its parent path.
type memPath struct {
	parent int32
	root   ssa.Value
	field  int       // -1: an index; derefField: the pointer loaded from the parent
	idx    ssa.Value // a variable index
	cidx   string    // a constant index
}

// memEvent is an instruction of a block that the pass looks at.
type memEvent struct {
	instr ssa.Instruction
	path  int32 // a store's or load's path, else -1
	call  bool  // may write memory that escaped
	store int32 // the store's number, else -1
}

// memState is what the memory at one path holds at a program point.
type memState struct {
	unknown bool     // anything (another write came after the last store)
	esc     bool     // the root object escaped (or is not the function's own)
	defs    []memRef // sorted, when !unknown
}

// memRef numbers a memDef in a function: store<<1|guarded; -2|guarded
// for the zero value.
type memRef int32

const memZero memRef = -2

var zeroDefs = []memRef{memZero} // never written: states share it

type memPass struct {
	b     *flowBuilder
	fn    *ssa.Function
	paths []memPath
	// derefAddr: per path, for a derefField node, the address its
	// pointer was first loaded from (deref.go)
	derefAddr []ssa.Value
	ids       map[memPath]int32
	ofAddr    map[ssa.Value]int32
	stores    []*ssa.Store
	scells    [][]uint32 // per store, its heap cells (sorted), computed when needed
	sdone     []bool
	events    [][]memEvent // per block
	// nilTest: per block, the path whose load its If compares with nil
	// and the successor where it is not nil.
	nilTest map[*ssa.BasicBlock][2]int32
	slots   map[ssa.Value]int                       // result slots: the variables a Return loads, by result number
	esc     map[*ssa.Alloc]map[ssa.Instruction]bool // where the candidate paths' own roots escape
	stored  map[int32]bool                          // the paths stored
	loads   map[int32][]*ssa.UnOp                   // the loads of the paths stored
	one     []memRef                                // one[k]: store k's def (slices of it are the states' defs)
	in      []memState                              // the states at blocks' starts, then at their ends
	known   []bool
	clob    []int8 // per store, whether it clobbers the path solved (0: not known yet, 1: no, 2: yes)
}

// localMemory returns, for the loads of fn that read a known set of
// stores, those stores.
func (b *flowBuilder) localMemory(fn *ssa.Function) map[*ssa.UnOp][]memDef {
	if len(fn.Blocks) == 0 {
		return nil
	}
	// Most functions store nothing or load nothing: look before making
	// anything.
	hasStore, hasLoad := false, false
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			switch i := instr.(type) {
			case *ssa.Store:
				hasStore = true
			case *ssa.UnOp:
				hasLoad = hasLoad || i.Op == token.MUL
			}
		}
	}
	if !hasStore || !hasLoad {
		return nil
	}
	m := b.memPass
	if m == nil {
		m = &memPass{b: b, ids: map[memPath]int32{}, ofAddr: map[ssa.Value]int32{}, stored: map[int32]bool{}, loads: map[int32][]*ssa.UnOp{}}
		b.memPass = m
	}
	m.reset(fn)
	// The paths both stored and loaded.
	stored := m.stored
	clear(stored)
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			if st, ok := instr.(*ssa.Store); ok {
				stored[m.path(st.Addr)] = true
			}
		}
	}
	var cands []int32
	loads := m.loads
	clear(loads)
	n := 0
	for _, blk := range fn.Blocks {
		n += len(blk.Instrs)
		for _, instr := range blk.Instrs {
			if u, ok := instr.(*ssa.UnOp); ok && u.Op == token.MUL {
				p := m.path(u.X)
				if !stored[p] {
					continue
				}
				if loads[p] == nil {
					cands = append(cands, p)
				}
				loads[p] = append(loads[p], u)
			}
		}
	}
	if len(cands) == 0 {
		return nil
	}
	// Where the candidates' own objects escape.
	m.esc = map[*ssa.Alloc]map[ssa.Instruction]bool{}
	escAt := map[ssa.Instruction]bool{}
	for _, p := range cands {
		if a, ok := m.root(p).(*ssa.Alloc); ok && a.Parent() == fn && m.esc[a] == nil {
			m.esc[a] = escapes(a)
			for instr := range m.esc[a] {
				escAt[instr] = true
			}
		}
	}
	m.events = make([][]memEvent, len(fn.Blocks))
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			ev := memEvent{instr: instr, path: -1, store: -1}
			switch i := instr.(type) {
			case *ssa.Store:
				ev.path = m.path(i.Addr)
				ev.store = int32(len(m.stores))
				m.stores = append(m.stores, i)
			case *ssa.UnOp:
				switch i.Op {
				case token.MUL:
					ev.path = m.path(i.X)
				case token.ARROW:
					ev.call = true
				default:
					continue
				}
			case *ssa.Alloc:
			default:
				ev.call = mayWrite(instr)
				if !ev.call && !escAt[instr] {
					continue
				}
			}
			m.events[blk.Index] = append(m.events[blk.Index], ev)
		}
	}
	m.one = m.one[:0]
	for k := range m.stores {
		m.one = append(m.one, memRef(k<<1))
	}
	m.scells = make([][]uint32, len(m.stores))
	m.sdone = make([]bool, len(m.stores))
	m.findNilTests()
	order := reversePostorder(fn, b.nf.Dead)
	var out map[*ssa.UnOp][]memDef
	budget := memBudget
	for _, p := range cands {
		if budget -= n; budget < 0 {
			break
		}
		for l, defs := range m.solve(p, loads[p][0], order, &budget) {
			if out == nil {
				out = map[*ssa.UnOp][]memDef{}
			}
			out[l] = defs
		}
	}
	return out
}

// reset readies m for fn, keeping its maps' memory.
func (m *memPass) reset(fn *ssa.Function) {
	m.fn = fn
	m.paths = m.paths[:0]
	m.derefAddr = m.derefAddr[:0]
	clear(m.ids)
	clear(m.ofAddr)
	m.stores = m.stores[:0]
	m.nilTest = nil
	m.slots = nil
}

// errSlot returns the result number of v if v is a result slot of a
// function whose last result is an error (the error's own slot
// included: a nil error is no nil a caller dereferences, and its
// callers' errors.Is tests do not guard); else -1.
func (m *memPass) errSlot(v ssa.Value) int {
	res := m.fn.Signature.Results()
	if res.Len() < 2 || !isErrorType(res.At(res.Len()-1).Type()) {
		return -1
	}
	if m.slots == nil {
		m.slots = map[ssa.Value]int{}
		for _, blk := range m.fn.Blocks {
			if r, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return); ok {
				for k, x := range r.Results {
					if u, ok := x.(*ssa.UnOp); ok && u.Op == token.MUL {
						m.slots[u.X] = k
					}
				}
			}
		}
	}
	if k, ok := m.slots[v]; ok {
		return k
	}
	return -1
}

// mayWrite reports whether instr may write memory that escaped: a call
// (but of a builtin that writes none), go, defer, or a synchronization
// through which another goroutine's writes become visible.
func mayWrite(instr ssa.Instruction) bool {
	switch i := instr.(type) {
	case *ssa.Call:
		if bi, ok := i.Call.Value.(*ssa.Builtin); ok {
			switch bi.Name() {
			case "len", "cap", "print", "println", "real", "imag", "complex", "min", "max", "ssa:wrapnilchk":
				return false
			}
		}
		return true
	case *ssa.Go, *ssa.Defer, *ssa.RunDefers, *ssa.Send, *ssa.Select:
		return true
	}
	return false
}

// path interns the access path of address addr.
func (m *memPass) path(addr ssa.Value) int32 {
	if id, ok := m.ofAddr[addr]; ok {
		return id
	}
	k := memPath{parent: -1, root: addr, field: -1}
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		k = memPath{parent: m.path(a.X), field: a.Field}
	case *ssa.IndexAddr:
		k = memPath{parent: m.path(a.X), field: -1, idx: a.Index}
		if c, ok := a.Index.(*ssa.Const); ok && c.Value != nil {
			k.idx, k.cidx = nil, c.Value.ExactString()
			if c.Value.Kind() == constant.Unknown {
				k.idx, k.cidx = a.Index, ""
			}
		}
	case *ssa.UnOp:
		if a.Op == token.MUL && m.freshLoad(a) {
			k = memPath{parent: m.path(a.X), field: derefField}
		}
	}
	id, ok := m.ids[k]
	if !ok {
		id = int32(len(m.paths))
		m.paths = append(m.paths, k)
		m.ids[k] = id
		if k.field == derefField {
			m.derefAddr = append(m.derefAddr, addr.(*ssa.UnOp).X)
		} else {
			m.derefAddr = append(m.derefAddr, nil)
		}
	}
	m.ofAddr[addr] = id
	return id
}

// root is the root value of path p.
func (m *memPass) root(p int32) ssa.Value {
	for m.paths[p].parent >= 0 {
		p = m.paths[p].parent
	}
	return m.paths[p].root
}

// nested reports whether path p lies inside path q (or is q).
func (m *memPass) nested(p, q int32) bool {
	for ; p >= 0; p = m.paths[p].parent {
		if p == q {
			return true
		}
	}
	return false
}

// storeCells are the heap cells store k writes, sorted.
func (m *memPass) storeCells(k int32) []uint32 {
	if !m.sdone[k] {
		st := m.stores[k]
		m.scells[k] = flatCells(m.b.memCells(st.Addr, st.Val.Type()))
		m.sdone[k] = true
	}
	return m.scells[k]
}

func flatCells(cs [][]uint32) []uint32 {
	var out []uint32
	for _, c := range cs {
		out = append(out, c...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func meet(a, b []uint32) bool {
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] == b[j]:
			return true
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return false
}

// findNilTests finds the blocks that end in a nil test of a load: if
// x == nil or if x != nil, x := *addr loaded in the block with no write
// after it.
func (m *memPass) findNilTests() {
	for _, blk := range m.fn.Blocks {
		if len(blk.Instrs) == 0 || len(blk.Succs) != 2 || blk.Succs[0] == blk.Succs[1] {
			continue
		}
		iff, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		c, ok := iff.Cond.(*ssa.BinOp)
		if !ok || c.Op != token.EQL && c.Op != token.NEQ {
			continue
		}
		x := c.X
		if isNilConst(x) {
			x = c.Y
		} else if !isNilConst(c.Y) {
			continue
		}
		ld, ok := x.(*ssa.UnOp)
		if !ok || ld.Op != token.MUL || ld.Block() != blk {
			continue
		}
		after, clean := false, true
		for _, ev := range m.events[blk.Index] {
			if ev.instr == ssa.Instruction(ld) {
				after = true
			} else if after && (ev.store >= 0 || ev.call) {
				clean = false
			}
		}
		if !clean {
			continue
		}
		succ := int32(1) // x == nil: not nil on the else branch
		if c.Op == token.NEQ {
			succ = 0
		}
		if m.nilTest == nil {
			m.nilTest = map[*ssa.BasicBlock][2]int32{}
		}
		m.nilTest[blk] = [2]int32{m.path(ld.X), succ}
	}
}

// escapes returns the instructions where the object a, allocated in the
// function, escapes: its address or one derived from it is used other
// than to load or store through it.
//
// An address given to a deferred call (defer stopTimer(&t)) escapes where
// the deferred calls run (RunDefers, before each return), not where
// the defer statement is: the call that may write through it runs there.
func escapes(a *ssa.Alloc) map[ssa.Instruction]bool {
	out := map[ssa.Instruction]bool{}
	deferred := func() {
		for _, b := range a.Parent().Blocks {
			for _, in := range b.Instrs {
				if rd, ok := in.(*ssa.RunDefers); ok {
					out[rd] = true
				}
			}
		}
	}
	var walk func(v ssa.Value)
	walk = func(v ssa.Value) {
		rs := v.Referrers()
		if rs == nil {
			return
		}
		for _, r := range *rs {
			switch r := r.(type) {
			case *ssa.FieldAddr:
				walk(r)
			case *ssa.IndexAddr:
				if r.X == v {
					walk(r)
				} else {
					out[r] = true
				}
			case *ssa.Store:
				if r.Val == v {
					out[r] = true
				}
			case *ssa.UnOp:
				if r.Op != token.MUL {
					out[r] = true
				}
			case *ssa.DebugRef:
			case *ssa.Defer:
				if r.Call.Value == v || r.Call.IsInvoke() {
					out[r] = true // a deferred closure or method value
					break
				}
				deferred()
			default:
				out[r] = true
			}
		}
	}
	walk(a)
	return out
}

// solve runs reaching definitions for path p (whose loads include ld)
// and returns the loads it covers.
func (m *memPass) solve(p int32, ld *ssa.UnOp, order []*ssa.BasicBlock, budget *int) map[*ssa.UnOp][]memDef {
	cells := flatCells(m.b.memCells(ld.X, ld.Type()))
	root := m.root(p)
	alloc, _ := root.(*ssa.Alloc)
	if alloc != nil && alloc.Parent() != m.fn {
		alloc = nil
	}
	esc := m.esc[alloc]
	// Through loaded pointers (a.f.g): see deref.go.
	deep, inner := m.derefs(p, alloc)
	if deep {
		cells = m.derefCells(p, cells)
	}
	// The other stores that may write the path: nested in it or it in
	// them, or through a pointer whose cells meet its cells.
	clobbers := func(k int32) bool {
		q := m.path(m.stores[k].Addr)
		if m.sameMemory(q, p) || m.nested(p, q) {
			return true
		}
		sc := m.storeCells(k)
		if len(cells) == 0 || len(sc) == 0 && fieldsOf(m.stores[k].Val.Type()) == nil {
			// A pointer the points-to sets know nothing of (memory they
			// do not model) may point anywhere.
			return true
		}
		return meet(sc, cells)
	}
	clob := m.clob[:0]
	for range m.stores {
		clob = append(clob, 0)
	}
	m.clob = clob
	transfer := func(s memState, blk *ssa.BasicBlock, visit func(*ssa.UnOp, memState)) memState {
		for _, ev := range m.events[blk.Index] {
			if esc[ev.instr] {
				s.esc = true
			}
			switch {
			case alloc != nil && ev.instr == ssa.Instruction(alloc):
				s = memState{defs: zeroDefs}
				if deep {
					s = memState{unknown: true} // a.f is nil: a.f.g is no zero value
				}
			case ev.store >= 0 && ev.path == p:
				s = memState{esc: s.esc, defs: m.one[ev.store : ev.store+1 : ev.store+1]}
			case ev.store >= 0:
				if clob[ev.store] == 0 {
					clob[ev.store] = 1
					if clobbers(ev.store) {
						clob[ev.store] = 2
					}
				}
				if clob[ev.store] == 2 {
					s = memState{unknown: true, esc: s.esc}
				}
			case ev.call && (s.esc || alloc == nil || !inner):
				s = memState{unknown: true, esc: true}
			case ev.path == p && visit != nil:
				if u, ok := ev.instr.(*ssa.UnOp); ok && u.Op == token.MUL {
					visit(u, s)
				}
			}
		}
		*budget -= len(m.events[blk.Index])
		return s
	}
	nb := len(m.fn.Blocks)
	in := m.in[:0]
	for range 2 * nb {
		in = append(in, memState{})
	}
	m.in = in
	outs, in := in[nb:], in[:nb]
	known := m.known[:0]
	for range nb {
		known = append(known, false)
	}
	m.known = known
	entry := m.fn.Blocks[0]
	for changed := true; changed; {
		changed = false
		for _, blk := range order {
			s, ok := m.join(blk, entry, outs, known, p)
			if !ok {
				continue
			}
			o := transfer(s, blk, nil)
			if !known[blk.Index] || !sameState(outs[blk.Index], o) {
				outs[blk.Index] = o
				known[blk.Index] = true
				changed = true
			}
			in[blk.Index] = s
		}
		if *budget < 0 {
			return nil
		}
	}
	var res map[*ssa.UnOp][]memDef
	for _, blk := range order {
		if blk != entry && !slices.ContainsFunc(blk.Preds, func(p *ssa.BasicBlock) bool { return known[p.Index] }) {
			continue
		}
		transfer(in[blk.Index], blk, func(u *ssa.UnOp, s memState) {
			if s.unknown || len(s.defs) == 0 {
				return
			}
			defs := make([]memDef, 0, len(s.defs))
			for _, r := range s.defs {
				d := memDef{guarded: r&1 != 0}
				if r>>1 == memZero>>1 {
					d.zero = alloc
					d.errRet = m.errSlot(alloc) >= 0
				} else {
					d.st = m.stores[r>>1]
					d.errRet = isNilConst(d.st.Val) && m.errSlot(d.st.Addr) >= 0
				}
				defs = append(defs, d)
			}
			if res == nil {
				res = map[*ssa.UnOp][]memDef{}
			}
			res[u] = defs
		})
	}
	return res
}

// join is the state at the start of blk: unknown at the entry, else the
// union of its predecessors' states (ok false while none is known).
func (m *memPass) join(blk, entry *ssa.BasicBlock, outs []memState, known []bool, p int32) (memState, bool) {
	if blk == entry {
		return memState{unknown: true, esc: true}, true
	}
	var s memState
	ok := false
	for _, pred := range blk.Preds {
		if !known[pred.Index] {
			continue
		}
		o := &outs[pred.Index]
		ok = true
		s.esc = s.esc || o.esc
		if s.unknown || o.unknown {
			s.unknown, s.defs = true, nil
			continue
		}
		defs := o.defs
		if t, tested := m.nilTest[pred]; tested && t[0] == p && pred.Succs[t[1]] == blk {
			defs = make([]memRef, len(o.defs))
			for i, r := range o.defs {
				defs[i] = r | 1
			}
		}
		s.defs = mergeRefs(s.defs, defs)
	}
	return s, ok
}

func mergeRefs(a, b []memRef) []memRef {
	if len(a) == 0 {
		return b
	}
	if slices.Equal(a, b) {
		return a
	}
	out := make([]memRef, 0, len(a)+len(b))
	out = append(out, a...)
	out = append(out, b...)
	slices.Sort(out)
	return slices.Compact(out)
}

func sameState(a, b memState) bool {
	return a.unknown == b.unknown && a.esc == b.esc && slices.Equal(a.defs, b.defs)
}

// reversePostorder lists fn's reachable blocks but the dead ones (a nil
// test decides the way around them: the build skips them), each before
// its successors except along back edges.
func reversePostorder(fn *ssa.Function, dead func(*ssa.BasicBlock) bool) []*ssa.BasicBlock {
	seen := make([]bool, len(fn.Blocks))
	var post []*ssa.BasicBlock
	var visit func(b *ssa.BasicBlock)
	visit = func(b *ssa.BasicBlock) {
		seen[b.Index] = true
		for _, s := range b.Succs {
			if !seen[s.Index] && !dead(s) {
				visit(s)
			}
		}
		post = append(post, b)
	}
	visit(fn.Blocks[0])
	slices.Reverse(post)
	return post
}

// forward gives the load u the values of the stores it reads (defs) as
// its value, in place of the heap cells' ld edges; false when their
// leaves do not line up (the caller adds the ld edges then).
func (b *flowBuilder) forward(u *ssa.UnOp, defs []memDef, dst []uint32) bool {
	srcs := make([][]uint32, len(defs))
	for k, d := range defs {
		switch {
		case d.zero != nil:
			// The zero value: the nil a declared variable starts with.
			if len(dst) == 1 && b.local && !d.guarded && !d.errRet && zeroNil(d.zero, u) {
				srcs[k] = []uint32{b.zeroNil(d.zero)}
			}
		case isNilConst(d.st.Val):
			// A nil stored into an object from elsewhere is most often a
			// reset (freshBase): followed when it is the only store.
			if len(dst) == 1 && !d.guarded && !d.errRet && (len(defs) == 1 || freshBase(d.st.Addr)) {
				if n, ok := b.storedNil(d.st); ok {
					srcs[k] = []uint32{n}
				}
			}
		default:
			if _, ok := d.st.Val.(*ssa.Const); ok {
				continue
			}
			if d.guarded {
				srcs[k] = b.leaves(d.st.Val, -1, true)
			} else {
				srcs[k] = b.use(d.st.Val, d.st)
			}
			if len(srcs[k]) != len(dst) {
				return false
			}
		}
	}
	for k, d := range defs {
		pos := u.Pos()
		if d.st != nil {
			pos = d.st.Pos()
		}
		if srcs[k] != nil {
			// A guard of the stored value that holds at the load but not
			// at the store (v, err := f(); s.v = v; if err != nil {
			// return }; s.v.x) stops the error convention's nils.
			info := EdgeInfo{Pos: pos}
			if d.st != nil && !d.guarded {
				if _, ok := d.st.Val.(*ssa.Const); !ok {
					at := b.use(d.st.Val, u)
					info.Unguarded = len(at) == len(srcs[k]) && len(at) > 0 && at[0] != srcs[k][0] ||
						b.facts.guardedAfter(d.st.Val, d.st.Block(), u.Block())
				}
			}
			b.connect(srcs[k], dst, LabelAssign, graph.NoIndex, info)
		}
	}
	return true
}

// zeroNil reports whether the zero value of a, read by u, is a nil a
// declaration wrote: a declared variable of a nilable type, loaded whole.
func zeroNil(a *ssa.Alloc, u *ssa.UnOp) bool {
	switch a.Comment {
	case "", "new", "complit", "slicelit", "varargs", "makeslice":
		return false
	}
	return u.X == ssa.Value(a) && nilable(deref(a.Type()))
}

// zeroNil and storedNil return the nil source vertex of a variable's
// zero value and of a stored nil constant, one each per function.
func (b *flowBuilder) zeroNil(a *ssa.Alloc) uint32 {
	return b.memNil(a, func() uint32 {
		n := b.newVertex(Vertex{Kind: VNil, Value: a, Func: b.fn, Field: -1, Pos: a.Pos()})
		b.nilSource(NilSource{V: n, Iface: types.IsInterface(deref(a.Type())), Local: true})
		return n
	})
}

func (b *flowBuilder) storedNil(st *ssa.Store) (uint32, bool) {
	c := st.Val.(*ssa.Const)
	if !b.local || !nilable(c.Type()) {
		return 0, false
	}
	return b.memNil(st, func() uint32 {
		n, _ := b.nilVertex(c, st.Pos())
		return n
	}), nilable(c.Type())
}

func (b *flowBuilder) memNil(k ssa.Instruction, mk func() uint32) uint32 {
	if n, ok := b.memNils[k]; ok {
		return n
	}
	if b.memNils == nil {
		b.memNils = map[ssa.Instruction]uint32{}
	}
	n := mk()
	b.memNils[k] = n
	return n
}
