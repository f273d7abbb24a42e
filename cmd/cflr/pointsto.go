package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/cflr/cflr/frontend"
)

func init() {
	subcommands = append(subcommands, newPointstoCmd, newAliasCmd, newCallgraphCmd, newGraphCmd)
}

// goFlags are the flags every Go-frontend command shares.
type goFlags struct {
	dir        string
	tests      bool
	context    bool
	refine     bool
	threads    int
	stats      bool
	unmodelled bool
	boxes      string
	all        bool
	cpuProfile string
	memRatio   float64
	scalars    bool
	noMerge    bool
	cgOnly     bool
	prune      bool
	reflection bool
	edgeCentr  bool
}

func (f *goFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVarP(&f.dir, "dir", "C", "", "directory to resolve package patterns in (default: current)")
	fl.BoolVar(&f.tests, "tests", false, "include test files and test packages")
	fl.BoolVar(&f.context, "context", false, "context-sensitive: match parameters and results per call site")
	fl.BoolVar(&f.refine, "refine", false, "build and solve a second time with the dynamic calls the first solve narrowed (points-to sets no longer flow through calls it ruled out)")
	fl.IntVar(&f.threads, "threads", 0, "solver threads (default: number of CPUs)")
	fl.BoolVar(&f.stats, "stats", false, "print time per phase and peak memory to stderr")
	fl.StringVar(&f.boxes, "boxes", "site", "interface boxes: site (one object per conversion) or type (one per dynamic type; scales to whole programs)")
	fl.StringVar(&f.cpuProfile, "cpuprofile", "", "write a Go CPU profile of graph building and solving to this file")
	fl.Float64Var(&f.memRatio, "mem-ratio", 1.5, "soft limit on the Go heap while analyzing, as a multiple of peak RSS after load+SSA (0: none)")
	fl.BoolVar(&f.scalars, "no-scalar-containers", false, "leave out slices, maps and channels of reference-free elements ([]byte): same call graph, smaller solve")
	fl.BoolVar(&f.noMerge, "no-merge", false, "keep every variable its own vertex (by default variables with equal points-to sets by construction share one)")
	fl.BoolVar(&f.cgOnly, "callgraph-only", false, "also leave out pointers that cannot lead to a function value or an interface (implies --no-scalar-containers): same call graph, smaller solve, fewer points-to answers")
	fl.BoolVar(&f.all, "all-functions", false, "translate every function body, not only those that can run")
	fl.BoolVar(&f.prune, "prune", false, "build SSA only for the function bodies the program can run, as cflr check does (queries about other functions then find nothing)")
	fl.BoolVar(&f.reflection, "reflection", true, "model reflection (reflect.Value and reflect.Type as tagged objects); --reflection=false: reflection yields unknown memory")
	fl.BoolVar(&f.edgeCentr, "edgecentric", false, "solve the context-insensitive grammar with the generic CFL engine (package edgecentric) instead of the solver specialised to it: the same points-to sets, slower")
	fl.BoolVar(&f.unmodelled, "unmodelled", false, "list every place modelled conservatively (unsafe, reflection, no Go body)")
}

// loadGo loads patterns, printing package errors as `go build` does. The
// returned error is non-nil only when nothing could be analyzed; hadErrs
// says whether some package had errors (the command then exits 2).
func (f *goFlags) load(ctx context.Context, stderr io.Writer, patterns []string) (*frontend.Program, bool, error) {
	if f.threads < 0 {
		return nil, false, usageErr(errors.New("--threads must be positive"))
	}
	if f.boxes != "site" && f.boxes != "type" {
		return nil, false, usageErr(fmt.Errorf("--boxes %q: want site or type", f.boxes))
	}
	prog, err := frontend.Load(ctx, &frontend.Config{Dir: f.dir, Tests: f.tests, Debug: true, Prune: f.prune}, patterns...)
	if prog != nil {
		for _, e := range prog.Errors {
			fmt.Fprintln(stderr, e)
		}
	}
	if err != nil {
		return nil, true, usageErr(err)
	}
	return prog, len(prog.Errors) > 0, nil
}

// loadAnalyze loads the packages and analyzes them: the first steps of
// every Go query command.
func (f *goFlags) loadAnalyze(ctx context.Context, stderr io.Writer, patterns []string) (*frontend.Program, *frontend.Analysis, bool, error) {
	prog, hadErrs, err := f.load(ctx, stderr, patterns)
	if err != nil {
		return nil, nil, hadErrs, err
	}
	a, err := f.analyze(ctx, prog)
	return prog, a, hadErrs, err
}

