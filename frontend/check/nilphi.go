package check

import (
	"slices"

	"golang.org/x/tools/go/ssa"
)

// maxPhiDefs bounds the phi definitions one formula gets.
const maxPhiDefs = 16

// phiNil is the literal "phi is nil" in frame f, defined by the phi's
// edges where the phi is in the function of the use and its block is a
// merge, not a loop header (defined in callees' summaries too, they
// lost 18 of NilAway's want lines in errorreturn, not yet understood): the block
// is entered from one of its predecessors, under that predecessor's
// path conditions and branch, and then the phi is nil exactly when that
// edge's value is (var err error; if x == nil { err = fmt.Errorf(...) };
// if err != nil { continue }; x.f: x is not nil at x.f).
func (p *pathBuilder) phiNil(f frame, phi *ssa.Phi) int {
	k := atomKey{f: f.id, v: phi, idx: -1, isNil: true}
	if l, ok := p.atoms[k]; ok {
		return l
	}
	a := p.atom(k)
	blk := phi.Block()
	if phi.Parent() != p.sinkFn || p.phis >= maxPhiDefs || len(blk.Preds) > 8 || len(blk.Preds) != len(phi.Edges) {
		return a
	}
	for _, pred := range blk.Preds {
		if blk.Dominates(pred) {
			return a // a loop header: the edges' values are from other iterations
		}
	}
	p.phis++
	var some []int
	live := livePredList(blk) // not from a block that never completes
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
		n := p.nilLit(f, phi.Edges[j])
		p.c.add(always, -e, -a, n)
		p.c.add(always, -e, a, -n)
	}
	if len(some) > 0 {
		p.c.add(always, some...)
	}
	return a
}
