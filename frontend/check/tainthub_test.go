package check

import (
	"context"
	"fmt"
	"testing"
)

// TestTaintHub runs the taint check on testdata/src/taint with every
// library call's model through a hub (hubMin 0) and checks that the
// findings are those of the direct edges, each witness one step longer at
// most per model it crosses, and the same on 1 and 4 threads (the chunked
// walk makes the hubs at its merge, in walk order).
func TestTaintHub(t *testing.T) {
	prog := loadTestdata(t, "taint/...")
	run := func(threads int) []Finding {
		fs, err := Run(context.Background(), prog, &Config{Checks: []string{"taint"}, Context: true, Threads: threads})
		if err != nil {
			t.Fatal(err)
		}
		return fs
	}
	direct := run(1)
	defer func(n int) { hubMin = n }(hubMin)
	hubMin = 0
	hubbed := run(1)
	expect(t, hubbed, "taint")
	if len(hubbed) != len(direct) {
		t.Fatalf("%d findings through hubs, %d direct", len(hubbed), len(direct))
	}
	longer := 0
	for i := range direct {
		if hubbed[i].String() != direct[i].String() {
			t.Errorf("finding %d: %s through hubs, %s direct", i, hubbed[i], direct[i])
		}
		if len(hubbed[i].Witness) > len(direct[i].Witness) {
			longer++
		}
	}
	if longer == 0 {
		t.Errorf("no witness crosses a hub: the test no longer exercises them")
	}
	if h4 := run(4); fmt.Sprint(h4) != fmt.Sprint(hubbed) {
		t.Errorf("findings through hubs differ between 1 and 4 threads:\n%v\n%v", hubbed, h4)
	}
}
