package edgecentric

import (
	"github.com/cflr/cflr/grammar"
	"github.com/cflr/cflr/graph"
)

// label is a grammar symbol instantiated with an index (graph.NoIndex for
// unindexed symbols). The engine works on dense label ids: an indexed
// symbol with k indices in use becomes k labels, so there is no alphabet
// limit and index matching costs nothing at solve time.
type label struct {
	sym int
	idx uint32
}

// pairRule is "lhs ::= (this label) other" or "lhs ::= other (this label)".
type pairRule struct {
	other, lhs uint32
}

// rules is the grammar instantiated over the labels reachable from a graph.
type rules struct {
	g      *grammar.Grammar // normalized
	labels []label
	ids    map[label]uint32
	bySym  [][]uint32 // symbol -> its labels

	unary  [][]uint32   // label -> lhs labels of X ::= label
	first  [][]pairRule // label -> rules where it is the first RHS symbol
	second [][]pairRule // label -> rules where it is the second
	pair   map[uint64][]uint32
	// count[l] is set when l's symbol is reported.
	count []bool
	// keepIn[l] is set when l's in-lists are ever read: l is the first
	// symbol of some binary rule, or l's reverse -l is used. Only then are
	// in-lists kept.
	keepIn []bool
	// readOut[l] is set when l's out-halves take part in some rule: l is
	// unary or second in a rule, or its reverse -l is first. Out-halves of
	// other labels are only stored (for the result and for duplicate
	// checks): they go straight into the processed set, never queued.
	readOut []bool

	// For a nonterminal X whose reverse -X the grammar uses, the labels of
	// -X are virtual: never stored, read from X's lists on the other side.
	// virt[l'] is the base label of virtual l' (-1 otherwise); inv[l] is
	// the virtual reverse of base l (-1 otherwise).
	virt, inv  []int32
	hasVirtual bool
	revSym     map[int]int // nonterminal X -> symbol -X, and back
}

func (rs *rules) intern(l label) (uint32, bool) {
	if id, ok := rs.ids[l]; ok {
		return id, false
	}
	id := uint32(len(rs.labels))
	rs.labels = append(rs.labels, l)
	rs.ids[l] = id
	for len(rs.bySym) <= l.sym {
		rs.bySym = append(rs.bySym, nil)
	}
	rs.bySym[l.sym] = append(rs.bySym[l.sym], id)
	rs.unary = append(rs.unary, nil)
	rs.first = append(rs.first, nil)
	rs.second = append(rs.second, nil)
	rs.virt = append(rs.virt, -1)
	rs.inv = append(rs.inv, -1)
	return id, true
}

// internPaired interns l and, when l's symbol is a nonterminal used
// reversed (or is such a reverse), its partner, linking the two.
func (rs *rules) internPaired(l label, work *[]uint32) uint32 {
	id, isNew := rs.intern(l)
	if !isNew {
		return id
	}
	*work = append(*work, id)
	if other, ok := rs.revSym[l.sym]; ok {
		oid, oNew := rs.intern(label{other, l.idx})
		if oNew {
			*work = append(*work, oid)
		}
		base, vir := id, oid
		if _, isRev := rs.g.ReversedNonterminal(l.sym); isRev {
			base, vir = oid, id
		}
		rs.virt[vir], rs.inv[base] = int32(base), int32(vir)
		rs.hasVirtual = true
	}
	return id
}

// lhsIndex is the index a rule's left-hand side takes: that of its indexed
// right-hand symbols (which must agree), or none. ok is false when two
// indexed right-hand labels disagree.
func (rs *rules) lhsIndex(lhs int, rhs ...label) (uint32, bool) {
	idx := graph.NoIndex
	for _, l := range rhs {
		if l.idx == graph.NoIndex {
			continue
		}
		if idx != graph.NoIndex && idx != l.idx {
			return 0, false
		}
		idx = l.idx
	}
	if !rs.g.Symbols[lhs].Indexed {
		return graph.NoIndex, true
	}
	return idx, idx != graph.NoIndex
}

