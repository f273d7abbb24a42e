package edgecentric

// The record codec as it was before it decoded roaring from a private copy
// of the record and encoded it straight into the destination slice: the
// codec tests check the new one against it (same bytes, same sets, same
// errors) and the codec benchmark compares the two.

import (
	"bytes"
	"encoding/binary"
	"slices"

	"github.com/RoaringBitmap/roaring/v2"
)

func oldAppendSet(dst []byte, s vset, buf []uint32) ([]byte, []uint32) {
	if b, ok := s.(*bitmap); ok && b.b != nil {
		dst = append(dst, tagRoaring)
		n := b.b.GetSerializedSizeInBytes()
		dst = binary.AppendUvarint(dst, n)
		w := bytes.NewBuffer(dst)
		if _, err := b.b.WriteTo(w); err != nil {
			panic(err)
		}
		return w.Bytes(), buf
	}
	buf = s.AppendTo(buf[:0])
	slices.Sort(buf)
	dst = append(dst, tagSmall)
	dst = binary.AppendUvarint(dst, uint64(len(buf)))
	prev := uint32(0)
	for i, x := range buf {
		if i == 0 {
			dst = binary.AppendUvarint(dst, uint64(x))
		} else {
			dst = binary.AppendUvarint(dst, uint64(x-prev))
		}
		prev = x
	}
	return dst, buf
}

func oldDecodeSetInto(b *bitmap, data []byte) (rest []byte, err error) {
	if len(data) == 0 {
		return nil, errCorrupt
	}
	tag := data[0]
	data = data[1:]
	n, k := binary.Uvarint(data)
	if k <= 0 {
		return nil, errCorrupt
	}
	data = data[k:]
	switch tag {
	case tagSmall:
		if n > uint64(len(data)) {
			return nil, errCorrupt
		}
		if n > smallMax {
			b.b = roaring.New()
		} else {
			b.small = make([]uint32, 0, n)
		}
		var x uint64
		for i := range n {
			d, k := binary.Uvarint(data)
			if k <= 0 {
				return nil, errCorrupt
			}
			data = data[k:]
			if i == 0 {
				x = d
			} else {
				x += d
			}
			if x > 1<<32-1 || (i > 0 && d == 0) {
				return nil, errCorrupt
			}
			if b.b != nil {
				b.b.Add(uint32(x))
			} else {
				b.small = append(b.small, uint32(x))
			}
		}
		return data, nil
	case tagRoaring:
		if n > uint64(len(data)) {
			return nil, errCorrupt
		}
		rb, err := oldUnmarshalRoaring(data[:n])
		if err != nil {
			return nil, err
		}
		b.b = rb
		return data[n:], nil
	}
	return nil, errCorrupt
}

func oldUnmarshalRoaring(data []byte) (rb *roaring.Bitmap, err error) {
	defer func() {
		if r := recover(); r != nil {
			rb, err = nil, errCorrupt
		}
	}()
	rb = roaring.New()
	if err := rb.UnmarshalBinary(data); err != nil {
		return nil, errCorrupt
	}
	if err := rb.Validate(); err != nil {
		return nil, errCorrupt
	}
	return rb, nil
}

func (P *Partition) oldAppendVertex(dst []byte, v uint32) []byte {
	p := P.p
	for s := range 2 {
		ents := p.list(v, side(s)).ents
		k := 0
		for _, sl := range ents {
			if sl.e.all.Len() > 0 {
				k++
			}
		}
		dst = binary.AppendUvarint(dst, uint64(k))
		for _, sl := range ents {
			if e := sl.e; e.all.Len() > 0 {
				dst = binary.AppendUvarint(dst, uint64(e.label))
				dst, p.ubuf = oldAppendSet(dst, e.all, p.ubuf)
			}
		}
	}
	return dst
}

func (p *partition) oldDecodeInto(v uint32, rec []byte) error {
	kind := p.eng.kind
	return oldDecodeVertex(rec, uint32(len(p.eng.rules.labels)), func(l uint32, s side) *bitmap {
		e := kind.newEntry(l)
		a := &p.adj[s][v-p.lo]
		a.ents = append(a.ents, slot{l, e})
		return e.all.(*bitmap)
	}, nil)
}

func oldDecodeVertex(rec []byte, nlabels uint32, into func(l uint32, s side) *bitmap, after func(l uint32, s side, b *bitmap)) error {
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
			if rec, err = oldDecodeSetInto(b, rec); err != nil {
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

func (p *partition) oldEncodeOutbox(dst []byte, box *outbox) []byte {
	ref := map[vset]int{}
	var table []vset
	for _, m := range box.sets {
		if _, ok := ref[m.set]; !ok {
			ref[m.set] = len(table)
			table = append(table, m.set)
		}
	}
	dst = binary.AppendUvarint(dst, uint64(len(table)))
	for _, s := range table {
		dst, p.ubuf = oldAppendSet(dst, s, p.ubuf)
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

func (p *partition) oldDecodeOutbox(data []byte, box *outbox) error {
	nl := uint32(len(p.eng.rules.labels))
	next := func() (uint64, bool) {
		x, k := binary.Uvarint(data)
		if k <= 0 {
			return 0, false
		}
		data = data[k:]
		return x, true
	}
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
	for i := range table {
		b := &bitmap{}
		var err error
		if data, err = oldDecodeSetInto(b, data); err != nil {
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
