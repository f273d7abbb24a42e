package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/mine"
)

func init() { subcommands = append(subcommands, newConvertCmd) }

// newConvertCmd writes a graph in another format, so that peer systems
// (G2Miner, Tigr, Subway) run on exactly the input cflr mines or traverses.
func newConvertCmd() *cobra.Command {
	var from, to string
	var asIs bool
	cmd := &cobra.Command{
		Use:   "convert IN OUT",
		Short: "Convert a graph between formats (SNAP, Matrix Market, Tigr/Subway, G2Miner, GraMi .lg)",
		Long: `Read IN (SNAP .txt, Matrix Market .mtx, Tigr/Subway .el/.wel/.bcsr/.bwcsr,
a G2Miner prefix, or GraMi .lg: its first graph, vertex labels kept) and
write OUT in the format its name says, or --to (el, wel, bcsr, bwcsr,
g2miner: OUT is then a prefix for OUT.meta.txt, OUT.vertex.bin,
OUT.edge.bin and OUT.vlabel.bin).

By default the graph is first made what cflr mine works on: undirected,
without self-loops or parallel edges, neighbour lists sorted (so G2Miner
and cflr count the same graph). --as-is keeps the edges as read (weights
too), as cflr traverse sees them. OUT is written atomically: a failed
conversion leaves nothing behind.`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			in, out := args[0], args[1]
			formats := map[string]bool{"": true, "snap": true, "mtx": true, "el": true, "wel": true, "bcsr": true, "bwcsr": true, "g2miner": true, "lg": true}
			if !formats[from] {
				return usageErr(fmt.Errorf("--from %q: want snap, mtx, el, wel, bcsr, bwcsr, g2miner or lg", from))
			}
			if !formats[to] || to == "snap" || to == "mtx" || to == "lg" {
				return usageErr(fmt.Errorf("--to %q: want el, wel, bcsr, bwcsr or g2miner", to))
			}
			f := csr.Format(to)
			if f == csr.FormatAuto {
				f = csr.DetectFormat(out)
				if f == csr.FormatSNAP {
					return usageErr(fmt.Errorf("%s: cannot tell the output format from the name (use .el, .wel, .bcsr, .bwcsr or --to)", out))
				}
			}
			var g *csr.Graph
			if from == "lg" || from == "" && strings.HasSuffix(strings.ToLower(in), ".lg") {
				gs, err := loadMineGraphs(in)
				if err != nil {
					return err
				}
				if len(gs) > 1 {
					fmt.Fprintf(cmd.ErrOrStderr(), "%s: %d graphs; converting the first\n", in, len(gs))
				}
				g = gs[0]
			} else {
				var err error
				if g, err = csr.Read(in, csr.ReadOptions{Format: csr.Format(from)}); err != nil {
					return err
				}
			}
			if !asIs {
				g = mine.Undirected(g, 0)
			}
			if (f == csr.FormatWEL || f == csr.FormatBWCSR) && g.Weights == nil {
				return usageErr(fmt.Errorf("%s: format %s needs weights, and %s has none (or --as-is was not given)", out, f, in))
			}
			if err := csr.Write(out, g, f); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s: %d vertices, %d directed edges (%s)\n", out, g.N, g.NumEdges(), f)
			return nil
		},
	}
	cmd.Flags().StringVar(&from, "from", "", "input format (snap, mtx, el, wel, bcsr, bwcsr, g2miner, lg); default from IN's name")
	cmd.Flags().StringVar(&to, "to", "", "output format (el, wel, bcsr, bwcsr, g2miner); default from OUT's name")
	cmd.Flags().BoolVar(&asIs, "as-is", false, "keep the graph as read (directed, weights, duplicates) instead of cflr mine's undirected simple view")
	return cmd
}
