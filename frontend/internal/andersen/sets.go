package andersen

import (
	"math/bits"
	"slices"

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
	equal(o bitset) bool
	// intersect returns a new set, the set ∩ o (o may be nil).
	intersect(o bitset) bitset
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

// blocks is a sorted array of 256-bit blocks: keys[i] is block i's number
// (element >> 8), words[i] its bits. Unlike intsets.Sparse (a linked
// list), a block is found by binary search, and a.addDiff(d, pts) with a
// small d and a large pts gallops through pts: sending a few new objects
// to a node with a large set costs the few, not the set.
type blocks struct {
	keys  []uint32
	words [][4]uint64
	// pending new blocks of addDiff, merged in at its end
	scratch *blockScratch
}

type blockScratch struct {
	keys  []uint32
	words [][4]uint64
}

type blockOps struct{ scratch *blockScratch }

func (o blockOps) make() bitset { return &blocks{scratch: o.scratch} }

// seek returns the first i ≥ from with keys[i] ≥ k, galloping.
func seek(keys []uint32, from int, k uint32) int {
	n := len(keys)
	if from >= n || keys[from] >= k {
		return from
	}
	step := 1
	lo, hi := from, from+1 // keys[lo] < k
	for hi < n && keys[hi] < k {
		lo = hi
		step *= 2
		hi = lo + step
	}
	hi = min(hi, n)
	// keys[lo] < k, and hi == n or keys[hi] ≥ k
	for lo+1 < hi {
		mid := int(uint(lo+hi) >> 1)
		if keys[mid] < k {
			lo = mid
		} else {
			hi = mid
		}
	}
	return hi
}

func (s *blocks) find(k uint32) (int, bool) {
	i := seek(s.keys, 0, k)
	return i, i < len(s.keys) && s.keys[i] == k
}

func (s *blocks) has(x uint32) bool {
	i, ok := s.find(x >> 8)
	return ok && s.words[i][x>>6&3]&(1<<(x&63)) != 0
}

func (s *blocks) add(x uint32) bool {
	k, w, bit := x>>8, x>>6&3, uint64(1)<<(x&63)
	i, ok := s.find(k)
	if !ok {
		s.keys = slices.Insert(s.keys, i, k)
		s.words = slices.Insert(s.words, i, [4]uint64{})
	}
	if s.words[i][w]&bit != 0 {
		return false
	}
	s.words[i][w] |= bit
	return true
}

func (s *blocks) empty() bool { return len(s.keys) == 0 }

func (s *blocks) len() int {
	n := 0
	for i := range s.words {
		for _, w := range s.words[i] {
			n += bits.OnesCount64(w)
		}
	}
	return n
}

func (s *blocks) appendTo(dst []uint32) []uint32 {
	for i, k := range s.keys {
		for j, w := range s.words[i] {
			for w != 0 {
				dst = append(dst, k<<8|uint32(j)<<6|uint32(bits.TrailingZeros64(w)))
				w &= w - 1
			}
		}
	}
	return dst
}

func (s *blocks) addAll(o bitset) { s.addDiff(o, nil) }

// addDiff ORs the blocks of a \ b into s. Blocks s already has are
// updated in place; new ones are collected and merged in once.
func (s *blocks) addDiff(a, b bitset) bool {
	x := a.(*blocks)
	var y *blocks
	if b != nil {
		y = b.(*blocks)
	}
	sc := s.scratch
	sc.keys, sc.words = sc.keys[:0], sc.words[:0]
	changed := false
	iy, is := 0, 0
	for ix, k := range x.keys {
		w := x.words[ix]
		if y != nil {
			iy = seek(y.keys, iy, k)
			if iy < len(y.keys) && y.keys[iy] == k {
				yw := &y.words[iy]
				w[0] &^= yw[0]
				w[1] &^= yw[1]
				w[2] &^= yw[2]
				w[3] &^= yw[3]
				if w == ([4]uint64{}) {
					continue
				}
			}
		}
		is = seek(s.keys, is, k)
		if is < len(s.keys) && s.keys[is] == k {
			sw := &s.words[is]
			old := *sw
			sw[0] |= w[0]
			sw[1] |= w[1]
			sw[2] |= w[2]
			sw[3] |= w[3]
			if *sw != old {
				changed = true
			}
			continue
		}
		sc.keys = append(sc.keys, k)
		sc.words = append(sc.words, w)
	}
	if len(sc.keys) == 0 {
		return changed
	}
	// Merge the new blocks in, from the back, in place.
	n, m := len(s.keys), len(sc.keys)
	s.keys = slices.Grow(s.keys, m)[:n+m]
	s.words = slices.Grow(s.words, m)[:n+m]
	i, j := n-1, m-1
	for d := n + m - 1; j >= 0; d-- {
		if i >= 0 && s.keys[i] > sc.keys[j] {
			s.keys[d], s.words[d] = s.keys[i], s.words[i]
			i--
		} else {
			s.keys[d], s.words[d] = sc.keys[j], sc.words[j]
			j--
		}
	}
	return true
}

func (s *sparse) equal(o bitset) bool { return s.s.Equals(&o.(*sparse).s) }

func (s *sparse) intersect(o bitset) bitset {
	r := &sparse{scratch: s.scratch}
	if o != nil {
		r.s.Intersection(&s.s, &o.(*sparse).s)
	}
	return r
}

func (r *roar) equal(o bitset) bool { return r.b.Equals(&o.(*roar).b) }

func (r *roar) intersect(o bitset) bitset {
	if o == nil {
		return &roar{}
	}
	return &roar{b: *roaring.And(&r.b, &o.(*roar).b)}
}

func (s *blocks) equal(o bitset) bool {
	t := o.(*blocks)
	return slices.Equal(s.keys, t.keys) && slices.Equal(s.words, t.words)
}

func (s *blocks) intersect(o bitset) bitset {
	r := &blocks{scratch: s.scratch}
	if o == nil {
		return r
	}
	t := o.(*blocks)
	j := 0
	for i, k := range s.keys {
		j = seek(t.keys, j, k)
		if j == len(t.keys) {
			break
		}
		if t.keys[j] != k {
			continue
		}
		w := s.words[i]
		tw := &t.words[j]
		w[0] &= tw[0]
		w[1] &= tw[1]
		w[2] &= tw[2]
		w[3] &= tw[3]
		if w != ([4]uint64{}) {
			r.keys = append(r.keys, k)
			r.words = append(r.words, w)
		}
	}
	return r
}
