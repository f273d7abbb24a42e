package edgecentric_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cflr/cflr/edgecentric"
	"github.com/cflr/cflr/grammar"
	"github.com/cflr/cflr/graph"
)

// The witness tests check every witness three ways, each independent of
// the engine and of grammar normalization: its steps are input edges (or
// input edges traversed backwards, as an inverse), it spells a word that a
// chart parser over the ORIGINAL grammar derives from the queried symbol,
// and, where a brute-force shortest-derivation fixpoint (over the original
// grammar too) is affordable, it is no longer than the shortest.

// item is a symbol instantiated with an index (graph.NoIndex if none).
type item struct {
	sym int
	idx uint32
}

// letter is one step of a word: a terminal name and its index.
type letter struct {
	name string
	idx  uint32
}

type inputEdge struct {
	src, dst uint32
	name     string
	idx      uint32
}

// inputEdges is g's edges whose labels gr names, plus the inverse edges
// gr's %inverse asks graph loading to generate (for the inverses gr uses).
func inputEdges(g *graph.Graph, gr *grammar.Grammar) map[inputEdge]bool {
	inv := map[string]bool{}
	for _, s := range gr.Inverse {
		inv[gr.Name(s)] = true
	}
	m := map[inputEdge]bool{}
	for _, e := range g.Edges {
		name := g.Labels[e.Label]
		if _, ok := gr.Lookup(name); !ok {
			continue
		}
		m[inputEdge{e.Src, e.Dst, name, e.Index}] = true
		if _, ok := gr.Lookup(grammar.InverseName(name)); ok && inv[name] {
			m[inputEdge{e.Dst, e.Src, grammar.InverseName(name), e.Index}] = true
		}
	}
	return m
}

// checkPath checks that path walks from src to dst over input edges (a
// step -a(q, p) may be the input edge a(p, q) traversed backwards) and
// returns its word.
func checkPath(path []edgecentric.Edge, src, dst uint32, names *grammar.Grammar, in map[inputEdge]bool) ([]letter, error) {
	at := src
	var word []letter
	for i, e := range path {
		if e.Src != at {
			return nil, fmt.Errorf("step %d starts at %d, want %d", i, e.Src, at)
		}
		if e.Sym < 0 || e.Sym >= len(names.Symbols) {
			return nil, fmt.Errorf("step %d: symbol %d out of range", i, e.Sym)
		}
		name := names.Name(e.Sym)
		if !in[inputEdge{e.Src, e.Dst, name, e.Index}] && !in[inputEdge{e.Dst, e.Src, grammar.InverseName(name), e.Index}] {
			return nil, fmt.Errorf("step %d: %s %d→%d%s is not an input edge", i, name, e.Src, e.Dst, idxString(e.Index))
		}
		word = append(word, letter{name, e.Index})
		at = e.Dst
	}
	if at != dst {
		return nil, fmt.Errorf("path ends at %d, want %d", at, dst)
	}
	return word, nil
}

func idxString(idx uint32) string {
	if idx == graph.NoIndex {
		return ""
	}
	return fmt.Sprintf("[%d]", idx)
}

func wordString(w []letter) string {
	var parts []string
	for _, l := range w {
		parts = append(parts, l.name+idxString(l.idx))
	}
	return strings.Join(parts, " ")
}

// nullableOrig is the set of symbols of an un-normalized grammar that
// derive ε (-X when X does).
func nullableOrig(gr *grammar.Grammar) []bool {
	null := make([]bool, len(gr.Symbols))
	for changed := true; changed; {
		changed = false
		for s := range gr.Symbols {
			if b, ok := gr.ReversedNonterminal(s); ok && null[b] && !null[s] {
				null[s], changed = true, true
			}
		}
		for _, r := range gr.Rules {
			all := true
			for _, s := range r.RHS {
				all = all && null[s]
			}
			if all && !null[r.LHS] {
				null[r.LHS], changed = true, true
			}
		}
	}
	return null
}

