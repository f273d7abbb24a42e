package traverse

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/cflr/cflr/graph/csr"
)

// testGraph is a named input for exactness tests.
type testGraph struct {
	name string
	g    *csr.Graph
	srcs []uint32
}

var sharedDir = filepath.Join("..", "..", "..", "shared", "data", "graphs")

// testGraphs loads the shared real graphs (symmetrized: SNAP lists each
// undirected edge once) and generates skewed and uniform graphs, weighted
// so SSSP/SSWP are meaningful, plus a directed one.
func testGraphs(t testing.TB) []testGraph {
	t.Helper()
	var gs []testGraph
	for _, f := range []string{"ca-GrQc.txt", "email-Enron.txt"} {
		path := filepath.Join(sharedDir, f)
		if _, err := os.Stat(path); err != nil {
			t.Logf("skipping %s: %v", f, err)
			continue
		}
		g, err := csr.Read(path, csr.ReadOptions{Build: csr.BuildOptions{Symmetrize: true, Dedup: true, DropSelfLoops: true}})
		if err != nil {
			t.Fatal(err)
		}
		// Deterministic weights from the endpoints, identical in both
		// directions, so SSSP/SSWP run on the real topology too.
		g.Weights = make([]uint32, len(g.Adj))
		for u := uint32(0); u < g.N; u++ {
			for i := g.Offsets[u]; i < g.Offsets[u+1]; i++ {
				v := g.Adj[i]
				g.Weights[i] = 1 + (min(u, v)*7919+max(u, v)*104729)%100
			}
		}
		gs = append(gs, testGraph{f, g, []uint32{0, 1, g.N / 2}})
	}
	scale := 14
	if testing.Short() {
		scale = 11
	}
	for _, o := range []csr.GenOptions{
		{Kind: "rmat", Scale: scale, EdgeFactor: 16, Seed: 1, MaxWeight: 255},
		{Kind: "uniform", Scale: scale, EdgeFactor: 8, Seed: 2, MaxWeight: 1000},
		{Kind: "rmat", Scale: scale - 2, EdgeFactor: 8, Seed: 3, MaxWeight: 16, Directed: true},
	} {
		g, err := csr.Generate(o)
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("%s-%d-seed%d", o.Kind, o.Scale, o.Seed)
		if o.Directed {
			name += "-directed"
		}
		gs = append(gs, testGraph{name, g, []uint32{0, maxDegVertex(g)}})
	}
	return gs
}

func maxDegVertex(g *csr.Graph) uint32 {
	best := uint32(0)
	for v := uint32(0); v < g.N; v++ {
		if g.Degree(v) > g.Degree(best) {
			best = v
		}
	}
	return best
}

// l1 is the L1 distance between two rank vectors.
func l1(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += math.Abs(a[i] - b[i])
	}
	return s
}

// checkExact runs alg with opt on every test graph and compares with the
// reference: integer results must be identical, PageRank within 1e-9 L1
// (fixed iterations) or 1e-6 L1 (delta form, at convergence).
func checkExact(t *testing.T, gs []testGraph, opt Options) {
	checkExactSkipping(t, gs, opt, false)
}

// checkExactSkipping is checkExact without PageRank when noPR (UDT and the
// out-of-GPU-memory modes do not run it).
func checkExactSkipping(t *testing.T, gs []testGraph, opt Options, noPR bool) {
	for _, tg := range gs {
		for _, alg := range []Algorithm{BFS, SSSP, SSWP, CC, PR} {
			if alg == PR && noPR {
				continue
			}
			srcs := tg.srcs
			if alg == CC || alg == PR {
				srcs = srcs[:1]
			}
			for _, src := range srcs {
				o := opt
				o.Source = src
				name := fmt.Sprintf("%s/%s/src%d", tg.name, alg, src)
				got, err := Run(tg.g, alg, o)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				ref := Reference(tg.g, alg, o)
				if alg != PR {
					if i := firstDiff(got.Values, ref.Values); i >= 0 {
						t.Errorf("%s (%s): vertex %d = %d, reference %d", name, got.Where, i, got.Values[i], ref.Values[i])
					}
					continue
				}
				tol := 1e-9
				if o.Delta {
					tol = 1e-6
				}
				if d := l1(got.Rank, ref.Rank); !(d <= tol) {
					t.Errorf("%s (%s): L1 distance to reference %g > %g", name, got.Where, d, tol)
				}
			}
		}
	}
}

