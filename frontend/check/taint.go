package check

import (
	"context"
	"fmt"
	"go/token"
	"go/types"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/frontend"
	"github.com/cflr/cflr/frontend/check/grammars"
	"github.com/cflr/cflr/graph"
)

// Taint is the taint check: untrusted data (sources) that reaches a
// dangerous argument (sinks) with no sanitizer on the way.
var Taint Checker = taintChecker{}

func init() { Register(Taint) }

type taintChecker struct{}

func (taintChecker) Name() string { return "taint" }

func (taintChecker) Doc() string {
	return `Taint reports untrusted data that can reach a dangerous sink unsanitized.

Sources (request data and network reads; under the cli profile also
os.Args, flags, the environment, stdin and files read), sinks (SQL query
strings, commands, file paths, html/template's trusted types, response
bodies that may be HTML (not where a non-HTML content type is declared),
markdown renderers that pass raw HTML, redirect and request URLs, and
those of web frameworks and ORMs) and sanitizers
(numeric parsing, escaping, HTML sanitizers and JSON encoding,
filepath.Base, securejoin) are the built-in
models, which a configuration file can extend or replace. Built in besides
are the fixes whose effect depends on their arguments or on a test's
branch: a rooted clean joined below a directory (Join(root,
Clean("/"+name))), rejects of names holding "..", the clean of a URL's
path for redirects, and command arguments after "--". Flows are followed through assignments, calls and
returns (context-sensitively), struct fields, slices, maps, channels,
closures and interfaces. Calls into the standard library are modelled:
taint passes from the arguments to the results, and into what an argument
points to where a model says so (Read, Write, Unmarshal). Values are
flagged by where they come from, never by their type: a query built from a
parameter no caller fills with untrusted data is not reported. Numbers and
booleans carry no taint.`
}

// Labels of the edges the taint check adds to the value-flow graph
// (grammars/taint.cfg).
const (
	labelSrc     = "src"  // root → a value a source makes untrusted
	labelSrcHeap = "srch" // root → a heap cell a source fills
	labelBase    = "base" // a container or pointer x → a value loaded through it
	labelRead    = "rd"   // a heap cell → what a library call computes from it
	labelCopy    = "cp"   // a heap cell → a heap cell a library call fills from it
)

// taintRun is one run of the taint check: the models resolved against the
// program and the edges they add.
type taintRun struct {
	g  *FlowGraph
	tc *TaintConfig

	cellHubs map[string]uint32 // shared hubs of large cell sets (tainthub.go)

	sources     map[string][]*Source
	sinks       map[string][]*Sink
	sanitizers  map[string][]*Sanitizer
	propagators map[string]*Propagator

	localRoots map[string]bool       // first path elements of the local packages
	library    map[*ssa.Package]bool // Config.Library: the named packages (library.go)
	stdMemo    map[*ssa.Package]bool

	cellsOf  map[uint32][]uint32 // points-to object → its heap cells in the flow graph
	children map[uint32][]uint32 // points-to object → its sub-objects

	edges     []modelEdge // sources, and the model edges
	infos     []EdgeInfo  // modelEdge.info: where each edge's flow happens
	descs     []string    // modelEdge.desc: source step descriptions
	descIDs   map[string]int32
	srcNames  map[string]string            // a source step's description → the source's name
	skipSite  map[ssa.CallInstruction]bool // sites whose own edges are replaced by a model
	sinkSites []taintSink

	// Sanitizers clean for some kinds of sinks only, so each group of
	// sink kinds with the same sanitizers is solved on its own: a
	// sanitizer's call passes taint on (its model edges, sanEdges, or its
	// body) except in the solves of the kinds it cleans for.
	sanAt    map[ssa.CallInstruction][]*Sanitizer
	sanEdges map[ssa.CallInstruction][]modelEdge
	sanOrder []ssa.CallInstruction // sanAt's keys in program order

	validators map[string][]*Validator
	guards     map[*ssa.Function][]validGuard

	varargs  map[uint32]bool               // points-to objects of variadic calls' argument arrays
	passMemo map[*ssa.Call]map[uint32]bool // passThrough's answers by call (taintstdheap.go)
	users    []int8                        // userObject's answers by object: 0 not asked yet, 1 yes, -1 no
	fnNames  map[*ssa.Function][]string    // funcNames, once a function
	xssMemo  map[*ssa.Function]xssHandler  // handlerFacts, once a handler (taintxss.go)

	// view, while workers walk the functions (taintwalk.go), finds the
	// flow graph's vertices without changing the graph.
	view *taintView

	helpers *helperSinks // shared by the workers (taintscope.go)
}

// validGuard is a block where a validator returned true for vals.
type validGuard struct {
	block *ssa.BasicBlock
	vals  []ssa.Value
	v     []*Validator
	pos   map[token.Pos]bool // positions of the instructions it dominates
}

// taintSink is one checked value of a sink site.
type taintSink struct {
	pos    ssa.Instruction
	sink   *Sink
	callee string // the sink's name as matched
	place  string // "argument 0", "receiver", "conversion"
	values []uint32
	cells  []uint32
	after  []string // witness steps inside another package (vet mode)
	shell  bool     // a command sink's shell line (taintshell.go)
}

