package mine

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/cflr/cflr/graph/csr"
)

// randomTreePattern is a connected pattern of n vertices (a random tree plus
// each other pair with probability p), labels in [0, nl).
func randomTreePattern(r *rand.Rand, n int, p float64, nl int) Pattern {
	q := Pattern{N: n, Labels: make([]uint32, n)}
	for v := 1; v < n; v++ {
		q.AddEdge(v, r.IntN(v))
	}
	for u := 0; u < n; u++ {
		for v := u + 1; v < n; v++ {
			if r.Float64() < p {
				q.AddEdge(u, v)
			}
		}
	}
	for v := range q.Labels {
		q.Labels[v] = uint32(r.IntN(nl))
	}
	return q
}

// permuted is p with its vertices renumbered by a random permutation.
func permuted(r *rand.Rand, p Pattern) Pattern {
	perm := r.Perm(p.N)
	q := Pattern{N: p.N, Labels: make([]uint32, p.N)}
	for u := 0; u < p.N; u++ {
		q.Labels[perm[u]] = p.Labels[u]
		for v := u + 1; v < p.N; v++ {
			if p.Adjacent(u, v) {
				q.AddEdge(perm[u], perm[v])
			}
		}
	}
	return q
}

// allDFSCodes calls f with every DFS code of the connected graph g: every
// sequence of rightmost extensions (backward from the rightmost vertex to
// the rightmost path, forward from the rightmost path) that covers g's
// edges, from every first edge. The reference for minCode's greedy.
func allDFSCodes(g codeGraph, f func(dfsCode)) {
	m := 0
	for v := 0; v < g.n; v++ {
		m += popcount16(g.adj[v])
	}
	m /= 2
	var fmap [MaxPatternSize]int
	var rec func(code dfsCode, used uint16, cadj [MaxPatternSize]uint16, rp []int, nv int)
	rec = func(code dfsCode, used uint16, cadj [MaxPatternSize]uint16, rp []int, nv int) {
		if len(code) == m {
			f(slices.Clone(code))
			return
		}
		rmv := rp[len(rp)-1]
		for _, w := range rp[:len(rp)-1] {
			if cadj[rmv]>>w&1 == 0 && g.adj[fmap[rmv]]>>fmap[w]&1 != 0 {
				e := dfsEdge{I: int8(rmv), J: int8(w), LI: g.lab[fmap[rmv]], LE: g.el[fmap[rmv]][fmap[w]], LJ: g.lab[fmap[w]]}
				c := cadj
				c[rmv] |= 1 << w
				c[w] |= 1 << rmv
				rec(append(code, e), used, c, rp, nv)
			}
		}
		for i, v := range rp {
			for y := 0; y < g.n; y++ {
				if g.adj[fmap[v]]>>y&1 == 0 || used>>y&1 != 0 {
					continue
				}
				e := dfsEdge{I: int8(v), J: int8(nv), LI: g.lab[fmap[v]], LE: g.el[fmap[v]][y], LJ: g.lab[y]}
				c := cadj
				c[v] |= 1 << nv
				c[nv] |= 1 << v
				fmap[nv] = y
				rec(append(code, e), used|1<<y, c, append(slices.Clone(rp[:i+1]), nv), nv+1)
			}
		}
	}
	for u := 0; u < g.n; u++ {
		for v := 0; v < g.n; v++ {
			if g.adj[u]>>v&1 != 0 {
				fmap[0], fmap[1] = u, v
				var c [MaxPatternSize]uint16
				c[0], c[1] = 2, 1
				rec(dfsCode{{I: 0, J: 1, LI: g.lab[u], LE: g.el[u][v], LJ: g.lab[v]}}, 1<<u|1<<v, c, []int{0, 1}, 2)
			}
		}
	}
}

