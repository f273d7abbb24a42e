//go:build cuda

package mine

import (
	"fmt"
	"os"
	"testing"

	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
	"github.com/cflr/cflr/kernels/prep"
)

// deviceSets are the device sets the multi-GPU tests run on: every GPU
// (when there are several), and 2 and 4 devices on GPU 0 (virtual
// devices: one context, a stream pair each), which exercise the dealing,
// the per-device counters and the reduction exactly as separate GPUs do.
// CFLR_TEST_GPUS adds a set (a --gpus spec).
func deviceSets(t *testing.T) [][]int {
	t.Helper()
	if !gpu.Available() {
		t.Skip("no GPU")
	}
	devs, err := gpu.Devices()
	if err != nil {
		t.Fatal(err)
	}
	sets := [][]int{{0}, {0, 0}, {0, 0, 0, 0}}
	if len(devs) > 1 {
		all, _ := gpu.ParseDevices("all", len(devs))
		sets = append(sets, all)
		if len(devs) > 2 {
			sets = append(sets, []int{0, 1})
		}
	}
	if spec := os.Getenv("CFLR_TEST_GPUS"); spec != "" {
		s, err := gpu.ParseDevices(spec, len(devs))
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, s)
	}
	return sets
}

func openMulti(t *testing.T, ords []int, opt GPUOptions) *MultiGPU {
	t.Helper()
	if p := os.Getenv("CFLR_MINE_PTX"); p != "" {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		opt.PTX = string(b)
	}
	m, err := NewMultiGPU(ords, opt)
	if err != nil {
		t.Fatal(err)
	}
	m.triPerDevice = 1 // deal even the small test graphs over every device
	t.Cleanup(func() { m.Close() })
	return m
}

// checkStats: the devices' tasks and counts add up, and with several
// devices the work was dealt in several chunks.
func checkStats(t *testing.T, what string, ords []int, n uint64, st MultiStats) {
	t.Helper()
	if len(st.Devices) != len(ords) {
		t.Errorf("%s: stats for %d devices, want %d", what, len(st.Devices), len(ords))
	}
	if got := sumCounts(st.Devices); got != n {
		t.Errorf("%s: devices' counts add to %d, total %d", what, got, n)
	}
	chunks := 0
	for _, d := range st.Devices {
		chunks += d.Chunks
	}
	if len(ords) > 1 && n > 0 && chunks < len(ords) {
		t.Errorf("%s: %d chunks over %d devices", what, chunks, len(ords))
	}
}

func TestMultiGPUTriangles(t *testing.T) {
	for _, ords := range deviceSets(t) {
		m := openMulti(t, ords, GPUOptions{})
		t.Logf("devices %v: %s", ords, m.Device())
		for _, tc := range []struct {
			name string
			want uint64
		}{{"ca-GrQc.txt", 48260}, {"email-Enron.txt", 727044}, {"citeseer.lg", 1166}} {
			dag := Orient(loadGraph(t, tc.name), 0)
			for _, kern := range []string{"auto", "thread", "hash", "hashwarp", "hashin", "hashmin"} {
				for _, small := range []bool{false, true} {
					m.hostChunks = small // both dealing modes, each with both item sizes
					for _, d := range m.devs {
						d.opt.TriangleKernel = kern
						d.hashCaps = [4]uint64{hashWarpCap, hashBlockCap, hashWarpProbe, hashBlockProbe}
						if small { // many items, long lists split: many chunks
							d.hashCaps = [4]uint64{32, 64, 16, 64}
						}
					}
					got, st, err := m.CountTriangles(dag)
					what := fmt.Sprintf("devices %v %s %s small=%v host chunks=%v", ords, tc.name, kern, small, m.hostChunks)
					if err != nil || got != tc.want {
						t.Errorf("%s: %d triangles (%v), want %d", what, got, err, tc.want)
						continue
					}
					checkStats(t, what, ords, got, st)
				}
			}
		}
	}
}

func TestMultiGPUCliques(t *testing.T) {
	enron := Orient(loadGraph(t, "email-Enron.txt"), 0)
	want := map[int]uint64{}
	for k := 3; k <= 8; k++ {
		want[k], _ = CountCliques(enron, k, Options{})
	}
	for _, ords := range deviceSets(t) {
		for _, chunk := range []int{1, 16} {
			m := openMulti(t, ords, GPUOptions{LBChunk: chunk})
			for k := 3; k <= 8; k++ {
				m.hostChunks = k%2 == 0 // both dealing modes
				got, st, err := m.CountCliques(enron, k)
				what := fmt.Sprintf("devices %v email-Enron %d-cliques chunk %d host chunks %v", ords, k, chunk, m.hostChunks)
				if err != nil || got != want[k] {
					t.Errorf("%s: %d (%v), CPU %d", what, got, err, want[k])
					continue
				}
				checkStats(t, what, ords, got, st)
			}
		}
	}
	// The graph in mapped host memory on every device (no peer copies).
	for _, ords := range deviceSets(t) {
		m := openMulti(t, ords, GPUOptions{HostGraph: true})
		for _, k := range []int{3, 5} {
			got, st, err := m.CountCliques(enron, k)
			if err != nil || got != want[k] || !st.HostGraph {
				t.Errorf("devices %v email-Enron %d-cliques, host graph: %d (%v, host %v), CPU %d", ords, k, got, err, st.HostGraph, want[k])
			}
		}
	}
	// Dense random graphs against brute force.
	for _, ords := range deviceSets(t) {
		m := openMulti(t, ords, GPUOptions{})
		for seed := uint64(1); seed <= 3; seed++ {
			m.hostChunks = seed == 2
			g := randomGraph(seed, 20, 0.75, 0)
			dag := Orient(g, 0)
			for k := 3; k <= 10; k++ {
				if got, _, err := m.CountCliques(dag, k); err != nil || got != bruteCliques(g, k) {
					t.Fatalf("devices %v seed %d k=%d: %d (%v), want %d", ords, seed, k, got, err, bruteCliques(g, k))
				}
			}
		}
	}
}