// newRules instantiates normalized grammar g over the seed labels (those of
// the input graph), closing the label set under the rules.
func newRules(g *grammar.Grammar, seeds []label) *rules {
	rs := &rules{g: g, ids: map[label]uint32{}, pair: map[uint64][]uint32{}, revSym: map[int]int{}}
	for s := range g.Symbols {
		if base, ok := g.ReversedNonterminal(s); ok {
			rs.revSym[base], rs.revSym[s] = s, base
		}
	}
	ix := g.Index()
	var work []uint32
	for _, l := range seeds {
		rs.internPaired(l, &work)
	}
	addPair := func(a, b uint32, lhs int) {
		la, lb := rs.labels[a], rs.labels[b]
		idx, ok := rs.lhsIndex(lhs, la, lb)
		if !ok {
			return
		}
		z := rs.internPaired(label{lhs, idx}, &work)
		key := uint64(a)<<32 | uint64(b)
		for _, x := range rs.pair[key] {
			if x == z {
				return
			}
		}
		rs.pair[key] = append(rs.pair[key], z)
		rs.first[a] = append(rs.first[a], pairRule{other: b, lhs: z})
		rs.second[b] = append(rs.second[b], pairRule{other: a, lhs: z})
	}
	// partners returns the labels of sym that can pair with l: with the
	// same index when both are indexed, else all of them.
	partners := func(sym int, l label) []uint32 {
		if sym >= len(rs.bySym) {
			return nil
		}
		if l.idx != graph.NoIndex && g.Symbols[sym].Indexed {
			if id, ok := rs.ids[label{sym, l.idx}]; ok {
				return []uint32{id}
			}
			return nil
		}
		return append([]uint32(nil), rs.bySym[sym]...)
	}
	for len(work) > 0 {
		id := work[len(work)-1]
		work = work[:len(work)-1]
		l := rs.labels[id]
		for _, ri := range ix.Unary[l.sym] {
			r := g.Rules[ri]
			idx, ok := rs.lhsIndex(r.LHS, l)
			if !ok {
				continue
			}
			z := rs.internPaired(label{r.LHS, idx}, &work)
			dup := false
			for _, x := range rs.unary[id] {
				dup = dup || x == z
			}
			if !dup {
				rs.unary[id] = append(rs.unary[id], z)
			}
		}
		for _, ri := range ix.First[l.sym] {
			r := g.Rules[ri]
			for _, b := range partners(r.RHS[1], l) {
				addPair(id, b, r.LHS)
			}
		}
		for _, ri := range ix.Second[l.sym] {
			r := g.Rules[ri]
			for _, a := range partners(r.RHS[0], l) {
				addPair(a, id, r.LHS)
			}
		}
	}
	rs.keepIn = make([]bool, len(rs.labels))
	for l := range rs.labels {
		rs.keepIn[l] = len(rs.first[l]) > 0
		if v := rs.inv[l]; v >= 0 {
			rs.keepIn[l] = rs.keepIn[l] || len(rs.second[v]) > 0 || len(rs.unary[v]) > 0
		}
	}
	rs.readOut = make([]bool, len(rs.labels))
	for l := range rs.labels {
		rs.readOut[l] = len(rs.unary[l]) > 0 || len(rs.second[l]) > 0
		if v := rs.inv[l]; v >= 0 {
			rs.readOut[l] = rs.readOut[l] || len(rs.first[v]) > 0
		}
	}
	rs.count = make([]bool, len(rs.labels))
	for _, s := range g.Count {
		if s < len(rs.bySym) {
			for _, id := range rs.bySym[s] {
				rs.count[id] = true
			}
		}
	}
	return rs
}

// lookupPair returns the lhs labels of rules "X ::= a b".
func (rs *rules) lookupPair(a, b uint32) []uint32 { return rs.pair[uint64(a)<<32|uint64(b)] }