func (f *goFlags) analyze(ctx context.Context, prog *frontend.Program) (*frontend.Analysis, error) {
	// The analysis' live data is small next to the SSA program; what
	// makes its peak RSS is the garbage collector's headroom (by default
	// the heap may grow to twice the live data). A soft memory limit
	// relative to the load+SSA peak makes the collector run more often
	// instead; it is lifted when the analysis ends.
	if f.memRatio < 0 {
		return nil, usageErr(errors.New("--mem-ratio must not be negative"))
	}
	if f.memRatio > 0 && prog.LoadRSS > 0 {
		old := debug.SetMemoryLimit(int64(f.memRatio * float64(prog.LoadRSS)))
		defer debug.SetMemoryLimit(old)
	}
	stopProfile, err := startCPUProfile(f.cpuProfile)
	if err != nil {
		return nil, err
	}
	defer stopProfile()
	return frontend.Analyze(ctx, prog, &frontend.AnalysisOptions{Context: f.context, Refine: f.refine, Threads: f.threads, BoxPerType: f.boxes == "type", AllFunctions: f.all, ScalarContainers: f.scalars, NoMerge: f.noMerge, CallGraphOnly: f.cgOnly, NoReflection: !f.reflection, EdgeCentric: f.edgeCentr})
}

// finish prints statistics and unmodelled places, and turns package errors
// into exit status 2.
func (f *goFlags) finish(cmd *cobra.Command, a *frontend.Analysis, hadErrs bool) error {
	w := cmd.OutOrStdout()
	if n := len(a.Graph.Unmodelled); n > 0 {
		if f.unmodelled {
			for _, u := range a.Graph.Unmodelled {
				fmt.Fprintf(w, "unmodelled %s: %s (in %s)\n", u.Pos, u.Reason, u.Func)
			}
		} else {
			fmt.Fprintf(w, "# %d places modelled conservatively (--unmodelled lists them)\n", n)
		}
	}
	if f.stats {
		printGoStats(cmd.ErrOrStderr(), a)
	}
	if hadErrs {
		return &exitError{code: 2, err: errors.New("some packages have errors (listed above); the rest was analyzed")}
	}
	return nil
}

func printGoStats(w io.Writer, a *frontend.Analysis) {
	s := a.Stats
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "phase\ttime\t\n")
	fmt.Fprintf(tw, "load\t%.3fs\t\n", s.Load.Seconds())
	fmt.Fprintf(tw, "SSA\t%.3fs\t\n", s.SSA.Seconds())
	fmt.Fprintf(tw, "VTA call graph\t%.3fs\t\n", s.CallGraph.Seconds())
	fmt.Fprintf(tw, "graph build\t%.3fs\t\n", s.Build.Seconds())
	fmt.Fprintf(tw, "solve (%d)\t%.3fs\t\n", s.Solves, s.Solve.Seconds())
	tw.Flush()
	// Peak RSS when the analysis ended (not counting --compare's builders).
	fmt.Fprintf(w, "graph: %d vertices, %d edges; peak RSS %s (after load+SSA %s, VTA %s, build %s)\n", s.Vertices, s.Edges,
		fmtBytes(s.PeakRSS), fmtBytes(a.Prog.LoadRSS), fmtBytes(s.CallGraphRSS), fmtBytes(s.BuildRSS))
}

// defaultPatterns: a FILE:LINE:COL query loads the file's package, other
// queries the packages under the current directory.
func defaultPatterns(query string, rest []string) []string {
	if len(rest) > 0 {
		return rest
	}
	if i := strings.Index(query, ".go:"); i > 0 {
		file := query[:i+3]
		if abs, err := filepath.Abs(file); err == nil {
			if _, err := os.Stat(abs); err == nil {
				return []string{"file=" + abs}
			}
		}
	}
	return []string{"./..."}
}

func newPointstoCmd() *cobra.Command {
	var f goFlags
	cmd := &cobra.Command{
		Use:   "pointsto [flags] PKG.FUNC.VAR|PKG.VAR|FILE:LINE:COL [PATTERN...]",
		Short: "Print the abstract objects a Go variable may point to",
		Long: `Pointsto loads the Go packages PATTERN (as for go build; default ./..., or
the file's package for a FILE:LINE:COL query), builds their points-to graph,
solves it with cflr's engine and prints the objects the variable or
expression may point to, with their allocation positions.

Objects are labeled by kind and line (new@12, complit@7, makeslice@3,
makemap, makechan, box@9 for a conversion to an interface, closure@4,
bound@5 for a method value, append, convert), by name for address-taken
variables, functions and globals, and parent.field or parent[*] for the
fields and elements of objects.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			_, a, hadErrs, err := f.loadAnalyze(ctx, cmd.ErrOrStderr(), defaultPatterns(args[0], args[1:]))
			if err != nil {
				return err
			}
			objs, err := a.PointsToQuery(args[0])
			if err != nil {
				return usageErr(err)
			}
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "%s may point to %d objects\n", args[0], len(objs))
			tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
			for _, o := range objs {
				fmt.Fprintf(tw, "  %s\t%s\t%s\n", o.Label, o.Type, o.Pos)
			}
			tw.Flush()
			return f.finish(cmd, a, hadErrs)
		},
	}
	f.register(cmd)
	return cmd
}
