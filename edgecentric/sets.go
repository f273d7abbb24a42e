package edgecentric

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math/bits"
	"slices"
	"sync"

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
	// ForEach calls fn for each element (ascending for bitmaps).
	ForEach(fn func(uint32))
	// AppendTo appends the elements to dst (ascending for bitmaps).
	AppendTo(dst []uint32) []uint32
	// Discover adds to s the elements of src that are in neither s nor
	// except (which may be nil), and appends each one added to dst. The
	// buffers let the hot loops run without allocating closures.
	Discover(src, except vset, dst []uint32) []uint32
	// Union adds all of src to s.
	Union(src vset)
	// Bytes estimates the memory the set holds.
	Bytes() int
}

// setKind makes empty sets of one representation.
type setKind interface {
	make() vset
	// newEntry allocates an entry together with its (empty) set of all
	// edges: one allocation instead of two for the most numerous object.
	newEntry(label uint32) *entry
	// reset empties a set for reuse.
	reset(vset)
}

type bitmapKind struct{}

func (bitmapKind) make() vset { return &bitmap{} }

func (bitmapKind) newEntry(l uint32) *entry {
	x := &bitmapEntry{}
	x.e.label, x.e.all = l, &x.b
	return &x.e
}

// bitmapEntry is an entry with its set of all edges.
type bitmapEntry struct {
	e entry
	b bitmap
}

func (bitmapKind) reset(s vset) {
	b := s.(*bitmap)
	b.small, b.b = b.small[:0], nil
}

type hashKind struct{}

func (hashKind) make() vset { return &hashSet{} }

func (hashKind) newEntry(l uint32) *entry {
	x := &struct {
		e entry
		h hashSet
	}{}
	x.e.label, x.e.all = l, &x.h
	return &x.e
}

func (hashKind) reset(s vset) {
	h := s.(*hashSet)
	clear(h.slots)
	h.n = 0
}

// smallMax is the size up to which a bitmap set is a plain slice: most
// neighbour sets are tiny, and a roaring bitmap costs ~100 bytes and an
// allocation per operation even when it holds one element.
const smallMax = 16

// bitmap is a hybrid set: an unsorted slice while small, then a roaring
// bitmap (arrays of 16-bit offsets for sparse 64K chunks, plain bitmaps for
// dense ones), so unions and differences of large sets run a machine word at
// a time where they are dense.
type bitmap struct {
	small []uint32
	b     *roaring.Bitmap
}

func (s *bitmap) Add(x uint32) bool {
	if s.b != nil {
		return s.b.CheckedAdd(x)
	}
	for _, y := range s.small {
		if y == x {
			return false
		}
	}
	if len(s.small) < smallMax {
		s.small = append(s.small, x)
		return true
	}
	s.b = roaring.BitmapOf(s.small...)
	s.small = nil
	s.b.Add(x)
	return true
}

func (s *bitmap) Contains(x uint32) bool {
	if s.b != nil {
		return s.b.Contains(x)
	}
	for _, y := range s.small {
		if y == x {
			return true
		}
	}
	return false
}

func (s *bitmap) Len() int {
	if s.b != nil {
		return int(s.b.GetCardinality())
	}
	return len(s.small)
}

func (s *bitmap) ForEach(fn func(uint32)) {
	if s.b == nil {
		for _, x := range s.small {
			fn(x)
		}
		return
	}
	it := s.b.Iterator()
	for it.HasNext() {
		fn(it.Next())
	}
}

func (s *bitmap) AppendTo(dst []uint32) []uint32 {
	if s.b == nil {
		return append(dst, s.small...)
	}
	s.b.Iterate(func(x uint32) bool {
		dst = append(dst, x)
		return true
	})
	return dst
}

