package edgecentric

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cflr/cflr/grammar"
	"github.com/cflr/cflr/graph"
)

// codecCorpus is what an in-memory drive of a Kernel over a POCR graph
// leaves: its partitions, solved, and the outboxes they sent (copies of
// the boxes, whose sets are the partitions' sets).
type codecCorpus struct {
	k     *Kernel
	parts []*Partition
	boxes []codecBox
}

type codecBox struct {
	q   int
	box outbox
	enc []byte
}

// solveCorpus drives a Kernel of nparts partitions over graph name (a POCR
// .vfg with vf.cfg) in memory, as package outofcore does from its store.
// It skips when the data is missing.
func solveCorpus(tb testing.TB, name string, nparts uint32) *codecCorpus {
	tb.Helper()
	g, _, norm := loadPOCR(tb, name)
	k, err := NewKernel(g, norm, KernelOptions{Chunk: (g.NumVertices + nparts - 1) / nparts})
	if err != nil {
		tb.Fatal(err)
	}
	ctx := context.Background()
	pending := seedPending(k)
	c := &codecCorpus{k: k}
	for i := range k.NumPartitions() {
		c.parts = append(c.parts, k.NewPartition(i))
	}
	for more := true; more; {
		more = false
		for i, P := range c.parts {
			for _, m := range pending[i] {
				if err := P.Gather(ctx, m); err != nil {
					tb.Fatal(err)
				}
			}
			pending[i] = nil
			if err := P.Process(ctx); err != nil {
				tb.Fatal(err)
			}
			for q := range P.p.send {
				b := &P.p.send[q]
				if len(b.halves) == 0 && len(b.sets) == 0 {
					continue
				}
				enc := P.p.encodeOutbox(nil, b)
				c.boxes = append(c.boxes, codecBox{q, outbox{slices.Clone(b.halves), slices.Clone(b.sets)}, enc})
				pending[q] = append(pending[q], enc)
				b.reset()
				more = true
			}
		}
	}
	return c
}

// loadPOCR reads POCR graph name (a .vfg, with vf.cfg) and its grammar,
// normalized too; it skips when the data is missing.
func loadPOCR(tb testing.TB, name string) (g *graph.Graph, gr, norm *grammar.Grammar) {
	tb.Helper()
	dir := os.Getenv("CFLR_CODEC_DIR") // the POCR data elsewhere
	if dir == "" {
		dir = "../../shared/data/cfl/pocr"
	}
	if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
		tb.Skipf("%s not available: %v", name, err)
	}
	g, err := graph.ReadFile(filepath.Join(dir, name), graph.FormatTSV)
	if err != nil {
		tb.Fatal(err)
	}
	if gr, err = grammar.ParseFile(filepath.Join(dir, "vf.cfg"), grammar.FormatPOCR); err != nil {
		tb.Fatal(err)
	}
	if norm, err = gr.Normalize(); err != nil {
		tb.Fatal(err)
	}
	return g, gr, norm
}

// seedPending is k's seed messages as the pending messages of each
// partition, for a test that drives the kernel's partitions itself.
func seedPending(k *Kernel) [][][]byte {
	pending := make([][][]byte, k.NumPartitions())
	for q, m := range k.Seed() {
		if m != nil {
			pending[q] = append(pending[q], m)
		}
	}
	return pending
}

// records returns every vertex's record, by partition.
func (c *codecCorpus) records() [][]vrec {
	recs := make([][]vrec, len(c.parts))
	for i, P := range c.parts {
		for v := P.p.lo; v < P.p.hi; v++ {
			if !P.Empty(v) {
				recs[i] = append(recs[i], vrec{v, P.AppendVertex(nil, v)})
			}
		}
	}
	return recs
}

type vrec struct {
	v   uint32
	rec []byte
}

// codecElems is s's elements, ascending, and whether it is a roaring
// bitmap.
func codecElems(s vset) ([]uint32, bool) {
	xs := s.AppendTo(nil)
	slices.Sort(xs)
	b, ok := s.(*bitmap)
	return xs, ok && b.b != nil
}

// checkSameLists checks that partitions p and q (of one kernel) hold the
// same processed sets for v, in the same representation.
func checkSameLists(t *testing.T, p, q *partition, v uint32) {
	t.Helper()
	for s := range 2 {
		a, b := p.list(v, side(s)).ents, q.list(v, side(s)).ents
		var la, lb []slot
		for _, sl := range a {
			if sl.e.all.Len() > 0 {
				la = append(la, sl)
			}
		}
		for _, sl := range b {
			if sl.e.all.Len() > 0 {
				lb = append(lb, sl)
			}
		}
		if len(la) != len(lb) {
			t.Fatalf("vertex %d side %d: %d labels, want %d", v, s, len(lb), len(la))
		}
		for i := range la {
			xa, ra := codecElems(la[i].e.all)
			xb, rb := codecElems(lb[i].e.all)
			if la[i].label != lb[i].label || !slices.Equal(xa, xb) || ra != rb {
				t.Fatalf("vertex %d side %d label %d: %v (roaring %v), want label %d %v (roaring %v)", v, s, lb[i].label, xb, rb, la[i].label, xa, ra)
			}
		}
	}
}

