package edgecentric

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/cflr/cflr/grammar"
	"github.com/cflr/cflr/graph"
)

// ErrNotInClosure is returned (wrapped) by Witness for an edge that the
// closure does not hold.
var ErrNotInClosure = errors.New("not in the closure")

// WitnessFinder answers witness queries on a solved Result: for a closure
// edge, a shortest path of input edges whose label word the grammar derives
// from the edge's symbol. Build it once (Result.Witnesses) and query it
// many times; it is safe for concurrent use.
//
// The first query for a symbol computes the shortest derivation length of
// every closure edge that can take part in a derivation of that symbol (the
// labels below it in the grammar), with Knuth's generalization of Dijkstra's
// algorithm to grammars, and records how each edge got its length. Later
// queries for symbols below those already computed cost only the path
// length; a query for a symbol outside them recomputes for the union. The
// tables take about 20 bytes per closure edge of the labels involved, plus
// 12 per edge of labels that some rule joins at their destination.
type WitnessFinder struct {
	r  *Result
	g  *grammar.Grammar // r.Grammar() plus the inverses of terminals it does not name
	iv []int            // terminal symbol -> its inverse's id in g (-1 otherwise)

	mu sync.Mutex
	t  *witnessTables // nil until the first query
}

// Witnesses returns a WitnessFinder for r. It computes nothing until the
// first query (or Prepare).
func (r *Result) Witnesses() *WitnessFinder {
	g := r.rules.g
	w := &WitnessFinder{r: r, g: g, iv: make([]int, len(g.Symbols))}
	nsym := len(g.Symbols)
	for s := range nsym {
		w.iv[s] = -1
		if !isTerminal(g, s) {
			continue
		}
		name := grammar.InverseName(g.Name(s))
		if id, ok := w.g.Lookup(name); ok {
			w.iv[s] = id
			continue
		}
		if w.g == g {
			// r's grammar is shared; extend a copy, keeping every id.
			w.g = g.Clone()
		}
		w.iv[s] = w.g.Symbol(name)
	}
	return w
}

// Witness answers a query with a WitnessFinder that r builds on first use
// and keeps (with its tables) for later calls.
func (r *Result) Witness(src, dst uint32, sym int, index uint32) ([]Edge, error) {
	r.witnessOnce.Do(func() { r.witnesses = r.Witnesses() })
	return r.witnesses.Witness(src, dst, sym, index)
}

// Grammar is the grammar the witness edges' symbols refer to: r.Grammar()
// with the same ids, plus a symbol -t for every terminal t whose inverse
// r.Grammar() does not name. A witness traverses an input edge t(p, q)
// backwards (inside a reversed nonterminal -X) as the step -t(q, p).
func (w *WitnessFinder) Grammar() *grammar.Grammar { return w.g }

