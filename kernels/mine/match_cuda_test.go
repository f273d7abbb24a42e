//go:build cuda

package mine

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/cflr/cflr/graph/csr"
)

// gpuMatchModes: the graph in device memory, or forced into mapped pinned
// host memory.
var gpuMatchModes = []struct {
	name string
	host bool
}{{"device", false}, {"host", true}}

// gpuStream is the GPU's stream of matches, flattened, and its count.
func gpuStream(t testing.TB, d *GPU, g *csr.Graph, pl *Plan, rng, win, limit int) ([]uint32, uint64) {
	t.Helper()
	var all []uint32
	k := 0
	n, _, err := d.Match(g, pl, GPUMatchOptions{UnitRange: rng, WindowMatches: win, Emit: func(m []uint32) bool {
		all = append(all, m...)
		k++
		return limit == 0 || k < limit
	}})
	if err != nil {
		t.Fatal(err)
	}
	return all, n
}

// checkGPUCount compares the GPU's count in both graph placements.
func checkGPUCount(t *testing.T, d *GPU, name string, g *csr.Graph, pl *Plan, want uint64) {
	t.Helper()
	for _, m := range gpuMatchModes {
		d.opt.HostGraph = m.host
		got, st, err := d.Match(g, pl, GPUMatchOptions{})
		if err != nil || got != want || st.HostGraph != m.host {
			t.Fatalf("%s %s: GPU %d matches (%v, host graph %v), want %d", name, m.name, got, err, st.HostGraph, want)
		}
	}
	d.opt.HostGraph = false
}

// checkGPUMatch compares the GPU's count (want) and stream (the CPU's
// single-worker order) in both graph placements, streaming with the given
// range and window and with the defaults.
func checkGPUMatch(t *testing.T, d *GPU, name string, g *csr.Graph, pl *Plan, want uint64, rng, win int) {
	t.Helper()
	order := cpuEmitOrder(t, g, pl, 0)
	if uint64(len(order)) != want*uint64(pl.Pattern.N) {
		t.Fatalf("%s: the CPU streamed %d matches, counted %d", name, len(order)/pl.Pattern.N, want)
	}
	checkGPUCount(t, d, name, g, pl, want)
	for _, m := range gpuMatchModes {
		d.opt.HostGraph = m.host
		for _, sz := range [][2]int{{rng, win}, {0, 0}} {
			s, n := gpuStream(t, d, g, pl, sz[0], sz[1], 0)
			if n != want || !slices.Equal(s, order) {
				t.Fatalf("%s %s range/window %v: GPU streamed %d matches, want %d in the CPU's order (same order: %v)", name, m.name, sz, n, want, slices.Equal(s, order))
			}
		}
	}
	d.opt.HostGraph = false
}

// TestGPUMatchDifferential: random small graphs (labeled or not) and
// random patterns of 1..6 vertices (labels with wildcards), both
// inductions: GPU count = brute force = CPU, GPU stream = CPU stream.
func TestGPUMatchDifferential(t *testing.T) {
	d := openGPU(t)
	r := rand.New(rand.NewPCG(3, 3))
	for it := 0; it < 80; it++ {
		nl := 0
		if it%3 == 0 {
			nl = 2
		}
		g := randomGraph(uint64(it), 10+it%5, 0.3+0.05*float64(it%4), nl)
		p := randomPattern(r, 1+it%6, nl)
		for _, ind := range []Induction{InducedVertex, InducedEdge} {
			pl, err := Compile(p, ind)
			if err != nil {
				t.Fatal(err)
			}
			want := bruteMatch(g, p, ind)
			if cpu, err := Match(g, pl, MatchOptions{Workers: 3}); err != nil || cpu != want {
				t.Fatalf("it %d: CPU %d (%v), brute force %d", it, cpu, err, want)
			}
			checkGPUMatch(t, d, fmt.Sprintf("it %d %v %s", it, ind, p), g, pl, want, 1+it%5, 1+it%7)
		}
	}
}

