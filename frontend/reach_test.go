package frontend

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/callgraph/vta"
	"golang.org/x/tools/go/ssa"
)

// Analyze walks the reachable functions in two steps (without dynamic
// calls while VTA runs, then through VTA's callees) and hands the result to
// Build: the functions, and the graph built from them, must be those of
// the single walk Build does by itself.
func TestReachWalkTwoSteps(t *testing.T) {
	// T's methods are reached only through VTA's callees: T is converted
	// to an interface in a function nothing calls, and the value reaches
	// main through a global.
	dir := t.TempDir()
	for name, src := range map[string]string{
		"go.mod": "module reach\n\ngo 1.22\n",
		"main.go": `package main

type I interface{ M() *int }

type T struct{ p *int }

func (t T) M() *int { return t.p }

var g I

func unused() { g = T{new(int)} }

func main() {
	f := func() {}
	f()
	if g != nil {
		println(g.M())
	}
}
`} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	prog, err := Load(context.Background(), &Config{Dir: dir, Debug: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	m := dynamicCallees(vta.CallGraph(allFunctions(prog.SSA), nil))
	resolve := func(site ssa.CallInstruction) []*ssa.Function { return m[site] }
	funcs := prog.sortedFuncs()

	w := newReachWalk(prog, funcs)
	w.run(nil)
	static := w.result()
	w.run(resolve)
	two := w.result()
	one := reachableFuncs(prog, funcs, resolve)
	if !slices.Equal(one, two) {
		t.Fatalf("two-step walk reached %d functions, the single walk %d", len(two), len(one))
	}
	if len(static) >= len(two) {
		t.Fatalf("no function is reached only through a dynamic call (%d before VTA's callees, %d after): the test checks nothing", len(static), len(two))
	}

	for _, boxes := range []bool{false, true} {
		g1, err := Build(prog, &Options{Callees: resolve, BoxPerType: boxes})
		if err != nil {
			t.Fatal(err)
		}
		g2, err := Build(prog, &Options{Callees: resolve, BoxPerType: boxes, reachable: two})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(g1.Funcs, g2.Funcs) || !slices.Equal(g1.Edges, g2.Edges) || !slices.Equal(g1.Nodes, g2.Nodes) {
			t.Errorf("BoxPerType %v: graphs differ (%d/%d vertices, %d/%d edges)", boxes, len(g1.Nodes), len(g2.Nodes), len(g1.Edges), len(g2.Edges))
		}
		// Every value with a vertex is found through valueID, once the
		// map of all values is put together.
		n := 0
		for v, n1 := range g1.Nodes {
			if n1.Kind == KindValue {
				if id, ok := g2.valueID(n1.Value); !ok || id != uint32(v) {
					t.Errorf("value %v: vertex %d, valueID %d %v", n1.Value, v, id, ok)
				}
				n++
			}
		}
		if n == 0 {
			t.Error("no value vertices")
		}
	}
}
