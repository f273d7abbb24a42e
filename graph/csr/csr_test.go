package csr

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

const sharedGraphs = "../../../shared/data/graphs"

func mustRead(t testing.TB, path string, opt ReadOptions) *Graph {
	t.Helper()
	g, err := Read(path, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	return g
}

// undirected counts vertices with edges and undirected edges of a graph
// symmetrized without loops or duplicates.
func undirected(g *Graph) (verts int, edges uint64) {
	s := g.Symmetrized()
	for v := uint32(0); v < s.N; v++ {
		if s.Degree(v) > 0 {
			verts++
		}
	}
	return verts, s.NumEdges() / 2
}

func TestSharedGraphs(t *testing.T) {
	for _, c := range []struct {
		file         string
		verts        int
		edges        uint64
		declaredVert uint32
	}{
		{"ca-GrQc.txt", 5241, 14484, 5242},
		{"email-Enron.txt", 36692, 183831, 36692},
	} {
		path := filepath.Join(sharedGraphs, c.file)
		if _, err := os.Stat(path); err != nil {
			t.Skipf("shared data missing: %v", err)
		}
		g := mustRead(t, path, ReadOptions{})
		if g.N != c.declaredVert {
			t.Errorf("%s: N = %d, want %d from the header", c.file, g.N, c.declaredVert)
		}
		v, e := undirected(g)
		if v != c.verts || e != c.edges {
			t.Errorf("%s: %d vertices with edges, %d undirected edges; published %d, %d", c.file, v, e, c.verts, c.edges)
		}
	}
}

func TestTinyFormats(t *testing.T) {
	want := []Edge{{0, 1, 0}, {1, 2, 0}, {2, 0, 0}, {2, 3, 0}}
	for _, f := range []string{"tiny.el", "tiny-nm.txt"} {
		g := mustRead(t, filepath.Join("testdata", f), ReadOptions{})
		if got := g.Edges(); !slices.Equal(got, want) || g.N != 4 {
			t.Errorf("%s: N=%d edges %v, want 4, %v", f, g.N, got, want)
		}
	}
	g := mustRead(t, "testdata/tiny.wel", ReadOptions{})
	wantW := []Edge{{0, 1, 5}, {1, 2, 3}, {2, 0, 1}, {2, 3, 7}}
	if got := g.Edges(); !slices.Equal(got, wantW) {
		t.Errorf("wel: %v, want %v", got, wantW)
	}
	g = mustRead(t, "testdata/tiny.mtx", ReadOptions{})
	wantM := []Edge{{0, 1, 5}, {1, 0, 5}, {1, 2, 3}, {2, 1, 3}, {2, 3, 7}, {3, 2, 7}}
	if got := g.Edges(); !slices.Equal(got, wantM) || !g.IsSymmetric() {
		t.Errorf("mtx: %v, want %v", got, wantM)
	}
}

func TestRoundTrip(t *testing.T) {
	g, err := Generate(GenOptions{Scale: 8, EdgeFactor: 8, Seed: 3, MaxWeight: 100})
	if err != nil {
		t.Fatal(err)
	}
	g.Labels = make([]uint32, g.N)
	for i := range g.Labels {
		g.Labels[i] = uint32(i % 7)
	}
	dir := t.TempDir()
	for _, c := range []struct {
		name     string
		weighted bool
	}{{"g.el", false}, {"g.wel", true}, {"g.bcsr", false}, {"g.bwcsr", true}, {"g2", false}} {
		path := filepath.Join(dir, c.name)
		f := FormatAuto
		if c.name == "g2" {
			f = FormatG2Miner
		}
		if err := Write(path, g, f); err != nil {
			t.Fatal(err)
		}
		h := mustRead(t, path, ReadOptions{Format: f})
		if !slices.Equal(h.Adj, g.Adj) {
			t.Errorf("%s: adjacency differs after round trip", c.name)
		}
		// Text edge lists lose trailing isolated vertices; compare what both have.
		if !slices.Equal(h.Offsets, g.Offsets[:h.N+1]) {
			t.Errorf("%s: offsets differ", c.name)
		}
		if c.weighted != (h.Weights != nil) || (c.weighted && !slices.Equal(h.Weights, g.Weights)) {
			t.Errorf("%s: weights differ", c.name)
		}
		if c.name == "g2" && !slices.Equal(h.Labels, g.Labels) {
			t.Errorf("g2miner: labels differ")
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

func TestBadInputNamesLine(t *testing.T) {
	for _, c := range []struct {
		name, text, want string
		f                Format
	}{
		{"bad.el", "0 1\n1 x\n", "bad.el:2:", FormatEL},
		{"bad.txt", "0 1\n1 2 3 4\n", "bad.txt:2:", FormatSNAP},
		{"bad.mtx", "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n3 1\n", "bad.mtx:3:", FormatMatrixMarket},
		{"bad.wel", "0 1 -4\n", "bad.wel:1:", FormatWEL},
		{"hdr.mtx", "%%MatrixMarket matrix array real general\n", "hdr.mtx:1:", FormatMatrixMarket},
	} {
		_, err := readBytes([]byte(c.text), c.name, c.f)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want it to name %q", c.name, err, c.want)
		}
	}
	if _, err := ReadBCSR(bytes.NewReader([]byte{4, 0, 0, 0, 9, 0, 0, 0, 0, 0}), "short.bcsr", false); err == nil || !strings.Contains(err.Error(), "short.bcsr") {
		t.Errorf("truncated bcsr: %v", err)
	}
}

func readBytes(b []byte, name string, f Format) (*Graph, error) {
	r := bufio.NewReader(bytes.NewReader(b))
	switch f {
	case FormatSNAP:
		return ReadSNAP(r, name, ReadOptions{})
	case FormatEL, FormatWEL:
		return ReadEL(r, name, f == FormatWEL, BuildOptions{})
	case FormatMatrixMarket:
		return ReadMatrixMarket(r, name, BuildOptions{})
	case FormatBCSR, FormatBWCSR:
		return ReadBCSR(r, name, f == FormatBWCSR)
	}
	panic("format")
}

func TestGenerateDeterministic(t *testing.T) {
	o := GenOptions{Scale: 12, EdgeFactor: 16, Seed: 42, MaxWeight: 64}
	prev := runtime.GOMAXPROCS(1)
	a, err := Generate(o)
	runtime.GOMAXPROCS(8)
	b, err2 := Generate(o)
	runtime.GOMAXPROCS(prev)
	if err != nil || err2 != nil {
		t.Fatal(err, err2)
	}
	if !slices.Equal(a.Adj, b.Adj) || !slices.Equal(a.Offsets, b.Offsets) || !slices.Equal(a.Weights, b.Weights) {
		t.Fatal("same seed, different thread count: different graphs")
	}
	if !a.IsSymmetric() || a.Validate() != nil {
		t.Fatal("generated graph is not a valid symmetric graph")
	}
	c, _ := Generate(GenOptions{Scale: 12, EdgeFactor: 16, Seed: 43})
	if slices.Equal(a.Adj, c.Adj) {
		t.Fatal("different seeds gave the same graph")
	}
	// R-MAT is skewed: the largest degree is far above the mean; uniform is not.
	u, _ := Generate(GenOptions{Kind: "uniform", Scale: 12, EdgeFactor: 16, Seed: 42})
	if md, mu := maxDeg(a), maxDeg(u); md < 10*mu {
		t.Errorf("rmat max degree %d not skewed against uniform's %d", md, mu)
	}
}

func maxDeg(g *Graph) uint64 {
	var m uint64
	for v := uint32(0); v < g.N; v++ {
		m = max(m, g.Degree(v))
	}
	return m
}

func TestFromEdgesDedupKeepsSmallestWeight(t *testing.T) {
	g, err := FromEdges(3, []Edge{{0, 1, 9}, {0, 1, 4}, {1, 1, 2}, {2, 0, 1}, {0, 1, 6}},
		BuildOptions{Dedup: true, DropSelfLoops: true, Weighted: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []Edge{{0, 1, 4}, {2, 0, 1}}
	if got := g.Edges(); !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func FuzzReadSNAP(f *testing.F) { fuzzText(f, FormatSNAP, "tiny-nm.txt") }
func FuzzReadEL(f *testing.F)   { fuzzText(f, FormatWEL, "tiny.wel") }
func FuzzReadMTX(f *testing.F)  { fuzzText(f, FormatMatrixMarket, "tiny.mtx") }

func fuzzText(f *testing.F, format Format, seed string) {
	if b, err := os.ReadFile(filepath.Join("testdata", seed)); err == nil {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		g, err := readBytes(b, "fuzz", format)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if err := g.Validate(); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzReadBCSR: any bytes give the reference decoder's graph or an error
// naming the file, from the stream reader and from the parallel file
// loader alike; never a panic or a huge allocation (seeds: good files,
// truncated ones, and headers claiming more than the file holds).
func FuzzReadBCSR(f *testing.F) {
	g, _ := Generate(GenOptions{Scale: 3, EdgeFactor: 2, Seed: 1, MaxWeight: 3})
	for _, w := range []bool{false, true} {
		var buf bytes.Buffer
		if err := WriteBCSR(&buf, g, w); err != nil {
			f.Fatal(err)
		}
		b := buf.Bytes()
		f.Add(b, w)
		f.Add(b[:len(b)-5], w)
		lying := bytes.Clone(b)
		lying[5] = 0x40 // m claims 2^30 more edges
		f.Add(lying, w)
	}
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0}, false)
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, b []byte, w bool) {
		want, ok := refBCSR(b, w)
		g, err := ReadBCSR(bytes.NewReader(b), "fuzz", w)
		if ok != (err == nil) || ok && !sameGraph(g, want) {
			t.Fatalf("ReadBCSR: %v; reference accepts: %v", err, ok)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "fuzz") {
			t.Fatalf("error does not name the file: %v", err)
		}
		p := filepath.Join(dir, "fuzz.bcsr")
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		g, err = ReadBCSRFile(p, w)
		if ok != (err == nil) || ok && !sameGraph(g, want) {
			t.Fatalf("ReadBCSRFile: %v; reference accepts: %v", err, ok)
		}
		if err != nil && !strings.HasPrefix(err.Error(), p) {
			t.Fatalf("error does not name the file: %v", err)
		}
	})
}

// FuzzReadCFLR: any bytes give a valid graph or an error naming the file.
func FuzzReadCFLR(f *testing.F) {
	g, _ := Generate(GenOptions{Scale: 3, EdgeFactor: 2, Seed: 1, MaxWeight: 3})
	g.Labels = make([]uint32, g.N)
	dir := f.TempDir()
	p := filepath.Join(dir, "seed.cflr")
	for _, h := range []*Graph{g, Orient(Undirect(g))} {
		if err := WriteCFLR(p, h); err != nil {
			f.Fatal(err)
		}
		b, _ := os.ReadFile(p)
		f.Add(b)
		f.Add(b[:len(b)-8])
		lying := bytes.Clone(b)
		lying[27] = 1 // m claims 2^56 more edges
		f.Add(lying)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		p := filepath.Join(dir, "fuzz.cflr")
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		g, err := ReadCFLR(p)
		if err != nil {
			if !strings.HasPrefix(err.Error(), p) {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if err := g.Validate(); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzReadG2Miner: any meta.txt, vertex.bin, edge.bin and vlabel.bin give a
// valid graph or an error, never a panic or a huge allocation.
func FuzzReadG2Miner(f *testing.F) {
	g, _ := Generate(GenOptions{Scale: 3, EdgeFactor: 2, Seed: 1})
	g.Labels = make([]uint32, g.N)
	for i := range g.Labels {
		g.Labels[i] = uint32(i % 3)
	}
	dir := f.TempDir()
	if err := WriteG2Miner(filepath.Join(dir, "g"), g); err != nil {
		f.Fatal(err)
	}
	read := func(ext string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, "g"+ext))
		if err != nil {
			f.Fatal(err)
		}
		return b
	}
	f.Add(read(".meta.txt"), read(".vertex.bin"), read(".edge.bin"), read(".vlabel.bin"))
	f.Add([]byte("2\n4611686018427387904\n4 8 1 2\n1\n0\n0\n0\n"), make([]byte, 24), []byte{}, []byte{})
	f.Fuzz(func(t *testing.T, meta, vb, eb, lb []byte) {
		p := filepath.Join(t.TempDir(), "g")
		for ext, b := range map[string][]byte{".meta.txt": meta, ".vertex.bin": vb, ".edge.bin": eb, ".vlabel.bin": lb} {
			if err := os.WriteFile(p+ext, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		g, err := ReadG2Miner(p, BuildOptions{})
		if err != nil {
			return
		}
		if err := g.Validate(); err != nil {
			t.Fatal(err)
		}
	})
}
