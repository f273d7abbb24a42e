//go:build cuda

package mine

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/cflr/cflr/graph/csr"
)

// motifModes are the GPU motif configurations every differential test
// runs: the default, donation off, two stress modes (a donation check
// every step from a unit's first step on; one with a queue of 5 units and
// one block per SM, so that the queue fills and warps stop donating), and
// the graph in mapped host memory. "warp" (motif_warp)
// joins for k ≤ 4.
var motifModes = []struct {
	name string
	opt  GPUMotifOptions
	host bool
}{
	{"esu", GPUMotifOptions{Kernel: "esu"}, false},
	{"esu-nodonate", GPUMotifOptions{Kernel: "esu", NoDonate: true}, false},
	{"esu-eager", GPUMotifOptions{Kernel: "esu", PollEvery: 1, DonateAfter: -1}, false},
	{"esu-stress", GPUMotifOptions{Kernel: "esu", PollEvery: 1, DonateAfter: -1, QueueCap: 5, BlocksPerSM: 1}, false},
	{"esu-host", GPUMotifOptions{Kernel: "esu"}, true},
	{"auto", GPUMotifOptions{}, false},
	{"warp", GPUMotifOptions{Kernel: "warp"}, false},
	{"warp-host", GPUMotifOptions{Kernel: "warp"}, true},
}

// gpuMotifsAllModes runs every mode on g and checks each against want.
func gpuMotifsAllModes(t *testing.T, d *GPU, name string, g *csr.Graph, k int, want []PatternCount) {
	t.Helper()
	for _, m := range motifModes {
		if m.opt.Kernel == "warp" && k > 4 {
			continue
		}
		d.opt.HostGraph = m.host
		got, st, err := d.CountMotifsWith(g, k, m.opt)
		if err != nil {
			t.Fatalf("%s k=%d %s: %v", name, k, m.name, err)
		}
		if st.HostGraph != m.host {
			t.Errorf("%s k=%d %s: graph in host memory %v, want %v", name, k, m.name, st.HostGraph, m.host)
		}
		if !sameCounts(got, want) {
			t.Errorf("%s k=%d %s: GPU %v, want %v", name, k, m.name, got, want)
		}
		if m.opt.NoDonate && st.Donated != 0 {
			t.Errorf("%s k=%d %s: %d units donated with donation off", name, k, m.name, st.Donated)
		}
	}
	d.opt.HostGraph = false
}

// citeseer's published 4-motif counts (vertex-induced, and edge-induced
// derived from them) from every GPU mode.
func TestGPUMotifPublished(t *testing.T) {
	d := openGPU(t)
	t.Log(d.Device())
	g := loadGraph(t, "citeseer.lg")
	for _, m := range motifModes {
		d.opt.HostGraph = m.host
		got, _, err := d.CountMotifsWith(g, 4, m.opt)
		if err != nil {
			t.Fatal(err)
		}
		checkNamed(t, "GPU vertex-induced "+m.name, got, map[string]uint64{"4-path": 111153, "3-star": 222630, "tailed-triangle": 22900, "4-cycle": 3094, "diamond": 2200, "4-clique": 255})
		eg, err := EdgeInduced(got)
		if err != nil {
			t.Fatal(err)
		}
		checkNamed(t, "GPU edge-induced "+m.name, eg, map[string]uint64{"4-path": 185589, "3-star": 250950, "tailed-triangle": 34760, "4-cycle": 6059, "diamond": 3730, "4-clique": 255})
	}
	d.opt.HostGraph = false
}

// Random graphs, sparse and dense, every k = 3..8 and every mode: equal
// to the CPU's CountMotifs and, where all k-subsets are few enough, to
// brute force (brute_test.go). Small graphs leave almost every warp idle,
// so the donation protocol runs hard.
func TestGPUMotifDifferential(t *testing.T) {
	d := openGPU(t)
	type gcase struct {
		name string
		g    *csr.Graph
	}
	var graphs []gcase
	for seed := uint64(1); seed <= 10; seed++ {
		n := 8 + int(seed)*4
		p := []float64{0.1, 0.6, 0.25, 0.9, 0.05, 0.4, 0.15, 0.3, 0.08, 0.2}[seed-1]
		graphs = append(graphs, gcase{fmt.Sprintf("gnp(%d,%.2f)", n, p), randomGraph(seed, n, p, 0)})
	}
	graphs = append(graphs, gcase{"star+clique", starClique()}, gcase{"empty", randomGraph(1, 5, 0, 0)})
	for _, gc := range graphs {
		var prev uint64
		for k := MotifMinK; k <= MotifMaxK; k++ {
			if k >= 7 && prev > 1e6 {
				break // the CPU reference (a map per worker for k ≥ 7) takes seconds
			}
			want, err := CountMotifs(gc.g, k, Options{})
			if err != nil {
				t.Fatal(err)
			}
			prev = 0
			for _, pc := range want {
				prev += pc.Count
			}
			if k <= 5 || gc.g.N <= 14 {
				checkMotifsBrute(t, gc.name, gc.g, k, want)
			}
			gpuMotifsAllModes(t, d, gc.name, gc.g, k, want)
		}
	}
}

