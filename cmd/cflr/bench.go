package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/cflr/cflr/internal/bench"
)

func init() { subcommands = append(subcommands, newBenchCmd) }

func newBenchCmd() *cobra.Command {
	var (
		dir           string
		graphs        []string
		configs, sets []string
		threads       []int
		timeout       time.Duration
		repeat        int
	)
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Benchmark cflr solve on the POCR graphs and print a Markdown table",
		Long: `Bench runs cflr solve on each POCR graph (*.peg with aa.cfg, *.vfg with
vf.cfg) for each configuration, set kind and thread count, each in its own
process so that peak RSS is the run's own, and prints one table row per run:
seconds, rounds, derived edges, derived edges per second, CountEdges, peak
RSS and bytes per stored edge.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(graphs) == 0 {
				m, _ := filepath.Glob(filepath.Join(dir, "*.peg"))
				v, _ := filepath.Glob(filepath.Join(dir, "*.vfg"))
				graphs = append(m, v...)
			} else {
				for i, g := range graphs {
					if !strings.Contains(g, "/") {
						graphs[i] = filepath.Join(dir, g)
					}
				}
			}
			if len(graphs) == 0 {
				return usageErr(fmt.Errorf("--dir %s: no .peg or .vfg graphs", dir))
			}
			var cases []bench.Case
			for _, g := range graphs {
				gr := filepath.Join(dir, "aa.cfg")
				if strings.HasSuffix(g, ".vfg") {
					gr = filepath.Join(dir, "vf.cfg")
				}
				for _, c := range configs {
					for _, s := range sets {
						for _, t := range threads {
							cases = append(cases, bench.Case{Graph: g, Grammar: gr, Config: c, Sets: s, Threads: t})
						}
					}
				}
			}
			rs, err := bench.Run(cmd.Context(), cases, bench.Options{Timeout: timeout, Log: os.Stderr, Repeat: repeat})
			bench.Table(cmd.OutOrStdout(), rs)
			return err
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&dir, "dir", "../shared/data/cfl/pocr", "directory with the POCR graphs and grammars")
	fl.StringSliceVar(&graphs, "graphs", nil, "graphs to run (default: every .peg and .vfg in --dir)")
	fl.StringSliceVar(&configs, "configs", []string{"ECM-IDX"}, "configurations")
	fl.StringSliceVar(&sets, "sets", []string{"bitmap"}, "set kinds")
	fl.IntSliceVar(&threads, "threads", []int{1, 2}, "thread counts")
	fl.DurationVar(&timeout, "timeout", 10*time.Minute, "limit per run")
	fl.IntVar(&repeat, "repeat", 1, "runs per case; the fastest is reported")
	return cmd
}