func (taintChecker) Run(ctx context.Context, p *Pass) ([]Finding, error) {
	tc := p.Config.Taint
	if tc == nil {
		tc = DefaultTaintConfig()
	}
	t := newTaintRun(p.Flow, tc)
	if p.Config.Library {
		t.library = map[*ssa.Package]bool{}
		for _, pkg := range p.Prog.Packages {
			t.library[pkg] = true
		}
	}
	threads := p.Config.Threads
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	if err := t.walk(ctx, threads); err != nil {
		return nil, err
	}
	t.enabledSinks()
	if p.Flow.taintExtern != nil {
		p.Flow.taintWalked = t
	}
	if len(t.srcNames) == 0 && tc.Profile != ProfileCLI && p.Config.Note != nil {
		p.Config.Note("taint: the program reads no network or request source; if it is a command-line program, --profile cli treats its arguments, environment, stdin and files read as untrusted")
	}
	if len(t.sinkSites) == 0 {
		return nil, nil
	}
	hasSource := false
	for _, e := range t.edges {
		hasSource = hasSource || e.src == Root
	}
	for _, es := range t.sanEdges {
		for _, e := range es {
			hasSource = hasSource || e.src == Root // (vet mode: a summary's result clean for some kinds)
		}
	}
	if !hasSource {
		return nil, nil
	}
	gr, err := grammars.Load("taint.cfg")
	if err != nil {
		return nil, err
	}
	// One solve per group of sink kinds that the same sanitizers clean
	// for (most programs: one or two).
	type group struct {
		kind   string // a representative kind
		solved *Solved
	}
	groups := map[string]*group{}
	byKind := map[string]*group{}
	var order []*group
	for _, s := range t.sinkSites {
		k := s.solveKind()
		if byKind[k] != nil {
			continue
		}
		var sig strings.Builder
		for i := range tc.Sanitizers {
			if tc.Sanitizers[i].sanitizes(baseKind(k)) {
				fmt.Fprintf(&sig, "%d,", i)
			}
		}
		sig.WriteString("|")
		if t.g.taintExtern != nil {
			sig.WriteString(k + "|") // summaries clean for kinds of their own
		}
		for i := range tc.Validators {
			if tc.Validators[i].validates(baseKind(k)) {
				fmt.Fprintf(&sig, "%d,", i)
			}
		}
		if k == pathKind || k == redirectKind || k == shellKind {
			sig.WriteString("|built-in rules for " + k) // taintpath.go
		}
		gp := groups[sig.String()]
		if gp == nil {
			gp = &group{kind: k}
			groups[sig.String()] = gp
			order = append(order, gp)
		}
		byKind[k] = gp
	}
	// The flow edges the models replace, decided once for every solve.
	// (On the threads, in ranges of edges: each worker has its own
	// memo of standard packages.)
	skipped := make([]bool, len(p.Flow.Edges))
	var wg sync.WaitGroup
	per := (len(skipped) + threads - 1) / threads
	skipErrs := make([]error, 0, threads)
	for lo := 0; lo < len(skipped); lo += per {
		w := t.worker(nil)
		skipErrs = append(skipErrs, nil)
		errp := &skipErrs[len(skipErrs)-1]
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer frontend.Catch("taint models", nil, errp)
			for i := lo; i < min(lo+per, len(skipped)); i++ {
				skipped[i] = w.skip(i, p.Flow.Edges[i])
			}
		}()
	}
	wg.Wait()
	for _, err := range skipErrs {
		if err != nil {
			return nil, err
		}
	}
	// The model edges: the sources and models, then those of each
	// sanitizer's call (sanSite says whose), which a solve leaves out
	// where the sanitizer cleans for its kinds.
	nm := len(t.edges)
	for _, c := range t.sanOrder {
		nm += len(t.sanEdges[c])
	}
	model := t.edges
	sanOf := make([]ssa.CallInstruction, len(t.edges), nm)
	if nm > len(t.edges) {
		// (In place where the walk left room: t.edges keeps its length.)
		model = slices.Grow(t.edges, nm-len(t.edges))
		for _, c := range t.sanOrder {
			model = append(model, t.sanEdges[c]...)
			for range t.sanEdges[c] {
				sanOf = append(sanOf, c)
			}
		}
	}
	// Only flows from Root to a sink's vertex make findings and
	// witnesses: reach marks the vertices some path of flow and model
	// edges (of every sanitizer's call included) leads to from Root, and
	// coreach those of them from which such a path leads on to a sink.
	// Edges off those paths cannot take part in a derivation that
	// matters, so the solves leave them out: on a whole program most of
	// the graph is code no source reaches.
	n := p.Flow.VertexCount() // Use and Value may have added vertices since BuildFlow
	nf := len(p.Flow.Edges)
	cand := func(c int) (uint32, uint32, bool) {
		if c < nf {
			e := &p.Flow.Edges[c]
			return e.Src, e.Dst, !skipped[c]
		}
		e := &model[c-nf]
		return e.src, e.dst, true
	}
	reach := reachFrom(n, nf+len(model), cand, []uint32{Root}, false, nil)
	var targets []uint32
	for _, s := range t.sinkSites {
		targets = append(targets, s.values...)
		targets = append(targets, s.cells...)
	}
	coreach := reachFrom(n, nf+len(model), cand, targets, true, reach)
	if exhaustive {
		for v := range coreach {
			coreach[v] = true
		}
	}
	nc := 0
	for _, e := range model {
		if reach[e.src] && coreach[e.dst] {
			nc++
		}
	}
	cands := make([]SourceEdge, 0, nc)
	sanSite := make([]ssa.CallInstruction, 0, nc)
	for k, e := range model {
		if reach[e.src] && coreach[e.dst] {
			cands = append(cands, t.sourceEdge(e))
			sanSite = append(sanSite, sanOf[k])
		}
	}
	// The flow edges a solve may keep: those on a path from Root to a
	// sink that the models do not replace (each group's solve then asks
	// its own questions of these alone).
	flowCand := []int32{} // non-nil: Solve reads nil as every edge
	for i := range nf {
		e := &p.Flow.Edges[i]
		if !skipped[i] && reach[e.Src] && coreach[e.Dst] {
			flowCand = append(flowCand, int32(i))
		}
	}
	// Each group is solved, and its sinks' witnesses found, on its own:
	// the groups run side by side, up to the thread count (a group's
	// solve of a few ten thousand edges keeps one thread busy better
	// than two), and their findings are put back in sink order.
	workers := min(threads, len(order))
	solveThreads := max(1, threads/max(workers, 1))
	found := make([]*Finding, len(t.sinkSites))
	errs := make([]error, len(order))
	derived := make([]int64, len(order))
	run := func(gi int) (err error) {
		defer frontend.Catch("taint solve", nil, &err)
		gp := order[gi]
		active := map[ssa.CallInstruction]bool{}
		for c, sans := range t.sanAt {
			for _, s := range sans {
				if s.sanitizes(baseKind(gp.kind)) {
					active[c] = true
				}
			}
		}
		var targets []uint32
		for _, s := range t.sinkSites {
			if byKind[s.solveKind()] == gp {
				targets = append(targets, s.values...)
				targets = append(targets, s.cells...)
			}
		}
		skipSource := func(k int) bool {
			if c := sanSite[k]; c != nil && active[c] {
				return true
			}
			e := &cands[k]
			return t.validated(e.Src, e.Dst, e.Info, gp.kind)
		}
		skip := func(i int, e graph.Edge) bool {
			if site := p.Flow.InfoAt(i).Site; site != nil && active[site] {
				return true
			}
			return t.validated(e.Src, e.Dst, *p.Flow.InfoAt(i), gp.kind)
		}
		sv, err := p.Flow.Solve(ctx, "taint", gr, cands, &SolveOptions{Edges: flowCand, Skip: skip, SkipSource: skipSource, Targets: targets, Describe: t.modelStep, Threads: solveThreads})
		if err != nil {
			return err
		}
		derived[gi] = sv.derived
		for k, s := range t.sinkSites {
			if byKind[s.solveKind()] != gp {
				continue
			}
			f, err := t.finding(sv, s)
			if err != nil {
				return err
			}
			found[k] = f
		}
		return nil
	}
	next := make(chan int, len(order))
	for gi := range order {
		next <- gi
	}
	close(next)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for gi := range next {
				errs[gi] = run(gi)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	var total int64
	for _, d := range derived {
		total += d
	}
	p.Flow.mu.Lock()
	p.Flow.derived["taint"] = total
	p.Flow.mu.Unlock()

	var out []Finding
	for _, f := range found {
		if f != nil {
			out = append(out, *f)
		}
	}
	return out, nil
}

