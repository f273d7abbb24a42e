package csr

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
)

// FormatCFLR is cflr's own binary CSR (".cflr"), also the layout of the
// prepared-graph cache (see LoadPrepared). Little-endian, 8-byte aligned
// sections, so that on little-endian machines every array is read straight
// into place:
//
//	 0 magic    "CFLRCSR\x00"
//	 8 version  uint32 (cflrVersion)
//	12 flags    uint32 (bit 0 weighted, bit 1 labeled)
//	16 n        uint64 vertices
//	24 m        uint64 stored (directed) edges
//	32 form     uint32 (Form: as read, undirected, oriented)
//	36 shape    uint32 (what is known of the graph: sorted, simple undirected, oriented)
//	40 srcSize  int64  \
//	48 srcMtime int64   } the input a cache was made from (zero in a plain .cflr)
//	56 srcKey   uint64 /
//	64 offsets  uint64[n+1]
//	   adj      uint32[m], zero-padded to 8 bytes
//	   weights  uint32[m], padded (when weighted)
//	   labels   uint32[n], padded (when labeled)
//
// The shape bits are trusted when read, with a cheap check of what can be
// checked in the validation pass (sorted lists, no self-loops); symmetry is
// not re-checked, so a .cflr file should only come from cflr.
const FormatCFLR Format = "cflr"

const (
	cflrMagic   = "CFLRCSR\x00"
	cflrVersion = 1
	cflrHeader  = 64

	cflrWeighted = 1 << 0
	cflrLabeled  = 1 << 1
)

// shape records what is known of a graph's structure, so that preparation
// can skip work (set by the builders and the .cflr reader; a Graph built by
// hand has none).
type shape uint32

const (
	// shapeSorted: every neighbour list strictly increasing (no parallel edges).
	shapeSorted shape = 1 << iota
	// shapeSimple: sorted, no self-loops, every edge has its reverse (what
	// cflr mine's Undirected produces).
	shapeSimple
	// shapeOriented: the degree orientation of a simple undirected graph.
	shapeOriented
)

// cflrSource identifies the input a cache was made from.
type cflrSource struct {
	size, mtime int64
	key         uint64
}

func pad8(b uint64) uint64 { return (b + 7) &^ 7 }

// cflrSize is the file size for n vertices and m edges, or false when it
// does not fit in an int64.
func cflrSize(n, m uint64, flags uint32) (uint64, bool) {
	if n >= math.MaxUint32 || m > math.MaxInt64/16 {
		return 0, false
	}
	s := uint64(cflrHeader) + 8*(n+1) + pad8(4*m)
	if flags&cflrWeighted != 0 {
		s += pad8(4 * m)
	}
	if flags&cflrLabeled != 0 {
		s += pad8(4 * n)
	}
	return s, true
}

// WriteCFLR writes g in cflr's binary format to path, atomically.
func WriteCFLR(path string, g *Graph) error {
	return writeCFLR(path, g, FormAsRead, cflrSource{})
}

func writeCFLR(path string, g *Graph, form Form, src cflrSource) error {
	return writeAtomic(path, func(w io.Writer) error { return encodeCFLR(w, g, form, src) })
}

func encodeCFLR(w io.Writer, g *Graph, form Form, src cflrSource) error {
	var flags uint32
	if g.Weights != nil {
		flags |= cflrWeighted
	}
	if g.Labels != nil {
		flags |= cflrLabeled
	}
	var h [cflrHeader]byte
	copy(h[:], cflrMagic)
	le := binary.LittleEndian
	le.PutUint32(h[8:], cflrVersion)
	le.PutUint32(h[12:], flags)
	le.PutUint64(h[16:], uint64(g.N))
	le.PutUint64(h[24:], g.NumEdges())
	le.PutUint32(h[32:], uint32(form))
	le.PutUint32(h[36:], uint32(g.shape))
	le.PutUint64(h[40:], uint64(src.size))
	le.PutUint64(h[48:], uint64(src.mtime))
	le.PutUint64(h[56:], src.key)
	if _, err := w.Write(h[:]); err != nil {
		return err
	}
	if err := writeU64s(w, g.Offsets); err != nil {
		return err
	}
	for _, a := range [][]uint32{g.Adj, g.Weights, g.Labels} {
		if a == nil {
			continue
		}
		if err := writeU32s(w, a); err != nil {
			return err
		}
		if len(a)%2 == 1 {
			if _, err := w.Write(make([]byte, 4)); err != nil {
				return err
			}
		}
	}
	return nil
}

// writeU32s and writeU64s write little-endian arrays: one large write of the
// slice's memory on little-endian machines.
func writeU32s(w io.Writer, s []uint32) error {
	if littleEndian {
		_, err := w.Write(u32Bytes(s))
		return err
	}
	b := make([]byte, 4*min(len(s), 1<<16))
	for len(s) > 0 {
		k := min(len(s), len(b)/4)
		for i, x := range s[:k] {
			binary.LittleEndian.PutUint32(b[4*i:], x)
		}
		if _, err := w.Write(b[:4*k]); err != nil {
			return err
		}
		s = s[k:]
	}
	return nil
}

