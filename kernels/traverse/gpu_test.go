//go:build cuda

package traverse

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
)

// GPU tests run on a GPU machine through `make gpu-test` (see mk/gpu.mk).
// CFLR_PTX_DIR, when set, points at freshly compiled traverse.ptx;
// CFLR_GRAPHS_DIR at a copy of ../shared/data/graphs.

func testPTX(t testing.TB) string {
	dir := os.Getenv("CFLR_PTX_DIR")
	if dir == "" {
		return ""
	}
	b, err := os.ReadFile(filepath.Join(dir, "traverse.ptx"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func init() {
	if d := os.Getenv("CFLR_GRAPHS_DIR"); d != "" {
		sharedDir = d
	}
}

func TestGPUInfo(t *testing.T) {
	devs, err := gpu.Devices()
	if err != nil || len(devs) == 0 {
		t.Fatalf("no GPU: %v", err)
	}
	t.Log(devs[0])
}

func TestGPUExact(t *testing.T) {
	gs := testGraphs(t)
	ptx := testPTX(t)
	for _, l := range []Layout{LayoutWorklist, LayoutBaseline, LayoutVirtual, LayoutCoalesced, LayoutUDT} {
		t.Run(string(l), func(t *testing.T) {
			opt := Options{Device: DeviceGPU, Layout: l, PTX: ptx}
			checkExactSkipping(t, gs, opt, l == LayoutUDT)
		})
	}
	t.Run("pr-delta", func(t *testing.T) {
		for _, tg := range gs {
			o := Options{Device: DeviceGPU, PTX: ptx, Delta: true}
			got, err := Run(tg.g, PR, o)
			if err != nil {
				t.Fatal(err)
			}
			ref := Reference(tg.g, PR, o)
			if d := l1(got.Rank, ref.Rank); !(d <= 1e-6) {
				t.Errorf("%s: delta PR L1 %g", tg.name, d)
			}
		}
	})
	for _, c := range []struct {
		name string
		o    Options
	}{
		{"subway-sync", Options{OutOfCore: "subway"}},
		{"subway-async", Options{OutOfCore: "subway", Async: true}},
		{"subway-sync-hostgather", Options{OutOfCore: "subway", HostGather: true}},
		{"subway-async-hostgather", Options{OutOfCore: "subway", Async: true, HostGather: true}},
		{"stream", Options{OutOfCore: "stream"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := c.o
			o.Device, o.PTX = DeviceGPU, ptx
			// PageRank out of GPU memory runs power iterations only.
			checkExactSkipping(t, gs, o, o.Async)
		})
	}
	// Forced out of memory by a small --gpu-mem: a quarter of the edge array
	// plus the vertex arrays.
	t.Run("small-gpu-mem", func(t *testing.T) {
		for _, tg := range gs {
			for _, async := range []bool{false, true} {
				for _, hg := range []bool{false, true} {
					o := Options{Device: DeviceGPU, PTX: ptx, Async: async, HostGather: hg,
						GPUMem: int64(tg.g.NumEdges())*2 + int64(tg.g.N)*120 + 1<<20}
					checkExactSkipping(t, []testGraph{tg}, o, async)
				}
			}
		}
	})
	// Async with every iteration streaming partitions (each iterated to
	// local convergence) and with none streaming, same small --gpu-mem.
	t.Run("small-gpu-mem-async-stream-above", func(t *testing.T) {
		for _, tg := range gs {
			for _, above := range []float64{1e-9, 2} {
				o := Options{Device: DeviceGPU, PTX: ptx, Async: true, StreamAbove: above,
					GPUMem: int64(tg.g.NumEdges())*2 + int64(tg.g.N)*120 + 1<<20}
				checkExactSkipping(t, []testGraph{tg}, o, true)
			}
		}
	})
	// PageRank with an edge buffer of a third of the edges: several
	// partitions per iteration.
	t.Run("pr-small-gpu-mem", func(t *testing.T) {
		for _, tg := range gs {
			n, m := int64(tg.g.N), int64(tg.g.NumEdges())
			buf := max(m/3, int64(tg.g.Degree(maxDegVertex(tg.g))), 1024)
			o := Options{Device: DeviceGPU, PTX: ptx, GPUMem: prStreamVertexBytes(uint64(n)) + 4*buf}
			got, err := Run(tg.g, PR, o)
			if err != nil {
				t.Fatalf("%s: %v", tg.name, err)
			}
			if d := l1(got.Rank, Reference(tg.g, PR, o).Rank); !(d <= 1e-9) {
				t.Errorf("%s (%s): L1 %g", tg.name, got.Where, d)
			}
			t.Logf("%s: %s", tg.name, got.Where)
		}
	})
}

var benchGraphs struct {
	once sync.Once
	rmat *csr.Graph
	skew *csr.Graph
	err  error
}

func benchScale() int {
	if s, err := strconv.Atoi(os.Getenv("CFLR_BENCH_SCALE")); err == nil {
		return s
	}
	return 24
}

func loadBench(b *testing.B) (*csr.Graph, *csr.Graph) {
	benchGraphs.once.Do(func() {
		s := benchScale()
		benchGraphs.rmat, benchGraphs.err = csr.Generate(csr.GenOptions{Scale: s, EdgeFactor: 16, Seed: 1, MaxWeight: 255})
		if benchGraphs.err == nil {
			// A more skewed R-MAT (a=0.65): a few huge hubs.
			benchGraphs.skew, benchGraphs.err = csr.Generate(csr.GenOptions{Scale: s - 1, EdgeFactor: 16, Seed: 2, A: 0.65, B: 0.15, C: 0.15, MaxWeight: 255})
		}
	})
	if benchGraphs.err != nil {
		b.Fatal(benchGraphs.err)
	}
	return benchGraphs.rmat, benchGraphs.skew
}

// median runs f once to warm up, then 3 times, and returns the run with
// the median compute time.
func median(b *testing.B, f func() (*Result, error)) *Result {
	return medianBy(b, f, func(r *Result) time.Duration { return r.Phases.Compute })
}

// medianBy is median with the runs ordered by key.
func medianBy(b *testing.B, f func() (*Result, error), key func(*Result) time.Duration) *Result {
	if _, err := f(); err != nil {
		b.Fatal(err)
	}
	var rs []*Result
	for i := 0; i < 3; i++ {
		r, err := f()
		if err != nil {
			b.Fatal(err)
		}
		rs = append(rs, r)
	}
	sort.Slice(rs, func(i, j int) bool { return key(rs[i]) < key(rs[j]) })
	return rs[1]
}

func report(b *testing.B, r *Result) {
	b.ReportMetric(float64(r.Phases.Compute.Microseconds())/1000, "ms")
	b.ReportMetric(r.GTEPS(), "GTEPS")
	b.ReportMetric(float64(r.Iterations), "iters")
	if r.BytesToDevice > 0 {
		b.ReportMetric(float64(r.BytesToDevice)/1e9, "GB-to-GPU")
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	// Columns: compute ms, GTEPS (on compute), iterations, GB to the GPU
	// during the iterations, transfer ms, compute+transfer ms.
	fmt.Printf("| %s | %s | %.2f | %.2f | %d | %.3f | %.2f | %.2f |\n", b.Name(), r.Where, ms(r.Phases.Compute), r.GTEPS(), r.Iterations,
		float64(r.BytesToDevice)/1e9, ms(r.Phases.Transfer), ms(r.Phases.Compute+r.Phases.Transfer))
}

func BenchmarkGPU(b *testing.B) {
	rmat, skew := loadBench(b)
	ptx := testPTX(b)
	for _, tg := range []struct {
		name string
		g    *csr.Graph
	}{{fmt.Sprintf("rmat%d", benchScale()), rmat}, {fmt.Sprintf("skew%d", benchScale()-1), skew}} {
		src := maxDegVertex(tg.g)
		for _, alg := range []Algorithm{BFS, SSSP, CC, PR} {
			for _, l := range benchLayouts() {
				b.Run(fmt.Sprintf("%s/%s/%s", tg.name, alg, l), func(b *testing.B) {
					r := median(b, func() (*Result, error) {
						return Run(tg.g, alg, Options{Device: DeviceGPU, Layout: l, Source: src, PTX: ptx, Symmetric: true})
					})
					report(b, r)
				})
			}
			if os.Getenv("CFLR_BENCH_CPU") == "0" {
				continue
			}
			b.Run(fmt.Sprintf("%s/%s/cpu", tg.name, alg), func(b *testing.B) {
				r, err := Run(tg.g, alg, Options{Device: DeviceCPU, Source: src, Symmetric: true})
				if err != nil {
					b.Fatal(err)
				}
				report(b, r)
			})
		}
	}
}

// benchLayouts are the in-GPU-memory layouts benchmarked: CFLR_BENCH_LAYOUTS
// (comma-separated) or all but UDT.
func benchLayouts() []Layout {
	if s := os.Getenv("CFLR_BENCH_LAYOUTS"); s != "" {
		var ls []Layout
		for _, l := range strings.Split(s, ",") {
			ls = append(ls, Layout(l))
		}
		return ls
	}
	return []Layout{LayoutBaseline, LayoutWorklist, LayoutVirtual, LayoutCoalesced}
}

var oomModes = []struct {
	name string
	o    Options
}{
	{"stream", Options{OutOfCore: "stream"}},
	{"subway-sync", Options{OutOfCore: "subway"}},
	{"subway-async", Options{OutOfCore: "subway", Async: true}},
	{"subway-sync-hostgather", Options{OutOfCore: "subway", HostGather: true}},
	{"subway-async-hostgather", Options{OutOfCore: "subway", Async: true, HostGather: true}},
}

// benchOOMModes is oomModes plus, for each value v in
// CFLR_BENCH_STREAM_ABOVE (comma-separated), the Subway modes with
// Options.StreamAbove = v, named "-saV".
func benchOOMModes() []struct {
	name string
	o    Options
} {
	modes := oomModes[:len(oomModes):len(oomModes)] // appends copy
	for _, f := range strings.Split(os.Getenv("CFLR_BENCH_STREAM_ABOVE"), ",") {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil {
			continue
		}
		for _, c := range oomModes {
			if c.o.OutOfCore == "subway" {
				c.name += "-sa" + f
				c.o.StreamAbove = v
				modes = append(modes, c)
			}
		}
	}
	return modes
}

// BenchmarkOutOfMemory compares naive partition streaming and Subway (sync,
// async; GPU zero-copy or CPU gather) with --gpu-mem a quarter of the edge
// array plus the vertex arrays. Compare modes on compute+transfer (the last
// column): the zero-copy gather's bus time is inside a kernel.
func BenchmarkOutOfMemory(b *testing.B) {
	rmat, _ := loadBench(b)
	benchOOM(b, rmat, []Algorithm{BFS, SSSP, PR}, 4)
}

// BenchmarkSubwayAnchor runs Subway's own benchmark shape, RMAT-22 with edge
// factor 16 symmetrized (4.19M vertices, about 128M directed edges), BFS,
// with all edges fitting the edge buffer (as Subway's code always builds
// and transfers SubCSRs) and with a quarter of them.
func BenchmarkSubwayAnchor(b *testing.B) {
	g, err := csr.Generate(csr.GenOptions{Scale: 22, EdgeFactor: 16, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("rmat22: %d vertices, %d directed edges", g.N, g.NumEdges())
	fmt.Printf("# rmat22: %d vertices, %d directed edges\n", g.N, g.NumEdges())
	b.Run("whole", func(b *testing.B) { benchOOM(b, g, []Algorithm{BFS}, 1) })
	b.Run("quarter", func(b *testing.B) { benchOOM(b, g, []Algorithm{BFS}, 4) })
}

// benchOOM runs every out-of-GPU-memory mode with an edge buffer of
// 1/frac of the edges (median of 3 runs after a warm-up when
// CFLR_BENCH_OOM_RUNS is unset; 1 run when it is "1").
func benchOOM(b *testing.B, g *csr.Graph, algs []Algorithm, frac int64) {
	ptx := testPTX(b)
	src := maxDegVertex(g)
	for _, alg := range algs {
		edgeBytes := int64(g.NumEdges()) * 4
		if needsWeights(alg) {
			edgeBytes *= 2
		}
		for _, c := range benchOOMModes() {
			if alg == PR && c.name != "stream" {
				continue // PageRank out of GPU memory has one mode: streaming
			}
			b.Run(fmt.Sprintf("%s/%s", alg, c.name), func(b *testing.B) {
				o := c.o
				o.Device, o.PTX, o.Source, o.Symmetric = DeviceGPU, ptx, src, true
				// Vertex arrays plus an edge buffer of exactly 1/frac of
				// the edges.
				o.GPUMem = edgeBytes/frac + subwayVertexBytes(uint64(g.N), o.Async)
				if alg == PR {
					o.GPUMem = edgeBytes/frac + prStreamVertexBytes(uint64(g.N))
				}
				run := func() (*Result, error) { return Run(g, alg, o) }
				if os.Getenv("CFLR_BENCH_TRACE") == "1" {
					// One extra run printing the per-iteration counters.
					to := o
					name := fmt.Sprintf("%s/%s", alg, c.name)
					to.Trace = func(it SubwayIteration) {
						fmt.Printf("# trace %s it %d: active %d vertices, %d edges (%.1f%%), streamed %v, loads %d, inner rounds %d, %.3f GB\n",
							name, it.Iteration, it.Active, it.ActiveEdges, 100*float64(it.ActiveEdges)/float64(g.NumEdges()), it.Streamed, it.Loads, it.InnerRounds, float64(it.Bytes)/1e9)
					}
					if _, err := Run(g, alg, to); err != nil {
						b.Fatal(err)
					}
				}
				var r *Result
				if os.Getenv("CFLR_BENCH_OOM_RUNS") == "1" {
					var err error
					if r, err = run(); err != nil {
						b.Fatal(err)
					}
				} else {
					r = medianBy(b, run, func(r *Result) time.Duration { return r.Phases.Compute + r.Phases.Transfer })
				}
				report(b, r)
			})
		}
	}
}
