package mine

import (
	"fmt"
	"slices"

	"github.com/cflr/cflr/graph/csr"
)

// Motif size bounds: MotifMaxK keeps a subgraph's adjacency code in 28 bits
// (k(k-1)/2 pairs); EdgeInducedMaxK bounds the edge-subset expansion
// (2^(k(k-1)/2) subsets of the k-clique pattern).
const (
	MotifMinK       = 3
	MotifMaxK       = 8
	EdgeInducedMaxK = 6
)

// PatternCount is one pattern (in canonical form) and its count.
type PatternCount struct {
	Pattern Pattern
	Count   uint64
}

// CountMotifs counts the connected vertex-induced k-vertex subgraphs of the
// simple undirected graph g by pattern, 3 ≤ k ≤ 8. Enumeration is pattern
// oblivious (Wernicke's ESU: every connected k-set is produced exactly once,
// from its smallest vertex); each subgraph is tallied by its raw adjacency
// code in discovery order, and raw codes are mapped to canonical patterns
// only once, at the end, so relabeling costs nothing per subgraph. Results
// are sorted by (edges, canonical adjacency), independent of worker count.
func CountMotifs(g *csr.Graph, k int, opt Options) ([]PatternCount, error) {
	if k < MotifMinK || k > MotifMaxK {
		return nil, fmt.Errorf("mine: motif size k=%d out of range [%d,%d]", k, MotifMinK, MotifMaxK)
	}
	workers := workerCount(opt.Workers)
	type wstate struct {
		covered []uint8
		adj     []uint8
		ext     [][]uint32
		arr     []uint64          // raw code → count, k ≤ 6
		mp      map[uint32]uint64 // raw code → count, k ≥ 7
	}
	states := make([]*wstate, workers)
	md := maxDegree(g)
	bitsK := k * (k - 1) / 2
	progressFor(int(g.N), workers, 8, opt.Progress, func(w, lo, hi int) {
		st := states[w]
		if st == nil {
			st = &wstate{covered: make([]uint8, g.N), adj: make([]uint8, g.N), ext: make([][]uint32, k+1)}
			for i := range st.ext {
				st.ext[i] = make([]uint32, 0, int(md)*min(i+1, k))
			}
			if k <= 6 {
				st.arr = make([]uint64, 1<<bitsK)
			} else {
				st.mp = make(map[uint32]uint64)
			}
			states[w] = st
		}
		e := esu{g: g, k: k, covered: st.covered, adj: st.adj, ext: st.ext, arr: st.arr, mp: st.mp}
		for v := lo; v < hi; v++ {
			e.root(uint32(v))
		}
	})
	raw := make(map[uint32]uint64)
	for _, st := range states {
		if st == nil {
			continue
		}
		for c, n := range st.arr {
			if n != 0 {
				raw[uint32(c)] += n
			}
		}
		for c, n := range st.mp {
			raw[c] += n
		}
	}
	return canonicalCounts(k, raw), nil
}

// canonicalCounts folds raw-code counts into canonical patterns.
func canonicalCounts(k int, raw map[uint32]uint64) []PatternCount {
	byKey := map[string]*PatternCount{}
	for code, n := range raw {
		p := patternFromCode(k, code).Canonical()
		key := p.Key()
		if pc, ok := byKey[key]; ok {
			pc.Count += n
		} else {
			byKey[key] = &PatternCount{Pattern: p, Count: n}
		}
	}
	out := make([]PatternCount, 0, len(byKey))
	for _, pc := range byKey {
		out = append(out, *pc)
	}
	sortPatternCounts(out)
	return out
}

func sortPatternCounts(out []PatternCount) {
	slices.SortFunc(out, func(a, b PatternCount) int {
		if d := a.Pattern.NumEdges() - b.Pattern.NumEdges(); d != 0 {
			return d
		}
		if a.Pattern.Key() < b.Pattern.Key() {
			return -1
		} else if a.Pattern.Key() > b.Pattern.Key() {
			return 1
		}
		return 0
	})
}

// pairIndex is the bit of pair (i, j), i < j, in a raw code: column-major,
// so a vertex added at position j contributes bits j(j-1)/2 .. j(j-1)/2+j-1.
func pairIndex(i, j int) int { return j*(j-1)/2 + i }

