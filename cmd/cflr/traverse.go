package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/cflr/cflr/graph"
	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
	"github.com/cflr/cflr/kernels/prep"
	"github.com/cflr/cflr/kernels/traverse"
)

func init() { subcommands = append(subcommands, newTraverseCmd) }

func newTraverseCmd() *cobra.Command {
	var (
		opt        traverse.Options
		device     string
		layout     string
		gpuMem     string
		format     string
		out        string
		symmetrize bool
		src        uint32
		asJSON     bool
		gpus       string
	)
	cmd := &cobra.Command{
		Use:   "traverse bfs|sssp|sswp|cc|pr GRAPH",
		Short: "Run a graph traversal (BFS, SSSP, SSWP, CC, PageRank) on the CPU or GPU",
		Long: `Run a traversal on a graph file (SNAP .txt, Matrix Market .mtx, Tigr/Subway
.el/.wel/.bcsr/.bwcsr, G2Miner prefix). Prints the time of each phase, the
iterations and GTEPS. --out writes one value per vertex, one per line.`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			alg, err := traverse.ParseAlgorithm(args[0])
			if err != nil {
				return usageErr(err)
			}
			opt.Device = traverse.Device(device)
			opt.Layout = traverse.Layout(layout)
			opt.Source = src
			if gpuMem != "" {
				if opt.GPUMem, err = parseBytes(gpuMem); err != nil {
					return usageErr(fmt.Errorf("--gpu-mem: %w", err))
				}
			}
			if device == "gpu" || device == "auto" && gpu.Available() {
				if opt.GPUs, err = resolveGPUs(gpus); err != nil {
					return err
				}
			}
			var rep *traverseReport
			if len(opt.GPUs) > 1 {
				// Several GPUs: the graph is read on the host and
				// partitioned by vertex range (traverse.Options.GPUs).
				rep, err = traverseHost(args[1], alg, opt, format, symmetrize, out)
			} else if prepOnGPU(alg, opt, device, format, symmetrize, out, args[1]) {
				rep, err = traversePrepared(args[1], alg, opt)
			} else {
				rep, err = traverseHost(args[1], alg, opt, format, symmetrize, out)
			}
			if err != nil {
				return err
			}
			rep.Wall, rep.PeakRSS = sinceStart().Seconds(), peakRSS()
			w := cmd.OutOrStdout()
			if asJSON {
				enc := json.NewEncoder(w)
				enc.SetIndent("", "  ")
				return enc.Encode(rep)
			}
			fmt.Fprintf(w, "graph     %s: %d vertices, %d edges\n", rep.Graph, rep.Vertices, rep.Edges)
			fmt.Fprintf(w, "run       %s on %s\n", rep.Algorithm, rep.Where)
			for _, p := range rep.Phases {
				fmt.Fprintf(w, "%-9s %v\n", p.Name, time.Duration(p.Seconds*float64(time.Second)))
			}
			fmt.Fprintf(w, "iterations %d\nGTEPS     %.3f (%d edges)\n", rep.Iterations, rep.GTEPS, rep.Traversed)
			for i, d := range rep.GPUs {
				fmt.Fprintf(w, "device %d (GPU %d): %d vertices, %d edges, transfer %v, compute %v, exchange %v, %d peer bytes\n", i, d.GPU, d.Vertices, d.Edges,
					time.Duration(d.TransferSeconds*float64(time.Second)), time.Duration(d.ComputeSeconds*float64(time.Second)), time.Duration(d.ExchangeSeconds*float64(time.Second)), d.PeerBytes)
			}
			if rep.BytesToDevice > 0 {
				fmt.Fprintf(w, "to device %d bytes\n", rep.BytesToDevice)
			}
			fmt.Fprintf(w, "end-to-end %v\npeak RSS  %.1f MB\n", time.Duration(rep.Wall*float64(time.Second)), float64(rep.PeakRSS)/1e6)
			return nil
		},
	}
	f := cmd.Flags()
	f.Uint32Var(&src, "src", 0, "source vertex (0-based) for bfs, sssp, sswp")
	f.StringVar(&device, "device", "auto", "cpu, gpu, or auto (gpu when built with -tags cuda and a GPU is present)")
	f.StringVar(&gpuMem, "gpu-mem", "", "cap on GPU memory (e.g. 512M, 2G); a graph that does not fit runs out-of-GPU-memory (Subway)")
	f.BoolVar(&opt.Async, "async", false, "Subway: iterate inside each loaded subgraph until it converges")
	f.BoolVar(&opt.HostGather, "host-gather", false, "Subway: gather active edges on the CPU into a staging buffer (Subway's scheme) instead of zero-copy on the GPU")
	f.StringVar(&opt.OutOfCore, "ooc", "", "force out-of-GPU-memory mode: subway or stream (naive partition streaming)")
	f.IntVar(&opt.VirtualK, "virtual-k", 10, "Tigr degree bound K for virtual nodes and UDT")
	f.StringVar(&layout, "layout", "coalesced", "GPU work assignment: worklist, baseline, virtual, coalesced, udt")
	f.IntVar(&opt.Workers, "workers", 0, "CPU goroutines (default: all cores)")
	f.BoolVar(&opt.Delta, "delta", false, "pr: accumulative (delta) form, run to convergence")
	f.IntVar(&opt.Iterations, "iters", 20, "pr: power iterations")
	f.StringVar(&out, "out", "", "write one value per vertex to this file")
	f.StringVar(&format, "format", "", "input format (snap, mtx, el, wel, bcsr, bwcsr, g2miner); default from the file name")
	f.BoolVar(&symmetrize, "symmetrize", false, "add reverse edges, drop duplicates and self-loops after reading")
	f.StringVar(&gpus, "gpus", "all", gpusFlagUsage+"; bfs, sssp, sswp and cc in GPU memory with the virtual or coalesced layout run on them all, partitioned by vertex range, other runs on the first")
	f.BoolVar(&asJSON, "json", false, "print JSON (phases, GTEPS, end-to-end time, peak RSS) instead of text")
	return cmd
}

