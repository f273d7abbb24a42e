package frontend

import (
	"context"
	"fmt"
	"go/types"
	"slices"
	"time"

	"golang.org/x/tools/go/callgraph"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/cflr/cflr/edgecentric"
	"github.com/cflr/cflr/frontend/grammars"
	"github.com/cflr/cflr/frontend/internal/andersen"
	"github.com/cflr/cflr/frontend/internal/vta"
	"github.com/cflr/cflr/grammar"
)

// AnalysisOptions controls Analyze.
type AnalysisOptions struct {
	// Context selects the context-sensitive grammar (pointsto-ctx.cfg):
	// parameters and results are matched per call site.
	Context bool
	// Refine adds a second build and solve. Dynamic call sites are always
	// resolved with VTA's call graph and, after the solve, narrowed to the
	// callees the points-to sets allow (the call graph Analysis reports).
	// With Refine the graph is then built again with the narrowed calls
	// and solved again, so that points-to sets no longer carry values
	// through calls the first solve ruled out. It costs a second build and
	// solve (about twice the build+solve time); the issue asks for the
	// refinement as an option, and it removes only 1-3% of the call edges
	// on stringer and pebble.
	Refine bool
	// Threads is the solver's parallelism (default: number of CPUs).
	Threads int
	// Partitions is the solver's number of vertex-range partitions
	// (edgecentric.Options.Partitions; default 4 × Threads). A
	// points-to graph's flows chain across any vertex ranges; since the
	// engine moves whole sets along chains, miniflux's takes 28 rounds
	// in 8 partitions (was 138), in 0.6-0.7 s on 2 cores against
	// 0.9-1.0 s in one partition, for the same CPU.
	Partitions int
	// BoxPerType and AllFunctions are passed to Build (see Options).
	BoxPerType, AllFunctions, RuntimeBodies, ScalarContainers, CallGraphOnly bool
	// NoMerge keeps every variable its own vertex. By default variables
	// with equal points-to sets by construction share one (see
	// mergeEquivalent; context-insensitive grammar only).
	NoMerge bool
	// NoReflection turns the reflection model off (Options.NoReflection).
	NoReflection bool
	// EdgeCentric solves the context-insensitive grammar with the generic
	// CFL engine (package edgecentric) instead of the solver specialised
	// to it (internal/andersen), as the context-sensitive grammar always
	// is. Both give the same points-to sets; edgecentric is the oracle the
	// specialised solver is tested against, and has a Result. On
	// mailpit's graph (BenchmarkPointsToSolve) it takes 5.6 CPU seconds on
	// two threads, the specialised solver 0.8 on one.
	EdgeCentric bool
}

// Stats are the durations of the phases and the sizes involved.
type Stats struct {
	Load, SSA, CallGraph, Build, Solve time.Duration
	Vertices, Edges                    int
	Solves                             int
	PeakRSS                            int64
	// CallGraphRSS and BuildRSS are the peak RSS after the VTA call graph
	// and after the last graph build: where the memory went.
	CallGraphRSS, BuildRSS int64
}

// Analysis is a solved points-to graph of a program.
type Analysis struct {
	Prog  *Program
	Graph *Graph
	Stats Stats

	res     *edgecentric.Result
	ptsOff  []uint32 // vertex v points to ptsObj[ptsOff[v]:ptsOff[v+1]]
	ptsObj  []uint32
	vta     map[ssa.CallInstruction][]*ssa.Function
	callees map[ssa.CallInstruction][]*ssa.Function // final dynamic resolution
	msets   typeutil.MethodSetCache
}

// GrammarName is the embedded grammar Analyze solves under.
func (o *AnalysisOptions) GrammarName() string {
	if o != nil && o.Context {
		return "pointsto-ctx.cfg"
	}
	return "pointsto.cfg"
}

