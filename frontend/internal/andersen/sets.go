package andersen

import (
	"github.com/RoaringBitmap/roaring/v2"
	"golang.org/x/tools/container/intsets"
)

// bitset is a set of object numbers, as the solver uses one.
type bitset interface {
	add(x uint32) bool
	has(x uint32) bool
	addAll(o bitset)
	// addDiff adds a \ b to the set (b may be nil) and reports whether
	// the set grew.
	addDiff(a, b bitset) bool
	empty() bool
	len() int
	// appendTo appends the elements in increasing order.
	appendTo(dst []uint32) []uint32
}

type setOps interface{ make() bitset }

// sparse is intsets.Sparse: a sorted list of 256-bit blocks.
type sparse struct {
	s       intsets.Sparse
	scratch *sparseScratch // the solve's, shared by its sets
}

// sparseScratch is one solve's scratch space (a solve is sequential).
type sparseScratch struct {
	diff intsets.Sparse
	elem []int
}

type sparseOps struct{ scratch *sparseScratch }

func (o sparseOps) make() bitset { return &sparse{scratch: o.scratch} }

func (s *sparse) add(x uint32) bool { return s.s.Insert(int(x)) }
func (s *sparse) has(x uint32) bool { return s.s.Has(int(x)) }
func (s *sparse) addAll(o bitset)   { s.s.UnionWith(&o.(*sparse).s) }
func (s *sparse) empty() bool       { return s.s.IsEmpty() }
func (s *sparse) len() int          { return s.s.Len() }

func (s *sparse) addDiff(a, b bitset) bool {
	if b == nil {
		return s.s.UnionWith(&a.(*sparse).s)
	}
	d := &s.scratch.diff
	d.Difference(&a.(*sparse).s, &b.(*sparse).s)
	return s.s.UnionWith(d)
}

func (s *sparse) appendTo(dst []uint32) []uint32 {
	s.scratch.elem = s.s.AppendTo(s.scratch.elem[:0])
	for _, x := range s.scratch.elem {
		dst = append(dst, uint32(x))
	}
	return dst
}

// roar is a roaring bitmap.
type roar struct{ b roaring.Bitmap }

type roaringOps struct{}

func (roaringOps) make() bitset { return &roar{} }

func (r *roar) add(x uint32) bool { return r.b.CheckedAdd(x) }
func (r *roar) has(x uint32) bool { return r.b.Contains(x) }
func (r *roar) addAll(o bitset)   { r.b.Or(&o.(*roar).b) }
func (r *roar) empty() bool       { return r.b.IsEmpty() }
func (r *roar) len() int          { return int(r.b.GetCardinality()) }

func (r *roar) addDiff(a, b bitset) bool {
	before := r.b.GetCardinality()
	if b == nil {
		r.b.Or(&a.(*roar).b)
	} else {
		r.b.Or(roaring.AndNot(&a.(*roar).b, &b.(*roar).b))
	}
	return r.b.GetCardinality() != before
}

func (r *roar) appendTo(dst []uint32) []uint32 {
	it := r.b.Iterator()
	for it.HasNext() {
		dst = append(dst, it.Next())
	}
	return dst
}
