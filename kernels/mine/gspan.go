package mine

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/cflr/cflr/graph/csr"
)

// gSpan (Yan and Han, ICDM 2002) for transaction support, the algorithm
// Kessl et al. run on the GPU. A pattern is named by a DFS code: its edges
// in the order a depth-first search discovers them, each a 5-tuple (i, j,
// l_i, l_e, l_j) of discovery indices and labels. Patterns grow by
// rightmost extension only (backward edges from the rightmost vertex to the
// rightmost path, forward edges from rightmost-path vertices to a new
// vertex), and a code is kept only when it is the minimum DFS code of its
// graph, so every pattern is visited once, with no table of patterns seen.
// Each code carries its embeddings in the database (projection), which the
// extension step scans; support is the number of graphs with at least one.
//
// Graphs here are vertex-labeled: the .lg reader drops edge labels unless
// asked (csr.LGOptions.EdgeLabels) and Pattern has none, so l_e is always 0
// in mining. The DFS-code machinery (order, minimum code) handles l_e in
// full; only the database side would need edge labels added.

// dfsEdge is one entry of a DFS code: the edge between the vertices
// discovered I-th and J-th, forward (I < J, J new) or backward (I > J),
// with the labels of I, of the edge and of J.
type dfsEdge struct {
	I, J       int8
	LI, LE, LJ uint32
}

func (e dfsEdge) forward() bool { return e.I < e.J }

func (e dfsEdge) String() string {
	return fmt.Sprintf("(%d,%d,%d,%d,%d)", e.I, e.J, e.LI, e.LE, e.LJ)
}

// edgeLess is gSpan's order <e on the next entries of two DFS codes that
// agree before them: backward before forward; backward edges by target,
// then edge label; forward edges from the deeper source first, then by
// (l_i, l_e, l_j). Codes that agree on a prefix share its rightmost path,
// so these cases are all that arise.
func edgeLess(a, b dfsEdge) bool {
	af, bf := a.forward(), b.forward()
	if af != bf {
		return !af
	}
	if !af {
		if a.J != b.J {
			return a.J < b.J
		}
		return a.LE < b.LE
	}
	if a.I != b.I {
		return a.I > b.I
	}
	if a.LI != b.LI {
		return a.LI < b.LI
	}
	if a.LE != b.LE {
		return a.LE < b.LE
	}
	return a.LJ < b.LJ
}

// dfsCode is a DFS code.
type dfsCode []dfsEdge

// codeLess is the DFS lexicographic order: at the first differing entry
// by edgeLess, else the shorter code first.
func codeLess(a, b dfsCode) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return edgeLess(a[i], b[i])
		}
	}
	return len(a) < len(b)
}

func (c dfsCode) String() string {
	var sb strings.Builder
	for _, e := range c {
		sb.WriteString(e.String())
	}
	return sb.String()
}

// codeGraph is a small edge- and vertex-labeled graph (a pattern named by
// a DFS code, or one being named).
type codeGraph struct {
	n   int
	adj [MaxPatternSize]uint16
	lab [MaxPatternSize]uint32
	el  [MaxPatternSize][MaxPatternSize]uint32 // edge labels
}

// graph returns the graph of c, vertices numbered by discovery.
func (c dfsCode) graph() codeGraph {
	var g codeGraph
	for _, e := range c {
		g.n = max(g.n, int(e.I)+1, int(e.J)+1)
		g.lab[e.I], g.lab[e.J] = e.LI, e.LJ
		g.adj[e.I] |= 1 << e.J
		g.adj[e.J] |= 1 << e.I
		g.el[e.I][e.J], g.el[e.J][e.I] = e.LE, e.LE
	}
	return g
}

// patternGraph is p (connected, labeled) as a codeGraph without edge labels.
func patternGraph(p Pattern) codeGraph {
	g := codeGraph{n: p.N, adj: p.Rows}
	copy(g.lab[:], p.Labels)
	return g
}

// minDFSCode is the minimum DFS code of the connected labeled pattern p.
func minDFSCode(p Pattern) dfsCode {
	g := patternGraph(p)
	c, _ := g.minCode(nil)
	return c
}

// isMin reports whether c is the minimum DFS code of its graph.
func isMin(c dfsCode) bool {
	g := c.graph()
	_, ok := g.minCode(c)
	return ok
}

