package frontend_test

import (
	"context"
	"strings"
	"testing"

	"github.com/cflr/cflr/frontend"
)

// TestReflectionOff checks that --reflection=false (NoReflection) gives
// reflection's results the unknown object again, while the model (on by
// default; TestAnnotated/reflection) follows values through it.
func TestReflectionOff(t *testing.T) {
	prog, err := frontend.Load(context.Background(), &frontend.Config{Dir: "testdata/src", Debug: true}, "./reflection")
	if err != nil {
		t.Fatal(err)
	}
	for _, off := range []bool{false, true} {
		a, err := frontend.Analyze(context.Background(), prog, &frontend.AnalysisOptions{NoReflection: off, Threads: 2})
		if err != nil {
			t.Fatal(err)
		}
		objs, err := a.PointsToQuery("main.elem.r")
		if err != nil {
			t.Fatal(err)
		}
		var labels []string
		for _, o := range objs {
			labels = append(labels, o.Label)
		}
		want := "main.a"
		if off {
			want = ""
		}
		if got := strings.Join(labels, ","); got != want {
			t.Errorf("NoReflection=%v: elem.r points to %q, want %q", off, got, want)
		}
		unmod := 0
		for _, u := range a.Graph.Unmodelled {
			if strings.Contains(u.Reason, "reflect") {
				unmod++
			}
		}
		if off && unmod == 0 {
			t.Errorf("NoReflection: no reflection call listed as unmodelled")
		}
	}
}

// TestReflectionDeterministic: the model's type objects, derived boxes and
// gadgets are made in the same order every run (two loads, since go/ssa
// builds packages in parallel).
func TestReflectionDeterministic(t *testing.T) {
	var first string
	for _, threads := range []int{1, 3} {
		_, dump := pointsToDump(t, threads, "./reflection")
		var sb strings.Builder
		sb.WriteString(dump)
		if threads == 1 {
			first = sb.String()
		} else if sb.String() != first {
			t.Errorf("threads %d: different result", threads)
		}
	}
}
