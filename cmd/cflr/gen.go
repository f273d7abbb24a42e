package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/cflr/cflr/graph/csr"
)

func init() { subcommands = append(subcommands, newGenCmd) }

func newGenCmd() *cobra.Command {
	var o csr.GenOptions
	var format string
	cmd := &cobra.Command{
		Use:   "gen OUT",
		Short: "Generate an R-MAT/Kronecker (Graph500) or uniform random graph",
		Long: `Generate a graph deterministically from --seed and write it to OUT in the
format its name says (.el, .wel, .bcsr, .bwcsr; --format g2miner takes a
prefix). By default the graph is symmetrized without duplicates or
self-loops, as the Graph500, Tigr and Subway inputs are.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.Scale < 1 || o.Scale > 31 {
				return usageErr(fmt.Errorf("--scale %d: want 1..31", o.Scale))
			}
			if o.Kind != "rmat" && o.Kind != "uniform" {
				return usageErr(fmt.Errorf("--kind %q: want rmat or uniform", o.Kind))
			}
			f := csr.Format(format)
			if f == csr.FormatAuto {
				f = csr.DetectFormat(args[0])
			}
			if (f == csr.FormatWEL || f == csr.FormatBWCSR) && o.MaxWeight == 0 {
				return usageErr(fmt.Errorf("%s: format %s needs weights: add --weights N", args[0], f))
			}
			g, err := csr.Generate(o)
			if err != nil {
				return usageErr(err)
			}
			if err := csr.Write(args[0], g, csr.Format(format)); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s: %d vertices, %d directed edges\n", args[0], g.N, g.NumEdges())
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Kind, "kind", "rmat", "rmat (Graph500 a=0.57 b=0.19 c=0.19) or uniform")
	f.IntVar(&o.Scale, "scale", 16, "2^scale vertices")
	f.IntVar(&o.EdgeFactor, "edge-factor", 16, "generated edges per vertex")
	f.Uint64Var(&o.Seed, "seed", 1, "random seed (same seed, same graph)")
	f.Uint32Var(&o.MaxWeight, "weights", 0, "if > 0, weights uniform in [1, weights]")
	f.BoolVar(&o.Directed, "directed", false, "keep edges directed (default: symmetrize)")
	f.Float64Var(&o.A, "a", 0, "R-MAT a (0: Graph500 defaults for a, b, c)")
	f.Float64Var(&o.B, "b", 0, "R-MAT b")
	f.Float64Var(&o.C, "c", 0, "R-MAT c")
	f.StringVar(&format, "format", "", "output format (el, wel, bcsr, bwcsr, g2miner); default from OUT's name")
	return cmd
}