// Analyze builds the points-to graph of prog and solves it: VTA resolves
// the dynamic calls of the graph, and the solution narrows them (for a
// second build and solve if opts.Refine).
func Analyze(ctx context.Context, prog *Program, opts *AnalysisOptions) (*Analysis, error) {
	if opts == nil {
		opts = &AnalysisOptions{}
	}
	gr, err := grammars.Load(opts.GrammarName())
	if err != nil {
		return nil, err
	}
	a := &Analysis{Prog: prog}
	a.Stats.Load, a.Stats.SSA = prog.LoadTime, prog.SSATime

	start := time.Now()
	// VTA and Build both start from every function of the program: walk
	// the program for them once (0.2 s on pebble). The walk is VTA's
	// input and counts as VTA's time.
	all, users := allFunctionsUsers(prog.SSA)
	// No initial call graph: VTA then resolves the sites it needs with
	// CHA over all, lazily (what cha.CallGraph computes for every site of
	// the program, building a graph VTA would scan edge by edge).
	//
	// Build cannot start without VTA's callees. VTA (internal/vta, x/tools'
	// with a parallel graph construction) builds its type propagation
	// graph on opts.Threads workers; beside it, this goroutine sorts the
	// program's functions and walks what is reachable without dynamic
	// calls (reachWalk), which Build then only extends through VTA's
	// callees. Nothing done here depends on timing: VTA's graph is the
	// union of its workers' parts, and the walk's result is a set, listed
	// in sorted order.
	type vtaResult struct {
		callees  map[ssa.CallInstruction][]*ssa.Function
		panicked any
	}
	done := make(chan vtaResult, 1)
	go func() {
		var r vtaResult
		defer func() {
			if p := recover(); p != nil {
				r.panicked = p
			}
			done <- r
		}()
		// The dynamic sites' callees, as dynamicCallees would read them
		// from vta.CallGraph's graph, without the graph.
		r.callees = sortCallees(vta.Callees(all, opts.Threads), users)
	}()
	prog.setFuncs(all, users)
	var walk *reachWalk
	if !opts.AllFunctions {
		walk = newReachWalk(prog, prog.sortedFuncs())
		walk.run(nil)
	}
	r := <-done
	if r.panicked != nil {
		panic(r.panicked) // in the caller's goroutine, as before
	}
	a.vta = r.callees
	a.Stats.CallGraph = time.Since(start)
	a.Stats.CallGraphRSS = edgecentric.PeakRSS()

	resolve := func(site ssa.CallInstruction) []*ssa.Function { return a.vta[site] }
	var reachable []*ssa.Function
	if walk != nil {
		start = time.Now()
		walk.run(resolve)
		reachable = walk.result()
		walk = nil
		a.Stats.Build += time.Since(start)
	}
	for round := 0; ; round++ {
		// The first solve's closure and graph are done with once its
		// points-to sets have narrowed the callees: let them go before
		// the second build, or both solves' memory adds up.
		a.res, a.Graph, a.ptsOff, a.ptsObj = nil, nil, nil, nil
		start = time.Now()
		g, err := Build(prog, &Options{Context: opts.Context, Callees: resolve, BoxPerType: opts.BoxPerType, AllFunctions: opts.AllFunctions, RuntimeBodies: opts.RuntimeBodies, ScalarContainers: opts.ScalarContainers, CallGraphOnly: opts.CallGraphOnly, NoReflection: opts.NoReflection, reachable: reachable})
		reachable = nil // the second round's callees are narrower
		if err != nil {
			return nil, err
		}
		if !opts.Context && !opts.NoMerge {
			g.Rep = g.mergeEquivalent()
		}
		a.Graph = g
		a.Stats.Build += time.Since(start)
		a.Stats.BuildRSS = edgecentric.PeakRSS()
		a.Stats.Vertices, a.Stats.Edges = int(g.NumVertices), len(g.Edges)
		start = time.Now()
		if err := a.solve(ctx, gr, opts); err != nil {
			return nil, err
		}
		a.Stats.Solve += time.Since(start)
		a.Stats.Solves++
		a.callees = a.refine()
		if !opts.Refine || round == 1 {
			break
		}
		resolve = func(site ssa.CallInstruction) []*ssa.Function { return a.callees[site] }
	}
	a.Stats.PeakRSS = edgecentric.PeakRSS()
	return a, nil
}

