package csr

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
)

// ReadBCSRFile reads Subway's binary CSR (.bcsr, or .bwcsr when weighted)
// from path at memory speed: the header is checked against the file's size
// before anything is allocated, then offsets and destinations are read in
// parallel blocks straight into the graph's arrays and validated in
// parallel. Trailing bytes after the arrays are ignored, as Subway does.
func ReadBCSRFile(path string, weighted bool) (*Graph, error) {
	f, size, regular, err := openSized(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if !regular {
		return ReadBCSR(f, path, weighted)
	}
	var hdr [8]byte
	if _, err := f.ReadAt(hdr[:], 0); err != nil {
		return nil, fmt.Errorf("%s: header: %w", path, io.ErrUnexpectedEOF)
	}
	n, m := binary.LittleEndian.Uint32(hdr[:]), binary.LittleEndian.Uint32(hdr[4:])
	per := uint64(4)
	if weighted {
		per = 8
	}
	need := 8 + 4*uint64(n) + per*uint64(m) // at most 48 GB: no overflow
	if uint64(size) < need {
		return nil, fmt.Errorf("%s: %d bytes, but its header announces %d vertices and %d edges (%d bytes): truncated, or not a .%s file",
			path, size, n, m, need, map[bool]string{false: "bcsr", true: "bwcsr"}[weighted])
	}
	g := &Graph{N: n, Offsets: make([]uint64, uint64(n)+1)}
	err = preadRecords(f, 8, int(n), 4, func(lo int, b []byte) {
		o := g.Offsets[lo : lo+len(b)/4]
		for i := range o {
			o[i] = uint64(binary.LittleEndian.Uint32(b[4*i:]))
		}
	})
	if err != nil {
		return nil, fmt.Errorf("%s: offsets: %w", path, err)
	}
	g.Offsets[n] = uint64(m)
	if err := checkBCSROffsets(path, g); err != nil {
		return nil, err
	}
	g.Adj = make([]uint32, m)
	eoff := 8 + 4*int64(n)
	if weighted {
		g.Weights = make([]uint32, m)
		err = preadRecords(f, eoff, int(m), 8, func(lo int, b []byte) {
			a, w := g.Adj[lo:lo+len(b)/8], g.Weights[lo:lo+len(b)/8]
			for i := range a {
				a[i] = binary.LittleEndian.Uint32(b[8*i:])
				w[i] = binary.LittleEndian.Uint32(b[8*i+4:])
			}
		})
	} else {
		err = preadU32(f, eoff, g.Adj)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: edges: %w", path, err)
	}
	return g, checkBCSRIDs(path, g)
}

// ReadBCSR parses Subway's binary CSR (.bcsr, or .bwcsr when weighted) from
// a stream; name is used in errors. Read and ReadBCSRFile read files faster.
func ReadBCSR(r io.Reader, name string, weighted bool) (*Graph, error) {
	var hdr [8]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return nil, fmt.Errorf("%s: header: %w", name, err)
	}
	n, m := binary.LittleEndian.Uint32(hdr[:]), binary.LittleEndian.Uint32(hdr[4:])
	offs, err := readU32sInto(r, uint64(n))
	if err != nil {
		return nil, fmt.Errorf("%s: offsets: %w", name, err)
	}
	g := &Graph{N: n, Offsets: make([]uint64, uint64(n)+1)}
	parallelRange(int(n), 1<<16, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			g.Offsets[i] = uint64(offs[i])
		}
	})
	offs = nil
	g.Offsets[n] = uint64(m)
	if err := checkBCSROffsets(name, g); err != nil {
		return nil, err
	}
	words := uint64(m)
	if weighted {
		words *= 2
	}
	raw, err := readU32sInto(r, words)
	if err != nil {
		return nil, fmt.Errorf("%s: edges: %w", name, err)
	}
	if weighted {
		g.Adj = make([]uint32, m)
		g.Weights = make([]uint32, m)
		parallelRange(int(m), 1<<16, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				g.Adj[i], g.Weights[i] = raw[2*i], raw[2*i+1]
			}
		})
	} else {
		g.Adj = raw
	}
	return g, checkBCSRIDs(name, g)
}

func checkBCSROffsets(name string, g *Graph) error {
	if v := badOffset(g.Offsets, g.Offsets[g.N]); v >= 0 {
		return fmt.Errorf("%s: offset of vertex %d (%d) is out of order or past %d edges", name, v, g.Offsets[v], g.Offsets[g.N])
	}
	return nil
}

