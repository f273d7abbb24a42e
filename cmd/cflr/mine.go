package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
	"github.com/cflr/cflr/kernels/mine"
	"github.com/cflr/cflr/kernels/prep"
)

func init() { subcommands = append(subcommands, newMineCmd) }

// mineReport is what `cflr mine` prints, as a table or as JSON.
type mineReport struct {
	Task     string         `json:"task"`
	Graph    string         `json:"graph"`
	Vertices uint32         `json:"vertices"`
	Edges    uint64         `json:"edges"` // undirected
	Device   string         `json:"device"`
	K        int            `json:"k,omitempty"`
	Count    *uint64        `json:"count,omitempty"`
	Patterns []minePattern  `json:"patterns,omitempty"`
	Phases   []minePhase    `json:"phases"`
	Extra    map[string]any `json:"extra,omitempty"`
	// GPUs is each device's part of a run on several (--gpus).
	GPUs []gpuReport `json:"gpus,omitempty"`
	// Wall is the time from process start to the result (every phase,
	// process and CUDA start-up included); PeakRSS the peak host memory.
	Wall    float64 `json:"wall_seconds"`
	PeakRSS int64   `json:"peak_rss_bytes"`
}

type minePattern struct {
	Name   string `json:"name,omitempty"`
	Edges  string `json:"edges"`
	Graph6 string `json:"graph6"`
	Count  uint64 `json:"count"`
}

type minePhase struct {
	Name    string  `json:"name"`
	Seconds float64 `json:"seconds"`
}

// mineCmd holds `cflr mine`'s flags and, during a run, its state; each
// task is a method, so the command stays a thin layer over kernels/mine.
type mineCmd struct {
	k, maxEdges, workers int
	patternFile, induced string
	device, gpuMem, gpus string
	support              uint64
	list, asJSON, quiet  bool
	intersect, lb        string

	// Set by run from the flags.
	ind      mine.Induction
	opt      mine.Options
	memLimit int64
	useGPU   bool
	pat      mine.Pattern
	dev      *mine.GPU
	multi    *mine.MultiGPU // several devices (--gpus), for triangles and cliques
	ords     []int
	rep      *mineReport
	w        *bufio.Writer
	stderr   io.Writer
	barMu    sync.Mutex
	bar      *progressbar.ProgressBar
}

func newMineCmd() *cobra.Command {
	m := &mineCmd{}
	cmd := &cobra.Command{
		Use:   "mine triangles|cliques|motifs|match|fsm GRAPH",
		Short: "Count triangles, k-cliques, motifs, pattern matches, or frequent subgraphs",
		Long: `Pattern mining on an undirected view of GRAPH (SNAP .txt, Matrix Market, Tigr,
G2Miner, or GraMi .lg with vertex labels). Self-loops and parallel edges are
dropped. Prints counts as a table (or JSON with --json) and the time of each
phase.

  triangles  count (or --list) triangles
  cliques    count k-cliques (-k, default 4)
  motifs     count connected vertex-induced k-vertex subgraphs by pattern
             (-k 3..8); --induced edge gives edge-induced counts (k <= 6)
  match      count (or --list) subgraphs matching --pattern FILE
  fsm        frequent connected labeled patterns of up to --max-edges edges
             with support >= --support (MNI on one graph; transaction
             support on a .lg database of several "t #" graphs)

Every task also runs on the GPU when cflr is built with -tags cuda (make
cuda-build), with the same results: --device auto (the default) uses it when
a GPU is present. Only triangle listing is CPU-only. --gpu-mem caps the
device memory for the graph and for fsm's embedding tables; beyond it they
live in mapped pinned host memory (never managed memory).`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return m.run(cmd, args[0], args[1])
		},
	}
	f := cmd.Flags()
	f.IntVarP(&m.k, "k", "k", 0, "pattern size: clique size (default 4) or motif vertices (default 3)")
	f.StringVar(&m.patternFile, "pattern", "", "pattern file for match (see README: v ID [LABEL] / e U V lines)")
	f.StringVar(&m.induced, "induced", "vertex", "vertex or edge: induced subgraphs, or any subgraph")
	f.Uint64Var(&m.support, "support", 0, "minimum support for fsm")
	f.IntVar(&m.maxEdges, "max-edges", 3, "largest fsm pattern, in edges")
	f.StringVar(&m.device, "device", "auto", "cpu, gpu, or auto (gpu where a kernel exists, when built with -tags cuda and a GPU is present)")
	f.StringVar(&m.gpuMem, "gpu-mem", "", "cap on GPU memory for the graph and, for fsm, the embedding tables (e.g. 512M); beyond it they stay in mapped host memory")
	f.StringVar(&m.gpus, "gpus", "all", gpusFlagUsage+"; triangles, cliques and motifs use them all, match and fsm the first")
	f.StringVar(&m.lb, "lb", "auto", "GPU load balancing (DuMato's work donation): on, off, or auto (cliques from k = 7; motifs k >= 5 unless off)")
	f.BoolVar(&m.list, "list", false, "list triangles (CPU) or matches (CPU or GPU, the same deterministic order) instead of counting")
	f.BoolVar(&m.asJSON, "json", false, "print JSON instead of a table")
	f.BoolVarP(&m.quiet, "quiet", "q", false, "no progress bar on stderr (shown for CPU runs longer than 2 s)")
	f.IntVar(&m.workers, "workers", 0, "CPU goroutines (0: all cores)")
	f.StringVar(&m.intersect, "intersect", "hash", "CPU triangle intersection: hash, merge or binary")
	cmd.PreRun = func(cmd *cobra.Command, args []string) {
		if !cmd.Flags().Changed("k") && len(args) > 0 && args[0] == "cliques" {
			m.k = 4
		}
	}
	return cmd
}

