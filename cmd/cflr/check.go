package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/cflr/cflr/frontend"
	"github.com/cflr/cflr/frontend/check"
	"github.com/cflr/cflr/internal/atomicfile"
)

func init() {
	subcommands = append(subcommands, newCheckCmd)
}

type checkFlags struct {
	dir        string
	tests      bool
	checks     string
	config     string
	profile    string
	json       bool
	sarif      bool
	output     string
	dot        string
	srcRoot    string
	threads    int
	context    bool
	quiet      bool
	stats      bool
	noSuppress bool
	noRefute   bool
	nilHeap    bool
	nilSources string
	library    bool
	scope      string
	cpuProfile string
	memProfile string
	gcPercent  int
	baseline   string
	writeBase  string
	html       string
	reflection bool
	edgeCentr  bool
}

func newCheckCmd() *cobra.Command {
	var f checkFlags
	cmd := &cobra.Command{
		Use:   "check [flags] [PATTERN...]",
		Short: "Find nil dereferences and taint flows in Go packages",
		Long: `Check loads the Go packages PATTERN (as for go build; default ./...),
solves their points-to graph, builds one value-flow graph of the whole
program and runs the checks on it:

  nilflow  nil values that reach a use where a nil panics
  taint    untrusted data that reaches a dangerous sink

Findings are printed as go vet does, file:line:col: message (check), each
followed by its witness: a shortest flow from the source (a nil, a source
call) to the sink, one indented file:line:col step per line. --json and
--sarif print JSON or SARIF 2.1.0 instead (for GitHub code scanning;
--src-root is the directory file names are made relative to, default -C
or the current one); -o writes to a file; --dot writes the witness graph;
--html DIR writes a self-contained HTML report, each witness shown on the
source, with the --json output beside it as DIR/findings.json.

A //cflr:ignore CHECK[,CHECK...] REASON comment suppresses the named
checks' findings on its line and on the line below ("all" for every check).

To adopt cflr in a codebase with findings, write them once with
--write-baseline FILE and commit FILE; --baseline FILE then reports only
findings that are not in it. They are matched by check, file, function,
message and witness steps, not by line, so edits elsewhere in a file do not
bring known findings back.

Exit status: 0 no findings, 1 findings, 2 errors (a package that does not
type-check, a bad configuration, an unknown check, an internal error,
which names the function being analyzed). On errors nothing is written.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCheck(cmd, &f, args)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&f.dir, "dir", "C", "", "directory to resolve package patterns in (default: current)")
	fl.BoolVar(&f.tests, "tests", false, "include test files and test packages")
	fl.StringVar(&f.checks, "checks", "", "comma-separated checks to run (default: the configuration's, else all)")
	fl.StringVar(&f.config, "config", "", "configuration file (cflr.yaml, or .json): checks and taint models")
	fl.StringVar(&f.profile, "profile", "", "trust boundary of the taint check: server (requests and connections are untrusted; the default) or cli (also os.Args, the environment, stdin and files read); overrides the configuration's profile:")
	fl.BoolVar(&f.json, "json", false, "print findings as JSON")
	fl.BoolVar(&f.sarif, "sarif", false, "print findings as SARIF 2.1.0")
	fl.StringVarP(&f.output, "output", "o", "", "write findings to this file instead of stdout (written whole or not at all)")
	fl.StringVar(&f.dot, "dot", "", "write the witness graph (Graphviz) to this file")
	fl.StringVar(&f.html, "html", "", "write a static HTML report (index.html, findings.json) into this directory (written whole or not at all)")
	fl.StringVar(&f.srcRoot, "src-root", "", "SARIF %SRCROOT%: file names are written relative to it (default: -C, else the current directory)")
	fl.IntVar(&f.threads, "threads", 0, "solver threads (default: number of CPUs); findings do not depend on it")
	fl.BoolVar(&f.context, "context", true, "context-sensitive calls and returns (--context=false: faster, less precise)")
	fl.BoolVarP(&f.quiet, "quiet", "q", false, "no progress on stderr")
	fl.BoolVar(&f.stats, "stats", false, "print time per phase, graph sizes and peak memory to stderr")
	fl.BoolVar(&f.library, "library", false, "library mode: the string and []byte parameters of the named packages' exported functions and methods are taint sources")
	fl.BoolVar(&f.noSuppress, "no-suppress", false, "report findings that //cflr:ignore comments suppress")
	fl.StringVar(&f.baseline, "baseline", "", "report only findings not in this file (an earlier --json output or --write-baseline file)")
	fl.StringVar(&f.writeBase, "write-baseline", "", "write every finding to this file as JSON, for --baseline (exit status 0 when it is written)")
	fl.BoolVar(&f.reflection, "reflection", true, "model reflection in the points-to analysis (reflect.Value and reflect.Type as tagged objects); --reflection=false: reflection yields unknown memory (overrides the configuration's reflection:)")
	fl.BoolVar(&f.edgeCentr, "edgecentric", false, "solve the points-to graph with the generic CFL engine instead of the specialised solver (same sets, slower; for checking)")
	_ = fl.MarkHidden("edgecentric")
	fl.BoolVar(&f.noRefute, "no-refute", false, "report nilflow's first witness without checking its path conditions")
	fl.BoolVar(&f.nilHeap, "nil-heap", false, "nilflow: follow nils through struct fields they share with other values (more findings, most of them false)")
	fl.StringVar(&f.nilSources, "nil-sources", check.NilSourcesDefault, "nilflow: which nils to report: default leaves out the sentinel nil constants returned by functions whose results do not end in an error (the callee's contract: not beside a constant bool, not nil on every return at a direct call, not a nil parameter's) and nils stored into struct fields; all reports them too (more findings, most of them false; overrides the configuration's nil-sources:)")
	fl.IntVar(&f.gcPercent, "gc-percent", 400, "Go GC target (GOGC, if set, wins): the heap grows to 1+N/100 times the live program and analysis before a collection, by at most 2 GiB past it while that is more than half the live heap, and at most to 3/4 of the machine's memory or of the address space ulimit -v allows, unless GOMEMLIMIT is set; lower saves memory at some CPU cost")
	fl.StringVar(&f.cpuProfile, "cpuprofile", "", "write a Go CPU profile of the whole run to this file")
	fl.StringVar(&f.memProfile, "memprofile", "", "write a Go heap profile, taken after the checks with the analysis still live, to this file")
	fl.StringVar(&f.scope, "scope", "", `comma-separated packages ("p", "p/...") whose code is checked too (default: the main module's; "-": only the named packages)`)
	return cmd
}

func runCheck(cmd *cobra.Command, f *checkFlags, patterns []string) error {
	ctx := cmd.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	stderr := cmd.ErrOrStderr()
	if f.json && f.sarif {
		return usageErr(errors.New("--json and --sarif are exclusive"))
	}
	if f.threads < 0 {
		return usageErr(errors.New("--threads must be positive"))
	}
	cfg := &check.Config{Threads: f.threads, Context: f.context, NoSuppress: f.noSuppress, NoRefute: f.noRefute, NilHeap: f.nilHeap, Library: f.library, EdgeCentric: f.edgeCentr}
	what := "--checks"
	if f.config != "" {
		what = f.config
		fc, err := check.LoadConfig(f.config)
		if err != nil {
			return usageErr(fmt.Errorf("--config: %w", err))
		}
		cfg.Checks, cfg.Taint, cfg.NoReflection, cfg.NilSources = fc.Checks, fc.Taint, fc.NoReflection, fc.NilSources
	}
	if cmd.Flags().Changed("reflection") {
		cfg.NoReflection = !f.reflection
	}
	if f.config == "" || cmd.Flags().Changed("nil-sources") {
		ns, err := check.ParseNilSources(f.nilSources)
		if err != nil {
			return usageErr(fmt.Errorf("--nil-sources: %w", err))
		}
		cfg.NilSources = ns
	}
	if f.profile != "" {
		prof, err := check.ParseProfile(f.profile)
		if err != nil {
			return usageErr(fmt.Errorf("--profile: %w", err))
		}
		if cfg.Taint == nil {
			cfg.Taint = check.DefaultTaintConfig()
		}
		cfg.Taint.Profile = prof
	}
	if f.checks != "" {
		what = "--checks"
		cfg.Checks = strings.Split(f.checks, ",")
	}
	checkers, err := check.Select(cfg.Checks)
	if err != nil {
		return usageErr(fmt.Errorf("%s: %w", what, err))
	}
	// Read the baseline before the analysis: a bad file fails at once.
	var base *check.Baseline
	if f.baseline != "" {
		r, err := os.Open(f.baseline)
		if err != nil {
			return usageErr(fmt.Errorf("--baseline: %w", err))
		}
		base, err = check.ReadBaseline(r, f.baseline, cmp.Or(f.dir, "."))
		r.Close()
		if err != nil {
			return usageErr(fmt.Errorf("--baseline: %w", err))
		}
	}
	if f.html != "" {
		// Before the analysis: a bad directory fails at once.
		if err := check.CheckHTMLDir(f.html); err != nil {
			return usageErr(fmt.Errorf("--html: %w", err))
		}
	}
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}

	var heapHooks []func(live uint64)
	if os.Getenv("GOGC") == "" && f.gcPercent > 0 {
		// The loaded program, its SSA form and the points-to graph are
		// long-lived and, once the syntax is released, small (pebble:
		// 0.3-0.6 GB): collecting at 5 times them instead of 3 saves
		// the collection in the middle of SSA building and one during
		// the analysis, 11% of the CPU on pebble and present, for peaks
		// 12-15% higher, at 0.6-0.7 times NilAway's (CHECKS.md).
		defer debug.SetGCPercent(debug.SetGCPercent(f.gcPercent))
		// A program many times pebble's size must not grow its heap to
		// 5 times a live set of many GiB: the target falls toward 100
		// as the live heap grows (gcPacer), and past three quarters of
		// the machine's memory, or of the address space ulimit -v
		// allows, the collector works harder instead.
		heapHooks = append(heapHooks, gcPacer(f.gcPercent))
		mem := totalMemory()
		if as := addressSpaceLimit(); as > 0 && (mem <= 0 || as < mem) {
			mem = as
		}
		if mem > 0 && os.Getenv("GOMEMLIMIT") == "" {
			defer debug.SetMemoryLimit(debug.SetMemoryLimit(mem / 4 * 3))
		}
	}
	stopProfile, err := startCPUProfile(f.cpuProfile)
	if err != nil {
		return err
	}
	defer stopProfile()
	if path := os.Getenv("CFLR_PEAKPROFILE"); path != "" {
		heapHooks = append(heapHooks, peakProfiler(path))
	}
	// Stopped before the deferred restores of the GC percent above run.
	defer watchHeap(heapHooks...)()
	prog := newPhases(stderr, f.quiet)
	prog.phase("loading packages")
	switch f.scope {
	case "-":
	case "":
		cfg.Scope = mainModules(ctx, f.dir)
	default:
		cfg.Scope = strings.Split(f.scope, ",")
	}
	// The standard library gets no SSA debug information (a third of the
	// program's instructions on stringer, ~80 MiB of its peak): values are
	// named only in the checked packages, and the standard library's
	// variables never appear in findings or witness steps (its steps are
	// calls and stores). Other dependencies keep it: witnesses run through
	// them, and their steps' positions come from debug references.
	scope := cfg.Scope
	lcfg := &frontend.Config{Dir: f.dir, Tests: f.tests, Debug: true, Prune: true,
		DebugPackages: func(path string) bool { return check.InScope(path, scope) || !stdPackage(path) }}
	p, err := frontend.Load(ctx, lcfg, patterns...)
	if p != nil && len(p.Errors) > 0 {
		prog.finish()
		// A program with type errors is not checked: findings on what is
		// left would be misleading, and CI must see the failure.
		for _, e := range p.Errors {
			fmt.Fprintln(stderr, e)
		}
		return usageErr(fmt.Errorf("%d package errors (listed above); nothing checked", len(p.Errors)))
	}
	if err != nil {
		prog.finish()
		return usageErr(err)
	}
	var st check.Stats
	cfg.Stats = &st
	cfg.Progress = prog.phase
	// Notes wait for the progress spinner to finish.
	var notes []string
	cfg.Note = func(msg string) { notes = append(notes, msg) }
	start := time.Now()
	var profErr error
	if f.memProfile != "" {
		cfg.Snapshot = func() { profErr = writeHeapProfile(f.memProfile) }
	}
	findings, err := check.Run(ctx, p, cfg)
	prog.finish()
	for _, n := range notes {
		fmt.Fprintf(stderr, "cflr: note: %s\n", n)
	}
	if err != nil {
		// Exit status 2, as documented: status 1 means findings.
		return usageErr(err)
	}
	if profErr != nil {
		return fmt.Errorf("--memprofile: %w", profErr)
	}

	var baseOut bytes.Buffer
	if f.writeBase != "" {
		// Every finding, the baseline's included: the new baseline.
		if err := check.WriteBaseline(&baseOut, findings, cmp.Or(f.dir, ".")); err != nil {
			return err
		}
	}
	known, nAll := 0, len(findings)
	if base != nil {
		findings, known = base.Filter(findings)
	}

	// Format everything in memory first: on an error nothing is written.
	var out bytes.Buffer
	switch {
	case f.json:
		err = check.WriteJSON(&out, findings)
	case f.sarif:
		root := f.srcRoot
		if root == "" {
			root = f.dir // -C: the module checked
		}
		if root == "" {
			root = "."
		}
		err = check.WriteSARIF(&out, findings, checkers, root)
	default:
		err = check.WriteText(&out, findings)
	}
	if err != nil {
		return err
	}
	var dot bytes.Buffer
	if f.dot != "" {
		if err := check.WriteDOT(&dot, findings); err != nil {
			return err
		}
	}
	if f.html != "" {
		if err := check.WriteHTML(f.html, findings, check.HTMLOptions{Title: strings.Join(patterns, " ")}); err != nil {
			return fmt.Errorf("--html: %w", err)
		}
	}
	if f.output != "" {
		if err := atomicfile.WriteBytes(f.output, out.Bytes()); err != nil {
			return fmt.Errorf("-o: %w", err)
		}
	} else if _, err := cmd.OutOrStdout().Write(out.Bytes()); err != nil {
		return err
	}
	if f.dot != "" {
		if err := atomicfile.WriteBytes(f.dot, dot.Bytes()); err != nil {
			return fmt.Errorf("--dot: %w", err)
		}
	}
	if f.writeBase != "" {
		if err := atomicfile.WriteBytes(f.writeBase, baseOut.Bytes()); err != nil {
			return fmt.Errorf("--write-baseline: %w", err)
		}
	}
	if f.stats {
		printCheckStats(stderr, p, &st, time.Since(start))
	}
	if f.html != "" && !f.quiet {
		fmt.Fprintf(stderr, "wrote the report to %s\n", filepath.Join(f.html, "index.html"))
	}
	if base != nil && !f.quiet {
		fmt.Fprintf(stderr, "%d findings of the baseline %s not shown (%d in it)\n", known, f.baseline, base.Len())
	}
	if f.writeBase != "" {
		if !f.quiet {
			fmt.Fprintf(stderr, "wrote %d findings to %s\n", nAll, f.writeBase)
		}
		return nil
	}
	if len(findings) > 0 {
		return &exitError{code: 1, err: fmt.Errorf("%d findings", len(findings))}
	}
	return nil
}

// mainModules lists the main modules of dir as scopes ("mod/..."): the
// program's own code, which `cflr check ./cmd/x` checks wherever the
// command's program reaches it. None outside a module.
// stdPackage reports whether path is a standard library package's: its
// first element has no dot (as the go command decides for module paths).
func stdPackage(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

func mainModules(ctx context.Context, dir string) []string {
	cmd := exec.CommandContext(ctx, "go", "list", "-m", "-f", "{{.Path}}")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return nil
	}
	var scope []string
	for _, m := range strings.Fields(string(out)) {
		if m != "command-line-arguments" {
			scope = append(scope, m+"/...")
		}
	}
	return scope
}

func printCheckStats(w io.Writer, p *frontend.Program, st *check.Stats, total time.Duration) {
	a := st.Analysis
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "phase\ttime\t\n")
	fmt.Fprintf(tw, "load\t%.3fs\t\n", a.Load.Seconds())
	fmt.Fprintf(tw, "SSA\t%.3fs\t\n", a.SSA.Seconds())
	if p.PruneTime > 0 {
		fmt.Fprintf(tw, "of which pruning\t%.3fs\t\n", p.PruneTime.Seconds())
	}
	fmt.Fprintf(tw, "VTA call graph\t%.3fs\t\n", a.CallGraph.Seconds())
	fmt.Fprintf(tw, "points-to build\t%.3fs\t\n", a.Build.Seconds())
	fmt.Fprintf(tw, "points-to solve\t%.3fs\t\n", a.Solve.Seconds())
	fmt.Fprintf(tw, "value-flow build\t%.3fs\tcpu %.3fs\talloc %s\t\n", st.Flow.Seconds(), st.FlowCPU.Seconds(), fmtBytes(int64(st.FlowAlloc)))
	for _, c := range st.Checks {
		fmt.Fprintf(tw, "%s (solve, witnesses)\t%.3fs\tcpu %.3fs\talloc %s\t\n", c.Name, c.Time.Seconds(), c.CPU.Seconds(), fmtBytes(int64(c.Alloc)))
	}
	fmt.Fprintf(tw, "total after load\t%.3fs\t\n", total.Seconds())
	tw.Flush()
	if p.Pruned > 0 {
		fmt.Fprintf(w, "function bodies: %d built, %d never run (dropped before SSA); %d constant table elements dropped\n", p.Bodies, p.Pruned, p.TableElems)
	}
	fmt.Fprintf(w, "points-to graph: %d vertices, %d edges; value-flow graph: %d vertices, %d edges\n",
		a.Vertices, a.Edges, st.FlowVerts, st.FlowEdges)
	for _, c := range st.Checks {
		fmt.Fprintf(w, "%s: %d closure edges, %d findings\n", c.Name, c.Derived, c.Findings)
		if r := c.Refute; r.Checked+r.Refuted+r.Dropped > 0 {
			fmt.Fprintf(w, "%s: %d findings path-checked; %d witnesses refuted, %d findings dropped (no witness survived)\n", c.Name, r.Checked, r.Refuted, r.Dropped)
		}
	}
	if st.Suppressed > 0 {
		fmt.Fprintf(w, "%d findings suppressed by //cflr:ignore\n", st.Suppressed)
	}
	fmt.Fprintf(w, "peak RSS %s (after load+SSA %s)\n", fmtBytes(st.PeakRSS), fmtBytes(p.LoadRSS))
}