func checkBCSRIDs(name string, g *Graph) error {
	if i := badID(g.Adj, g.N); i >= 0 {
		return fmt.Errorf("%s: edge %d points to vertex %d, past %d vertices", name, i, g.Adj[i], g.N)
	}
	return nil
}

// ReadG2Miner reads PREFIX.meta.txt, PREFIX.vertex.bin, PREFIX.edge.bin and,
// when present, PREFIX.vlabel.bin. bo is applied only when it asks for
// something (the files are normally symmetric and clean already). File
// sizes are checked against meta.txt before anything is allocated; the
// arrays are read in parallel blocks straight into the graph.
func ReadG2Miner(prefix string, bo BuildOptions) (*Graph, error) {
	meta := prefix + ".meta.txt"
	mb, err := os.ReadFile(meta)
	if err != nil {
		return nil, err
	}
	var nums []uint64
	for i, line := range strings.Split(string(mb), "\n") {
		for _, w := range strings.Fields(line) {
			v, err := strconv.ParseUint(w, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: bad number %q", meta, i+1, w)
			}
			nums = append(nums, v)
		}
	}
	if len(nums) < 6 {
		return nil, fmt.Errorf("%s: want n, m, vid/eid/vlabel/elabel sizes, max degree", meta)
	}
	n, m := nums[0], nums[1]
	if nums[2] != 4 || nums[3] != 8 {
		return nil, fmt.Errorf("%s: vertex id size %d and edge id size %d: only 4 and 8 are supported", meta, nums[2], nums[3])
	}
	if n > math.MaxUint32 {
		return nil, fmt.Errorf("%s: %d vertices: more than 32-bit ids allow", meta, n)
	}
	vf, vsize, _, err := openSized(prefix + ".vertex.bin")
	if err != nil {
		return nil, err
	}
	defer vf.Close()
	if uint64(vsize) != 8*(n+1) {
		return nil, fmt.Errorf("%s.vertex.bin: %d bytes, want %d for %d vertices", prefix, vsize, 8*(n+1), n)
	}
	ef, esize, _, err := openSized(prefix + ".edge.bin")
	if err != nil {
		return nil, err
	}
	defer ef.Close()
	if esize%4 != 0 || uint64(esize/4) != m { // not 4*m: it overflows for absurd m
		return nil, fmt.Errorf("%s.edge.bin: %d bytes, want %d for %d edges", prefix, esize, 4*m, m)
	}
	g := &Graph{N: uint32(n), Offsets: make([]uint64, n+1)}
	if err := preadU64(vf, 0, g.Offsets); err != nil {
		return nil, fmt.Errorf("%s.vertex.bin: %w", prefix, err)
	}
	if i := badOffset(g.Offsets, m); i >= 0 {
		if i == int(n) && g.Offsets[n] <= m && (n == 0 || g.Offsets[n] >= g.Offsets[n-1]) {
			return nil, fmt.Errorf("%s.vertex.bin: last offset %d, want %d", prefix, g.Offsets[n], m)
		}
		return nil, fmt.Errorf("%s.vertex.bin: offset %d (%d) out of order or past %d edges", prefix, i, g.Offsets[i], m)
	}
	g.Adj = make([]uint32, m)
	if err := preadU32(ef, 0, g.Adj); err != nil {
		return nil, fmt.Errorf("%s.edge.bin: %w", prefix, err)
	}
	if i := badID(g.Adj, g.N); i >= 0 {
		return nil, fmt.Errorf("%s.edge.bin: edge %d points to %d, past %d vertices", prefix, i, g.Adj[i], n)
	}
	if lf, lsize, _, err := openSized(prefix + ".vlabel.bin"); err == nil {
		defer lf.Close()
		if uint64(lsize) != n {
			return nil, fmt.Errorf("%s.vlabel.bin: %d bytes, want %d (one per vertex)", prefix, lsize, n)
		}
		g.Labels = make([]uint32, n)
		if err := preadRecords(lf, 0, int(n), 1, func(lo int, b []byte) {
			for i, l := range b {
				g.Labels[lo+i] = uint32(l)
			}
		}); err != nil {
			return nil, fmt.Errorf("%s.vlabel.bin: %w", prefix, err)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	if bo.Symmetrize || bo.Dedup || bo.DropSelfLoops {
		labels := g.Labels
		g, err = FromEdges(g.N, g.Edges(), bo)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", prefix, err)
		}
		g.Labels = labels
	}
	return g, nil
}