// The shared graphs: citeseer k = 3..6, ca-GrQc k = 3..5, email-Enron
// k = 3, equal to the CPU in every mode.
func TestGPUMotifSharedGraphs(t *testing.T) {
	d := openGPU(t)
	for _, tc := range []struct {
		name string
		maxK int
	}{{"citeseer.lg", 6}, {"ca-GrQc.txt", 5}, {"email-Enron.txt", 3}} {
		g := loadGraph(t, tc.name)
		for k := MotifMinK; k <= tc.maxK; k++ {
			t0 := time.Now()
			want, err := CountMotifs(g, k, Options{})
			if err != nil {
				t.Fatal(err)
			}
			cpu := time.Since(t0)
			gpuMotifsAllModes(t, d, tc.name, g, k, want)
			var n uint64
			for _, pc := range want {
				n += pc.Count
			}
			t.Logf("%s k=%d: %d subgraphs, %d patterns (CPU %v)", tc.name, k, n, len(want), cpu)
		}
	}
}

func TestGPUMotifErrors(t *testing.T) {
	d := openGPU(t)
	g := randomGraph(3, 20, 0.3, 0)
	for _, tc := range []struct {
		k   int
		opt GPUMotifOptions
	}{
		{2, GPUMotifOptions{}}, {9, GPUMotifOptions{}}, {5, GPUMotifOptions{Kernel: "warp"}},
		{4, GPUMotifOptions{Kernel: "nope"}}, {4, GPUMotifOptions{PollEvery: 3}}, {4, GPUMotifOptions{PollEvery: 512}},
		{5, GPUMotifOptions{BlocksPerSM: 5}}, {5, GPUMotifOptions{QueueCap: 1 << 30}},
	} {
		if _, _, err := d.CountMotifsWith(g, tc.k, tc.opt); err == nil {
			t.Errorf("k=%d %+v accepted", tc.k, tc.opt)
		} else {
			t.Logf("k=%d %+v: %v", tc.k, tc.opt, err)
		}
	}
}

// motifEstimates are connected k-subgraph counts, exact where known
// (counted by this package) and otherwise RAND-ESU estimates (about ±10%),
// used to skip benchmark rows that cannot fit: CPU rows above
// cpuMotifLimit subgraphs (over a minute on 16 cores at the measured
// ~150 M/s) and GPU rows above gpuMotifLimit.
var motifEstimates = map[string][9]float64{
	"citeseer.lg":     {3: 24546, 4: 362232, 5: 7668883, 6: 168189810, 7: 2.5e9, 8: 5e10},
	"ca-GrQc.txt":     {3: 133347, 4: 1983567, 5: 36361814, 6: 731226974, 7: 1.5e10, 8: 3e11},
	"email-Enron.txt": {3: 24112805, 4: 6258690375, 5: 1.8e12, 6: 5.2e14},
}

const (
	cpuMotifLimit = 1e10
	gpuMotifLimit = 5e12
)

