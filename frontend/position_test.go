package frontend_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/cflr/cflr/frontend"
)

// Position queries answer for the expression at the position: the field a
// selector's name selects, a variable's value at that point, the innermost
// of shadowed variables; where one position names several variables, an
// error (testdata/src/positions).
func TestPositionQueries(t *testing.T) {
	prog, err := frontend.Load(context.Background(), &frontend.Config{Dir: "testdata/src", Debug: true}, "./positions")
	if err != nil {
		t.Fatal(err)
	}
	a, err := frontend.Analyze(context.Background(), prog, &frontend.AnalysisOptions{Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	const f = "testdata/src/positions/main.go"
	for _, c := range []struct {
		query string
		want  []string
	}{
		{f + ":11:10", []string{"new@8"}},  // r1 := x.a, at a
		{f + ":12:10", []string{"new@8"}},  // r2 := u.a, u converted from x
		{f + ":13:10", []string{"new@10"}}, // r3 := k.a
		{f + ":13:8", []string{"k"}},       // k, an address-taken struct
		{f + ":16:7", []string{"new@15"}},  // q := p, before p = new(int)
		{f + ":18:7", []string{"new@17"}},  // s := p, after
		{f + ":22:7", []string{"new@21"}},  // the inner p
		{"main.main.p", []string{"new@15", "new@17", "new@21"}},
	} {
		objs, err := a.PointsToQuery(c.query)
		if err != nil {
			t.Errorf("%s: %v", c.query, err)
			continue
		}
		var got []string
		for _, o := range objs {
			got = append(got, o.Label)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.query, got, c.want)
		}
	}
	// gen.go:1:2 is both v and w.
	_, err = a.PointsToQuery("testdata/src/positions/gen.go:1:2")
	if err == nil || !strings.Contains(err.Error(), "ambiguous") || !strings.Contains(err.Error(), "v declared") || !strings.Contains(err.Error(), "w declared") {
		t.Errorf("gen.go:1:2: err = %v, want ambiguous between v and w", err)
	}
	// No expression at the position.
	if _, err := a.PointsToQuery(f + ":7:1"); err == nil {
		t.Errorf("%s:7:1 (func keyword): no error", f)
	}
}