// flags checks the flags against the task; every mistake is a usage error
// (exit status 2) reported before any file is read.
func (m *mineCmd) flags(task string) error {
	switch task {
	case "triangles", "cliques", "motifs", "match", "fsm":
	default:
		return usageErr(fmt.Errorf("unknown task %q (want triangles, cliques, motifs, match or fsm)", task))
	}
	switch m.induced {
	case "vertex":
		m.ind = mine.InducedVertex
	case "edge":
		m.ind = mine.InducedEdge
	default:
		return usageErr(fmt.Errorf("--induced: want vertex or edge, got %q", m.induced))
	}
	m.opt = mine.Options{Workers: m.workers}
	switch m.intersect {
	case "hash":
		m.opt.Intersect = mine.Hash
	case "merge":
		m.opt.Intersect = mine.Merge
	case "binary":
		m.opt.Intersect = mine.BinarySearch
	default:
		return usageErr(fmt.Errorf("--intersect: want hash, merge or binary, got %q", m.intersect))
	}
	if m.lb != "auto" && m.lb != "on" && m.lb != "off" {
		return usageErr(fmt.Errorf("--lb: %q is not auto, on or off", m.lb))
	}
	if m.gpuMem != "" {
		var err error
		if m.memLimit, err = parseBytes(m.gpuMem); err != nil {
			return usageErr(fmt.Errorf("--gpu-mem: %w", err))
		}
	}
	if task == "motifs" && m.k == 0 {
		m.k = 3
	}
	// GPU kernels: triangles, cliques, motifs up to MaxGPUMotifK, and fsm
	// (MNI support on one graph, gSpan's transaction support on a database).
	// Triangle listing is CPU-only; match lists on the GPU too.
	gpuTask := task == "triangles" && !m.list || task == "cliques" || task == "fsm" || task == "match" ||
		task == "motifs" && m.k >= mine.MotifMinK && m.k <= mine.MaxGPUMotifK
	if m.list && task != "triangles" && task != "match" {
		return usageErr(fmt.Errorf("--list applies to triangles and match"))
	}
	switch m.device {
	case "cpu":
	case "gpu":
		switch {
		case gpuTask:
		case task == "motifs":
			return usageErr(fmt.Errorf("--device gpu: GPU motifs need -k %d..%d, got %d (use --device cpu)", mine.MotifMinK, mine.MaxGPUMotifK, m.k))
		case task == "triangles":
			return usageErr(fmt.Errorf("--device gpu: triangles --list runs on the CPU (use --device cpu)"))
		default:
			return usageErr(fmt.Errorf("--device gpu: no GPU kernel for %s (use --device cpu)", task))
		}
		m.useGPU = true
	case "auto":
		m.useGPU = gpuTask && gpu.Available()
	default:
		return usageErr(fmt.Errorf("--device: want cpu, gpu or auto, got %q", m.device))
	}
	if task == "match" {
		if m.patternFile == "" {
			return usageErr(fmt.Errorf("match needs --pattern FILE"))
		}
		f, err := os.Open(m.patternFile)
		if err != nil {
			return usageErr(err)
		}
		m.pat, err = mine.ParsePattern(f, m.patternFile)
		f.Close()
		if err != nil {
			return usageErr(err)
		}
	}
	if task == "fsm" && m.support == 0 {
		return usageErr(fmt.Errorf("fsm needs --support N (N >= 1)"))
	}
	return nil
}