// minCode builds g's minimum DFS code entry by entry, as gSpan's
// minimality test does: the smallest first edge, then repeatedly the
// smallest rightmost extension (edgeLess) of any embedding of the code so
// far into g itself, keeping the embeddings that have it. With want, it
// stops at the first entry where the minimum differs from want and reports
// whether want is the minimum code.
func (g *codeGraph) minCode(want dfsCode) (dfsCode, bool) {
	type emb struct {
		f    [MaxPatternSize]int8 // discovery index → vertex of g
		used uint16
	}
	m := 0
	for v := 0; v < g.n; v++ {
		m += popcount16(g.adj[v])
	}
	m /= 2
	if m == 0 {
		return nil, len(want) == 0
	}
	code := make(dfsCode, 0, m)
	var best dfsEdge
	var embs, next []emb
	first := true
	for u := 0; u < g.n; u++ {
		for v := 0; v < g.n; v++ {
			if g.adj[u]>>v&1 == 0 {
				continue
			}
			e := dfsEdge{I: 0, J: 1, LI: g.lab[u], LE: g.el[u][v], LJ: g.lab[v]}
			if first || edgeLess(e, best) {
				best, first, embs = e, false, embs[:0]
			}
			if e == best {
				var x emb
				x.f[0], x.f[1], x.used = int8(u), int8(v), 1<<u|1<<v
				embs = append(embs, x)
			}
		}
	}
	// The code so far, by discovery index.
	var cadj [MaxPatternSize]uint16
	rp := []int8{0, 1}
	nv := 2
	for {
		if want != nil && (len(want) <= len(code) || want[len(code)] != best) {
			return code, false
		}
		code = append(code, best)
		cadj[best.I] |= 1 << best.J
		cadj[best.J] |= 1 << best.I
		if len(code) == m {
			return code, want == nil || len(want) == m
		}
		// Candidates: backward from the rightmost vertex, then forward
		// from the rightmost path, deepest first.
		rmv := int(rp[len(rp)-1])
		first = true
		for _, x := range embs {
			for _, w := range rp[:len(rp)-1] {
				if cadj[rmv]>>w&1 == 0 && g.adj[x.f[rmv]]>>x.f[w]&1 != 0 {
					e := dfsEdge{I: int8(rmv), J: w, LI: g.lab[x.f[rmv]], LE: g.el[x.f[rmv]][x.f[w]], LJ: g.lab[x.f[w]]}
					if first || edgeLess(e, best) {
						best, first = e, false
					}
				}
			}
			for i := len(rp) - 1; i >= 0; i-- {
				v := x.f[rp[i]]
				for y := 0; y < g.n; y++ {
					if g.adj[v]>>y&1 != 0 && x.used>>y&1 == 0 {
						e := dfsEdge{I: rp[i], J: int8(nv), LI: g.lab[v], LE: g.el[v][y], LJ: g.lab[y]}
						if first || edgeLess(e, best) {
							best, first = e, false
						}
					}
				}
			}
		}
		// Embeddings that have best.
		next = next[:0]
		for _, x := range embs {
			if !best.forward() {
				if g.adj[x.f[best.I]]>>x.f[best.J]&1 != 0 && g.el[x.f[best.I]][x.f[best.J]] == best.LE && g.lab[x.f[best.J]] == best.LJ {
					next = append(next, x)
				}
				continue
			}
			v := x.f[best.I]
			for y := 0; y < g.n; y++ {
				if g.adj[v]>>y&1 != 0 && x.used>>y&1 == 0 && g.el[v][y] == best.LE && g.lab[y] == best.LJ {
					z := x
					z.f[nv] = int8(y)
					z.used |= 1 << y
					next = append(next, z)
				}
			}
		}
		embs, next = next, embs
		if best.forward() {
			for rp[len(rp)-1] != best.I {
				rp = rp[:len(rp)-1]
			}
			rp = append(rp, best.J)
			nv++
		}
	}
}

func popcount16(x uint16) int {
	c := 0
	for ; x != 0; x &= x - 1 {
		c++
	}
	return c
}

// gsState is a DFS code being grown: its graph by discovery index and its
// rightmost path. The empty code of one vertex (labeled lab[0]) is the root
// whose extensions are the one-edge codes.
type gsState struct {
	code dfsCode
	n    int
	rp   []int8 // rightmost path, root first; rp[len-1] = n-1
	adj  [MaxPatternSize]uint16
	lab  [MaxPatternSize]uint32 // compact labels
}