// TestDFSCodePaperExample: the graph of Table 1 in the gSpan paper (labels
// X<Y<Z as 0<1<2, edge labels a<b<c<d as 1..4) and its three DFS codes;
// the minimum is γ.
func TestDFSCodePaperExample(t *testing.T) {
	const X, Y, Z, a, b, c, d = 0, 1, 2, 1, 2, 3, 4
	alpha := dfsCode{{0, 1, X, a, Y}, {1, 2, Y, b, X}, {2, 0, X, a, X}, {2, 3, X, c, Z}, {3, 1, Z, b, Y}, {1, 4, Y, d, Z}}
	beta := dfsCode{{0, 1, Y, a, X}, {1, 2, X, a, X}, {2, 0, X, b, Y}, {2, 3, X, c, Z}, {3, 0, Z, b, Y}, {0, 4, Y, d, Z}}
	gamma := dfsCode{{0, 1, X, a, X}, {1, 2, X, a, Y}, {2, 0, Y, b, X}, {2, 3, Y, b, Z}, {3, 0, Z, c, X}, {2, 4, Y, d, Z}}
	if !codeLess(gamma, alpha) || !codeLess(gamma, beta) || !codeLess(alpha, beta) {
		t.Errorf("order: want γ < α < β")
	}
	for _, x := range []struct {
		name string
		c    dfsCode
		min  bool
	}{{"α", alpha, false}, {"β", beta, false}, {"γ", gamma, true}} {
		if got := isMin(x.c); got != x.min {
			t.Errorf("isMin(%s) = %v, want %v", x.name, got, x.min)
		}
		g := x.c.graph()
		if m, _ := g.minCode(nil); !slices.Equal(m, gamma) {
			t.Errorf("minimum code of %s's graph: %v, want γ %v", x.name, m, gamma)
		}
		var brute dfsCode
		n := 0
		allDFSCodes(g, func(c dfsCode) {
			n++
			if brute == nil || codeLess(c, brute) {
				brute = c
			}
		})
		if !slices.Equal(brute, gamma) {
			t.Errorf("smallest of %d DFS codes of %s's graph: %v, want γ", n, x.name, brute)
		}
	}
}

// TestEdgeOrder: gSpan's <e on the next entries of codes sharing a prefix.
func TestEdgeOrder(t *testing.T) {
	for _, c := range []struct{ a, b dfsEdge }{
		{dfsEdge{3, 0, 1, 0, 1}, dfsEdge{3, 4, 0, 0, 0}}, // backward before forward
		{dfsEdge{3, 0, 1, 5, 1}, dfsEdge{3, 1, 1, 0, 0}}, // backward: smaller target
		{dfsEdge{3, 1, 1, 0, 9}, dfsEdge{3, 1, 1, 1, 0}}, // then edge label
		{dfsEdge{3, 4, 9, 9, 9}, dfsEdge{2, 4, 0, 0, 0}}, // forward: deeper source
		{dfsEdge{2, 4, 1, 9, 9}, dfsEdge{2, 4, 2, 0, 0}}, // then l_i, l_e, l_j
		{dfsEdge{2, 4, 1, 1, 9}, dfsEdge{2, 4, 1, 2, 0}},
		{dfsEdge{2, 4, 1, 1, 1}, dfsEdge{2, 4, 1, 1, 2}},
	} {
		if !edgeLess(c.a, c.b) || edgeLess(c.b, c.a) {
			t.Errorf("want %v <e %v", c.a, c.b)
		}
	}
	// K4: backward edges from the rightmost vertex by target.
	var k4 Pattern
	k4.N, k4.Labels = 4, make([]uint32, 4)
	for u := 0; u < 4; u++ {
		for v := u + 1; v < 4; v++ {
			k4.AddEdge(u, v)
		}
	}
	want := dfsCode{{0, 1, 0, 0, 0}, {1, 2, 0, 0, 0}, {2, 0, 0, 0, 0}, {2, 3, 0, 0, 0}, {3, 0, 0, 0, 0}, {3, 1, 0, 0, 0}}
	if got := minDFSCode(k4); !slices.Equal(got, want) {
		t.Errorf("K4: minimum code %v, want %v", got, want)
	}
}