// Witness returns a shortest path of input (terminal) edges from src to dst
// whose label word the grammar derives from symbol sym with index index
// (graph.NoIndex for unindexed symbols): consecutive edges share endpoints,
// path[0].Src == src and path[len-1].Dst == dst. "Shortest" is fewest
// edges over all derivations. Edge.Sym is the terminal's id in r.Grammar();
// an inverse terminal -a is its own symbol, as graph loading generates it.
// An input edge a(p, q) that a reversed nonterminal traverses backwards is
// the step -a(q, p), with -a's id in w.Grammar() (the same as in
// r.Grammar() when r.Grammar() names -a).
//
// A nullable sym with src == dst gives an empty path. An edge not in the
// closure gives an error wrapping ErrNotInClosure. Witnesses are
// deterministic: the same for every configuration and thread count.
// Input edges labeled with a nonterminal are not explained: an edge that
// derives only from such edges gives an error.
func (w *WitnessFinder) Witness(src, dst uint32, sym int, index uint32) ([]Edge, error) {
	rs := w.r.rules
	g := rs.g
	if sym < 0 || sym >= len(g.Symbols) {
		return nil, fmt.Errorf("edgecentric: witness: symbol %d out of range", sym)
	}
	if src >= w.r.n || dst >= w.r.n {
		return nil, fmt.Errorf("edgecentric: witness: vertex out of range (%d vertices)", w.r.n)
	}
	if src == dst && index == graph.NoIndex && sym < len(g.Nullable) && g.Nullable[sym] {
		return []Edge{}, nil
	}
	notIn := func() error {
		return fmt.Errorf("edgecentric: witness: %s %d→%d%s: %w", g.Name(sym), src, dst, fmtIndex(index), ErrNotInClosure)
	}
	l, ok := rs.ids[label{sym, index}]
	if !ok {
		return nil, notIn()
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	t, err := w.prepare([]int{sym})
	if err != nil {
		return nil, err
	}
	x, y, base := src, dst, l
	if b := rs.virt[l]; b >= 0 {
		x, y, base = dst, src, uint32(b)
	}
	e, ok := t.find(x, base, y)
	if !ok {
		return nil, notIn()
	}
	if t.dist[e]&^doneBit == infDist {
		// Only input edges labeled with a nonterminal (and what they
		// derive) lack a derivation from terminal edges.
		return nil, fmt.Errorf("edgecentric: witness: %s %d→%d%s is in the closure but derives from no terminal edges (the input has edges labeled with nonterminals?)", g.Name(sym), src, dst, fmtIndex(index))
	}
	path, err := w.expand(t, make([]Edge, 0, t.dist[e]&^doneBit), src, dst, l, false)
	if err != nil {
		return nil, err
	}
	return path, nil
}

// Prepare computes the derivation lengths for the given symbols now, so
// that the first query does not pay for them (and a benchmark can time
// them apart). Naming every symbol that will be queried builds the tables
// once: a query for a symbol outside those prepared rebuilds them for the
// union.
func (w *WitnessFinder) Prepare(syms ...int) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	_, err := w.prepare(syms)
	return err
}

func fmtIndex(idx uint32) string {
	if idx == graph.NoIndex {
		return ""
	}
	return fmt.Sprintf("[%d]", idx)
}

// isTerminal reports whether s labels input edges only: not a nonterminal
// and not the reverse -X of one.
func isTerminal(g *grammar.Grammar, s int) bool {
	if g.Symbols[s].Nonterminal {
		return false
	}
	_, rev := g.ReversedNonterminal(s)
	return !rev
}

const (
	doneBit = uint32(1) << 31
	infDist = doneBit - 1
	noMid   = ^uint32(0)
	noLabel = ^uint32(0)
)

// derivation is how an edge got its length: form 0 is an input edge;
// otherwise a is the label of the only (b == noLabel) or first right-hand
// symbol and b that of the second, joined at the edge's mid vertex. Labels
// may be virtual (-X).
type derivation struct{ a, b uint32 }

// witnessTables are the derivation lengths of the closure edges under the
// labels in need, in compressed rows: vertex v's out-edges are
// outKey[outStart[v]:outStart[v+1]], each label<<32|dst, sorted, and an
// edge's id is its position there. In-edges, for the labels that rules join
// at their destination, are kept the same way with the edge id beside.
type witnessTables struct {
	need     []bool // real label -> included
	outStart []uint64
	outKey   []uint64
	dist     []uint32 // length, with doneBit once final
	how      []uint32 // index into forms
	mid      []uint32
	inStart  []uint64
	inKey    []uint64
	inEid    []uint32
	forms    []derivation
}

func span(start []uint64, keys []uint64, v, l uint32) (lo, hi int) {
	s, e := int(start[v]), int(start[v+1])
	row := keys[s:e]
	lo, _ = slices.BinarySearch(row, uint64(l)<<32)
	hi, _ = slices.BinarySearch(row, uint64(l+1)<<32)
	return s + lo, s + hi
}

// find returns the id of edge (x, y) of real label l.
func (t *witnessTables) find(x, l, y uint32) (uint32, bool) {
	s, e := int(t.outStart[x]), int(t.outStart[x+1])
	i, ok := slices.BinarySearch(t.outKey[s:e], uint64(l)<<32|uint64(y))
	return uint32(s + i), ok
}