// derives reports whether the un-normalized grammar gr derives word from
// sym with index idx. It is a chart parser over dotted rules (CYK with
// Earley items): cell [a][b] holds the items whose first dot symbols derive
// word[a:b]. A reversed nonterminal -X derives a span when X derives the
// span's inverse read backwards, so the parser fills a second chart for
// the inverted reversed word alongside.
func derives(gr *grammar.Grammar, null []bool, word []letter, sym int, idx uint32) bool {
	n := len(word)
	if n == 0 {
		return null[sym] && idx == graph.NoIndex
	}
	words := [2][]letter{word, make([]letter, n)}
	for i, l := range word {
		words[1][n-1-i] = letter{grammar.InverseName(l.name), l.idx}
	}
	type dotted struct {
		rule, dot int
		idx       uint32
	}
	cell := func(a, b int) int { return a*(n+1) + b }
	// parts: the incomplete items of a cell; done: per symbol, the indices
	// with which it derives the cell's span.
	var parts [2][][]dotted
	var done [2][]map[int][]uint32
	for t := range 2 {
		parts[t] = make([][]dotted, (n+1)*(n+1))
		done[t] = make([]map[int][]uint32, (n+1)*(n+1))
	}
	// ε-prefix items, the same at every position.
	var start []dotted
	for ri, r := range gr.Rules {
		for dot := 0; dot < len(r.RHS); dot++ {
			start = append(start, dotted{ri, dot, graph.NoIndex})
			if !null[r.RHS[dot]] {
				break
			}
		}
	}
	// spanIdx returns the indices with which symbol s derives words[t][a:b] (a < b).
	spanIdx := func(t int, s int, a, b int) []uint32 {
		if base, ok := gr.ReversedNonterminal(s); ok {
			return done[1-t][cell(n-b, n-a)][base]
		}
		if !gr.Symbols[s].Nonterminal {
			if b == a+1 && words[t][a].name == gr.Name(s) {
				return []uint32{words[t][a].idx}
			}
			return nil
		}
		return done[t][cell(a, b)][s]
	}
	for L := 1; L <= n; L++ {
		seen := make([]map[dotted]bool, 2*(n+1))
		// add records item d in cell (a, a+L) of chart t; complete items
		// go to done, incomplete ones advance over nullable symbols.
		var add func(t, a int, d dotted) bool
		add = func(t, a int, d dotted) bool {
			k := t*(n+1) + a
			if seen[k] == nil {
				seen[k] = map[dotted]bool{}
			}
			if seen[k][d] {
				return false
			}
			seen[k][d] = true
			r := gr.Rules[d.rule]
			c := cell(a, a+L)
			if d.dot == len(r.RHS) {
				ix := graph.NoIndex
				if gr.Symbols[r.LHS].Indexed {
					ix = d.idx
				}
				if done[t][c] == nil {
					done[t][c] = map[int][]uint32{}
				}
				if !slices.Contains(done[t][c][r.LHS], ix) {
					done[t][c][r.LHS] = append(done[t][c][r.LHS], ix)
				}
				return true
			}
			parts[t][c] = append(parts[t][c], d)
			if null[r.RHS[d.dot]] {
				add(t, a, dotted{d.rule, d.dot + 1, d.idx})
			}
			return true
		}
		step := func(t, a, b int, d dotted) bool {
			c := a + L
			s := gr.Rules[d.rule].RHS[d.dot]
			grew := false
			for _, ix := range spanIdx(t, s, b, c) {
				ni := d.idx
				if gr.Symbols[s].Indexed {
					if d.idx != graph.NoIndex && d.idx != ix {
						continue
					}
					ni = ix
				}
				grew = add(t, a, dotted{d.rule, d.dot + 1, ni}) || grew
			}
			return grew
		}
		// Items split into a shorter prefix and a shorter last part.
		for t := range 2 {
			for a := 0; a+L <= n; a++ {
				for b := a + 1; b < a+L; b++ {
					for _, d := range parts[t][cell(a, b)] {
						step(t, a, b, d)
					}
				}
			}
		}
		// Items whose last part spans the whole cell depend on complete
		// symbols of the same length (in either chart): iterate.
		for changed := true; changed; {
			changed = false
			for t := range 2 {
				for a := 0; a+L <= n; a++ {
					for _, d := range start {
						if step(t, a, a, d) {
							changed = true
						}
					}
				}
			}
		}
	}
	return slices.Contains(spanIdx(0, sym, 0, n), idx)
}