// TestMinDFSCodeBrute: on random small patterns, minCode's greedy equals
// the smallest of all DFS codes, and isMin holds for exactly that code.
func TestMinDFSCodeBrute(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for it := 0; it < 300; it++ {
		p := randomTreePattern(r, 2+r.IntN(5), 0.3, 1+r.IntN(3))
		g := patternGraph(p)
		want, _ := g.minCode(nil)
		var brute dfsCode
		mins := 0
		allDFSCodes(g, func(c dfsCode) {
			if brute == nil || codeLess(c, brute) {
				brute = c
			}
			if isMin(c) {
				mins++
				if !slices.Equal(c, want) {
					t.Fatalf("%v: isMin(%v) but the minimum is %v", p, c, want)
				}
			}
		})
		if !slices.Equal(brute, want) {
			t.Fatalf("%v: minCode %v, smallest DFS code %v", p, want, brute)
		}
		if mins == 0 {
			t.Fatalf("%v: isMin rejects every code, including %v", p, want)
		}
		if !slices.Equal(minDFSCode(permuted(r, p)), want) {
			t.Fatalf("%v: a renumbering has another minimum code", p)
		}
	}
}

// TestMinDFSCodeCanonical: minimum DFS codes are equal exactly when
// Pattern.Canonical says the patterns are isomorphic.
func TestMinDFSCodeCanonical(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 6))
	byCode := map[string]string{} // min code → canonical key
	byKey := map[string]string{}
	for it := 0; it < 3000; it++ {
		p := randomTreePattern(r, 2+r.IntN(6), 0.25, 1+r.IntN(2))
		if r.IntN(2) == 0 {
			p = permuted(r, p)
		}
		code, key := minDFSCode(p).String(), p.Canonical().Key()
		if k, ok := byCode[code]; ok && k != key {
			t.Fatalf("%v: min code %s shared by a non-isomorphic pattern", p, code)
		}
		if c, ok := byKey[key]; ok && c != code {
			t.Fatalf("%v: isomorphic patterns with min codes %s and %s", p, c, code)
		}
		byCode[code], byKey[key] = key, code
	}
	if len(byKey) < 500 {
		t.Fatalf("only %d classes: test too weak", len(byKey))
	}
}

// randomDB is count random connected labeled graphs of minN..maxN
// vertices: a random spanning tree plus extra·n random edges, labels
// uniform in [0, nl), undirected (the shape of the synthetic databases
// gSpan papers mine).
func randomDB(seed uint64, count, minN, maxN int, extra float64, nl int) []*csr.Graph {
	r := rand.New(rand.NewPCG(seed, 11))
	db := make([]*csr.Graph, count)
	for i := range db {
		n := minN + r.IntN(maxN-minN+1)
		var edges []csr.Edge
		for v := 1; v < n; v++ {
			edges = append(edges, csr.Edge{Src: uint32(r.IntN(v)), Dst: uint32(v)})
		}
		for k := 0; k < int(extra*float64(n)); k++ {
			edges = append(edges, csr.Edge{Src: uint32(r.IntN(n)), Dst: uint32(r.IntN(n))})
		}
		g, _ := csr.FromEdges(uint32(n), edges, csr.BuildOptions{Symmetrize: true, Dedup: true, DropSelfLoops: true})
		g.Labels = make([]uint32, n)
		for v := range g.Labels {
			g.Labels[v] = uint32(r.IntN(nl))
		}
		db[i] = Undirected(g, 1)
	}
	return db
}

// bruteTransactions is the transaction support of every connected pattern
// of 1..maxEdges edges with support ≥ minSup, by Pattern.Canonical key:
// candidates from every connected edge subset of every graph, support by
// brute-force embedding (bruteEmbeddings). Unlike bruteCandidates it takes
// patterns of any size.
func bruteTransactions(db []*csr.Graph, maxEdges int, minSup uint64) map[string]uint64 {
	cands := map[string]Pattern{}
	edgeSubsetPatterns(db, maxEdges, func(p Pattern) {
		if p.Connected() {
			c := p.Canonical()
			cands[c.Key()] = c
		}
	})
	out := map[string]uint64{}
	for key, p := range cands {
		if s := bruteTransactionSupport(db, p); s >= minSup {
			out[key] = s
		}
	}
	return out
}