// finding is the finding of sink s under its group's solve, or nil when
// no source reaches it.
func (t *taintRun) finding(sv *Solved, s taintSink) (*Finding, error) {
	g := t.g
	v, sym := uint32(0), ""
	for _, x := range s.values {
		if c, ok := s.pos.(ssa.CallInstruction); ok && t.validated(x, Root, EdgeInfo{Site: c}, s.solveKind()) {
			continue
		}
		if sv.Reaches("T", x) {
			v, sym = x, "T"
			break
		}
	}
	if sym == "" {
		for _, x := range s.cells {
			if sv.Reaches("Th", x) {
				v, sym = x, "Th"
				break
			}
		}
	}
	if sym == "" {
		return nil, nil
	}
	w, err := sv.Witness(sym, v)
	if err != nil {
		return nil, fmt.Errorf("taint witness for %s: %w", g.Position(s.pos.Pos()), err)
	}
	src := "a source"
	if len(w) > 0 {
		if n, ok := t.srcNames[w[0].Desc]; ok {
			src = n
		}
	}
	pos := s.pos.Pos()
	if c, ok := s.pos.(ssa.CallInstruction); ok {
		pos = c.Common().Pos()
	}
	what := s.callee
	if s.place != "" {
		what += " (" + s.place + ")"
	}
	w = append(w, Step{Pos: g.Position(pos), Desc: "reaches " + what})
	return &Finding{
		Check:   "taint",
		Pos:     g.Position(pos),
		Message: fmt.Sprintf("tainted data from %s reaches %s sink %s", src, s.sink.Kind, what),
		Witness: withAfter(w, s.after),
	}, nil
}

// validatorIf records the block where if V(x) found x valid: the
// successor where it did, when the If is its only way in (so that the
// block and the blocks it dominates run only after V's verdict);
// taintvalid.go says which tests count.
func (t *taintRun) validatorIf(i *ssa.If) {
	for _, s := range t.ifSpecs(i, helperValidDepth) {
		if s.succ == nil {
			continue
		}
		vals := s.vals
		if pathOnly(s.v) {
			// The same file: for path sinks only (Clean("a;b/..") is
			// ".", free of what a shell or a query would read).
			vals = t.relTargets(t.uncleaned(vals), s.succ)
		}
		t.guard(i.Parent(), s.succ, vals, s.v)
	}
}

// pathValidator is the validator of the built-in reject tests
// (taintRun.rejectTest).
var pathValidator = &Validator{Kinds: []string{pathKind}}

// guard records that v found vals valid in block succ of fn and the
// blocks it dominates.
func (t *taintRun) guard(fn *ssa.Function, succ *ssa.BasicBlock, vals []ssa.Value, v *Validator) {
	pos := map[token.Pos]bool{}
	for _, b := range fn.Blocks {
		if succ.Dominates(b) {
			for _, in := range b.Instrs {
				if p := in.Pos(); p.IsValid() {
					pos[p] = true
				}
			}
		}
	}
	t.guards[fn] = append(t.guards[fn], validGuard{block: succ, vals: vals, v: []*Validator{v}, pos: pos})
}

// validated reports whether the edge from src to dst (info: its call
// site or position) uses a value where a validator for sinks of kind
// found it valid: the use (the call, the instruction computing dst, or
// an instruction at the edge's position, such as a store) is in a block
// the validator's true branch dominates. dst = Root checks a sink's use
// at info.Site.
func (t *taintRun) validated(src, dst uint32, info EdgeInfo, kind string) bool {
	site := info.Site
	if len(t.guards) == 0 {
		return false
	}
	sv := t.g.VertexAt(src)
	if sv.Value == nil || (sv.Kind != VValue && sv.Kind != VGuarded) {
		return false
	}
	gs := t.guards[sv.Value.Parent()]
	if len(gs) == 0 {
		return false
	}
	var blk *ssa.BasicBlock
	if site != nil {
		blk = site.Block()
	} else if dst != Root {
		if in, ok := t.g.VertexAt(dst).Value.(ssa.Instruction); ok && t.g.VertexAt(dst).Kind == VValue {
			blk = in.Block()
		}
	}
	for _, g := range gs {
		if !g.v[0].validates(kind) && (kind == baseKind(kind) || !g.v[0].validates(baseKind(kind))) {
			continue
		}
		if blk != nil && !g.block.Dominates(blk) || blk == nil && !g.pos[info.Pos] {
			continue
		}
		for _, x := range g.vals {
			if sameValue(x, sv.Value) {
				return true
			}
		}
	}
	return false
}

// modelStep describes a model edge of a call for witnesses: "through
// strings.ToUpper into q".
func (t *taintRun) modelStep(e *SourceEdge) string {
	c := e.Info.Site.Common()
	name := ""
	switch {
	case c.IsInvoke():
		name = c.Method.Name()
		if n := methodName(c.Method); n != "" {
			name = n
		}
	case c.StaticCallee() != nil:
		name = frontend.FuncName(c.StaticCallee())
	default:
		name = t.g.Name(c.Value)
	}
	return "through " + name + " into " + t.g.Describe(e.Dst)
}