func gsRoot(a uint32) gsState {
	s := gsState{n: 1, rp: []int8{0}}
	s.lab[0] = a
	return s
}

// Extension slots. Every rightmost extension of a code is one slot: slots
// 0..gsBack-1 are backward edges to discovery index w = slot; slot gsBack +
// p·L + l is a forward edge from rp[p] to a new vertex of compact label l.
// Edge labels are 0, so this is every extension; the GPU counts support
// per slot.
const gsBack = MaxPatternSize

func (s *gsState) slots(L int) int { return gsBack + len(s.rp)*L }

// backMask is the set of rightmost-path vertices a backward edge from the
// rightmost vertex may reach (those not adjacent to it yet).
func (s *gsState) backMask() uint16 {
	var m uint16
	rmv := s.n - 1
	for _, w := range s.rp[:len(s.rp)-1] {
		if s.adj[rmv]>>w&1 == 0 {
			m |= 1 << w
		}
	}
	return m
}

// rpPacked is the rightmost path, 4 bits an entry (for the GPU).
func (s *gsState) rpPacked() uint64 {
	var x uint64
	for i, v := range s.rp {
		x |= uint64(v) << (4 * i)
	}
	return x
}

// slotEdge is the extension of slot.
func (s *gsState) slotEdge(slot, L int) dfsEdge {
	rmv := s.n - 1
	if slot < gsBack {
		return dfsEdge{I: int8(rmv), J: int8(slot), LI: s.lab[rmv], LJ: s.lab[slot]}
	}
	p, l := (slot-gsBack)/L, uint32((slot-gsBack)%L)
	v := s.rp[p]
	return dfsEdge{I: v, J: int8(s.n), LI: s.lab[v], LJ: l}
}

// child is s extended by e.
func (s *gsState) child(e dfsEdge) gsState {
	c := gsState{code: append(slices.Clip(s.code), e), n: s.n, adj: s.adj, lab: s.lab}
	c.adj[e.I] |= 1 << e.J
	c.adj[e.J] |= 1 << e.I
	if e.forward() {
		c.lab[e.J] = e.LJ
		c.n++
		i := slices.Index(s.rp, e.I)
		c.rp = append(slices.Clone(s.rp[:i+1]), e.J)
	} else {
		c.rp = s.rp
	}
	return c
}

// gsDB is a transaction database prepared for gSpan: the disjoint union of
// its graphs as one CSR (vertex ids global, each graph's vertices
// contiguous and in order), a graph id per vertex, and labels renumbered
// 0..L-1 in increasing order (order-preserving, so DFS codes compare as on
// the original labels). Vertices whose label is in fewer than Support
// graphs, and edges whose label pair is, are dropped first: no frequent
// pattern contains them (gSpan's own pruning).
type gsDB struct {
	n       uint32
	off     []uint64
	adj     []uint32
	lab     []uint32
	gid     []uint32
	labels  []uint32   // compact label → original label
	byLabel [][]uint32 // vertices of each compact label with an edge, ascending
	graphs  int
}

func (db *gsDB) L() int { return len(db.labels) }

