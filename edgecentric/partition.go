package edgecentric

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"
)

// side says which endpoint's list an edge half lives in.
type side uint8

const (
	out side = iota // edge (v, nbr): stored at v, the source
	in              // edge (nbr, v): stored at v, the destination
)

// entry is one vertex's neighbours under one label, on one side. all holds
// the edges already processed; pend those found but not yet processed
// (disjoint from all). A new edge joins only with the other side's
// processed edges, so each pair of edges is joined exactly once: by
// whichever of the two is processed second. Because all changes only when
// its own entry is processed (in phase 1), phase 2 may read any partition's
// all sets without locks.
type entry struct {
	label  uint32
	all    vset
	pend   vset
	queued bool
	// fresh tracks what a loaded entry gained (see fragments.go).
	fresh int32
}

// adjList is a vertex's labeled adjacency on one side: slots sorted by
// label. Vertices carry few labels, so a sorted slice beats a map; it is
// one slice header per vertex and side, since there are millions. Each
// slot repeats its entry's label, so that finding a label scans one
// contiguous array instead of dereferencing every entry.
type adjList struct {
	ents []slot
}

type slot struct {
	label uint32
	e     *entry
}

func (a *adjList) find(l uint32) int {
	ents := a.ents
	if len(ents) <= 8 {
		for i := range ents {
			if ents[i].label >= l {
				return i
			}
		}
		return len(ents)
	}
	lo, hi := 0, len(ents)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if ents[m].label < l {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

func (a *adjList) get(l uint32) *entry {
	i := a.find(l)
	if i < len(a.ents) && a.ents[i].label == l {
		return a.ents[i].e
	}
	return nil
}

func (a *adjList) getOrCreate(l uint32, k setKind) *entry {
	i := a.find(l)
	if i < len(a.ents) && a.ents[i].label == l {
		return a.ents[i].e
	}
	e := k.newEntry(l)
	a.ents = slices.Insert(a.ents, i, slot{l, e})
	return e
}

// work is a queued entry with pending edges.
type work struct {
	v uint32
	s side
	e *entry
}

// half is an edge half bound for the partition owning v: the edge
// (v, nbr) for side out, (nbr, v) for side in. The side rides in the top
// bit of the label (labels stay below 2^31), keeping a half at 12 bytes:
// halves are the bulk of the traffic between partitions.
type half struct {
	v, label, nbr uint32
}

// halfSet is the halves (v, x) (or (x, v)) for every x in set, sharing
// vertex, label and side.
type halfSet struct {
	v, label uint32
	set      vset
}

const sideBit = 1 << 31

func packSide(l uint32, s side) uint32 { return l | uint32(s)<<31 }

func unpackSide(l uint32) (uint32, side) { return l &^ sideBit, side(l >> 31) }

// outbox is one partition's messages for one other partition.
type outbox struct {
	halves []half
	sets   []halfSet
}

func (b *outbox) reset() {
	clear(b.sets) // drop references to shipped sets
	b.halves, b.sets = b.halves[:0], b.sets[:0]
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
	send   []outbox // filled in this phase
	sent   []outbox // frozen: read by the other partitions in phase 2

	eng     *engine
	scratch []slot
	// found, pbuf, ubuf and tbuf are reusable buffers for the hot loops.
	found, pbuf, ubuf, tbuf []uint32
	// free holds processed pending sets that nothing else references,
	// for reuse: pending sets are made and dropped by the million.
	free []vset
	// shipped records that the entry being processed sent its pending set
	// to another partition (so the set may not be reused).
	shipped bool

	derived      int64
	applications int64

	// loaded, when non-nil (lazily loaded partitions), has a bit per
	// vertex whose stored sets have been fetched; err is the first fetch
	// error.
	loaded []uint64
	err    error

	// dirty, when non-nil (out-of-core solves), has a bit per vertex of
	// the partition whose processed sets changed since it was last
	// cleared: only those vertices are written back to the store.
	dirty []uint64
	// gains and frags serve records stored in fragments (fragments.go):
	// what loaded entries gained, and the fragments each vertex's record
	// had.
	gains []vset
	frags []uint8

	// Partitions run on different threads and their hot fields (counters,
	// queue and buffer headers) are written constantly: keep two
	// partitions' fields off a shared cache line.
	_ [128]byte
}

func (p *partition) list(v uint32, s side) *adjList {
	i := v - p.lo
	if p.loaded != nil && p.loaded[i>>6]&(1<<(i&63)) == 0 {
		p.fault(v)
	}
	return &p.adj[s][i]
}

// fault loads vertex v's stored sets on first use (out-of-core solves that
// load partitions lazily). A fetch or decoding error is kept in p.err,
// which Process and Gather return at their next check; until then v reads
// as empty, and nothing is committed.
func (p *partition) fault(v uint32) {
	i := v - p.lo
	p.loaded[i>>6] |= 1 << (i & 63)
	rec, err := p.eng.fetch(v)
	if err == nil && rec != nil {
		err = p.loadRecord(v, rec)
	}
	if err != nil && p.err == nil {
		p.err = fmt.Errorf("vertex %d: %w", v, err)
	}
}

func (p *partition) owns(v uint32) bool { return v >= p.lo && v < p.hi }

// newSet returns an empty set, reusing a freed one when it can.
func (p *partition) newSet() vset {
	if n := len(p.free); n > 0 {
		s := p.free[n-1]
		p.free = p.free[:n-1]
		return s
	}
	return p.eng.kind.make()
}

// enqueue marks an entry as having pending edges.
func (p *partition) enqueue(v uint32, s side, e *entry) {
	if !e.queued {
		e.queued = true
		p.queue = append(p.queue, work{v, s, e})
	}
}

// discoverOne records one edge half found, dropping duplicates.
func (p *partition) discoverOne(v, l uint32, s side, nbr uint32) {
	e := p.list(v, s).getOrCreate(l, p.eng.kind)
	if s == out && !p.eng.rules.readOut[l] {
		// No rule reads it: it is processed as soon as it is stored.
		if e.all.Add(nbr) {
			p.derived++
			p.markDirty(v)
			p.gainedOne(e, nbr)
		}
		return
	}
	if e.all.Contains(nbr) {
		return
	}
	if e.pend == nil {
		e.pend = p.newSet()
	}
	if e.pend.Add(nbr) {
		if s == out || p.eng.deferOut[l] {
			p.derived++
		}
		p.enqueue(v, s, e)
	}
}

// markDirty notes that v's processed sets changed (out-of-core solves).
func (p *partition) markDirty(v uint32) {
	if p.dirty != nil {
		i := v - p.lo
		p.dirty[i>>6] |= 1 << (i & 63)
	}
}

// discoverSet records the halves (v, l, s, x) for every x in set, dropping
// duplicates with set operations. The out-half is each edge's master copy:
// new out-halves send their in-halves (when label l keeps in-lists), and new
// in-halves send their out-halves, to the owners, who drop them if another
// derivation got there first.
func (p *partition) discoverSet(v, l uint32, s side, set vset) {
	if s == out && p.eng.deferOut[l] {
		// l's out-lists are built after the solve: record the in-halves.
		// (Joins pick the in-side for such labels; this covers unary
		// rules.)
		p.tbuf = set.AppendTo(p.tbuf[:0])
		for _, x := range p.tbuf {
			p.deliverOne(x, l, in, v)
		}
		return
	}
	e := p.list(v, s).getOrCreate(l, p.eng.kind)
	if s == out && !p.eng.rules.readOut[l] {
		// No rule reads these halves: straight into the processed set.
		p.found = e.all.Discover(set, nil, p.found[:0])
		if len(p.found) > 0 {
			p.markDirty(v)
			p.gainedList(e, p.found)
		}
	} else {
		if e.pend == nil {
			e.pend = p.newSet()
		}
		p.found = e.pend.Discover(set, e.all, p.found[:0])
		if len(p.found) > 0 {
			p.enqueue(v, s, e)
		}
	}
	if len(p.found) == 0 {
		return
	}
	if s == out || p.eng.deferOut[l] {
		p.derived += int64(len(p.found))
	}
	// The new halves' other halves go to their owners. deliverOne never
	// re-enters discoverSet, so p.found stays intact while we loop.
	switch {
	case s == in && p.eng.deferOut[l]:
		// The out-halves are built after the solve.
	case s == in:
		for _, x := range p.found {
			p.deliverOne(x, l, out, v)
		}
	case p.eng.rules.keepIn[l]:
		for _, x := range p.found {
			p.deliverOne(x, l, in, v)
		}
	}
}

func (p *partition) deliverOne(v, l uint32, s side, nbr uint32) {
	if s == out && p.eng.deferOut[l] {
		return // built from the in-halves after the solve
	}
	if p.owns(v) {
		p.discoverOne(v, l, s, nbr)
		return
	}
	q := p.eng.owner(v)
	p.send[q].halves = append(p.send[q].halves, half{v, packSide(l, s), nbr})
}

// deliverEdge sends the halves of a derived edge (a, b, l) to their owners.
func (p *partition) deliverEdge(a, b, l uint32) {
	p.deliverOne(a, l, out, b)
	if p.eng.rules.keepIn[l] {
		p.deliverOne(b, l, in, a)
	}
}

// deliverSet sends the halves (v, l, s, x), x in set, to v's owner. set is
// some entry's processed set: it may grow before a remote owner reads it in
// phase 2, which only adds valid derivations, and it does not change during
// phase 2, so no copy is needed.
func (p *partition) deliverSet(v, l uint32, s side, set vset) {
	if p.owns(v) {
		p.discoverSet(v, l, s, set)
		return
	}
	q := p.eng.owner(v)
	p.send[q].sets = append(p.send[q].sets, halfSet{v, packSide(l, s), set})
}

// Process runs phase 1 for this partition: it drains the worklist,
// processing each entry's pending edges against the rules, using edges it
// finds at once when they belong here (asynchronous inside the partition)
// and sending the rest to send[q]. It checks ctx every few hundred entries.
func (p *partition) Process(ctx context.Context) error {
	// Process in waves: the entries queued now, then those they queued.
	// Waiting lets an entry's pending edges pile up, so it is processed
	// fewer times with larger batches (better set operations, fewer
	// joins) than depth-first order would.
	var wave []work
	for n := 0; len(p.queue) > 0; {
		wave, p.queue = p.queue, wave[:0]
		for _, w := range wave {
			if n++; n&255 == 255 {
				if err := ctx.Err(); err != nil {
					return err
				}
				if err := p.maybeSpill(); err != nil {
					return err
				}
			}
			p.process(w)
		}
	}
	return nil
}

func (p *partition) process(w work) {
	e := w.e
	P := e.pend
	e.pend, e.queued = nil, false
	if P == nil || P.Len() == 0 {
		return
	}
	unionDisjoint(e.all, P) // pending and processed sets are disjoint
	p.markDirty(w.v)
	p.gained(e, P)
	p.pbuf = P.AppendTo(p.pbuf[:0])
	p.shipped = false
	p.role(w.v, e.label, w.s, P)
	if vl := p.eng.rules.inv[e.label]; vl >= 0 {
		// An X half is also a -X half on the other side.
		p.role(w.v, uint32(vl), 1-w.s, P)
	}
	// P may be reused unless a message to another partition holds it;
	// small sets only, so that the free list stays small.
	if !p.shipped && P.Len() <= smallMax && len(p.free) < 256 {
		p.eng.kind.reset(P)
		p.free = append(p.free, P)
	}
}

// view is the processed set of label l on side s at v, or nil. For a
// virtual label -X it is X's set on the other side.
func (p *partition) view(v, l uint32, s side) vset {
	if b := p.eng.rules.virt[l]; b >= 0 {
		l, s = uint32(b), 1-s
	}
	if e := p.list(v, s).get(l); e != nil {
		return e.all
	}
	return nil
}

// role applies the rules for new halves (v, l, s, x), x in P (elements in
// p.pbuf): unary rules on out-halves, then the binary rules in which l is
// second (out-halves: new v→y join in-edges u→v) or first (in-halves: new
// u→v join v→w).
func (p *partition) role(v, l uint32, s side, P vset) {
	rs := p.eng.rules
	if s == out {
		// Unary rules run on the out-half only; it sends the in-halves.
		for _, z := range rs.unary[l] {
			p.discoverSet(v, z, out, P)
		}
	}
	if p.eng.opts.NoIndex {
		p.processUnindexed(v, l, s)
		return
	}
	byRule := rs.second[l]
	if s == in {
		byRule = rs.first[l]
	}
	if len(byRule) == 0 {
		return
	}
	other := p.list(v, 1-s)
	// The other side's labels at v: its real entries, and the virtual
	// reverses -X of this side's entries X. Iterate whichever is shorter,
	// the rules or those labels.
	same := p.list(v, s)
	nlabels := len(other.ents)
	if rs.hasVirtual {
		nlabels += len(same.ents)
	}
	if len(byRule) <= nlabels && !p.eng.opts.labelScan {
		for _, r := range byRule {
			if U := p.view(v, r.other, 1-s); U != nil {
				p.join(r.lhs, s, P, U)
			}
		}
		return
	}
	// Joins may add entries to these very lists (a derived edge can start
	// or end at v), which shifts their entries: iterate over copies.
	p.scratch = append(p.scratch[:0], other.ents...)
	n := len(p.scratch)
	if rs.hasVirtual {
		p.scratch = append(p.scratch, same.ents...)
	}
	for i, oe := range p.scratch {
		ol := oe.label
		if i >= n {
			vl := rs.inv[ol]
			if vl < 0 {
				continue
			}
			ol = uint32(vl) // -X on the other side, read from X here
		}
		var zs []uint32
		if s == out {
			zs = rs.lookupPair(ol, l)
		} else {
			zs = rs.lookupPair(l, ol)
		}
		for _, z := range zs {
			p.join(z, s, P, oe.e.all)
		}
	}
}

// join derives the z edges from new halves P (elements in p.pbuf) on side s
// and the processed edges U on the other side.
func (p *partition) join(z uint32, s side, P, U vset) {
	nu := int64(U.Len())
	if nu == 0 {
		return
	}
	pbuf := p.pbuf
	p.applications += int64(len(pbuf)) * nu
	rs := p.eng.rules
	// z's out-lists are built after the solve (solve.go): its products
	// are never added from the out-side.
	deferred := p.eng.deferOut[z]
	switch {
	case !p.eng.bulk:
		p.ubuf = U.AppendTo(p.ubuf[:0])
		for _, y := range pbuf {
			for _, u := range p.ubuf {
				if s == out {
					p.deliverEdge(u, y, z)
				} else {
					p.deliverEdge(y, u, z)
				}
			}
		}
	case rs.keepIn[z] && !(s == out && deferred) &&
		(U.Len() < len(pbuf) || s == in && deferred):
		// Both lists of z are kept, so the product U×P may be added
		// from either side: from the smaller one, one set operation per
		// element, moving the larger set whole (and always from the
		// in-side for labels whose out-lists are built after the solve).
		// Adding the new sources P to each target is difference
		// propagation along chains such as FT ::= FT assign. P is
		// detached from its entry, so it never changes again and can be
		// shipped as it is.
		p.ubuf = U.AppendTo(p.ubuf[:0])
		// New u→v with v→w gives u→w, each w's in-list gaining P; new
		// v→y with u→v gives u→y, each u's out-list gaining P: either
		// way the half lies on P's side.
		for _, u := range p.ubuf {
			p.shipped = p.shipped || !p.owns(u)
			p.deliverSet(u, z, s, P)
		}
	case s == in:
		// new u→v with v→w gives u→w: u's out-list gains U.
		for _, u := range pbuf {
			p.deliverSet(u, z, out, U)
		}
	case rs.keepIn[z]:
		// new v→y with u→v gives u→y: y's in-list gains U.
		for _, y := range pbuf {
			p.deliverSet(y, z, in, U)
		}
	default:
		// z keeps no in-lists: ship the new out-neighbours P to each u.
		p.ubuf = U.AppendTo(p.ubuf[:0])
		for _, u := range p.ubuf {
			p.shipped = p.shipped || !p.owns(u)
			p.deliverSet(u, z, out, P)
		}
	}
}

// processUnindexed is the non-indexed scheme: every new edge visits every
// processed adjacent edge on the other side (real, or virtual reverses read
// from this side) and asks the grammar whether the two labels combine.
func (p *partition) processUnindexed(v, l uint32, s side) {
	rs := p.eng.rules
	visit := func(y uint32, ol uint32, set vset) {
		set.ForEach(func(u uint32) {
			p.applications++
			if s == out {
				for _, z := range rs.lookupPair(ol, l) {
					p.deliverEdge(u, y, z)
				}
			} else {
				for _, z := range rs.lookupPair(l, ol) {
					p.deliverEdge(y, u, z)
				}
			}
		})
	}
	for _, y := range p.pbuf {
		ents := append([]slot(nil), p.list(v, 1-s).ents...) // see role
		for _, oe := range ents {
			visit(y, oe.label, oe.e.all)
		}
		if rs.hasVirtual {
			ents = append(ents[:0], p.list(v, s).ents...)
			for _, oe := range ents {
				if vl := rs.inv[oe.label]; vl >= 0 {
					visit(y, uint32(vl), oe.e.all)
				}
			}
		}
	}
}

// Gather runs phase 2 for partition q: it applies every half the other
// partitions found for it (their frozen send[q]), dropping duplicates; the
// new ones become q's worklist for the next round.
func (p *partition) Gather(ctx context.Context, from []*partition) error {
	for _, src := range from {
		box := &src.sent[p.id]
		err := p.gatherBox(ctx, box)
		// Only this partition reads or writes src.sent[p.id] now, so it
		// may drop a large buffer once done: buffers sized for the busiest
		// round would otherwise stay allocated for the rest of the solve.
		if cap(box.halves) > 1<<14 || cap(box.sets) > 1<<12 {
			*box = outbox{}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// gatherBox applies one box of halves for this partition.
func (p *partition) gatherBox(ctx context.Context, box *outbox) error {
	for i, m := range box.sets {
		if i&1023 == 1023 {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := p.maybeSpill(); err != nil {
				return err
			}
		}
		l, s := unpackSide(m.label)
		p.discoverSet(m.v, l, s, m.set)
	}
	for i, m := range box.halves {
		if i&4095 == 4095 {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := p.maybeSpill(); err != nil {
				return err
			}
		}
		l, s := unpackSide(m.label)
		p.discoverOne(m.v, l, s, m.nbr)
	}
	return nil
}

// maybeSpill hands the outgoing messages to the engine's spill function
// (out-of-core solves) once they pass its threshold.
func (p *partition) maybeSpill() error {
	if p.err != nil {
		return p.err
	}
	if p.eng.grow != nil {
		if err := p.eng.grow(p.derived); err != nil {
			return err
		}
	}
	if p.eng.spill == nil {
		return nil
	}
	if p.outboxBytes() < p.eng.spillBytes {
		return nil
	}
	return p.eng.spill(p)
}

// outboxBytes estimates the memory the outgoing messages hold.
func (p *partition) outboxBytes() int {
	n := 0
	for q := range p.send {
		n += 12*len(p.send[q].halves) + 40*len(p.send[q].sets)
	}
	return n
}

// freeze makes this round's sends readable by their destinations and starts
// empty send buffers.
func (p *partition) freeze() {
	p.sent, p.send = p.send, p.sent
	for q := range p.send {
		p.send[q].reset()
	}
}

func (p *partition) idle() bool {
	if len(p.queue) > 0 {
		return false
	}
	for _, b := range p.send {
		if len(b.halves) > 0 || len(b.sets) > 0 {
			return false
		}
	}
	return true
}

// Partition is one partition for a Kernel's driver: see Kernel.
type Partition struct{ p *partition }

// ID is the partition's number.
func (P *Partition) ID() int { return P.p.id }

// Load sets vertex v's processed sets from its stored record rec (one or
// more fragments of AppendFragment; empty for none).
// Load each vertex at most once, before Gather; a lazily loading partition
// ignores vertices it has fetched already.
func (P *Partition) Load(v uint32, rec []byte) error {
	p := P.p
	if !p.owns(v) {
		return fmt.Errorf("vertex %d outside partition %d [%d, %d)", v, p.id, p.lo, p.hi)
	}
	if p.loaded != nil {
		i := v - p.lo
		if p.loaded[i>>6]&(1<<(i&63)) != 0 {
			return nil // fetched already
		}
		p.loaded[i>>6] |= 1 << (i & 63)
	}
	if len(p.adj[out][v-p.lo].ents) > 0 || len(p.adj[in][v-p.lo].ents) > 0 {
		return fmt.Errorf("vertex %d loaded twice", v)
	}
	if err := p.loadRecord(v, rec); err != nil {
		return fmt.Errorf("vertex %d: %w", v, err)
	}
	return nil
}

// decodeInto decodes v's record into its (empty) lists. The record's
// entries, list slots and small sets take one allocation each, sized by a
// scan of the record.
func (p *partition) decodeInto(v uint32, rec []byte) error {
	k, c := scanVertex(rec)
	d := newSetDecoder(c)
	var ents []bitmapEntry
	if _, ok := p.eng.kind.(bitmapKind); ok {
		ents = make([]bitmapEntry, k[out]+k[in])
	}
	slots := make([]slot, 0, k[out]+k[in])
	for s := range 2 {
		// Each side's slots with their capacity capped: a side that
		// gains a label reallocates.
		n := k[s]
		p.adj[s][v-p.lo].ents, slots = slots[:0:n], slots[n:n:cap(slots)]
	}
	return decodeRecord(rec, uint32(len(p.eng.rules.labels)), &d, func(l uint32, s side) *bitmap {
		var e *entry
		if len(ents) > 0 {
			x := &ents[0]
			ents = ents[1:]
			x.e.label, x.e.all = l, &x.b
			e = &x.e
		} else {
			e = p.eng.kind.newEntry(l)
		}
		a := &p.adj[s][v-p.lo]
		a.ents = append(a.ents, slot{l, e})
		return e.all.(*bitmap)
	}, nil)
}

// prefetch fetches, in ascending order, the not yet loaded vertices that
// box's messages go to: one ordered pass over the store instead of a
// random read per vertex.
func (p *partition) prefetch(box *outbox) error {
	if p.loaded == nil || p.eng.fetchMany == nil {
		return nil
	}
	vs := p.found[:0]
	isNew := func(v uint32) bool {
		i := v - p.lo
		if p.loaded[i>>6]&(1<<(i&63)) != 0 {
			return false
		}
		p.loaded[i>>6] |= 1 << (i & 63) // fetched below
		return true
	}
	for _, m := range box.sets {
		if isNew(m.v) {
			vs = append(vs, m.v)
		}
	}
	for _, m := range box.halves {
		if isNew(m.v) {
			vs = append(vs, m.v)
		}
	}
	slices.Sort(vs)
	p.found = vs[:0]
	return p.eng.fetchMany(vs, func(v uint32, rec []byte) error {
		if err := p.loadRecord(v, rec); err != nil {
			return fmt.Errorf("vertex %d: %w", v, err)
		}
		return nil
	})
}

// LoadedAll tells a lazily loading partition that every vertex with a
// record has been passed to Load: the others need no fetch.
func (P *Partition) LoadedAll() {
	for i := range P.p.loaded {
		P.p.loaded[i] = ^uint64(0)
	}
}

// AppendVertex appends the encoding of v's processed sets to dst.
func (P *Partition) AppendVertex(dst []byte, v uint32) []byte {
	p := P.p
	for s := range 2 {
		ents := p.list(v, side(s)).ents
		k := 0
		for _, sl := range ents {
			if !isEmpty(sl.e.all) {
				k++
			}
		}
		dst = binary.AppendUvarint(dst, uint64(k))
		for _, sl := range ents {
			if e := sl.e; !isEmpty(e.all) {
				dst = binary.AppendUvarint(dst, uint64(e.label))
				dst, p.ubuf = appendSet(dst, e.all, p.ubuf)
			}
		}
	}
	return dst
}

// Empty reports whether v has no processed edges.
func (P *Partition) Empty(v uint32) bool {
	for s := range 2 {
		for _, sl := range P.p.list(v, side(s)).ents {
			if sl.e.all.Len() > 0 {
				return false
			}
		}
	}
	return true
}

// Dirty calls fn for each vertex whose processed sets changed since the
// last ClearDirty, ascending.
func (P *Partition) Dirty(fn func(v uint32)) {
	for i, w := range P.p.dirty {
		for w != 0 {
			b := bits.TrailingZeros64(w)
			w &= w - 1
			fn(P.p.lo + uint32(i*64+b))
		}
	}
}

// ClearDirty forgets which vertices changed.
func (P *Partition) ClearDirty() { clear(P.p.dirty) }

// Gather applies encoded messages (Kernel.Seed, KernelOptions.Spill,
// TakeOutbox) for this partition, queueing the new halves. Malformed
// messages are an error, never a panic or a wrong edge.
func (P *Partition) Gather(ctx context.Context, msgs []byte) error {
	var box outbox
	if err := P.p.decodeOutbox(msgs, &box); err != nil {
		return err
	}
	if err := P.p.prefetch(&box); err != nil {
		return err
	}
	if err := P.p.gatherBox(ctx, &box); err != nil {
		return err
	}
	return P.p.err
}

// Process runs phase 1: it drains the worklist (see partition.Process).
func (P *Partition) Process(ctx context.Context) error {
	if err := P.p.Process(ctx); err != nil {
		return err
	}
	return P.p.err
}

// TakeOutbox returns the encoded messages for partition q found since the
// last TakeOutbox or spill, or nil, and empties that outbox.
func (P *Partition) TakeOutbox(q int) []byte {
	b := &P.p.send[q]
	if len(b.halves) == 0 && len(b.sets) == 0 {
		return nil
	}
	msgs := P.p.encodeOutbox(nil, b)
	b.reset()
	return msgs
}

// RebuildIn sends, for each stored out-edge (v, x) of a label l with
// need[l], the in-half to x's owner. A driver calls it when more input
// makes a label's in-lists needed that were not kept before.
func (P *Partition) RebuildIn(need []bool) {
	p := P.p
	for v := p.lo; v < p.hi; v++ {
		for _, sl := range p.list(v, out).ents {
			if e := sl.e; int(e.label) < len(need) && need[e.label] {
				l := e.label
				p.ubuf = e.all.AppendTo(p.ubuf[:0])
				for _, x := range slices.Clone(p.ubuf) {
					p.deliverOne(x, l, in, v)
				}
			}
		}
	}
}

// Counters returns the edges this partition derived (new out-halves) and
// the rule applications it made since it was made.
func (P *Partition) Counters() (derived, applications int64) {
	return P.p.derived, P.p.applications
}

// encodeOutbox appends the encoding of box to dst. Sets that several
// messages share (a join sends one processed set to many vertices) are
// written once.
func (p *partition) encodeOutbox(dst []byte, box *outbox) []byte {
	ref := map[vset]int{}
	var table []vset
	for _, m := range box.sets {
		if _, ok := ref[m.set]; !ok {
			ref[m.set] = len(table)
			table = append(table, m.set)
		}
	}
	// Messages run to megabytes: grow dst once rather than by doubling,
	// which copies and leaves up to half unused. The size is exact but
	// for small sets' gaps, taken as 3 bytes (up to 2^21).
	n := 30
	for _, s := range table {
		if b, ok := s.(*bitmap); ok && b.b != nil {
			n += 11 + int(b.b.GetSerializedSizeInBytes())
		} else {
			n += 6 + 3*s.Len()
		}
	}
	for _, m := range box.sets {
		n += uvarintLen(m.v) + uvarintLen(m.label) + uvarintLen(uint32(ref[m.set]))
	}
	for _, m := range box.halves {
		n += uvarintLen(m.v) + uvarintLen(m.label) + uvarintLen(m.nbr)
	}
	dst = slices.Grow(dst, n)
	dst = binary.AppendUvarint(dst, uint64(len(table)))
	for _, s := range table {
		dst, p.ubuf = appendSet(dst, s, p.ubuf)
	}
	dst = binary.AppendUvarint(dst, uint64(len(box.sets)))
	for _, m := range box.sets {
		dst = binary.AppendUvarint(dst, uint64(m.v))
		dst = binary.AppendUvarint(dst, uint64(m.label))
		dst = binary.AppendUvarint(dst, uint64(ref[m.set]))
	}
	dst = binary.AppendUvarint(dst, uint64(len(box.halves)))
	for _, m := range box.halves {
		dst = binary.AppendUvarint(dst, uint64(m.v))
		dst = binary.AppendUvarint(dst, uint64(m.label))
		dst = binary.AppendUvarint(dst, uint64(m.nbr))
	}
	return dst
}

// decodeOutbox decodes encodeOutbox's output for this partition, checking
// every vertex and label.
func (p *partition) decodeOutbox(data []byte, box *outbox) error {
	nl := uint32(len(p.eng.rules.labels))
	next := func() (uint64, bool) {
		x, k := binary.Uvarint(data)
		if k <= 0 {
			return 0, false
		}
		data = data[k:]
		return x, true
	}
	// Three uvarints, checked: a vertex of this partition, a label with
	// its side bit, and a vertex (or a table index below max).
	triple := func(max uint64) (v, l, x uint32, ok bool) {
		a, ok1 := next()
		b, ok2 := next()
		c, ok3 := next()
		if !ok1 || !ok2 || !ok3 || a > 1<<32-1 || !p.owns(uint32(a)) || b > 1<<32-1 || c >= max {
			return 0, 0, 0, false
		}
		if l, _ := unpackSide(uint32(b)); l >= nl {
			return 0, 0, 0, false
		}
		return uint32(a), uint32(b), uint32(c), true
	}
	nt, ok := next()
	if !ok || nt > uint64(len(data)) {
		return errCorrupt
	}
	table := make([]vset, nt)
	d := newSetDecoder(scanSets(data, int(nt)))
	sets := make([]bitmap, nt)
	for i := range table {
		b := &sets[i]
		var err error
		if data, err = decodeSetInto(b, data, &d); err != nil {
			return err
		}
		if b.Len() > 0 && maxOf(b) >= p.eng.n {
			return errCorrupt
		}
		table[i] = b
	}
	ns, ok := next()
	if !ok || ns > uint64(len(data)) {
		return errCorrupt
	}
	box.sets = make([]halfSet, ns)
	for i := range box.sets {
		v, l, r, ok := triple(nt)
		if !ok {
			return errCorrupt
		}
		box.sets[i] = halfSet{v, l, table[r]}
	}
	nh, ok := next()
	if !ok || nh > uint64(len(data)) {
		return errCorrupt
	}
	box.halves = make([]half, nh)
	for i := range box.halves {
		v, l, x, ok := triple(uint64(p.eng.n))
		if !ok {
			return errCorrupt
		}
		box.halves[i] = half{v, l, x}
	}
	if len(data) != 0 {
		return errCorrupt
	}
	return nil
}

func maxOf(b *bitmap) uint32 {
	if b.b != nil {
		return b.b.Maximum()
	}
	return slices.Max(b.small)
}

// decodeVertex decodes AppendVertex's encoding: into gives the empty
// bitmap to fill for each label and side (if nil, new bitmaps, which
// after may keep, from one allocation), after (if non-nil) sees it
// filled. Labels must ascend per side and lie below nlabels.
func decodeVertex(rec []byte, nlabels uint32, into func(l uint32, s side) *bitmap, after func(l uint32, s side, b *bitmap)) error {
	k, c := scanVertex(rec)
	d := newSetDecoder(c)
	if into == nil {
		bms := make([]bitmap, k[out]+k[in])
		into = func(uint32, side) *bitmap {
			if len(bms) == 0 {
				return &bitmap{}
			}
			b := &bms[0]
			bms = bms[1:]
			return b
		}
	}
	return decodeRecord(rec, nlabels, &d, into, after)
}

// scanVertex returns the number of sets on each side of a vertex record
// and what they hold, as far as the record parses: a hint for allocating,
// at most the record's length.
func scanVertex(rec []byte) (k [2]int, c scanned) {
	for s := range 2 {
		n, m := binary.Uvarint(rec)
		if m <= 0 {
			break
		}
		rec = rec[m:]
		for range min(n, uint64(len(rec))) {
			_, m := binary.Uvarint(rec)
			if m <= 0 {
				return k, c
			}
			rec = rec[m:]
			one := scanSets(rec, 1)
			if one.sets == 0 {
				return k, c
			}
			k[s]++
			c.small += one.small
			c.roar += one.roar
			rec = rec[one.size:]
		}
	}
	return k, c
}

// decodeRecord is decodeVertex with d's slab.
func decodeRecord(rec []byte, nlabels uint32, d *setDecoder, into func(l uint32, s side) *bitmap, after func(l uint32, s side, b *bitmap)) error {
	for s := range 2 {
		k, n := binary.Uvarint(rec)
		if n <= 0 || k > uint64(len(rec)) {
			return errCorrupt
		}
		rec = rec[n:]
		prev := int64(-1)
		for range k {
			l, n := binary.Uvarint(rec)
			if n <= 0 || l >= uint64(nlabels) || int64(l) <= prev {
				return errCorrupt
			}
			prev = int64(l)
			rec = rec[n:]
			b := into(uint32(l), side(s))
			var err error
			if rec, err = decodeSetInto(b, rec, d); err != nil {
				return err
			}
			if after != nil {
				after(uint32(l), side(s), b)
			}
		}
	}
	if len(rec) != 0 {
		return errCorrupt
	}
	return nil
}