func (m *mineCmd) phase(name string, t0 time.Time) {
	m.rep.Phases = append(m.rep.Phases, minePhase{name, time.Since(t0).Seconds()})
}

func (m *mineCmd) setCount(n uint64) { m.rep.Count = &n }

func (m *mineCmd) extra(key string, v any) {
	if m.rep.Extra == nil {
		m.rep.Extra = map[string]any{}
	}
	m.rep.Extra[key] = v
}

// gpuPhases records a GPU kernel's phases and where its data lived.
func (m *mineCmd) gpuPhases(st mine.GPUStats) {
	m.rep.Phases = append(m.rep.Phases, minePhase{"gpu-upload", st.Upload.Seconds()}, minePhase{"gpu-kernel", st.Kernel.Seconds()})
	if st.HostGraph {
		m.extra("graph_in_mapped_host_memory", true)
	}
	if m.rep.Task == "fsm" {
		// Out-of-core: some embedding table exceeded --gpu-mem.
		m.extra("tables_in_mapped_host_memory", st.HostTables)
		m.extra("embeddings", st.Embeddings)
	}
}

// multiPhases records a multi-GPU call: its phases, as gpuPhases, and
// each device's part.
func (m *mineCmd) multiPhases(st mine.MultiStats) {
	m.gpuPhases(st.GPUStats)
	m.extra("gpus", len(st.Devices))
	m.rep.GPUs = gpuReports(st.Devices)
}

// progress returns a Progress callback for a CPU kernel: a bar on stderr
// counting what (roots or arcs), shown only once the run has lasted 2 s,
// so short runs print nothing extra; nil with --quiet.
func (m *mineCmd) progress(what string) func(done, total int) {
	if m.quiet || !isTerminal(m.stderr) {
		return nil
	}
	start := time.Now()
	return func(done, total int) {
		if time.Since(start) < 2*time.Second {
			return
		}
		m.barMu.Lock()
		defer m.barMu.Unlock()
		if m.bar == nil {
			m.bar = progressbar.NewOptions64(int64(total),
				progressbar.OptionSetWriter(m.stderr),
				progressbar.OptionSetDescription(m.rep.Task+": "+what),
				progressbar.OptionShowCount(),
				progressbar.OptionThrottle(200*time.Millisecond),
				progressbar.OptionClearOnFinish(),
			)
		}
		m.bar.Set64(int64(done))
	}
}

// endProgress clears the bar, if one was shown.
func (m *mineCmd) endProgress() {
	m.barMu.Lock()
	defer m.barMu.Unlock()
	if m.bar != nil {
		m.bar.Finish()
		m.bar = nil
	}
}

// listed ends a --list run: the listing went to stdout, the phases and the
// total to stderr.
func (m *mineCmd) listed(n uint64, what string) error {
	if err := m.w.Flush(); err != nil {
		return err
	}
	printPhases(m.stderr, m.rep.Phases)
	fmt.Fprintf(m.stderr, "%d %s\n", n, what)
	return nil
}

