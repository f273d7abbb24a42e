//go:build cuda

package mine

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/cflr/cflr/kernels/gpu"
)

// openGPU opens device 0, skipping when there is none. CFLR_MINE_PTX names
// a freshly compiled PTX file to test instead of the embedded one.
func openGPU(t testing.TB) *GPU {
	t.Helper()
	if !gpu.Available() {
		t.Skip("no GPU")
	}
	opt := GPUOptions{}
	if p := os.Getenv("CFLR_MINE_PTX"); p != "" {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		opt.PTX = string(b)
	}
	d, err := NewGPU(opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

func TestGPUPublishedTriangles(t *testing.T) {
	d := openGPU(t)
	t.Log(d.Device())
	for _, tc := range []struct {
		name string
		want uint64
	}{{"ca-GrQc.txt", 48260}, {"email-Enron.txt", 727044}, {"citeseer.lg", 1166}} {
		dag := Orient(loadGraph(t, tc.name), 0)
		for _, kern := range []string{"warp", "group4", "group8", "group16", "thread"} {
			for _, host := range []bool{false, true} {
				d.opt.TriangleKernel, d.opt.HostGraph = kern, host
				got, st, err := d.CountTriangles(dag)
				if err != nil || got != tc.want || st.HostGraph != host {
					t.Errorf("%s %s host=%v: %d triangles (%v, host %v), want %d", tc.name, kern, host, got, err, st.HostGraph, tc.want)
				}
			}
		}
		for _, host := range []bool{false, true} {
			d.opt.HostGraph = host
			if got, _, err := d.CountCliques(dag, 3); err != nil || got != tc.want {
				t.Errorf("%s clique kernel k=3 host=%v: %d (%v), want %d", tc.name, host, got, err, tc.want)
			}
		}
	}
	d.opt = GPUOptions{PTX: d.opt.PTX}
}

func TestGPUPublishedCliques(t *testing.T) {
	d := openGPU(t)
	dag := Orient(loadGraph(t, "citeseer.lg"), 0)
	for k, want := range map[int]uint64{4: 255, 5: 46} {
		for _, chunk := range []int{1, 16} {
			d.opt.LBChunk = chunk
			if got, _, err := d.CountCliques(dag, k); err != nil || got != want {
				t.Errorf("citeseer %d-cliques chunk=%d: %d (%v), want %d", k, chunk, got, err, want)
			}
		}
	}
	enron := Orient(loadGraph(t, "email-Enron.txt"), 0)
	for k := 4; k <= 9; k++ {
		want, _ := CountCliques(enron, k, Options{})
		d.opt.LBChunk = 1
		got, _, err := d.CountCliques(enron, k)
		if err != nil || got != want {
			t.Errorf("email-Enron %d-cliques: GPU %d (%v), CPU %d", k, got, err, want)
		}
		t.Logf("email-Enron %d-cliques: %d", k, got)
	}
	d.opt.LBChunk = 0
}

// Differential: GPU cliques, k = 3..12, every mode, against brute force on
// dense random graphs.
func TestGPUDifferentialCliques(t *testing.T) {
	d := openGPU(t)
	for seed := uint64(1); seed <= 4; seed++ {
		g := randomGraph(seed, 20, 0.75, 0)
		dag := Orient(g, 0)
		for k := 3; k <= 12; k++ {
			want := bruteCliques(g, k)
			for _, mode := range []GPUOptions{{LBChunk: 1}, {LBChunk: 7}, {HostGraph: true}} {
				mode.PTX = d.opt.PTX
				d.opt = mode
				got, _, err := d.CountCliques(dag, k)
				if err != nil || got != want {
					t.Fatalf("seed %d k=%d mode %s: %d (%v), want %d", seed, k, fmt.Sprint(mode.LBChunk, mode.HostGraph), got, err, want)
				}
			}
			d.opt.TriangleKernel = "thread"
			if k == 3 {
				if got, _, err := d.CountTriangles(dag); err != nil || got != want {
					t.Fatalf("seed %d triangles: %d (%v), want %d", seed, got, err, want)
				}
			}
		}
	}
}

func BenchmarkGPUTriangles(b *testing.B) {
	d := openGPU(b)
	for _, name := range []string{"email-Enron.txt", "rmat-24", "rmat-24/ranked"} {
		for _, mode := range []string{"warp", "group4", "group8", "group16", "thread", "warp-host"} {
			if mode == "warp-host" && name != "email-Enron.txt" {
				continue // 44 s a run on RMAT-24 (see BENCHMARKS.md)
			}
			b.Run(fmt.Sprintf("%s/gpu-%s", name, mode), func(b *testing.B) {
				dag := benchDAG(b, name)
				d.opt.TriangleKernel = strings.TrimSuffix(mode, "-host")
				d.opt.HostGraph = strings.HasSuffix(mode, "-host")
				var kern float64
				for i := 0; i < b.N; i++ {
					_, st, err := d.CountTriangles(dag)
					if err != nil {
						b.Fatal(err)
					}
					kern += st.Kernel.Seconds()
				}
				b.ReportMetric(kern/float64(b.N)*1e3, "kernel-ms")
				b.ReportMetric(float64(dag.NumEdges())*float64(b.N)/kern/1e6, "Medges/s")
			})
		}
	}
	d.opt = GPUOptions{PTX: d.opt.PTX}
}

func BenchmarkGPUCliques(b *testing.B) {
	d := openGPU(b)
	for _, name := range []string{"email-Enron.txt", "rmat-16"} {
		for k := 4; k <= 8; k++ {
			if name == "rmat-16" && k > 6 {
				continue // 6.6e11 7-cliques: 15 s a run
			}
			for _, chunk := range []int{1, 64} {
				b.Run(fmt.Sprintf("%s/k=%d/gpu-chunk%d", name, k, chunk), func(b *testing.B) {
					dag := benchDAG(b, name)
					d.opt.LBChunk = chunk
					var kern float64
					var n uint64
					for i := 0; i < b.N; i++ {
						c, st, err := d.CountCliques(dag, k)
						if err != nil {
							b.Fatal(err)
						}
						kern += st.Kernel.Seconds()
						n = c
					}
					b.ReportMetric(kern/float64(b.N)*1e3, "kernel-ms")
					b.ReportMetric(float64(n), "cliques")
				})
			}
		}
	}
	d.opt = GPUOptions{PTX: d.opt.PTX}
}
