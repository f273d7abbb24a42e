//go:build cuda

package traverse

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
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
		{"stream", Options{OutOfCore: "stream"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := c.o
			o.Device, o.PTX = DeviceGPU, ptx
			checkExactSkipping(t, gs, o, true)
		})
	}
	// Forced out of memory by a small --gpu-mem: a quarter of the edge array
	// plus the vertex arrays.
	t.Run("small-gpu-mem", func(t *testing.T) {
		for _, tg := range gs {
			for _, async := range []bool{false, true} {
				o := Options{Device: DeviceGPU, PTX: ptx, Async: async,
					GPUMem: int64(tg.g.NumEdges())*2 + int64(tg.g.N)*120 + 1<<20}
				checkExactSkipping(t, []testGraph{tg}, o, true)
			}
		}
	})
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
				got, err := Run(tg.g, alg, o)
				if err != nil {
					t.Fatalf("%s/%s: %v", tg.name, alg, err)
				}
				ref := Reference(tg.g, alg, o)
				if alg == PR {
					if d := l1(got.Rank, ref.Rank); !(d <= 1e-9) {
						t.Errorf("%s/pr (%s): L1 %g", tg.name, got.Where, d)
					}
					continue
				}
				if i := firstDiff(got.Values, ref.Values); i >= 0 {
					t.Errorf("%s/%s/src%d (%s): vertex %d = %d, reference %d", tg.name, alg, src, got.Where, i, got.Values[i], ref.Values[i])
				}
			}
		}
	}
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
	sort.Slice(rs, func(i, j int) bool { return rs[i].Phases.Compute < rs[j].Phases.Compute })
	return rs[1]
}

func report(b *testing.B, r *Result) {
	b.ReportMetric(float64(r.Phases.Compute.Microseconds())/1000, "ms")
	b.ReportMetric(r.GTEPS(), "GTEPS")
	b.ReportMetric(float64(r.Iterations), "iters")
	if r.BytesToDevice > 0 {
		b.ReportMetric(float64(r.BytesToDevice)/1e9, "GB-to-GPU")
	}
	fmt.Printf("| %s | %s | %.2f | %.2f | %d | %.3f |\n", b.Name(), r.Where, float64(r.Phases.Compute.Microseconds())/1000, r.GTEPS(), r.Iterations, float64(r.BytesToDevice)/1e9)
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
			for _, l := range []Layout{LayoutBaseline, LayoutWorklist, LayoutVirtual, LayoutCoalesced} {
				b.Run(fmt.Sprintf("%s/%s/%s", tg.name, alg, l), func(b *testing.B) {
					r := median(b, func() (*Result, error) {
						return Run(tg.g, alg, Options{Device: DeviceGPU, Layout: l, Source: src, PTX: ptx, Symmetric: true})
					})
					report(b, r)
				})
			}
			b.Run(fmt.Sprintf("%s/%s/cpu", tg.name, alg), func(b *testing.B) {
				start := time.Now()
				r, err := Run(tg.g, alg, Options{Device: DeviceCPU, Source: src, Symmetric: true})
				if err != nil {
					b.Fatal(err)
				}
				_ = start
				report(b, r)
			})
		}
	}
}

// BenchmarkOutOfMemory compares naive partition streaming, Subway sync and
// Subway async with --gpu-mem a quarter of the edge array.
func BenchmarkOutOfMemory(b *testing.B) {
	rmat, _ := loadBench(b)
	ptx := testPTX(b)
	src := maxDegVertex(rmat)
	for _, alg := range []Algorithm{BFS, SSSP} {
		edgeBytes := int64(rmat.NumEdges()) * 4
		if alg == SSSP {
			edgeBytes *= 2
		}
		vertexBytes := int64(rmat.N) * 120
		for _, c := range []struct {
			name string
			o    Options
		}{
			{"stream", Options{OutOfCore: "stream"}},
			{"subway-sync", Options{OutOfCore: "subway"}},
			{"subway-async", Options{OutOfCore: "subway", Async: true}},
		} {
			b.Run(fmt.Sprintf("%s/%s", alg, c.name), func(b *testing.B) {
				o := c.o
				o.Device, o.PTX, o.Source = DeviceGPU, ptx, src
				o.GPUMem = edgeBytes/4 + vertexBytes
				r, err := Run(rmat, alg, o)
				if err != nil {
					b.Fatal(err)
				}
				report(b, r)
			})
		}
	}
}