// newGSDB checks and prepares the database. Graphs must be undirected with
// sorted neighbour lists (Undirected) and vertex-labeled.
func newGSDB(graphs []*csr.Graph, minSup uint64) (*gsDB, error) {
	var maxLabel uint32
	for gi, g := range graphs {
		if g == nil {
			return nil, fmt.Errorf("mine: graph %d of the database is nil", gi)
		}
		if g.Labels == nil {
			return nil, fmt.Errorf("mine: graph %d of the database has no vertex labels", gi)
		}
		if uint64(len(g.Labels)) != uint64(g.N) || uint64(len(g.Offsets)) != uint64(g.N)+1 {
			return nil, fmt.Errorf("mine: graph %d of the database: %d labels, %d offsets for %d vertices", gi, len(g.Labels), len(g.Offsets), g.N)
		}
		for u := uint32(0); u < g.N; u++ {
			maxLabel = max(maxLabel, g.Labels[u])
			for _, v := range g.Neighbors(u) {
				if v >= g.N {
					return nil, fmt.Errorf("mine: graph %d of the database: edge %d-%d past its %d vertices", gi, u, v, g.N)
				}
			}
		}
	}
	// Graphs containing each label: each graph's distinct labels counted
	// once, per worker, then summed.
	workers := workerCount(0)
	perWorker := func(count func(m map[uint64]uint64, keys []uint64, g *csr.Graph) []uint64) map[uint64]uint64 {
		ms := make([]map[uint64]uint64, workers)
		parallelFor(len(graphs), workers, 64, func(w, lo, hi int) {
			if ms[w] == nil {
				ms[w] = map[uint64]uint64{}
			}
			var keys []uint64
			for _, g := range graphs[lo:hi] {
				keys = count(ms[w], keys[:0], g)
			}
		})
		total := map[uint64]uint64{}
		for _, m := range ms {
			for k, c := range m {
				total[k] += c
			}
		}
		return total
	}
	tally := func(m map[uint64]uint64, keys []uint64) {
		slices.Sort(keys)
		for _, k := range slices.Compact(keys) {
			m[k]++
		}
	}
	labelCount := perWorker(func(m map[uint64]uint64, keys []uint64, g *csr.Graph) []uint64 {
		for _, l := range g.Labels {
			keys = append(keys, uint64(l))
		}
		tally(m, keys)
		return keys
	})
	var labels []uint32
	for l, c := range labelCount {
		if c >= minSup {
			labels = append(labels, uint32(l))
		}
	}
	slices.Sort(labels)
	// Compact labels: a table when labels are small integers, else a map.
	const none = ^uint32(0)
	var compact func(l uint32) uint32
	if maxLabel < 1<<22 {
		tab := make([]uint32, uint64(maxLabel)+1)
		for i := range tab {
			tab[i] = none
		}
		for i, l := range labels {
			tab[l] = uint32(i)
		}
		compact = func(l uint32) uint32 { return tab[l] }
	} else {
		m := make(map[uint32]uint32, len(labels))
		for i, l := range labels {
			m[l] = uint32(i)
		}
		compact = func(l uint32) uint32 {
			if c, ok := m[l]; ok {
				return c
			}
			return none
		}
	}
	// Graphs containing each unordered pair of frequent labels as an edge.
	pairCount := perWorker(func(m map[uint64]uint64, keys []uint64, g *csr.Graph) []uint64 {
		for u := uint32(0); u < g.N; u++ {
			cu := compact(g.Labels[u])
			if cu == none {
				continue
			}
			for _, v := range g.Neighbors(u) {
				if cv := compact(g.Labels[v]); cv != none && u < v {
					keys = append(keys, uint64(min(cu, cv))<<32|uint64(max(cu, cv)))
				}
			}
		}
		tally(m, keys)
		return keys
	})
	L := uint64(len(labels))
	var frequentPair func(a, b uint32) bool
	if L*L <= 1<<24 {
		tab := make([]bool, L*L)
		for k, c := range pairCount {
			if c >= minSup {
				a, b := k>>32, k&0xffffffff
				tab[a*L+b], tab[b*L+a] = true, true
			}
		}
		frequentPair = func(a, b uint32) bool { return tab[uint64(a)*L+uint64(b)] }
	} else {
		frequentPair = func(a, b uint32) bool {
			return pairCount[uint64(min(a, b))<<32|uint64(max(a, b))] >= minSup
		}
	}
	// The union, in two parallel passes: each graph's kept vertices and
	// arcs counted, then written at their offsets.
	G := len(graphs)
	vbase, abase := make([]uint64, G+1), make([]uint64, G+1)
	keep := func(g *csr.Graph, u, v uint32) bool {
		cv := compact(g.Labels[v])
		return cv != none && v != u && frequentPair(compact(g.Labels[u]), cv)
	}
	parallelFor(G, workers, 64, func(_, lo, hi int) {
		for gi := lo; gi < hi; gi++ {
			g := graphs[gi]
			for u := uint32(0); u < g.N; u++ {
				if compact(g.Labels[u]) == none {
					continue
				}
				vbase[gi+1]++
				for _, v := range g.Neighbors(u) {
					if keep(g, u, v) {
						abase[gi+1]++
					}
				}
			}
		}
	})
	for gi := 0; gi < G; gi++ {
		vbase[gi+1] += vbase[gi]
		abase[gi+1] += abase[gi]
	}
	if vbase[G] >= 1<<32-1 {
		return nil, fmt.Errorf("mine: the database has %d vertices, more than %d", vbase[G], uint32(1<<32-2))
	}
	nv := vbase[G]
	db := &gsDB{n: uint32(nv), labels: labels, byLabel: make([][]uint32, len(labels)), graphs: G,
		off: make([]uint64, nv+1), adj: make([]uint32, abase[G]), lab: make([]uint32, nv), gid: make([]uint32, nv)}
	ids := make([][]uint32, workers)
	parallelFor(G, workers, 64, func(w, lo, hi int) {
		for gi := lo; gi < hi; gi++ {
			g := graphs[gi]
			id := slices.Grow(ids[w][:0], int(g.N))[:g.N] // new id
			ids[w] = id
			x := uint32(vbase[gi])
			for u := uint32(0); u < g.N; u++ {
				id[u] = x
				if compact(g.Labels[u]) != none {
					x++
				}
			}
			x, a := uint32(vbase[gi]), abase[gi]
			for u := uint32(0); u < g.N; u++ {
				cu := compact(g.Labels[u])
				if cu == none {
					continue
				}
				db.off[x] = a
				db.lab[x], db.gid[x] = cu, uint32(gi)
				for _, v := range g.Neighbors(u) {
					if keep(g, u, v) {
						db.adj[a] = id[v]
						a++
					}
				}
				x++
			}
		}
	})
	db.off[nv] = abase[G]
	for x := uint32(0); x < db.n; x++ {
		if db.off[x+1] > db.off[x] {
			db.byLabel[db.lab[x]] = append(db.byLabel[db.lab[x]], x)
		}
	}
	return db, nil
}

