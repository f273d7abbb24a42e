package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/cflr/cflr/edgecentric"
	"github.com/cflr/cflr/grammar"
	"github.com/cflr/cflr/graph"
)

func init() { subcommands = append(subcommands, newSolveCmd, newGrammarCmd) }

type solveFlags struct {
	grammarPath, grammarFormat string
	graphPath, graphFormat     string
	config, sets               string
	threads, partitions        int
	outPath, outFormat         string
	labels                     []string
	statsPath                  string
	quiet                      bool
	cpuProfile, memProfile     string
	gcPercent                  int
	// Out-of-core solving (package outofcore).
	dir, mem, add string
	resume        bool
	spill, split  string
	syncInterval  time.Duration
}

func newSolveCmd() *cobra.Command {
	var f solveFlags
	cmd := &cobra.Command{
		Use:   "solve --grammar G --graph E",
		Short: "Compute the CFL-reachability closure of a labeled graph",
		Long: `Solve computes every edge (u, v, X) such that a path from u to v spells a
word that grammar symbol X derives, and prints edge counts per symbol, the
CountEdges figure (distinct pairs u≠v joined by a %count symbol), rounds,
derived edges, time and peak memory.

Configurations (--config) are the thesis's four design points: ECM-IDX (the
default), ECM, VCM-IDX and VCM. --sets picks duplicate prevention: bitmap
(compressed bitmaps with word-parallel set operations; default) or hash (the
thesis's per-vertex hash sets).

With --dir, the solve runs out of core: the graph, worklists and closure
live in a pebble store in that directory, one partition is in memory at a
time, and memory stays near --mem. A killed run continues with --resume
(same closure); --add FILE adds input edges to a solved store and continues
from its closure. Read results with cflr query --dir.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runSolve(cmd, &f) },
	}
	fl := cmd.Flags()
	fl.StringVar(&f.grammarPath, "grammar", "", "grammar file (required)")
	fl.StringVar(&f.grammarFormat, "grammar-format", "", "grammar format: cflr, graspan or pocr (default: detect)")
	fl.StringVar(&f.graphPath, "graph", "", "graph file (required)")
	fl.StringVar(&f.graphFormat, "format", "", "graph format: tsv, graspan, csv or bin (default: from the file extension; tsv)")
	fl.StringVar(&f.config, "config", "ECM-IDX", "model and indexing: ECM-IDX, ECM, VCM-IDX or VCM")
	fl.StringVar(&f.sets, "sets", "bitmap", "duplicate prevention: bitmap or hash")
	fl.IntVar(&f.threads, "threads", 0, "partitions processed at once (default: number of CPUs)")
	fl.IntVar(&f.partitions, "partitions", 0, "vertex-range partitions (default: 4 × threads)")
	fl.StringVarP(&f.outPath, "out", "o", "", "write closure edges to this file")
	fl.StringVar(&f.outFormat, "out-format", "", "output graph format (default: from the --out extension; tsv)")
	fl.StringSliceVar(&f.labels, "labels", nil, "symbols to write with --out (default: the %count symbols)")
	fl.StringVar(&f.statsPath, "stats-json", "", "write statistics as JSON to this file")
	fl.BoolVarP(&f.quiet, "quiet", "q", false, "no progress display")
	fl.IntVar(&f.gcPercent, "gc-percent", 40, "Go GC target while solving (GOGC, if set, wins): lower keeps peak memory closer to the live closure at some CPU cost")
	fl.StringVar(&f.cpuProfile, "cpuprofile", "", "write a Go CPU profile of the solve to this file")
	fl.StringVar(&f.memProfile, "memprofile", "", "write a Go heap profile, taken after the solve, to this file")
	fl.StringVar(&f.dir, "dir", "", "solve out of core in this work directory (a pebble store)")
	fl.StringVar(&f.mem, "mem", "", "with --dir: memory budget, e.g. 2GiB, 512MiB (default 1GiB)")
	fl.BoolVar(&f.resume, "resume", false, "with --dir: continue the solve in the work directory (--graph and --grammar, if given, are checked against it)")
	fl.StringVar(&f.add, "add", "", "with --dir: add this file's edges to the store's input and continue from its closure")
	fl.StringVar(&f.spill, "spill", "", "with --dir: worklist buffer size past which it is written to the store (default --mem/50)")
	fl.StringVar(&f.split, "split", "", "with --dir: stored size past which a partition is split in two (default --mem/20)")
	fl.DurationVar(&f.syncInterval, "sync-interval", time.Second, "with --dir: how often a partition's commit is synced to disk; a power cut loses at most the commits since, which --resume redoes (0: every commit)")
	return cmd
}

// loadGrammar reads and normalizes a grammar file.
func loadGrammar(path, format string) (orig, norm *grammar.Grammar, err error) {
	orig, err = grammar.ParseFile(path, grammar.Format(format))
	if err != nil {
		return nil, nil, usageErr(err)
	}
	norm, err = orig.Normalize()
	if err != nil {
		return nil, nil, usageErr(err)
	}
	return orig, norm, nil
}

func runSolve(cmd *cobra.Command, f *solveFlags) error {
	if f.dir != "" {
		return runSolveDir(cmd, f)
	}
	switch {
	case f.mem != "" || f.resume || f.add != "" || f.spill != "" || f.split != "" || cmd.Flags().Changed("sync-interval"):
		return usageErr(errors.New("--mem, --resume, --add, --spill, --split and --sync-interval need --dir"))
	case f.grammarPath == "":
		return usageErr(errors.New(`required flag "grammar" not set`))
	case f.graphPath == "":
		return usageErr(errors.New(`required flag "graph" not set`))
	}
	var opts edgecentric.Options
	if err := opts.ParseConfig(f.config); err != nil {
		return usageErr(fmt.Errorf("--config: %w", err))
	}
	sets, err := edgecentric.ParseSetKind(f.sets)
	if err != nil {
		return usageErr(fmt.Errorf("--sets: %w", err))
	}
	opts.Sets, opts.Threads, opts.Partitions = sets, f.threads, f.partitions
	if f.threads < 0 || f.partitions < 0 {
		return usageErr(errors.New("--threads and --partitions must be positive"))
	}
	_, gr, err := loadGrammar(f.grammarPath, f.grammarFormat)
	if err != nil {
		return err
	}
	outSyms, err := labelSymbols(gr, f.labels, f.grammarPath)
	if err != nil {
		return err
	}
	loadStart := time.Now()
	g, err := graph.ReadFile(f.graphPath, graph.Format(f.graphFormat))
	if err != nil {
		var pe *graph.ParseError
		if errors.As(err, &pe) || os.IsNotExist(err) {
			return usageErr(err)
		}
		return err
	}
	loadTime := time.Since(loadStart)

	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
	defer stop()
	if os.Getenv("GOGC") == "" && f.gcPercent > 0 {
		// The closure's sets are long-lived and grow steadily, so the
		// default GOGC=100 lets the heap reach twice the live data; a
		// tighter target keeps peak RSS near what the sets need.
		defer debug.SetGCPercent(debug.SetGCPercent(f.gcPercent))
	}
	prog := newProgress(cmd.ErrOrStderr(), f.quiet)
	opts.Progress = prog.update
	stopProfile, err := startCPUProfile(f.cpuProfile)
	if err != nil {
		return err
	}
	defer stopProfile()
	res, err := edgecentric.Solve(ctx, g, gr, &opts)
	prog.finish()
	if f.memProfile != "" && err == nil {
		if err := writeHeapProfile(f.memProfile); err != nil {
			return fmt.Errorf("--memprofile: %w", err)
		}
	}
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return fmt.Errorf("solve interrupted: %w", err)
		}
		return err
	}
	st := res.Stats
	w := cmd.OutOrStdout()
	fmt.Fprintf(w, "graph %s: %d vertices, %d input edges (with inverses), loaded in %s\n",
		f.graphPath, g.NumVertices, st.InputEdges, loadTime.Round(time.Millisecond))
	counts := res.Counts()
	printSymbolCounts(w, gr, counts)
	var nullable []string
	for id, ok := range gr.Nullable {
		if ok && !gr.Symbols[id].Fresh {
			nullable = append(nullable, gr.Name(id))
		}
	}
	if len(nullable) > 0 {
		slices.Sort(nullable)
		fmt.Fprintf(w, "derive ε, so also hold on every (v,v), not stored or counted above: %s\n", strings.Join(nullable, ", "))
	}
	fmt.Fprintf(w, "CountEdges (%s): %d\n", strings.Join(gr.SortedNames(gr.Count), ", "), res.CountEdges())
	fmt.Fprintf(w, "%s, %d threads, %d partitions: %d rounds, %d derived edges, %d stored, %s, %.2f M derived edges/s, peak RSS %s\n",
		st.Config, st.Threads, st.Partitions, st.Rounds, st.Derived, st.Stored, st.Elapsed.Round(time.Millisecond),
		float64(st.Derived)/st.Elapsed.Seconds()/1e6, fmtBytes(st.PeakRSS))
	if f.outPath != "" {
		og := res.Graph(outSyms, g.Names)
		if err := graph.WriteFile(f.outPath, og, graph.Format(f.outFormat)); err != nil {
			return fmt.Errorf("--out: %w", err)
		}
		fmt.Fprintf(w, "wrote %d edges to %s\n", len(og.Edges), f.outPath)
	}
	if f.statsPath != "" {
		js := struct {
			Graph, Grammar string
			Vertices       uint32
			CountEdges     int64
			Counts         map[string]int64
			ElapsedSeconds float64
			edgecentric.Stats
		}{f.graphPath, f.grammarPath, g.NumVertices, res.CountEdges(), counts, st.Elapsed.Seconds(), st}
		err := graph.AtomicWrite(f.statsPath, func(w io.Writer) error {
			enc := json.NewEncoder(w)
			enc.SetIndent("", "  ")
			return enc.Encode(js)
		})
		if err != nil {
			return fmt.Errorf("--stats-json: %w", err)
		}
	}
	return nil
}

func fmtBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.2f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n > 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return "n/a"
}

// progress shows a spinner with rounds and edges on stderr, but only once
// a run has lasted a couple of seconds, so short runs print nothing extra.
type progress struct {
	w     io.Writer
	quiet bool
	start time.Time
	bar   *progressbar.ProgressBar
}

func newProgress(w io.Writer, quiet bool) *progress {
	return &progress{w: w, quiet: quiet || !isTerminal(w), start: time.Now()}
}

func (p *progress) update(st edgecentric.Stats) {
	p.show(fmt.Sprintf("round %d: %d edges stored, %d derived", st.Rounds, st.Stored, st.Derived), st.Stored)
}

// show sets the spinner's description and count (both solvers' progress
// goes through it).
func (p *progress) show(desc string, n int64) {
	if p.quiet || time.Since(p.start) < 2*time.Second {
		return
	}
	if p.bar == nil {
		p.bar = progressbar.NewOptions64(-1,
			progressbar.OptionSetWriter(p.w),
			progressbar.OptionSpinnerType(14),
			progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
	}
	p.bar.Describe(desc)
	p.bar.Set64(n)
}

func (p *progress) finish() {
	if p.bar != nil {
		p.bar.Finish()
		fmt.Fprintln(p.w)
	}
}

func newGrammarCmd() *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "grammar check|normalize FILE",
		Short: "Check a grammar, or show its normal form",
	}
	check := &cobra.Command{
		Use:   "check FILE",
		Short: "Parse and normalize a grammar; report errors with file:line:col",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			orig, norm, err := loadGrammar(args[0], format)
			if err != nil {
				return err
			}
			nt := 0
			for _, s := range orig.Symbols {
				if s.Nonterminal {
					nt++
				}
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s: ok: %d rules, %d symbols (%d nonterminals), %d normalized rules\n",
				args[0], len(orig.Rules), len(orig.Symbols), nt, len(norm.Rules))
			return nil
		},
	}
	normalize := &cobra.Command{
		Use:   "normalize FILE",
		Short: "Print the grammar with at most two right-hand symbols per rule and ε removed",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			_, norm, err := loadGrammar(args[0], format)
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "# normal form of %s; _N symbols are fresh; a symbol with ε holds on every (v,v)\n", args[0])
			fmt.Fprint(cmd.OutOrStdout(), norm.String())
			return nil
		},
	}
	cmd.PersistentFlags().StringVar(&format, "format", "", "grammar format: cflr, graspan or pocr (default: detect)")
	cmd.AddCommand(check, normalize)
	return cmd
}

// printSymbolCounts prints the edges per symbol, leaving out the fresh
// symbols normalization made.
func printSymbolCounts(w io.Writer, gr *grammar.Grammar, counts map[string]int64) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "symbol\tedges\t")
	names := make([]string, 0, len(counts))
	for n := range counts {
		if s, ok := gr.Lookup(n); ok && gr.Symbols[s].Fresh {
			continue
		}
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		fmt.Fprintf(tw, "%s\t%d\t\n", n, counts[n])
	}
	tw.Flush()
}

// startCPUProfile starts a Go CPU profile into path (the --cpuprofile
// flag) and returns the function that stops it; "" profiles nothing.
func startCPUProfile(path string) (stop func(), err error) {
	if path == "" {
		return func() {}, nil
	}
	pf, err := os.Create(path)
	if err != nil {
		return nil, usageErr(fmt.Errorf("--cpuprofile: %w", err))
	}
	if err := pprof.StartCPUProfile(pf); err != nil {
		pf.Close()
		return nil, fmt.Errorf("--cpuprofile: %w", err)
	}
	return func() { pprof.StopCPUProfile(); pf.Close() }, nil
}

func writeHeapProfile(path string) error {
	return graph.AtomicWrite(path, func(w io.Writer) error {
		runtime.GC()
		return pprof.Lookup("heap").WriteTo(w, 0)
	})
}

// labelSymbols returns the symbols --labels names (default: the grammar's
// %count symbols), or a usage error naming the one grammarName lacks.
func labelSymbols(gr *grammar.Grammar, labels []string, grammarName string) ([]int, error) {
	if len(labels) == 0 {
		return slices.Clone(gr.Count), nil
	}
	var syms []int
	for _, name := range labels {
		id, ok := gr.Lookup(name)
		if !ok {
			return nil, usageErr(fmt.Errorf("--labels: %s is not a symbol of %s", name, grammarName))
		}
		syms = append(syms, id)
	}
	return syms, nil
}
