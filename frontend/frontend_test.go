package frontend_test

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"maps"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/cflr/cflr/edgecentric"
	"github.com/cflr/cflr/frontend"
	"github.com/cflr/cflr/grammar"
)

// The programs under testdata/src carry their expectations as comments:
//
//	// @pointsto VAR: L1, L2       objects VAR may point to, exactly
//	// @pointsto[ctx] VAR: L1      the same, with the context-sensitive grammar
//	// @calls CALLER -> F1, F2     functions CALLER may call, exactly
//
// VAR is resolved in the innermost function around the comment. Objects are
// labeled kind@line (new, complit, makeslice, makemap, makechan, box,
// closure, bound, append, convert), by variable name for address-taken
// locals, by name for functions and globals, and by parent label plus .f
// or [*] for sub-objects.
var annot = regexp.MustCompile(`^//\s*@(pointsto|pointsto\[ctx\]|calls)\s+(.*)$`)

type expectation struct {
	kind, target string
	want         []string
	pos          token.Position
}

func TestAnnotated(t *testing.T) {
	dirs, err := os.ReadDir("testdata/src")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		t.Run(d.Name(), func(t *testing.T) {
			// One solve is the default; the annotations hold as well
			// after the second (Refine), which only drops callees.
			for _, ctxSens := range []bool{false, true} {
				for _, refine := range []bool{false, true} {
					checkDir(t, d.Name(), ctxSens, refine)
				}
			}
		})
	}
}