func (m *mineCmd) run(cmd *cobra.Command, task, path string) error {
	if err := m.flags(task); err != nil {
		return err
	}
	m.rep = &mineReport{Task: task, Graph: path, Device: "cpu"}
	m.stderr = cmd.ErrOrStderr()
	m.w = bufio.NewWriter(cmd.OutOrStdout())
	defer m.w.Flush()
	var err error
	if m.useGPU {
		if m.ords, err = resolveGPUs(m.gpus); err != nil {
			return err
		}
	}
	if m.useGPU && task == "triangles" && m.memLimit == 0 && !strings.HasSuffix(strings.ToLower(path), ".lg") {
		err = m.trianglesPrepared(path)
	} else {
		err = m.runHost(task, path)
	}
	if err != nil || m.list {
		return err
	}
	m.rep.Wall, m.rep.PeakRSS = sinceStart().Seconds(), peakRSS()
	if m.asJSON {
		enc := json.NewEncoder(m.w)
		enc.SetIndent("", "  ")
		return enc.Encode(m.rep)
	}
	printMineTable(m.w, m.rep)
	return nil
}

// runHost loads and prepares the graph on the host, then runs task on the
// CPU or the GPU.
func (m *mineCmd) runHost(task, path string) error {
	t0 := time.Now()
	var graphs []*csr.Graph
	if strings.HasSuffix(strings.ToLower(path), ".lg") {
		lgs, err := loadMineGraphs(path)
		if err != nil {
			return usageErr(err)
		}
		m.phase("load", t0)
		t0 = time.Now()
		for _, g := range lgs {
			graphs = append(graphs, mine.Undirected(g, m.workers))
		}
		m.phase("undirect", t0)
	} else {
		// One graph: its undirected form comes from the sidecar cache that
		// cflr convert --prepared writes, when that is valid, so several
		// runs on one graph pay the preparation once.
		g, info, err := csr.LoadPrepared(path, csr.Prep{Form: csr.FormUndirected, Cache: csr.CacheRead})
		if err != nil {
			return usageErr(err)
		}
		m.rep.Phases = append(m.rep.Phases, minePhase{"load", info.Load.Seconds()}, minePhase{"undirect", info.Prepare.Seconds()})
		if info.Cached && info.Sidecar != "" {
			m.extra("prepared", info.Sidecar)
		}
		graphs = []*csr.Graph{g}
	}
	g := graphs[0]
	m.rep.Vertices, m.rep.Edges = g.N, g.NumEdges()/2
	if len(graphs) > 1 && task != "fsm" {
		return usageErr(fmt.Errorf("%s: %d graphs in the file; only fsm mines a database", path, len(graphs)))
	}
	if m.useGPU {
		t0 = time.Now()
		var err error
		opt := mine.GPUOptions{GraphMemLimit: m.memLimit, TableMemLimit: m.memLimit, LoadBalance: m.lb == "on" || (m.lb == "auto" && m.k >= lbAutoMinK)}
		if len(m.ords) > 1 && (task == "triangles" || task == "cliques" || task == "motifs") {
			if m.multi, err = mine.NewMultiGPU(m.ords, opt); err != nil {
				return err
			}
			defer m.multi.Close()
			m.rep.Device = m.multi.Device()
		} else {
			opt.Ordinal = m.ords[0]
			if m.dev, err = mine.NewGPU(opt); err != nil {
				return err
			}
			defer m.dev.Close()
			m.rep.Device = m.dev.Device()
		}
		m.phase("gpu-open", t0)
	}
	switch task {
	case "triangles", "cliques":
		return m.cliques(task, g)
	case "motifs":
		return m.motifs(g)
	case "match":
		return m.match(g)
	case "fsm":
		return m.fsm(path, graphs)
	}
	return nil
}

