package frontend

import (
	"encoding/binary"
	"slices"

	"github.com/cflr/cflr/frontend/internal/scc"
	"github.com/cflr/cflr/graph"
)

// mergeEquivalent merges the variables whose points-to sets are equal by
// construction, before solving (offline variable substitution, in the
// manner of Rountev and Chandra's and Hardekopf and Lin's hash-based value
// numbering), and returns the representative of every vertex.
//
// Under pointsto.cfg, what a variable v may point to (FT(·, v)) is decided
// by its defining edges alone: the new, assign, load, load_i and fa_i
// edges into v (a store edge into v is a use of v as a base, not a
// definition). So two variables with the same defining edges (same label,
// index and source representative) point to the same objects, and a
// variable whose only definition is assign from u points to what u points
// to. Such a class becomes one vertex: the edges of its members are moved
// to the representative, which makes the solve's relations smaller without
// changing any points-to set (queries read a merged vertex's set from its
// representative). Objects and sub-objects are never merged: they are the
// answers. Merging runs until no class changes (each round can equate the
// definitions of further variables).
//
// Variables on a cycle of assign edges are merged too (offline cycle
// elimination): FT ::= FT assign carries every object of one member to all
// the others, so their sets are equal, but their definitions are not, and
// the rounds above see no reason to merge them. Left apart, each member of
// such a cycle holds its own copy of one set and the solve derives it
// around the cycle again whenever the set grows: on mailpit (whole
// program), 3,378 variables on assign cycles held 2.1 million of its 6.7
// million points-to facts (bench/perf-2026-12-07). A merged cycle's
// definitions are those of all its members, so after a cycle is merged the
// definitions are regrouped by class and the rounds resume.
//
// The context-sensitive grammar is not merged: there the points-to
// relation also depends on which calls a path has entered.
func (g *Graph) mergeEquivalent() []uint32 {
	n := g.NumVertices
	rep := make([]uint32, n)
	for v := range rep {
		rep[v] = uint32(v)
	}
	find := func(x uint32) uint32 {
		for rep[x] != x {
			rep[x] = rep[rep[x]]
			x = rep[x]
		}
		return x
	}
	defining := make([]bool, len(g.Labels))
	for _, l := range []string{lNew, lAssign, lLoad, lLoadI, lFA} {
		if id, ok := g.LookupLabel(l); ok {
			defining[id] = true
		}
	}
	assign, _ := g.LookupLabel(lAssign)
	// Read every round: kept apart from the 88-byte nodes.
	isVar := make([]bool, n)
	for v := range isVar {
		switch g.Nodes[v].Kind {
		case KindObject, KindSubObject, KindSpecial:
		default:
			isVar[v] = true
		}
	}
	// Defining edges grouped by the class of their destination (CSR):
	// fixed across rounds, regrouped after cycles are merged.
	off := make([]uint32, n+1)
	var in []graph.Edge
	group := func() {
		clear(off)
		for _, e := range g.Edges {
			if defining[e.Label] {
				off[find(e.Dst)+1]++
			}
		}
		for v := uint32(0); v < n; v++ {
			off[v+1] += off[v]
		}
		if in == nil {
			in = make([]graph.Edge, off[n])
		}
		fill := slices.Clone(off[:n])
		for _, e := range g.Edges {
			if defining[e.Label] {
				d := find(e.Dst)
				in[fill[d]] = e
				fill[d]++
			}
		}
	}
	// Cycles first: merged before the rounds, they cost the rounds
	// nothing (merged after, they made mailpit's rounds 16 instead of 10).
	cycles := newCycleFinder(n)
	group()
	if cycles.merge(n, off, in, assign, isVar, rep, find) {
		group()
	}
	type def struct{ label, index, src uint32 }
	// Most variables have one or two definitions: their signatures are
	// map keys as they are; longer ones are encoded as strings. (String
	// keys for all cost an allocation and a string hash each.)
	type shortSig struct {
		n uint32
		d [2]def
	}
	short := map[shortSig]uint32{}
	long := map[string]uint32{}
	var sig []def
	var key []byte
	for {
		changed := false
		clear(short) // keeps the room of the previous round
		clear(long)
		for v := uint32(0); v < n; v++ {
			if rep[v] != v || !isVar[v] {
				continue
			}
			sig = sig[:0]
			for _, e := range in[off[v]:off[v+1]] {
				d := def{e.Label, e.Index, find(e.Src)}
				if d.label == assign && d.src == v {
					continue // a copy to itself defines nothing
				}
				sig = append(sig, d)
			}
			// Definitions of merged members count once each.
			slices.SortFunc(sig, func(a, b def) int {
				if a.label != b.label {
					return int(a.label) - int(b.label)
				}
				if a.index != b.index {
					return int(a.index) - int(b.index)
				}
				return int(a.src) - int(b.src)
			})
			sig = slices.Compact(sig)
			if len(sig) == 1 && sig[0].label == assign && isVar[sig[0].src] {
				rep[v] = sig[0].src // v := u and nothing else: v is u
				changed = true
				continue
			}
			if len(sig) <= 2 {
				k := shortSig{n: uint32(len(sig))}
				copy(k.d[:], sig)
				if r, ok := short[k]; ok {
					rep[v] = r
					changed = true
				} else {
					short[k] = v
				}
				continue
			}
			key = key[:0]
			for _, d := range sig {
				key = binary.AppendUvarint(key, uint64(d.label))
				key = binary.AppendUvarint(key, uint64(d.index))
				key = binary.AppendUvarint(key, uint64(d.src))
			}
			if r, ok := long[string(key)]; ok {
				rep[v] = r
				changed = true
			} else {
				long[string(key)] = v
			}
		}
		if changed {
			continue
		}
		// No class changes: merge the variables on assign cycles, and
		// go on while that merges any.
		if !cycles.merge(n, off, in, assign, isVar, rep, find) {
			break
		}
		group()
	}
	// Move every edge to the representatives; drop self-copies and
	// duplicates. The order stays deterministic (sorted).
	out := g.Edges[:0]
	for _, e := range g.Edges {
		e.Src, e.Dst = find(e.Src), find(e.Dst)
		if e.Label == assign && e.Src == e.Dst {
			continue
		}
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b graph.Edge) int {
		switch {
		case a.Src != b.Src:
			return int(a.Src) - int(b.Src)
		case a.Dst != b.Dst:
			return int(a.Dst) - int(b.Dst)
		case a.Label != b.Label:
			return int(a.Label) - int(b.Label)
		}
		return int(a.Index) - int(b.Index)
	})
	g.Edges = slices.Compact(out)
	for v := range rep {
		rep[v] = find(uint32(v))
	}
	return rep
}

