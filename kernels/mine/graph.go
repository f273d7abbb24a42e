package mine

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/cflr/cflr/graph/csr"
)

// Undirected returns the simple undirected graph underlying g: both
// directions of every edge, sorted neighbour lists, no self-loops, no
// parallel edges. Vertex labels are kept; weights are dropped. Every kernel
// in this package expects a graph of this shape. It is csr.Undirect, which
// runs on all cores and skips the rebuild for a graph already of this shape
// (the usual case for symmetric inputs such as G2Miner's or Tigr's files);
// workers is kept for callers and does not change the result.
func Undirected(g *csr.Graph, workers int) *csr.Graph {
	_ = workers
	return csr.Undirect(g)
}

// Orient returns the degree-ordered orientation of the simple undirected
// graph g: u→v is kept when (deg u, u) < (deg v, v). Every clique then has
// exactly one vertex from which all others are reachable in one hop, and
// out-degrees are at most sqrt(2m), which bounds the intersection work.
// Out-lists stay sorted by vertex id. It is csr.Orient (all cores).
func Orient(g *csr.Graph, workers int) *csr.Graph {
	_ = workers
	return csr.Orient(g)
}

// maxDegree is the largest out-degree of g.
func maxDegree(g *csr.Graph) uint64 {
	var m uint64
	for u := uint32(0); u < g.N; u++ {
		m = max(m, g.Degree(u))
	}
	return m
}

func workerCount(w int) int {
	if w <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return w
}

// progressFor is parallelFor that, after each chunk, reports how many of
// the n items are done to progress (nil: none), from the worker goroutines.
func progressFor(n, workers, chunk int, progress func(done, total int), body func(worker, lo, hi int)) {
	if progress == nil {
		parallelFor(n, workers, chunk, body)
		return
	}
	var done atomic.Int64
	parallelFor(n, workers, chunk, func(w, lo, hi int) {
		body(w, lo, hi)
		progress(int(done.Add(int64(hi-lo))), n)
	})
}

// parallelFor runs body over [0,n) in chunks handed out dynamically to
// workers goroutines; worker is the goroutine's index, so bodies can keep
// per-worker state without locks. Results that bodies accumulate per worker
// and the caller sums are independent of scheduling, so counts are
// deterministic whatever the worker count.
func parallelFor(n, workers, chunk int, body func(worker, lo, hi int)) {
	workers = workerCount(workers)
	if n <= chunk || workers == 1 {
		body(0, 0, n)
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for {
				lo := int(next.Add(int64(chunk))) - chunk
				if lo >= n {
					return
				}
				body(w, lo, min(lo+chunk, n))
			}
		}(w)
	}
	wg.Wait()
}

// RankOrder relabels the simple undirected graph g so that vertex ids
// follow Orient's order ((degree, id) ascending): the DAG of the result
// has every arc going from a lower to a higher id, and hubs, whose lists
// the kernels read most, sit together in memory. Counts are unchanged (the
// graphs are isomorphic); labels move with their vertices.
func RankOrder(g *csr.Graph, workers int) *csr.Graph {
	n := g.N
	order := make([]uint32, n)
	for i := range order {
		order[i] = uint32(i)
	}
	slices.SortFunc(order, func(a, b uint32) int {
		da, db := g.Degree(a), g.Degree(b)
		if da != db {
			if da < db {
				return -1
			}
			return 1
		}
		return int(a) - int(b)
	})
	newID := make([]uint32, n)
	for i, v := range order {
		newID[v] = uint32(i)
	}
	off := make([]uint64, uint64(n)+1)
	for i, v := range order {
		off[i+1] = off[i] + g.Degree(v)
	}
	adj := make([]uint32, len(g.Adj))
	parallelFor(int(n), workers, 1024, func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			l := adj[off[i]:off[i+1]]
			for j, x := range g.Neighbors(order[i]) {
				l[j] = newID[x]
			}
			slices.Sort(l)
		}
	})
	out := &csr.Graph{N: n, Offsets: off, Adj: adj}
	if g.Labels != nil {
		out.Labels = make([]uint32, n)
		for i, v := range order {
			out.Labels[i] = g.Labels[v]
		}
	}
	return out
}