func (db *gsDB) neighbors(x uint32) []uint32 { return db.adj[db.off[x]:db.off[x+1]] }

// gsResult is a frequent code and its support.
type gsResult struct {
	code dfsCode
	sup  uint64
}

// MineTransactions finds the connected vertex-labeled patterns of
// 1..MaxEdges edges contained in at least Support graphs of the database
// db (transaction support), with gSpan: DFS codes, rightmost extension and
// the minimum-code test over projected embeddings (see gspan.go). Graphs
// must be undirected with sorted neighbour lists (Undirected). Subtrees of
// the search (the codes of up to gsSpawnEdges edges) run in parallel on
// Workers goroutines; the result does not depend on the worker count.
// Results are canonical Patterns sorted by edges, then as the level-wise
// miner has always listed them (sortFrequent).
func MineTransactions(db []*csr.Graph, opt FSMOptions) ([]FrequentPattern, error) {
	if err := opt.ensureDefaults(); err != nil {
		return nil, err
	}
	d, err := newGSDB(db, opt.Support)
	if err != nil {
		return nil, err
	}
	m := &gsMiner{db: d, opt: opt, L: d.L()}
	m.run(workerCount(opt.Workers))
	return d.patterns(m.out), nil
}

// gsSpawnEdges: codes of up to this many edges are searched as separate
// tasks; deeper ones inline. Two edges give hundreds of tasks on a
// database with a handful of labels.
const gsSpawnEdges = 2

type gsMiner struct {
	db  *gsDB
	opt FSMOptions
	L   int
	mu  sync.Mutex
	out []gsResult
	wg  sync.WaitGroup
	sem chan struct{}
}

func (m *gsMiner) run(workers int) {
	m.sem = make(chan struct{}, workers)
	for a := range m.db.byLabel {
		if vs := m.db.byLabel[a]; len(vs) > 0 {
			m.spawn(gsRoot(uint32(a)), vs, 0)
		}
	}
	m.wg.Wait()
}

func (m *gsMiner) spawn(s gsState, rows []uint32, sup uint64) {
	m.wg.Add(1)
	go func() {
		defer m.wg.Done()
		m.sem <- struct{}{}
		defer func() { <-m.sem }()
		m.visit(s, rows, sup)
	}()
}

// gsAcc gathers one extension slot's embeddings: support by graph changes
// (rows are in graph order), rows of the child code when materialized.
type gsAcc struct {
	last uint32 // graph id + 1 of the last embedding seen
	sup  uint64
	rows []uint32
}

