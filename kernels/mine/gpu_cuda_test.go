//go:build cuda

package mine

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

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
		for _, kern := range []string{"warp", "group4", "group8", "group16", "thread", "hash", "hashwarp", "hashin", "hashmin"} {
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
		d.opt.LoadBalance = true
		lb, lst, err := d.CountCliques(enron, k)
		if err != nil || lb != want {
			t.Errorf("email-Enron %d-cliques, load-balanced: GPU %d (%v), CPU %d", k, lb, err, want)
		}
		d.opt.LoadBalance = false
		t.Logf("email-Enron %d-cliques: %d (balanced: %d rounds, %d units donated)", k, got, lst.Rounds, lst.Donated)
	}
	d.opt.LBChunk = 0
}

// Differential: GPU cliques, k = 3..12, every mode, against brute force on
// dense random graphs.
func TestGPUDifferentialCliques(t *testing.T) {
	d := openGPU(t)
	donated := 0
	defer func() {
		if donated == 0 && !t.Failed() {
			t.Error("load balancing never donated work: the balanced path went untested")
		}
		t.Logf("units donated over the balanced runs: %d", donated)
	}()
	for seed := uint64(1); seed <= 4; seed++ {
		g := randomGraph(seed, 20, 0.75, 0)
		dag := Orient(g, 0)
		for k := 3; k <= 12; k++ {
			want := bruteCliques(g, k)
			for _, mode := range []GPUOptions{{LBChunk: 1}, {LBChunk: 7}, {HostGraph: true},
				{LoadBalance: true}, {LoadBalance: true, LBIdleFraction: 0.001}, {LoadBalance: true, LBIdleFraction: 0.99, LBMaxRounds: 3},
				{LoadBalance: true, HostGraph: true}} {
				mode.PTX = d.opt.PTX
				d.opt = mode
				got, st, err := d.CountCliques(dag, k)
				if err != nil || got != want {
					t.Fatalf("seed %d k=%d mode %+v: %d (%v), want %d", seed, k, mode, got, err, want)
				}
				if mode.LoadBalance {
					donated += st.Donated
				}
			}
			if k == 3 {
				for _, kern := range []string{"thread", "hash", "hashwarp", "hashin", "hashmin"} {
					d.opt.TriangleKernel = kern
					if got, _, err := d.CountTriangles(dag); err != nil || got != want {
						t.Fatalf("seed %d triangles %s: %d (%v), want %d", seed, kern, got, err, want)
					}
				}
			}
		}
	}
}

// The hash kernel's chunking (lists longer than a table, split into
// chunks that are each hashed and probed) on graphs small enough for the
// CPU reference: the chunk sizes are shrunk so that both warp and block
// items are split, and long lists are made by a dense random graph.
func TestGPUHashTriangleChunks(t *testing.T) {
	d := openGPU(t)
	defer func() {
		d.hashCaps = [4]uint64{hashWarpCap, hashBlockCap, hashWarpProbe, hashBlockProbe}
		d.opt, d.hashOpts = GPUOptions{PTX: d.opt.PTX}, hashOptsDefault
	}()
	for seed := uint64(1); seed <= 3; seed++ {
		g := randomGraph(seed, 300, 0.6, 0)
		dag := Orient(g, 0)
		want := CountTriangles(dag, Options{})
		for _, caps := range [][4]uint64{{hashWarpCap, hashBlockCap, hashWarpProbe, hashBlockProbe}, {8, 40, 5, 11}, {3, 17, 1, 2}, {64, 64, 64, 64}} {
			d.hashCaps = caps
			for _, kern := range []string{"hash", "hashwarp", "hashin", "hashmin"} {
				for _, lm := range []uint64{32, 8, 1} {
					for _, opts := range []uint64{1, 2, 3 | 1<<4, hashOptsDefault} {
						d.opt.TriangleKernel, d.hashLongMin, d.hashOpts = kern, lm, opts
						got, _, err := d.CountTriangles(dag)
						if err != nil || got != want {
							t.Fatalf("seed %d %s caps %v longmin %d opts %d: %d (%v), want %d", seed, kern, caps, lm, opts, got, err, want)
						}
					}
				}
			}
			d.hashLongMin = hashLongMin
		}
	}
	for _, name := range []string{"email-Enron.txt", "ca-GrQc.txt"} {
		g := loadGraph(t, name)
		for _, rank := range []bool{false, true} {
			if rank {
				g = RankOrder(g, 0)
			}
			dag := Orient(g, 0)
			want := CountTriangles(dag, Options{})
			for _, caps := range [][4]uint64{{hashWarpCap, hashBlockCap, hashWarpProbe, hashBlockProbe}, {16, 100, 7, 50}} {
				d.hashCaps = caps
				for _, kern := range []string{"hash", "hashin", "hashmin"} {
					d.opt.TriangleKernel = kern
					if got, _, err := d.CountTriangles(dag); err != nil || got != want {
						t.Errorf("%s %s ranked=%v caps %v: %d (%v), want %d", name, kern, rank, caps, got, err, want)
					}
				}
			}
		}
	}
}

