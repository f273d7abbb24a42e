package edgecentric_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/cflr/cflr/edgecentric"
	"github.com/cflr/cflr/edgecentric/reference"
	"github.com/cflr/cflr/grammar"
	"github.com/cflr/cflr/graph"
)

const pocrDir = "../../shared/data/cfl/pocr"

func pocr(t testing.TB, name string) string {
	t.Helper()
	p := filepath.Join(pocrDir, name)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("%s not available: %v", p, err)
	}
	return p
}

// closure is a solved closure as a comparable set over the grammar's
// original (non-fresh) symbols, with ε self-loops made explicit.
type closure map[reference.Edge]bool

func engineClosure(t testing.TB, res *edgecentric.Result, orig *grammar.Grammar, n uint32) closure {
	t.Helper()
	ng := res.Grammar()
	c := closure{}
	for s := range orig.Symbols {
		name := orig.Name(s)
		id, ok := ng.Lookup(name)
		if !ok {
			continue
		}
		res.ForEach(id, func(e edgecentric.Edge) {
			c[reference.Edge{Src: e.Src, Dst: e.Dst, Sym: s, Index: e.Index}] = true
		})
		if ng.Nullable[id] {
			for v := range n {
				c[reference.Edge{Src: v, Dst: v, Sym: s, Index: graph.NoIndex}] = true
			}
		}
	}
	return c
}

func referenceClosure(t testing.TB, g *graph.Graph, gr *grammar.Grammar) closure {
	t.Helper()
	all, b, err := reference.Solve(g, gr)
	if err != nil {
		t.Fatal(err)
	}
	c := closure{}
	for e := range all {
		if b.Symbols[e.Sym].Fresh {
			continue
		}
		// Map binarized ids back to gr's ids (they coincide for
		// non-fresh symbols, which keep their ids).
		c[e] = true
	}
	return c
}

// fingerprint is an order-independent digest of a closure: comparing
// digests is much cheaper than comparing sets of millions of edges, and a
// mismatch falls back to a full diff for the message.
type fingerprint struct {
	n        int
	sum, xor uint64
}

func mix(e reference.Edge) uint64 {
	h := uint64(e.Src)*0x9e3779b97f4a7c15 ^ uint64(e.Dst)*0xc2b2ae3d27d4eb4f ^
		uint64(e.Sym)*0x165667b19e3779f9 ^ uint64(e.Index)*0x27d4eb2f165667c5
	h ^= h >> 31
	h *= 0x94d049bb133111eb
	return h ^ h>>29
}

func (c closure) fingerprint() fingerprint {
	var f fingerprint
	for e := range c {
		f.add(e)
	}
	return f
}

func (f *fingerprint) add(e reference.Edge) {
	h := mix(e)
	f.n++
	f.sum += h
	f.xor ^= h
}

func fingerprintOf(t testing.TB, res *edgecentric.Result, orig *grammar.Grammar, n uint32) fingerprint {
	var f fingerprint
	ng := res.Grammar()
	for s := range orig.Symbols {
		id, ok := ng.Lookup(orig.Name(s))
		if !ok {
			continue
		}
		nullable := ng.Nullable[id]
		res.ForEach(id, func(e edgecentric.Edge) {
			if nullable && e.Src == e.Dst {
				return // counted below with the ε self-loops
			}
			f.add(reference.Edge{Src: e.Src, Dst: e.Dst, Sym: s, Index: e.Index})
		})
		if nullable {
			for v := range n {
				f.add(reference.Edge{Src: v, Dst: v, Sym: s, Index: graph.NoIndex})
			}
		}
	}
	return f
}

func diff(a, b closure, gr *grammar.Grammar) string {
	var s string
	n := 0
	for e := range a {
		if !b[e] {
			if n < 10 {
				s += fmt.Sprintf("  only in engine: %d->%d %s[%d]\n", e.Src, e.Dst, gr.Name(e.Sym), int32(e.Index))
			}
			n++
		}
	}
	for e := range b {
		if !a[e] {
			if n < 20 {
				s += fmt.Sprintf("  only in reference: %d->%d %s[%d]\n", e.Src, e.Dst, gr.Name(e.Sym), int32(e.Index))
			}
			n++
		}
	}
	if n > 0 {
		s = fmt.Sprintf("%d differences (engine %d, reference %d):\n", n, len(a), len(b)) + s
	}
	return s
}

