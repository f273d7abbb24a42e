package frontend

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"golang.org/x/tools/go/callgraph"
	"golang.org/x/tools/go/callgraph/cha"
	"golang.org/x/tools/go/callgraph/vta"
	"golang.org/x/tools/go/ssa"
)

// CallEdge is one call edge: a call site in Caller may call Callee.
type CallEdge struct {
	Caller, Callee *ssa.Function
	Site           ssa.CallInstruction
}

// CallGraph is a call graph with the totals cflr reports.
type CallGraph struct {
	Edges []CallEdge // sorted by caller, site position, callee
	// Functions counts the functions that appear in an edge.
	Functions int
	// DynamicSites counts the sites calling a function value or an
	// interface method; Resolved those with at least one callee.
	DynamicSites, Resolved int
}

// CallGraph is the program's call graph under the points-to sets: static
// calls to their callee, dynamic calls to the functions the receiver or
// function value may point to (within VTA's answer).
func (a *Analysis) CallGraph() *CallGraph {
	var edges []CallEdge
	dyn, resolved := 0, 0
	for _, fn := range a.Graph.Funcs {
		callSites(fn, func(site ssa.CallInstruction) {
			c := site.Common()
			if _, bi := c.Value.(*ssa.Builtin); bi {
				return
			}
			if sc := c.StaticCallee(); sc != nil {
				edges = append(edges, CallEdge{fn, sc, site})
				return
			}
			dyn++
			cs := a.callees[site]
			if len(cs) > 0 {
				resolved++
			}
			for _, callee := range cs {
				edges = append(edges, CallEdge{fn, callee, site})
			}
		})
	}
	cg := &CallGraph{Edges: edges, DynamicSites: dyn, Resolved: resolved}
	cg.finish(a.Prog)
	return cg
}

// callSites calls f with every call instruction of fn's body, in order.
func callSites(fn *ssa.Function, f func(ssa.CallInstruction)) {
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			if site, ok := instr.(ssa.CallInstruction); ok {
				f(site)
			}
		}
	}
}

// isDynamic reports whether c calls through an interface or a function
// value: no static callee, and not a builtin.
func isDynamic(c *ssa.CallCommon) bool {
	_, bi := c.Value.(*ssa.Builtin)
	return !bi && c.StaticCallee() == nil
}

// FromX summarizes a call graph built by an x/tools builder (CHA, VTA) in
// the same terms, for comparison: over the edges of the functions in
// callers, or (callers nil) of every function with a body.
func FromX(prog *Program, g *callgraph.Graph, callers []*ssa.Function) *CallGraph {
	if callers == nil {
		callers = prog.sortedFuncs()
	}
	in := make(map[*ssa.Function]bool, len(callers))
	for _, fn := range callers {
		in[fn] = true
	}
	cg := &CallGraph{}
	dynSites := map[ssa.CallInstruction]bool{}
	for _, n := range g.Nodes {
		if n.Func == nil {
			continue
		}
		for _, e := range n.Out {
			if e.Site == nil || !in[e.Caller.Func] {
				continue
			}
			cg.Edges = append(cg.Edges, CallEdge{e.Caller.Func, e.Callee.Func, e.Site})
			if e.Site.Common().StaticCallee() == nil {
				dynSites[e.Site] = true
			}
		}
	}
	// Count dynamic sites over every caller's body, as CallGraph does.
	for _, fn := range callers {
		callSites(fn, func(site ssa.CallInstruction) {
			if isDynamic(site.Common()) {
				cg.DynamicSites++
				if dynSites[site] {
					cg.Resolved++
				}
			}
		})
	}
	cg.finish(prog)
	return cg
}

// Reachable lists the functions that can run when dynamic calls go where
// call graph g says (the roots and rules of Options.AllFunctions' default),
// sorted: the callers FromX should count to compare g with cflr's graph.
func Reachable(prog *Program, g *callgraph.Graph) []*ssa.Function {
	m := prog.dynamicCallees(g)
	return reachableFuncs(prog, prog.sortedFuncs(), func(site ssa.CallInstruction) []*ssa.Function { return m[site] })
}

