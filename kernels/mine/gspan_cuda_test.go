//go:build cuda

package mine

import (
	"fmt"
	"testing"
	"time"

	"github.com/cflr/cflr/graph/csr"
)

// gspanModes are the GPU gSpan configurations every test runs: default,
// columns forced into mapped host memory, a 16 KiB device budget (columns
// beyond four 4 KiB tables go to host memory; slot bitmaps in passes of
// 256 bytes), and the database itself in mapped host memory.
var gspanModes = []struct {
	name      string
	host      bool
	limit     int64
	hostGraph bool
	oom       bool // some column must have been in host memory
}{
	{name: "default"},
	{name: "host-tables", host: true, oom: true},
	{name: "gpu-mem-16K", limit: 16 << 10, oom: true},
	{name: "host-graph", hostGraph: true},
}

func withGSpanMode(d *GPU, i int) func() {
	m := gspanModes[i]
	d.opt.HostTables, d.opt.TableMemLimit, d.opt.HostGraph = m.host, m.limit, m.hostGraph
	return func() { d.opt.HostTables, d.opt.TableMemLimit, d.opt.HostGraph = false, 0, false }
}

// checkGPUGSpan mines db on the GPU in every mode and compares with the
// CPU's gSpan.
func checkGPUGSpan(t *testing.T, d *GPU, name string, db []*csr.Graph, opt FSMOptions) {
	t.Helper()
	want, err := MineTransactions(db, opt)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range gspanModes {
		reset := withGSpanMode(d, i)
		got, st, err := d.MineTransactions(db, opt)
		reset()
		if err != nil {
			t.Fatalf("%s %s: %v", name, m.name, err)
		}
		if !sameFrequent(got, want) {
			t.Errorf("%s support %d edges %d %s: GPU %d patterns, CPU %d", name, opt.Support, opt.MaxEdges, m.name, len(got), len(want))
		}
		// A 3-edge result means five live tables of ≥ 4 KiB (the root's,
		// two for its children, two for a child's children): more than
		// 16 KiB.
		if m.oom && len(want) > 0 && (m.host || want[len(want)-1].Pattern.NumEdges() >= 3) && !st.HostTables {
			t.Errorf("%s %s: no column in host memory", name, m.name)
		}
		if m.hostGraph != st.HostGraph {
			t.Errorf("%s %s: database in host memory %v", name, m.name, st.HostGraph)
		}
	}
}

// TestGPUGSpanDifferential: GPU gSpan equals CPU gSpan on random databases
// (which the CPU tests check against the level-wise miner and brute
// force), up to 5 edges, in every mode; 200 graphs make 4 bitmap words a
// slot, so the 16 KiB mode takes 8 slots a pass.
func TestGPUGSpanDifferential(t *testing.T) {
	d := openGPU(t)
	for seed := uint64(1); seed <= 4; seed++ {
		db := randomDB(seed, 30+20*int(seed), 6, 14, 0.4, 1+int(seed%4))
		for _, edges := range []int{1, 3, 5} {
			checkGPUGSpan(t, d, fmt.Sprintf("seed %d", seed), db, FSMOptions{Support: 2 + seed, MaxEdges: edges})
		}
	}
	checkGPUGSpan(t, d, "200 graphs", randomDB(9, 200, 8, 20, 0.5, 3), FSMOptions{Support: 10, MaxEdges: 4})
}

func TestGPUGSpanTestdata(t *testing.T) {
	d := openGPU(t)
	db := gspanTestDB(t)
	for _, sup := range []uint64{2, 5, 20} {
		checkGPUGSpan(t, d, "testdata", db, FSMOptions{Support: sup, MaxEdges: 4})
	}
}

// TestGPUGSpanOneGraph: citeseer as a database of one graph (supports are
// 0 or 1).
func TestGPUGSpanOneGraph(t *testing.T) {
	d := openGPU(t)
	g := loadGraph(t, "citeseer.lg")
	db := []*csr.Graph{g}
	checkGPUGSpan(t, d, "citeseer", db, FSMOptions{Support: 1, MaxEdges: 3})
	got, _, err := d.MineTransactions(db, FSMOptions{Support: 2, MaxEdges: 3})
	if err != nil || len(got) != 0 {
		t.Errorf("citeseer support 2: %d patterns (%v), want none", len(got), err)
	}
}

func TestGPUGSpanErrors(t *testing.T) {
	d := openGPU(t)
	if _, _, err := d.MineTransactions([]*csr.Graph{randomGraph(1, 5, 0.5, 0)}, FSMOptions{Support: 1}); err == nil {
		t.Errorf("unlabeled graph: no error")
	}
	if _, _, err := d.MineTransactions(nil, FSMOptions{}); err == nil {
		t.Errorf("support 0: no error")
	}
	if got, _, err := d.MineTransactions(nil, FSMOptions{Support: 1}); err != nil || len(got) != 0 {
		t.Errorf("empty database: %v, %v", got, err)
	}
}

// BenchmarkGPUGSpan: the benchmark database (gspanBenchDB) on the GPU, the
// GPU with every column in mapped host memory, CPU gSpan on 16 workers and
// the level-wise miner, in one run on one machine. Every mode's result is
// checked against the CPU's.
func BenchmarkGPUGSpan(b *testing.B) {
	d := openGPU(b)
	db := gspanBenchDB()
	for _, c := range gspanBenchConfigs {
		var want []FrequentPattern // cpu16's, which runs first
		for _, mode := range []string{"cpu16", "gpu", "gpu-host", "levelwise"} {
			if mode == "levelwise" && !c.levelwise {
				continue
			}
			b.Run(fmt.Sprintf("db10k/sup=%d/edges=%d/%s", c.sup, c.edges, mode), func(b *testing.B) {
				opt := FSMOptions{Support: c.sup, MaxEdges: c.edges}
				if mode == "gpu-host" {
					d.opt.HostTables = true
					defer func() { d.opt.HostTables = false }()
				}
				var e2e, kern, up float64
				var fs []FrequentPattern
				var st GPUStats
				for i := 0; i < b.N; i++ {
					t0 := time.Now()
					var err error
					switch mode {
					case "cpu16":
						opt.Workers = 16
						fs, err = MineTransactions(db, opt)
					case "levelwise":
						fs, err = mineTransactionsLevelwise(db, opt)
					default:
						fs, st, err = d.MineTransactions(db, opt)
					}
					if err != nil {
						b.Fatal(err)
					}
					e2e += time.Since(t0).Seconds()
					kern += st.Kernel.Seconds()
					up += st.Upload.Seconds()
				}
				if mode == "cpu16" {
					want = fs
				} else if want == nil { // cpu16 filtered out
					want, _ = MineTransactions(db, FSMOptions{Support: c.sup, MaxEdges: c.edges})
				}
				if !sameFrequent(fs, want) {
					b.Fatalf("%s: %d patterns, not the CPU's %d", mode, len(fs), len(want))
				}
				if mode == "gpu-host" && !st.HostTables {
					b.Fatalf("gpu-host: columns not in host memory")
				}
				b.ReportMetric(e2e/float64(b.N)*1e3, "e2e-ms")
				b.ReportMetric(kern/float64(b.N)*1e3, "kernel-ms")
				b.ReportMetric(up/float64(b.N)*1e3, "upload-ms")
				b.ReportMetric(float64(len(fs)), "patterns")
				b.ReportMetric(float64(st.Embeddings), "embeddings")
			})
		}
	}
}
