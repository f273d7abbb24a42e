package traverse

import (
	"container/heap"
	"math"

	"github.com/cflr/cflr/graph/csr"
)

// The reference implementations are sequential and written to be obviously
// right (a queue, Dijkstra, union-find, a plain power iteration); every other
// implementation is tested against them.

// weight is edge i's weight, 1 when the graph is unweighted.
func weight(g *csr.Graph, i uint64) uint32 {
	if g.Weights == nil {
		return 1
	}
	return g.Weights[i]
}

// RefBFS returns hop levels from src (Inf when unreached).
func RefBFS(g *csr.Graph, src uint32) []uint32 {
	level := fill(g.N, Inf)
	level[src] = 0
	queue := []uint32{src}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, v := range g.Neighbors(u) {
			if level[v] == Inf {
				level[v] = level[u] + 1
				queue = append(queue, v)
			}
		}
	}
	return level
}

type item struct{ v, key uint32 }
type pq struct {
	items []item
	less  func(a, b uint32) bool
}

func (q *pq) Len() int           { return len(q.items) }
func (q *pq) Less(i, j int) bool { return q.less(q.items[i].key, q.items[j].key) }
func (q *pq) Swap(i, j int)      { q.items[i], q.items[j] = q.items[j], q.items[i] }
func (q *pq) Push(x any)         { q.items = append(q.items, x.(item)) }
func (q *pq) Pop() any {
	it := q.items[len(q.items)-1]
	q.items = q.items[:len(q.items)-1]
	return it
}

// addSat adds without passing Inf: a path longer than 2^32-2 counts as
// unreachable, in every implementation alike.
func addSat(a, b uint32) uint32 {
	s := uint64(a) + uint64(b)
	if s >= Inf {
		return Inf
	}
	return uint32(s)
}

// RefSSSP is Dijkstra with a binary heap.
func RefSSSP(g *csr.Graph, src uint32) []uint32 {
	dist := fill(g.N, Inf)
	dist[src] = 0
	q := &pq{less: func(a, b uint32) bool { return a < b }}
	heap.Push(q, item{src, 0})
	for q.Len() > 0 {
		it := heap.Pop(q).(item)
		if it.key != dist[it.v] {
			continue // stale
		}
		for i := g.Offsets[it.v]; i < g.Offsets[it.v+1]; i++ {
			v := g.Adj[i]
			if d := addSat(it.key, weight(g, i)); d < dist[v] {
				dist[v] = d
				heap.Push(q, item{v, d})
			}
		}
	}
	return dist
}

// RefSSWP is Dijkstra's widest-path variant (a max-heap on widths).
func RefSSWP(g *csr.Graph, src uint32) []uint32 {
	width := fill(g.N, 0)
	width[src] = Inf
	q := &pq{less: func(a, b uint32) bool { return a > b }}
	heap.Push(q, item{src, Inf})
	for q.Len() > 0 {
		it := heap.Pop(q).(item)
		if it.key != width[it.v] {
			continue
		}
		for i := g.Offsets[it.v]; i < g.Offsets[it.v+1]; i++ {
			v := g.Adj[i]
			if w := min(it.key, weight(g, i)); w > width[v] {
				width[v] = w
				heap.Push(q, item{v, w})
			}
		}
	}
	return width
}

// RefCC labels each vertex with the smallest vertex id of its weakly
// connected component (edge direction ignored), by union-find.
func RefCC(g *csr.Graph) []uint32 {
	parent := make([]uint32, g.N)
	for i := range parent {
		parent[i] = uint32(i)
	}
	var find func(x uint32) uint32
	find = func(x uint32) uint32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for u := uint32(0); u < g.N; u++ {
		for _, v := range g.Neighbors(u) {
			a, b := find(u), find(v)
			// Keep the smaller id as root, so the root is the label.
			if a < b {
				parent[b] = a
			} else if b < a {
				parent[a] = b
			}
		}
	}
	label := make([]uint32, g.N)
	for v := range label {
		label[v] = find(uint32(v))
	}
	return label
}

// RefPageRank runs iters power iterations of
// r(v) = (1-d)/n + d·Σ_{u→v} r(u)/outdeg(u), from r = 1/n. Rank held by
// vertices without out-edges is not redistributed (as in Tigr and Subway).
// With iters <= 0 it iterates until the L1 change is below 1e-14, the
// fixed point the delta form converges to.
func RefPageRank(g *csr.Graph, d float64, iters int) ([]float64, int) {
	t := g.Transpose()
	n := float64(g.N)
	r := make([]float64, g.N)
	next := make([]float64, g.N)
	contrib := make([]float64, g.N)
	for v := range r {
		r[v] = 1 / n
	}
	k := 0
	for ; iters <= 0 || k < iters; k++ {
		for u := uint32(0); u < g.N; u++ {
			if deg := g.Degree(u); deg > 0 {
				contrib[u] = r[u] / float64(deg)
			}
		}
		change := 0.0
		for v := uint32(0); v < g.N; v++ {
			s := 0.0
			for _, u := range t.Neighbors(v) {
				s += contrib[u]
			}
			next[v] = (1-d)/n + d*s
			change += math.Abs(next[v] - r[v])
		}
		r, next = next, r
		if iters <= 0 && (change < 1e-14 || k > 10000) {
			k++
			break
		}
	}
	return r, k
}

func fill(n uint32, x uint32) []uint32 {
	s := make([]uint32, n)
	for i := range s {
		s[i] = x
	}
	return s
}