// trianglesPrepared counts triangles with the graph prepared on the GPU:
// a binary file streams from disk into device memory (other formats are
// read on the host and uploaded through pinned buffers), then undirecting
// (skipped after a parallel check when the graph is simple and symmetric
// already) and orientation run as kernels (kernels/prep); only the DAG's
// offsets come back, for the triangle kernel's work items.
func (m *mineCmd) trianglesPrepared(path string) error {
	m.rep.K = 3
	t0 := time.Now()
	var err error
	if len(m.ords) > 1 {
		if m.multi, err = mine.NewMultiGPU(m.ords, mine.GPUOptions{}); err != nil {
			return err
		}
		defer m.multi.Close()
		m.dev = m.multi.First()
		m.rep.Device = m.multi.Device()
	} else {
		if m.dev, err = mine.NewGPU(mine.GPUOptions{Ordinal: m.ords[0]}); err != nil {
			return err
		}
		defer m.dev.Close()
		m.rep.Device = m.dev.Device()
	}
	p, err := prep.New(m.dev.Context())
	if err != nil {
		return err
	}
	defer p.Close()
	m.phase("gpu-open", t0)
	t0 = time.Now()
	dg, ls, err := p.LoadFile(path)
	switch {
	case err == prep.ErrNotStreamable:
		g, err := csr.Read(path, csr.ReadOptions{})
		if err != nil {
			return usageErr(err)
		}
		m.phase("load", t0)
		t0 = time.Now()
		if dg, err = p.Upload(g); err != nil {
			return err
		}
		m.phase("upload", t0)
	case err != nil:
		return deviceOrUsageErr(err)
	default:
		m.phase("load", t0) // read, upload and per-chunk checks, overlapped
		m.extra("load_gb_per_s", math.Round(float64(ls.Bytes)/time.Since(t0).Seconds()/1e7)/100)
	}
	defer dg.Free()
	t0 = time.Now()
	und, err := p.Undirected(dg)
	if err != nil {
		return err
	}
	if und != dg {
		dg.Free()
		defer und.Free()
	}
	m.rep.Vertices, m.rep.Edges = und.N, und.M/2
	m.phase("undirect", t0)
	t0 = time.Now()
	dag, err := p.Orient(und, true)
	if err != nil {
		return err
	}
	defer dag.Free()
	und.Free() // the kernels read only the DAG
	m.phase("orient", t0)
	if m.multi != nil {
		n, st, err := m.multi.CountTrianglesDevice(dag)
		if err != nil {
			return err
		}
		m.setCount(n)
		m.multiPhases(st)
		return nil
	}
	n, st, err := m.dev.CountTrianglesDevice(dag)
	if err != nil {
		return err
	}
	m.setCount(n)
	m.gpuPhases(st)
	return nil
}

// deviceOrUsageErr keeps CUDA failures as they are and makes anything else
// (a damaged file) a usage error, exit status 2.
func deviceOrUsageErr(err error) error {
	var ge *gpu.Error
	if errors.As(err, &ge) {
		return err
	}
	return usageErr(err)
}

func (m *mineCmd) cliques(task string, g *csr.Graph) error {
	k := m.k
	if task == "triangles" {
		k = 3
	}
	if k < 3 || k > mine.MaxCliqueK {
		return usageErr(fmt.Errorf("-k: want 3..%d, got %d", mine.MaxCliqueK, k))
	}
	m.rep.K = k
	t0 := time.Now()
	dag := mine.Orient(g, m.workers)
	m.phase("orient", t0)
	t0 = time.Now()
	switch {
	case m.list:
		var n uint64
		mine.ListTriangles(dag, func(a, b, c uint32) bool {
			n++
			fmt.Fprintf(m.w, "%d %d %d\n", a, b, c)
			return true
		})
		m.phase("list", t0)
		return m.listed(n, "triangles")
	case m.multi != nil:
		count := m.multi.CountCliques
		if k == 3 {
			count = func(dag *csr.Graph, _ int) (uint64, mine.MultiStats, error) { return m.multi.CountTriangles(dag) }
		}
		n, st, err := count(dag, k)
		if err != nil {
			return err
		}
		m.setCount(n)
		m.multiPhases(st)
	case m.useGPU:
		count := m.dev.CountCliques
		if k == 3 {
			count = func(dag *csr.Graph, _ int) (uint64, mine.GPUStats, error) { return m.dev.CountTriangles(dag) }
		}
		n, st, err := count(dag, k)
		if err != nil {
			return err
		}
		m.setCount(n)
		m.gpuPhases(st)
	case k == 3:
		opt := m.opt
		opt.Progress = m.progress("root vertices")
		m.setCount(mine.CountTriangles(dag, opt))
		m.endProgress()
		m.phase("count", t0)
	default:
		opt := m.opt
		opt.Progress = m.progress("root vertices")
		n, err := mine.CountCliques(dag, k, opt)
		m.endProgress()
		if err != nil {
			return usageErr(err)
		}
		m.setCount(n)
		m.phase("count", t0)
	}
	return nil
}