// prepare returns tables covering syms, computing them (for the union with
// what is already covered) when needed. w.mu is held.
func (w *WitnessFinder) prepare(syms []int) (*witnessTables, error) {
	rs := w.r.rules
	var seeds []uint32
	for _, s := range syms {
		if s < 0 || s >= len(rs.bySym) {
			continue
		}
		for _, l := range rs.bySym[s] {
			if b := rs.virt[l]; b >= 0 {
				l = uint32(b)
			}
			if w.t == nil || !w.t.need[l] {
				seeds = append(seeds, l)
			}
		}
	}
	if w.t != nil && len(seeds) == 0 {
		return w.t, nil
	}
	need := make([]bool, len(rs.labels))
	if w.t != nil {
		copy(need, w.t.need)
		w.t = nil // free before building the larger tables
	}
	rs.below(need, seeds)
	t, err := buildTables(w.r, need)
	if err != nil {
		return nil, err
	}
	w.t = t
	return t, nil
}

// below marks in need every real label that can take part in a derivation
// of the seed labels (virtual labels count as their bases).
func (rs *rules) below(need []bool, seeds []uint32) {
	// from[z]: the labels of z's right-hand sides.
	from := make([][]uint32, len(rs.labels))
	for m := range rs.labels {
		for _, z := range rs.unary[m] {
			from[z] = append(from[z], uint32(m))
		}
		for _, pr := range rs.first[m] {
			from[pr.lhs] = append(from[pr.lhs], uint32(m), pr.other)
		}
	}
	work := slices.Clone(seeds)
	for len(work) > 0 {
		l := work[len(work)-1]
		work = work[:len(work)-1]
		if b := rs.virt[l]; b >= 0 {
			l = uint32(b)
		}
		if need[l] {
			continue
		}
		need[l] = true
		work = append(work, from[l]...)
	}
}

// buildTables copies the closure edges of the needed labels into compressed
// rows and runs the length computation.
func buildTables(r *Result, need []bool) (*witnessTables, error) {
	rs := r.rules
	t := &witnessTables{need: need, outStart: make([]uint64, r.n+1), inStart: make([]uint64, r.n+1)}
	// inNeed: labels whose in-edges some join reads (first symbols of a
	// rule, and bases of virtual second symbols).
	inNeed := make([]bool, len(rs.labels))
	for l := range rs.labels {
		if !need[l] {
			continue
		}
		for _, pr := range rs.first[l] {
			inNeed[l] = inNeed[l] || need[pr.lhs]
		}
		if vl := rs.inv[l]; vl >= 0 {
			for _, pr := range rs.second[vl] {
				inNeed[l] = inNeed[l] || need[pr.lhs]
			}
		}
	}
	// Pass 1: count.
	var m int
	r.forEachList(func(v, l uint32, nbrs []uint32) {
		if need[l] {
			m += len(nbrs)
			t.outStart[v+1] += uint64(len(nbrs))
			if inNeed[l] {
				for _, d := range nbrs {
					t.inStart[d+1]++
				}
			}
		}
	})
	if m >= int(infDist) {
		return nil, fmt.Errorf("edgecentric: witness: %d closure edges; at most 2^31 are supported", m)
	}
	for v := range r.n {
		t.outStart[v+1] += t.outStart[v]
		t.inStart[v+1] += t.inStart[v]
	}
	// Pass 2: fill the out-rows, then sort each.
	t.outKey = make([]uint64, m)
	fill := slices.Clone(t.outStart[:r.n])
	r.forEachList(func(v, l uint32, nbrs []uint32) {
		if need[l] {
			for _, d := range nbrs {
				t.outKey[fill[v]] = uint64(l)<<32 | uint64(d)
				fill[v]++
			}
		}
	})
	for v := range r.n {
		slices.Sort(t.outKey[t.outStart[v]:t.outStart[v+1]])
	}
	// In-rows, from the sorted out-rows, then sorted by key with the ids.
	nin := t.inStart[r.n]
	t.inKey = make([]uint64, nin)
	t.inEid = make([]uint32, nin)
	copy(fill, t.inStart[:r.n])
	for u := range r.n {
		for e := t.outStart[u]; e < t.outStart[u+1]; e++ {
			l, d := uint32(t.outKey[e]>>32), uint32(t.outKey[e])
			if inNeed[l] {
				t.inKey[fill[d]] = uint64(l)<<32 | uint64(u)
				t.inEid[fill[d]] = uint32(e)
				fill[d]++
			}
		}
	}
	// Sources were visited in increasing order, so each row is sorted by
	// source within a label; a stable sort by label finishes it.
	for v := range r.n {
		lo, hi := t.inStart[v], t.inStart[v+1]
		if hi-lo > 1 {
			sortPairs(t.inKey[lo:hi], t.inEid[lo:hi])
		}
	}
	fill = nil
	t.dist = make([]uint32, m)
	t.how = make([]uint32, m)
	t.mid = make([]uint32, m)
	if err := t.solve(rs); err != nil {
		return nil, err
	}
	return t, nil
}