// BenchmarkGPUTriangles: kernel time (kernel-ms, synchronized) and the
// whole call from the oriented graph on the host (e2e-ms: upload, probe
// lists and work items, kernel, result). Modes: KERNEL[-lmN][-oN][-host],
// lm the hash kernels' streaming threshold, o their opts word (mine.cu).
func BenchmarkGPUTriangles(b *testing.B) {
	d := openGPU(b)
	modes := strings.Fields(os.Getenv("CFLR_TC_MODES"))
	if len(modes) == 0 {
		modes = []string{"warp", "group8", "thread", "hash", "hashin-o1", "hashin", "hashmin-o1", "hashmin-o2", "hashmin-o17", "hashmin", "hashmin-o19", "auto", "warp-host", "hash-host"}
	}
	for _, name := range []string{"email-Enron.txt", "rmat-24", "rmat-24/ranked"} {
		for _, mode := range modes {
			if name != "email-Enron.txt" && (strings.HasSuffix(mode, "-host") || mode == "thread") {
				continue // 44 s (host) and 1.5 s (thread) a run on RMAT-24: see BENCHMARKS.md
			}
			b.Run(fmt.Sprintf("%s/gpu-%s", name, mode), func(b *testing.B) {
				dag := benchDAG(b, name)
				parts := strings.Split(strings.TrimSuffix(mode, "-host"), "-")
				d.opt.TriangleKernel, d.hashLongMin, d.hashOpts = parts[0], hashLongMin, hashOptsDefault
				for _, p := range parts[1:] {
					if v, ok := strings.CutPrefix(p, "lm"); ok {
						fmt.Sscan(v, &d.hashLongMin)
					} else if v, ok := strings.CutPrefix(p, "o"); ok {
						fmt.Sscan(v, &d.hashOpts)
					}
				}
				d.opt.HostGraph = strings.HasSuffix(mode, "-host")
				var kern, up, e2e float64
				for i := 0; i < b.N; i++ {
					t0 := time.Now()
					_, st, err := d.CountTriangles(dag)
					if err != nil {
						b.Fatal(err)
					}
					e2e += time.Since(t0).Seconds()
					kern += st.Kernel.Seconds()
					up += st.Upload.Seconds()
				}
				b.ReportMetric(kern/float64(b.N)*1e3, "kernel-ms")
				b.ReportMetric(up/float64(b.N)*1e3, "upload-ms")
				b.ReportMetric(e2e/float64(b.N)*1e3, "e2e-ms")
				b.ReportMetric(float64(dag.NumEdges())*float64(b.N)/kern/1e6, "Medges/s")
			})
		}
	}
	d.opt, d.hashLongMin, d.hashOpts = GPUOptions{PTX: d.opt.PTX}, hashLongMin, hashOptsDefault
}

func BenchmarkGPUCliques(b *testing.B) {
	d := openGPU(b)
	for _, name := range []string{"email-Enron.txt", "rmat-13", "rmat-16"} {
		for k := 4; k <= 8; k++ {
			if name == "rmat-16" && k > 6 {
				continue // 6.6e11 7-cliques: 15 s a run
			}
			for _, chunk := range []int{1, 64, -1} {
				mode := fmt.Sprintf("chunk%d", chunk)
				if chunk < 0 {
					mode = "lb" // DuMato's balancing, default idle fraction
				}
				b.Run(fmt.Sprintf("%s/k=%d/gpu-%s", name, k, mode), func(b *testing.B) {
					dag := benchDAG(b, name)
					d.opt.LBChunk, d.opt.LoadBalance = max(chunk, 1), chunk < 0
					var kern float64
					var n uint64
					var rounds int
					for i := 0; i < b.N; i++ {
						c, st, err := d.CountCliques(dag, k)
						if err != nil {
							b.Fatal(err)
						}
						kern += st.Kernel.Seconds()
						n = c
						rounds = st.Rounds
					}
					b.ReportMetric(kern/float64(b.N)*1e3, "kernel-ms")
					b.ReportMetric(float64(n), "cliques")
					b.ReportMetric(float64(rounds), "rounds")
				})
			}
		}
	}
	d.opt = GPUOptions{PTX: d.opt.PTX}
}