func (m *mineCmd) motifs(g *csr.Graph) error {
	m.rep.K = m.k
	t0 := time.Now()
	var pcs []mine.PatternCount
	var err error
	if m.multi != nil {
		var st mine.MultiStats
		if pcs, st, err = m.multi.CountMotifs(g, m.k, mine.GPUMotifOptions{NoDonate: m.lb == "off"}); err != nil {
			return err
		}
		m.multiPhases(st)
	} else if m.useGPU {
		var st mine.GPUStats
		if pcs, st, err = m.dev.CountMotifsWith(g, m.k, mine.GPUMotifOptions{NoDonate: m.lb == "off"}); err != nil {
			return err
		}
		m.gpuPhases(st)
	} else {
		opt := m.opt
		opt.Progress = m.progress("root vertices")
		pcs, err = mine.CountMotifs(g, m.k, opt)
		m.endProgress()
		if err != nil {
			return usageErr(err)
		}
		m.phase("enumerate", t0)
	}
	if m.ind == mine.InducedEdge {
		t0 = time.Now()
		if pcs, err = mine.EdgeInduced(pcs); err != nil {
			return usageErr(err)
		}
		m.phase("edge-induced", t0)
	}
	for _, pc := range pcs {
		m.rep.Patterns = append(m.rep.Patterns, minePattern{Name: pc.Pattern.Name(), Edges: pc.Pattern.String(), Graph6: pc.Pattern.Graph6(), Count: pc.Count})
	}
	m.extra("induced", m.ind.String())
	return nil
}

func (m *mineCmd) match(g *csr.Graph) error {
	t0 := time.Now()
	pl, err := mine.Compile(m.pat, m.ind)
	if err != nil {
		return usageErr(err)
	}
	m.phase("plan", t0)
	m.rep.K = m.pat.N
	m.extra("induced", m.ind.String())
	m.extra("pattern", m.pat.String())
	m.extra("automorphisms", pl.Automorphisms)
	m.extra("order", pl.Order)
	mo := mine.MatchOptions{Workers: m.workers, Progress: m.progress("arcs")}
	if m.list {
		mo.Emit = m.emitMatch
	}
	t0 = time.Now()
	var n uint64
	if m.useGPU {
		var st mine.GPUStats
		if n, st, err = m.dev.Match(g, pl, mine.GPUMatchOptions{Emit: mo.Emit}); err != nil {
			return err
		}
		m.gpuPhases(st)
	} else {
		n, err = mine.Match(g, pl, mo)
		m.endProgress()
		if err != nil {
			return usageErr(err)
		}
		m.phase("match", t0)
	}
	if m.list {
		return m.listed(n, "matches")
	}
	m.setCount(n)
	return nil
}

// emitMatch writes one match, m[pattern vertex] = data vertex, as a line.
func (m *mineCmd) emitMatch(match []uint32) bool {
	for i, v := range match {
		if i > 0 {
			m.w.WriteByte(' ')
		}
		m.w.WriteString(strconv.FormatUint(uint64(v), 10))
	}
	m.w.WriteByte('\n')
	return true
}

