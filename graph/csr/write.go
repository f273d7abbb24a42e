package csr

import (
	"encoding/binary"
	"fmt"
	"github.com/cflr/cflr/internal/atomicfile"
	"io"
	"math"
	"strconv"
)

// Write stores g at path in format f (FormatAuto: from the name). Every
// writer goes through a temporary file in the same directory and renames it
// into place, so a failed write leaves nothing half-written. FormatG2Miner
// takes a prefix and writes PREFIX.meta.txt, .vertex.bin, .edge.bin (and
// .vlabel.bin when g has labels).
func Write(path string, g *Graph, f Format) error {
	if f == FormatAuto {
		f = DetectFormat(path)
	}
	switch f {
	case FormatEL, FormatWEL, FormatSNAP:
		weighted := f == FormatWEL
		if weighted && g.Weights == nil {
			return fmt.Errorf("%s: .wel needs a weighted graph", path)
		}
		return writeAtomic(path, func(w io.Writer) error { return writeEL(w, g, weighted) })
	case FormatBCSR, FormatBWCSR:
		return writeAtomic(path, func(w io.Writer) error { return WriteBCSR(w, g, f == FormatBWCSR) })
	case FormatG2Miner:
		return WriteG2Miner(g2Prefix(path), g)
	case FormatCFLR:
		return WriteCFLR(path, g)
	}
	return fmt.Errorf("%s: cannot write format %q", path, f)
}

// writeAtomic writes through a buffered temporary file and renames it to path
// only when fill and the flush and close all succeed.
func writeAtomic(path string, fill func(io.Writer) error) error {
	if err := atomicfile.Write(path, fill); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

func writeEL(w io.Writer, g *Graph, weighted bool) error {
	var buf []byte
	for v := uint32(0); v < g.N; v++ {
		for i := g.Offsets[v]; i < g.Offsets[v+1]; i++ {
			buf = strconv.AppendUint(buf[:0], uint64(v), 10)
			buf = append(buf, ' ')
			buf = strconv.AppendUint(buf, uint64(g.Adj[i]), 10)
			if weighted {
				buf = append(buf, ' ')
				buf = strconv.AppendUint(buf, uint64(g.Weights[i]), 10)
			}
			buf = append(buf, '\n')
			if _, err := w.Write(buf); err != nil {
				return err
			}
		}
	}
	return nil
}

// WriteBCSR writes Subway's binary CSR (see FormatBCSR). Its offsets are
// 32-bit, so graphs with 2^32 edges or more cannot be written.
func WriteBCSR(w io.Writer, g *Graph, weighted bool) error {
	m := g.NumEdges()
	if m >= math.MaxUint32 {
		return fmt.Errorf("%d edges: Subway's .bcsr holds fewer than 2^32", m)
	}
	if weighted && g.Weights == nil {
		return fmt.Errorf(".bwcsr needs a weighted graph")
	}
	var b [8]byte
	binary.LittleEndian.PutUint32(b[:], g.N)
	binary.LittleEndian.PutUint32(b[4:], uint32(m))
	if _, err := w.Write(b[:]); err != nil {
		return err
	}
	for v := uint32(0); v < g.N; v++ {
		binary.LittleEndian.PutUint32(b[:], uint32(g.Offsets[v]))
		if _, err := w.Write(b[:4]); err != nil {
			return err
		}
	}
	for i, d := range g.Adj {
		binary.LittleEndian.PutUint32(b[:], d)
		k := 4
		if weighted {
			binary.LittleEndian.PutUint32(b[4:], g.Weights[i])
			k = 8
		}
		if _, err := w.Write(b[:k]); err != nil {
			return err
		}
	}
	return nil
}

// WriteG2Miner writes GraphMiner/G2Miner's binary CSR under prefix.
func WriteG2Miner(prefix string, g *Graph) error {
	var maxDeg uint64
	for v := uint32(0); v < g.N; v++ {
		maxDeg = max(maxDeg, g.Degree(v))
	}
	if err := writeAtomic(prefix+".vertex.bin", func(w io.Writer) error {
		var b [8]byte
		for _, o := range g.Offsets {
			binary.LittleEndian.PutUint64(b[:], o)
			if _, err := w.Write(b[:]); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		return err
	}
	if err := writeAtomic(prefix+".edge.bin", func(w io.Writer) error {
		var b [4]byte
		for _, d := range g.Adj {
			binary.LittleEndian.PutUint32(b[:], d)
			if _, err := w.Write(b[:]); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		return err
	}
	if g.Labels != nil {
		if err := writeAtomic(prefix+".vlabel.bin", func(w io.Writer) error {
			for v, l := range g.Labels {
				if l > 255 {
					return fmt.Errorf("vertex %d: label %d does not fit G2Miner's 1-byte labels", v, l)
				}
				if _, err := w.Write([]byte{byte(l)}); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			return err
		}
	}
	// The meta file goes last: a reader finding it knows the rest is there.
	return writeAtomic(prefix+".meta.txt", func(w io.Writer) error {
		_, err := fmt.Fprintf(w, "%d\n%d\n4 8 1 2\n%d\n0\n0\n0\n", g.N, g.NumEdges(), maxDeg)
		return err
	})
}
