package csr

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"testing"
)

// The loading benchmarks run on an R-MAT graph (scale CFLR_BENCH_SCALE,
// default 18; BENCHMARKS.md quotes scale 20) written once per run in each
// format. b.SetBytes makes `go test -bench` print MB/s of file read.
//
//	go test -run X -bench 'Load|Parse|Prep' ./graph/csr
var benchFiles = sync.OnceValues(func() (map[string]string, error) {
	scale := 18
	if s, err := strconv.Atoi(os.Getenv("CFLR_BENCH_SCALE")); err == nil {
		scale = s
	}
	g, err := Generate(GenOptions{Scale: scale, Seed: 1})
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "cflr-csr-bench")
	if err != nil {
		return nil, err
	}
	files := map[string]string{}
	for _, name := range []string{"g.bcsr", "g.el", "g.cflr", "g2"} {
		p := filepath.Join(dir, name)
		f := FormatAuto
		if name == "g2" {
			f = FormatG2Miner
		}
		if err := Write(p, g, f); err != nil {
			return nil, err
		}
		files[name] = p
	}
	// SNAP with its "n m" header, 1-based, as the shared SNAP copies are.
	snap := filepath.Join(dir, "g.txt")
	err = writeAtomic(snap, func(w io.Writer) error {
		fmt.Fprintf(w, "%d %d\n", g.N, g.NumEdges())
		var buf []byte
		for _, e := range g.Edges() {
			buf = strconv.AppendUint(buf[:0], uint64(e.Src)+1, 10)
			buf = append(buf, '\t')
			buf = strconv.AppendUint(buf, uint64(e.Dst)+1, 10)
			buf = append(buf, '\n')
			if _, err := w.Write(buf); err != nil {
				return err
			}
		}
		return nil
	})
	files["g.txt"] = snap
	return files, err
})

// benchFile returns the path of a benchmark file and sets the bytes per
// operation to its size.
func benchFile(b *testing.B, name string) string {
	files, err := benchFiles()
	if err != nil {
		b.Fatal(err)
	}
	p, size := files[name], int64(0)
	if name == "g2" {
		for _, ext := range []string{".vertex.bin", ".edge.bin"} {
			st, _ := os.Stat(p + ext)
			size += st.Size()
		}
	} else {
		st, err := os.Stat(p)
		if err != nil {
			b.Fatal(err)
		}
		size = st.Size()
	}
	b.SetBytes(size)
	return p
}