// sortPairs sorts keys ascending, permuting ids alongside.
func sortPairs(keys []uint64, ids []uint32) {
	if slices.IsSorted(keys) {
		return
	}
	type kv struct {
		k uint64
		v uint32
	}
	tmp := make([]kv, len(keys))
	for i := range keys {
		tmp[i] = kv{keys[i], ids[i]}
	}
	slices.SortFunc(tmp, func(a, b kv) int {
		if a.k < b.k {
			return -1
		}
		if a.k > b.k {
			return 1
		}
		return 0
	})
	for i := range tmp {
		keys[i], ids[i] = tmp[i].k, tmp[i].v
	}
}

// solve computes the shortest derivation length of every edge in the
// tables: Knuth's algorithm (grammar problems with superior functions;
// here lengths are sums) with a bucket queue. Input edges have length 1; a
// rule's edge has the sum of its parts' lengths. When an edge becomes final
// it is joined with the final edges adjacent to it, exactly as the solver
// joins processed edges, so each pair of edges is joined once. All lengths
// are positive, so the edges final before an edge of length d are exactly
// those shorter than d, and a join's result is never shorter than its
// parts: the bucket order is correct.
func (t *witnessTables) solve(rs *rules) error {
	g := rs.g
	// Derivation forms: 0 is an input edge, then one per unary rule and
	// per right-hand label pair, numbered in rule order so that the
	// numbering (and so nothing else) depends only on the rules.
	t.forms = []derivation{{noLabel, noLabel}}
	unaryForm := make([][]uint32, len(rs.labels))
	firstForm := make([][]uint32, len(rs.labels))
	pairs := map[uint64]pairInfo{}
	for m := range rs.labels {
		for range rs.unary[m] {
			unaryForm[m] = append(unaryForm[m], uint32(len(t.forms)))
			t.forms = append(t.forms, derivation{uint32(m), noLabel})
		}
		for _, pr := range rs.first[m] {
			k := uint64(m)<<32 | uint64(pr.other)
			pi, ok := pairs[k]
			if !ok {
				pi = pairInfo{lhs: rs.lookupPair(uint32(m), pr.other), form: uint32(len(t.forms))}
				pairs[k] = pi
				t.forms = append(t.forms, derivation{uint32(m), pr.other})
			}
			firstForm[m] = append(firstForm[m], pi.form)
		}
	}
	secondForm := make([][]uint32, len(rs.labels))
	for m := range rs.labels {
		for _, pr := range rs.second[m] {
			secondForm[m] = append(secondForm[m], pairs[uint64(pr.other)<<32|uint64(m)].form)
		}
	}
	// Bucket d holds the ids of the edges pushed with length d; stale
	// entries are skipped when popped. (Ids only: an edge's source is
	// found again from outStart when popped, which halves the queue.)
	var buckets [][]uint32
	push := func(e, d uint32) {
		for int(d) >= len(buckets) {
			buckets = append(buckets, nil)
		}
		buckets[d] = append(buckets[d], e)
	}
	sourceOf := func(e uint32) uint32 {
		i, _ := slices.BinarySearch(t.outStart, uint64(e)+1)
		return uint32(i - 1)
	}
	for e := range t.dist {
		t.dist[e] = infDist
		t.mid[e] = noMid
	}
	for u := range uint32(len(t.outStart) - 1) {
		for e := t.outStart[u]; e < t.outStart[u+1]; e++ {
			if isTerminal(g, rs.labels[t.outKey[e]>>32].sym) {
				t.dist[e] = 1
				push(uint32(e), 1)
			}
		}
	}
	var missing error
	miss := func(x, z, y uint32) {
		if missing == nil {
			missing = fmt.Errorf("edgecentric: witness: derived edge %s %d→%d is missing from the closure", g.Name(rs.labels[z].sym), x, y)
		}
	}
	update := func(e, d, how, mid uint32) {
		if t.dist[e]&doneBit == 0 && d < t.dist[e] {
			t.dist[e], t.how[e], t.mid[e] = d, how, mid
			push(e, d)
		}
	}
	relax := func(x, y, z, d, how, mid uint32) {
		if !t.need[z] {
			return
		}
		e, ok := t.find(x, z, y)
		if !ok {
			miss(x, z, y)
			return
		}
		update(e, d, how, mid)
	}
	// joinFirst joins the final edge (x, y), length d, as the first symbol
	// of Z ::= m B with the final B-edges (y, w). They come sorted by w, and
	// so do the targets (x, w) in x's row: walk both rather than search x's
	// row for each.
	joinFirst := func(x, y, d, b, z, f uint32) {
		if !t.need[z] {
			return
		}
		j, end := span(t.outStart, t.outKey, x, z)
		key := uint64(z) << 32
		join := func(w, d2 uint32) {
			j = seek(t.outKey, j, end, key|uint64(w))
			if j == end || t.outKey[j] != key|uint64(w) {
				miss(x, z, w)
				return
			}
			update(uint32(j), sum(d, d2), f, y)
		}
		if base := rs.virt[b]; base >= 0 {
			// -X's edges (y, w) are X's edges (w, y), in y's in-row.
			lo, hi := span(t.inStart, t.inKey, y, uint32(base))
			for i := lo; i < hi; i++ {
				if dd := t.dist[t.inEid[i]]; dd&doneBit != 0 {
					join(uint32(t.inKey[i]), dd&^doneBit)
				}
			}
			return
		}
		lo, hi := span(t.outStart, t.outKey, y, b)
		for e := lo; e < hi; e++ {
			if dd := t.dist[e]; dd&doneBit != 0 {
				join(uint32(t.outKey[e]), dd&^doneBit)
			}
		}
	}
	// joinSecond joins the final edges (x, y) for y in ys (sorted), all of
	// length d, as the second symbol of Z ::= A m with the final A-edges
	// (w, x). The targets (w, y) lie in w's row sorted by y, so a group
	// walks the row once instead of searching it for each y.
	joinSecond := func(x uint32, ys []uint32, d, a, z, f uint32) {
		if !t.need[z] {
			return
		}
		key := uint64(z) << 32
		join := func(w, dA uint32) {
			if len(ys) == 1 {
				relax(w, ys[0], z, sum(dA, d), f, x)
				return
			}
			j, end := span(t.outStart, t.outKey, w, z)
			for _, y := range ys {
				j = seek(t.outKey, j, end, key|uint64(y))
				if j == end || t.outKey[j] != key|uint64(y) {
					miss(w, z, y)
					continue
				}
				update(uint32(j), sum(dA, d), f, x)
			}
		}
		if base := rs.virt[a]; base >= 0 {
			// -X's edges (w, x) are X's edges (x, w), in x's out-row.
			lo, hi := span(t.outStart, t.outKey, x, uint32(base))
			for e := lo; e < hi; e++ {
				if dd := t.dist[e]; dd&doneBit != 0 {
					join(uint32(t.outKey[e]), dd&^doneBit)
				}
			}
			return
		}
		lo, hi := span(t.inStart, t.inKey, x, a)
		for i := lo; i < hi; i++ {
			if dd := t.dist[t.inEid[i]]; dd&doneBit != 0 {
				join(uint32(t.inKey[i]), dd&^doneBit)
			}
		}
	}
	// nlabels[v]: the number of labels in v's out- and in-rows.
	nlabels := make([]int32, len(t.outStart)-1)
	countRuns := func(start, keys []uint64) {
		for v := range nlabels {
			for i := start[v]; i < start[v+1]; i++ {
				if i == start[v] || keys[i]>>32 != keys[i-1]>>32 {
					nlabels[v]++
				}
			}
		}
	}
	countRuns(t.outStart, t.outKey)
	countRuns(t.inStart, t.inKey)
	// runs calls fn with each label in keys[lo:hi] (a sorted row).
	runs := func(keys []uint64, lo, hi int, fn func(l uint32)) {
		for i := lo; i < hi; {
			l := uint32(keys[i] >> 32)
			fn(l)
			i = seek(keys, i, hi, uint64(l+1)<<32)
		}
	}
	// visit applies the rules to the final edge (x, y) of label m, length
	// d. An indexed symbol instantiates a rule per index, so a label may
	// have thousands of rules while a vertex has a few labels: then it
	// scans the labels at the vertex and looks each pair up, as the
	// solver does.
	visitFirst := func(x, y, m, d uint32) {
		for k, z := range rs.unary[m] {
			relax(x, y, z, d, unaryForm[m][k], noMid)
		}
		if nr := len(rs.first[m]); nr > 0 {
			if nr <= int(nlabels[y]) {
				for k, pr := range rs.first[m] {
					joinFirst(x, y, d, pr.other, pr.lhs, firstForm[m][k])
				}
			} else {
				pairWith := func(b uint32) {
					pi := pairs[uint64(m)<<32|uint64(b)]
					for _, z := range pi.lhs {
						joinFirst(x, y, d, b, z, pi.form)
					}
				}
				runs(t.outKey, int(t.outStart[y]), int(t.outStart[y+1]), pairWith)
				runs(t.inKey, int(t.inStart[y]), int(t.inStart[y+1]), func(l uint32) {
					if vl := rs.inv[l]; vl >= 0 {
						pairWith(uint32(vl))
					}
				})
			}
		}
	}
	// visitSecond applies the rules where m is the second symbol to the
	// final edges (x, y), y in ys, of label m and length d.
	visitSecond := func(x, m uint32, ys []uint32, d uint32) {
		if nr := len(rs.second[m]); nr > 0 {
			if nr <= int(nlabels[x]) {
				for k, pr := range rs.second[m] {
					joinSecond(x, ys, d, pr.other, pr.lhs, secondForm[m][k])
				}
			} else {
				pairWith := func(a uint32) {
					pi := pairs[uint64(a)<<32|uint64(m)]
					for _, z := range pi.lhs {
						joinSecond(x, ys, d, a, z, pi.form)
					}
				}
				runs(t.inKey, int(t.inStart[x]), int(t.inStart[x+1]), pairWith)
				runs(t.outKey, int(t.outStart[x]), int(t.outStart[x+1]), func(l uint32) {
					if vl := rs.inv[l]; vl >= 0 {
						pairWith(uint32(vl))
					}
				})
			}
		}
	}
	// The joins where a final edge is the second symbol are deferred to
	// the end of its bucket and grouped by (middle vertex, label): they
	// make edges longer than the bucket's, so the order stays correct,
	// and their partners are then final too (a pair final in one bucket
	// may be joined twice, with the same result).
	// Real edges are deferred by id: ids are in (source, label, target)
	// order, so sorting them groups them. Virtual reverses (rare) are
	// deferred as triples.
	type deferred struct{ x, m, y uint32 }
	var laterE []uint32
	var laterV []deferred
	var ys []uint32
	for d := 1; d < len(buckets); d++ {
		laterE, laterV = laterE[:0], laterV[:0]
		// Unary rules push into the bucket being drained.
		for i := 0; i < len(buckets[d]); i++ {
			e := buckets[d][i]
			if t.dist[e] != uint32(d) {
				continue // final already, or superseded
			}
			u := sourceOf(e)
			t.dist[e] |= doneBit
			l, v := uint32(t.outKey[e]>>32), uint32(t.outKey[e])
			visitFirst(u, v, l, uint32(d))
			if len(rs.second[l]) > 0 {
				laterE = append(laterE, e)
			}
			if vl := rs.inv[l]; vl >= 0 {
				visitFirst(v, u, uint32(vl), uint32(d))
				if len(rs.second[vl]) > 0 {
					laterV = append(laterV, deferred{v, uint32(vl), u})
				}
			}
		}
		buckets[d] = nil
		slices.Sort(laterE)
		for i := 0; i < len(laterE); {
			x := sourceOf(laterE[i])
			m := uint32(t.outKey[laterE[i]] >> 32)
			end := t.outStart[x+1]
			ys = ys[:0]
			for ; i < len(laterE) && uint64(laterE[i]) < end && uint32(t.outKey[laterE[i]]>>32) == m; i++ {
				ys = append(ys, uint32(t.outKey[laterE[i]]))
			}
			visitSecond(x, m, ys, uint32(d))
		}
		slices.SortFunc(laterV, func(a, b deferred) int {
			return cmp.Or(cmp.Compare(a.x, b.x), cmp.Compare(a.m, b.m), cmp.Compare(a.y, b.y))
		})
		for i := 0; i < len(laterV); {
			x, m := laterV[i].x, laterV[i].m
			ys = ys[:0]
			for ; i < len(laterV) && laterV[i].x == x && laterV[i].m == m; i++ {
				ys = append(ys, laterV[i].y)
			}
			visitSecond(x, m, ys, uint32(d))
		}
	}
	return missing
}

