package mine

import (
	"fmt"

	"github.com/cflr/cflr/graph/csr"
)

// MaxCliqueK is the largest k CountCliques accepts. Nothing in the
// algorithm needs the bound; it keeps per-level buffers small.
const MaxCliqueK = 32

// CountCliques counts the k-cliques of the oriented graph dag (from Orient),
// k ≥ 3. Each clique is found once, from its lowest-ranked vertex u: the
// search keeps the candidate set C (vertices adjacent to every vertex chosen
// so far, in out-lists) and extends it by C ∩ out(w), DFS style, so memory is
// k buffers of at most the maximum out-degree per worker. Work is spread over
// the arcs u→v (the first two levels), which balances hubs better than
// spreading over vertices.
//
// Counts are uint64. The number of k-cliques is at most C(n, k); for
// the graphs cflr handles (n < 2^32) a single count could in principle
// overflow for mid-range k on a near-complete graph with billions of
// vertices, which no real input approaches: email-Enron has 2·10^7
// 8-cliques.
func CountCliques(dag *csr.Graph, k int, opt Options) (uint64, error) {
	if k < 3 || k > MaxCliqueK {
		return 0, fmt.Errorf("mine: clique size k=%d out of range [3,%d]", k, MaxCliqueK)
	}
	workers := workerCount(opt.Workers)
	counts := make([]paddedCount, workers)
	bufs := make([][][]uint32, workers)
	md := maxDegree(dag)
	progressFor(int(dag.N), workers, 16, opt.Progress, func(w, lo, hi int) {
		if bufs[w] == nil {
			bufs[w] = make([][]uint32, k)
			for i := range bufs[w] {
				bufs[w][i] = make([]uint32, 0, md)
			}
		}
		b := bufs[w]
		var c uint64
		for u := lo; u < hi; u++ {
			nu := dag.Neighbors(uint32(u))
			if len(nu) < k-1 {
				continue
			}
			for _, v := range nu {
				if k == 3 {
					c += countMerge(nu, dag.Neighbors(v))
					continue
				}
				b[2] = intersectInto(b[2], nu, dag.Neighbors(v))
				c += cliqueDFS(dag, b, 2, k)
			}
		}
		counts[w].n += c
	})
	var total uint64
	for _, c := range counts {
		total += c.n
	}
	return total, nil
}

// cliqueDFS counts the ways to complete a clique that has depth vertices
// chosen and candidate set b[depth] to size k.
func cliqueDFS(dag *csr.Graph, b [][]uint32, depth, k int) uint64 {
	cand := b[depth]
	need := k - depth // vertices still to choose
	if len(cand) < need {
		return 0
	}
	if need == 1 {
		return uint64(len(cand))
	}
	var c uint64
	if need == 2 {
		for _, w := range cand {
			c += countMerge(cand, dag.Neighbors(w))
		}
		return c
	}
	for _, w := range cand {
		b[depth+1] = intersectInto(b[depth+1], cand, dag.Neighbors(w))
		c += cliqueDFS(dag, b, depth+1, k)
	}
	return c
}
