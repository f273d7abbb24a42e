package mine

import (
	"github.com/cflr/cflr/graph/csr"
)

// Options are the knobs shared by the CPU kernels. The zero value is ready
// to use.
type Options struct {
	// Workers is the number of goroutines; 0 means GOMAXPROCS.
	Workers int
	// Intersect is the set-intersection method for triangle counting
	// (default Merge). Clique and matching kernels always merge.
	Intersect Intersect
	// Progress, when non-nil, is called from the worker goroutines as the
	// search advances: done of total root vertices are finished (work per
	// root is skewed, so this measures roots, not time).
	Progress func(done, total int)
}

// CountTriangles counts the triangles of the oriented graph dag (from
// Orient): each triangle is counted once, at its lowest-ranked vertex, as
// |out(u) ∩ out(v)| summed over arcs u→v. The count is a uint64: a graph
// with m edges has at most m^1.5 triangles, below 2^64 for m < 2^42.
func CountTriangles(dag *csr.Graph, opt Options) uint64 {
	workers := workerCount(opt.Workers)
	counts := make([]paddedCount, workers)
	var marks [][]uint64
	if opt.Intersect == Hash {
		marks = make([][]uint64, workers)
	}
	progressFor(int(dag.N), workers, 256, opt.Progress, func(w, lo, hi int) {
		var c uint64
		switch opt.Intersect {
		case Merge:
			for u := lo; u < hi; u++ {
				nu := dag.Neighbors(uint32(u))
				for _, v := range nu {
					c += countMerge(nu, dag.Neighbors(v))
				}
			}
		case BinarySearch:
			for u := lo; u < hi; u++ {
				nu := dag.Neighbors(uint32(u))
				for _, v := range nu {
					c += countBinary(nu, dag.Neighbors(v))
				}
			}
		case Hash:
			if marks[w] == nil {
				marks[w] = make([]uint64, (dag.N+63)/64)
			}
			bm := marks[w]
			for u := lo; u < hi; u++ {
				nu := dag.Neighbors(uint32(u))
				for _, x := range nu {
					bm[x>>6] |= 1 << (x & 63)
				}
				for _, v := range nu {
					for _, x := range dag.Neighbors(v) {
						c += (bm[x>>6] >> (x & 63)) & 1
					}
				}
				for _, x := range nu {
					bm[x>>6] = 0
				}
			}
		}
		counts[w].n += c
	})
	var total uint64
	for _, c := range counts {
		total += c.n
	}
	return total
}

// ListTriangles calls emit for every triangle of the oriented graph dag, as
// (u, v, w) with u the lowest-ranked vertex, in a deterministic order (by u,
// then by u's out-list). It stops early when emit returns false. Listing is
// sequential so that the order never depends on scheduling.
func ListTriangles(dag *csr.Graph, emit func(u, v, w uint32) bool) {
	var buf []uint32
	for u := uint32(0); u < dag.N; u++ {
		nu := dag.Neighbors(u)
		for _, v := range nu {
			buf = intersectInto(buf, nu, dag.Neighbors(v))
			for _, w := range buf {
				if !emit(u, v, w) {
					return
				}
			}
		}
	}
}

// paddedCount keeps per-worker counters on separate cache lines.
type paddedCount struct {
	n uint64
	_ [56]byte
}