func newTaintRun(g *FlowGraph, tc *TaintConfig) *taintRun {
	t := &taintRun{
		g: g, tc: tc,
		sources: map[string][]*Source{}, sinks: map[string][]*Sink{},
		sanitizers: map[string][]*Sanitizer{}, propagators: map[string]*Propagator{},
		localRoots: map[string]bool{}, stdMemo: map[*ssa.Package]bool{},
		cellsOf: map[uint32][]uint32{}, children: map[uint32][]uint32{},
		srcNames: map[string]string{}, skipSite: map[ssa.CallInstruction]bool{},
		sanAt: map[ssa.CallInstruction][]*Sanitizer{}, sanEdges: map[ssa.CallInstruction][]modelEdge{},
		descIDs:    map[string]int32{},
		validators: map[string][]*Validator{}, guards: map[*ssa.Function][]validGuard{},
		varargs: map[uint32]bool{}, fnNames: map[*ssa.Function][]string{},
		helpers: newHelperSinks(g),
	}
	for i := range tc.Validators {
		v := &tc.Validators[i]
		t.validators[v.Name.s] = append(t.validators[v.Name.s], v)
	}
	active := tc.ActiveSources() // the profile's
	for i := range active {
		s := &active[i]
		t.sources[s.Name.s] = append(t.sources[s.Name.s], s)
	}
	for i := range tc.Sinks {
		s := &tc.Sinks[i]
		t.sinks[s.Name.s] = append(t.sinks[s.Name.s], s)
	}
	for i := range tc.Sanitizers {
		t.sanitizers[tc.Sanitizers[i].Name.s] = append(t.sanitizers[tc.Sanitizers[i].Name.s], &tc.Sanitizers[i])
	}
	// A later propagator for the same function (the user's) wins.
	for i := range tc.Propagators {
		t.propagators[tc.Propagators[i].Name.s] = &tc.Propagators[i]
	}
	for _, p := range g.Prog.Packages {
		t.localRoots[strings.SplitN(p.Pkg.Path(), "/", 2)[0]] = true
	}
	for v := range g.VertexCount() {
		x := g.VertexAt(uint32(v))
		if x.Kind == VHeap {
			t.cellsOf[x.Obj] = append(t.cellsOf[x.Obj], uint32(v))
		}
	}
	for o, n := range g.Analysis.Graph.Nodes {
		if n.Kind == frontend.KindSubObject {
			t.children[n.Parent] = append(t.children[n.Parent], uint32(o))
		}
		if a, ok := n.Value.(*ssa.Alloc); ok && n.Kind == frontend.KindObject && a.Comment == "varargs" && !toBuiltin(a) {
			t.varargs[uint32(o)] = true
		}
	}
	return t
}

// std reports whether fn belongs to the standard library, whose bodies
// the check does not follow (calls into it are modelled). A package is
// taken for the standard library when its path's first element has no
// dot and is not that of a package the patterns named (a module called
// "app" is not the standard library).
func (t *taintRun) std(fn *ssa.Function) bool {
	pkg := fn.Pkg
	for pkg == nil && fn != nil {
		if o := fn.Origin(); o != nil && o != fn {
			fn = o
			pkg = fn.Pkg
			continue
		}
		if obj, ok := fn.Object().(*types.Func); ok && obj.Pkg() != nil {
			return t.stdPath(obj.Pkg().Path())
		}
		if fn.Parent() != nil {
			fn = fn.Parent()
			pkg = fn.Pkg
			continue
		}
		return false
	}
	if pkg == nil {
		return false
	}
	if r, ok := t.stdMemo[pkg]; ok {
		return r
	}
	r := t.stdPath(pkg.Pkg.Path())
	t.stdMemo[pkg] = r
	return r
}

func (t *taintRun) stdPath(path string) bool {
	first := strings.SplitN(path, "/", 2)[0]
	return !strings.Contains(first, ".") && !t.localRoots[first]
}

// skip drops the flow graph's edges that the models replace: those into
// and inside the standard library, and those of calls a sanitizer or
// propagator models.
func (t *taintRun) skip(i int, e graph.Edge) bool {
	info := t.g.InfoAt(i)
	if info.Site != nil && t.skipSite[info.Site] {
		return true
	}
	if info.Callee != nil && (t.std(info.Callee) || t.g.taintExtern != nil && info.Callee.Blocks == nil) {
		return true // modelled; in vet mode, another package's function by its summary
	}
	if fn := t.g.VertexAt(e.Src).Func; fn != nil && t.std(fn) {
		return true
	}
	if v := t.g.VertexAt(e.Src); v.Kind == VHeap && t.varargs[v.Obj] {
		return true // read through the slice's value instead (varargsStore)
	}
	if t.stdStore(e) || t.stdLoad(e) {
		return true // the standard library's shared heap (taintstdheap.go)
	}
	return false
}

// function adds the sources, sinks and model edges of a function outside
// the standard library.
func (t *taintRun) function(fn *ssa.Function) {
	t.libraryParams(fn)
	for _, s := range t.shellSpecs(fn) {
		if s.succ == nil {
			continue
		}
		t.guard(fn, s.succ, s.vals, s.v)
	}
	local := t.g.IsLocal(fn)
	if fn.Synthetic != "" && fn.Pkg == nil {
		if o := fn.Origin(); o != nil {
			local = t.g.IsLocal(o)
		}
	}
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			switch i := instr.(type) {
			case ssa.CallInstruction:
				t.call(i, local)
			case *ssa.If:
				t.validatorIf(i)
			case *ssa.UnOp:
				t.load(i)
			case *ssa.Field:
				if t.isField(i.X.Type(), i.Field) != "" {
					t.source(t.isField(i.X.Type(), i.Field), i, t.value(i), nil)
				}
				t.base(i.X, i, t.value(i))
			case *ssa.Store:
				t.storeBase(i)
				t.varargsStore(i)
			case *ssa.FieldAddr:
				t.addrBase(i, i.X) // &p.f leads to untrusted data when p does
			case *ssa.IndexAddr:
				t.addrBase(i, i.X)
			case *ssa.Lookup:
				if _, ok := i.X.Type().Underlying().(*types.Map); ok {
					dst := t.value(i)
					if i.CommaOk {
						dst = t.component(i, 0)
					}
					t.base(i.X, i, dst)
				}
			case *ssa.Next:
				if r, ok := i.Iter.(*ssa.Range); ok && !i.IsString {
					t.base(r.X, i, append(t.component(i, 1), t.component(i, 2)...))
				}
			case *ssa.ChangeType:
				if local {
					t.conversion(i, i.X)
				}
			case *ssa.Convert:
				if local {
					t.conversion(i, i.X)
				}
			}
		}
	}
}

