//go:build cuda

package mine

import (
	"fmt"
	"testing"
	"time"
)

// fsmModes are the GPU FSM configurations every test runs: default,
// dynamic blocks shrunk to a warp's worth with a tiny first capacity (the
// overflow rerun), tables forced into mapped host memory, a tiny device
// budget (--gpu-mem), and the graph itself in host memory.
var fsmModes = []struct {
	name      string
	block     uint64
	initCap   uint64
	host      bool
	limit     int64
	hostGraph bool
	oom       bool // the out-of-core path must have been taken
}{
	{name: "default"},
	{name: "block32-cap32", block: 32, initCap: 32},
	{name: "host-tables", host: true, oom: true},
	{name: "gpu-mem-16K", limit: 16 << 10, block: 64, oom: true},
	{name: "host-graph", hostGraph: true},
}

func withFSMMode(d *GPU, i int) func() {
	m := fsmModes[i]
	d.fsmBlock, d.fsmInitCap = m.block, m.initCap
	d.opt.HostTables, d.opt.TableMemLimit, d.opt.HostGraph = m.host, m.limit, m.hostGraph
	return func() {
		d.fsmBlock, d.fsmInitCap = 0, 0
		d.opt.HostTables, d.opt.TableMemLimit, d.opt.HostGraph = false, 0, false
	}
}

func TestGPUFSMCiteseer(t *testing.T) {
	d := openGPU(t)
	g := loadGraph(t, "citeseer.lg")
	for _, edges := range []int{3, 4} {
		want, err := MineMNI(g, FSMOptions{Support: 300, MaxEdges: edges})
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range fsmModes {
			reset := withFSMMode(d, i)
			got, st, err := d.MineMNI(g, FSMOptions{Support: 300, MaxEdges: edges})
			reset()
			if err != nil {
				t.Fatalf("%s: %v", m.name, err)
			}
			if !sameFrequent(got, want) {
				t.Errorf("citeseer %d edges %s: GPU %v, CPU %v", edges, m.name, got, want)
			}
			if st.HostTables != m.oom {
				t.Errorf("citeseer %s: out-of-core %v, want %v", m.name, st.HostTables, m.oom)
			}
			var sup []uint64
			for _, f := range got {
				if f.Pattern.NumEdges() == 3 {
					sup = append(sup, f.Support)
				}
			}
			if edges == 3 && fmt.Sprint(sup) != "[335 303]" && fmt.Sprint(sup) != "[303 335]" {
				t.Errorf("citeseer %s: 3-edge supports %v, want 303 and 335", m.name, sup)
			}
			t.Logf("citeseer %d edges %s: %d patterns, %d embeddings, kernel %v", edges, m.name, len(got), st.Embeddings, st.Kernel)
		}
	}
}

// TestGPUFSMDifferential: GPU support equals the CPU's on random labeled
// graphs (dense enough for cycles and repeated labels), up to 4 edges.
func TestGPUFSMDifferential(t *testing.T) {
	d := openGPU(t)
	for seed := uint64(1); seed <= 6; seed++ {
		g := randomGraph(seed, 14+2*int(seed), 0.3, 1+int(seed%3))
		for _, edges := range []int{3, 4} {
			opt := FSMOptions{Support: 2, MaxEdges: edges}
			want, err := MineMNI(g, opt)
			if err != nil {
				t.Fatal(err)
			}
			for i, m := range fsmModes {
				reset := withFSMMode(d, i)
				got, _, err := d.MineMNI(g, opt)
				reset()
				if err != nil {
					t.Fatalf("%s: %v", m.name, err)
				}
				if !sameFrequent(got, want) {
					t.Errorf("seed %d edges %d %s: GPU %d patterns, CPU %d", seed, edges, m.name, len(got), len(want))
				}
			}
		}
	}
}

func BenchmarkGPUFSM(b *testing.B) {
	d := openGPU(b)
	g := benchGraph(b, "citeseer.lg")
	for _, edges := range []int{3, 4} {
		opt := FSMOptions{Support: 300, MaxEdges: edges}
		for _, mode := range []string{"gpu", "gpu-oom", "cpu"} {
			b.Run(fmt.Sprintf("citeseer/edges=%d/sup=300/%s", edges, mode), func(b *testing.B) {
				if mode == "gpu-oom" {
					d.opt.HostTables, d.opt.TableMemLimit = true, 1<<20
					defer func() { d.opt.HostTables, d.opt.TableMemLimit = false, 0 }()
				}
				var kern, e2e float64
				var n int
				var emb uint64
				for i := 0; i < b.N; i++ {
					t0 := time.Now()
					var fs []FrequentPattern
					var st GPUStats
					var err error
					if mode == "cpu" {
						fs, err = MineMNI(g, opt)
					} else {
						fs, st, err = d.MineMNI(g, opt)
					}
					if err != nil {
						b.Fatal(err)
					}
					e2e += time.Since(t0).Seconds()
					kern += st.Kernel.Seconds()
					n, emb = len(fs), st.Embeddings
				}
				b.ReportMetric(e2e/float64(b.N)*1e3, "e2e-ms")
				b.ReportMetric(kern/float64(b.N)*1e3, "kernel-ms")
				b.ReportMetric(float64(n), "patterns")
				b.ReportMetric(float64(emb), "embeddings")
			})
		}
	}
}