// shortestRef computes, by brute force over the un-normalized grammar,
// the length of the shortest word each (u, v, symbol, index) derives over
// the input edges: a Bellman-Ford fixpoint that extends each rule's
// right-hand side symbol by symbol from every vertex. Reversed
// nonterminals read their base's table transposed; ε-derivations give
// length 0 on (v, v). For small graphs only.
type shortestRef struct {
	gr   *grammar.Grammar
	n    uint32
	out  map[item][]map[uint32]int // (sym, idx) -> per source, dst -> length
	idxs []uint32
}

func newShortestRef(g *graph.Graph, gr *grammar.Grammar) *shortestRef {
	ref := &shortestRef{gr: gr, n: g.NumVertices, out: map[item][]map[uint32]int{}}
	seen := map[uint32]bool{}
	for e := range inputEdges(g, gr) {
		s, _ := gr.Lookup(e.name)
		ref.set(item{s, e.idx}, e.src, e.dst, 1)
		if e.idx != graph.NoIndex && !seen[e.idx] {
			seen[e.idx] = true
			ref.idxs = append(ref.idxs, e.idx)
		}
	}
	slices.Sort(ref.idxs)
	for changed := true; changed; {
		changed = false
		for _, r := range gr.Rules {
			choices := []uint32{graph.NoIndex}
			for _, s := range r.RHS {
				if gr.Symbols[s].Indexed {
					choices = ref.idxs
					break
				}
			}
			for _, ix := range choices {
				lhs := item{r.LHS, graph.NoIndex}
				if gr.Symbols[r.LHS].Indexed {
					lhs.idx = ix
				}
				for u := range ref.n {
					cur := map[uint32]int{u: 0}
					for _, s := range r.RHS {
						si := graph.NoIndex
						if gr.Symbols[s].Indexed {
							si = ix
						}
						next := map[uint32]int{}
						for a, da := range cur {
							for b, db := range ref.from(item{s, si}, a) {
								if old, ok := next[b]; !ok || da+db < old {
									next[b] = da + db
								}
							}
						}
						cur = next
						if len(cur) == 0 {
							break
						}
					}
					for v, d := range cur {
						if ref.set(lhs, u, v, d) {
							changed = true
						}
					}
				}
			}
		}
	}
	return ref
}

func (ref *shortestRef) set(it item, u, v uint32, d int) bool {
	rows := ref.out[it]
	if rows == nil {
		rows = make([]map[uint32]int, ref.n)
		ref.out[it] = rows
	}
	if rows[u] == nil {
		rows[u] = map[uint32]int{}
	}
	if old, ok := rows[u][v]; ok && old <= d {
		return false
	}
	rows[u][v] = d
	return true
}

// from returns the lengths from u under it (reading -X from X's table).
func (ref *shortestRef) from(it item, u uint32) map[uint32]int {
	if base, ok := ref.gr.ReversedNonterminal(it.sym); ok {
		m := map[uint32]int{}
		for v, row := range ref.out[item{base, it.idx}] {
			if d, ok := row[u]; ok {
				m[uint32(v)] = d
			}
		}
		return m
	}
	if rows := ref.out[it]; rows != nil {
		return rows[u]
	}
	return nil
}

func (ref *shortestRef) length(it item, u, v uint32) (int, bool) {
	d, ok := ref.from(it, u)[v]
	return d, ok
}

// witnessCheck holds what checking a graph's witnesses needs.
type witnessCheck struct {
	orig  *grammar.Grammar
	null  []bool
	in    map[inputEdge]bool
	maxCY int // words longer than this skip the chart parser
}

// check verifies one witness and returns its length.
func (c *witnessCheck) check(w *edgecentric.WitnessFinder, u, v uint32, s int, idx uint32) (int, error) {
	what := fmt.Sprintf("%s %d→%d%s", c.orig.Name(s), u, v, idxString(idx))
	path, err := w.Witness(u, v, s, idx)
	if err != nil {
		return 0, fmt.Errorf("%s: %v", what, err)
	}
	word, err := checkPath(path, u, v, w.Grammar(), c.in)
	if err != nil {
		return 0, fmt.Errorf("%s: witness %v: %v", what, path, err)
	}
	if len(word) <= c.maxCY && !derives(c.orig, c.null, word, s, idx) {
		return 0, fmt.Errorf("%s: the grammar does not derive the witness's word %q", what, wordString(word))
	}
	return len(word), nil
}