// The graph prepared on the first device, copied to the others by peer
// copies.
func TestMultiGPUTrianglesDevice(t *testing.T) {
	for _, ords := range deviceSets(t) {
		for _, kern := range []string{"auto", "thread", "hashmin"} {
			m := openMulti(t, ords, GPUOptions{TriangleKernel: kern})
			p, err := prep.New(m.First().Context())
			if err != nil {
				t.Fatal(err)
			}
			for _, name := range []string{"ca-GrQc.txt", "email-Enron.txt"} {
				g, err := csr.Read(sharedGraph(t, name), csr.ReadOptions{})
				if err != nil {
					t.Fatal(err)
				}
				want := CountTriangles(Orient(Undirected(g, 0), 0), Options{})
				dg, err := p.Upload(g)
				if err != nil {
					t.Fatal(err)
				}
				und, err := p.Undirected(dg)
				if err != nil {
					t.Fatal(err)
				}
				dag, err := p.Orient(und, true)
				if err != nil {
					t.Fatal(err)
				}
				got, st, err := m.CountTrianglesDevice(dag)
				what := fmt.Sprintf("devices %v %s %s (prepared on the device)", ords, name, kern)
				if err != nil || got != want {
					t.Errorf("%s: %d (%v), CPU %d", what, got, err, want)
				} else {
					checkStats(t, what, ords, got, st)
				}
				dag.Free()
				if und != dg {
					und.Free()
				}
				dg.Free()
			}
			p.Close()
		}
	}
}

func TestMultiGPUMotifs(t *testing.T) {
	graphs := map[string]*csr.Graph{"citeseer": loadGraph(t, "citeseer.lg"), "random": randomGraph(5, 40, 0.3, 0)}
	for _, ords := range deviceSets(t) {
		m := openMulti(t, ords, GPUOptions{})
		for name, g := range graphs {
			for k := 3; k <= 6; k++ {
				want, err := CountMotifs(g, k, Options{})
				if err != nil {
					t.Fatal(err)
				}
				for _, o := range []GPUMotifOptions{{}, {NoDonate: true}} {
					got, st, err := m.CountMotifs(g, k, o)
					what := fmt.Sprintf("devices %v %s k=%d %+v", ords, name, k, o)
					if err != nil {
						t.Fatalf("%s: %v", what, err)
					}
					if fmt.Sprint(got) != fmt.Sprint(want) {
						t.Errorf("%s: %v, CPU %v", what, got, want)
						continue
					}
					var total uint64
					for _, p := range got {
						total += p.Count
					}
					checkStats(t, what, ords, total, st)
				}
			}
		}
	}
}

// TestMultiChunkCost measures the dealer's per-chunk cost (run with
// CFLR_MULTI_MEASURE=1; it only logs): triangles on R-MAT scale
// CFLR_MULTI_SCALE (default 22) and 4-cliques on scale 18, on one device
// and on 2 devices of GPU 0, with few, the default and many chunks.
func TestMultiChunkCost(t *testing.T) {
	if os.Getenv("CFLR_MULTI_MEASURE") == "" {
		t.Skip("set CFLR_MULTI_MEASURE=1 to measure")
	}
	scale := 22
	fmt.Sscan(os.Getenv("CFLR_MULTI_SCALE"), &scale)
	for _, tc := range []struct {
		scale, k int
	}{{scale, 3}, {18, 4}} {
		g, err := csr.Generate(csr.GenOptions{Kind: "rmat", Scale: tc.scale, EdgeFactor: 16, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		dag := Orient(Undirected(g, 0), 0)
		for _, ords := range [][]int{{0}, {0, 0}} {
			for _, div := range [][2]int{{0, 0}, {4, 64}, {16, 512}, {64, 2048}} {
				m := openMulti(t, ords, GPUOptions{})
				m.chunkDiv, m.minDiv = div[0], div[1]
				m.hostChunks = div[0] > 0 // {0, 0}: the shared device counter
				var best float64
				var n uint64
				chunks := 0
				for rep := 0; rep < 3; rep++ {
					var st MultiStats
					var err error
					if tc.k == 3 {
						n, st, err = m.CountTriangles(dag)
					} else {
						n, st, err = m.CountCliques(dag, tc.k)
					}
					if err != nil {
						t.Fatal(err)
					}
					if s := st.Kernel.Seconds(); rep == 0 || s < best {
						best = s
					}
					chunks = 0
					for _, d := range st.Devices {
						chunks += d.Chunks
					}
				}
				t.Logf("rmat%d k=%d devices %v chunk bounds tasks/(%d,%d × devices): kernel %.4f s (best of 3), %d chunks, count %d",
					tc.scale, tc.k, ords, div[0], div[1], best, chunks, n)
				m.Close()
			}
		}
	}
}