func checkDir(t *testing.T, dir string, ctxSens, refine bool) {
	prog, err := frontend.Load(context.Background(), &frontend.Config{Dir: "testdata/src", Debug: true}, "./"+dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(prog.Errors) > 0 {
		t.Fatalf("package errors: %v", prog.Errors)
	}
	a, err := frontend.Analyze(context.Background(), prog, &frontend.AnalysisOptions{Context: ctxSens, Refine: refine, Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	cg := a.CallGraph()
	exps := readExpectations(t, filepath.Join("testdata/src", dir))
	if len(exps) == 0 {
		t.Fatal("no annotations")
	}
	ctxOverride := map[string]bool{}
	for _, e := range exps {
		if e.kind == "pointsto[ctx]" {
			ctxOverride[e.pos.Filename+":"+e.target] = true
		}
	}
	mode := "insensitive"
	if ctxSens {
		mode = "context"
	}
	if refine {
		mode += ", refined"
	}
	for _, e := range exps {
		switch e.kind {
		case "pointsto", "pointsto[ctx]":
			if (e.kind == "pointsto[ctx]") != ctxSens && (e.kind == "pointsto[ctx]" || ctxOverride[e.pos.Filename+":"+e.target]) {
				continue
			}
			if strings.Contains(e.target, ".") { // a package-level variable
				objs, err := a.PointsToQuery(e.target)
				if err != nil {
					t.Errorf("%s: %v", e.pos, err)
					continue
				}
				var got []string
				for _, o := range objs {
					got = append(got, o.Label)
				}
				if got = sortedSet(got); !slices.Equal(got, e.want) {
					t.Errorf("%s: %s: pointsto %s = %v, want %v", e.pos, mode, e.target, got, e.want)
				}
				continue
			}
			fns := enclosing(prog, e.pos)
			if len(fns) == 0 {
				t.Errorf("%s: no function around the annotation", e.pos)
				continue
			}
			var got []string
			for _, fn := range fns { // generic code: every instance
				objs, err := a.PointsToQuery(frontend.FuncName(fn) + "." + e.target)
				if err != nil {
					t.Errorf("%s: %v", e.pos, err)
					continue
				}
				for _, o := range objs {
					got = append(got, o.Label)
				}
			}
			got = sortedSet(got)
			if !slices.Equal(got, e.want) {
				t.Errorf("%s: %s: pointsto %s = %v, want %v", e.pos, mode, e.target, got, e.want)
			}
		case "calls":
			got := cg.Callees(e.target)
			if !slices.Equal(got, e.want) {
				t.Errorf("%s: %s: calls %s -> %v, want %v", e.pos, mode, e.target, got, e.want)
			}
		}
	}
}

func readExpectations(t *testing.T, dir string) []expectation {
	fset := token.NewFileSet()
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	var exps []expectation
	for _, f := range files {
		af, err := parser.ParseFile(fset, f, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, cg := range af.Comments {
			for _, c := range cg.List {
				m := annot.FindStringSubmatch(c.Text)
				if m == nil {
					continue
				}
				pos := fset.Position(c.Pos())
				pos.Filename, _ = filepath.Abs(pos.Filename)
				sep := ":"
				if m[1] == "calls" {
					sep = "->"
				}
				target, list, ok := strings.Cut(m[2], sep)
				if !ok {
					t.Fatalf("%s: malformed annotation %q", pos, c.Text)
				}
				var want []string
				for _, w := range strings.Split(list, ",") {
					if w = strings.TrimSpace(w); w != "" {
						want = append(want, w)
					}
				}
				exps = append(exps, expectation{m[1], strings.TrimSpace(target), sortedSet(want), pos})
			}
		}
	}
	return exps
}

func sortedSet(xs []string) []string {
	sort.Strings(xs)
	return slices.Compact(xs)
}

// enclosing is the innermost function whose syntax covers pos (all its
// instances, for generic code).
func enclosing(prog *frontend.Program, pos token.Position) []*ssa.Function {
	var best []*ssa.Function
	bestSpan := -1
	for fn := range ssautil.AllFunctions(prog.SSA) {
		syn := fn.Syntax()
		if syn == nil || len(fn.Blocks) == 0 {
			continue
		}
		if _, ok := syn.(*ast.FuncDecl); !ok {
			if _, ok := syn.(*ast.FuncLit); !ok {
				continue
			}
		}
		if fn.TypeParams().Len() > 0 && len(fn.TypeArgs()) == 0 {
			continue
		}
		start, end := prog.Fset.Position(syn.Pos()), prog.Fset.Position(syn.End())
		if start.Filename != pos.Filename || pos.Line < start.Line || pos.Line > end.Line {
			continue
		}
		if span := int(syn.End() - syn.Pos()); bestSpan < 0 || span < bestSpan {
			best, bestSpan = []*ssa.Function{fn}, span
		} else if span == bestSpan {
			best = append(best, fn)
		}
	}
	return best
}

// The solution does not depend on the solver's thread count.
func TestDeterministic(t *testing.T) {
	var first string
	for _, threads := range []int{1, 3} {
		a, dump := pointsToDump(t, threads, "./containers", "./methods")
		var sb strings.Builder
		sb.WriteString(dump)
		for _, e := range a.CallGraph().Edges {
			sb.WriteString(frontend.FuncName(e.Caller) + "->" + frontend.FuncName(e.Callee) + "\n")
		}
		if threads == 1 {
			first = sb.String()
		} else if sb.String() != first {
			t.Errorf("threads %d: different result", threads)
		}
	}
}

// pointsToDump analyzes the packages of testdata/src with the given thread
// count and writes every vertex's name with the names of its points-to set,
// one vertex a line.
func pointsToDump(t *testing.T, threads int, patterns ...string) (*frontend.Analysis, string) {
	t.Helper()
	prog, err := frontend.Load(context.Background(), &frontend.Config{Dir: "testdata/src", Debug: true}, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	a, err := frontend.Analyze(context.Background(), prog, &frontend.AnalysisOptions{Threads: threads})
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	a.Graph.FillNames()
	for v := uint32(0); v < a.Graph.NumVertices; v++ {
		sb.WriteString(a.Graph.Names[v])
		for _, o := range a.PointsToVertex(v) {
			sb.WriteString(" " + a.Graph.Names[o])
		}
		sb.WriteString("\n")
	}
	return a, sb.String()
}

// The grammars read the points-to relation as -FT (FT's edges backwards)
// where they once derived a mirrored TF with its own mirrored heap
// relations. The mirrored grammars are kept under testdata/mirrored: on
// every annotated program, both solve to the same FT, and the points-to
// sets Analysis reports are the mirrored grammar's TF.
func TestInverseSameAsMirrored(t *testing.T) {
	for _, ctxSens := range []bool{false, true} {
		prog, err := frontend.Load(context.Background(), &frontend.Config{Dir: "testdata/src", Debug: true}, "./...")
		if err != nil {
			t.Fatal(err)
		}
		opts := &frontend.AnalysisOptions{Context: ctxSens, Threads: 2}
		a, err := frontend.Analyze(context.Background(), prog, opts)
		if err != nil {
			t.Fatal(err)
		}
		src, err := os.ReadFile(filepath.Join("testdata/mirrored", opts.GrammarName()))
		if err != nil {
			t.Fatal(err)
		}
		g, err := grammar.Parse(opts.GrammarName(), src)
		if err != nil {
			t.Fatal(err)
		}
		if g, err = g.Normalize(); err != nil {
			t.Fatal(err)
		}
		old, err := edgecentric.Solve(context.Background(), a.Graph.Graph, g, &edgecentric.Options{Threads: 2})
		if err != nil {
			t.Fatal(err)
		}
		pairs := func(res *edgecentric.Result, name string, flip bool) map[[2]uint32]bool {
			sym, ok := res.Grammar().Lookup(name)
			if !ok {
				t.Fatalf("grammar lacks %s", name)
			}
			m := map[[2]uint32]bool{}
			res.ForEach(sym, func(e edgecentric.Edge) {
				if flip {
					e.Src, e.Dst = e.Dst, e.Src
				}
				m[[2]uint32{e.Src, e.Dst}] = true
			})
			return m
		}
		// PointsToVertex answers for a merged vertex with its
		// representative's set; merged vertices have no edges.
		got := map[[2]uint32]bool{}
		for v := uint32(0); v < a.Graph.NumVertices; v++ {
			if a.Graph.Rep != nil && a.Graph.Rep[v] != v {
				continue
			}
			for _, o := range a.PointsToVertex(v) {
				got[[2]uint32{o, v}] = true
			}
		}
		// The context-insensitive grammar is solved by the specialised
		// solver, which has no Result: its sets are FT.
		oldFT, newFT, oldTF := pairs(old, "FT", false), got, pairs(old, "TF", true)
		if a.Result() != nil {
			newFT = pairs(a.Result(), "FT", false)
		}
		t.Logf("context %v: %d FT pairs; derived edges %d mirrored", ctxSens, len(newFT), old.Stats.Derived)
		if len(newFT) == 0 || !maps.Equal(oldFT, newFT) || !maps.Equal(oldTF, newFT) {
			t.Errorf("context %v: FT %d pairs, mirrored FT %d, mirrored TF %d: they differ", ctxSens, len(newFT), len(oldFT), len(oldTF))
		}
		if !maps.Equal(got, newFT) {
			t.Errorf("context %v: points-to sets hold %d pairs, FT %d", ctxSens, len(got), len(newFT))
		}
	}
}

// Merging equivalent variables before the solve changes no points-to set.
func TestMergeExact(t *testing.T) {
	prog, err := frontend.Load(context.Background(), &frontend.Config{Dir: "testdata/src", Debug: true}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	sets := func(noMerge bool) ([]string, int) {
		a, err := frontend.Analyze(context.Background(), prog, &frontend.AnalysisOptions{NoMerge: noMerge, Threads: 2})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		merged := 0
		a.Graph.FillNames()
		for v := uint32(0); v < a.Graph.NumVertices; v++ {
			var sb strings.Builder
			for _, o := range a.PointsToVertex(v) {
				sb.WriteString(" " + a.Graph.Names[o])
			}
			out = append(out, sb.String())
			if a.Graph.Rep != nil && a.Graph.Rep[v] != v {
				merged++
			}
		}
		return out, merged
	}
	plain, _ := sets(true)
	merged, n := sets(false)
	if n == 0 {
		t.Fatal("nothing merged")
	}
	if !slices.Equal(plain, merged) {
		for v := range plain {
			if plain[v] != merged[v] {
				t.Errorf("vertex %d: %q merged, %q without", v, merged[v], plain[v])
			}
		}
	}
	t.Logf("%d of %d vertices merged", n, len(plain))
}

// Leaving out values that cannot lead to code (ScalarContainers,
// CallGraphOnly) does not change the call graph.
func TestCallGraphOnlySameCalls(t *testing.T) {
	prog, err := frontend.Load(context.Background(), &frontend.Config{Dir: "testdata/src", Debug: true}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	edges := func(opts *frontend.AnalysisOptions) []string {
		a, err := frontend.Analyze(context.Background(), prog, opts)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, e := range a.CallGraph().Edges {
			out = append(out, frontend.FuncName(e.Caller)+" -> "+frontend.FuncName(e.Callee)+" @"+prog.Fset.Position(e.Site.Pos()).String())
		}
		return out
	}
	full := edges(&frontend.AnalysisOptions{Threads: 2})
	if len(full) == 0 {
		t.Fatal("no call edges")
	}
	for _, o := range []*frontend.AnalysisOptions{{ScalarContainers: true}, {CallGraphOnly: true}, {CallGraphOnly: true, BoxPerType: true}} {
		o.Threads = 2
		got := edges(o)
		if o.BoxPerType {
			// Per-type boxes may add edges, never remove them.
			for _, e := range full {
				if !slices.Contains(got, e) {
					t.Errorf("%+v: lost %s", *o, e)
				}
			}
			continue
		}
		if !slices.Equal(got, full) {
			t.Errorf("%+v: %d call edges, want the %d of the full analysis", *o, len(got), len(full))
		}
	}
}