func TestWitnessRandom(t *testing.T) {
	iters := 150
	if testing.Short() {
		iters = 50
	}
	r := rand.New(rand.NewPCG(7, 9))
	checked, witnesses, reversed, nonEmpty := 0, 0, 0, 0
	for i := 0; checked < iters && i < 50*iters; i++ {
		src := randomGrammar(r)
		gr, err := grammar.Parse("random.cfg", []byte(src))
		if err != nil {
			t.Fatalf("generated grammar does not parse: %v\n%s", err, src)
		}
		if _, err := gr.Normalize(); err != nil {
			continue
		}
		g := randomGraph(r)
		ref := newShortestRef(g, gr)
		c := &witnessCheck{orig: gr, null: nullableOrig(gr), in: inputEdges(g, gr), maxCY: 1 << 30}
		fail := func(format string, args ...any) {
			t.Helper()
			var eb strings.Builder
			graph.Write(&eb, g, graph.FormatTSV)
			t.Fatalf("case %d: %s\ngrammar:\n%s\ngraph:\n%s", i, fmt.Sprintf(format, args...), src, eb.String())
		}
		// Witnesses must not depend on the configuration or the thread
		// and partition counts: compare every configuration's on some
		// cases.
		cfgs := configs()[:1]
		if checked%10 == 0 {
			cfgs = configs()
		}
		var first map[string][]edgecentric.Edge
		for ci, o := range cfgs {
			o := o
			o.Threads, o.Partitions = 1+ci%2, 1+ci%5
			res, err := edgecentric.Solve(context.Background(), g, gr, &o)
			if err != nil {
				t.Fatal(err)
			}
			w := res.Witnesses()
			ng := res.Grammar()
			got := map[string][]edgecentric.Edge{}
			for s := range gr.Symbols {
				_, isRev := gr.ReversedNonterminal(s)
				// Every (u, v, index) the reference derives must have a
				// witness of exactly the shortest length; every other
				// must be refused.
				idxs := []uint32{graph.NoIndex}
				if gr.Symbols[s].Indexed {
					idxs = slices.Concat(ref.idxs, []uint32{7}) // 7: an index no edge has
				}
				for _, ix := range idxs {
					for u := range g.NumVertices {
						for v := range g.NumVertices {
							want, ok := ref.length(item{s, ix}, u, v)
							if !ok {
								if _, err := w.Witness(u, v, s, ix); !errors.Is(err, edgecentric.ErrNotInClosure) {
									fail("%s %d→%d%s: reference derives nothing, Witness err = %v", gr.Name(s), u, v, idxString(ix), err)
								}
								continue
							}
							if u == v && ng.Nullable[s] {
								if p, err := w.Witness(u, v, s, ix); err != nil || p == nil || len(p) != 0 {
									fail("%s %d→%d: nullable self-loop: witness %v, %v; want an empty path", gr.Name(s), u, v, p, err)
								}
							}
							n, err := c.check(w, u, v, s, ix)
							if err != nil {
								fail("%v", err)
							}
							if n != want {
								p, _ := w.Witness(u, v, s, ix)
								fail("%s %d→%d%s: witness of length %d (%v), shortest is %d", gr.Name(s), u, v, idxString(ix), n, p, want)
							}
							if ci == 0 {
								witnesses++
								if n > 0 {
									nonEmpty++
									if isRev {
										reversed++
									}
								}
							}
							p, _ := w.Witness(u, v, s, ix)
							got[fmt.Sprint(u, v, s, ix)] = p
						}
					}
				}
			}
			if first == nil {
				first = got
			} else if fmt.Sprint(got) != fmt.Sprint(first) {
				fail("%s: witnesses differ from %s's", o.Config(), cfgs[0].Config())
			}
		}
		checked++
	}
	t.Logf("%d random cases, %d witnesses (%d non-empty, %d of reversed nonterminals)", checked, witnesses, nonEmpty, reversed)
	// Guard against a generator that only makes trivial cases.
	if nonEmpty < 20*checked || reversed < checked {
		t.Fatalf("random cases too small: %d non-empty witnesses, %d reversed, over %d cases", nonEmpty, reversed, checked)
	}
}

