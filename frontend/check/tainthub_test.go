package check

import (
	"context"
	"testing"
)

// TestTaintHub runs the taint check on testdata/src/taint with every
// library call's model through a hub (hubMin 0) and every cell set it
// reads shared (cellHubMin 1): the findings and their witnesses must be
// those of the direct edges, on 1 and 4 threads, and the chunked walk
// must give the one-pass walk's graph and edges (checkWalkChunks: the
// merge makes the hubs in walk order and keeps one per cell set). A walk
// over all of testdata/src must make hubs then, and none at the default
// bounds.
func TestTaintHub(t *testing.T) {
	prog := loadTestdata(t, "taint/...")
	run := func(threads int) []Finding {
		fs, err := Run(context.Background(), prog, &Config{Checks: []string{"taint"}, Context: true, Threads: threads})
		if err != nil {
			t.Fatal(err)
		}
		return fs
	}
	same := func(what string, got, want []Finding) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: %d findings, want %d", what, len(got), len(want))
		}
		for i := range want {
			if g, w := got[i].String()+"\n"+witnessString(got[i]), want[i].String()+"\n"+witnessString(want[i]); g != w {
				t.Errorf("%s: finding\n%s\nwant\n%s", what, g, w)
			}
		}
	}
	direct := run(1)
	defer func(n, m int) { hubMin, cellHubMin = n, m }(hubMin, cellHubMin)
	hubMin, cellHubMin = 0, 1
	same("through hubs, 1 thread", run(1), direct)
	same("through hubs, 4 threads", run(4), direct)
	checkWalkChunks(t)

	all, a := analyzeTestdata(t)
	hubs := func() int {
		g, err := BuildFlow(all, a, &FlowOptions{Context: true})
		if err != nil {
			t.Fatal(err)
		}
		n := g.VertexCount()
		if err := newTaintRun(g, DefaultTaintConfig()).walk(context.Background(), 2); err != nil {
			t.Fatal(err)
		}
		k := 0
		for v := n; v < g.VertexCount(); v++ {
			if g.VertexAt(uint32(v)).Kind == VTemp {
				k++
			}
		}
		return k
	}
	if k := hubs(); k < 50 {
		t.Errorf("hubMin 0, cellHubMin 1: the walk made %d hubs, want one per modelled call (at least 50)", k)
	}
	hubMin, cellHubMin = 4096, 1024
	if k := hubs(); k != 0 {
		t.Errorf("default bounds: the walk made %d hubs on testdata, want none", k)
	}
}