// TestCodecPOCR checks, on a solved POCR graph's records and messages, that
// the encoders write the bytes the previous ones wrote (the store's format
// is unchanged), that decoding gives back the sets and the representation
// the previous decoder gave, and that decode(encode(x)) == x.
func TestCodecPOCR(t *testing.T) {
	c := solveCorpus(t, "gzip.vfg", 3)
	ctx := context.Background()
	_ = ctx
	nrec, nroaring := 0, 0
	for i, recs := range c.records() {
		P := c.parts[i]
		fresh, old := c.k.NewPartition(i), c.k.NewPartition(i)
		for _, r := range recs {
			if want := P.oldAppendVertex(nil, r.v); !bytes.Equal(r.rec, want) {
				t.Fatalf("vertex %d: AppendVertex wrote %x, the previous encoder %x", r.v, r.rec, want)
			}
			// A stored record is framed (fragments.go): one fragment here.
			if err := fresh.Load(r.v, append(binary.BigEndian.AppendUint32(nil, uint32(len(r.rec))), r.rec...)); err != nil {
				t.Fatalf("vertex %d: %v", r.v, err)
			}
			if err := old.p.oldDecodeInto(r.v, r.rec); err != nil {
				t.Fatalf("vertex %d: previous decoder: %v", r.v, err)
			}
			checkSameLists(t, P.p, fresh.p, r.v)
			checkSameLists(t, old.p, fresh.p, r.v)
			if again := fresh.AppendVertex(nil, r.v); !bytes.Equal(again, r.rec) {
				t.Fatalf("vertex %d: re-encoding the decoded record differs", r.v)
			}
			nrec++
			nroaring += bytes.Count(r.rec, []byte{tagRoaring}) // rough
		}
	}
	for _, b := range c.boxes {
		P := c.parts[0]
		enc := P.p.encodeOutbox(nil, &b.box)
		if want := P.p.oldEncodeOutbox(nil, &b.box); !bytes.Equal(enc, want) {
			t.Fatalf("encodeOutbox wrote %d bytes, unlike the previous encoder", len(enc))
		}
		q := c.parts[b.q].p
		var got, want outbox
		if err := q.decodeOutbox(enc, &got); err != nil {
			t.Fatal(err)
		}
		if err := q.oldDecodeOutbox(enc, &want); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.halves, b.box.halves) || len(got.sets) != len(b.box.sets) {
			t.Fatalf("decodeOutbox: %d halves, %d sets, want %d, %d", len(got.halves), len(got.sets), len(b.box.halves), len(b.box.sets))
		}
		for i, m := range got.sets {
			xa, _ := codecElems(b.box.sets[i].set)
			xb, rb := codecElems(m.set)
			_, rw := codecElems(want.sets[i].set)
			if m.v != b.box.sets[i].v || m.label != b.box.sets[i].label || !slices.Equal(xa, xb) || rb != rw {
				t.Fatalf("decodeOutbox: set %d differs", i)
			}
		}
	}
	t.Logf("%d records, %d messages", nrec, len(c.boxes))
}

// codecSets are sets of every kind the encoding meets: small slices
// (unsorted), hash sets past smallMax (written as tagSmall), and roaring
// bitmaps with array, bitmap and run containers, with fewer and more than
// four containers (roaring writes offsets for runs only from four on).
func codecSets() []vset {
	r := rand.New(rand.NewPCG(1, 2))
	var sets []vset
	sets = append(sets, &bitmap{small: []uint32{}}, &bitmap{small: []uint32{7}}, &bitmap{small: []uint32{9, 3, 1 << 31, 0, 4}})
	h := &hashSet{}
	for range 40 {
		h.Add(r.Uint32N(1 << 20))
	}
	sets = append(sets, h)
	for _, tc := range []struct {
		n, span uint32
		runs    bool
	}{
		{17, 1 << 16, false}, {300, 1 << 18, false}, {5000, 1 << 16, false}, {20000, 1 << 17, false},
		{3000, 1 << 22, false}, {100, 1<<32 - 1, false}, {200, 1 << 17, true}, {70000, 1 << 20, true},
		{9000, 1 << 16, true}, {40, 1 << 20, true},
	} {
		b := roaring.New()
		for range tc.n {
			b.Add(r.Uint32N(tc.span))
		}
		if tc.runs {
			b.AddRange(uint64(tc.span/2), uint64(tc.span/2+5000))
			b.RunOptimize()
		}
		sets = append(sets, &bitmap{b: b})
	}
	return sets
}

