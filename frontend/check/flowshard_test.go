package check

import (
	"context"
	"reflect"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/frontend"
)

// analyzeTestdata loads testdata/src (pruned, with debug information) and
// runs the points-to analysis the checks run on it.
func analyzeTestdata(t *testing.T) (*frontend.Program, *frontend.Analysis) {
	t.Helper()
	ctx := context.Background()
	prog, err := frontend.Load(ctx, &frontend.Config{Dir: "testdata/src", Debug: true, Prune: true}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if len(prog.Errors) > 0 {
		t.Fatal(prog.Errors)
	}
	a, err := frontend.Analyze(ctx, prog, &frontend.AnalysisOptions{Partitions: pointsToPartitions, BoxPerType: true})
	if err != nil {
		t.Fatal(err)
	}
	return prog, a
}

// TestFlowChunksSameGraph builds the value-flow graph of testdata/src in
// one chunk on one thread (a single pass over the bodies in order), and
// in chunks of a few functions translated by several workers: the
// vertices, edges, edge infos, nil sources and sinks and value names must
// be the same, numbers included, and every value's vertices must be found
// again after the build.
func TestFlowChunksSameGraph(t *testing.T) {
	prog, a := analyzeTestdata(t)
	defer func(n int) { chunkSize = n }(chunkSize)
	build := func(chunk, threads int) *FlowGraph {
		chunkSize = chunk
		g, err := BuildFlow(prog, a, &FlowOptions{Context: true, Threads: threads})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	want := build(1<<30, 1)
	if want.NumVertices < 1000 || len(want.Edges) < 1000 || len(want.NilSinks) < 50 || len(want.Funcs) < 50 {
		t.Fatalf("graph too small to tell: %d vertices, %d edges, %d sinks, %d functions", want.NumVertices, len(want.Edges), len(want.NilSinks), len(want.Funcs))
	}
	for _, c := range []struct{ chunk, threads int }{{1, 4}, {3, 2}, {7, 1}, {32, 3}} {
		got := build(c.chunk, c.threads)
		if got.NumVertices != want.NumVertices || len(got.Edges) != len(want.Edges) {
			t.Fatalf("chunks of %d, %d threads: %d vertices, %d edges; want %d, %d", c.chunk, c.threads, got.NumVertices, len(got.Edges), want.NumVertices, len(want.Edges))
		}
		for v := range want.NumVertices {
			if *got.VertexAt(v) != *want.VertexAt(v) {
				t.Fatalf("chunks of %d, %d threads: vertex %d is %+v, want %+v", c.chunk, c.threads, v, *got.VertexAt(v), *want.VertexAt(v))
			}
		}
		for i, e := range want.Edges {
			ge := got.Edges[i]
			if ge.Src != e.Src || ge.Dst != e.Dst || ge.Index != e.Index || got.Labels[ge.Label] != want.Labels[e.Label] || *got.InfoAt(i) != *want.InfoAt(i) {
				t.Fatalf("chunks of %d, %d threads: edge %d is %+v %+v, want %+v %+v", c.chunk, c.threads, i, ge, *got.InfoAt(i), e, *want.InfoAt(i))
			}
		}
		if !reflect.DeepEqual(got.NilSources, want.NilSources) || !reflect.DeepEqual(got.NilSinks, want.NilSinks) || !reflect.DeepEqual(got.names, want.names) {
			t.Fatalf("chunks of %d, %d threads: nil sources, sinks or names differ", c.chunk, c.threads)
		}
		// Lookups after the build find the vertices both ways.
		for _, fn := range want.Funcs {
			for _, v := range values(fn) {
				if w, g := want.Value(v), got.Value(v); !reflect.DeepEqual(w, g) {
					t.Fatalf("chunks of %d, %d threads: %v's vertices are %v, want %v", c.chunk, c.threads, v, g, w)
				}
			}
		}
		if got.VertexCount() != want.VertexCount() {
			t.Fatalf("chunks of %d, %d threads: %d vertices after the lookups, want %d", c.chunk, c.threads, got.VertexCount(), want.VertexCount())
		}
	}
}

// values lists fn's parameters, free variables and the values of its
// instructions.
func values(fn *ssa.Function) []ssa.Value {
	var vs []ssa.Value
	for _, p := range fn.Params {
		vs = append(vs, p)
	}
	for _, fv := range fn.FreeVars {
		vs = append(vs, fv)
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if v, ok := instr.(ssa.Value); ok {
				vs = append(vs, v)
			}
		}
	}
	return vs
}