// DynamicCallees returns a resolver for Options.Callees from a call graph
// (e.g. VTA's).
func DynamicCallees(cg *callgraph.Graph) func(ssa.CallInstruction) []*ssa.Function {
	m := dynamicCallees(cg)
	return func(site ssa.CallInstruction) []*ssa.Function { return m[site] }
}

// dynamicCallees indexes the callees of a call graph's dynamic sites.
func dynamicCallees(cg *callgraph.Graph) map[ssa.CallInstruction][]*ssa.Function {
	m := siteCalleesOf(cg)
	for site := range m {
		_, users := allFunctionsUsers(site.Parent().Prog)
		return sortCallees(m, users)
	}
	return m
}

// dynamicCallees is dynamicCallees with the users p's function list
// recorded.
func (p *Program) dynamicCallees(cg *callgraph.Graph) map[ssa.CallInstruction][]*ssa.Function {
	p.sortedFuncs()
	return sortCallees(siteCalleesOf(cg), p.users)
}

// siteCalleesOf lists the callees of cg's dynamic sites, unsorted.
func siteCalleesOf(cg *callgraph.Graph) map[ssa.CallInstruction][]*ssa.Function {
	m := map[ssa.CallInstruction][]*ssa.Function{}
	for _, n := range cg.Nodes {
		for _, e := range n.Out {
			if e.Site != nil && e.Site.Common().StaticCallee() == nil {
				m[e.Site] = append(m[e.Site], e.Callee.Func)
			}
		}
	}
	return m
}

// sortCallees sorts each site's callees in m. A call graph lists them in
// map order (cg.Nodes, or VTA's list of functions): unsorted, the order in
// which Build binds them (and so the vertex numbering) would vary by run.
func sortCallees(m map[ssa.CallInstruction][]*ssa.Function, users funcUsers) map[ssa.CallInstruction][]*ssa.Function {
	keys := map[*ssa.Function]string{} // one key per callee, not per edge
	for site, fs := range m {
		sortFuncsKeyed(site.Parent().Prog, fs, keys, users)
		m[site] = slices.Compact(fs)
	}
	return m
}

func (a *Analysis) solve(ctx context.Context, gr *grammar.Grammar, opts *AnalysisOptions) error {
	if !opts.Context && !opts.EdgeCentric {
		sets, err := andersen.Solve(ctx, a.Graph.Graph, nil)
		if err != nil {
			return fmt.Errorf("solving the points-to graph: %w", err)
		}
		a.ptsOff, a.ptsObj = sets.Off, sets.Obj
		if verifySolve != nil {
			verifySolve(a, gr)
		}
		return nil
	}
	res, err := edgecentric.Solve(ctx, a.Graph.Graph, gr, &edgecentric.Options{Threads: opts.Threads, Partitions: opts.Partitions})
	if err != nil {
		return fmt.Errorf("solving the points-to graph: %w", err)
	}
	a.res = res
	// The points-to relation is FT read backwards (the grammar reads it
	// as -FT without storing it). Turn FT (object → variable, ordered by
	// object) into a CSR by variable in two passes, counting then filling,
	// rather than collecting and sorting every reversed edge.
	ft, ok := res.Grammar().Lookup("FT")
	if !ok {
		return fmt.Errorf("grammar has no FT symbol")
	}
	n := a.Graph.NumVertices
	// last[v] is the last object recorded for v: the context grammar
	// holds an (o, v) pair under several indices, each visited in turn
	// for o, so repeats of a pair are consecutive per variable.
	last := make([]uint32, n)
	for i := range last {
		last[i] = ^uint32(0)
	}
	a.ptsOff = make([]uint32, n+1)
	res.ForEach(ft, func(e edgecentric.Edge) {
		if last[e.Dst] != e.Src {
			last[e.Dst] = e.Src
			a.ptsOff[e.Dst+1]++
		}
	})
	for v := uint32(0); v < n; v++ {
		a.ptsOff[v+1] += a.ptsOff[v]
		last[v] = ^uint32(0)
	}
	a.ptsObj = make([]uint32, a.ptsOff[n])
	fill := slices.Clone(a.ptsOff[:n])
	res.ForEach(ft, func(e edgecentric.Edge) {
		if last[e.Dst] != e.Src {
			last[e.Dst] = e.Src
			a.ptsObj[fill[e.Dst]] = e.Src
			fill[e.Dst]++
		}
	})
	// ForEach visits objects in increasing order, so each set is sorted.
	return nil
}