// TestGPUMatchSymmetric: patterns with non-trivial automorphisms (cycles,
// cliques, stars, ...) on a sparse and a dense graph (lists longer than a
// warp: several ballot rounds per set), against brute force and the CPU.
func TestGPUMatchSymmetric(t *testing.T) {
	d := openGPU(t)
	sparse := randomGraph(7, 40, 0.25, 0)
	dense := randomGraph(8, 70, 0.6, 0)
	for name, p := range matchTestPatterns() {
		for _, ind := range []Induction{InducedVertex, InducedEdge} {
			pl, _ := Compile(p, ind)
			want := bruteMatch(sparse, p, ind)
			checkGPUMatch(t, d, fmt.Sprintf("sparse %s %v", name, ind), sparse, pl, want, 7, 33)
			if p.N <= 4 {
				want = bruteMatch(dense, p, ind)
				checkGPUMatch(t, d, fmt.Sprintf("dense %s %v", name, ind), dense, pl, want, 16, 1<<15)
			} else { // up to 36 M matches: counts only
				want, _ = Match(dense, pl, MatchOptions{})
				checkGPUCount(t, d, fmt.Sprintf("dense %s %v", name, ind), dense, pl, want)
			}
		}
	}
}

// TestGPUMatchLarge: patterns of 7..16 vertices (MaxPatternSize), random
// trees on a sparse graph, against the CPU: with a closing edge at 7 and
// 10 vertices, labeled (two labels and wildcards) at 13 and 16, where
// unlabeled trees have 10^8..10^9 matches on this graph. (A deep search
// over a small graph has few arcs to spread over warps: the GPU's worst
// case.)
func TestGPUMatchLarge(t *testing.T) {
	d := openGPU(t)
	r := rand.New(rand.NewPCG(9, 9))
	g := randomGraph(31, 60, 0.08, 0)
	gl := randomGraph(31, 60, 0.08, 2)
	for _, n := range []int{7, 10, 13, 16} {
		p := Pattern{N: n}
		for v := 1; v < n; v++ {
			p.AddEdge(v, r.IntN(v)) // a random tree
		}
		gg := g
		if n <= 10 {
			p.AddEdge(0, n-1)
		} else {
			gg = gl
			p.Labels = make([]uint32, n)
			for i := range p.Labels {
				p.Labels[i] = uint32(r.IntN(2))
				if r.IntN(4) == 0 {
					p.Labels[i] = AnyLabel
				}
			}
		}
		for _, ind := range []Induction{InducedVertex, InducedEdge} {
			pl, err := Compile(p, ind)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := Match(gg, pl, MatchOptions{})
			t0 := time.Now()
			checkGPUMatch(t, d, fmt.Sprintf("%d vertices %v %s", n, ind, p), gg, pl, want, 97, 1<<16)
			t.Logf("%d-vertex pattern %v: %d matches (GPU checks %v)", n, ind, want, time.Since(t0))
		}
	}
}

// TestGPUMatchStop: Emit returning false stops the stream; the matches
// emitted are the CPU's first ones and the count is theirs.
func TestGPUMatchStop(t *testing.T) {
	d := openGPU(t)
	g := randomGraph(5, 30, 0.3, 0)
	for name, p := range matchTestPatterns() {
		pl, _ := Compile(p, InducedEdge)
		total := len(cpuEmitOrder(t, g, pl, 0)) / p.N
		for _, stop := range []int{1, 2, 33, total / 2, total} {
			if stop < 1 || stop > total {
				continue
			}
			want := cpuEmitOrder(t, g, pl, stop)
			for _, win := range []int{0, 5} {
				got, n := gpuStream(t, d, g, pl, 6, win, stop)
				if n != uint64(stop) || !slices.Equal(got, want) {
					t.Fatalf("%s stop after %d (window %d): GPU emitted %d, stream differs from the CPU's: %v", name, stop, win, n, slices.Equal(got, want))
				}
			}
		}
	}
}

func TestGPUMatchErrors(t *testing.T) {
	d := openGPU(t)
	g := randomGraph(1, 10, 0.5, 0)
	lp, _ := NewPattern(2, [][2]int{{0, 1}}, []uint32{1, 2})
	pl, _ := Compile(lp, InducedEdge)
	if _, _, err := d.Match(g, pl, GPUMatchOptions{}); err == nil {
		t.Error("labeled pattern on an unlabeled graph accepted")
	}
	if _, _, err := d.Match(g, nil, GPUMatchOptions{}); err == nil {
		t.Error("nil plan accepted")
	}
	empty := &csr.Graph{Offsets: []uint64{0}}
	tri, _ := Compile(matchTestPatterns()["triangle"], InducedVertex)
	if n, _, err := d.Match(empty, tri, GPUMatchOptions{}); err != nil || n != 0 {
		t.Errorf("empty graph: %d matches (%v)", n, err)
	}
	if n, _, err := d.Match(empty, tri, GPUMatchOptions{Emit: func([]uint32) bool { return true }}); err != nil || n != 0 {
		t.Errorf("empty graph, streaming: %d matches (%v)", n, err)
	}
}

