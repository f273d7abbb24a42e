package edgecentric

import (
	"context"
	"sort"
)

// side says which endpoint's list an edge half lives in.
type side uint8

const (
	out side = iota // edge (v, nbr): stored at v, the source
	in              // edge (nbr, v): stored at v, the destination
)

// entry is one vertex's neighbours under one label, on one side. all holds
// every edge seen; pending holds those not yet processed (all ⊇ pending).
// A rule joins a new edge only with the other side's processed edges
// (all \ pending), so each pair of edges is joined exactly once: by
// whichever of the two is processed second.
type entry struct {
	label   uint32
	all     vset
	pending vset
	queued  bool
}

// adjList is a vertex's labeled adjacency on one side: entries sorted by
// label. Vertices carry few labels, so a sorted slice beats a map.
type adjList struct{ ents []*entry }

func (a *adjList) find(l uint32) int {
	ents := a.ents
	if len(ents) <= 8 {
		for i, e := range ents {
			if e.label >= l {
				return i
			}
		}
		return len(ents)
	}
	return sort.Search(len(ents), func(i int) bool { return ents[i].label >= l })
}

func (a *adjList) get(l uint32) *entry {
	i := a.find(l)
	if i < len(a.ents) && a.ents[i].label == l {
		return a.ents[i]
	}
	return nil
}

func (a *adjList) getOrCreate(l uint32, k setKind) *entry {
	i := a.find(l)
	if i < len(a.ents) && a.ents[i].label == l {
		return a.ents[i]
	}
	e := &entry{label: l, all: k.make()}
	a.ents = append(a.ents, nil)
	copy(a.ents[i+1:], a.ents[i:])
	a.ents[i] = e
	return e
}

// work is a queued entry with pending edges.
type work struct {
	v uint32
	s side
	e *entry
}

// message is an edge half (or, with set non-nil, a set of halves sharing
// vertex, label and side) bound for the partition owning v.
type message struct {
	v, label, nbr uint32
	s             side
	set           vset
}

// partition owns the vertices [lo, hi): their in- and out-lists, its
// worklist, and its row of the 3D worklist, send[q] (possibleNextEdges[p][q]:
// halves found here for partition q, not yet checked for duplicates, since
// only q may read q's lists). A partition never writes another's data, so
// partitions run without locks.
//
// A partition is processed by Process, which is all the engine needs to
// solve from memory; the out-of-core solver calls the same method on a
// partition loaded from its store.
type partition struct {
	id     int
	lo, hi uint32
	adj    [2][]adjList
	queue  []work
	send   [][]message // filled in this phase
	sent   [][]message // frozen: read by the other partitions in phase 2

	eng *engine

	derived      int64
	applications int64
}

func (p *partition) list(v uint32, s side) *adjList { return &p.adj[s][v-p.lo] }

func (p *partition) owns(v uint32) bool { return v >= p.lo && v < p.hi }

// enqueue marks an entry as having pending edges.
func (p *partition) enqueue(v uint32, s side, e *entry) {
	if !e.queued {
		e.queued = true
		p.queue = append(p.queue, work{v, s, e})
	}
}

// applySingle inserts one edge half, dropping duplicates.
func (p *partition) applySingle(v, l uint32, s side, nbr uint32) {
	e := p.list(v, s).getOrCreate(l, p.eng.kind)
	if !e.all.Add(nbr) {
		return
	}
	if s == out {
		p.derived++
	}
	if e.pending == nil {
		e.pending = p.eng.kind.make()
	}
	e.pending.Add(nbr)
	p.enqueue(v, s, e)
}

// applySet inserts a set of halves (v, l, s, x) for x in set. The halves
// found new are the new edges; with other set, their other halves are sent
// to their owners (they cannot be duplicates there unless another
// derivation got there first, which the owner's own check catches).
func (p *partition) applySet(v, l uint32, s side, set vset, other bool) {
	e := p.list(v, s).getOrCreate(l, p.eng.kind)
	n := e.all.AddNew(set)
	if n == nil {
		return
	}
	if s == out {
		p.derived += int64(n.Len())
	}
	if e.pending == nil {
		e.pending = n
	} else {
		e.pending.Union(n)
	}
	p.enqueue(v, s, e)
	if other {
		n.ForEach(func(x uint32) { p.deliverSingle(x, l, 1-s, v) })
	}
}

func (p *partition) deliverSingle(v, l uint32, s side, nbr uint32) {
	if p.owns(v) {
		p.applySingle(v, l, s, nbr)
		return
	}
	q := p.eng.owner(v)
	p.send[q] = append(p.send[q], message{v: v, label: l, nbr: nbr, s: s})
}

// deliverEdge sends both halves of a derived edge (a, b, l).
func (p *partition) deliverEdge(a, b, l uint32) {
	p.deliverSingle(a, l, out, b)
	p.deliverSingle(b, l, in, a)
}

// snapshot hands a neighbour set to several deliveries: local ones may
// read the live set, remote ones need a frozen copy, made at most once.
type snapshot struct {
	live, frozen vset
}

func (sn *snapshot) forRemote() vset {
	if sn.frozen == nil {
		sn.frozen = sn.live.Clone()
	}
	return sn.frozen
}

