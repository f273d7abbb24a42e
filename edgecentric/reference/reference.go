// Package reference is a deliberately simple, sequential CFL-reachability
// solver: the textbook worklist algorithm, used only as the test oracle for
// package edgecentric. It shares no code with the engine beyond the grammar
// and graph types: it works on symbols and indices directly (no label
// instantiation), keeps ε rules, and materialises ε self-loops on every
// vertex. It is slow; do not use it for real work.
package reference

import (
	"fmt"

	"github.com/cflr/cflr/grammar"
	"github.com/cflr/cflr/graph"
)

// Edge is a closure edge: Sym is a grammar symbol id, Index a field or
// call-site number (graph.NoIndex for unindexed symbols).
type Edge struct {
	Src, Dst uint32
	Sym      int
	Index    uint32
}

// Solve returns every edge of the closure of g under gr, including the
// self-loops of symbols that derive ε. Symbol ids are those of
// gr.Binarize(), which extends gr's ids with fresh symbols.
func Solve(g *graph.Graph, gr *grammar.Grammar) (map[Edge]bool, *grammar.Grammar, error) {
	b, err := gr.Binarize()
	if err != nil {
		return nil, nil, err
	}
	have := map[Edge]bool{}
	outs := map[uint32][]Edge{}
	ins := map[uint32][]Edge{}
	var work []Edge
	// partner pairs a nonterminal X with -X: every edge of one is an edge
	// of the other reversed.
	partner := map[int]int{}
	for s := range b.Symbols {
		if base, ok := b.ReversedNonterminal(s); ok {
			partner[base], partner[s] = s, base
		}
	}
	var add func(e Edge)
	add = func(e Edge) {
		if have[e] {
			return
		}
		have[e] = true
		outs[e.Src] = append(outs[e.Src], e)
		ins[e.Dst] = append(ins[e.Dst], e)
		work = append(work, e)
		if p, ok := partner[e.Sym]; ok {
			add(Edge{e.Dst, e.Src, p, e.Index})
		}
	}
	inverse := map[int]bool{}
	for _, s := range b.Inverse {
		inverse[s] = true
	}
	for _, ge := range g.Edges {
		name := g.Labels[ge.Label]
		s, ok := b.Lookup(name)
		if !ok {
			continue
		}
		add(Edge{ge.Src, ge.Dst, s, ge.Index})
		if inverse[s] {
			if is, ok := b.Lookup(grammar.InverseName(name)); ok {
				add(Edge{ge.Dst, ge.Src, is, ge.Index})
			}
		}
	}
	for _, r := range b.Rules {
		if len(r.RHS) == 0 {
			if b.Symbols[r.LHS].Indexed {
				return nil, nil, fmt.Errorf("reference: indexed symbol %s derives ε", b.Name(r.LHS))
			}
			for v := range g.NumVertices {
				add(Edge{v, v, r.LHS, graph.NoIndex})
			}
		}
	}
	// index returns the index of a rule's left-hand side, or false when
	// the right-hand edges' indices disagree.
	index := func(lhs int, rhs ...Edge) (uint32, bool) {
		idx := graph.NoIndex
		for _, e := range rhs {
			if !b.Symbols[e.Sym].Indexed {
				continue
			}
			if idx != graph.NoIndex && idx != e.Index {
				return 0, false
			}
			idx = e.Index
		}
		if !b.Symbols[lhs].Indexed {
			return graph.NoIndex, true
		}
		return idx, idx != graph.NoIndex
	}
	for len(work) > 0 {
		e := work[len(work)-1]
		work = work[:len(work)-1]
		for _, r := range b.Rules {
			switch len(r.RHS) {
			case 1:
				if r.RHS[0] == e.Sym {
					if idx, ok := index(r.LHS, e); ok {
						add(Edge{e.Src, e.Dst, r.LHS, idx})
					}
				}
			case 2:
				if r.RHS[0] == e.Sym {
					for _, f := range outs[e.Dst] {
						if f.Sym == r.RHS[1] {
							if idx, ok := index(r.LHS, e, f); ok {
								add(Edge{e.Src, f.Dst, r.LHS, idx})
							}
						}
					}
				}
				if r.RHS[1] == e.Sym {
					for _, f := range ins[e.Src] {
						if f.Sym == r.RHS[0] {
							if idx, ok := index(r.LHS, f, e); ok {
								add(Edge{f.Src, e.Dst, r.LHS, idx})
							}
						}
					}
				}
			}
		}
	}
	return have, b, nil
}
