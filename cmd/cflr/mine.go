package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
	"github.com/cflr/cflr/kernels/mine"
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

func newMineCmd() *cobra.Command {
	var (
		k, maxEdges, workers int
		patternFile, induced string
		device, gpuMem       string
		support              uint64
		list, asJSON         bool
		intersect, lb        string
	)
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

GPU kernels (built with -tags cuda) exist for triangles, cliques, motifs
-k 3..4 and fsm's MNI support on one graph (--gpu-mem bounds the embedding
tables' device memory; larger tables live in mapped host memory and are
aggregated out of core). Other tasks run on the CPU, and --device gpu for
them is an error.`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			task, path := args[0], args[1]
			switch task {
			case "triangles", "cliques", "motifs", "match", "fsm":
			default:
				return usageErr(fmt.Errorf("unknown task %q (want triangles, cliques, motifs, match or fsm)", task))
			}
			ind := mine.InducedVertex
			switch induced {
			case "vertex":
			case "edge":
				ind = mine.InducedEdge
			default:
				return usageErr(fmt.Errorf("--induced: want vertex or edge, got %q", induced))
			}
			var im mine.Intersect
			switch intersect {
			case "hash":
				im = mine.Hash
			case "merge":
				im = mine.Merge
			case "binary":
				im = mine.BinarySearch
			default:
				return usageErr(fmt.Errorf("--intersect: want hash, merge or binary, got %q", intersect))
			}
			if lb != "auto" && lb != "on" && lb != "off" {
				return usageErr(fmt.Errorf("--lb: %q is not auto, on or off", lb))
			}
			var memLimit int64
			if gpuMem != "" {
				var err error
				if memLimit, err = parseBytes(gpuMem); err != nil {
					return usageErr(fmt.Errorf("--gpu-mem: %w", err))
				}
			}
			useGPU := false
			if task == "motifs" && k == 0 {
				k = 3
			}
			// GPU kernels: triangles, cliques, and motifs up to MaxGPUMotifK.
			// and fsm's MNI support on a single graph (a database is mined on
			// the CPU: checked once the file is read).
			gpuTask := task == "triangles" || task == "cliques" || task == "fsm" || task == "motifs" && k >= mine.MotifMinK && k <= mine.MaxGPUMotifK
			switch device {
			case "cpu":
			case "gpu":
				if !gpuTask {
					if task == "motifs" {
						return usageErr(fmt.Errorf("--device gpu: GPU motifs need -k %d..%d, got %d (use --device cpu)", mine.MotifMinK, mine.MaxGPUMotifK, k))
					}
					return usageErr(fmt.Errorf("--device gpu: no GPU kernel for %s yet (use --device cpu)", task))
				}
				useGPU = true
			case "auto":
				useGPU = gpuTask && !list && gpu.Available()
			default:
				return usageErr(fmt.Errorf("--device: want cpu, gpu or auto, got %q", device))
			}
			if list && task != "triangles" && task != "match" {
				return usageErr(fmt.Errorf("--list applies to triangles and match"))
			}
			if list && useGPU {
				return usageErr(fmt.Errorf("--list runs on the CPU (use --device cpu)"))
			}
			var pat mine.Pattern
			if task == "match" {
				if patternFile == "" {
					return usageErr(fmt.Errorf("match needs --pattern FILE"))
				}
				f, err := os.Open(patternFile)
				if err != nil {
					return usageErr(err)
				}
				pat, err = mine.ParsePattern(f, patternFile)
				f.Close()
				if err != nil {
					return usageErr(err)
				}
			}
			if task == "fsm" && support == 0 {
				return usageErr(fmt.Errorf("fsm needs --support N (N >= 1)"))
			}

			rep := &mineReport{Task: task, Graph: path, Device: "cpu"}
			phase := func(name string, t0 time.Time) {
				rep.Phases = append(rep.Phases, minePhase{name, time.Since(t0).Seconds()})
			}
			t0 := time.Now()
			graphs, err := loadMineGraphs(path)
			if err != nil {
				return usageErr(err)
			}
			phase("load", t0)
			t0 = time.Now()
			for i, g := range graphs {
				graphs[i] = mine.Undirected(g, workers)
			}
			g := graphs[0]
			rep.Vertices, rep.Edges = g.N, g.NumEdges()/2
			phase("undirect", t0)
			if len(graphs) > 1 && task != "fsm" {
				return usageErr(fmt.Errorf("%s: %d graphs in the file; only fsm mines a database", path, len(graphs)))
			}
			opt := mine.Options{Workers: workers, Intersect: im}
			w := bufio.NewWriter(cmd.OutOrStdout())
			defer w.Flush()
			setCount := func(n uint64) { rep.Count = &n }

			var dev *mine.GPU
			if useGPU {
				t0 = time.Now()
				if task == "fsm" && len(graphs) > 1 {
					if device == "gpu" {
						return usageErr(fmt.Errorf("--device gpu: %s holds %d graphs; transaction FSM runs on the CPU (use --device cpu)", path, len(graphs)))
					}
					useGPU = false
				}
			}
			if useGPU {
				dev, err = mine.NewGPU(mine.GPUOptions{GraphMemLimit: memLimit, TableMemLimit: memLimit, LoadBalance: lb == "on" || (lb == "auto" && k >= lbAutoMinK)})
				if err != nil {
					return err
				}
				defer dev.Close()
				rep.Device = dev.Device()
				phase("gpu-open", t0)
			}
			gpuPhases := func(st mine.GPUStats) {
				rep.Phases = append(rep.Phases, minePhase{"gpu-upload", st.Upload.Seconds()}, minePhase{"gpu-kernel", st.Kernel.Seconds()})
				if rep.Extra == nil {
					rep.Extra = map[string]any{}
				}
				if st.HostGraph {
					rep.Extra["graph_in_mapped_host_memory"] = true
				}
				if task == "fsm" {
					// Out-of-core: some embedding table exceeded --gpu-mem.
					rep.Extra["tables_in_mapped_host_memory"] = st.HostTables
					rep.Extra["embeddings"] = st.Embeddings
				}
			}

			switch task {
			case "triangles", "cliques":
				if task == "triangles" {
					k = 3
				}
				if k < 3 || k > mine.MaxCliqueK {
					return usageErr(fmt.Errorf("-k: want 3..%d, got %d", mine.MaxCliqueK, k))
				}
				rep.K = k
				t0 = time.Now()
				dag := mine.Orient(g, workers)
				phase("orient", t0)
				t0 = time.Now()
				switch {
				case list:
					var n uint64
					mine.ListTriangles(dag, func(a, b, c uint32) bool {
						n++
						fmt.Fprintf(w, "%d %d %d\n", a, b, c)
						return true
					})
					phase("list", t0)
					w.Flush()
					printPhases(cmd.ErrOrStderr(), rep.Phases)
					fmt.Fprintf(cmd.ErrOrStderr(), "%d triangles\n", n)
					return nil
				case useGPU && k == 3:
					n, st, err := dev.CountTriangles(dag)
					if err != nil {
						return err
					}
					setCount(n)
					gpuPhases(st)
				case useGPU:
					n, st, err := dev.CountCliques(dag, k)
					if err != nil {
						return err
					}
					setCount(n)
					gpuPhases(st)
				case k == 3:
					setCount(mine.CountTriangles(dag, opt))
					phase("count", t0)
				default:
					n, err := mine.CountCliques(dag, k, opt)
					if err != nil {
						return usageErr(err)
					}
					setCount(n)
					phase("count", t0)
				}
			case "motifs":
				if k == 0 {
					k = 3
				}
				rep.K = k
				t0 = time.Now()
				var pcs []mine.PatternCount
				if useGPU {
					var st mine.GPUStats
					if pcs, st, err = dev.CountMotifs(g, k); err != nil {
						return err
					}
					gpuPhases(st)
				} else {
					if pcs, err = mine.CountMotifs(g, k, opt); err != nil {
						return usageErr(err)
					}
					phase("enumerate", t0)
				}
				if ind == mine.InducedEdge {
					t0 = time.Now()
					if pcs, err = mine.EdgeInduced(pcs); err != nil {
						return usageErr(err)
					}
					phase("edge-induced", t0)
				}
				for _, pc := range pcs {
					rep.Patterns = append(rep.Patterns, minePattern{Name: pc.Pattern.Name(), Edges: pc.Pattern.String(), Graph6: pc.Pattern.Graph6(), Count: pc.Count})
				}
				rep.Extra = map[string]any{"induced": ind.String()}
			case "match":
				t0 = time.Now()
				pl, err := mine.Compile(pat, ind)
				if err != nil {
					return usageErr(err)
				}
				phase("plan", t0)
				rep.K = pat.N
				rep.Extra = map[string]any{"induced": ind.String(), "pattern": pat.String(), "automorphisms": pl.Automorphisms, "order": pl.Order}
				mo := mine.MatchOptions{Workers: workers}
				if list {
					mo.Emit = func(m []uint32) bool {
						for i, v := range m {
							if i > 0 {
								w.WriteByte(' ')
							}
							fmt.Fprint(w, v)
						}
						w.WriteByte('\n')
						return true
					}
				}
				t0 = time.Now()
				n, err := mine.Match(g, pl, mo)
				if err != nil {
					return usageErr(err)
				}
				phase("match", t0)
				if list {
					w.Flush()
					printPhases(cmd.ErrOrStderr(), rep.Phases)
					fmt.Fprintf(cmd.ErrOrStderr(), "%d matches\n", n)
					return nil
				}
				setCount(n)
			case "fsm":
				fo := mine.FSMOptions{Support: support, MaxEdges: maxEdges, Workers: workers}
				t0 = time.Now()
				var fps []mine.FrequentPattern
				if len(graphs) > 1 {
					fps, err = mine.MineTransactions(graphs, fo)
					rep.Extra = map[string]any{"support": "transaction", "graphs": len(graphs)}
				} else if useGPU && g.Labels == nil {
					return usageErr(fmt.Errorf("%s: frequent subgraph mining needs a vertex-labeled graph (.lg)", path))
				} else if useGPU {
					rep.Extra = map[string]any{"support": "MNI"}
					var st mine.GPUStats
					if fps, st, err = dev.MineMNI(g, fo); err != nil {
						return err
					}
					gpuPhases(st)
				} else {
					fps, err = mine.MineMNI(g, fo)
					rep.Extra = map[string]any{"support": "MNI"}
				}
				if err != nil {
					return usageErr(err)
				}
				phase("mine", t0)
				for _, fp := range fps {
					rep.Patterns = append(rep.Patterns, minePattern{Edges: fp.Pattern.String(), Graph6: fp.Pattern.Graph6(), Count: fp.Support})
				}
			}
			if asJSON {
				enc := json.NewEncoder(w)
				enc.SetIndent("", "  ")
				return enc.Encode(rep)
			}
			printMineTable(w, rep)
			return nil
		},
	}
	f := cmd.Flags()
	f.IntVarP(&k, "k", "k", 0, "pattern size: clique size (default 4) or motif vertices (default 3)")
	f.StringVar(&patternFile, "pattern", "", "pattern file for match (see README: v ID [LABEL] / e U V lines)")
	f.StringVar(&induced, "induced", "vertex", "vertex or edge: induced subgraphs, or any subgraph")
	f.Uint64Var(&support, "support", 0, "minimum support for fsm")
	f.IntVar(&maxEdges, "max-edges", 3, "largest fsm pattern, in edges")
	f.StringVar(&device, "device", "auto", "cpu, gpu, or auto (gpu for triangles/cliques when built with -tags cuda and a GPU is present)")
	f.StringVar(&gpuMem, "gpu-mem", "", "cap on GPU memory for the graph and, for fsm, the embedding tables (e.g. 512M); beyond it they stay in mapped host memory")
	f.StringVar(&lb, "lb", "auto", "GPU cliques with DuMato's load balancing: on, off, or auto (on from k = 7)")
	f.BoolVar(&list, "list", false, "list triangles or matches instead of counting (CPU, deterministic order)")
	f.BoolVar(&asJSON, "json", false, "print JSON instead of a table")
	f.IntVar(&workers, "workers", 0, "CPU goroutines (0: all cores)")
	f.StringVar(&intersect, "intersect", "hash", "CPU triangle intersection: hash, merge or binary")
	cmd.PreRun = func(cmd *cobra.Command, args []string) {
		if !cmd.Flags().Changed("k") && len(args) > 0 && args[0] == "cliques" {
			k = 4
		}
	}
	return cmd
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
}

// lbAutoMinK is the clique size from which --lb auto balances: on an H100,
// email-Enron k = 4..6 ran 1.2-1.9× slower balanced (rounds cost more than
// the tail they save), k = 7 and 8 1.5× and 2.4× faster (BENCHMARKS.md,
// "Mining").
const lbAutoMinK = 7