// BenchmarkLoad: Read from the page cache to a validated Graph (text
// formats: parse and build).
func BenchmarkLoad(b *testing.B) {
	for _, name := range []string{"g.bcsr", "g2", "g.cflr", "g.el", "g.txt"} {
		b.Run(name, func(b *testing.B) {
			p := benchFile(b, name)
			f := FormatAuto
			if name == "g2" {
				f = FormatG2Miner
			}
			for b.Loop() {
				if _, err := Read(p, ReadOptions{Format: f}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkParse: text in memory to an edge list, the parallel parsers
// beside the sequential ones they replaced (ref-*, which also build), and
// the .bcsr stream reader beside the reference decoder.
func BenchmarkParse(b *testing.B) {
	for _, name := range []string{"g.el", "g.txt"} {
		data, err := os.ReadFile(benchFile(b, name))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				var err error
				if name == "g.el" {
					_, _, err = elEdges(data, name, false)
				} else {
					_, _, _, err = snapEdges(data, name, BaseAuto)
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("ref-"+name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				var err error
				r := bufio.NewReaderSize(bytes.NewReader(data), 1<<20)
				if name == "g.el" {
					_, err = refReadEL(r, name, false, BuildOptions{})
				} else {
					_, err = refReadSNAP(r, name, ReadOptions{})
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	data, err := os.ReadFile(benchFile(b, "g.bcsr"))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("g.bcsr", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if _, err := ReadBCSR(bytes.NewReader(data), "g.bcsr", false); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("ref-g.bcsr", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if _, ok := refBCSR(data, false); !ok {
				b.Fatal("reference rejects the file")
			}
		}
	})
}

// BenchmarkPrep: the preparation steps on the benchmark graph (symmetric
// and simple, as cflr gen writes it) and on its orientation (directed: the
// rebuild path). Bytes are those of the graph's arrays.
func BenchmarkPrep(b *testing.B) {
	g, err := Read(benchFile(b, "g.cflr"), ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	plain := &Graph{N: g.N, Offsets: g.Offsets, Adj: g.Adj} // shape unknown
	dag := Orient(g)
	size := func(h *Graph) int64 { return int64(8*len(h.Offsets) + 4*len(h.Adj)) }
	for _, c := range []struct {
		name string
		in   *Graph
		f    func(*Graph)
	}{
		{"check-simple", plain, func(h *Graph) { h.IsSimpleUndirected() }},
		{"ref-check-bsearch", plain, func(h *Graph) { bsearchCheck(h) }},
		{"undirect-simple", plain, func(h *Graph) { Undirect(h) }},
		{"undirect-directed", dag, func(h *Graph) { Undirect(h) }},
		{"orient", g, func(h *Graph) { Orient(h) }},
		{"ref-orient-offsets", g, func(h *Graph) { orientOffsets(h) }},
		{"fromedges-sym", nil, nil},
		{"fromedges-sorted", nil, nil},
		{"fromedges-shuffled", nil, nil},
	} {
		b.Run(c.name, func(b *testing.B) {
			if c.name != "fromedges-sym" && c.f == nil {
				// An edge list as a text file holds it: sorted by source
				// (the fast path), or the same edges in random order.
				es := g.Edges()
				if c.name == "fromedges-shuffled" {
					r := rand.New(rand.NewPCG(1, 2))
					r.Shuffle(len(es), func(i, j int) { es[i], es[j] = es[j], es[i] })
				}
				b.SetBytes(int64(12 * len(es)))
				for b.Loop() {
					FromEdges(g.N, es, BuildOptions{})
				}
				return
			}
			if c.f == nil {
				es := dag.Edges()
				b.SetBytes(int64(12 * len(es)))
				for b.Loop() {
					FromEdges(g.N, es, BuildOptions{Symmetrize: true, Dedup: true, DropSelfLoops: true})
				}
				return
			}
			b.SetBytes(size(c.in))
			for b.Loop() {
				c.f(c.in)
			}
		})
	}
}

// bsearchCheck is the check kernels/mine.Undirected used: a binary search
// of N(v) for every edge (u,v), v > u, in parallel chunks of vertices.
func bsearchCheck(g *Graph) bool {
	return firstIndex(int(g.N), 1024, func(lo, hi int) int {
		for u := uint32(lo); u < uint32(hi); u++ {
			prev := int64(-1)
			for _, v := range g.Neighbors(u) {
				if int64(v) <= prev || v == u || v >= g.N {
					return int(u)
				}
				prev = int64(v)
				if v > u {
					if _, ok := slices.BinarySearch(g.Neighbors(v), u); !ok {
						return int(u)
					}
				}
			}
		}
		return -1
	}) < 0
}

// orientOffsets is Orient as kernels/mine.Orient does it, reading degrees
// from Offsets (two random reads per neighbour).
func orientOffsets(g *Graph) *Graph {
	n := g.N
	less := func(u, v uint32) bool {
		du, dv := g.Offsets[u+1]-g.Offsets[u], g.Offsets[v+1]-g.Offsets[v]
		return du < dv || (du == dv && u < v)
	}
	off := make([]uint64, uint64(n)+1)
	parallelRange(int(n), 4096, func(lo, hi int) {
		for u := uint32(lo); u < uint32(hi); u++ {
			for _, v := range g.Neighbors(u) {
				if less(u, v) {
					off[u+1]++
				}
			}
		}
	})
	for u := uint32(0); u < n; u++ {
		off[u+1] += off[u]
	}
	adj := make([]uint32, off[n])
	parallelRange(int(n), 4096, func(lo, hi int) {
		for u := uint32(lo); u < uint32(hi); u++ {
			i := off[u]
			for _, v := range g.Neighbors(u) {
				if less(u, v) {
					adj[i] = v
					i++
				}
			}
		}
	})
	return &Graph{N: n, Offsets: off, Adj: adj}
}
