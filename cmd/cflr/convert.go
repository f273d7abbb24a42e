package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/cflr/cflr/graph/csr"
)

func init() { subcommands = append(subcommands, newConvertCmd) }

// newConvertCmd writes a graph in another format, so that peer systems
// (G2Miner, Tigr, Subway) run on exactly the input cflr mines or traverses.
func newConvertCmd() *cobra.Command {
	var from, to, prepared string
	var asIs bool
	cmd := &cobra.Command{
		Use:   "convert IN OUT | convert --prepared[=FORM] IN [OUT]",
		Short: "Convert a graph between formats (SNAP, Matrix Market, Tigr/Subway, G2Miner, GraMi .lg, cflr)",
		Long: `Read IN (SNAP .txt, Matrix Market .mtx, Tigr/Subway .el/.wel/.bcsr/.bwcsr,
a G2Miner prefix, GraMi .lg: its first graph, vertex labels kept, or cflr's
own .cflr) and write OUT in the format its name says, or --to (el, wel,
bcsr, bwcsr, cflr, g2miner: OUT is then a prefix for OUT.meta.txt,
OUT.vertex.bin, OUT.edge.bin and OUT.vlabel.bin).

By default the graph is first made what cflr mine works on: undirected,
without self-loops or parallel edges, neighbour lists sorted (so G2Miner
and cflr count the same graph). --as-is keeps the edges as read (weights
too), as cflr traverse sees them. OUT is written atomically: a failed
conversion leaves nothing behind.

--prepared[=FORM] writes the prepared form (undirected, the default;
oriented: the degree orientation triangle and clique counting use; asread)
in cflr's binary format, which loads at memory speed with nothing left to
prepare: to OUT (a .cflr file) when given, otherwise to IN's sidecar cache
IN.cflr-FORM, which cflr reuses while IN's size and modification time stay
the same (delete it to clear the cache).

Phases (load, undirect or prepare, write) are reported on stderr.`,
		Args: cobra.RangeArgs(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			formats := map[string]bool{"": true, "snap": true, "mtx": true, "el": true, "wel": true, "bcsr": true, "bwcsr": true, "g2miner": true, "lg": true, "cflr": true}
			if !formats[from] {
				return usageErr(fmt.Errorf("--from %q: want snap, mtx, el, wel, bcsr, bwcsr, g2miner, lg or cflr", from))
			}
			if prepared != "" {
				return convertPrepared(cmd, args, from, prepared)
			}
			if len(args) != 2 {
				return usageErr(fmt.Errorf("convert needs IN and OUT (only --prepared writes a sidecar with no OUT)"))
			}
			in, out := args[0], args[1]
			if !formats[to] || to == "snap" || to == "mtx" || to == "lg" {
				return usageErr(fmt.Errorf("--to %q: want el, wel, bcsr, bwcsr, cflr or g2miner", to))
			}
			f := csr.Format(to)
			if f == csr.FormatAuto {
				f = csr.DetectFormat(out)
				if f == csr.FormatSNAP {
					return usageErr(fmt.Errorf("%s: cannot tell the output format from the name (use .el, .wel, .bcsr, .bwcsr, .cflr or --to)", out))
				}
			}
			t0 := time.Now()
			var g *csr.Graph
			if from == "lg" || from == "" && strings.HasSuffix(strings.ToLower(in), ".lg") {
				gs, err := loadMineGraphs(in)
				if err != nil {
					return usageErr(err)
				}
				if len(gs) > 1 {
					fmt.Fprintf(cmd.ErrOrStderr(), "%s: %d graphs; converting the first\n", in, len(gs))
				}
				g = gs[0]
			} else {
				var err error
				if g, err = csr.Read(in, csr.ReadOptions{Format: csr.Format(from)}); err != nil {
					return usageErr(err)
				}
			}
			ph := phaseReport{w: cmd.ErrOrStderr()}
			ph.add("load", t0, inputBytes(in, csr.Format(from)))
			if !asIs {
				t0 = time.Now()
				g = csr.Undirect(g)
				ph.add("undirect", t0, 0)
			}
			if (f == csr.FormatWEL || f == csr.FormatBWCSR) && g.Weights == nil {
				return usageErr(fmt.Errorf("%s: format %s needs weights, and %s has none (or --as-is was not given)", out, f, in))
			}
			t0 = time.Now()
			if err := csr.Write(out, g, f); err != nil {
				return err
			}
			ph.add("write", t0, 0)
			fmt.Fprintf(cmd.OutOrStdout(), "%s: %d vertices, %d directed edges (%s)\n", out, g.N, g.NumEdges(), f)
			ph.print()
			return nil
		},
	}
	cmd.Flags().StringVar(&from, "from", "", "input format (snap, mtx, el, wel, bcsr, bwcsr, g2miner, lg, cflr); default from IN's name")
	cmd.Flags().StringVar(&to, "to", "", "output format (el, wel, bcsr, bwcsr, cflr, g2miner); default from OUT's name")
	cmd.Flags().BoolVar(&asIs, "as-is", false, "keep the graph as read (directed, weights, duplicates) instead of cflr mine's undirected simple view")
	cmd.Flags().StringVar(&prepared, "prepared", "", "write the prepared form (undirected, oriented or asread) in cflr's format: to OUT, or to IN's sidecar cache IN.cflr-FORM")
	cmd.Flags().Lookup("prepared").NoOptDefVal = "undirected"
	return cmd
}

