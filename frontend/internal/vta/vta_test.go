// Copyright 2021 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// x/tools' known-answer tests of VTA (vta_test.go, graph_test.go,
// helpers_test.go), on their testdata, run on the fork with chunks of one
// function (every function's part of the graph is merged) as well as the
// default, and with one and several workers.

package vta

import (
	"fmt"
	"go/ast"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/callgraph"
	"golang.org/x/tools/go/callgraph/cha"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// configs are the chunk sizes and worker counts each test runs with.
var configs = []struct{ chunk, threads int }{{128, 1}, {1, 1}, {1, 4}}

func forConfigs(t *testing.T, f func(t *testing.T, threads int)) {
	defer func(old int) { chunkSize = old }(chunkSize)
	for _, c := range configs {
		chunkSize = c.chunk
		t.Run(fmt.Sprintf("chunk=%d,threads=%d", c.chunk, c.threads), func(t *testing.T) { f(t, c.threads) })
	}
}

func TestVTACallGraph(t *testing.T) {
	files := []string{
		"testdata/src/callgraph_static.go",
		"testdata/src/callgraph_ho.go",
		"testdata/src/callgraph_interfaces.go",
		"testdata/src/callgraph_pointers.go",
		"testdata/src/callgraph_collections.go",
		"testdata/src/callgraph_fields.go",
		"testdata/src/callgraph_field_funcs.go",
		"testdata/src/callgraph_recursive_types.go",
		"testdata/src/callgraph_issue_57756.go",
		"testdata/src/callgraph_comma_maps.go",
		"testdata/src/callgraph_type_aliases.go", // https://github.com/golang/go/issues/68799
		"testdata/src/callgraph_range_over_func.go",
	}
	for _, file := range files {
		t.Run(file, func(t *testing.T) {
			prog, want := testProg(t, file)
			forConfigs(t, func(t *testing.T, threads int) {
				// First test VTA with lazy-CHA initial call graph.
				g := CallGraph(ssautil.AllFunctions(prog), nil, threads)
				got := callGraphStr(g)
				if missing := setdiff(want, got); len(missing) > 0 {
					t.Errorf("got:\n%s\n\nwant:\n%s\n\nmissing:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), strings.Join(missing, "\n"))
				}

				// Repeat the test with explicit CHA initial call graph.
				g = CallGraph(ssautil.AllFunctions(prog), cha.CallGraph(prog), threads)
				got = callGraphStr(g)
				if missing := setdiff(want, got); len(missing) > 0 {
					t.Errorf("with CHA: got:\n%s\n\nwant:\n%s\n\nmissing:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), strings.Join(missing, "\n"))
				}
			})
		})
	}
}

func TestVTACallGraphGenerics(t *testing.T) {
	files := []string{
		"testdata/src/arrays_generics.go",
		"testdata/src/callgraph_generics.go",
		"testdata/src/issue63146.go",
	}
	for _, file := range files {
		t.Run(file, func(t *testing.T) {
			prog, want := testProg(t, file)
			forConfigs(t, func(t *testing.T, threads int) {
				g := CallGraph(ssautil.AllFunctions(prog), cha.CallGraph(prog), threads)
				got := callGraphStr(g)
				if diff := setdiff(want, got); len(diff) != 0 {
					t.Errorf("computed callgraph %v should contain %v (diff: %v)", got, want, diff)
				}
			})
		})
	}
}

func TestVTAGraphConstruction(t *testing.T) {
	for _, file := range []string{
		"testdata/src/store.go",
		"testdata/src/phi.go",
		"testdata/src/type_conversions.go",
		"testdata/src/type_assertions.go",
		"testdata/src/fields.go",
		"testdata/src/node_uniqueness.go",
		"testdata/src/store_load_alias.go",
		"testdata/src/phi_alias.go",
		"testdata/src/channels.go",
		"testdata/src/generic_channels.go",
		"testdata/src/select.go",
		"testdata/src/stores_arrays.go",
		"testdata/src/maps.go",
		"testdata/src/ranges.go",
		"testdata/src/closures.go",
		"testdata/src/function_alias.go",
		"testdata/src/static_calls.go",
		"testdata/src/dynamic_calls.go",
		"testdata/src/returns.go",
		"testdata/src/panic.go",
	} {
		t.Run(file, func(t *testing.T) {
			prog, want := testProg(t, file)
			fs := ssautil.AllFunctions(prog)
			var list []*ssa.Function
			for f := range fs {
				list = append(list, f)
			}
			forConfigs(t, func(t *testing.T, threads int) {
				// First test propagation with lazy-CHA initial call graph.
				g := typePropGraph(list, makeCalleesFunc(fs, nil), true, threads)
				got := vtaGraphStr(g)
				if diff := setdiff(want, got); len(diff) > 0 {
					t.Errorf("`%s`: want superset of %v;\n got %v\ndiff: %v", file, want, got, diff)
				}

				// Repeat the test with explicit CHA initial call graph.
				g = typePropGraph(list, makeCalleesFunc(fs, cha.CallGraph(prog)), false, threads)
				got = vtaGraphStr(g)
				if diff := setdiff(want, got); len(diff) > 0 {
					t.Errorf("`%s`: want superset of %v;\n got %v\ndiff: %v", file, want, got, diff)
				}
			})
		})
	}
}

// want extracts the contents of the first comment
// section starting with "WANT:\n". The returned
// content is split into lines without // prefix.
func want(f *ast.File) []string {
	for _, c := range f.Comments {
		text := strings.TrimSpace(c.Text())
		if t, ok := strings.CutPrefix(text, "WANT:\n"); ok {
			return strings.Split(t, "\n")
		}
	}
	return nil
}

// testProg returns an ssa representation of a program at
// `path`, assumed to define package "testdata," and the
// test want result as list of strings.
func testProg(t testing.TB, path string) (*ssa.Program, []string) {
	// Set debug mode to exercise DebugRef instructions.
	pkg, ssapkg := loadFile(t, path, ssa.InstantiateGenerics|ssa.GlobalDebug)
	w := want(pkg.Syntax[0])
	if len(w) == 0 {
		t.Fatalf("couldn't find want in `%s`", path)
	}
	return ssapkg.Prog, w
}

// loadFile loads a built SSA package for a single-file package "x.io/testdata".
func loadFile(t testing.TB, filename string, mode ssa.BuilderMode) (*packages.Package, *ssa.Package) {
	data, err := os.ReadFile(filename)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  dir,
		Overlay: map[string][]byte{
			filepath.Join(dir, "go.mod"): []byte("module x.io\ngo 1.24"),

			filepath.Join(dir, "testdata", filepath.Base(filename)): data,
		},
	}
	pkgs, err := packages.Load(cfg, "./testdata")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 {
		t.Fatalf("got %d packages, want 1", len(pkgs))
	}
	if len(pkgs[0].Syntax) != 1 {
		t.Fatalf("got %d files, want 1", len(pkgs[0].Syntax))
	}
	if num := packages.PrintErrors(pkgs); num > 0 {
		t.Fatalf("packages contained %d errors", num)
	}
	prog, ssapkgs := ssautil.Packages(pkgs, mode)
	prog.Build()
	return pkgs[0], ssapkgs[0]
}

// funcName returns a name of the function `f`
// prefixed with the name of the receiver type.
func funcName(f *ssa.Function) string {
	recv := f.Signature.Recv()
	if recv == nil {
		return f.Name()
	}
	tp := recv.Type().String()
	return tp[strings.LastIndex(tp, ".")+1:] + "." + f.Name()
}

// callGraphStr stringifes `g` into a list of strings where
// each entry is of the form
//
//	f: cs1 -> f1, f2, ...; ...; csw -> fx, fy, ...
//
// f is a function, cs1, ..., csw are call sites in f, and
// f1, f2, ..., fx, fy, ... are the resolved callees.
func callGraphStr(g *callgraph.Graph) []string {
	var gs []string
	for f, n := range g.Nodes {
		c := make(map[string][]string)
		for _, edge := range n.Out {
			cs := edge.Site.String()
			c[cs] = append(c[cs], funcName(edge.Callee.Func))
		}

		var cs []string
		for site, fs := range c {
			sort.Strings(fs)
			entry := fmt.Sprintf("%v -> %v", site, strings.Join(fs, ", "))
			cs = append(cs, entry)
		}

		sort.Strings(cs)
		entry := fmt.Sprintf("%v: %v", funcName(f), strings.Join(cs, "; "))
		gs = append(gs, removeModulePrefix(entry))
	}
	return gs
}

func removeModulePrefix(s string) string {
	return strings.ReplaceAll(s, "x.io/", "")
}

// vtaGraphStr stringifies vtaGraph into a list of strings
// where each string represents an edge set of the format
// node -> succ_1, ..., succ_n. succ_1, ..., succ_n are
// sorted in alphabetical order. (The fork's graph may list a
// successor twice; x/tools' holds a set, which is what is printed.)
func vtaGraphStr(g *vtaGraph) []string {
	var vgs []string
	for n := 0; n < g.numNodes(); n++ {
		var succs []idx
		for s := range g.successors(idx(n)) {
			succs = append(succs, s)
		}
		slices.Sort(succs)
		var succStr []string
		for _, s := range slices.Compact(succs) {
			succStr = append(succStr, g.node[s].String())
		}

		sort.Strings(succStr)
		entry := fmt.Sprintf("%v -> %v", g.node[n].String(), strings.Join(succStr, ", "))
		vgs = append(vgs, removeModulePrefix(entry))
	}
	return vgs
}

// setdiff returns the set difference of `X-Y` or {s | s ∈ X, s ∉ Y }.
func setdiff(X, Y []string) []string {
	y := make(map[string]bool)
	var delta []string
	for _, s := range Y {
		y[s] = true
	}

	for _, s := range X {
		if _, ok := y[s]; !ok {
			delta = append(delta, s)
		}
	}
	sort.Strings(delta)
	return delta
}