func (s *bitmap) Discover(src, except vset, dst []uint32) []uint32 {
	o, ok := src.(*bitmap)
	ex, exOK := except.(*bitmap)
	if except != nil && !exOK || !ok {
		src.ForEach(func(x uint32) {
			if (except == nil || !except.Contains(x)) && s.Add(x) {
				dst = append(dst, x)
			}
		})
		return dst
	}
	if o.b != nil && o.b.GetCardinality() > 4*smallMax &&
		(ex == nil || ex.b == nil || ex.b.GetCardinality() < 32*o.b.GetCardinality()) {
		// Bulk: n = src \ except \ s, with word-parallel differences;
		// except (the processed set) first, as it is the larger. (A
		// difference merges both sets, so against a processed set far
		// larger than src, looking up src's elements one by one, below,
		// costs less.)
		var n *roaring.Bitmap
		if ex != nil && ex.b != nil {
			n = roaring.AndNot(o.b, ex.b)
		} else {
			n = o.b.Clone()
			if ex != nil {
				for _, x := range ex.small {
					n.Remove(x)
				}
			}
		}
		if s.b != nil {
			n.AndNot(s.b)
		} else {
			for _, x := range s.small {
				n.Remove(x)
			}
		}
		if n.IsEmpty() {
			return dst
		}
		n.Iterate(func(x uint32) bool {
			dst = append(dst, x)
			return true
		})
		switch {
		case s.b != nil:
			s.b.Or(n)
		case len(s.small) == 0:
			s.b, s.small = n, nil // n is ours
		default:
			n.AddMany(s.small)
			s.b, s.small = n, nil
		}
		return dst
	}
	add := func(x uint32) {
		if (ex == nil || !ex.Contains(x)) && s.Add(x) {
			dst = append(dst, x)
		}
	}
	if o.b == nil {
		for _, x := range o.small {
			add(x)
		}
		return dst
	}
	if s.Len() == 0 && o.b.GetCardinality() > smallMax {
		// Into an empty set: collect the new elements (ascending), then
		// build s from them at once.
		mark := len(dst)
		var buf [4 * smallMax]uint32
		it := o.b.ManyIterator()
		for n := it.NextMany(buf[:]); n > 0; n = it.NextMany(buf[:]) {
			for _, x := range buf[:n] {
				if ex == nil || !ex.Contains(x) {
					dst = append(dst, x)
				}
			}
		}
		addSorted(s, dst[mark:])
		return dst
	}
	var buf [4 * smallMax]uint32
	it := o.b.ManyIterator()
	for n := it.NextMany(buf[:]); n > 0; n = it.NextMany(buf[:]) {
		for _, x := range buf[:n] {
			add(x)
		}
	}
	return dst
}

func (s *bitmap) Union(src vset) {
	o, ok := src.(*bitmap)
	switch {
	case ok && o.b != nil && o.b.GetCardinality() > smallMax:
		if s.b == nil {
			s.b = roaring.BitmapOf(s.small...)
			s.small = nil
		}
		s.b.Or(o.b)
	case ok && o.b == nil:
		for _, x := range o.small {
			s.Add(x)
		}
	default:
		src.ForEach(func(x uint32) { s.Add(x) })
	}
}

// unionDisjoint adds src, which shares no element with s, to s: small
// sets are appended without checking for duplicates.
func unionDisjoint(s, src vset) {
	a, ok1 := s.(*bitmap)
	o, ok2 := src.(*bitmap)
	if !ok1 || !ok2 || a.b != nil || o.b != nil {
		s.Union(src)
		return
	}
	if len(a.small)+len(o.small) <= smallMax {
		a.small = append(a.small, o.small...)
		return
	}
	a.b = roaring.BitmapOf(a.small...)
	a.b.AddMany(o.small)
	a.small = nil
}

// addSorted adds xs, ascending and distinct, to s.
func addSorted(s vset, xs []uint32) {
	if b, ok := s.(*bitmap); ok && b.Len() == 0 {
		if len(xs) <= smallMax {
			b.small = append(b.small[:0], xs...)
		} else {
			b.small, b.b = nil, roaring.BitmapOf(xs...)
		}
		return
	}
	for _, x := range xs {
		s.Add(x)
	}
}

func (s *bitmap) Bytes() int {
	if s.b != nil {
		return int(s.b.GetSizeInBytes()) + 80
	}
	return 4*cap(s.small) + 32
}

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
	size := 4
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

func (s *hashSet) AppendTo(dst []uint32) []uint32 {
	for _, k := range s.slots {
		if k != 0 {
			dst = append(dst, k-1)
		}
	}
	return dst
}

