package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/cflr/cflr/graph"
	"github.com/cflr/cflr/graph/csr"
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
			t0 := time.Now()
			g, err := csr.Read(args[1], csr.ReadOptions{Format: csr.Format(format),
				Build: csr.BuildOptions{Symmetrize: symmetrize, Dedup: symmetrize, DropSelfLoops: symmetrize}})
			if err != nil {
				return usageErr(err)
			}
			load := time.Since(t0)
			if (alg == traverse.BFS || alg == traverse.SSSP || alg == traverse.SSWP) && src >= g.N {
				return usageErr(fmt.Errorf("--src %d: %s has %d vertices", src, args[1], g.N))
			}
			res, err := traverse.Run(g, alg, opt)
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "graph     %s: %d vertices, %d edges\n", args[1], g.N, g.NumEdges())
			fmt.Fprintf(w, "run       %s on %s\n", alg, res.Where)
			fmt.Fprintf(w, "load      %v\ntransform %v\ntransfer  %v\ncompute   %v\n", load, res.Phases.Transform, res.Phases.Transfer, res.Phases.Compute)
			fmt.Fprintf(w, "iterations %d\nGTEPS     %.3f (%d edges)\n", res.Iterations, res.GTEPS(), res.Edges)
			if res.BytesToDevice > 0 {
				fmt.Fprintf(w, "to device %d bytes\n", res.BytesToDevice)
			}
			if out != "" {
				return writeValues(out, res)
			}
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
	return cmd
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
