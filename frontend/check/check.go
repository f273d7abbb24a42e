package check

import (
	"context"
	"fmt"
	"runtime"
	"runtime/metrics"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/cflr/cflr/edgecentric"
	"github.com/cflr/cflr/frontend"
)

// Checker is one check. Every enabled checker runs over the same Program,
// points-to analysis and value-flow graph (Pass). Checkers are values, as
// x/tools analyzers are: see Checkers.
type Checker interface {
	// Name is the check's name in --checks, findings and suppressions.
	Name() string
	// Doc is a one-paragraph description (its first sentence is a summary).
	Doc() string
	// Run reports the check's findings. It must not modify the Pass.
	Run(ctx context.Context, p *Pass) ([]Finding, error)
}

// Pass is what a checker runs on.
type Pass struct {
	Prog     *frontend.Program
	Analysis *frontend.Analysis // points-to sets and resolved call sites
	Flow     *FlowGraph         // the shared value-flow graph
	Config   *Config
}

// Config says which checks run and how.
type Config struct {
	// Checks names the checks to run; empty runs all registered checks.
	Checks []string
	// Taint configures the taint check (sources, sinks, sanitizers); nil
	// means its defaults (DefaultTaintConfig). See config.go.
	Taint *TaintConfig
	// Threads is the solver's parallelism (default: number of CPUs).
	// Findings do not depend on it.
	Threads int
	// Context makes interprocedural flows context-sensitive: a value
	// passed into a function returns only to the call site it came from
	// (call_i/ret_i parentheses). Without it calls and returns are plain
	// assignments (faster, less precise).
	Context bool
	// Scope adds package paths ("p" or "p/...") whose code is checked
	// besides the packages the patterns named, without making their
	// functions entry points: `cflr check ./cmd/app` with the scope
	// "example.com/app/..." reports the nils and sinks of every package of
	// the module that the command's program runs.
	Scope []string
	// Library makes the string and []byte parameters of the named
	// packages' exported functions and methods taint sources (library.go).
	Library bool
	// NoSuppress reports findings even where //cflr:ignore suppresses them.
	NoSuppress bool
	// NoRefute reports nilflow's first witness without checking its path
	// conditions (refute.go).
	NoRefute bool
	// NoReflection turns the points-to analysis' reflection model off
	// (frontend.AnalysisOptions.NoReflection; `--reflection=false`).
	NoReflection bool
	// EdgeCentric solves the points-to graph with the generic CFL engine
	// (frontend.AnalysisOptions.EdgeCentric; hidden `--edgecentric`): the
	// same sets, slower; for checking the specialised solver.
	EdgeCentric bool
	// NilHeap makes nilflow follow nils through struct fields they were
	// stored into with other values (nilheap.go): more findings, most of
	// them false.
	NilHeap bool
	// NilSources says which nils nilflow reports (nilsources.go):
	// NilSourcesDefault ("" too) leaves out the sentinel nil constants
	// that functions whose results do not end in an error return (their
	// contract's) and nils stored into struct fields; NilSourcesAll
	// reports them too.
	NilSources string
	// Progress, when non-nil, is told the phase being run ("points-to",
	// "value flow", "nilflow", ...).
	Progress func(phase string)
	// Note, when non-nil, is told a check's one-line advice that is no
	// finding: the taint check's, that a program with no network source
	// may want the cli profile (TaintConfig.Profile).
	Note func(msg string)
	// Stats, when non-nil, is filled with the time and sizes of each phase.
	Stats *Stats
	// Snapshot, when non-nil, is called after the checks, while the
	// points-to analysis and the value-flow graph are still live (for
	// heap profiles).
	Snapshot func()
}

// Stats are the costs of one Run.
type Stats struct {
	Analysis   frontend.Stats // load, SSA, call graph, points-to graph and solve
	Flow       time.Duration  // building the value-flow graph (after the analysis: its pre-pass over function bodies runs beside it, pipeline.go)
	FlowCPU    time.Duration  // CPU time (user+system, all threads, GC included) of that
	FlowAlloc  uint64         // bytes allocated on the heap by that
	FlowVerts  int            // value-flow graph vertices
	FlowEdges  int            // value-flow graph edges
	Checks     []CheckStats   // one per check run, in order
	Suppressed int            // findings removed by //cflr:ignore
	PeakRSS    int64          // peak resident memory at the end
}

// CheckStats are the costs of one check.
type CheckStats struct {
	Name     string
	Time     time.Duration
	CPU      time.Duration // user+system time of all threads, GC included
	Alloc    uint64        // bytes allocated on the heap
	Derived  int64         // closure edges the check's solve stored
	Findings int
	Refute   RefuteStats // nilflow: findings path-checked, witnesses refuted, findings dropped
}

// registry holds the checkers by name; checker files add theirs in init.
var registry = map[string]Checker{}

// Register makes a checker available to Run and --checks. It panics on a
// duplicate name (a programming error).
func Register(c Checker) {
	if _, dup := registry[c.Name()]; dup {
		panic("check: duplicate checker " + c.Name())
	}
	registry[c.Name()] = c
}

// Checkers returns the registered checkers, sorted by name.
func Checkers() []Checker {
	cs := make([]Checker, 0, len(registry))
	for _, c := range registry {
		cs = append(cs, c)
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i].Name() < cs[j].Name() })
	return cs
}