// visit records code s (support sup; rows are its embeddings, n data
// vertices a row, in graph order) and searches its extensions.
func (m *gsMiner) visit(s gsState, rows []uint32, sup uint64) {
	db := m.db
	if len(s.code) > 0 {
		m.mu.Lock()
		m.out = append(m.out, gsResult{s.code, sup})
		m.mu.Unlock()
	}
	if len(s.code) == m.opt.MaxEdges {
		return
	}
	L := m.L
	accs := make([]gsAcc, s.slots(L))
	materialize := len(s.code)+1 < m.opt.MaxEdges
	n, rmv, bmask, minLab := s.n, s.n-1, s.backMask(), s.lab[0]
	for r := 0; r < len(rows); r += n {
		row := rows[r : r+n]
		g := db.gid[row[0]] + 1
		for p, v := range s.rp {
			for _, y := range db.neighbors(row[v]) {
				w := slices.Index(row, y)
				var slot int
				if w >= 0 {
					if int(v) != rmv || bmask>>w&1 == 0 {
						continue
					}
					slot = w
				} else {
					ly := db.lab[y]
					if ly < minLab {
						continue // a smaller label than the root's: not a minimum code
					}
					slot = gsBack + p*L + int(ly)
				}
				a := &accs[slot]
				if a.last != g {
					a.last = g
					a.sup++
				}
				if materialize {
					a.rows = append(a.rows, row...)
					if w < 0 {
						a.rows = append(a.rows, y)
					}
				}
			}
		}
	}
	for slot := range accs {
		a := &accs[slot]
		rows := a.rows
		a.rows = nil
		if a.sup < m.opt.Support {
			continue
		}
		c := s.child(s.slotEdge(slot, L))
		if !isMin(c.code) {
			continue
		}
		switch {
		case !materialize:
			m.mu.Lock()
			m.out = append(m.out, gsResult{c.code, a.sup})
			m.mu.Unlock()
		case len(c.code) <= gsSpawnEdges:
			m.spawn(c, rows, a.sup)
		default:
			m.visit(c, rows, a.sup)
		}
	}
}

// patterns turns codes into canonical Patterns with the original labels,
// sorted.
func (db *gsDB) patterns(rs []gsResult) []FrequentPattern {
	out := make([]FrequentPattern, len(rs))
	parallelFor(len(rs), 0, 256, func(_, lo, hi int) {
		for i, r := range rs[lo:hi] {
			g := r.code.graph()
			p := Pattern{N: g.n, Rows: g.adj, Labels: make([]uint32, g.n)}
			for v := 0; v < g.n; v++ {
				p.Labels[v] = db.labels[g.lab[v]]
			}
			out[lo+i] = FrequentPattern{Pattern: p.Canonical(), Support: r.sup}
		}
	})
	sortFrequent(out)
	return out
}

// sortFrequent orders patterns as the level-wise miner lists them: by
// edges; one-edge patterns by their (smaller, larger) label pair, larger
// ones by Key.
func sortFrequent(fs []FrequentPattern) {
	type keyed struct {
		key string
		f   FrequentPattern
	}
	ks := make([]keyed, len(fs))
	parallelFor(len(fs), 0, 1024, func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			ks[i] = keyed{fs[i].Pattern.Key(), fs[i]}
		}
	})
	slices.SortFunc(ks, func(a, b keyed) int {
		ea, eb := a.f.Pattern.NumEdges(), b.f.Pattern.NumEdges()
		if ea != eb {
			return cmp.Compare(ea, eb)
		}
		if ea == 1 {
			if c := cmp.Compare(a.f.Pattern.Labels[0], b.f.Pattern.Labels[0]); c != 0 {
				return c
			}
			return cmp.Compare(a.f.Pattern.Labels[1], b.f.Pattern.Labels[1])
		}
		return strings.Compare(a.key, b.key)
	})
	for i := range ks {
		fs[i] = ks[i].f
	}
}

// Column mining: the algorithm of the GPU version, written once for any
// backend (the GPU's, gspan_cuda.go; a CPU emulation in the tests). As in
// Kessl et al., a code's embeddings are columns, one per discovery index:
// row r of column k is a data vertex and the row of column k-1 it extends,
// so an embedding is a row of the last column followed back. A forward
// extension adds a column; a backward one replaces the last column by its
// rows that have the edge. The host runs the search and the minimum-code
// test; the backend computes the support and the number of child rows of
// every extension slot of every child of a code at once (extend: one round
// trip per parent, not per child), then, for each child in turn, writes
// the columns of the grandchildren the host keeps (materialize).