// BenchmarkGPUMotifs: motifs k = 3..6 (CFLR_MOTIF_MAXK: up to 8) on
// citeseer, ca-GrQc and email-Enron. GPU rows report kernel-ms (synchronized kernel), e2e-ms (the
// whole CountMotifsWith call from the graph on the host: upload, kernel,
// counter download, canonical patterns), subgraphs, Gsub/s (subgraphs per
// kernel second) and units donated; mode esu-nodonate is the load-balancing
// baseline; warp is mine.cu's motif_warp (k ≤ 4). cpu rows run the CPU's
// CountMotifs on all cores in the same process, and check that its counts
// equal the GPU's. CFLR_MOTIF_LIMIT and CFLR_MOTIF_CPU_LIMIT override
// gpuMotifLimit and cpuMotifLimit, CFLR_MOTIF_MIN skips smaller rows (so
// that big rows can run once and small ones several times);
// CFLR_MOTIF_MODES lists the modes (benchMotifOptions).
func BenchmarkGPUMotifs(b *testing.B) {
	d := openGPU(b)
	gpuLimit, cpuLimit, minRow, maxK := float64(gpuMotifLimit), float64(cpuMotifLimit), 0.0, 6.0
	for env, p := range map[string]*float64{"CFLR_MOTIF_LIMIT": &gpuLimit, "CFLR_MOTIF_CPU_LIMIT": &cpuLimit, "CFLR_MOTIF_MIN": &minRow, "CFLR_MOTIF_MAXK": &maxK} {
		if v := os.Getenv(env); v != "" {
			fmt.Sscan(v, p)
		}
	}
	// Load the kernels (PTX compiled for the device on first use) before
	// any row is timed.
	for _, k := range []int{4, 5} {
		if _, _, err := d.CountMotifsWith(randomGraph(1, 30, 0.3, 0), k, GPUMotifOptions{Kernel: []string{4: "warp", 5: "esu"}[k]}); err != nil {
			b.Fatal(err)
		}
	}
	modes := strings.Fields(os.Getenv("CFLR_MOTIF_MODES"))
	if len(modes) == 0 {
		modes = []string{"esu", "esu-nodonate", "warp", "cpu"}
	}
	results := map[string][]PatternCount{}
	for _, name := range []string{"citeseer.lg", "ca-GrQc.txt", "email-Enron.txt"} {
		for k := 3; k <= int(maxK); k++ {
			est := motifEstimates[name][k]
			if est == 0 {
				continue // no estimate: too big to plan for
			}
			for _, mode := range modes {
				if strings.HasPrefix(mode, "warp") && k > 4 || mode == "esu-nodonate" && k <= 4 {
					continue // esu does not donate for k ≤ 4
				}
				b.Run(fmt.Sprintf("%s/k=%d/%s", name, k, mode), func(b *testing.B) {
					if est < minRow {
						b.Skipf("estimated %.2g subgraphs: below CFLR_MOTIF_MIN", est)
					}
					if mode == "cpu" && est > cpuLimit {
						b.Skipf("estimated %.2g subgraphs: above the CPU row limit %.2g", est, cpuLimit)
					}
					if mode != "cpu" && est > gpuLimit {
						b.Skipf("estimated %.2g subgraphs: above the GPU row limit %.2g", est, gpuLimit)
					}
					g := benchGraph(b, name)
					key := fmt.Sprintf("%s/%d", name, k)
					var kern, e2e float64
					var res []PatternCount
					var st GPUStats
					b.ResetTimer()
					for i := 0; i < b.N; i++ {
						t0 := time.Now()
						var err error
						switch mode {
						case "cpu":
							res, err = CountMotifs(g, k, Options{})
						default:
							res, st, err = d.CountMotifsWith(g, k, benchMotifOptions(mode))
						}
						if err != nil {
							b.Fatal(err)
						}
						e2e += time.Since(t0).Seconds()
						kern += st.Kernel.Seconds()
					}
					var n uint64
					for _, pc := range res {
						n += pc.Count
					}
					if prev, ok := results[key]; ok && !sameCounts(prev, res) {
						b.Errorf("%s: counts differ between modes: %v vs %v", key, prev, res)
					}
					results[key] = res
					b.ReportMetric(float64(n), "subgraphs")
					b.ReportMetric(e2e/float64(b.N)*1e3, "e2e-ms")
					if mode == "cpu" {
						b.ReportMetric(float64(n)*float64(b.N)/e2e/1e9, "Gsub/s")
						return
					}
					b.ReportMetric(kern/float64(b.N)*1e3, "kernel-ms")
					b.ReportMetric(float64(n)*float64(b.N)/kern/1e9, "Gsub/s")
					b.ReportMetric(float64(st.Donated), "donated")
				})
			}
		}
	}
}

// benchMotifOptions parses a benchmark mode: esu or warp, then -nodonate,
// -bN (BlocksPerSM N), -pN (PollEvery N).
func benchMotifOptions(mode string) GPUMotifOptions {
	parts := strings.Split(mode, "-")
	opt := GPUMotifOptions{Kernel: parts[0]}
	for _, p := range parts[1:] {
		switch {
		case p == "nodonate":
			opt.NoDonate = true
		case strings.HasPrefix(p, "b"):
			fmt.Sscan(p[1:], &opt.BlocksPerSM)
		case strings.HasPrefix(p, "p"):
			fmt.Sscan(p[1:], &opt.PollEvery)
		}
	}
	return opt
}
