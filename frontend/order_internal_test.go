package frontend

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
)

// TestFuncOrder checks that the order in which Build visits functions
// (and so the graph's numbering) cannot depend on map order: no two
// functions share a sort key, although go/ssa makes several copies of a
// bound method closure or thunk with the same name and position, and
// names an instance after whichever spelling of its type arguments
// (os.DirEntry or fs.DirEntry, byte or uint8) it met first.
func TestFuncOrder(t *testing.T) {
	prog, err := Load(context.Background(), &Config{Dir: "testdata/order", Debug: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	all, users := allFunctionsUsers(prog.SSA)
	var fs []*ssa.Function
	copies := map[string]int{} // fn.String() of the per-expression copies
	for fn := range all {
		// The functions Build visits (setFuncs).
		if len(fn.Blocks) == 0 || fn.TypeParams().Len() > 0 && len(fn.TypeArgs()) == 0 {
			continue
		}
		fs = append(fs, fn)
		if perExpression(fn) && strings.Contains(fn.String(), "cflrorder.") {
			copies[fn.String()]++
		}
	}
	// Not vacuous: the copies that share a name are there.
	if copies["(cflrorder.Hash).New$bound"] != 3 || copies["(cflrorder.Hash).New$thunk"] != 2 {
		t.Fatalf("copies of Hash.New: %v, want 3 $bound and 2 $thunk", copies)
	}
	key := map[*ssa.Function]string{}
	sortFuncsKeyed(prog.SSA, fs, key, users)
	owner := map[string]*ssa.Function{}
	for _, fn := range fs {
		if other, ok := owner[key[fn]]; ok {
			t.Errorf("%s and %s share the sort key %q", fn, other, key[fn])
		}
		owner[key[fn]] = fn
	}
	for range 5 {
		shuffled := slices.Clone(fs)
		rand.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		sortFuncsKeyed(prog.SSA, shuffled, map[*ssa.Function]string{}, users)
		if !slices.Equal(shuffled, fs) {
			t.Fatal("the order depends on the input order")
		}
	}

	// Instances are spelled without aliases, whichever spelling go/ssa
	// kept.
	want := map[string]bool{
		"cflrorder.Id[[]io/fs.DirEntry]":       true,
		"cflrorder.Id[[]uint8]":                true,
		"(*cflrorder.Box[io/fs.DirEntry]).Get": true,
		"(*cflrorder.Box[int32]).Get":          true,
	}
	for fn := range all {
		if fn.Origin() != nil && strings.Contains(fn.String(), "cflrorder") {
			s := funcString(fn)
			if !want[s] {
				t.Errorf("funcString(%s) = %q, not one of %v", fn, s, want)
			}
			delete(want, s)
		}
	}
	if len(want) > 0 {
		t.Errorf("no instance spelled %v", want)
	}
}