// CHA and VTA return the x/tools call graphs of prog. VTA walks the
// program for its functions itself, as a VTA user would: it is the
// baseline --compare times.
func CHA(prog *Program) *callgraph.Graph { return cha.CallGraph(prog.SSA) }
func VTA(prog *Program) *callgraph.Graph {
	return vta.CallGraph(allFunctions(prog.SSA), cha.CallGraph(prog.SSA))
}

func (cg *CallGraph) finish(prog *Program) {
	fset := prog.SSA.Fset
	key := func(e CallEdge) string {
		p := fset.Position(e.Site.Pos())
		return fmt.Sprintf("%s\x00%s\x00%08d\x00%08d\x00%s", funcName(e.Caller), p.Filename, p.Line, p.Column, funcName(e.Callee))
	}
	keys := make(map[CallEdge]string, len(cg.Edges))
	for _, e := range cg.Edges {
		keys[e] = key(e)
	}
	sort.SliceStable(cg.Edges, func(i, j int) bool { return keys[cg.Edges[i]] < keys[cg.Edges[j]] })
	// Dedupe (a builder may list an edge twice).
	out := cg.Edges[:0]
	for i, e := range cg.Edges {
		if i > 0 && cg.Edges[i-1] == e {
			continue
		}
		out = append(out, e)
	}
	cg.Edges = out
	fns := map[*ssa.Function]bool{}
	for _, e := range cg.Edges {
		fns[e.Caller], fns[e.Callee] = true, true
	}
	cg.Functions = len(fns)
}

// Callees returns the names of the functions fn may call, sorted.
func (cg *CallGraph) Callees(caller string) []string {
	set := map[string]bool{}
	for _, e := range cg.Edges {
		if funcName(e.Caller) == caller {
			set[funcName(e.Callee)] = true
		}
	}
	out := make([]string, 0, len(set))
	for s := range set {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// WriteText writes one edge a line (caller -> callee at position) and a
// totals line.
func (cg *CallGraph) WriteText(w io.Writer, prog *Program) error {
	for _, e := range cg.Edges {
		if _, err := fmt.Fprintf(w, "%s -> %s\t%s\n", funcName(e.Caller), funcName(e.Callee), posString(prog.wd, prog.SSA.Fset, e.Site.Pos())); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintf(w, "# functions %d, edges %d, dynamic sites %d, resolved %d\n", cg.Functions, len(cg.Edges), cg.DynamicSites, cg.Resolved)
	return err
}

// WriteJSON writes the graph as one JSON object.
func (cg *CallGraph) WriteJSON(w io.Writer, prog *Program) error {
	type edge struct {
		Caller string `json:"caller"`
		Callee string `json:"callee"`
		Pos    string `json:"pos"`
	}
	out := struct {
		Functions    int    `json:"functions"`
		Edges        int    `json:"edges"`
		DynamicSites int    `json:"dynamic_sites"`
		Resolved     int    `json:"resolved_dynamic_sites"`
		List         []edge `json:"call_edges"`
	}{cg.Functions, len(cg.Edges), cg.DynamicSites, cg.Resolved, []edge{}}
	for _, e := range cg.Edges {
		out.List = append(out.List, edge{funcName(e.Caller), funcName(e.Callee), posString(prog.wd, prog.SSA.Fset, e.Site.Pos())})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// WriteDOT writes the graph for Graphviz, one edge per caller/callee pair.
func (cg *CallGraph) WriteDOT(w io.Writer) error {
	var sb strings.Builder
	sb.WriteString("digraph callgraph {\n")
	seen := map[[2]string]bool{}
	for _, e := range cg.Edges {
		k := [2]string{funcName(e.Caller), funcName(e.Callee)}
		if seen[k] {
			continue
		}
		seen[k] = true
		fmt.Fprintf(&sb, "  %q -> %q;\n", k[0], k[1])
	}
	fmt.Fprintf(&sb, "  label=%q;\n}\n", fmt.Sprintf("functions %d, edges %d, dynamic sites %d, resolved %d", cg.Functions, len(cg.Edges), cg.DynamicSites, cg.Resolved))
	_, err := io.WriteString(w, sb.String())
	return err
}