func patternFromCode(k int, code uint32) Pattern {
	p := Pattern{N: k}
	for j := 1; j < k; j++ {
		for i := 0; i < j; i++ {
			if code>>pairIndex(i, j)&1 != 0 {
				p.AddEdge(i, j)
			}
		}
	}
	return p
}

// esu is one worker's ESU enumeration state. covered[u] is the depth at
// which u entered the current subgraph or its neighbourhood (0: not), for
// vertices above the root only. adj[u] has bit i set while u is adjacent to
// the subgraph's i-th vertex (0: the root), so a candidate's code column is one lookup instead of d searches
// (the last level, where most candidates are, places nobody and pays
// nothing to keep it).
type esu struct {
	g       *csr.Graph
	k       int
	root0   uint32
	covered []uint8
	adj     []uint8
	ext     [][]uint32
	arr     []uint64
	mp      map[uint32]uint64
}

func (e *esu) tally(code uint32) {
	if e.arr != nil {
		e.arr[code]++
	} else {
		e.mp[code]++
	}
}

func (e *esu) root(v uint32) {
	e.root0 = v
	e.covered[v] = 1
	ext := e.ext[1][:0]
	for _, u := range e.g.Neighbors(v) {
		e.adj[u] |= 1
		if u > v {
			e.covered[u] = 1
			ext = append(ext, u)
		}
	}
	e.ext[1] = ext
	e.extend(1, 0)
	for _, u := range e.g.Neighbors(v) {
		e.adj[u] &^= 1
		if u > v {
			e.covered[u] = 0
		}
	}
	e.covered[v] = 0
}

func (e *esu) extend(d int, code uint32) {
	ext := e.ext[d]
	for len(ext) > 0 {
		w := ext[len(ext)-1]
		ext = ext[:len(ext)-1]
		col := code | uint32(e.adj[w])<<pairIndex(0, d)
		if d+1 == e.k {
			e.tally(col)
			continue
		}
		next := append(e.ext[d+1][:0], ext...)
		lvl := uint8(d + 1)
		bit := uint8(1) << d
		for _, u := range e.g.Neighbors(w) {
			e.adj[u] |= bit
			if u > e.root0 && e.covered[u] == 0 {
				e.covered[u] = lvl
				next = append(next, u)
			}
		}
		e.ext[d+1] = next
		e.extend(d+1, col)
		for _, u := range e.g.Neighbors(w) {
			e.adj[u] &^= bit
			if e.covered[u] == lvl {
				e.covered[u] = 0
			}
		}
	}
}

// EdgeInduced converts vertex-induced motif counts into edge-induced ones:
// the number of (not necessarily induced) subgraphs isomorphic to each
// pattern. A connected k-vertex subgraph lies in exactly one induced
// k-subgraph (the one on its vertex set) as a spanning connected subset of
// its edges, so each induced pattern q contributes count(q) times the number
// of such edge subsets of q isomorphic to p. k ≤ EdgeInducedMaxK.
func EdgeInduced(induced []PatternCount) ([]PatternCount, error) {
	if len(induced) == 0 {
		return nil, nil
	}
	k := induced[0].Pattern.N
	if k > EdgeInducedMaxK {
		return nil, fmt.Errorf("mine: edge-induced motifs need k ≤ %d, got %d", EdgeInducedMaxK, k)
	}
	byKey := map[string]*PatternCount{}
	for _, q := range induced {
		es := q.Pattern.Edges()
		for mask := uint32(1); mask < 1<<len(es); mask++ {
			p := Pattern{N: k}
			for i, e := range es {
				if mask>>i&1 != 0 {
					p.AddEdge(e[0], e[1])
				}
			}
			if !p.Connected() {
				continue
			}
			c := p.Canonical()
			key := c.Key()
			if pc, ok := byKey[key]; ok {
				pc.Count += q.Count
			} else {
				byKey[key] = &PatternCount{Pattern: c, Count: q.Count}
			}
		}
	}
	out := make([]PatternCount, 0, len(byKey))
	for _, pc := range byKey {
		out = append(out, *pc)
	}
	sortPatternCounts(out)
	return out, nil
}