// TestCodecSets checks the set encoding against the previous one on sets
// of every kind, and that decoding gives the set back.
func TestCodecSets(t *testing.T) {
	var buf []uint32
	for i, s := range codecSets() {
		got, _ := appendSet([]byte{0xaa}, s, buf)
		want, _ := oldAppendSet([]byte{0xaa}, s, buf)
		if !bytes.Equal(got, want) {
			t.Fatalf("set %d: encoding differs from the previous encoder", i)
		}
		var d setDecoder
		b := &bitmap{}
		rest, err := decodeSetInto(b, append(got[1:], 0x55), &d)
		if err != nil || !bytes.Equal(rest, []byte{0x55}) {
			t.Fatalf("set %d: decode: %v, rest %x", i, err, rest)
		}
		old := &bitmap{}
		if _, err := oldDecodeSetInto(old, got[1:]); err != nil {
			t.Fatal(err)
		}
		xs, _ := codecElems(s)
		xb, rb := codecElems(b)
		_, ro := codecElems(old)
		if !slices.Equal(xs, xb) || rb != ro {
			t.Fatalf("set %d: decoded %d elements (roaring %v), want %d (roaring %v)", i, len(xb), rb, len(xs), ro)
		}
		// The decoded set must not use the caller's bytes (pebble
		// reuses them).
		clear(got)
		if xb, _ := codecElems(b); !slices.Equal(xs, xb) {
			t.Fatalf("set %d: the decoded set changed with its input", i)
		}
		got, _ = appendSet([]byte{0xaa}, s, buf)
		// Growing a decoded bitmap must not write into the bytes of the
		// sets decoded after it from the same record.
		if rb {
			c := &bitmap{}
			two := append(slices.Clone(got[1:]), got[1:]...)
			var d setDecoder
			rest, err := decodeSetInto(b, two, &d)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := decodeSetInto(c, rest, &d); err != nil {
				t.Fatal(err)
			}
			for x := range uint32(70000) {
				b.Add(x * 61)
			}
			b.b.RunOptimize()
			if xc, _ := codecElems(c); !slices.Equal(xc, xs) {
				t.Fatalf("set %d: growing one decoded set changed the next", i)
			}
		}
	}
}

// checkSameDecode decodes data as a vertex record and as messages with the
// previous decoders and the present ones: both must fail, or both give the
// same sets.
func checkSameDecode(t *testing.T, p *partition, data []byte) {
	t.Helper()
	orig := slices.Clone(data)
	type got struct {
		l    uint32
		s    side
		xs   []uint32
		roar bool
	}
	collect := func(dec func([]byte, uint32, func(uint32, side) *bitmap, func(uint32, side, *bitmap)) error) ([]got, error) {
		var gs []got
		err := dec(data, 5, func(uint32, side) *bitmap { return &bitmap{} }, func(l uint32, s side, b *bitmap) {
			xs, r := codecElems(b)
			gs = append(gs, got{l, s, xs, r})
		})
		return gs, err
	}
	a, errA := collect(oldDecodeVertex)
	for _, slab := range []bool{false, true} {
		b, errB := collect(func(rec []byte, nl uint32, into func(uint32, side) *bitmap, after func(uint32, side, *bitmap)) error {
			if slab {
				into = nil // decodeVertex's own bitmaps
			}
			return decodeVertex(rec, nl, into, after)
		})
		if (errA == nil) != (errB == nil) || errB != nil && !errors.Is(errB, ErrMalformed) {
			t.Fatalf("record %x: error %v, previous decoder %v", data, errB, errA)
		}
		if errA == nil && !slices.EqualFunc(a, b, func(x, y got) bool {
			return x.l == y.l && x.s == y.s && x.roar == y.roar && slices.Equal(x.xs, y.xs)
		}) {
			t.Fatalf("record %x: decoded %v, previous decoder %v", data, b, a)
		}
	}
	var ba, bb outbox
	errA, errB := p.oldDecodeOutbox(data, &ba), p.decodeOutbox(data, &bb)
	if (errA == nil) != (errB == nil) || errB != nil && !errors.Is(errB, ErrMalformed) {
		t.Fatalf("messages %x: error %v, previous decoder %v", data, errB, errA)
	}
	if errA == nil {
		if !slices.Equal(ba.halves, bb.halves) || len(ba.sets) != len(bb.sets) {
			t.Fatalf("messages %x: decoded differently", data)
		}
		for i := range ba.sets {
			xa, ra := codecElems(ba.sets[i].set)
			xb, rb := codecElems(bb.sets[i].set)
			if ba.sets[i].v != bb.sets[i].v || ba.sets[i].label != bb.sets[i].label || !slices.Equal(xa, xb) || ra != rb {
				t.Fatalf("messages %x: set %d decoded differently", data, i)
			}
		}
	}
	if !bytes.Equal(data, orig) {
		t.Fatalf("decoding changed its input")
	}
}