// traverseReport is what `cflr traverse` prints, as text or JSON.
type traverseReport struct {
	Graph         string      `json:"graph"`
	Vertices      uint32      `json:"vertices"`
	Edges         uint64      `json:"edges"`
	Algorithm     string      `json:"algorithm"`
	Where         string      `json:"where"`
	Phases        []minePhase `json:"phases"` // load, transform, transfer, compute
	Iterations    int         `json:"iterations"`
	GTEPS         float64     `json:"gteps"`
	Traversed     uint64      `json:"edges_traversed"`
	BytesToDevice int64       `json:"bytes_to_device,omitempty"`
	// GPUs is each device's part of a run on several (--gpus).
	GPUs    []traverseDeviceReport `json:"gpus,omitempty"`
	Wall    float64                `json:"wall_seconds"` // from process start
	PeakRSS int64                  `json:"peak_rss_bytes"`
}

func newTraverseReport(path string, n uint32, m uint64, load time.Duration, res *traverse.Result) *traverseReport {
	return &traverseReport{Graph: path, Vertices: n, Edges: m, Algorithm: string(res.Algorithm), Where: res.Where,
		Phases: []minePhase{{"load", load.Seconds()}, {"transform", res.Phases.Transform.Seconds()},
			{"transfer", res.Phases.Transfer.Seconds()}, {"compute", res.Phases.Compute.Seconds()}},
		Iterations: res.Iterations, GTEPS: res.GTEPS(), Traversed: res.Edges, BytesToDevice: res.BytesToDevice, GPUs: traverseDeviceReports(res.Devices)}
}

// traverseHost reads the graph on the host and runs traverse.Run.
func traverseHost(path string, alg traverse.Algorithm, opt traverse.Options, format string, symmetrize bool, out string) (*traverseReport, error) {
	t0 := time.Now()
	g, err := csr.Read(path, csr.ReadOptions{Format: csr.Format(format),
		Build: csr.BuildOptions{Symmetrize: symmetrize, Dedup: symmetrize, DropSelfLoops: symmetrize}})
	if err != nil {
		return nil, usageErr(err)
	}
	load := time.Since(t0)
	if (alg == traverse.BFS || alg == traverse.SSSP || alg == traverse.SSWP) && opt.Source >= g.N {
		return nil, usageErr(fmt.Errorf("--src %d: %s has %d vertices", opt.Source, path, g.N))
	}
	res, err := traverse.Run(g, alg, opt)
	if err != nil {
		return nil, err
	}
	if out != "" {
		if err := writeValues(out, res); err != nil {
			return nil, err
		}
	}
	return newTraverseReport(path, g.N, g.NumEdges(), load, res), nil
}