// cycleFinder finds the cycles of assign edges between variables' classes
// (their strongly connected components) and merges each into its
// smallest member. Its slices are kept across calls.
type cycleFinder struct {
	succOff, succ []uint32
	scc           scc.Finder
}

func newCycleFinder(n uint32) *cycleFinder {
	return &cycleFinder{succOff: make([]uint32, n+1)}
}

// merge merges every cycle of assign edges among the current classes
// (rep[v] == v) of variables, given the defining edges grouped by class
// (off, in), and reports whether it merged any.
func (c *cycleFinder) merge(n uint32, off []uint32, in []graph.Edge, assign uint32, isVar []bool, rep []uint32, find func(uint32) uint32) bool {
	// Successors of each class along assign edges, as a CSR: one walk
	// of the edges counts them, a second fills them in.
	eachAssign := func(f func(s, v uint32)) {
		for v := uint32(0); v < n; v++ {
			if rep[v] != v || !isVar[v] {
				continue
			}
			for _, e := range in[off[v]:off[v+1]] {
				if e.Label == assign {
					if s := find(e.Src); s != v && isVar[s] {
						f(s, v)
					}
				}
			}
		}
	}
	clear(c.succOff)
	eachAssign(func(s, _ uint32) { c.succOff[s+1]++ })
	for v := uint32(0); v < n; v++ {
		c.succOff[v+1] += c.succOff[v]
	}
	c.succ = slices.Grow(c.succ[:0], int(c.succOff[n]))[:c.succOff[n]]
	fill := slices.Clone(c.succOff[:n])
	eachAssign(func(s, v uint32) {
		c.succ[fill[s]] = v
		fill[s]++
	})
	merged := false
	succ := func(v uint32, i int) (uint32, bool) {
		if j := c.succOff[v] + uint32(i); j < c.succOff[v+1] {
			return c.succ[j], true
		}
		return 0, false
	}
	// A component of more than one class becomes its smallest member.
	comp := func(comp []uint32) {
		r := slices.Min(comp)
		for _, w := range comp {
			if w != r {
				rep[w] = r
				merged = true
			}
		}
	}
	c.scc.Reset(int(n))
	for root := uint32(0); root < n; root++ {
		if rep[root] != root || !isVar[root] || c.succOff[root] == c.succOff[root+1] {
			continue
		}
		c.scc.From(root, succ, comp)
	}
	return merged
}