// pocrWitnessGraphs are the POCR graphs the witness test samples: the
// small ones always, namd.vfg without -short, and the large ones (tens of
// millions of closure edges, minutes each) only with CFLR_CHECK_POCR=1, as
// make check-pocr runs.
func pocrWitnessGraphs() []string {
	gs := []string{"art.peg", "art.vfg", "bzip2.peg", "bzip2.vfg", "gzip.peg", "gzip.vfg", "astar.peg", "astar.vfg", "namd.peg", "crafty.peg"}
	if !testing.Short() {
		gs = append(gs, "namd.vfg")
	}
	if os.Getenv("CFLR_CHECK_POCR") == "1" {
		gs = append(gs, "crafty.vfg", "i3.peg", "psql.peg", "i3.vfg", "psql.vfg")
	}
	return gs
}

func TestWitnessPOCR(t *testing.T) {
	for _, name := range pocrWitnessGraphs() {
		t.Run(name, func(t *testing.T) {
			gname := "aa.cfg"
			if filepath.Ext(name) == ".vfg" {
				gname = "vf.cfg"
			}
			g, gr := load(t, name, gname)
			res, err := edgecentric.Solve(context.Background(), g, gr, &edgecentric.Options{Threads: 2})
			if err != nil {
				t.Fatal(err)
			}
			c := &witnessCheck{orig: gr, null: nullableOrig(gr), in: inputEdges(g, gr), maxCY: 120}
			var ref *shortestRef
			if name == "art.peg" {
				ref = newShortestRef(g, gr)
			}
			w := res.Witnesses()
			perSym := 40
			if res.Stats.Stored > 5_000_000 {
				perSym = 10
			}
			start := time.Now()
			total, longest, parsed := 0, 0, 0
			for s, sym := range gr.Symbols {
				if !sym.Nonterminal {
					continue
				}
				cnt := res.Count(s)
				if cnt == 0 {
					continue
				}
				stride := max(1, cnt/int64(perSym))
				var k int64
				var sample []edgecentric.Edge
				res.ForEach(s, func(e edgecentric.Edge) {
					if k%stride == stride/2 {
						sample = append(sample, e)
					}
					k++
				})
				for _, e := range sample {
					n, err := c.check(w, e.Src, e.Dst, s, e.Index)
					if err != nil {
						t.Fatal(err)
					}
					total++
					longest = max(longest, n)
					if n <= c.maxCY {
						parsed++
					}
					if ref != nil {
						want, ok := ref.length(item{s, e.Index}, e.Src, e.Dst)
						if !ok || want != n {
							t.Fatalf("%s %d→%d%s: witness of length %d, reference shortest %d (%v)", gr.Name(s), e.Src, e.Dst, idxString(e.Index), n, want, ok)
						}
					}
				}
			}
			if total == 0 || parsed < total/2 {
				t.Fatalf("%d witnesses checked, %d parsed", total, parsed)
			}
			t.Logf("%d witnesses (%d parsed), longest %d edges, %s", total, parsed, longest, time.Since(start).Round(time.Millisecond))
		})
	}
}