// TestGSpanDifferential: gSpan equals the level-wise miner (same patterns,
// supports and order) and brute force, on random databases of several
// sizes and label counts, up to 5 edges, for 1 and 4 workers.
func TestGSpanDifferential(t *testing.T) {
	cases := []struct {
		graphs, minN, maxN int
		extra              float64
		labels             int
		sup                uint64
		edges              int
		brute              bool
	}{
		{5, 5, 7, 0.4, 2, 2, 3, true},
		{6, 5, 7, 0.5, 1, 3, 4, true},
		{6, 5, 7, 0.3, 3, 2, 5, true},
		{8, 6, 8, 0.5, 2, 3, 5, true},
		{40, 8, 14, 0.4, 3, 4, 4, false},
		{60, 10, 16, 0.3, 4, 3, 5, false},
		{30, 6, 10, 0.6, 2, 10, 5, false},
		{10, 5, 8, 0.5, 8, 3, 4, true}, // rare labels and label pairs: dropped by newGSDB
	}
	for ci, c := range cases {
		for seed := uint64(1); seed <= 3; seed++ {
			db := randomDB(seed*100+uint64(ci), c.graphs, c.minN, c.maxN, c.extra, c.labels)
			opt := FSMOptions{Support: c.sup, MaxEdges: c.edges}
			want, err := mineTransactionsLevelwise(db, opt)
			if err != nil {
				t.Fatal(err)
			}
			if len(want) < 5 {
				t.Fatalf("case %d seed %d: %d frequent patterns: test too weak", ci, seed, len(want))
			}
			for _, w := range []int{1, 4} {
				opt.Workers = w
				got, err := MineTransactions(db, opt)
				if err != nil {
					t.Fatal(err)
				}
				if !sameFrequent(got, want) {
					t.Errorf("case %d seed %d workers %d: gSpan %d patterns, level-wise %d\n%v\n%v", ci, seed, w, len(got), len(want), got, want)
				}
			}
			if c.brute {
				bf := bruteTransactions(db, c.edges, c.sup)
				gotBy := map[string]uint64{}
				for _, f := range want {
					gotBy[f.Pattern.Key()] = f.Support
				}
				if len(bf) != len(gotBy) {
					t.Errorf("case %d seed %d: brute force %d patterns, miners %d", ci, seed, len(bf), len(gotBy))
				}
				for k, s := range bf {
					if gotBy[k] != s {
						t.Errorf("case %d seed %d: brute-force support %d, miners %d", ci, seed, s, gotBy[k])
					}
				}
			}
		}
	}
}

