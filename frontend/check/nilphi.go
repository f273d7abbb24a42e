package check

import (
	"slices"

	"golang.org/x/tools/go/ssa"
)

// maxPhiDefs bounds the phi definitions one formula gets.
const maxPhiDefs = 16

// phiNil is the literal "phi is nil" in frame f, defined by the phi's
// edges (definePhi) where it may be: var err error; if x == nil { err =
// fmt.Errorf(...) }; if err != nil { continue }; x.f: x is not nil at x.f.
func (p *pathBuilder) phiNil(f frame, phi *ssa.Phi) int {
	k := atomKey{f: f.id, v: phi, idx: -1, isNil: true}
	if l, ok := p.atoms[k]; ok {
		return l
	}
	a := p.atom(k)
	p.definePhi(f, phi, a, func(v ssa.Value) int { return p.nilLit(f, v) })
	return a
}

// phiBool defines z, the literal "boolean phi is true" in frame f, by the
// phi's edges (definePhi), and reports whether it could: a comma-ok
// merged with another bool before it is tested (good := ok; if strict {
// good = ok && valid(t) }; if !good { return }) is true only where one of
// the edges' values is, each under its own predecessor's conditions.
func (p *pathBuilder) phiBool(f frame, phi *ssa.Phi, z, depth int) bool {
	return p.definePhi(f, phi, z, func(v ssa.Value) int { return p.condLitDepth(f, v, depth+1) })
}

// definePhi adds, as definitions, that literal a of phi in frame f (its
// nilness, or its truth) is lit of the incoming value of the edge the
// block was entered by: the block is entered from one of its
// predecessors (not one that never completes), under that predecessor's
// path conditions and its branch into the block, and then a is that
// edge's lit. A witness that passes the merge along one edge (phiEdge)
// binds the phis to that edge's values; this definition is what a test
// of the phi says where the witness does not pass through it: the phis
// of error results after two calls on exclusive branches (pebble's
// flush1: if kind != X { ve, err = runCompaction() }; if kind == X { ve,
// err = runIngestFlush() }; if err == nil { ve.NewFiles }).
//
// Phis are defined only in the use's function, where the witness ends
// and its conditions are known up to the use (defined in callees'
// summaries too, they lost 18 of NilAway's want lines in errorreturn,
// not yet understood), at merges that are not loop headers (there the
// edges' values are from other iterations), and at most maxPhiDefs of
// them per formula.
func (p *pathBuilder) definePhi(f frame, phi *ssa.Phi, a int, lit func(ssa.Value) int) bool {
	blk := phi.Block()
	if phi.Parent() != p.sinkFn || p.phis >= maxPhiDefs || len(blk.Preds) > 8 || len(blk.Preds) != len(phi.Edges) {
		return false
	}
	for _, pred := range blk.Preds {
		if blk.Dominates(pred) {
			return false
		}
	}
	p.phis++
	var some []int
	live := livePredList(blk)
	for j, pred := range blk.Preds {
		if !slices.Contains(live, pred) {
			continue
		}
		e := p.c.newVar()
		some = append(some, e)
		p.pathCondsIf(always, f, pred, e)
		if l, ok := p.edgeCond(f, pred, blk); ok {
			p.c.add(always, -e, l)
		}
		n := lit(phi.Edges[j])
		p.c.add(always, -e, -a, n)
		p.c.add(always, -e, a, -n)
	}
	if len(some) > 0 {
		p.c.add(always, some...)
	}
	return true
}
