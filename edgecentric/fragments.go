package edgecentric

import (
	"encoding/binary"
	"fmt"
	"slices"
)

// A vertex's stored record (package outofcore) is one or more fragments,
// each a 4-byte big-endian length followed by a vertex encoding (two sides, each a
// count of labels and, per label ascending, the label and its set). The
// record's sets are the union of its fragments' sets. A driver writes a
// whole record as one fragment, or appends to it a fragment with only what
// a step added (AppendFragment with gains): most steps add a few edges to
// sets that hold many, and rewriting whole records was most of what the
// store wrote (i3.vfg: 387 MB of sets, of which 60 MB new).
//
// While a partition tracks changes (Kernel partitions), an entry's fresh
// field says what it gained since it was loaded: 0 for an entry made
// since (all of it is new), -1 for a loaded entry that gained nothing,
// k > 0 for one whose gains are p.gains[k-1]. The in-memory engine loads
// nothing, so its entries stay at 0 and it never tracks gains.

// frames calls fn with each fragment of rec, and fails on a malformed
// framing.
func frames(rec []byte, fn func(frag []byte) error) error {
	for len(rec) > 0 {
		if len(rec) < 4 {
			return errCorrupt
		}
		n := binary.BigEndian.Uint32(rec)
		if uint64(n) > uint64(len(rec)-4) {
			return errCorrupt
		}
		if err := fn(rec[4 : 4+n]); err != nil {
			return err
		}
		rec = rec[4+n:]
	}
	return nil
}

// loadRecord sets vertex v's (empty) lists from its stored record: the
// first fragment decodes straight into them, later ones are merged in.
// An empty record is a vertex with no sets.
func (p *partition) loadRecord(v uint32, rec []byte) error {
	i := v - p.lo
	nf := 0
	err := frames(rec, func(frag []byte) error {
		nf++
		if nf == 1 {
			return p.decodeInto(v, frag)
		}
		return decodeVertex(frag, uint32(len(p.eng.rules.labels)), nil, func(l uint32, s side, b *bitmap) {
			e := p.adj[s][i].getOrCreate(l, p.eng.kind)
			if e.all.Len() == 0 {
				e.all = b
			} else {
				e.all.Union(b)
			}
		})
	})
	if err != nil {
		return err
	}
	for s := range 2 {
		for _, sl := range p.adj[s][i].ents {
			sl.e.fresh = -1
		}
	}
	if p.frags != nil {
		p.frags[i] = uint8(min(nf, 255))
	}
	return nil
}

// gained records that loaded entry e gained the elements of set (which
// e.all did not hold before), for AppendFragment.
func (p *partition) gained(e *entry, set vset) {
	if e.fresh == 0 {
		return // made since the load: all of it is new
	}
	unionDisjoint(p.gainsOf(e), set)
}

// gainedList is gained for the elements xs.
func (p *partition) gainedList(e *entry, xs []uint32) {
	if e.fresh == 0 || len(xs) == 0 {
		return
	}
	g := p.gainsOf(e)
	for _, x := range xs {
		g.Add(x)
	}
}

// gainedOne is gained for the element x.
func (p *partition) gainedOne(e *entry, x uint32) {
	if e.fresh != 0 {
		p.gainsOf(e).Add(x)
	}
}

// gainsOf is loaded entry e's set of gains, made on first use.
func (p *partition) gainsOf(e *entry) vset {
	if e.fresh < 0 {
		p.gains = append(p.gains, p.eng.kind.make())
		e.fresh = int32(len(p.gains))
	}
	return p.gains[e.fresh-1]
}

// AppendFragment appends a fragment of v's stored record to dst (see
// frames): with gains, only what v's processed sets gained since v was
// loaded (sets made since, whole; the new elements of loaded sets),
// otherwise all of them (a whole record).
func (P *Partition) AppendFragment(dst []byte, v uint32, gains bool) []byte {
	p := P.p
	// The length goes first, in four bytes written once the body is:
	// the body is encoded in place, not copied.
	at := len(dst)
	dst = append(dst, 0, 0, 0, 0)
	if !gains {
		dst = P.AppendVertex(dst, v)
	} else {
		for s := range 2 {
			ents := p.list(v, side(s)).ents
			k := 0
			for _, sl := range ents {
				if set := p.gainOf(sl.e); set != nil {
					k++
				}
			}
			dst = binary.AppendUvarint(dst, uint64(k))
			for _, sl := range ents {
				if set := p.gainOf(sl.e); set != nil {
					dst = binary.AppendUvarint(dst, uint64(sl.e.label))
					dst, p.ubuf = appendSet(dst, set, p.ubuf)
				}
			}
		}
	}
	binary.BigEndian.PutUint32(dst[at:], uint32(len(dst)-at-4))
	return dst
}

// Gained counts the elements of v's processed sets, all of them and
// those gained since v was loaded, without encoding anything: a driver
// picks between a fragment of gains and a whole record with it.
func (P *Partition) Gained(v uint32) (gained, total int) {
	p := P.p
	for s := range 2 {
		for _, sl := range p.list(v, side(s)).ents {
			n := sl.e.all.Len()
			total += n
			if set := p.gainOf(sl.e); set != nil {
				gained += set.Len()
			}
		}
	}
	return gained, total
}

// gainOf is what e gained since the load, or nil for nothing.
func (p *partition) gainOf(e *entry) vset {
	switch {
	case e.fresh == 0 && e.all.Len() > 0:
		return e.all
	case e.fresh > 0:
		return p.gains[e.fresh-1]
	}
	return nil
}

// Fragments is the number of fragments v's stored record had when it was
// loaded (0 for none, or if v was not loaded), for a driver that rewrites
// a record whole once it has many.
func (P *Partition) Fragments(v uint32) int {
	if P.p.frags == nil {
		return 0
	}
	return int(P.p.frags[v-P.p.lo])
}

// forEachSet decodes a stored record (see frames) and calls fn with each
// label's set per side, labels ascending per side, out side first, the
// fragments merged.
func forEachSet(rec []byte, nlabels uint32, fn func(l uint32, s side, b *bitmap)) error {
	var frags [][]byte
	if err := frames(rec, func(f []byte) error {
		frags = append(frags, f)
		return nil
	}); err != nil {
		return err
	}
	if len(frags) == 1 {
		return decodeVertex(frags[0], nlabels, nil, fn)
	}
	type key struct {
		s side
		l uint32
	}
	sets := map[key]*bitmap{}
	for _, f := range frags {
		err := decodeVertex(f, nlabels, nil, func(l uint32, s side, b *bitmap) {
			if have := sets[key{s, l}]; have != nil {
				have.Union(b)
			} else {
				sets[key{s, l}] = b
			}
		})
		if err != nil {
			return fmt.Errorf("fragment: %w", err)
		}
	}
	keys := make([]key, 0, len(sets))
	for k := range sets {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b key) int {
		if a.s != b.s {
			return int(a.s) - int(b.s)
		}
		return int(a.l) - int(b.l)
	})
	for _, k := range keys {
		fn(k.l, k.s, sets[k])
	}
	return nil
}