func (p *partition) deliverSet(v, l uint32, s side, sn *snapshot) {
	if p.owns(v) {
		p.applySet(v, l, s, sn.live, true)
		return
	}
	q := p.eng.owner(v)
	p.send[q] = append(p.send[q], message{v: v, label: l, s: s, set: sn.forRemote()})
}

// processed is the part of e that has been processed: the edges a new edge
// may join with.
func processed(e *entry) vset {
	if e.pending == nil || e.pending.Len() == 0 {
		return e.all
	}
	return e.all.Minus(e.pending)
}

// Process runs phase 1 for this partition: it drains the worklist,
// processing each entry's pending edges against the rules, using edges it
// finds at once when they belong here (asynchronous inside the partition)
// and sending the rest to send[q]. It checks ctx every few hundred entries.
func (p *partition) Process(ctx context.Context) error {
	for n := 0; len(p.queue) > 0; n++ {
		if n&255 == 255 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		w := p.queue[len(p.queue)-1]
		p.queue = p.queue[:len(p.queue)-1]
		p.process(w)
	}
	return nil
}

func (p *partition) process(w work) {
	e := w.e
	P := e.pending
	e.pending, e.queued = nil, false
	if P == nil || P.Len() == 0 {
		return
	}
	v, l := w.v, e.label
	rs := p.eng.rules
	for _, z := range rs.unary[l] {
		// Both halves of the l edge are processed, each on its side,
		// so each derives its own half of the z edge: no messages.
		p.applySet(v, z, w.s, P, false)
	}
	other := p.list(v, 1-w.s)
	if len(other.ents) == 0 {
		return
	}
	if p.eng.opts.NoIndex {
		p.processUnindexed(v, l, w.s, P, other)
		return
	}
	// Rules in which l is second (for out-halves: new edges v→y join
	// in-edges u→v) or first (for in-halves: new u→v join v→w).
	byRule := rs.second[l]
	if w.s == in {
		byRule = rs.first[l]
	}
	join := func(c, z uint32, oe *entry) {
		U := processed(oe)
		if U.Len() == 0 {
			return
		}
		p.applications += int64(P.Len()) * int64(U.Len())
		if p.eng.bulk {
			sn := snapshot{live: U}
			if U != oe.all {
				sn.frozen = U
			}
			// new v→y with u→v gives u→y: y's in-list gains U.
			// new u→v with v→w gives u→w: u's out-list gains U.
			P.ForEach(func(y uint32) { p.deliverSet(y, z, 1-w.s, &sn) })
			return
		}
		P.ForEach(func(y uint32) {
			U.ForEach(func(u uint32) {
				if w.s == out {
					p.deliverEdge(u, y, z)
				} else {
					p.deliverEdge(y, u, z)
				}
			})
		})
	}
	if len(byRule) <= len(other.ents) {
		for _, r := range byRule {
			if oe := other.get(r.other); oe != nil {
				join(r.other, r.lhs, oe)
			}
		}
		return
	}
	for _, oe := range other.ents {
		var zs []uint32
		if w.s == out {
			zs = rs.lookupPair(oe.label, l)
		} else {
			zs = rs.lookupPair(l, oe.label)
		}
		for _, z := range zs {
			join(oe.label, z, oe)
		}
	}
}

// processUnindexed is the non-indexed scheme: every new edge visits every
// processed adjacent edge on the other side and asks the grammar whether
// the two labels combine.
func (p *partition) processUnindexed(v, l uint32, s side, P vset, other *adjList) {
	rs := p.eng.rules
	P.ForEach(func(y uint32) {
		for _, oe := range other.ents {
			oe.all.ForEach(func(u uint32) {
				if oe.pending != nil && oe.pending.Contains(u) {
					return
				}
				p.applications++
				if s == out {
					for _, z := range rs.lookupPair(oe.label, l) {
						p.deliverEdge(u, y, z)
					}
				} else {
					for _, z := range rs.lookupPair(l, oe.label) {
						p.deliverEdge(y, u, z)
					}
				}
			})
		}
	})
}

// Gather runs phase 2 for partition q: it applies every half the other
// partitions found for it (their frozen send[q]), dropping duplicates; the
// new ones become q's worklist for the next round.
func (p *partition) Gather(ctx context.Context, from []*partition) error {
	for _, src := range from {
		msgs := src.sent[p.id]
		for i, m := range msgs {
			if i&4095 == 4095 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			if m.set != nil {
				p.applySet(m.v, m.label, m.s, m.set, true)
			} else {
				p.applySingle(m.v, m.label, m.s, m.nbr)
			}
		}
	}
	return nil
}

// freeze makes this round's sends readable by their destinations and starts
// empty send buffers.
func (p *partition) freeze() {
	p.sent, p.send = p.send, p.sent
	for q := range p.send {
		clear(p.send[q]) // drop references to shipped sets
		p.send[q] = p.send[q][:0]
	}
}

func (p *partition) idle() bool {
	if len(p.queue) > 0 {
		return false
	}
	for _, m := range p.send {
		if len(m) > 0 {
			return false
		}
	}
	return true
}