// TestWitnessErrors checks refusals: edges outside the closure, unknown
// symbols and vertices.
func TestWitnessErrors(t *testing.T) {
	gr, err := grammar.Parse("t.cfg", []byte("%count S\nS ::= a S b | ε\n"))
	if err != nil {
		t.Fatal(err)
	}
	g := graph.New()
	g.AddEdge(0, 1, "a", graph.NoIndex)
	g.AddEdge(1, 2, "a", graph.NoIndex)
	g.AddEdge(2, 3, "b", graph.NoIndex)
	g.AddEdge(3, 4, "b", graph.NoIndex)
	g.NumVertices = 5
	res, err := edgecentric.Solve(context.Background(), g, gr, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := res.Grammar().Lookup("S")
	a, _ := res.Grammar().Lookup("a")
	b, _ := res.Grammar().Lookup("b")
	w := res.Witnesses()
	p, err := w.Witness(0, 4, s, graph.NoIndex)
	want := []edgecentric.Edge{{0, 1, a, graph.NoIndex}, {1, 2, a, graph.NoIndex}, {2, 3, b, graph.NoIndex}, {3, 4, b, graph.NoIndex}}
	if err != nil || !slices.Equal(p, want) {
		t.Fatalf("S 0→4: %v, %v; want %v", p, err, want)
	}
	if p, err := res.Witness(1, 3, s, graph.NoIndex); err != nil || len(p) != 2 {
		t.Fatalf("S 1→3: %v, %v", p, err)
	}
	if p, err := w.Witness(2, 2, s, graph.NoIndex); err != nil || p == nil || len(p) != 0 {
		t.Fatalf("S 2→2 (ε): %v, %v; want an empty path", p, err)
	}
	for _, q := range []struct {
		u, v uint32
		s    int
		idx  uint32
	}{{0, 3, s, graph.NoIndex}, {4, 0, s, graph.NoIndex}, {0, 4, s, 3}, {1, 0, a, graph.NoIndex}} {
		if _, err := w.Witness(q.u, q.v, q.s, q.idx); !errors.Is(err, edgecentric.ErrNotInClosure) {
			t.Errorf("%d→%d sym %d: err = %v, want ErrNotInClosure", q.u, q.v, q.s, err)
		}
	}
	if _, err := w.Witness(0, 5, s, graph.NoIndex); err == nil {
		t.Error("vertex out of range: no error")
	}
	if _, err := w.Witness(0, 4, 99, graph.NoIndex); err == nil {
		t.Error("symbol out of range: no error")
	}
}

// TestWitnessReversed checks a reversed nonterminal over a terminal the
// grammar names no inverse for: the witness steps are -b, a symbol only
// w.Grammar() has.
func TestWitnessReversed(t *testing.T) {
	gr, err := grammar.Parse("t.cfg", []byte("%count T\nX ::= b | X b\nT ::= a -X\n"))
	if err != nil {
		t.Fatal(err)
	}
	g := graph.New()
	g.AddEdge(0, 1, "a", graph.NoIndex)
	g.AddEdge(3, 2, "b", graph.NoIndex)
	g.AddEdge(2, 1, "b", graph.NoIndex)
	g.NumVertices = 4
	res, err := edgecentric.Solve(context.Background(), g, gr, nil)
	if err != nil {
		t.Fatal(err)
	}
	w := res.Witnesses()
	tt, _ := res.Grammar().Lookup("T")
	p, err := w.Witness(0, 3, tt, graph.NoIndex)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range p {
		got = append(got, fmt.Sprintf("%s(%d,%d)", w.Grammar().Name(e.Sym), e.Src, e.Dst))
	}
	if want := "a(0,1) -b(1,2) -b(2,3)"; strings.Join(got, " ") != want {
		t.Fatalf("T 0→3: %s, want %s", strings.Join(got, " "), want)
	}
	if _, ok := res.Grammar().Lookup("-b"); ok {
		t.Fatal("the result's grammar was extended")
	}
}

// TestDerivesRecognizer checks the test's own chart parser on words with
// known answers, so that a parser accepting everything cannot pass.
func TestDerivesRecognizer(t *testing.T) {
	gr, err := grammar.Parse("t.cfg", []byte(`%count S
S ::= a S b | ε
T ::= a -X
X ::= b | X b
P_i ::= f_i S g_i
Q ::= P_i P_i
`))
	if err != nil {
		t.Fatal(err)
	}
	null := nullableOrig(gr)
	L := func(s string) []letter {
		var w []letter
		for _, f := range strings.Fields(s) {
			name, idx, ok := strings.Cut(f, "@")
			l := letter{name, graph.NoIndex}
			if ok {
				fmt.Sscan(idx, &l.idx)
			}
			w = append(w, l)
		}
		return w
	}
	sym := func(name string) int { s, _ := gr.Lookup(name); return s }
	for _, tc := range []struct {
		sym  string
		idx  uint32
		word string
		want bool
	}{
		{"S", graph.NoIndex, "", true},
		{"S", graph.NoIndex, "a a b b", true},
		{"S", graph.NoIndex, "a b b", false},
		{"S", graph.NoIndex, "b a", false},
		{"T", graph.NoIndex, "a -b -b", true},
		{"T", graph.NoIndex, "a b", false},
		{"T", graph.NoIndex, "a", false},
		{"-X", graph.NoIndex, "-b -b -b", true},
		{"-X", graph.NoIndex, "b", false},
		{"P_i", 3, "f_i@3 a b g_i@3", true},
		{"P_i", 3, "f_i@3 a b g_i@4", false},
		{"P_i", 4, "f_i@3 g_i@3", false},
		{"Q", graph.NoIndex, "f_i@1 g_i@1 f_i@1 a b g_i@1", true},
		{"Q", graph.NoIndex, "f_i@1 g_i@1 f_i@2 g_i@2", false},
	} {
		if got := derives(gr, null, L(tc.word), sym(tc.sym), tc.idx); got != tc.want {
			t.Errorf("%s%s derives %q = %v, want %v", tc.sym, idxString(tc.idx), tc.word, got, tc.want)
		}
	}
}

// BenchmarkWitness reports, on mid-size POCR graphs, the one-time cost of
// a WitnessFinder's tables for the %count symbol (prep-ms beside the
// solve's own solve-ms, and the heap the tables hold per stored closure
// edge) and the time per query over a fixed sample of about 1000 of that
// symbol's closure edges.
func BenchmarkWitness(b *testing.B) {
	for _, tc := range []struct{ graph, grammar string }{
		{"gzip.vfg", "vf.cfg"}, {"astar.vfg", "vf.cfg"}, {"namd.peg", "aa.cfg"}, {"namd.vfg", "vf.cfg"},
	} {
		g, gr := load(b, tc.graph, tc.grammar)
		res, err := edgecentric.Solve(context.Background(), g, gr, &edgecentric.Options{Threads: 2})
		if err != nil {
			b.Fatal(err)
		}
		sym := res.Grammar().Count[0]
		var sample []edgecentric.Edge
		stride := max(1, res.Count(sym)/1000)
		var k int64
		res.ForEach(sym, func(e edgecentric.Edge) {
			if k%stride == 0 {
				sample = append(sample, e)
			}
			k++
		})
		b.Run(tc.graph+"/prepare", func(b *testing.B) {
			var ms runtime.MemStats
			var held float64
			var prep time.Duration
			n := 0
			for b.Loop() {
				// The forced collections that measure the heap the tables
				// hold are left out of prep-ms.
				runtime.GC()
				runtime.ReadMemStats(&ms)
				before := ms.HeapAlloc
				start := time.Now()
				w := res.Witnesses()
				if err := w.Prepare(sym); err != nil {
					b.Fatal(err)
				}
				prep += time.Since(start)
				n++
				runtime.GC()
				runtime.ReadMemStats(&ms)
				held = float64(ms.HeapAlloc) - float64(before)
				runtime.KeepAlive(w)
			}
			b.ReportMetric(float64(prep.Milliseconds())/float64(n), "prep-ms")
			b.ReportMetric(held/float64(res.Stats.Stored), "B/stored-edge")
			b.ReportMetric(float64(res.Stats.Stored), "stored-edges")
			b.ReportMetric(float64(res.Stats.Elapsed.Milliseconds()), "solve-ms")
		})
		b.Run(tc.graph+"/query", func(b *testing.B) {
			w := res.Witnesses()
			if err := w.Prepare(sym); err != nil {
				b.Fatal(err)
			}
			// One op answers the whole sample.
			steps, i := 0, 0
			for b.Loop() {
				for _, e := range sample {
					p, err := w.Witness(e.Src, e.Dst, sym, e.Index)
					if err != nil {
						b.Fatal(err)
					}
					steps += len(p)
					i++
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(i), "us/query")
			b.ReportMetric(float64(steps)/float64(i), "steps/query")
		})
	}
}

// TestWitnessNonterminalInput: an input edge labeled with a nonterminal is
// in the closure but has no derivation from terminals; Witness says so
// rather than returning a wrong path or claiming it is not in the closure.
func TestWitnessNonterminalInput(t *testing.T) {
	gr, err := grammar.Parse("t.cfg", []byte("%count S\nS ::= a | S b\n"))
	if err != nil {
		t.Fatal(err)
	}
	g := graph.New()
	g.AddEdge(0, 1, "S", graph.NoIndex)
	g.AddEdge(1, 2, "b", graph.NoIndex)
	g.AddEdge(3, 4, "a", graph.NoIndex)
	g.NumVertices = 5
	res, err := edgecentric.Solve(context.Background(), g, gr, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := res.Grammar().Lookup("S")
	if p, err := res.Witness(3, 4, s, graph.NoIndex); err != nil || len(p) != 1 {
		t.Fatalf("S 3→4: %v, %v", p, err)
	}
	for _, v := range []uint32{1, 2} {
		_, err := res.Witness(0, v, s, graph.NoIndex)
		if err == nil || errors.Is(err, edgecentric.ErrNotInClosure) {
			t.Errorf("S 0→%d: err = %v, want a no-derivation error", v, err)
		}
	}
}

// TestWitnessLargerGraphs checks witnesses of every closure edge against
// the brute force on random graphs larger than the property test's, under
// the grammars the project ships: longer derivations, many indices (so
// that joins scan a vertex's labels instead of a label's rules), and
// reversed nonterminals in the points-to grammar.
func TestWitnessLargerGraphs(t *testing.T) {
	type tc struct {
		grammar string
		labels  []string
		n, idx  int // vertices (about), indices
	}
	vf := `%count A
A ::= A A | CA_i ret_i | a | ε
CA_i ::= call_i A
`
	cases := []tc{
		{"../testdata/grammars/alias.cfg", []string{"a", "d", "f_i"}, 30, 12},
		{"vf", []string{"a", "a", "call_i", "ret_i"}, 30, 12},
		{"../frontend/grammars/pointsto.cfg", []string{"new", "new", "assign", "assign", "load_i", "store_i", "fa_i", "fld_i", "load", "store"}, 12, 3},
	}
	r := rand.New(rand.NewPCG(3, 4))
	rounds := 4
	if testing.Short() {
		rounds = 2
	}
	for _, c := range cases {
		var gr *grammar.Grammar
		var err error
		if c.grammar == "vf" {
			gr, err = grammar.Parse("vf.cfg", []byte(vf))
		} else {
			gr, err = grammar.ParseFile(c.grammar, "")
		}
		if err != nil {
			t.Fatal(err)
		}
		nonEmpty, backward := 0, 0
		for round := range rounds {
			g := graph.New()
			n := c.n + r.IntN(c.n/2)
			for range 4 * n {
				l := c.labels[r.IntN(len(c.labels))]
				idx := graph.NoIndex
				if graph.IsIndexedLabel(l) {
					idx = uint32(r.IntN(c.idx))
				}
				g.AddEdge(uint32(r.IntN(n)), uint32(r.IntN(n)), l, idx)
			}
			g.NumVertices = uint32(n)
			ref := newShortestRef(g, gr)
			res, err := edgecentric.Solve(context.Background(), g, gr, &edgecentric.Options{Threads: 2})
			if err != nil {
				t.Fatal(err)
			}
			ck := &witnessCheck{orig: gr, null: nullableOrig(gr), in: inputEdges(g, gr), maxCY: 30}
			w := res.Witnesses()
			for it, rows := range ref.out {
				if !gr.Symbols[it.sym].Nonterminal {
					continue
				}
				for u, row := range rows {
					for v, want := range row {
						got, err := ck.check(w, uint32(u), v, it.sym, it.idx)
						if err != nil {
							t.Fatalf("%s round %d: %v", c.grammar, round, err)
						}
						if got != want {
							t.Fatalf("%s round %d: %s %d→%d%s: witness of length %d, shortest is %d", c.grammar, round, gr.Name(it.sym), u, v, idxString(it.idx), got, want)
						}
						if got > 0 {
							nonEmpty++
						}
						if p, _ := w.Witness(uint32(u), v, it.sym, it.idx); slices.ContainsFunc(p, func(e edgecentric.Edge) bool { return e.Sym >= len(gr.Symbols) }) {
							backward++ // a step only w.Grammar() names: -X walked backwards
						}
					}
				}
			}
			// Every closure edge of a nonterminal has a brute-force length.
			for s, sym := range gr.Symbols {
				if !sym.Nonterminal {
					continue
				}
				res.ForEach(s, func(e edgecentric.Edge) {
					if _, ok := ref.length(item{s, e.Index}, e.Src, e.Dst); !ok {
						t.Fatalf("%s: closure edge %s %d→%d has no brute-force derivation", c.grammar, gr.Name(s), e.Src, e.Dst)
					}
				})
			}
		}
		if nonEmpty < 100*rounds || (strings.Contains(c.grammar, "pointsto") && backward == 0) {
			t.Fatalf("%s: only %d non-empty witnesses, %d walking edges backwards", c.grammar, nonEmpty, backward)
		}
		t.Logf("%s: %d non-empty witnesses, %d walking edges backwards", c.grammar, nonEmpty, backward)
	}
}