// verifySolve, set by the package's tests, checks every solve of the
// specialised solver against edgecentric.
var verifySolve func(a *Analysis, gr *grammar.Grammar)

// Result is the engine's closure of the last solve: nil unless the graph
// was solved with edgecentric (AnalysisOptions.Context or EdgeCentric).
func (a *Analysis) Result() *edgecentric.Result { return a.res }

// PointsToVertex returns the objects (object and sub-object vertices) that
// vertex v may point to, sorted.
func (a *Analysis) PointsToVertex(v uint32) []uint32 {
	if v >= a.Graph.NumVertices {
		return nil
	}
	if a.Graph.Rep != nil {
		v = a.Graph.Rep[v]
	}
	return a.ptsObj[a.ptsOff[v]:a.ptsOff[v+1]]
}

// PointsTo returns the objects SSA value v may point to.
func (a *Analysis) PointsTo(v ssa.Value) []uint32 {
	if id, ok := a.Graph.valueID(v); ok {
		return a.PointsToVertex(id)
	}
	return nil
}

// refine computes, for every dynamic call site, the callees that both VTA
// and the points-to sets allow. Where a set contains unknown memory, or an
// object whose dynamic type is unknown, VTA's answer stands.
func (a *Analysis) refine() map[ssa.CallInstruction][]*ssa.Function {
	out := make(map[ssa.CallInstruction][]*ssa.Function, len(a.vta))
	for site, vtaCallees := range a.vta {
		c := site.Common()
		allowed := map[*ssa.Function]bool{}
		unknown := false
		for _, o := range a.PointsTo(c.Value) {
			n := a.Graph.Nodes[o]
			switch {
			case o == a.Graph.Unknown || n.Type == nil:
				unknown = true
			case c.IsInvoke():
				if _, box := n.Value.(*ssa.MakeInterface); !box || n.Kind != KindObject {
					unknown = true // reached the interface through unsafe code
					continue
				}
				if fn := a.method(n.Type, c.Method); fn != nil {
					allowed[fn] = true
				}
			case n.Kind == KindObject && n.Func != nil && n.Value == nil:
				allowed[n.Func] = true // a function used as a value
			default:
				if mc, ok := n.Value.(*ssa.MakeClosure); ok && n.Kind == KindObject {
					allowed[mc.Fn.(*ssa.Function)] = true
				} else {
					unknown = true
				}
			}
		}
		// An empty set: the receiver comes only from code the graph does
		// not see (a callback of the runtime or of reflection), or the
		// site cannot run. VTA's answer stands for the former.
		if unknown || len(allowed) == 0 && len(a.PointsTo(c.Value)) == 0 {
			out[site] = vtaCallees
			continue
		}
		var keep []*ssa.Function
		for _, fn := range vtaCallees {
			if allowed[fn] {
				keep = append(keep, fn)
			}
		}
		out[site] = keep
	}
	return out
}

func (a *Analysis) method(t types.Type, m *types.Func) *ssa.Function {
	sel := a.msets.MethodSet(t).Lookup(m.Pkg(), m.Name())
	if sel == nil {
		return nil
	}
	return a.Prog.SSA.MethodValue(sel)
}
