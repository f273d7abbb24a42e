package check

import (
	"slices"

	"golang.org/x/tools/go/ssa"
)

// maxPhiDefs bounds the phi definitions one formula gets. A long
// function names many phis in the conditions of its merges before the
// ones a witness turns on: pebble's excise (ingest.go, two iterators
// set together on one branch and tested together on the next) needs
// more than 16.
const maxPhiDefs = 32

// phiNil is the literal "phi is nil" in frame f, defined by the phi's
// edges (definePhi) where it may be: var err error; if x == nil { err =
// fmt.Errorf(...) }; if err != nil { continue }; x.f: x is not nil at x.f.
func (p *pathBuilder) phiNil(f frame, phi *ssa.Phi) int {
	k := atomKey{f: f.id, v: phi, idx: -1, isNil: true}
	if l, ok := p.atoms[k]; ok {
		p.reached(blockKey{f.id, phi.Block()})
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
// nilness, or its truth) is lit of the incoming value of the edge its
// block was entered by (edgeSels): a test of the phi is a test of the
// value the edge taken brought. A witness that passes the merge along
// one edge (phiEdge) binds the phis to that edge's values; this
// definition is what a test of the phi says where the witness does not
// pass through it: the phis of error results after two calls on
// exclusive branches (pebble's flush1: if kind != X { ve, err =
// runCompaction() }; if kind == X { ve, err = runIngestFlush() }; if err
// == nil { ve.NewFiles }).
//
// Phis are defined at merges that are not loop headers (there the edges'
// values are from other iterations), at most maxPhiDefs of them per
// formula.
func (p *pathBuilder) definePhi(f frame, phi *ssa.Phi, a int, lit func(ssa.Value) int) bool {
	blk := phi.Block()
	if p.phis >= maxPhiDefs || len(blk.Preds) > 8 || len(blk.Preds) != len(phi.Edges) {
		return false
	}
	for _, pred := range blk.Preds {
		if blk.Dominates(pred) {
			return false
		}
	}
	p.phis++
	sels := p.edgeSels(f, blk)
	reach := p.reach
	defer func() { p.reach = reach }()
	for j, e := range sels {
		if e == 0 {
			continue
		}
		p.reach = e // the edge's value is defined where its block is entered
		n := lit(phi.Edges[j])
		p.c.add(always, -e, -a, n)
		p.c.add(always, -e, a, -n)
	}
	return true
}

// blockKey names a block in a frame.
type blockKey struct {
	f   int
	blk *ssa.BasicBlock
}

// edgeSels are the selectors of the edges into block blk in frame f:
// sels[j] says blk was entered from blk.Preds[j] (0 for a predecessor
// that never completes), under that predecessor's path conditions and
// its branch into blk; one of them holds where blk is entered. Every phi
// of the block reads the same selectors: the phis of one merge take
// their values along one edge (which the branch conditions mostly say
// too), and one set of selectors serves however many of them are
// defined.
func (p *pathBuilder) edgeSels(f frame, blk *ssa.BasicBlock) []int {
	k := blockKey{f.id, blk}
	if sels, ok := p.sels[k]; ok {
		p.reached(k)
		return sels
	}
	if p.sels == nil {
		p.sels = map[blockKey][]int{}
	}
	sels := make([]int, len(blk.Preds))
	p.sels[k] = sels // (filled below; a value on the way names it as unknown)
	reach := p.reach
	defer func() { p.reach = reach }()
	var some []int
	live := livePredList(blk)
	for j, pred := range blk.Preds {
		if !slices.Contains(live, pred) {
			continue
		}
		e := p.c.newVar()
		p.pathCondsIf(always, f, pred, e)
		p.reach = e
		if l, ok := p.edgeCond(f, pred, blk); ok {
			p.c.add(always, -e, l)
		}
		p.reach = reach
		sels[j] = e
		some = append(some, e)
	}
	p.enter(k, some)
	return sels
}

// A definition of a phi by its edges (or of a call by its callee's
// returns, summarize) ends in a disjunction: the block was entered by
// one of its edges (the call returned by one of its returns), each
// bringing its own path conditions. That holds only where the block is
// entered. A phi of a block off the witness's path can be named, as the
// value of another phi's edge or in the conditions of a merge's other
// predecessor; asserting that its block was entered would assert that
// block's conditions, and refute real witnesses (NilAway's receivers.go,
// and 16 of its errorreturn want lines, when phis of callees were
// defined with the disjunction unguarded):
//
//	var s *S
//	if s != nil { if c { s = nil }; … }  // a phi here, never entered
//	s.m()                                // the nil from var s: real
//
// So each disjunction is guarded by the literal that says its block is
// entered (pathBuilder.reach: the selector of the edge or merge
// predecessor whose value or condition named it; none on the witness's
// own path), and added again under each new literal it is named under.

// entered is a definition's disjunction and the guards it was added
// under.
type entered struct {
	some   []int
	guards map[int]bool
}

// enter records disjunction some for the definition named key (a
// blockKey, a summaryKey), and adds it under the current guard.
func (p *pathBuilder) enter(key any, some []int) {
	if p.defs == nil {
		p.defs = map[any]*entered{}
	}
	p.defs[key] = &entered{some: some, guards: map[int]bool{}}
	p.reached(key)
}

// reached adds the disjunction of the definition named key (if any)
// under the current guard, unless it holds already.
func (p *pathBuilder) reached(key any) {
	d := p.defs[key]
	if d == nil || d.guards[0] || d.guards[p.reach] {
		return
	}
	d.guards[p.reach] = true
	lits := d.some
	if p.reach != 0 {
		lits = append([]int{-p.reach}, lits...)
	}
	p.c.add(always, lits...)
}
