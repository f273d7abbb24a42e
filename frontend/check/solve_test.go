package check

import (
	"context"
	"fmt"
	"reflect"
	"testing"
)

// TestLeftOutChangesNothing: the edges and vertices the checks leave out
// (edges on no path from Root to a queried vertex, address vertices no
// edge leaves) change no finding and no witness.
func TestLeftOutChangesNothing(t *testing.T) {
	for _, pkgs := range [][]string{{"nilbasic", "nilflow/..."}, {"taint/..."}, {"taintgosec"}} {
		t.Run(pkgs[0], func(t *testing.T) {
			prog := loadTestdata(t, pkgs...)
			run := func(all bool) ([]Finding, int64) {
				exhaustive = all
				defer func() { exhaustive = false }()
				var st Stats
				fs, err := Run(context.Background(), prog, &Config{Context: true, Stats: &st})
				if err != nil {
					t.Fatal(err)
				}
				var derived int64
				for _, c := range st.Checks {
					derived += c.Derived
				}
				return fs, derived
			}
			pruned, dp := run(false)
			all, da := run(true)
			if len(all) == 0 {
				t.Fatal("no findings to compare")
			}
			if dp >= da {
				t.Errorf("leaving out kept %d closure edges of %d: nothing left out", dp, da)
			}
			if !reflect.DeepEqual(pruned, all) {
				t.Errorf("findings differ:\nleaving out: %v\nall:         %v", pruned, all)
			}
		})
	}
}

func TestPtrKey(t *testing.T) {
	a, b := new(int), new(struct{ x, y int })
	var nilp *int
	for _, v := range []any{a, b, nilp} {
		if got, want := ptrKey('v', v), fmt.Sprintf("v%p", v); got != want {
			t.Errorf("ptrKey = %q, want %q", got, want)
		}
	}
	if ptrKey('a', a) == ptrKey('a', b) || ptrKey('a', a) == ptrKey('f', a) {
		t.Error("distinct values or tags share a key")
	}
}