// convertPrepared is convert --prepared: csr.LoadPrepared, then the
// prepared graph written to OUT or to IN's sidecar.
func convertPrepared(cmd *cobra.Command, args []string, from, form string) error {
	f, err := csr.ParseForm(form)
	if err != nil {
		return usageErr(fmt.Errorf("--prepared: %w", err))
	}
	if from == "lg" || strings.HasSuffix(strings.ToLower(args[0]), ".lg") {
		return usageErr(fmt.Errorf("--prepared: %s: GraMi .lg files are not cached (convert them to .cflr first)", args[0]))
	}
	p := csr.Prep{Form: f, Read: csr.ReadOptions{Format: csr.Format(from)}, Cache: csr.CacheWrite}
	if len(args) == 2 {
		p.Cache = csr.CacheOff
		if csr.DetectFormat(args[1]) != csr.FormatCFLR {
			return usageErr(fmt.Errorf("%s: a prepared graph is written in cflr's format: name it .cflr", args[1]))
		}
	}
	g, info, err := csr.LoadPrepared(args[0], p)
	if err != nil {
		return usageErr(err)
	}
	ph := phaseReport{w: cmd.ErrOrStderr()}
	ph.addDur("load", info.Load, info.Bytes)
	ph.addDur("prepare", info.Prepare, 0)
	out := info.Sidecar
	if len(args) == 2 {
		out = args[1]
		t0 := time.Now()
		if err := csr.WritePrepared(out, g, f); err != nil {
			return err
		}
		ph.add("write", t0, 0)
	} else {
		if info.CacheErr != nil {
			return info.CacheErr
		}
		ph.addDur("write", info.Write, 0)
	}
	state := ""
	if info.Cached {
		state = ", already cached"
	} else if info.Skipped {
		state = ", already " + f.String() + ": nothing rebuilt"
	}
	fmt.Fprintf(cmd.OutOrStdout(), "%s: %d vertices, %d directed edges (cflr, %s%s)\n", out, g.N, g.NumEdges(), f, state)
	ph.print()
	return nil
}

// phaseReport prints each phase's time (and read rate) on stderr.
type phaseReport struct {
	w     io.Writer
	lines []string
}

func (p *phaseReport) add(name string, t0 time.Time, bytes int64) {
	p.addDur(name, time.Since(t0), bytes)
}

func (p *phaseReport) addDur(name string, d time.Duration, bytes int64) {
	line := fmt.Sprintf("%-9s %10.6f s", name, d.Seconds())
	if bytes > 0 && d > 0 {
		line += fmt.Sprintf("  (%d bytes, %.0f MB/s)", bytes, float64(bytes)/d.Seconds()/1e6)
	}
	p.lines = append(p.lines, line)
}

func (p *phaseReport) print() {
	for _, l := range p.lines {
		fmt.Fprintln(p.w, l)
	}
}

// inputBytes is the size of what reading path reads (for a G2Miner graph,
// its files), for the load rate; 0 when unknown.
func inputBytes(path string, f csr.Format) int64 {
	if f == csr.FormatAuto {
		f = csr.DetectFormat(path)
	}
	files := []string{path}
	if f == csr.FormatG2Miner {
		pre := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(path, ".meta.txt"), ".vertex.bin"), ".edge.bin")
		files = []string{pre + ".vertex.bin", pre + ".edge.bin"}
	}
	var n int64
	for _, p := range files {
		if st, err := os.Stat(p); err == nil {
			n += st.Size()
		}
	}
	return n
}