func (m *mineCmd) fsm(path string, graphs []*csr.Graph) error {
	g := graphs[0]
	fo := mine.FSMOptions{Support: m.support, MaxEdges: m.maxEdges, Workers: m.workers}
	t0 := time.Now()
	var fps []mine.FrequentPattern
	var err error
	switch {
	case len(graphs) > 1 && m.useGPU:
		m.extra("support", "transaction")
		m.extra("graphs", len(graphs))
		var st mine.GPUStats
		if fps, st, err = m.dev.MineTransactions(graphs, fo); err != nil {
			return err
		}
		m.gpuPhases(st)
	case len(graphs) > 1:
		m.extra("support", "transaction")
		m.extra("graphs", len(graphs))
		fps, err = mine.MineTransactions(graphs, fo)
	case m.useGPU && g.Labels == nil:
		return usageErr(fmt.Errorf("%s: frequent subgraph mining needs a vertex-labeled graph (.lg)", path))
	case m.useGPU:
		m.extra("support", "MNI")
		var st mine.GPUStats
		if fps, st, err = m.dev.MineMNI(g, fo); err != nil {
			return err
		}
		m.gpuPhases(st)
	default:
		m.extra("support", "MNI")
		fps, err = mine.MineMNI(g, fo)
	}
	if err != nil {
		return usageErr(err)
	}
	m.phase("mine", t0)
	for _, fp := range fps {
		m.rep.Patterns = append(m.rep.Patterns, minePattern{Edges: fp.Pattern.String(), Graph6: fp.Pattern.Graph6(), Count: fp.Support})
	}
	return nil
}

// loadMineGraphs reads GRAPH: every graph of a .lg file, or one graph in
// any format graph/csr reads.
func loadMineGraphs(path string) ([]*csr.Graph, error) {
	if strings.HasSuffix(strings.ToLower(path), ".lg") {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		lgs, err := csr.ReadLG(f, path, csr.LGOptions{})
		if err != nil {
			return nil, err
		}
		out := make([]*csr.Graph, len(lgs))
		for i, g := range lgs {
			out[i] = g.Graph
		}
		return out, nil
	}
	g, err := csr.Read(path, csr.ReadOptions{})
	if err != nil {
		return nil, err
	}
	return []*csr.Graph{g}, nil
}

func printPhases(w io.Writer, ps []minePhase) {
	for _, p := range ps {
		fmt.Fprintf(w, "%-14s %10.6f s\n", p.Name, p.Seconds)
	}
}

func printMineTable(w io.Writer, rep *mineReport) {
	fmt.Fprintf(w, "graph    %s: %d vertices, %d undirected edges\n", rep.Graph, rep.Vertices, rep.Edges)
	fmt.Fprintf(w, "task     %s", rep.Task)
	if rep.K > 0 {
		fmt.Fprintf(w, " k=%d", rep.K)
	}
	keys := make([]string, 0, len(rep.Extra))
	for key := range rep.Extra {
		keys = append(keys, key)
	}
	sort.Strings(keys) // deterministic output
	for _, key := range keys {
		fmt.Fprintf(w, " %s=%v", key, rep.Extra[key])
	}
	fmt.Fprintf(w, "\ndevice   %s\n", rep.Device)
	if rep.Count != nil {
		fmt.Fprintf(w, "count    %d\n", *rep.Count)
	}
	if len(rep.Patterns) > 0 {
		fmt.Fprintf(w, "%14s  %-16s %-10s %s\n", "count", "name", "graph6", "pattern")
		for _, p := range rep.Patterns {
			name := p.Name
			if name == "" {
				name = "-"
			}
			fmt.Fprintf(w, "%14d  %-16s %-10s %s\n", p.Count, name, p.Graph6, p.Edges)
		}
		fmt.Fprintf(w, "patterns %d\n", len(rep.Patterns))
	}
	printPhases(w, rep.Phases)
	printGPUReports(w, rep.GPUs)
	if rep.Wall > 0 {
		fmt.Fprintf(w, "%-14s %10.6f s\n", "end-to-end", rep.Wall)
	}
	if rep.PeakRSS > 0 {
		fmt.Fprintf(w, "peak RSS       %10.1f MB\n", float64(rep.PeakRSS)/1e6)
	}
}

// lbAutoMinK is the clique size from which --lb auto balances: on an H100,
// email-Enron k = 4..6 ran 1.2-1.9× slower balanced (rounds cost more than
// the tail they save), k = 7 and 8 1.5× and 2.4× faster (BENCHMARKS.md,
// "Mining").
const lbAutoMinK = 7