// codecFuzzPartition is a partition of 2^32-1 vertices and 5 labels, so
// that messages to any vertex decode.
func codecFuzzPartition() *partition {
	e := &engine{n: 1<<32 - 1}
	e.rules = &rules{labels: make([]label, 5)}
	return &partition{lo: 0, hi: 1<<32 - 1, eng: e}
}

// codecSeeds are records and messages made of codecSets, those whose
// encoding takes at most max bytes.
func codecSeeds(max int) [][]byte {
	var seeds [][]byte
	var buf []uint32
	var sets []vset
	for _, s := range codecSets() {
		if enc, _ := appendSet(nil, s, nil); len(enc) <= max {
			sets = append(sets, s)
		}
	}
	// A record per set (on side out, then side in), and one of them all.
	all := []byte{byte(len(sets) % 5)}
	for i, s := range sets {
		rec := []byte{1, byte(i % 5)}
		rec, buf = appendSet(rec, s, buf)
		seeds = append(seeds, append(rec, 0), append([]byte{0}, rec...))
		if i < len(sets)%5 {
			all = append(all, byte(i))
			all, buf = appendSet(all, s, buf)
		}
	}
	seeds = append(seeds, append(all, 0))
	// Messages: a table of all the sets, one message per set, two halves.
	msg := []byte{byte(len(sets))}
	for _, s := range sets {
		msg, buf = appendSet(msg, s, buf)
	}
	msg = append(msg, byte(len(sets)))
	for i := range sets {
		msg = append(msg, byte(i), byte(i%5), byte(i))
	}
	msg = append(msg, 2, 1, 2, 3, 4, 0x81, 0x80, 0x80, 0x80, 0x08, 6)
	return append(seeds, msg)
}

// TestCodecMalformed checks that the decoders reject every truncation and
// many corruptions of valid records and messages exactly as the previous
// ones did (FuzzCodecDecode explores further).
func TestCodecMalformed(t *testing.T) {
	p := codecFuzzPartition()
	r := rand.New(rand.NewPCG(3, 4))
	for _, seed := range codecSeeds(1 << 20) {
		checkSameDecode(t, p, seed)
		// Every truncation of the short seeds, a sample of the long ones'.
		for n := range len(seed) {
			if len(seed) < 1<<10 || r.IntN(len(seed)>>8) == 0 {
				checkSameDecode(t, p, seed[:n])
			}
		}
		for range 100 {
			d := slices.Clone(seed)
			for range 1 + r.IntN(3) {
				d[r.IntN(len(d))] = byte(r.Uint32())
			}
			checkSameDecode(t, p, d)
		}
	}
}

// FuzzCodecDecode compares the decoders with the previous ones on arbitrary
// bytes: the same errors and the same sets, and never a panic.
// The seeds leave out the largest sets: the fuzzer spends its time
// minimizing inputs that large.
func FuzzCodecDecode(f *testing.F) {
	for _, s := range codecSeeds(9000) {
		f.Add(s)
	}
	p := codecFuzzPartition()
	f.Fuzz(func(t *testing.T, data []byte) {
		checkSameDecode(t, p, data)
	})
}

// TestCodecRoaringInPlace checks that roaring reads a set's containers in
// place from the decoder's copy (through sliceInput's ByteInput methods)
// rather than through a reader that allocates each one: a set of 16 array
// containers takes the bitmap, its three slices and 16 container headers.
// Should a roaring upgrade stop finding those methods, decoding stays
// correct (it reads through Read) but slower, and this test says so.
func TestCodecRoaringInPlace(t *testing.T) {
	b := roaring.New()
	for c := range uint32(16) {
		b.AddMany([]uint32{c<<16 | 1, c<<16 | 100, c<<16 | 7000})
	}
	enc, _ := appendSet(nil, &bitmap{b: b}, nil)
	d := setDecoder{in: &sliceInput{}, roar: make([]byte, 0, len(enc))}
	allocs := testing.AllocsPerRun(100, func() {
		d.roar = d.roar[:0]
		if _, err := decodeSetInto(&bitmap{}, enc, &d); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 16+5 {
		t.Errorf("decoding a roaring set of 16 containers allocates %v times; want at most 21", allocs)
	}
}
