package mine

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/cflr/cflr/graph/csr"
)

// benchGraphs caches the benchmark inputs across benchmark functions.
var benchGraphs sync.Map

// benchGraph returns the simple undirected graph name: a shared file, or
// "rmat-S" (R-MAT, scale S, edge factor 16, Graph500 parameters, seed 1).
func benchGraph(b *testing.B, name string) *csr.Graph {
	if g, ok := benchGraphs.Load(name); ok {
		return g.(*csr.Graph)
	}
	var g *csr.Graph
	var scale int
	if _, err := fmt.Sscanf(name, "rmat-%d", &scale); err == nil {
		r, err := csr.Generate(csr.GenOptions{Kind: "rmat", Scale: scale, Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		g = r // symmetric, deduplicated, sorted
	} else {
		g = loadGraph(b, name)
	}
	benchGraphs.Store(name, g)
	return g
}

// benchDAG is the oriented graph; "NAME/ranked" relabels NAME by rank first
// (RankOrder).
func benchDAG(b *testing.B, name string) *csr.Graph {
	key := name + "/dag"
	if g, ok := benchGraphs.Load(key); ok {
		return g.(*csr.Graph)
	}
	base, ranked := strings.CutSuffix(name, "/ranked")
	g := benchGraph(b, base)
	if ranked {
		g = RankOrder(g, 0)
	}
	d := Orient(g, 0)
	benchGraphs.Store(key, d)
	return d
}

// BenchmarkTriangles: CPU triangle counting; Medges/s counts undirected
// edges.
func BenchmarkTriangles(b *testing.B) {
	for _, name := range []string{"email-Enron.txt", "rmat-24", "rmat-24/ranked"} {
		for _, m := range []Intersect{Merge, BinarySearch, Hash} {
			b.Run(fmt.Sprintf("%s/cpu-%v", name, m), func(b *testing.B) {
				if strings.HasPrefix(name, "rmat-24") && testing.Short() {
					b.Skip("short")
				}
				dag := benchDAG(b, name)
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					CountTriangles(dag, Options{Intersect: m})
				}
				b.ReportMetric(float64(dag.NumEdges())*float64(b.N)/b.Elapsed().Seconds()/1e6, "Medges/s")
			})
		}
	}
}

func BenchmarkCliques(b *testing.B) {
	// rmat-13 (R-MAT scale 13, edge factor 16) is the generated graph with
	// k = 4..8 on both devices: 18.8 G 8-cliques, seconds on 16 cores;
	// rmat-16 stops at k = 6 (6.6e11 7-cliques).
	for _, name := range []string{"email-Enron.txt", "rmat-13", "rmat-16"} {
		for k := 4; k <= 8; k++ {
			if name == "rmat-16" && k > 6 {
				continue
			}
			b.Run(fmt.Sprintf("%s/k=%d/cpu", name, k), func(b *testing.B) {
				dag := benchDAG(b, name)
				b.ResetTimer()
				var n uint64
				for i := 0; i < b.N; i++ {
					n, _ = CountCliques(dag, k, Options{})
				}
				b.ReportMetric(float64(n), "cliques")
			})
		}
	}
}

func BenchmarkMotifs(b *testing.B) {
	for _, name := range []string{"citeseer.lg", "ca-GrQc.txt", "email-Enron.txt"} {
		for k := 3; k <= 6; k++ {
			if name == "email-Enron.txt" && k > 3 || name == "ca-GrQc.txt" && k > 5 {
				continue // billions of subgraphs: beyond plain enumeration in a benchmark
			}
			b.Run(fmt.Sprintf("%s/k=%d/cpu", name, k), func(b *testing.B) {
				g := benchGraph(b, name)
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if _, err := CountMotifs(g, k, Options{}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func BenchmarkFSM(b *testing.B) {
	g := benchGraph(b, "citeseer.lg")
	for _, e := range []int{2, 3, 4} {
		b.Run(fmt.Sprintf("citeseer/mni300/edges=%d/cpu", e), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := MineMNI(g, FSMOptions{Support: 300, MaxEdges: e}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