// citeseerPatterns are the six connected 4-vertex patterns with
// citeseer's published counts (vertex-, edge-induced).
var citeseerPatterns = []struct {
	name   string
	edges  [][2]int
	vi, ei uint64
}{
	{"4-path", [][2]int{{0, 1}, {1, 2}, {2, 3}}, 111153, 185589},
	{"3-star", [][2]int{{0, 1}, {0, 2}, {0, 3}}, 222630, 250950},
	{"tailed-triangle", [][2]int{{0, 1}, {1, 2}, {0, 2}, {2, 3}}, 22900, 34760},
	{"4-cycle", [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 0}}, 3094, 6059},
	{"diamond", [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 2}}, 2200, 3730},
	{"4-clique", [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 2}, {1, 3}}, 255, 255},
}

// TestGPUMatchCiteseer: the published citeseer 4-vertex counts by GPU
// matching, both inductions and graph placements; the streams equal the
// CPU's.
func TestGPUMatchCiteseer(t *testing.T) {
	d := openGPU(t)
	g := loadGraph(t, "citeseer.lg")
	for _, c := range citeseerPatterns {
		p, _ := NewPattern(4, c.edges, nil)
		for ind, want := range map[Induction]uint64{InducedVertex: c.vi, InducedEdge: c.ei} {
			pl, _ := Compile(p, ind)
			checkGPUMatch(t, d, fmt.Sprintf("citeseer %s %v", c.name, ind), g, pl, want, 1000, 5000)
		}
	}
}

// citeseerLabeled are labeled patterns on citeseer (labels 0..5).
func citeseerLabeled() map[string]Pattern {
	mk := func(n int, es [][2]int, l []uint32) Pattern {
		p, err := NewPattern(n, es, l)
		if err != nil {
			panic(err)
		}
		return p
	}
	return map[string]Pattern{
		"triangle-0-1-*":  mk(3, [][2]int{{0, 1}, {1, 2}, {2, 0}}, []uint32{0, 1, AnyLabel}),
		"4-path-2-2-2-2":  mk(4, [][2]int{{0, 1}, {1, 2}, {2, 3}}, []uint32{2, 2, 2, 2}),
		"3-star-1-*-*-4":  mk(4, [][2]int{{0, 1}, {0, 2}, {0, 3}}, []uint32{1, AnyLabel, AnyLabel, 4}),
		"4-cycle-5-5-*-*": mk(4, [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 0}}, []uint32{5, 5, AnyLabel, AnyLabel}),
	}
}

func TestGPUMatchCiteseerLabeled(t *testing.T) {
	d := openGPU(t)
	g := loadGraph(t, "citeseer.lg")
	for name, p := range citeseerLabeled() {
		for _, ind := range []Induction{InducedVertex, InducedEdge} {
			pl, _ := Compile(p, ind)
			want, err := Match(g, pl, MatchOptions{})
			if err != nil {
				t.Fatal(err)
			}
			checkGPUMatch(t, d, fmt.Sprintf("citeseer %s %v", name, ind), g, pl, want, 700, 999)
			t.Logf("citeseer %s %v: %d", name, ind, want)
		}
	}
}

