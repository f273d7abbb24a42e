package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/spf13/cobra"

	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/internal/atomicfile"
)

func init() { subcommands = append(subcommands, newGenCmd) }

func newGenCmd() *cobra.Command {
	var o csr.GenOptions
	var format string
	var vf vfgOptions
	cmd := &cobra.Command{
		Use:   "gen OUT",
		Short: "Generate an R-MAT/Kronecker (Graph500) or uniform random graph",
		Long: `Generate a graph deterministically from --seed and write it to OUT in the
format its name says. --kind vfg makes a synthetic value-flow graph for
vf.cfg (labels a, call_i, ret_i) as a TSV graph: --components components of
--size vertices, each a chain of a edges plus --extra random forward a edges
and --calls call/ret pairs, so that the closure holds exactly
size·(size-1)/2 A edges per component (plus CA_i edges): with the defaults
of --size 512, --components 16384 gives 2.14 billion A edges.

For the other kinds: write OUT in the
format its name says (.el, .wel, .bcsr, .bwcsr; --format g2miner takes a
prefix). By default the graph is symmetrized without duplicates or
self-loops, as the Graph500, Tigr and Subway inputs are.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.Kind == "vfg" {
				return runGenVFG(cmd, args[0], vf, o.Seed)
			}
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
	f.StringVar(&o.Kind, "kind", "rmat", "rmat (Graph500 a=0.57 b=0.19 c=0.19), uniform, or vfg (a value-flow graph for vf.cfg, written as TSV)")
	f.IntVar(&vf.components, "components", 1024, "vfg: number of components (functions)")
	f.IntVar(&vf.size, "size", 512, "vfg: vertices per component")
	f.IntVar(&vf.extra, "extra", 512, "vfg: random forward a edges per component, beside its chain")
	f.IntVar(&vf.calls, "calls", 4, "vfg: call/ret pairs per component (call sites numbered globally)")
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

type vfgOptions struct{ components, size, extra, calls int }

// runGenVFG writes a synthetic value-flow graph: per component a chain of
// a edges (so every forward pair is A-reachable), random forward a edges
// (more derivations of the same pairs, as real graphs have), and call/ret
// pairs around a chain segment (CA_i edges, and A edges through matched
// parentheses).
func runGenVFG(cmd *cobra.Command, out string, o vfgOptions, seed uint64) error {
	if o.components < 1 || o.size < 4 || o.extra < 0 || o.calls < 0 || uint64(o.components)*uint64(o.size) > 1<<31 {
		return usageErr(fmt.Errorf("--kind vfg: want --components >= 1, --size >= 4, --extra and --calls >= 0, at most 2^31 vertices"))
	}
	rng := rand.New(rand.NewPCG(seed, 0x76666721))
	err := atomicfile.Write(out, func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 1<<20)
		site := 0
		for c := range o.components {
			base := uint32(c * o.size)
			for i := range o.size - 1 {
				fmt.Fprintf(bw, "%d\t%d\ta\n", base+uint32(i), base+uint32(i)+1)
			}
			for range o.extra {
				i := rng.IntN(o.size - 1)
				j := i + 1 + rng.IntN(o.size-1-i)
				fmt.Fprintf(bw, "%d\t%d\ta\n", base+uint32(i), base+uint32(j))
			}
			for range o.calls {
				i := rng.IntN(o.size - 3)
				j := i + 1 + rng.IntN(o.size-2-i)
				fmt.Fprintf(bw, "%d\t%d\tcall_i\t%d\n", base+uint32(i), base+uint32(i)+1, site)
				fmt.Fprintf(bw, "%d\t%d\tret_i\t%d\n", base+uint32(j), base+uint32(j)+1, site)
				site++
			}
		}
		return bw.Flush()
	})
	if err != nil {
		return err
	}
	n := int64(o.components) * int64(o.size)
	fmt.Fprintf(cmd.OutOrStdout(), "%s: %d vertices, %d edges; closure: %d A edges\n", out, n,
		int64(o.components)*int64(o.size-1+o.extra+2*o.calls), int64(o.components)*int64(o.size)*int64(o.size-1)/2)
	return nil
}