// pairInfo is what the rules make of a right-hand label pair: the
// left-hand labels, and the derivation form recorded for them.
type pairInfo struct {
	lhs  []uint32
	form uint32
}

// seek returns the first position in keys[j:hi] (sorted) holding a key
// not below k, or hi: a galloping search from j, cheap when the answer is
// near and logarithmic when it is far.
func seek(keys []uint64, j, hi int, k uint64) int {
	lo, step := j, 1
	for lo+step < hi && keys[lo+step] < k {
		lo += step
		step *= 2
	}
	i, _ := slices.BinarySearch(keys[lo:min(lo+step+1, hi)], k)
	return lo + i
}

// sum adds lengths, saturating below infDist.
func sum(a, b uint32) uint32 {
	s := uint64(a) + uint64(b)
	if s >= uint64(infDist) {
		return infDist - 1
	}
	return uint32(s)
}

// expand appends to path the input edges of the recorded derivation of
// edge (x, y) of label m (real or virtual). With rev it appends them
// backwards, inverted: the path from y to x.
func (w *WitnessFinder) expand(t *witnessTables, path []Edge, x, y, m uint32, rev bool) ([]Edge, error) {
	rs := w.r.rules
	if b := rs.virt[m]; b >= 0 {
		return w.expand(t, path, y, x, uint32(b), !rev)
	}
	e, ok := t.find(x, m, y)
	if !ok || t.dist[e]&doneBit == 0 {
		return nil, fmt.Errorf("edgecentric: witness: %s %d→%d has no derivation", w.g.Name(rs.labels[m].sym), x, y)
	}
	f := t.forms[t.how[e]]
	var err error
	switch {
	case t.how[e] == 0:
		lab := rs.labels[m]
		if !rev {
			return append(path, Edge{x, y, lab.sym, lab.idx}), nil
		}
		return append(path, Edge{y, x, w.iv[lab.sym], lab.idx}), nil
	case f.b == noLabel:
		return w.expand(t, path, x, y, f.a, rev)
	case !rev:
		if path, err = w.expand(t, path, x, t.mid[e], f.a, false); err != nil {
			return nil, err
		}
		return w.expand(t, path, t.mid[e], y, f.b, false)
	default:
		if path, err = w.expand(t, path, t.mid[e], y, f.b, true); err != nil {
			return nil, err
		}
		return w.expand(t, path, x, t.mid[e], f.a, true)
	}
}