// gsCol is one embedding column: CPU slices or device addresses.
type gsCol struct {
	rows         uint64
	vert, prev   []uint32
	dvert, dprev uint64
}

// gsNode is a code and its columns.
type gsNode struct {
	gsState
	cols []gsCol
	sup  uint64
}

func (nd *gsNode) last() gsCol { return nd.cols[len(nd.cols)-1] }

// gsKid is a child the host keeps: its slot, support and rows.
type gsKid struct {
	slot      int
	sup, rows uint64
}

type gsBackend interface {
	// root returns column 0 for the vertices vs.
	root(vs []uint32) (gsCol, error)
	// extend returns, for every slot of every node of nds, the support
	// and the rows. nds is a root, or the children of the latest
	// materialize, in order (their last columns are one allocation).
	extend(nds []*gsNode, L int) (sup, rows [][]uint64, err error)
	// materialize returns the last column of each kid.
	materialize(nd *gsNode, L int, kids []gsKid) ([]gsCol, error)
	// pop frees the columns of the latest root or materialize.
	pop()
}

// gsPlan is what the host keeps of a node's extensions: its frequent
// minimum-code children, those still to grow (kids, with their states) and
// those of MaxEdges edges (leaves, reported as they are).
type gsPlan struct {
	kids   []gsKid
	states []gsState
	leaves []gsResult
}

// plan tests nd's frequent extensions for minimality.
func (nd *gsNode) plan(opt *FSMOptions, L int, sup, rows []uint64) gsPlan {
	var p gsPlan
	for slot, s := range sup {
		if s < opt.Support {
			continue
		}
		c := nd.child(nd.slotEdge(slot, L))
		if !isMin(c.code) {
			continue
		}
		if len(c.code) == opt.MaxEdges {
			p.leaves = append(p.leaves, gsResult{c.code, s})
			continue
		}
		p.kids = append(p.kids, gsKid{slot: slot, sup: s, rows: rows[slot]})
		p.states = append(p.states, c)
	}
	return p
}

// mineColumns runs gSpan over backend be and returns the frequent codes.
// The host's own work, the minimum-code tests, runs on opt.Workers
// goroutines, over the children of a node (one extend's results).
func mineColumns(db *gsDB, opt FSMOptions, be gsBackend) ([]gsResult, error) {
	var out []gsResult
	L := db.L()
	// visit records nd and searches below it.
	var visit func(nd *gsNode, p gsPlan) error
	visit = func(nd *gsNode, p gsPlan) error {
		if len(nd.code) > 0 {
			out = append(out, gsResult{nd.code, nd.sup})
		}
		out = append(out, p.leaves...)
		if len(p.kids) == 0 {
			return nil
		}
		cols, err := be.materialize(nd, L, p.kids)
		if err != nil {
			return err
		}
		defer be.pop()
		children := make([]*gsNode, len(p.kids))
		for i, k := range p.kids {
			c := &gsNode{gsState: p.states[i], sup: k.sup}
			if k.slot < gsBack {
				c.cols = append(slices.Clone(nd.cols[:len(nd.cols)-1]), cols[i])
			} else {
				c.cols = append(slices.Clone(nd.cols), cols[i])
			}
			children[i] = c
		}
		csup, crows, err := be.extend(children, L)
		if err != nil {
			return err
		}
		plans := make([]gsPlan, len(children))
		parallelFor(len(children), opt.Workers, 1, func(_, lo, hi int) {
			for i := lo; i < hi; i++ {
				plans[i] = children[i].plan(&opt, L, csup[i], crows[i])
			}
		})
		for i, c := range children {
			if err := visit(c, plans[i]); err != nil {
				return err
			}
		}
		return nil
	}
	for a, vs := range db.byLabel {
		if len(vs) == 0 {
			continue
		}
		col, err := be.root(vs)
		if err != nil {
			return nil, err
		}
		nd := &gsNode{gsState: gsRoot(uint32(a)), cols: []gsCol{col}}
		sup, rows, err := be.extend([]*gsNode{nd}, L)
		if err == nil {
			err = visit(nd, nd.plan(&opt, L, sup[0], rows[0]))
		}
		be.pop()
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