// TestGSDB: newGSDB keeps exactly the vertices of frequent labels and the
// edges of frequent label pairs, as one symmetric CSR with graph ids, and
// lists each label's vertices that have an edge.
func TestGSDB(t *testing.T) {
	// Labels 0 and 1 everywhere; 2 in 10 graphs, but two 2s adjacent in
	// at most 5; 3 in 5 graphs.
	db := randomDB(3, 30, 5, 12, 0.5, 2)
	for gi, g := range db {
		if gi%3 == 0 {
			g.Labels[0] = 2
		}
		if gi%6 == 0 {
			g.Labels[2] = 2
		}
		if gi%7 == 0 {
			g.Labels[3] = 3
		}
	}
	const minSup = 8
	d, err := newGSDB(db, minSup)
	if err != nil {
		t.Fatal(err)
	}
	labelGraphs, pairGraphs := map[uint32]map[int]bool{}, map[[2]uint32]map[int]bool{}
	for gi, g := range db {
		for u := uint32(0); u < g.N; u++ {
			l := g.Labels[u]
			if labelGraphs[l] == nil {
				labelGraphs[l] = map[int]bool{}
			}
			labelGraphs[l][gi] = true
			for _, v := range g.Neighbors(u) {
				k := [2]uint32{min(l, g.Labels[v]), max(l, g.Labels[v])}
				if pairGraphs[k] == nil {
					pairGraphs[k] = map[int]bool{}
				}
				pairGraphs[k][gi] = true
			}
		}
	}
	var wantLabels []uint32
	for l, gs := range labelGraphs {
		if len(gs) >= minSup {
			wantLabels = append(wantLabels, l)
		}
	}
	slices.Sort(wantLabels)
	if !slices.Equal(d.labels, wantLabels) || !slices.Equal(wantLabels, []uint32{0, 1, 2}) {
		t.Fatalf("labels %v, want %v", d.labels, wantLabels)
	}
	if n := len(pairGraphs[[2]uint32{2, 2}]); n == 0 || n >= minSup {
		t.Fatalf("pair 2-2 in %d graphs: test too weak", n)
	}
	// Walk the union graph by graph, against the original.
	x := uint32(0)
	var arcs, kept int
	for gi, g := range db {
		id := map[uint32]uint32{}
		for u := uint32(0); u < g.N; u++ {
			if slices.Contains(wantLabels, g.Labels[u]) {
				id[u] = x
				if d.labels[d.lab[x]] != g.Labels[u] || d.gid[x] != uint32(gi) {
					t.Fatalf("graph %d vertex %d: label or graph wrong", gi, u)
				}
				x++
			}
		}
		for u, xu := range id {
			var want []uint32
			for _, v := range g.Neighbors(u) {
				xv, ok := id[v]
				k := [2]uint32{min(g.Labels[u], g.Labels[v]), max(g.Labels[u], g.Labels[v])}
				if ok && len(pairGraphs[k]) >= minSup {
					want = append(want, xv)
				}
			}
			if !slices.Equal(d.neighbors(xu), want) {
				t.Fatalf("graph %d vertex %d: neighbours %v, want %v", gi, u, d.neighbors(xu), want)
			}
			arcs += len(want)
			if len(want) > 0 {
				kept++
				if !slices.Contains(d.byLabel[d.lab[xu]], xu) {
					t.Fatalf("graph %d vertex %d missing from its label's list", gi, u)
				}
			}
		}
	}
	listed := 0
	for _, vs := range d.byLabel {
		listed += len(vs)
		if !slices.IsSorted(vs) {
			t.Fatalf("a label's vertex list is not sorted")
		}
	}
	if x != d.n || arcs != len(d.adj) || listed != kept {
		t.Fatalf("%d vertices, %d arcs, %d listed; want %d, %d, %d", d.n, len(d.adj), listed, x, arcs, kept)
	}
}

// TestGSpanBruteForce: gSpan against fsm_test.go's brute force (patterns
// of up to 4 vertices, keyed by fullCanon).
func TestGSpanBruteForce(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		db := randomDB(seed, 6, 5, 7, 0.5, 2)
		want := map[string]uint64{}
		for key, p := range bruteCandidates(db, 3) {
			var s uint64
			for _, g := range db {
				found := false
				bruteEmbeddings(g, p, func([]int) bool { found = true; return false })
				if found {
					s++
				}
			}
			if s >= 2 {
				want[key] = s
			}
		}
		got, err := MineTransactions(db, FSMOptions{Support: 2, MaxEdges: 3})
		if err != nil {
			t.Fatal(err)
		}
		checkFrequent(t, "gspan", seed, got, want)
	}
}

// Kernel emulation: gsCPUCols runs mineColumns' backend protocol on the
// CPU exactly as gspan.cu does (per row, the embedding followed back
// through the columns; per extension, a slot; supports from per-slot
// graph bitmaps; children's rows in an arbitrary order, here shuffled), so
// the host side of the GPU version is tested without a GPU.
type gsCPUCols struct {
	db *gsDB
	r  *rand.Rand
}

func (c *gsCPUCols) root(vs []uint32) (gsCol, error) {
	return gsCol{rows: uint64(len(vs)), vert: slices.Clone(vs)}, nil
}

func (c *gsCPUCols) pop() {}

// each calls f with every (slot, data vertex) extension of row r, as
// gs_extensions in gspan.cu.
func (c *gsCPUCols) each(nd *gsNode, L int, r uint32, f func(slot int, y uint32, m []uint32)) {
	n := nd.n
	m := make([]uint32, n)
	row := r
	for k := n - 1; k >= 0; k-- {
		m[k] = nd.cols[k].vert[row]
		if k > 0 {
			row = nd.cols[k].prev[row]
		}
	}
	rmv, bmask, minLab := n-1, nd.backMask(), nd.lab[0]
	for p, v := range nd.rp {
		for _, y := range c.db.neighbors(m[v]) {
			w := slices.Index(m, y)
			if w >= 0 {
				if int(v) == rmv && bmask>>w&1 != 0 {
					f(w, y, m)
				}
			} else if ly := c.db.lab[y]; ly >= minLab {
				f(gsBack+p*L+int(ly), y, m)
			}
		}
	}
}