// configs is every configuration the engine offers.
func configs() []edgecentric.Options {
	var cs []edgecentric.Options
	for _, m := range []edgecentric.Model{edgecentric.ECM, edgecentric.VCM} {
		for _, noIdx := range []bool{false, true} {
			for _, sets := range []edgecentric.SetKind{edgecentric.Bitmaps, edgecentric.HashSets} {
				cs = append(cs, edgecentric.Options{Model: m, NoIndex: noIdx, Sets: sets})
			}
		}
	}
	return cs
}

func load(t testing.TB, graphName, grammarName string) (*graph.Graph, *grammar.Grammar) {
	t.Helper()
	g, err := graph.ReadFile(pocr(t, graphName), graph.FormatTSV)
	if err != nil {
		t.Fatal(err)
	}
	gr, err := grammar.ParseFile(pocr(t, grammarName), grammar.FormatPOCR)
	if err != nil {
		t.Fatal(err)
	}
	return g, gr
}

func TestPOCRAnchors(t *testing.T) {
	for _, tc := range []struct {
		graph, grammar string
		want           int64
	}{
		{"art.peg", "aa.cfg", 242},
		{"art.vfg", "vf.cfg", 43671},
	} {
		g, gr := load(t, tc.graph, tc.grammar)
		for _, o := range configs() {
			o := o
			o.Threads = 2
			res, err := edgecentric.Solve(context.Background(), g, gr, &o)
			if err != nil {
				t.Fatal(err)
			}
			if got := res.CountEdges(); got != tc.want {
				t.Errorf("%s %s: CountEdges = %d, want %d", tc.graph, o.Config(), got, tc.want)
			}
		}
	}
}

func TestPOCRAgainstReference(t *testing.T) {
	graphs := []string{"art.peg", "art.vfg", "bzip2.peg", "gzip.peg", "astar.peg", "bzip2.vfg"}
	if !testing.Short() {
		graphs = append(graphs, "gzip.vfg", "astar.vfg")
	}
	for _, name := range graphs {
		gname := "aa.cfg"
		if filepath.Ext(name) == ".vfg" {
			gname = "vf.cfg"
		}
		t.Run(name, func(t *testing.T) {
			g, gr := load(t, name, gname)
			want := referenceClosure(t, g, gr)
			wantFP := want.fingerprint()
			for _, o := range configs() {
				for _, threads := range []int{1, 2} {
					for _, parts := range []int{1, 3, 16} {
						o := o
						o.Threads, o.Partitions = threads, parts
						res, err := edgecentric.Solve(context.Background(), g, gr, &o)
						if err != nil {
							t.Fatal(err)
						}
						if fingerprintOf(t, res, gr, g.NumVertices) == wantFP {
							continue
						}
						got := engineClosure(t, res, gr, g.NumVertices)
						t.Fatalf("%s threads=%d partitions=%d: %s", o.Config(), threads, parts, diff(got, want, gr))
					}
				}
			}
		})
	}
}

// TestAliasGrammarMatchesPOCR checks the grammar language and generated
// inverse edges end to end: testdata/grammars/alias.cfg (cflr's language,
// -a/-d/-f_i generated) gives exactly the V relation of POCR's aa.cfg
// (abar/dbar/fbar_i edges from the file).
func TestAliasGrammarMatchesPOCR(t *testing.T) {
	ours, err := grammar.ParseFile("../testdata/grammars/alias.cfg", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"art.peg", "bzip2.peg", "gzip.peg"} {
		g, theirs := load(t, name, "aa.cfg")
		vOf := func(gr *grammar.Grammar) map[edgecentric.Edge]bool {
			res, err := edgecentric.Solve(context.Background(), g, gr, &edgecentric.Options{Threads: 2})
			if err != nil {
				t.Fatal(err)
			}
			v, _ := res.Grammar().Lookup("V")
			m := map[edgecentric.Edge]bool{}
			res.ForEach(v, func(e edgecentric.Edge) { e.Sym = 0; m[e] = true })
			return m
		}
		a, b := vOf(ours), vOf(theirs)
		if len(a) != len(b) || len(a) == 0 {
			t.Fatalf("%s: %d V edges with alias.cfg, %d with aa.cfg", name, len(a), len(b))
		}
		for e := range a {
			if !b[e] {
				t.Fatalf("%s: V edge %v only with alias.cfg", name, e)
			}
		}
	}
}