func firstDiff(a, b []uint32) int {
	if len(a) != len(b) {
		return 0
	}
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

func TestCPUExact(t *testing.T) {
	gs := testGraphs(t)
	for _, w := range []int{1, 4} {
		checkExact(t, gs, Options{Device: DeviceCPU, Workers: w})
	}
	checkExact(t, gs, Options{Device: DeviceCPU, Workers: 3, Delta: true})
}

// The reference itself is checked on hand-made graphs with known answers, so
// that a shared mistake cannot pass unnoticed.
func TestReferenceByHand(t *testing.T) {
	// 0→1 (w4), 0→2 (w1), 2→1 (w1), 1→3 (w7), 4 isolated, 5→4 (w2).
	g, err := csr.FromEdges(6, []csr.Edge{ed(0, 1, 4), ed(0, 2, 1), ed(2, 1, 1), ed(1, 3, 7), ed(5, 4, 2)}, csr.BuildOptions{Weighted: true})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := RefBFS(g, 0), []uint32{0, 1, 1, 2, Inf, Inf}; !slices.Equal(got, want) {
		t.Errorf("BFS %v, want %v", got, want)
	}
	if got, want := RefSSSP(g, 0), []uint32{0, 2, 1, 9, Inf, Inf}; !slices.Equal(got, want) {
		t.Errorf("SSSP %v, want %v", got, want)
	}
	if got, want := RefSSWP(g, 0), []uint32{Inf, 4, 1, 4, 0, 0}; !slices.Equal(got, want) {
		t.Errorf("SSWP %v, want %v", got, want)
	}
	if got, want := RefCC(g), []uint32{0, 0, 0, 0, 4, 4}; !slices.Equal(got, want) {
		t.Errorf("CC %v, want %v", got, want)
	}
	// PageRank on a 2-cycle: both ranks stay 1/2.
	c, _ := csr.FromEdges(2, []csr.Edge{ed(0, 1, 0), ed(1, 0, 0)}, csr.BuildOptions{})
	if r, _ := RefPageRank(c, 0.85, 5); math.Abs(r[0]-0.5) > 1e-15 || math.Abs(r[1]-0.5) > 1e-15 {
		t.Errorf("PR on a 2-cycle: %v", r)
	}
	// Directed CC is weak connectivity: Run symmetrizes.
	res, err := Run(g, CC, Options{Device: DeviceCPU})
	if err != nil || !slices.Equal(res.Values, []uint32{0, 0, 0, 0, 4, 4}) {
		t.Errorf("Run CC: %v %v", res, err)
	}
}

func TestBadOptions(t *testing.T) {
	g, _ := csr.FromEdges(2, []csr.Edge{ed(0, 1, 0)}, csr.BuildOptions{})
	for _, o := range []Options{{Source: 5}, {Device: "tpu"}, {Layout: "zigzag"}, {OutOfCore: "x"}} {
		if _, err := Run(g, BFS, o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
	if _, err := Run(g, "dfs", Options{}); err == nil {
		t.Error("unknown algorithm accepted")
	}
}

func BenchmarkCPU(b *testing.B) {
	g, err := csr.Generate(csr.GenOptions{Scale: 18, EdgeFactor: 16, Seed: 1, MaxWeight: 255})
	if err != nil {
		b.Fatal(err)
	}
	for _, alg := range []Algorithm{BFS, SSSP, CC, PR} {
		b.Run(string(alg), func(b *testing.B) {
			var gteps float64
			for i := 0; i < b.N; i++ {
				res, err := Run(g, alg, Options{Device: DeviceCPU, Source: maxDegVertex(g)})
				if err != nil {
					b.Fatal(err)
				}
				gteps = res.GTEPS()
			}
			b.ReportMetric(gteps, "GTEPS")
		})
	}
}

func ed(s, d, w uint32) csr.Edge { return csr.Edge{Src: s, Dst: d, W: w} }
