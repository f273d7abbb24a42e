package frontend

import (
	"fmt"
	"io"

	"golang.org/x/tools/go/ssa"
)

// StaticCheck is the outcome of CheckStatic: the static call sites of the
// reachable functions, and the edges for them cg lacks.
type StaticCheck struct {
	// Funcs counts the reachable functions scanned (Graph.Funcs).
	Funcs int
	// Sites counts their static call sites (StaticCallee non-nil),
	// go and defer statements included; GoDefer counts those.
	Sites, GoDefer int
	// Bodiless counts the sites whose callee has no SSA body (assembly,
	// linknamed runtime functions): the edge is checked, there is nothing
	// to scan past it.
	Bodiless int
	// Missing are the static edges (caller, callee, site) cg does not hold.
	Missing []CallEdge
	// Unreached are the static edges whose callee has a body the analysis
	// translates (an instance, not a generic body) but is not among the
	// reachable functions, so that its own calls go unchecked and
	// unanalyzed.
	Unreached []CallEdge
}

// CheckStatic checks call graph cg (a.CallGraph()) against the static
// callees of the program: for every function a analyzed and every call
// site in it whose callee SSA names (ssa.CallCommon.StaticCallee; go and
// defer included, builtins excluded), the edge caller → callee at that
// site must be in cg, and the callee, when it has a body, must be
// reachable. It rescans the SSA rather than trusting how CallGraph
// collects its edges.
func CheckStatic(a *Analysis, cg *CallGraph) *StaticCheck {
	have := make(map[CallEdge]bool, len(cg.Edges))
	for _, e := range cg.Edges {
		have[e] = true
	}
	reach := make(map[*ssa.Function]bool, len(a.Graph.Funcs))
	for _, fn := range a.Graph.Funcs {
		reach[fn] = true
	}
	bodies := make(map[*ssa.Function]bool, len(a.Prog.sortedFuncs()))
	for _, fn := range a.Prog.sortedFuncs() {
		bodies[fn] = true
	}
	sc := &StaticCheck{Funcs: len(a.Graph.Funcs)}
	for _, fn := range a.Graph.Funcs {
		callSites(fn, func(site ssa.CallInstruction) {
			callee := site.Common().StaticCallee()
			if callee == nil {
				return
			}
			sc.Sites++
			switch site.(type) {
			case *ssa.Go, *ssa.Defer:
				sc.GoDefer++
			}
			e := CallEdge{fn, callee, site}
			if !have[e] {
				sc.Missing = append(sc.Missing, e)
			}
			switch {
			case len(callee.Blocks) == 0:
				sc.Bodiless++
			case bodies[callee] && !reach[callee]:
				sc.Unreached = append(sc.Unreached, e)
			}
		})
	}
	return sc
}

// WriteText writes the totals line and one line per missing or unreached
// edge (caller -> callee at position).
func (sc *StaticCheck) WriteText(w io.Writer, prog *Program) error {
	if _, err := fmt.Fprintf(w, "# static check: %d reachable functions, %d static call sites (%d go/defer, %d to bodiless callees), %d missing edges, %d unreached callees\n",
		sc.Funcs, sc.Sites, sc.GoDefer, sc.Bodiless, len(sc.Missing), len(sc.Unreached)); err != nil {
		return fmt.Errorf("writing static check: %w", err)
	}
	for _, l := range []struct {
		what  string
		edges []CallEdge
	}{{"missing", sc.Missing}, {"unreached", sc.Unreached}} {
		for _, e := range l.edges {
			if _, err := fmt.Fprintf(w, "%s static edge %s -> %s\t%s\n", l.what, funcName(e.Caller), funcName(e.Callee), posString(prog.wd, prog.SSA.Fset, e.Site.Pos())); err != nil {
				return fmt.Errorf("writing static check: %w", err)
			}
		}
	}
	return nil
}