func (s *hashSet) Discover(src, except vset, dst []uint32) []uint32 {
	src.ForEach(func(x uint32) {
		if (except == nil || !except.Contains(x)) && s.Add(x) {
			dst = append(dst, x)
		}
	})
	return dst
}

func (s *hashSet) Union(src vset) { src.ForEach(func(x uint32) { s.Add(x) }) }

func (s *hashSet) Bytes() int { return 4*len(s.slots) + 32 }

// Sets in a store (package outofcore) are encoded as a tag byte, then for
// tagSmall a count and the sorted elements as uvarint gaps, for tagRoaring
// the length and bytes of roaring's portable format. Decoding never trusts
// its input: a store may be corrupted, and that must be an error.
const (
	tagSmall   = 0
	tagRoaring = 1
)

// isEmpty reports whether s has no elements, without counting a bitmap's.
func isEmpty(s vset) bool {
	if b, ok := s.(*bitmap); ok {
		if b.b != nil {
			return b.b.IsEmpty()
		}
		return len(b.small) == 0
	}
	return s.Len() == 0
}

// appendSet appends s's encoding to dst, using buf as scratch; it returns
// both.
func appendSet(dst []byte, s vset, buf []uint32) ([]byte, []uint32) {
	if b, ok := s.(*bitmap); ok && b.b != nil {
		n := b.b.GetSerializedSizeInBytes()
		dst = append(dst, tagRoaring)
		dst = binary.AppendUvarint(dst, n)
		// Roaring writes into dst itself, grown once: a bytes.Buffer
		// would cost an allocation per set and grow on its own terms.
		w := appenderPool.Get().(*appender)
		w.b = slices.Grow(dst, int(n))
		if _, err := b.b.WriteTo(w); err != nil {
			panic(err) // appends do not fail
		}
		dst, w.b = w.b, nil
		appenderPool.Put(w)
		return dst, buf
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

// uvarintLen is the length of x's uvarint encoding.
func uvarintLen(x uint32) int { return (bits.Len32(x|1) + 6) / 7 }

// appender is an io.Writer that appends to a slice. They are pooled, since
// one passed to roaring as an interface would escape: an allocation per set.
type appender struct{ b []byte }

func (w *appender) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}

var appenderPool = sync.Pool{New: func() any { return new(appender) }}

var errCorrupt = ErrMalformed

// ErrMalformed is the error for a store record (vertex sets or messages)
// that does not decode.
var ErrMalformed = errors.New("malformed record")

// setDecoder is the state that decoding the sets of one record (or one
// message) shares: slabs that its sets take their memory from, sized by
// a scan (scanSets). A record's sets live and die together, and one
// allocation instead of one per set is most of a load's allocations. Each
// set takes a slice with its capacity capped, so one that grows
// reallocates rather than writing into the next.
type setDecoder struct {
	// small holds the elements of small sets.
	small []uint32
	// roar holds copies of roaring sets' bytes. Roaring reads them
	// through in (allocated at the first roaring set), whose containers
	// then use that memory as it is instead of copying each one through
	// a reader; and the caller's bytes (pebble's, which it reuses) are
	// never referenced.
	roar []byte
	in   *sliceInput
}

// newSetDecoder returns a setDecoder with slabs for c.
func newSetDecoder(c scanned) setDecoder {
	return setDecoder{small: make([]uint32, 0, c.small), roar: make([]byte, 0, c.roar)}
}

// smallSlice returns an empty slice with capacity n, from the slab while
// it lasts.
func (d *setDecoder) smallSlice(n int) []uint32 {
	i := len(d.small)
	if cap(d.small)-i < n {
		return make([]uint32, 0, n)
	}
	d.small = d.small[:i+n]
	return d.small[i : i : i+n]
}

// private returns a copy of b, from the slab while it lasts.
func (d *setDecoder) private(b []byte) []byte {
	i := len(d.roar)
	if cap(d.roar)-i < len(b) {
		return bytes.Clone(b)
	}
	d.roar = append(d.roar, b...)
	return d.roar[i:len(d.roar):len(d.roar)]
}

// scanned counts what some set encodings hold.
type scanned struct {
	sets  int // sets walked
	size  int // bytes they take
	small int // elements of small sets (up to smallMax)
	roar  int // bytes of roaring sets
}

// scanSets walks up to n set encodings at the start of data and counts
// them: a hint for allocating, which stops at the first thing that does
// not parse and checks nothing else (decodeSetInto does). Its counts are
// at most len(data).
func scanSets(data []byte, n int) scanned {
	var c scanned
	rest := data
	for ; c.sets < n; c.sets++ {
		if len(rest) == 0 {
			break
		}
		tag := rest[0]
		m, k := binary.Uvarint(rest[1:])
		if k <= 0 || m > uint64(len(rest)-1-k) {
			break
		}
		rest = rest[1+k:]
		if tag != tagSmall {
			c.roar += int(m)
			rest = rest[m:]
			continue
		}
		// m uvarints: m bytes without the continuation bit.
		i := 0
		for r := m; r > 0 && i < len(rest); i++ {
			if rest[i] < 0x80 {
				r--
			}
		}
		if m <= smallMax {
			c.small += int(m)
		}
		rest = rest[i:]
	}
	c.size = len(data) - len(rest)
	return c
}

// decodeSetInto decodes one set from data into b (which must be empty),
// taking its memory from d, and returns the rest of data.
func decodeSetInto(b *bitmap, data []byte, d *setDecoder) (rest []byte, err error) {
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
			b.small = d.smallSlice(int(n))
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
		if d.in == nil {
			d.in = &sliceInput{}
		}
		rb, err := unmarshalRoaring(d.in, d.private(data[:n]))
		if err != nil {
			return nil, err
		}
		b.b = rb
		return data[n:], nil
	}
	return nil, errCorrupt
}

