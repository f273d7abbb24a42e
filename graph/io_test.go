package graph_test

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/cflr/cflr/graph"
)

func sample() *graph.Graph {
	g := graph.New()
	g.AddEdge(0, 1, "a", graph.NoIndex)
	g.AddEdge(1, 2, "f_i", 7)
	g.AddEdge(2, 0, "-a", graph.NoIndex)
	g.AddEdge(4, 4, "b", graph.NoIndex)
	return g
}

func TestRoundTrip(t *testing.T) {
	named, err := graph.Read(strings.NewReader("x\ty\ta\ny\tz\tf_i\t3\nz\tx\tb\n"), "named.tsv", graph.FormatTSV)
	if err != nil {
		t.Fatal(err)
	}
	if named.Names == nil || named.NumVertices != 3 {
		t.Fatalf("names not interned: %+v", named)
	}
	for _, g := range []*graph.Graph{sample(), named} {
		for _, f := range []graph.Format{graph.FormatTSV, graph.FormatCSV, graph.FormatBinary, graph.FormatGraspan} {
			if f == graph.FormatGraspan {
				continue // holds no indices; tested below
			}
			var buf bytes.Buffer
			if err := graph.Write(&buf, g, f); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			back, err := graph.Read(&buf, "rt", f)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if !sameEdges(g, back) {
				t.Fatalf("%s: round trip changed the graph:\n%+v\n%+v", f, g, back)
			}
		}
	}
}

// sameEdges compares graphs by edge names, independent of label ids.
func sameEdges(a, b *graph.Graph) bool {
	str := func(g *graph.Graph) []string {
		var s []string
		for _, e := range g.Edges {
			s = append(s, g.VertexName(e.Src)+" "+g.VertexName(e.Dst)+" "+g.Labels[e.Label]+" "+string(rune(e.Index)))
		}
		return s
	}
	return reflect.DeepEqual(str(a), str(b))
}

func TestGraspanAndNames(t *testing.T) {
	g, err := graph.Read(strings.NewReader("0 1 a\n1 2 n\n"), "g.graspan", graph.FormatGraspan)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "out.graspan")
	if err := graph.WriteFile(p, g, graph.FormatGraspan); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(p)
	if string(data) != "0\t1\ta\n1\t2\tn\n" {
		t.Fatalf("got %q", data)
	}
	// Named vertices written as Graspan get ids plus a .names map.
	named, _ := graph.Read(strings.NewReader("p q a\n"), "n.tsv", graph.FormatTSV)
	if err := graph.WriteFile(p, named, graph.FormatGraspan); err != nil {
		t.Fatal(err)
	}
	names, err := os.ReadFile(p + ".names")
	if err != nil || string(names) != "0\tp\n1\tq\n" {
		t.Fatalf("names map = %q, %v", names, err)
	}
}

func TestMixedIntegersAndNames(t *testing.T) {
	g, err := graph.Read(strings.NewReader("0 1 a\n1 x a\n"), "m.tsv", graph.FormatTSV)
	if err != nil {
		t.Fatal(err)
	}
	if g.NumVertices != 3 || g.VertexName(2) != "x" || g.VertexName(1) != "1" {
		t.Fatalf("got %d vertices, names %v", g.NumVertices, g.Names)
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		in     string
		format graph.Format
		want   string
	}{
		{"0 1 a\n0 1\n", graph.FormatTSV, "bad.tsv:2: want \"src dst label [index]\", got 2 fields"},
		{"0 1 f_i\n", graph.FormatTSV, "bad.tsv:1: label f_i is indexed (ends in _i) but the edge has no index column"},
		{"0 1 a 3\n", graph.FormatTSV, "bad.tsv:1: label a is not indexed (does not end in _i) but the edge has index 3"},
		{"0 1 f_i x\n", graph.FormatTSV, "bad.tsv:1: bad index \"x\""},
		{"# c\n0 1 a b c\n", graph.FormatTSV, "bad.tsv:2: want"},
		{"0 99999999999 a\n", graph.FormatTSV, "bad.tsv:1: vertex 99999999999 out of range"},
		{"a b c\n", graph.FormatGraspan, "bad.tsv:1: Graspan vertices are integers"},
		{"src,dst,label\n0,1\n", graph.FormatCSV, "bad.tsv:2: want"},
		{"0,\"1,a\n", graph.FormatCSV, "bad.tsv:1:"},
		{"CFLRG\x00\x01\nxxxxxx", graph.FormatBinary, "bad.tsv: binary graph: checksum mismatch"},
		{"nope", graph.FormatBinary, "bad.tsv: binary graph: not a cflr binary graph"},
	} {
		_, err := graph.Read(strings.NewReader(tc.in), "bad.tsv", tc.format)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q as %s: err = %v, want prefix %q", tc.in, tc.format, err, tc.want)
		}
	}
}

func TestAddInverses(t *testing.T) {
	g := sample()
	if n := g.AddInverses([]string{"f_i", "b", "missing"}); n != 2 {
		t.Fatalf("added %d inverse edges, want 2", n)
	}
	last := g.Edges[len(g.Edges)-2]
	if g.Labels[last.Label] != "-f_i" || last.Src != 2 || last.Dst != 1 || last.Index != 7 {
		t.Fatalf("bad inverse edge %+v (%s)", last, g.Labels[last.Label])
	}
}

func TestAtomicWriteLeavesNothingOnError(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.graspan")
	g := sample() // has an indexed edge: graspan cannot hold it
	if err := graph.WriteFile(p, g, graph.FormatGraspan); err == nil {
		t.Fatal("want an error writing an indexed edge as graspan")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 0 {
		t.Fatalf("files left behind: %v", entries)
	}
}

func FuzzRead(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/fuzz-seed/*")
	for _, s := range seeds {
		if data, err := os.ReadFile(s); err == nil {
			f.Add(data)
		}
	}
	var buf bytes.Buffer
	graph.Write(&buf, sample(), graph.FormatBinary)
	f.Add(buf.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, format := range graph.Formats {
			g, err := graph.Read(bytes.NewReader(data), "fuzz", format)
			if err != nil {
				if !strings.HasPrefix(err.Error(), "fuzz") {
					t.Fatalf("%s: error does not name the file: %v", format, err)
				}
				continue
			}
			// Whatever parses must round-trip through the binary format.
			var out bytes.Buffer
			if err := graph.Write(&out, g, graph.FormatBinary); err != nil {
				t.Fatalf("%s: write: %v", format, err)
			}
			back, err := graph.Read(&out, "fuzz-rt", graph.FormatBinary)
			if err != nil {
				t.Fatalf("%s: reread: %v", format, err)
			}
			if len(back.Edges) != len(g.Edges) || back.NumVertices != g.NumVertices {
				t.Fatalf("%s: round trip changed the graph", format)
			}
		}
	})
}