func writeU64s(w io.Writer, s []uint64) error {
	if littleEndian {
		_, err := w.Write(u64Bytes(s))
		return err
	}
	b := make([]byte, 8*min(len(s), 1<<16))
	for len(s) > 0 {
		k := min(len(s), len(b)/8)
		for i, x := range s[:k] {
			binary.LittleEndian.PutUint64(b[8*i:], x)
		}
		if _, err := w.Write(b[:8*k]); err != nil {
			return err
		}
		s = s[k:]
	}
	return nil
}

// cflrHead is a decoded .cflr header.
type cflrHead struct {
	flags uint32
	n, m  uint64
	form  Form
	shape shape
	src   cflrSource
}

func decodeCFLRHead(name string, h []byte, size int64) (cflrHead, error) {
	var c cflrHead
	if len(h) < cflrHeader || !bytes.Equal(h[:8], []byte(cflrMagic)) {
		return c, fmt.Errorf("%s: not a cflr graph file (bad magic)", name)
	}
	le := binary.LittleEndian
	if v := le.Uint32(h[8:]); v != cflrVersion {
		return c, fmt.Errorf("%s: cflr graph format version %d, this cflr reads version %d", name, v, cflrVersion)
	}
	c.flags = le.Uint32(h[12:])
	c.n, c.m = le.Uint64(h[16:]), le.Uint64(h[24:])
	c.form, c.shape = Form(le.Uint32(h[32:])), shape(le.Uint32(h[36:]))
	c.src = cflrSource{int64(le.Uint64(h[40:])), int64(le.Uint64(h[48:])), le.Uint64(h[56:])}
	if c.flags&^(cflrWeighted|cflrLabeled) != 0 || c.form > FormOriented || c.shape&^(shapeSorted|shapeSimple|shapeOriented) != 0 {
		return c, fmt.Errorf("%s: unknown flags in the header (flags %#x, form %d, shape %#x)", name, c.flags, c.form, c.shape)
	}
	want, ok := cflrSize(c.n, c.m, c.flags)
	if !ok || uint64(size) != want {
		return c, fmt.Errorf("%s: %d bytes, but its header announces %d vertices and %d edges (%d bytes): truncated or corrupt", name, size, c.n, c.m, want)
	}
	return c, nil
}

// ReadCFLR reads a graph in cflr's binary format (see FormatCFLR).
func ReadCFLR(path string) (*Graph, error) {
	g, _, err := readCFLR(path)
	return g, err
}

func readCFLR(path string) (*Graph, cflrHead, error) {
	f, size, _, err := openSized(path)
	if err != nil {
		return nil, cflrHead{}, err
	}
	defer f.Close()
	var h [cflrHeader]byte
	if _, err := io.ReadFull(io.NewSectionReader(f, 0, cflrHeader), h[:]); err != nil {
		return nil, cflrHead{}, fmt.Errorf("%s: not a cflr graph file (%d bytes)", path, size)
	}
	c, err := decodeCFLRHead(path, h[:], size)
	if err != nil {
		return nil, c, err
	}
	g := &Graph{N: uint32(c.n), Offsets: make([]uint64, c.n+1), Adj: make([]uint32, c.m)}
	off := int64(cflrHeader)
	if err := preadU64(f, off, g.Offsets); err != nil {
		return nil, c, fmt.Errorf("%s: offsets: %w", path, err)
	}
	off += int64(8 * (c.n + 1))
	read32 := func(what string, dst []uint32) error {
		if err := preadU32(f, off, dst); err != nil {
			return fmt.Errorf("%s: %s: %w", path, what, err)
		}
		off += int64(pad8(4 * uint64(len(dst))))
		return nil
	}
	if err := read32("edges", g.Adj); err != nil {
		return nil, c, err
	}
	if c.flags&cflrWeighted != 0 {
		g.Weights = make([]uint32, c.m)
		if err := read32("weights", g.Weights); err != nil {
			return nil, c, err
		}
	}
	if c.flags&cflrLabeled != 0 {
		g.Labels = make([]uint32, c.n)
		if err := read32("labels", g.Labels); err != nil {
			return nil, c, err
		}
	}
	if i := badOffset(g.Offsets, c.m); i >= 0 {
		return nil, c, fmt.Errorf("%s: offset of vertex %d (%d) is out of order or past %d edges", path, i, g.Offsets[i], c.m)
	}
	// Ids in range, and, when the header says the lists are sorted, that
	// they are (and, for simple graphs, free of self-loops): one pass.
	sorted, simple := c.shape&(shapeSorted|shapeSimple|shapeOriented) != 0, c.shape&(shapeSimple|shapeOriented) != 0
	if !sorted {
		if i := badID(g.Adj, g.N); i >= 0 {
			return nil, c, fmt.Errorf("%s: edge %d points to vertex %d, past %d vertices", path, i, g.Adj[i], g.N)
		}
	} else if v := firstIndex(int(g.N), 1<<12, func(lo, hi int) int {
		for u := lo; u < hi; u++ {
			prev := int64(-1)
			for _, d := range g.Neighbors(uint32(u)) {
				if d >= g.N || int64(d) <= prev || (simple && d == uint32(u)) {
					return u
				}
				prev = int64(d)
			}
		}
		return -1
	}); v >= 0 {
		return nil, c, fmt.Errorf("%s: neighbours of vertex %d out of range, unsorted or looping, though the header says sorted (shape %#x)", path, v, c.shape)
	}
	g.shape = c.shape
	return g, c, nil
}