// unmarshalRoaring decodes roaring's portable format from data, which
// nothing else may use (the bitmap keeps it), turning any panic on
// malformed bytes into an error.
func unmarshalRoaring(in *sliceInput, data []byte) (rb *roaring.Bitmap, err error) {
	defer func() {
		if r := recover(); r != nil {
			rb, err = nil, errCorrupt
		}
	}()
	rb = roaring.New()
	in.buf, in.off = data, 0
	_, err = rb.ReadFrom(in)
	in.buf = nil
	if err != nil {
		return nil, errCorrupt
	}
	if err := rb.Validate(); err != nil {
		return nil, errCorrupt
	}
	return rb, nil
}

// sliceInput reads a byte slice for roaring's ReadFrom. Besides io.Reader
// it has the methods of roaring's internal ByteInput, which ReadFrom looks
// for: through them it takes each container's bytes as a subslice (its
// capacity capped, so a container that grows reallocates rather than
// overwriting the next) and, as NextReturnsSafeSlice says, owns them, with
// no copy-on-write. (Were roaring to stop finding these methods, it would
// read through Read and copy, as before.)
type sliceInput struct {
	buf []byte
	off int
}

func (r *sliceInput) Read(p []byte) (int, error) {
	if r.off >= len(r.buf) {
		if len(p) == 0 {
			return 0, nil
		}
		return 0, io.EOF
	}
	n := copy(p, r.buf[r.off:])
	r.off += n
	return n, nil
}

func (r *sliceInput) Next(n int) ([]byte, error) {
	if n < 0 || n > len(r.buf)-r.off {
		return nil, io.ErrUnexpectedEOF
	}
	b := r.buf[r.off : r.off+n : r.off+n]
	r.off += n
	return b, nil
}

func (r *sliceInput) NextReturnsSafeSlice() bool { return true }

func (r *sliceInput) ReadUInt32() (uint32, error) {
	if len(r.buf)-r.off < 4 {
		return 0, io.ErrUnexpectedEOF
	}
	v := binary.LittleEndian.Uint32(r.buf[r.off:])
	r.off += 4
	return v, nil
}

func (r *sliceInput) ReadUInt16() (uint16, error) {
	if len(r.buf)-r.off < 2 {
		return 0, io.ErrUnexpectedEOF
	}
	v := binary.LittleEndian.Uint16(r.buf[r.off:])
	r.off += 2
	return v, nil
}

func (r *sliceInput) GetReadBytes() int64 { return int64(r.off) }

func (r *sliceInput) SkipBytes(n int) error {
	if n < 0 || n > len(r.buf)-r.off {
		return io.ErrUnexpectedEOF
	}
	r.off += n
	return nil
}
