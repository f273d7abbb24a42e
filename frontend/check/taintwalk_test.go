package check

import (
	"context"
	"reflect"
	"testing"

	"golang.org/x/tools/go/ssa"
)

// TestTaintWalkChunks walks testdata/src's functions for the taint check
// in one pass over the flow graph (the reference) and in chunks of a few
// functions on several goroutines, each over a flow graph of its own: the
// model edges, sinks, sanitizer sites and validator guards found, and the
// vertices and edges the walks added to the graph, must be the same. The
// flow graphs forget their values' vertices before the walks, so that the
// walks make every vertex they ask for (and guard edges) anew: on testdata
// they would make none, on miniflux 20,000 (addresses loaded through,
// guarded copies in library code).
func TestTaintWalkChunks(t *testing.T) { checkWalkChunks(t) }

// checkWalkChunks is TestTaintWalkChunks (TestTaintHub runs it with hubs).
func checkWalkChunks(t *testing.T) {
	prog, a := analyzeTestdata(t)
	var built int // vertices the flow build made
	run := func(chunk, threads int) *taintRun {
		g, err := BuildFlow(prog, a, &FlowOptions{Context: true})
		if err != nil {
			t.Fatal(err)
		}
		g.ids, g.shared, g.lastFn, g.lastIDs = map[*ssa.Function]*valueIDs{}, map[vkey]uint32{}, nil, nil
		built = g.VertexCount()
		tr := newTaintRun(g, DefaultTaintConfig())
		if chunk == 0 {
			for _, fn := range g.Funcs {
				if !tr.std(fn) {
					tr.function(fn)
				}
			}
			return tr
		}
		defer func(n int) { walkChunkSize = n }(walkChunkSize)
		walkChunkSize = chunk
		if err := tr.walk(context.Background(), threads); err != nil {
			t.Fatal(err)
		}
		return tr
	}
	want := run(0, 1)
	if len(want.edges) < 200 || len(want.sinkSites) < 20 || len(want.sanOrder) == 0 || len(want.guards) == 0 || want.g.VertexCount()-built < 500 {
		t.Fatalf("too little to tell: %d model edges, %d sinks, %d sanitizer sites, %d functions with validators, %d vertices added",
			len(want.edges), len(want.sinkSites), len(want.sanOrder), len(want.guards), want.g.VertexCount()-built)
	}
	edges := func(tr *taintRun, es []modelEdge) []SourceEdge {
		out := make([]SourceEdge, len(es))
		for i, e := range es {
			out[i] = tr.sourceEdge(e)
		}
		return out
	}
	for _, c := range []struct{ chunk, threads int }{{1 << 30, 1}, {1, 4}, {5, 2}, {64, 3}} {
		got := run(c.chunk, c.threads)
		if got.g.VertexCount() != want.g.VertexCount() || len(got.g.Edges) != len(want.g.Edges) {
			t.Fatalf("chunks of %d, %d threads: graph has %d vertices, %d edges; want %d, %d", c.chunk, c.threads, got.g.VertexCount(), len(got.g.Edges), want.g.VertexCount(), len(want.g.Edges))
		}
		for v := range want.g.VertexCount() {
			if *got.g.VertexAt(uint32(v)) != *want.g.VertexAt(uint32(v)) {
				t.Fatalf("chunks of %d, %d threads: vertex %d differs", c.chunk, c.threads, v)
			}
		}
		if !reflect.DeepEqual(got.g.Edges, want.g.Edges) {
			t.Fatalf("chunks of %d, %d threads: flow edges differ", c.chunk, c.threads)
		}
		if !reflect.DeepEqual(edges(got, got.edges), edges(want, want.edges)) {
			t.Fatalf("chunks of %d, %d threads: model edges differ", c.chunk, c.threads)
		}
		if !reflect.DeepEqual(got.sinkSites, want.sinkSites) || !reflect.DeepEqual(got.sanOrder, want.sanOrder) ||
			!reflect.DeepEqual(got.sanAt, want.sanAt) || !reflect.DeepEqual(got.skipSite, want.skipSite) ||
			!reflect.DeepEqual(got.srcNames, want.srcNames) || len(got.guards) != len(want.guards) {
			t.Fatalf("chunks of %d, %d threads: sinks, sanitizer sites, skipped sites, source names or guards differ", c.chunk, c.threads)
		}
		for site, es := range want.sanEdges {
			if !reflect.DeepEqual(edges(got, got.sanEdges[site]), edges(want, es)) {
				t.Fatalf("chunks of %d, %d threads: a sanitizer's model edges differ", c.chunk, c.threads)
			}
		}
		for fn, gs := range want.guards {
			if len(got.guards[fn]) != len(gs) {
				t.Fatalf("chunks of %d, %d threads: %s has %d validator guards, want %d", c.chunk, c.threads, fn, len(got.guards[fn]), len(gs))
			}
		}
	}
}
