package edgecentric

import (
	"github.com/RoaringBitmap/roaring/v2"
)

// vset is a set of vertex ids: one vertex's neighbours under one label.
//
// Two representations exist (Options.Sets): compressed bitmaps, which let a
// rule application move a whole neighbour set with word-parallel unions and
// differences, and the thesis's per-vertex hash sets, which work one edge at
// a time. Both implement every operation; bulk operations on hash sets loop.
type vset interface {
	// Add inserts x and reports whether it was absent.
	Add(x uint32) bool
	Contains(x uint32) bool
	Len() int
	// ForEach calls fn for each element in ascending order for bitmaps and
	// in hash order for hash sets.
	ForEach(fn func(uint32))
	// AddNew adds the elements of src missing from s and returns them as a
	// new set (nil when there are none).
	AddNew(src vset) vset
	// Minus returns s \ other as a new set; other may be nil.
	Minus(other vset) vset
	// Union adds all of src to s.
	Union(src vset)
	Clone() vset
	// Bytes estimates the memory the set holds.
	Bytes() int
}

// setKind makes empty sets of one representation.
type setKind interface{ make() vset }

type bitmapKind struct{}

func (bitmapKind) make() vset { return &bitmap{roaring.New()} }

type hashKind struct{}

func (hashKind) make() vset { return &hashSet{} }

// bitmap is a roaring bitmap: arrays of 16-bit offsets for sparse 64K
// chunks, plain bitmaps for dense ones, so unions and differences run a
// machine word at a time where the sets are dense.
type bitmap struct{ b *roaring.Bitmap }

func (s *bitmap) Add(x uint32) bool      { return s.b.CheckedAdd(x) }
func (s *bitmap) Contains(x uint32) bool { return s.b.Contains(x) }
func (s *bitmap) Len() int               { return int(s.b.GetCardinality()) }
func (s *bitmap) ForEach(fn func(uint32)) {
	it := s.b.Iterator()
	for it.HasNext() {
		fn(it.Next())
	}
}
func (s *bitmap) AddNew(src vset) vset {
	var n *roaring.Bitmap
	if o, ok := src.(*bitmap); ok {
		n = roaring.AndNot(o.b, s.b)
	} else {
		n = roaring.New()
		src.ForEach(func(x uint32) {
			if !s.b.Contains(x) {
				n.Add(x)
			}
		})
	}
	if n.IsEmpty() {
		return nil
	}
	s.b.Or(n)
	return &bitmap{n}
}
func (s *bitmap) Minus(other vset) vset {
	if other == nil || other.Len() == 0 {
		return s.Clone()
	}
	if o, ok := other.(*bitmap); ok {
		return &bitmap{roaring.AndNot(s.b, o.b)}
	}
	n := s.b.Clone()
	other.ForEach(func(x uint32) { n.Remove(x) })
	return &bitmap{n}
}
func (s *bitmap) Union(src vset) {
	if o, ok := src.(*bitmap); ok {
		s.b.Or(o.b)
		return
	}
	src.ForEach(func(x uint32) { s.b.Add(x) })
}
func (s *bitmap) Clone() vset { return &bitmap{s.b.Clone()} }
func (s *bitmap) Bytes() int  { return int(s.b.GetSizeInBytes()) + 48 }

// hashSet is an open-addressing set of vertex ids with linear probing: the
// thesis's per-vertex hash set. Slot value 0 is empty; ids are stored +1.
type hashSet struct {
	slots []uint32
	n     int
}

func hash32(x uint32) uint32 {
	x ^= x >> 16
	x *= 0x7feb352d
	x ^= x >> 15
	x *= 0x846ca68b
	x ^= x >> 16
	return x
}

func (s *hashSet) Add(x uint32) bool {
	if (s.n+1)*4 > len(s.slots)*3 {
		s.grow()
	}
	mask := uint32(len(s.slots) - 1)
	k := x + 1
	for i := hash32(x) & mask; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case 0:
			s.slots[i] = k
			s.n++
			return true
		case k:
			return false
		}
	}
}

func (s *hashSet) grow() {
	old := s.slots
	size := 8
	if len(old) > 0 {
		size = 2 * len(old)
	}
	s.slots = make([]uint32, size)
	s.n = 0
	for _, k := range old {
		if k != 0 {
			s.Add(k - 1)
		}
	}
}

func (s *hashSet) Contains(x uint32) bool {
	if s.n == 0 {
		return false
	}
	mask := uint32(len(s.slots) - 1)
	k := x + 1
	for i := hash32(x) & mask; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case 0:
			return false
		case k:
			return true
		}
	}
}

func (s *hashSet) Len() int { return s.n }
func (s *hashSet) ForEach(fn func(uint32)) {
	for _, k := range s.slots {
		if k != 0 {
			fn(k - 1)
		}
	}
}
func (s *hashSet) AddNew(src vset) vset {
	var n *hashSet
	src.ForEach(func(x uint32) {
		if s.Add(x) {
			if n == nil {
				n = &hashSet{}
			}
			n.Add(x)
		}
	})
	if n == nil {
		return nil
	}
	return n
}
func (s *hashSet) Minus(other vset) vset {
	n := &hashSet{}
	s.ForEach(func(x uint32) {
		if other == nil || !other.Contains(x) {
			n.Add(x)
		}
	})
	return n
}
func (s *hashSet) Union(src vset) { src.ForEach(func(x uint32) { s.Add(x) }) }
func (s *hashSet) Clone() vset {
	return &hashSet{slots: append([]uint32(nil), s.slots...), n: s.n}
}
func (s *hashSet) Bytes() int { return 4*len(s.slots) + 32 }