func (c *gsCPUCols) extend(nds []*gsNode, L int) (sup, rows [][]uint64, err error) {
	for _, nd := range nds {
		s, r := c.extend1(nd, L)
		sup, rows = append(sup, s), append(rows, r)
	}
	return sup, rows, nil
}

func (c *gsCPUCols) extend1(nd *gsNode, L int) ([]uint64, []uint64) {
	S := nd.slots(L)
	last := nd.cols[len(nd.cols)-1]
	bits := make([]map[uint32]bool, S)
	rows := make([]uint64, S)
	for r := uint64(0); r < last.rows; r++ {
		c.each(nd, L, uint32(r), func(s int, _ uint32, m []uint32) {
			if bits[s] == nil {
				bits[s] = map[uint32]bool{}
			}
			bits[s][c.db.gid[m[0]]] = true
			rows[s]++
		})
	}
	sup := make([]uint64, S)
	for s := range sup {
		sup[s] = uint64(len(bits[s]))
	}
	return sup, rows
}

func (c *gsCPUCols) materialize(nd *gsNode, L int, kids []gsKid) ([]gsCol, error) {
	kid := make([]int, nd.slots(L))
	for s := range kid {
		kid[s] = -1
	}
	cols := make([]gsCol, len(kids))
	for i, k := range kids {
		kid[k.slot] = i
	}
	last := nd.cols[len(nd.cols)-1]
	for r := uint64(0); r < last.rows; r++ {
		c.each(nd, L, uint32(r), func(s int, y uint32, m []uint32) {
			i := kid[s]
			if i < 0 {
				return
			}
			col := &cols[i]
			if s < gsBack {
				col.vert = append(col.vert, m[len(m)-1])
				col.prev = append(col.prev, last.prev[r])
			} else {
				col.vert = append(col.vert, y)
				col.prev = append(col.prev, uint32(r))
			}
		})
	}
	for i := range cols {
		col := &cols[i]
		col.rows = uint64(len(col.vert))
		if col.rows != kids[i].rows {
			return nil, fmt.Errorf("kid %d: %d rows, extend said %d", i, col.rows, kids[i].rows)
		}
		c.r.Shuffle(len(col.vert), func(a, b int) {
			col.vert[a], col.vert[b] = col.vert[b], col.vert[a]
			col.prev[a], col.prev[b] = col.prev[b], col.prev[a]
		})
	}
	return cols, nil
}

func mineColumnsCPU(db []*csr.Graph, opt FSMOptions) ([]FrequentPattern, error) {
	if err := opt.ensureDefaults(); err != nil {
		return nil, err
	}
	d, err := newGSDB(db, opt.Support)
	if err != nil {
		return nil, err
	}
	rs, err := mineColumns(d, opt, &gsCPUCols{db: d, r: rand.New(rand.NewPCG(1, 2))})
	if err != nil {
		return nil, err
	}
	return d.patterns(rs), nil
}

// TestGSpanColumns: the GPU's algorithm (columns, slots, bitmaps), run on
// the CPU emulation, equals gSpan.
func TestGSpanColumns(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		db := randomDB(seed, 20+10*int(seed), 6, 14, 0.4, 1+int(seed%4))
		for _, edges := range []int{1, 3, 5} {
			opt := FSMOptions{Support: 3 + seed, MaxEdges: edges}
			want, err := MineTransactions(db, opt)
			if err != nil {
				t.Fatal(err)
			}
			got, err := mineColumnsCPU(db, opt)
			if err != nil {
				t.Fatal(err)
			}
			if !sameFrequent(got, want) {
				t.Errorf("seed %d edges %d: columns %d patterns, gSpan %d", seed, edges, len(got), len(want))
			}
		}
	}
	db := gspanTestDB(t)
	for _, sup := range []uint64{2, 5} {
		opt := FSMOptions{Support: sup, MaxEdges: 4}
		want, _ := MineTransactions(db, opt)
		got, err := mineColumnsCPU(db, opt)
		if err != nil || !sameFrequent(got, want) {
			t.Errorf("testdata support %d: columns %d patterns (%v), gSpan %d", sup, len(got), err, len(want))
		}
	}
}