// load handles *p and <-ch: a source when p is a field of a source type
// or a source variable, and a base edge from the container or pointer.
func (t *taintRun) load(i *ssa.UnOp) {
	dst := t.value(i)
	if len(dst) == 0 {
		return
	}
	switch i.Op.String() {
	case "<-":
		if i.CommaOk {
			dst = t.component(i, 0)
		}
		t.base(i.X, i, dst)
		return
	case "*":
	default:
		return
	}
	switch a := i.X.(type) {
	case *ssa.FieldAddr:
		if name := t.isField(a.X.Type(), a.Field); name != "" && !storedBefore(a, i) {
			t.source(name, i, dst, nil)
		}
	case *ssa.Global:
		if a.Pkg != nil {
			name := a.Pkg.Pkg.Path() + "." + a.Name()
			if len(t.sources[name]) > 0 {
				t.source(name, i, dst, nil)
			}
		}
		return
	}
	// The base is the pointer or container the address was computed
	// from: p in p.f.g, s in s[i].
	x := rootOf(i.X)
	t.base(x, i, dst)
}

// toBuiltin reports whether a variadic argument array goes to a built-in
// (append(s, x, y)): the flow graph copies its cells into the result's.
func toBuiltin(a *ssa.Alloc) bool {
	for _, r := range *a.Referrers() {
		sl, ok := r.(*ssa.Slice)
		if !ok {
			continue
		}
		for _, u := range *sl.Referrers() {
			if c, ok := u.(ssa.CallInstruction); ok {
				if _, ok := c.Common().Value.(*ssa.Builtin); ok {
					return true
				}
			}
		}
	}
	return false
}

// varargsStore makes an argument of a variadic call flow into the slice
// that passes it (a value). The callee's parameter then receives its
// taint through the call's own parentheses, where the array's heap cell
// (one per call site, but read by the callee for every caller: the heap
// is context-insensitive) would return it to every caller of a variadic
// helper. The cells of such arrays are left out of the solve.
func (t *taintRun) varargsStore(i *ssa.Store) {
	ia, ok := i.Addr.(*ssa.IndexAddr)
	if !ok {
		return
	}
	a, ok := ia.X.(*ssa.Alloc)
	if !ok || a.Comment != "varargs" || toBuiltin(a) {
		return
	}
	if _, ok := i.Val.(*ssa.Const); ok {
		return
	}
	if t.afterEndOfOptions(ia, a) {
		return // exec.Command(name, "--", x): x is no option (taintpath.go)
	}
	for _, r := range *a.Referrers() {
		sl, ok := r.(*ssa.Slice)
		if !ok {
			continue
		}
		for _, s := range t.use(i.Val, i) {
			for _, d := range t.value(sl) {
				t.add(s, d, mlOp, EdgeInfo{Pos: i.Pos()}, -1)
			}
		}
	}
}

// appendSpread makes append(s, xs...) carry the taint of the slice xs's
// value into its result. The flow graph copies xs's elements cell to
// cell, but a slice's taint is often in its value alone: a variadic
// call's arguments reach the callee's parameter that way (varargsStore
// leaves the array's cells out of the solve), and so do the slices that
// library calls return. Without it, the common command wrapper
// run(args ...string) { exec.Command("git", append(base, args...)...) }
// loses its callers' arguments.
func (t *taintRun) appendSpread(c ssa.CallInstruction) {
	cc := c.Common()
	res := c.Value()
	if res == nil || len(cc.Args) < 2 {
		return
	}
	if _, ok := cc.Args[1].Type().Underlying().(*types.Slice); !ok {
		return // a string: flowbuild's op edge already carries it
	}
	from := []ssa.Value{cc.Args[1]}
	if sl, ok := cc.Args[1].(*ssa.Slice); ok {
		if a, ok := sl.X.(*ssa.Alloc); ok && a.Comment == "varargs" {
			from = append(from, charsOf(a)...)
		}
	}
	for _, x := range from {
		for _, s := range t.use(x, c) {
			for _, d := range t.value(res) {
				t.add(s, d, mlOp, EdgeInfo{Pos: cc.Pos()}, -1)
			}
		}
	}
}

// charsOf returns the strings whose bytes or runes the elements of the
// argument array a of an append are: s[i], and the runes of a range over
// s. Bytes and runes are numbers, which carry no taint, so a string
// copied a character at a time (for _, r := range s { b = append(b, r)
// }, a case conversion, say) would otherwise come out clean.
func charsOf(a *ssa.Alloc) []ssa.Value {
	var out []ssa.Value
	for _, r := range *a.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		for _, u := range *ia.Referrers() {
			st, ok := u.(*ssa.Store)
			if !ok || st.Addr != ia {
				continue
			}
			v := st.Val
			if cv, ok := v.(*ssa.Convert); ok {
				v = cv.X // byte(r), rune(b)
			}
			switch v := v.(type) {
			case *ssa.Index:
				if isString(v.X.Type()) {
					out = append(out, v.X)
				}
			case *ssa.Extract:
				if n, ok := v.Tuple.(*ssa.Next); ok && n.IsString && v.Index == 2 {
					if rg, ok := n.Iter.(*ssa.Range); ok {
						out = append(out, rg.X)
					}
				}
			}
		}
	}
	return out
}

// storeBase handles p.f = x where p may point to an object the standard
// library allocated: x's taint goes to p itself (loads and library calls
// through p then see it), as models read no cells of such objects.
func (t *taintRun) storeBase(i *ssa.Store) {
	root := rootOf(i.Addr)
	if root == i.Addr {
		return // *p = x: the cell is p's pointee itself
	}
	if _, ok := i.Val.(*ssa.Const); ok {
		return
	}
	std := false
	pts := t.g.pointees(root)
	for _, o := range pts {
		std = std || !t.userObject(o)
	}
	// Vet mode: a pointer to nothing the package allocated came from
	// another package (url.Parse's *URL), whose heap it lacks.
	std = std || len(pts) == 0 && t.g.taintExtern != nil
	if !std {
		return
	}
	for _, s := range t.use(i.Val, i) {
		for _, d := range t.value(root) {
			t.add(s, d, mlOp, EdgeInfo{Pos: i.Pos()}, -1)
		}
	}
}

// base adds an edge from a pointer or container x to a value loaded
// through it: what a tainted pointer points to is tainted.
func (t *taintRun) base(x ssa.Value, at ssa.Instruction, dst []uint32) {
	if len(dst) == 0 || len(fieldsOf(x.Type())) > 0 {
		return // struct values are tracked per field already
	}
	if _, ok := x.(*ssa.Const); ok {
		return
	}
	for _, s := range t.use(x, at) {
		for _, d := range dst {
			t.add(s, d, mlBase, EdgeInfo{Pos: at.Pos()}, -1)
		}
	}
}

