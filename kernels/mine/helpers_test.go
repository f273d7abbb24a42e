package mine

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/cflr/cflr/graph/csr"
)

// sharedGraph is the path of a graph in ../shared/data/graphs; tests skip
// when the shared data is absent.
func sharedGraph(t testing.TB, name string) string {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "shared", "data", "graphs")
	for _, env := range []string{"CFLR_GRAPHS", "CFLR_GRAPHS_DIR"} { // a copy carried to a GPU machine
		if d := os.Getenv(env); d != "" {
			dir = d
			break
		}
	}
	p := filepath.Join(dir, name)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("shared data not present: %v", err)
	}
	return p
}

// loadSNAPHeader reads one of the shared SNAP copies ("n m" header, then
// 1-based "u v" lines) with graph/csr's reader.
func loadSNAPHeader(t testing.TB, name string) *csr.Graph {
	t.Helper()
	g, err := csr.Read(sharedGraph(t, name), csr.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return Undirected(g, 0)
}

func loadLG(t testing.TB, name string) *csr.Graph {
	t.Helper()
	f, err := os.Open(sharedGraph(t, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gs, err := csr.ReadLG(f, name, csr.LGOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return Undirected(gs[0].Graph, 0)
}

// randomGraph is a G(n, p) graph with labels in [0, nl) (nl = 0: none).
func randomGraph(seed uint64, n int, p float64, nl int) *csr.Graph {
	r := rand.New(rand.NewPCG(seed, 7))
	var edges []csr.Edge
	for u := 0; u < n; u++ {
		for v := u + 1; v < n; v++ {
			if r.Float64() < p {
				edges = append(edges, csr.Edge{Src: uint32(u), Dst: uint32(v)})
			}
		}
	}
	g, _ := csr.FromEdges(uint32(n), edges, csr.BuildOptions{})
	if nl > 0 {
		g.Labels = make([]uint32, n)
		for i := range g.Labels {
			g.Labels[i] = uint32(r.IntN(nl))
		}
	}
	return Undirected(g, 1)
}

// bruteAdj is a dense adjacency matrix for brute-force references.
func bruteAdj(g *csr.Graph) [][]bool {
	a := make([][]bool, g.N)
	for u := range a {
		a[u] = make([]bool, g.N)
		for _, v := range g.Neighbors(uint32(u)) {
			a[u][v] = true
		}
	}
	return a
}

// subsets calls f with every k-subset of [0,n) in lexicographic order.
func subsets(n, k int, f func([]int)) {
	s := make([]int, k)
	var rec func(i, from int)
	rec = func(i, from int) {
		if i == k {
			f(s)
			return
		}
		for v := from; v <= n-(k-i); v++ {
			s[i] = v
			rec(i+1, v+1)
		}
	}
	rec(0, 0)
}

// fullCanon is the canonical key of a pattern by scanning all permutations
// for the largest (labels, adjacency) code: the obviously correct (and
// slow) reference for Pattern.Canonical. Labels must be below 2^16.
func fullCanon(p Pattern) string {
	n := p.N
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	var bestL, bestA uint64
	first := true
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			var lc, ac uint64
			for _, v := range perm {
				if p.Labels != nil {
					lc = lc<<16 | uint64(p.Labels[v]) // n ≤ 4 for labeled tests
				}
			}
			for a := 0; a < n; a++ {
				for b := a + 1; b < n; b++ {
					ac <<= 1
					if p.Adjacent(perm[a], perm[b]) {
						ac |= 1
					}
				}
			}
			if first || lc > bestL || (lc == bestL && ac > bestA) {
				bestL, bestA, first = lc, ac, false
			}
			return
		}
		for j := i; j < n; j++ {
			perm[i], perm[j] = perm[j], perm[i]
			rec(i + 1)
			perm[i], perm[j] = perm[j], perm[i]
		}
	}
	rec(0)
	return fmt.Sprintf("%d/%x/%x", n, bestL, bestA)
}
