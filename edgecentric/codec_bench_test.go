package edgecentric

import (
	"os"
	"testing"
)

// BenchmarkCodec encodes and decodes the records and messages of a POCR
// graph solved through the Kernel in four partitions (CFLR_CODEC_GRAPH, by
// default i3.vfg, the graph of issue 10; CFLR_CODEC_DIR is where the POCR
// data is, by default ../shared/data/cfl/pocr), with the present codec (new) and
// the previous one (old, codec_old_test.go) side by side. One op is every
// record (or message) once.
func BenchmarkCodec(b *testing.B) {
	name := os.Getenv("CFLR_CODEC_GRAPH")
	if name == "" {
		name = "i3.vfg"
	}
	c := solveCorpus(b, name, 4)
	recs := c.records()
	var recBytes, msgBytes int64
	for _, rs := range recs {
		for _, r := range rs {
			recBytes += int64(len(r.rec))
		}
	}
	for _, m := range c.boxes {
		msgBytes += int64(len(m.enc))
	}
	b.Logf("%s: %d bytes of records, %d messages of %d bytes", name, recBytes, len(c.boxes), msgBytes)

	for _, impl := range []string{"old", "new"} {
		b.Run("encode/"+impl, func(b *testing.B) {
			b.SetBytes(recBytes)
			b.ReportAllocs()
			var dst []byte
			for b.Loop() {
				for i, rs := range recs {
					P := c.parts[i]
					for _, r := range rs {
						if impl == "old" {
							dst = P.oldAppendVertex(dst[:0], r.v)
						} else {
							dst = P.AppendVertex(dst[:0], r.v)
						}
					}
				}
			}
		})
	}
	for _, impl := range []string{"old", "new"} {
		b.Run("decode/"+impl, func(b *testing.B) {
			b.SetBytes(recBytes)
			b.ReportAllocs()
			for b.Loop() {
				for i, rs := range recs {
					p := c.k.NewPartition(i).p
					for _, r := range rs {
						var err error
						if impl == "old" {
							err = p.oldDecodeInto(r.v, r.rec)
						} else {
							err = p.decodeInto(r.v, r.rec)
						}
						if err != nil {
							b.Fatal(err)
						}
					}
				}
			}
		})
	}
	// decodeVertex with a bitmap allocated per set by into (as its
	// callers in fragments.go and solve.go do) or with into nil.
	for _, impl := range []string{"into", "nil"} {
		b.Run("decodeVertex/"+impl, func(b *testing.B) {
			b.SetBytes(recBytes)
			b.ReportAllocs()
			nl := uint32(len(c.k.e.rules.labels))
			var into func(uint32, side) *bitmap
			if impl == "into" {
				into = func(uint32, side) *bitmap { return &bitmap{} }
			}
			n := 0
			for b.Loop() {
				for _, rs := range recs {
					for _, r := range rs {
						if err := decodeVertex(r.rec, nl, into, func(uint32, side, *bitmap) { n++ }); err != nil {
							b.Fatal(err)
						}
					}
				}
			}
		})
	}
	for _, impl := range []string{"old", "new"} {
		b.Run("encodeOutbox/"+impl, func(b *testing.B) {
			b.SetBytes(msgBytes)
			b.ReportAllocs()
			p := c.parts[0].p
			for b.Loop() {
				for i := range c.boxes {
					// Into a new slice, as TakeOutbox does.
					if impl == "old" {
						p.oldEncodeOutbox(nil, &c.boxes[i].box)
					} else {
						p.encodeOutbox(nil, &c.boxes[i].box)
					}
				}
			}
		})
	}
	for _, impl := range []string{"old", "new"} {
		b.Run("decodeOutbox/"+impl, func(b *testing.B) {
			b.SetBytes(msgBytes)
			b.ReportAllocs()
			for b.Loop() {
				for _, m := range c.boxes {
					var box outbox
					var err error
					if impl == "old" {
						err = c.parts[m.q].p.oldDecodeOutbox(m.enc, &box)
					} else {
						err = c.parts[m.q].p.decodeOutbox(m.enc, &box)
					}
					if err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
