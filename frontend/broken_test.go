package frontend_test

import (
	"context"
	"slices"
	"testing"

	"github.com/cflr/cflr/frontend"
)

// A package with type errors is reported at go build's positions and left
// out; the others are analyzed.
func TestTypeErrors(t *testing.T) {
	prog, err := frontend.Load(context.Background(), &frontend.Config{Dir: "testdata/broken", Debug: true}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range prog.Errors {
		got = append(got, e.Error())
	}
	want := []string{
		"testdata/broken/bad/bad.go:4:17: cannot use 1 (untyped int constant) as string value in variable declaration",
		"testdata/broken/bad/bad.go:5:9: cannot use s (variable of type string) as *int value in return statement",
	}
	if !slices.Equal(got, want) {
		t.Errorf("errors:\n%q\nwant\n%q", got, want)
	}
	if !slices.Equal(prog.Skipped, []string{"broken/bad"}) {
		t.Errorf("skipped %v, want [broken/bad]", prog.Skipped)
	}
	a, err := frontend.Analyze(context.Background(), prog, nil)
	if err != nil {
		t.Fatal(err)
	}
	objs, err := a.PointsToQuery("main.main.p")
	if err != nil {
		t.Fatal(err)
	}
	if len(objs) != 1 || objs[0].Label != "new@4" {
		t.Errorf("pointsto main.main.p = %v, want new@4", objs)
	}
}

// Queries that name nothing fail with an error, never a panic.
func TestBadQueries(t *testing.T) {
	prog, err := frontend.Load(context.Background(), &frontend.Config{Dir: "testdata/src", Debug: true}, "./fields")
	if err != nil {
		t.Fatal(err)
	}
	a, err := frontend.Analyze(context.Background(), prog, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"nope", "main.nosuch.x", "main.main.nosuch", "main.go:1:1", "testdata/src/fields/main.go:2:1"} {
		if _, err := a.PointsToQuery(q); err == nil {
			t.Errorf("query %q: no error", q)
		}
	}
	// A position query names the same variable as its name does.
	byPos, err := a.PointsToQuery("testdata/src/fields/main.go:21:2")
	if err != nil {
		t.Fatal(err)
	}
	byName, _ := a.PointsToQuery("main.main.pa")
	if len(byPos) != 1 || !slices.Equal(byPos, byName) {
		t.Errorf("by position %v, by name %v", byPos, byName)
	}
}