// addrBase adds the base edge of the address &x.f or &x[i] (a). Most
// addresses are only loaded from and stored to, which the models read
// through the base pointer (load, storeBase): then, unless the flow graph
// has a vertex for a already, the edge would end in a vertex nothing
// leaves, where no sink is, and making the vertex and the edge for every
// field and element address of the program was most of the check's work.
// x is still read as base reads it, so that vertices are made in the same
// order.
func (t *taintRun) addrBase(a ssa.Value, x ssa.Value) {
	if !exhaustive && !t.hasValue(a) && onlyAccessed(a) {
		if _, ok := x.(*ssa.Const); !ok && len(fieldsOf(x.Type())) == 0 {
			t.use(x, a.(ssa.Instruction))
		}
		return
	}
	t.base(x, a.(ssa.Instruction), t.value(a))
}

// onlyAccessed reports whether address a is only loaded from and stored
// to (not stored or passed itself, nor a base of other addresses).
func onlyAccessed(a ssa.Value) bool {
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		case *ssa.Store:
			if r.Addr != a || r.Val == a {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// isField returns the name of field f of the struct pointed to by (or of
// type) t when some source names it.
func (t *taintRun) isField(typ types.Type, f int) string {
	n, ok := types.Unalias(deref(typ)).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok || f >= st.NumFields() {
		return ""
	}
	name := n.Obj().Pkg().Path() + "." + n.Obj().Name() + "." + st.Field(f).Name()
	if len(t.sources[name]) > 0 {
		return name
	}
	return ""
}

// source adds root edges for source name into values and cells.
func (t *taintRun) source(name string, at ssa.Instruction, values, cells []uint32) {
	pos := at.Pos()
	if v, ok := at.(ssa.Value); ok {
		pos = posOf(v)
	}
	if c, ok := at.(ssa.CallInstruction); ok {
		pos = c.Common().Pos()
	}
	t.sourceAt(name, pos, values, cells)
}

// sourceAt adds root edges for source name, at pos, into values and cells.
func (t *taintRun) sourceAt(name string, pos token.Pos, values, cells []uint32) {
	t.sourceDesc(name, "untrusted data from "+name, pos, values, cells)
}

// sourceDesc is sourceAt with the source step's description.
func (t *taintRun) sourceDesc(name, desc string, pos token.Pos, values, cells []uint32) {
	t.srcNames[desc] = name
	id, ok := t.descIDs[desc]
	if !ok {
		id = int32(len(t.descs))
		t.descs = append(t.descs, desc)
		t.descIDs[desc] = id
	}
	for _, v := range values {
		t.add(Root, v, mlSrc, EdgeInfo{Pos: pos}, id)
	}
	for _, c := range cells {
		t.add(Root, c, mlSrcHeap, EdgeInfo{Pos: pos}, id)
	}
}

// conversion checks a conversion to a named type some sink names
// (html/template.HTML).
func (t *taintRun) conversion(instr ssa.Value, x ssa.Value) {
	n, ok := types.Unalias(instr.Type()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return
	}
	name := n.Obj().Pkg().Path() + "." + n.Obj().Name()
	sinks := t.sinks[name]
	if len(sinks) == 0 {
		return
	}
	if _, ok := x.(*ssa.Const); ok {
		return
	}
	in := instr.(ssa.Instruction)
	t.sinkSites = append(t.sinkSites, taintSink{pos: in, sink: sinks[0], callee: name, place: "conversion", values: t.use(x, in)})
}

// calleeNames lists the names a call site's callee goes by: the static
// callee's (and, for a promoted method's wrapper, the declaring type's),
// the interface method's, and those of the callees the points-to
// analysis resolved.
func (t *taintRun) calleeNames(c ssa.CallInstruction) (names []string, callees []*ssa.Function) {
	cc := c.Common()
	if cc.IsInvoke() {
		if n := methodName(cc.Method); n != "" {
			names = append(names, n)
		}
	}
	callees = t.g.Analysis.Callees(c)
	var more []string
	for _, fn := range callees {
		fns, ok := t.fnNames[fn]
		if !ok {
			fns = funcNames(fn)
			t.fnNames[fn] = fns
		}
		more = append(more, fns...)
	}
	// Whatever order the call graph lists callees in, the same model
	// matches first.
	sort.Strings(more)
	for i, n := range more {
		if (i == 0 || n != more[i-1]) && (len(names) == 0 || n != names[0]) {
			names = append(names, n)
		}
	}
	return names, callees
}

// funcNames are fn's names in the models' form: pkg.F or pkg.T.M.
func funcNames(fn *ssa.Function) []string {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	var out []string
	if recv := fn.Signature.Recv(); recv != nil {
		if n, ok := types.Unalias(deref(recv.Type())).(*types.Named); ok && n.Obj().Pkg() != nil {
			out = append(out, n.Obj().Pkg().Path()+"."+n.Obj().Name()+"."+fn.Name())
		}
		if obj, ok := fn.Object().(*types.Func); ok {
			if n := methodName(obj); n != "" && (len(out) == 0 || n != out[0]) {
				out = append(out, n)
			}
		}
		return out
	}
	if obj, ok := fn.Object().(*types.Func); ok && fn.Synthetic != "" {
		// A method expression's thunk ((*T).M) or a method value's
		// bound wrapper (x.M): the method's name.
		if n := methodName(obj); n != "" {
			return []string{n}
		}
	}
	if fn.Parent() != nil || fn.Pkg == nil {
		return nil // closures; wrappers without a package
	}
	return []string{fn.Pkg.Pkg.Path() + "." + fn.Name()}
}

// methodName is pkg.T.M for a method or interface method m of a named
// type T.
func methodName(m *types.Func) string {
	sig, ok := m.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return ""
	}
	n, ok := types.Unalias(deref(sig.Recv().Type())).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name() + "." + m.Name()
}

// placeValue is the SSA value of a place at a call (nil when the call
// has no such argument).
func placeValue(c *ssa.CallCommon, pl Place) ssa.Value {
	args := c.Args
	var recv ssa.Value
	switch {
	case c.IsInvoke():
		recv = c.Value
	case hasRecvArg(c) && len(args) > 0:
		recv, args = args[0], args[1:]
	}
	switch pl.Kind {
	case PlaceRecv:
		return recv
	case PlaceArg:
		if pl.Index < len(args) {
			return args[pl.Index]
		}
		if n := len(args); n > 0 && c.Signature().Variadic() {
			return args[n-1]
		}
	}
	return nil
}

// hasRecvArg reports whether c's first argument is a method's receiver:
// a static call of a method, or of a method expression's thunk.
func hasRecvArg(c *ssa.CallCommon) bool {
	if c.IsInvoke() {
		return false
	}
	if c.Signature().Recv() != nil {
		return true
	}
	fn := c.StaticCallee()
	return fn != nil && (fn.Signature.Recv() != nil || strings.HasPrefix(fn.Synthetic, "thunk "))
}

// allArgs are the places of every argument and the receiver of c.
func allArgs(c *ssa.CallCommon) []Place {
	n := len(c.Args)
	var ps []Place
	if c.IsInvoke() || hasRecvArg(c) {
		ps = append(ps, Place{Kind: PlaceRecv})
		if !c.IsInvoke() {
			n--
		}
	}
	for k := 0; k < n; k++ {
		ps = append(ps, Place{Kind: PlaceArg, Index: k})
	}
	return ps
}

// results are the value vertices of result k of a call (every result
// that can carry data when k < 0; never an error).
func (t *taintRun) results(c ssa.CallInstruction, k int) []uint32 {
	call, ok := c.(*ssa.Call)
	if !ok {
		return nil
	}
	res := call.Call.Signature().Results()
	var out []uint32
	for j := 0; j < res.Len(); j++ {
		if (k >= 0 && j != k) || (k < 0 && isError(res.At(j).Type())) {
			continue
		}
		out = append(out, t.callResults(call, j)...)
	}
	return out
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// reads are the vertices whose taint a call reads through v: v itself,
// and the heap cells of what it points to (a slice's elements, a
// struct's fields, a box's content).
func (t *taintRun) reads(v ssa.Value, at ssa.Instruction) (values, cells []uint32) {
	if v == nil {
		return nil, nil
	}
	if _, ok := v.(*ssa.Const); ok {
		return nil, nil
	}
	return t.use(v, at), t.userCells(v)
}

// userCells are the cells of the objects v points to that the program
// allocated (userObject). The cells of an object the standard library
// allocated are shared by everything it allocates at that site (every
// *url.URL that url.Parse returns): a model reading them would pass one
// URL's taint to all. A store into such an object taints the pointer
// stored through instead (storeBase).
func (t *taintRun) userCells(v ssa.Value) []uint32 {
	var out []uint32
	for _, c := range t.pointeeCells(v) {
		if o := t.g.VertexAt(c).Obj; t.userObject(o) && !t.varargs[o] {
			out = append(out, c)
		}
	}
	return out
}

// writes are the vertices a call that fills v makes tainted: v itself
// (and the values it was sliced or converted from), and the cells of what
// they point to where the program allocated it (userObject).
func (t *taintRun) writes(v ssa.Value) (values, cells []uint32) {
	if v == nil {
		return nil, nil
	}
	if _, ok := v.(*ssa.Const); ok {
		return nil, nil
	}
	for x := v; x != nil; {
		values = append(values, t.value(x)...)
		cells = append(cells, t.userCells(x)...)
		switch s := x.(type) {
		case *ssa.Slice:
			x = s.X
		case *ssa.ChangeType:
			x = s.X
		case *ssa.MakeInterface:
			x = s.X // Unmarshal(data, &v) fills v
		default:
			x = nil
		}
	}
	return values, cells
}

// userObject reports whether points-to object o (or the object it is a
// part of) is allocated outside the standard library. A model writes
// taint only into those: every *os.File comes from one allocation site
// in package os, so a Fprintf to os.Stderr would otherwise taint every
// file's name.
func (t *taintRun) userObject(o uint32) bool {
	if t.users == nil {
		t.users = make([]int8, len(t.g.Analysis.Graph.Nodes))
	}
	if r := t.users[o]; r != 0 {
		return r > 0
	}
	r := t.isUserObject(o)
	t.users[o] = -1
	if r {
		t.users[o] = 1
	}
	return r
}

func (t *taintRun) isUserObject(o uint32) bool {
	nodes := t.g.Analysis.Graph.Nodes
	for nodes[o].Kind == frontend.KindSubObject {
		o = nodes[o].Parent
	}
	n := nodes[o]
	fn := n.Func
	if fn == nil && n.Value != nil {
		fn = n.Value.Parent() // the allocating instruction's function
	}
	if fn != nil {
		return !t.std(fn)
	}
	if g, ok := n.Value.(*ssa.Global); ok && g.Pkg != nil {
		return !t.stdPath(g.Pkg.Pkg.Path())
	}
	return false
}

// pointeeCells are the flow graph's heap cells of the objects v may point
// to and of their sub-objects (nested structs and arrays).
func (t *taintRun) pointeeCells(v ssa.Value) []uint32 {
	switch v.Type().Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Interface:
	default:
		return nil
	}
	var out []uint32
	var visit func(o uint32, depth int)
	visit = func(o uint32, depth int) {
		out = append(out, t.cellsOf[o]...)
		if depth < 4 {
			for _, s := range t.children[o] {
				visit(s, depth+1)
			}
		}
	}
	allowed := t.passThrough(v) // taintstdheap.go
	for _, o := range t.g.pointees(v) {
		if allowed == nil || t.objectIn(o, allowed) {
			visit(o, 0)
		}
	}
	return out
}

// call handles a call site outside the standard library: sources, sinks
// (in local functions), and the models of sanitizers, propagators and
// calls into the standard library.
func (t *taintRun) call(c ssa.CallInstruction, local bool) {
	cc := c.Common()
	if bi, ok := cc.Value.(*ssa.Builtin); ok {
		if bi.Name() == "append" {
			t.appendSpread(c)
		}
		return
	}
	if t.g.taintExtern != nil {
		t.externCall(c, local) // vet mode: another package's function, by its summary
	}
	names, callees := t.calleeNames(c)
	var (
		sans       []*Sanitizer
		propagator *Propagator
		stdCallee  bool
	)
	for _, fn := range callees {
		stdCallee = stdCallee || t.std(fn)
	}
	if len(callees) == 0 && cc.IsInvoke() {
		// The universe's error.Error has no package: as opaque as a
		// standard library method.
		pkg := cc.Method.Pkg()
		stdCallee = pkg == nil || t.stdPath(pkg.Path())
	}
	for _, n := range names {
		sans = append(sans, t.sanitizers[n]...)
		if p := t.propagators[n]; p != nil && propagator == nil {
			propagator = p
		}
	}
	if t.isRootedClean(c, names) {
		sans = append(sans, rootedClean)
	}
	if isCleanURLPath(cc, names) {
		sans = append(sans, cleanURLPath)
	}
	if isRootedRedirect(c, names) {
		sans = append(sans, rootedRedirect)
	}
	isSink := false
	for _, n := range names {
		isSink = isSink || len(t.sinks[n]) > 0
	}
	info := EdgeInfo{Pos: cc.Pos(), Site: c}
	if len(callees) == 1 {
		info.Callee = callees[0]
	}
	// Sources.
	for _, n := range names {
		for _, s := range t.sources[n] {
			to := s.To
			if to == nil {
				to = []Place{{Kind: PlaceResult, Index: -1}}
			}
			for _, pl := range to {
				if pl.Kind == PlaceResult {
					t.source(n, c, t.results(c, pl.Index), nil)
				} else {
					vs, cs := t.writes(placeValue(cc, pl))
					t.source(n, c, vs, cs)
				}
			}
		}
	}
	// Sinks, where the user's code calls them.
	if local {
		done := false
		for _, n := range names {
			for _, s := range t.sinks[n] {
				if done {
					break
				}
				if !t.sinkApplies(c, s) {
					continue
				}
				args := s.Args
				if args == nil {
					args = allArgs(cc)
				}
				for _, pl := range args {
					v := placeValue(cc, pl)
					if v == nil {
						continue
					}
					vs, cs := t.reads(v, c)
					if len(vs)+len(cs) == 0 {
						continue
					}
					place := "argument " + pl.String()
					if pl.Kind == PlaceRecv {
						place = "receiver"
					}
					t.sinkSites = append(t.sinkSites, taintSink{pos: c, sink: s, callee: n, place: place, values: vs, cells: cs,
						shell: s.Kind == "command" && shellLine(cc, names)})
				}
				done = true
			}
		}
		if !isSink && !stdCallee && len(sans) == 0 && propagator == nil {
			t.helperCall(c, callees)
		}
	}
	// Models. A sanitizer's call gets the edges it would have without
	// it, kept apart for the solves of the kinds it does not clean for.
	if len(sans) > 0 {
		t.sanAt[c] = sans
		t.sanOrder = append(t.sanOrder, c)
		n := len(t.edges)
		defer func() {
			t.sanEdges[c] = append([]modelEdge(nil), t.edges[n:]...)
			t.edges = t.edges[:n]
		}()
	}
	switch {
	case propagator != nil:
		t.skipSite[c] = true
		from := propagator.From
		if from == nil {
			from = allArgs(cc)
		}
		to := propagator.To
		if to == nil {
			to = []Place{{Kind: PlaceResult, Index: -1}}
		}
		var dv, dc []uint32
		for _, pl := range to {
			if pl.Kind == PlaceResult {
				dv = append(dv, t.results(c, pl.Index)...)
			} else {
				vs, cs := t.writes(placeValue(cc, pl))
				dv, dc = append(dv, vs...), append(dc, cs...)
			}
		}
		for _, pl := range from {
			vs, cs := t.reads(placeValue(cc, pl), c)
			vs, cs = t.shareCells(c, vs, cs, len(sans) == 0, info)
			t.flow(c, vs, cs, dv, dc, info)
		}
	case stdCallee && !isSink:
		// Taint passes from every argument to every result. Not through
		// a sink: what os.ReadFile returns is the file, not its path.
		dv := t.results(c, -1)
		if len(dv) == 0 {
			return
		}
		for _, pl := range allArgs(cc) {
			vs, cs := t.reads(placeValue(cc, pl), c)
			vs, cs = t.shareCells(c, vs, cs, len(sans) == 0, info)
			t.flow(c, vs, cs, dv, nil, info)
		}
	}
}

// flow adds model edges from the values and cells a call reads to the
// values and cells it writes (through a hub when they are many: flowHub).
func (t *taintRun) flow(c ssa.CallInstruction, sv, sc, dv, dc []uint32, info EdgeInfo) {
	if t.flowHub(c, sv, sc, dv, dc, info) {
		return
	}
	add := func(s, d uint32, label uint8) {
		if s != d {
			t.add(s, d, label, info, -1)
		}
	}
	for _, s := range sv {
		for _, d := range dv {
			add(s, d, mlOp)
		}
		for _, d := range dc {
			add(s, d, mlStore)
		}
	}
	for _, s := range sc {
		for _, d := range dv {
			add(s, d, mlRead)
		}
		for _, d := range dc {
			add(s, d, mlCopy)
		}
	}
}

// modelEdge is an edge the taint check adds to the value-flow graph: a
// source, or a model of a library call, load or store. The check adds one
// per field and element address, per argument and result of a library
// call, ... of the whole program (a million on miniflux), most of which
// no source reaches: kept small, they become SourceEdges only when a
// source reaches them.
type modelEdge struct {
	src, dst uint32
	info     uint32 // index in taintRun.infos
	desc     int32  // index in taintRun.descs, or -1
	label    uint8  // index in modelLabels
}

// Labels of model edges (modelEdge.label).
const (
	mlOp = iota
	mlBase
	mlSrc
	mlSrcHeap
	mlStore
	mlRead
	mlCopy
)

var modelLabels = [...]string{mlOp: LabelOp, mlBase: labelBase, mlSrc: labelSrc, mlSrcHeap: labelSrcHeap, mlStore: LabelStore, mlRead: labelRead, mlCopy: labelCopy}

// add appends a model edge; consecutive edges with the same info share
// one entry of t.infos.
func (t *taintRun) add(src, dst uint32, label uint8, info EdgeInfo, desc int32) {
	if n := len(t.infos); n == 0 || t.infos[n-1] != info {
		t.infos = append(grown(t.infos), info)
	}
	t.edges = append(grown(t.edges), modelEdge{src: src, dst: dst, info: uint32(len(t.infos) - 1), desc: desc, label: label})
}

// sourceEdge is e as a SourceEdge.
func (t *taintRun) sourceEdge(e modelEdge) SourceEdge {
	se := SourceEdge{Src: e.src, Dst: e.dst, Label: modelLabels[e.label], Index: graph.NoIndex, Info: t.infos[e.info]}
	if e.desc >= 0 {
		se.Desc = t.descs[e.desc]
	}
	return se
}
