package mine

import (
	"container/heap"
	"math/bits"

	"github.com/cflr/cflr/graph/csr"
)

// Breadth-first extension for GPU FSM support (GAMMA-style). The host
// compiles a pattern into an extPlan; the GPU (fsm_cuda.go, mine.cu)
// builds one table per plan level, each row a data vertex and the index of
// its parent row in the previous level's table (prefix grouping: a prefix
// shared by many embeddings is stored once), and computes MNI support from
// the last level. bfsSupport is the same algorithm on the CPU, so that the
// plan and the aggregation are tested without a GPU.

// extPlan is the order in which a pattern's vertices are matched, one per
// table level.
type extPlan struct {
	n      int
	order  [MaxPatternSize]int    // pattern vertex matched at each level
	label  [MaxPatternSize]uint32 // its label
	anchor [MaxPatternSize]int    // earlier level whose data vertex's neighbours are scanned (level ≥ 1)
	back   [MaxPatternSize]uint32 // other earlier levels adjacent in the pattern: edges checked by search
}

// newExtPlan orders p's vertices so that each one after the first is
// adjacent to an earlier one (p must be connected and labeled): first the
// vertex of highest degree, then repeatedly the unmatched vertex with the
// most matched neighbours (ties: higher degree, then lower index), since
// every back edge checked prunes rows before they are written. The anchor is
// the earliest matched neighbour.
func newExtPlan(p Pattern) extPlan {
	var pl extPlan
	pl.n = p.N
	var used uint16
	level := make([]int, p.N) // pattern vertex → level
	for l := 0; l < p.N; l++ {
		best, bestBack := -1, -1
		for v := 0; v < p.N; v++ {
			if used>>v&1 != 0 {
				continue
			}
			b := bits.OnesCount16(p.Rows[v] & used)
			if l > 0 && b == 0 {
				continue
			}
			if best < 0 || b > bestBack || b == bestBack && p.Degree(v) > p.Degree(best) {
				best, bestBack = v, b
			}
		}
		pl.order[l], pl.label[l] = best, p.Labels[best]
		level[best] = l
		if l > 0 {
			pl.anchor[l] = -1
			for e := 0; e < l; e++ { // earliest matched neighbour
				if p.Adjacent(best, pl.order[e]) {
					if pl.anchor[l] < 0 {
						pl.anchor[l] = e
					} else {
						pl.back[l] |= 1 << e
					}
				}
			}
		}
		used |= 1 << best
	}
	return pl
}

// bfsSupport is the breadth-first algorithm on the CPU (tables with parent
// indices, the MNI domains counted from the last level, every embedding
// enumerated: no symmetry breaking, so no orbit bookkeeping is needed). It
// tests plans and the merge; MineMNI's CPU path uses matching instead.
func bfsSupport(g *csr.Graph, p Pattern) uint64 {
	pl := newExtPlan(p)
	type table struct{ vert, par []uint32 }
	tabs := make([]table, pl.n)
	for v := uint32(0); v < g.N; v++ {
		if g.Labels[v] == pl.label[0] {
			tabs[0].vert = append(tabs[0].vert, v)
		}
	}
	m := make([]uint32, pl.n)
	mapping := func(l int, row uint32) { // m[0..l] of row at level l
		for ; l >= 0; l-- {
			m[l] = tabs[l].vert[row]
			if l > 0 {
				row = tabs[l].par[row]
			}
		}
	}
	for l := 1; l < pl.n; l++ {
		for r := range tabs[l-1].vert {
			mapping(l-1, uint32(r))
		next:
			for _, y := range g.Neighbors(m[pl.anchor[l]]) {
				if g.Labels[y] != pl.label[l] {
					continue
				}
				for e := 0; e < l; e++ {
					if m[e] == y || pl.back[l]>>e&1 != 0 && !hasEdge(g, m[e], y) {
						continue next
					}
				}
				tabs[l].vert = append(tabs[l].vert, y)
				tabs[l].par = append(tabs[l].par, uint32(r))
			}
		}
	}
	// Keys (level, vertex) of the last level's rows, sorted in runs and
	// merged, as the out-of-memory GPU path does.
	last := pl.n - 1
	var keys []uint64
	for r := range tabs[last].vert {
		mapping(last, uint32(r))
		for l := 0; l < pl.n; l++ {
			keys = append(keys, uint64(l)<<32|uint64(m[l]))
		}
	}
	const run = 64
	for len(keys)%run != 0 {
		keys = append(keys, ^uint64(0))
	}
	for i := 0; i < len(keys); i += run {
		sortU64(keys[i : i+run])
	}
	return minDomain(mergeRuns(nil, keys, run), pl.n)
}

func hasEdge(g *csr.Graph, u, v uint32) bool {
	nb := g.Neighbors(u)
	lo, hi := 0, len(nb)
	for lo < hi {
		mid := (lo + hi) / 2
		if nb[mid] < v {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo < len(nb) && nb[lo] == v
}

func sortU64(a []uint64) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// minDomain is MNI support from distinct (level<<32 | vertex) keys: the
// smallest number of keys of any level 0..n-1.
func minDomain(distinct []uint64, n int) uint64 {
	cnt := make([]uint64, n)
	for _, k := range distinct {
		cnt[k>>32]++
	}
	s := cnt[0]
	for _, c := range cnt {
		s = min(s, c)
	}
	return s
}

// mergeRuns merges keys, made of sorted runs of runLen (the last may be
// shorter; ^0 entries are padding and dropped), into acc (sorted,
// distinct) and returns the sorted distinct union: the host half of the
// out-of-core aggregation, whose runs the GPU sorted.
func mergeRuns(acc, keys []uint64, runLen int) []uint64 {
	h := &runHeap{}
	for i := 0; i < len(keys); i += runLen {
		r := keys[i:min(i+runLen, len(keys))]
		if len(r) > 0 && r[0] != ^uint64(0) {
			h.runs = append(h.runs, r)
		}
	}
	heap.Init(h)
	merged := make([]uint64, 0, len(acc))
	for h.Len() > 0 {
		r := h.runs[0]
		k := r[0]
		if len(merged) == 0 || merged[len(merged)-1] != k {
			merged = append(merged, k)
		}
		if len(r) > 1 && r[1] != ^uint64(0) {
			h.runs[0] = r[1:]
			heap.Fix(h, 0)
		} else {
			heap.Pop(h)
		}
	}
	// Two-way merge with acc.
	out := make([]uint64, 0, len(acc)+len(merged))
	i, j := 0, 0
	for i < len(acc) || j < len(merged) {
		var k uint64
		switch {
		case j == len(merged) || i < len(acc) && acc[i] < merged[j]:
			k, i = acc[i], i+1
		case i == len(acc) || merged[j] < acc[i]:
			k, j = merged[j], j+1
		default:
			k, i, j = acc[i], i+1, j+1
		}
		out = append(out, k)
	}
	return out
}

type runHeap struct{ runs [][]uint64 }

func (h *runHeap) Len() int           { return len(h.runs) }
func (h *runHeap) Less(i, j int) bool { return h.runs[i][0] < h.runs[j][0] }
func (h *runHeap) Swap(i, j int)      { h.runs[i], h.runs[j] = h.runs[j], h.runs[i] }
func (h *runHeap) Push(x any)         { h.runs = append(h.runs, x.([]uint64)) }
func (h *runHeap) Pop() any {
	r := h.runs[len(h.runs)-1]
	h.runs = h.runs[:len(h.runs)-1]
	return r
}