// The transaction database in testdata: gspanTestDBGen's graphs written by
// writeLG. go test -run TestGSpanTestdata -gspan.update rewrites it.
const gspanTestFile = "testdata/gspan-db.lg"

var gspanUpdate = flag.Bool("gspan.update", false, "rewrite "+gspanTestFile)

func gspanTestDBGen() []*csr.Graph { return randomDB(2026, 40, 6, 12, 0.5, 4) }

// writeLG writes db as a GraMi .lg file of "t #" blocks (no edge labels).
func writeLG(w io.Writer, db []*csr.Graph) error {
	for i, g := range db {
		fmt.Fprintf(w, "t # %d\n", i)
		for v := uint32(0); v < g.N; v++ {
			fmt.Fprintf(w, "v %d %d\n", v, g.Labels[v])
		}
		for u := uint32(0); u < g.N; u++ {
			for _, v := range g.Neighbors(u) {
				if u < v {
					if _, err := fmt.Fprintf(w, "e %d %d\n", u, v); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// gspanTestDB reads the testdata database (CFLR_GSPAN_DB names a copy, for
// a GPU machine running the test binary elsewhere).
func gspanTestDB(t testing.TB) []*csr.Graph {
	t.Helper()
	path := os.Getenv("CFLR_GSPAN_DB")
	if path == "" {
		path = gspanTestFile
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lgs, err := csr.ReadLG(f, path, csr.LGOptions{})
	if err != nil {
		t.Fatal(err)
	}
	db := make([]*csr.Graph, len(lgs))
	for i, g := range lgs {
		db[i] = Undirected(g.Graph, 1)
	}
	return db
}

// TestGSpanTestdata: the testdata file is its generator's output, and
// gSpan equals the level-wise miner on it at several supports.
func TestGSpanTestdata(t *testing.T) {
	var buf bytes.Buffer
	if err := writeLG(&buf, gspanTestDBGen()); err != nil {
		t.Fatal(err)
	}
	if *gspanUpdate {
		if err := os.WriteFile(filepath.FromSlash(gspanTestFile), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	file, err := os.ReadFile(filepath.FromSlash(gspanTestFile))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(file, buf.Bytes()) {
		t.Fatalf("%s is not gspanTestDBGen's output (rerun with -gspan.update)", gspanTestFile)
	}
	db := gspanTestDB(t)
	if len(db) != 40 {
		t.Fatalf("%d graphs read, want 40", len(db))
	}
	for _, sup := range []uint64{2, 4, 8, 20} {
		opt := FSMOptions{Support: sup, MaxEdges: 4}
		want, err := mineTransactionsLevelwise(db, opt)
		if err != nil {
			t.Fatal(err)
		}
		got, err := MineTransactions(db, opt)
		if err != nil {
			t.Fatal(err)
		}
		if !sameFrequent(got, want) {
			t.Errorf("support %d: gSpan %d patterns, level-wise %d", sup, len(got), len(want))
		}
		t.Logf("support %d: %d patterns", sup, len(got))
	}
}

// TestGSpanOneGraph: citeseer as a database of one graph: every pattern
// that occurs has support 1 (so support 1 lists them all, as the level-wise
// miner does) and support 2 lists none.
func TestGSpanOneGraph(t *testing.T) {
	g := loadGraph(t, "citeseer.lg")
	db := []*csr.Graph{g}
	opt := FSMOptions{Support: 1, MaxEdges: 3}
	got, err := MineTransactions(db, opt)
	if err != nil {
		t.Fatal(err)
	}
	want, err := mineTransactionsLevelwise(db, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !sameFrequent(got, want) || len(got) < 50 {
		t.Errorf("support 1: gSpan %d patterns, level-wise %d", len(got), len(want))
	}
	for _, f := range got {
		if f.Support != 1 {
			t.Fatalf("%v: support %d in a database of one graph", f.Pattern, f.Support)
		}
	}
	// The patterns found are those MNI mining finds at support 1.
	mni, err := MineMNI(g, opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(mni) != len(got) {
		t.Errorf("support 1: %d patterns, MNI mining finds %d", len(got), len(mni))
	}
	opt.Support = 2
	if got, err := MineTransactions(db, opt); err != nil || len(got) != 0 {
		t.Errorf("support 2: %d patterns (%v), want none", len(got), err)
	}
}

func TestGSpanErrors(t *testing.T) {
	unlabeled := randomGraph(1, 5, 0.5, 0)
	bad := randomGraph(1, 5, 0.5, 2)
	bad.Labels = bad.Labels[:3]
	good := randomGraph(2, 5, 0.5, 2)
	for _, c := range []struct {
		name string
		db   []*csr.Graph
		opt  FSMOptions
	}{
		{"no labels", []*csr.Graph{good, unlabeled}, FSMOptions{Support: 1}},
		{"short labels", []*csr.Graph{bad}, FSMOptions{Support: 1}},
		{"nil graph", []*csr.Graph{nil}, FSMOptions{Support: 1}},
		{"support 0", []*csr.Graph{good}, FSMOptions{}},
		{"max edges", []*csr.Graph{good}, FSMOptions{Support: 1, MaxEdges: MaxPatternSize}},
	} {
		if _, err := MineTransactions(c.db, c.opt); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
	if got, err := MineTransactions(nil, FSMOptions{Support: 1}); err != nil || len(got) != 0 {
		t.Errorf("empty database: %v, %v", got, err)
	}
	if got, err := MineTransactions([]*csr.Graph{good, good}, FSMOptions{Support: 3}); err != nil || len(got) != 0 {
		t.Errorf("support above the database size: %v, %v", got, err)
	}
}

// gspanBenchDB is the benchmark database: 10,000 random graphs of 20-40
// vertices, a spanning tree plus n/2 more edges (average degree about 3),
// 5 labels, seed 1.
func gspanBenchDB() []*csr.Graph {
	if db, ok := benchGraphs.Load("gspan-bench"); ok {
		return db.([]*csr.Graph)
	}
	db := randomDB(1, 10000, 20, 40, 0.5, 5)
	benchGraphs.Store("gspan-bench", db)
	return db
}

// gspanBenchConfigs are the benchmark's (support, max edges) pairs: 10%,
// 5% and 2% of the database at 5 edges, 2% at 6 edges (255,527 patterns),
// and 10% at 3 edges, the one the level-wise miner also runs (at 5 edges
// it takes over 10 minutes).
var gspanBenchConfigs = []struct {
	sup       uint64
	edges     int
	levelwise bool
}{{1000, 3, true}, {1000, 5, false}, {500, 5, false}, {200, 5, false}, {200, 6, false}}

// BenchmarkGSpan: CPU gSpan and the level-wise miner on the benchmark
// database (the GPU's figures are BenchmarkGPUGSpan's, which runs the CPU
// ones too, on the same machine).
func BenchmarkGSpan(b *testing.B) {
	db := gspanBenchDB()
	for _, c := range gspanBenchConfigs {
		for _, mode := range []string{"gspan", "levelwise"} {
			if mode == "levelwise" && !c.levelwise {
				continue
			}
			b.Run(fmt.Sprintf("db10k/sup=%d/edges=%d/%s", c.sup, c.edges, mode), func(b *testing.B) {
				opt := FSMOptions{Support: c.sup, MaxEdges: c.edges}
				var n int
				t0 := time.Now()
				for i := 0; i < b.N; i++ {
					var fs []FrequentPattern
					var err error
					if mode == "gspan" {
						fs, err = MineTransactions(db, opt)
					} else {
						fs, err = mineTransactionsLevelwise(db, opt)
					}
					if err != nil {
						b.Fatal(err)
					}
					n = len(fs)
				}
				b.ReportMetric(time.Since(t0).Seconds()/float64(b.N)*1e3, "e2e-ms")
				b.ReportMetric(float64(n), "patterns")
			})
		}
	}
}