// phases shows the current phase on stderr once a run has lasted two
// seconds, so that short runs print nothing extra.
type phases struct {
	w       io.Writer
	quiet   bool
	start   time.Time
	bar     *progressbar.ProgressBar
	name    string
	stop    chan struct{}
	done    chan struct{}
	phaseCh chan string
}

func newPhases(w io.Writer, quiet bool) *phases {
	quiet = quiet || !isTerminal(w)
	p := &phases{w: w, quiet: quiet, start: time.Now(), stop: make(chan struct{}), done: make(chan struct{})}
	if quiet {
		close(p.done)
		return p
	}
	names := make(chan string, 16)
	p.phaseCh = names
	go func() {
		defer close(p.done)
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		cur := ""
		for {
			select {
			case <-p.stop:
				if p.bar != nil {
					p.bar.Finish()
				}
				return
			case cur = <-names:
			case <-tick.C:
			}
			if time.Since(p.start) < 2*time.Second {
				continue
			}
			if p.bar == nil {
				p.bar = progressbar.NewOptions64(-1,
					progressbar.OptionSetWriter(p.w),
					progressbar.OptionSpinnerType(14),
					progressbar.OptionThrottle(200*time.Millisecond),
					progressbar.OptionClearOnFinish(),
				)
			}
			p.bar.Describe(fmt.Sprintf("cflr check: %s (%s)", cur, time.Since(p.start).Round(time.Second)))
			p.bar.Add64(1)
		}
	}()
	return p
}

func (p *phases) phase(name string) {
	if p.quiet || p.phaseCh == nil {
		return
	}
	select {
	case p.phaseCh <- name:
	default:
	}
}

func (p *phases) finish() {
	if !p.quiet {
		select {
		case <-p.stop:
		default:
			close(p.stop)
		}
	}
	<-p.done
}

// totalMemory returns the machine's memory in bytes (MemTotal of
// /proc/meminfo), or 0 where it cannot tell.
func totalMemory() int64 {
	data, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 && f[0] == "MemTotal:" {
			kb, err := strconv.ParseInt(f[1], 10, 64)
			if err != nil {
				return 0
			}
			return kb << 10
		}
	}
	return 0
}