// TestGPUMatchEnron: a skewed graph (hubs of degree 1,383): counts equal
// the CPU's, and the triangle stream, in windows of 300 matches (2,424
// windows), equals the CPU's.
func TestGPUMatchEnron(t *testing.T) {
	d := openGPU(t)
	g := loadGraph(t, "email-Enron.txt")
	pats := matchTestPatterns()
	for _, name := range []string{"triangle", "4-cycle", "diamond", "4-clique"} {
		for _, ind := range []Induction{InducedVertex, InducedEdge} {
			pl, _ := Compile(pats[name], ind)
			want, _ := Match(g, pl, MatchOptions{})
			for _, m := range gpuMatchModes {
				d.opt.HostGraph = m.host
				got, st, err := d.Match(g, pl, GPUMatchOptions{})
				if err != nil || got != want {
					t.Errorf("email-Enron %s %v %s: GPU %d (%v), CPU %d", name, ind, m.name, got, err, want)
				}
				t.Logf("email-Enron %s %v %s: %d matches, kernel %v", name, ind, m.name, got, st.Kernel)
			}
			d.opt.HostGraph = false
		}
	}
	pl, _ := Compile(pats["triangle"], InducedEdge)
	order := cpuEmitOrder(t, g, pl, 0)
	s, n := gpuStream(t, d, g, pl, 1<<16, 300, 0)
	if n != 727044 || !slices.Equal(s, order) {
		t.Errorf("email-Enron triangle stream: %d matches, want 727044 in the CPU's order (same: %v)", n, slices.Equal(s, order))
	}
}

// BenchmarkGPUMatch: counting on the GPU (graph in device or host memory)
// and on the CPU (Match, GOMAXPROCS workers: 16 on the GPU machine), and
// listing (Emit, the matches only counted by the callback) on both; the
// ratio is cpu/gpu of the same run. kernel-ms is the GPU's kernel time
// (with the window copies when listing), e2e-ms the whole call.
func BenchmarkGPUMatch(b *testing.B) {
	d := openGPU(b)
	pats := matchTestPatterns()
	type bc struct {
		graph, name string
		p           Pattern
		ind         Induction
		list        bool
		gpuOnly     bool
	}
	var cases []bc
	for _, gp := range []struct {
		graph string
		names []string
	}{
		{"citeseer.lg", []string{"4-cycle", "diamond", "5-cycle", "house"}},
		{"email-Enron.txt", []string{"4-cycle", "diamond", "4-clique"}},
	} {
		gname := gp.graph
		for _, name := range gp.names {
			for _, ind := range []Induction{InducedVertex, InducedEdge} {
				cases = append(cases, bc{gname, name, pats[name], ind, false, false})
			}
		}
		cases = append(cases, bc{gname, "diamond", pats["diamond"], InducedEdge, true, false})
	}
	lab := citeseerLabeled()
	for _, name := range slices.Sorted(maps.Keys(lab)) {
		cases = append(cases, bc{"citeseer.lg", name, lab[name], InducedVertex, false, false})
	}
	// 5-cycles on email-Enron, GPU only (the CPU takes minutes a run).
	for _, ind := range []Induction{InducedVertex, InducedEdge} {
		cases = append(cases, bc{"email-Enron.txt", "5-cycle", pats["5-cycle"], ind, false, true})
	}
	for _, c := range cases {
		modes := []string{"gpu", "gpu-host", "cpu"}
		if c.list {
			modes = []string{"gpu-list", "cpu-list"}
		}
		if c.gpuOnly {
			modes = []string{"gpu"}
		}
		for _, mode := range modes {
			b.Run(fmt.Sprintf("%s/%s/%v/%s", c.graph, c.name, c.ind, mode), func(b *testing.B) {
				g := benchGraph(b, c.graph)
				pl, err := Compile(c.p, c.ind)
				if err != nil {
					b.Fatal(err)
				}
				d.opt.HostGraph = mode == "gpu-host"
				defer func() { d.opt.HostGraph = false }()
				var kern, e2e float64
				var n uint64
				for i := 0; i < b.N; i++ {
					var listed uint64
					emit := func([]uint32) bool { listed++; return true }
					t0 := time.Now()
					var st GPUStats
					switch mode {
					case "cpu":
						n, err = Match(g, pl, MatchOptions{})
					case "cpu-list":
						n, err = Match(g, pl, MatchOptions{Emit: emit})
					case "gpu-list":
						n, st, err = d.Match(g, pl, GPUMatchOptions{Emit: emit})
					default:
						n, st, err = d.Match(g, pl, GPUMatchOptions{})
					}
					if err != nil {
						b.Fatal(err)
					}
					if c.list && listed != n {
						b.Fatalf("listed %d, counted %d", listed, n)
					}
					e2e += time.Since(t0).Seconds()
					kern += st.Kernel.Seconds()
				}
				b.ReportMetric(e2e/float64(b.N)*1e3, "e2e-ms")
				b.ReportMetric(kern/float64(b.N)*1e3, "kernel-ms")
				b.ReportMetric(float64(n), "matches")
			})
		}
	}
}