// Lookup returns the named checker.
func Lookup(name string) (Checker, bool) {
	c, ok := registry[name]
	return c, ok
}

// Select returns the checkers names asks for (all when names is empty), or
// an error naming an unknown check and listing the known ones.
func Select(names []string) ([]Checker, error) {
	if len(names) == 0 {
		return Checkers(), nil
	}
	var cs []Checker
	for _, n := range names {
		n = strings.TrimSpace(n)
		c, ok := registry[n]
		if !ok {
			var known []string
			for _, k := range Checkers() {
				known = append(known, k.Name())
			}
			return nil, fmt.Errorf("unknown check %q (known: %s)", n, strings.Join(known, ", "))
		}
		if !slices.Contains(cs, c) {
			cs = append(cs, c)
		}
	}
	return cs, nil
}

// pointsToPartitions is the points-to solve's partitioning: the engine's
// default (see frontend.AnalysisOptions.Partitions), like the checks' own
// solves.
const pointsToPartitions = 0

// Run runs the enabled checks on prog: it solves the points-to graph
// (frontend.Analyze), builds the value-flow graph, runs each check, drops
// the findings that //cflr:ignore comments suppress, and sorts the rest
// by position (deterministically, whatever Config.Threads).
func Run(ctx context.Context, prog *frontend.Program, cfg *Config) (_ []Finding, err error) {
	// A panic anywhere below is a bug in cflr: an error naming the phase
	// and, where known, the function (frontend.InternalError).
	defer frontend.Catch("cflr check", nil, &err)
	if cfg == nil {
		cfg = &Config{}
	}
	checkers, err := Select(cfg.Checks)
	if err != nil {
		return nil, err
	}
	progress := func(s string) {
		if cfg.Progress != nil {
			cfg.Progress(s)
		}
	}
	progress("points-to")
	// One box object per dynamic type: the checks read interfaces through
	// the flow graph's box and unbox edges, not through box contents, and
	// need of the points-to sets only the callees (unchanged: a per-type
	// box still names every implementing type) and heap cells. Per-site
	// boxes made the points-to solve 3-5 times slower and used 1 GiB more
	// on pebble and miniflux, for the same findings (CHECKS.md).
	pre := startPrepass(prog)
	a, err := frontend.Analyze(ctx, prog, &frontend.AnalysisOptions{Threads: cfg.Threads, Partitions: pointsToPartitions, BoxPerType: true, NoReflection: cfg.NoReflection, EdgeCentric: cfg.EdgeCentric})
	facts, preErr := pre.finish()
	if err != nil {
		return nil, err
	}
	if preErr != nil {
		return nil, preErr
	}
	progress("value flow")
	start, cpu0, alloc0 := time.Now(), cpuTime(), allocated()
	flow, err := BuildFlow(prog, a, &FlowOptions{Context: cfg.Context, Scope: cfg.Scope, Threads: cfg.Threads, facts: facts})
	if err != nil {
		return nil, err
	}
	cpu1 := cpuTime()
	st := &Stats{Analysis: a.Stats, Flow: time.Since(start), FlowCPU: cpu1 - cpu0, FlowAlloc: allocated() - alloc0, FlowVerts: int(flow.NumVertices), FlowEdges: len(flow.Edges)}
	pass := &Pass{Prog: prog, Analysis: a, Flow: flow, Config: cfg}
	var all []Finding
	for _, c := range checkers {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		progress(c.Name())
		start, cpu0, alloc0 := time.Now(), cpuTime(), allocated()
		fs, err := runChecker(ctx, c, pass)
		if err != nil {
			return nil, fmt.Errorf("check %s: %w", c.Name(), err)
		}
		for i := range fs {
			fs[i].Check = c.Name()
		}
		st.Checks = append(st.Checks, CheckStats{Name: c.Name(), Time: time.Since(start), CPU: cpuTime() - cpu0, Alloc: allocated() - alloc0, Derived: flow.lastDerived(c.Name()), Findings: len(fs), Refute: flow.refuteStats(c.Name())})
		all = append(all, fs...)
	}
	if cfg.Snapshot != nil {
		cfg.Snapshot()
		runtime.KeepAlive(a)
		runtime.KeepAlive(flow)
	}
	all = sortFindings(all)
	nameFuncs(all, flow)
	if !cfg.NoSuppress {
		sup := collectSuppressions(prog)
		kept := all[:0]
		for _, f := range all {
			if sup.suppresses(f) {
				st.Suppressed++
				continue
			}
			kept = append(kept, f)
		}
		all = kept
	}
	st.PeakRSS = edgecentric.PeakRSS()
	if cfg.Stats != nil {
		*cfg.Stats = *st
	}
	return all, nil
}

// cpuTime is the process's user and system time so far (zero where
// getrusage fails).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// allocated is the number of bytes allocated on the heap so far.
func allocated() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// runChecker runs c, turning a panic in it into an error.
func runChecker(ctx context.Context, c Checker, pass *Pass) (fs []Finding, err error) {
	defer frontend.Catch("check "+c.Name(), nil, &err)
	return c.Run(ctx, pass)
}