// prepOnGPU says whether the run streams the graph to the GPU and prepares
// it there (traversePrepared): BFS on the GPU, from a binary file, in
// memory, with a layout that keeps the graph as it is.
func prepOnGPU(alg traverse.Algorithm, opt traverse.Options, device, format string, symmetrize bool, out, path string) bool {
	if alg != traverse.BFS || symmetrize || format != "" || out != "" || opt.GPUMem > 0 || opt.OutOfCore != "" {
		return false
	}
	switch opt.Layout {
	case traverse.LayoutBaseline, traverse.LayoutWorklist, traverse.LayoutVirtual, traverse.LayoutCoalesced:
	default:
		return false
	}
	if device != "gpu" && !(device == "auto" && gpu.Available()) {
		return false
	}
	f := csr.DetectFormat(path)
	return f == csr.FormatBCSR || f == csr.FormatG2Miner
}

// traversePrepared streams the graph into device memory (kernels/prep),
// builds the virtual nodes there and runs BFS on it; inputs LoadFile does
// not stream fall back to traverseHost.
func traversePrepared(path string, alg traverse.Algorithm, opt traverse.Options) (*traverseReport, error) {
	t0 := time.Now()
	ctx, err := gpu.NewContext(0)
	if err != nil {
		return nil, err
	}
	defer ctx.Close()
	p, err := prep.New(ctx)
	if err != nil {
		return nil, err
	}
	defer p.Close()
	open := time.Since(t0)
	t0 = time.Now()
	dg, ls, err := p.LoadFile(path)
	if err == prep.ErrNotStreamable {
		return traverseHost(path, alg, opt, "", false, "")
	}
	if err != nil {
		return nil, deviceOrUsageErr(err)
	}
	defer dg.Free()
	if err := p.FetchOffsets(dg); err != nil {
		return nil, err
	}
	load := time.Since(t0)
	if opt.Source >= dg.N {
		return nil, usageErr(fmt.Errorf("--src %d: %s has %d vertices", opt.Source, path, dg.N))
	}
	res, err := traverse.RunDevice(p, ctx, dg, alg, opt)
	if err != nil {
		return nil, err
	}
	res.BytesToDevice = ls.Bytes
	rep := newTraverseReport(path, dg.N, dg.M, load, res)
	rep.Phases = append([]minePhase{{"gpu-open", open.Seconds()}}, rep.Phases...)
	return rep, nil
}

// parseBytes reads "1048576", "512K", "64M", "2G" or "1T" (powers of 1024).
func parseBytes(s string) (int64, error) {
	mult := int64(1)
	t := strings.ToUpper(strings.TrimSuffix(strings.TrimSuffix(s, "B"), "i"))
	if n := len(t); n > 0 {
		switch t[n-1] {
		case 'K':
			mult = 1 << 10
		case 'M':
			mult = 1 << 20
		case 'G':
			mult = 1 << 30
		case 'T':
			mult = 1 << 40
		}
		if mult > 1 {
			t = t[:n-1]
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v <= 0 {
		return 0, fmt.Errorf("bad size %q (want e.g. 512M or 2G)", s)
	}
	return int64(v * float64(mult)), nil
}

// writeValues writes one line per vertex through a temporary file.
func writeValues(path string, res *traverse.Result) error {
	return graph.AtomicWrite(path, func(w io.Writer) error {
		var buf []byte
		if res.Rank != nil {
			for _, r := range res.Rank {
				buf = strconv.AppendFloat(buf[:0], r, 'g', 17, 64)
				buf = append(buf, '\n')
				if _, err := w.Write(buf); err != nil {
					return err
				}
			}
			return nil
		}
		for _, v := range res.Values {
			if v == traverse.Inf {
				buf = append(buf[:0], "inf\n"...)
			} else {
				buf = strconv.AppendUint(buf[:0], uint64(v), 10)
				buf = append(buf, '\n')
			}
			if _, err := w.Write(buf); err != nil {
				return err
			}
		}
		return nil
	})
}
