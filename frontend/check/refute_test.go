package check

import (
	"context"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/cflr/cflr/frontend"
)

// TestCNF: the solver interface answers satisfiability over the groups
// asked for.
func TestCNF(t *testing.T) {
	c := newCNF()
	a, b := c.newVar(), c.newVar()
	c.add(always, -a, b) // a ⇒ b
	c.add(0, a)
	c.add(1, -b)
	if c.satisfiable(from(0)) {
		t.Error("a, a ⇒ b, ¬b: satisfiable")
	}
	if !c.satisfiable(from(1)) {
		t.Error("a ⇒ b, ¬b: unsatisfiable")
	}
	if !c.satisfiable(func(g int) bool { return g == 0 }) {
		t.Error("a, a ⇒ b: unsatisfiable")
	}
	c.eq(2, a, c.lit(true))
	if c.satisfiable(from(2)) != true || c.satisfiable(from(1)) != false {
		t.Error("groups 2 and 1")
	}
	if !newCNF().satisfiable(from(0)) {
		t.Error("empty formula unsatisfiable")
	}
}

// from keeps the groups >= i.
func from(i int) func(int) bool { return func(g int) bool { return g >= i } }

// buildSSA builds the SSA of one package from src.
func buildSSA(t *testing.T, src string) *ssa.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset, types.NewPackage("p", ""), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

// nilReturn is fn's return of a nil constant as result k.
func nilReturn(t *testing.T, fn *ssa.Function, k int) *ssa.Return {
	for _, b := range fn.Blocks {
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && k < len(r.Results) && isNilConst(r.Results[k]) {
			return r
		}
	}
	t.Fatalf("%s: no return of nil", fn)
	return nil
}

// firstCall is fn's first call instruction, and the first dereference
// (a load or field address) of its value or of component k of it.
func firstCall(t *testing.T, fn *ssa.Function, k int) (*ssa.Call, ssa.Value, ssa.Instruction) {
	var call *ssa.Call
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok && call == nil {
				call = c
			}
		}
	}
	if call == nil {
		t.Fatalf("%s: no call", fn)
	}
	var v ssa.Value = call
	if _, ok := call.Type().(*types.Tuple); ok {
		for _, r := range *call.Referrers() {
			if ex, ok := r.(*ssa.Extract); ok && ex.Index == k {
				v = ex
			}
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch i := instr.(type) {
			case *ssa.FieldAddr:
				if i.X == v {
					return call, v, i
				}
			case *ssa.UnOp:
				if i.Op == token.MUL && i.X == v {
					return call, v, i
				}
			}
		}
	}
	t.Fatalf("%s: no dereference of the call's result", fn)
	return nil, nil, nil
}

// TestPathConstraints writes by hand the constraints of the witness
// "nil returned by the callee, dereferenced by the caller" (the return's
// conditions, the call's parameter binding, the return's relational
// summary, the use's conditions), for callers that test the correlated
// parameter or result with either polarity.
func TestPathConstraints(t *testing.T) {
	pkg := buildSSA(t, `package p

type T struct{ x int }

var c bool

func posArray(withPos bool) *T {
	if !withPos {
		return nil
	}
	return &T{}
}

func good(w bool) int {
	p := posArray(w)
	if w {
		return p.x
	}
	return 0
}

func bad(w bool) int {
	p := posArray(w)
	if !w {
		return p.x
	}
	return 0
}

func constant() int {
	p := posArray(true)
	return p.x
}

func f() (*T, bool, error) {
	if c {
		return nil, false, nil
	}
	return &T{}, true, nil
}

func okGood() int {
	v, ok, _ := f()
	if !ok {
		return 0
	}
	return v.x
}

func okBad() int {
	v, ok, _ := f()
	if ok {
		return 0
	}
	return v.x
}

func g() (*T, *T) {
	if c {
		return nil, nil
	}
	return &T{}, &T{}
}

func sibGood() int {
	a, b := g()
	if b == nil {
		return 0
	}
	return a.x
}

func sibBad() int {
	a, b := g()
	if b != nil {
		return 0
	}
	return a.x
}

func open() (*T, error)

// h returns nil only with a non-nil error (were return nil, err a
// source).
func h() (*T, error) {
	t, err := open()
	if err != nil {
		return nil, err
	}
	return t, nil
}

func errGood() int {
	t, err := h()
	if err != nil {
		return 0
	}
	return t.x
}

func errBad() int {
	t, err := h()
	if err != nil {
		println(err.Error())
	}
	return t.x
}
`)
	for _, tc := range []struct {
		caller, callee string
		k              int
		feasible       bool
	}{
		{"good", "posArray", 0, false},
		{"bad", "posArray", 0, true},
		{"constant", "posArray", 0, false},
		{"okGood", "f", 0, false},
		{"okBad", "f", 0, true},
		{"sibGood", "g", 0, false},
		{"sibBad", "g", 0, true},
		{"errGood", "h", 0, false},
		{"errBad", "h", 0, true},
	} {
		callee, caller := pkg.Func(tc.callee), pkg.Func(tc.caller)
		ret := nilReturn(t, callee, tc.k)
		call, v, use := firstCall(t, caller, tc.k)
		// With the caller's call summarized (summarize) and without.
		for _, noSummary := range []bool{false, true} {
			p := &pathBuilder{c: newCNF(), atoms: map[atomKey]int{}, conds: map[atomKey]int{}, noSummary: noSummary}
			fe, fc := p.newFrame(callee), p.newFrame(caller)
			p.pathConds(0, fe, ret.Block())
			p.bindCall(1, call, fc, fe)
			p.bindReturn(0, ret, fe, call, fc)
			p.c.add(1, p.nilLit(fc, v))
			p.pathConds(2, fc, use.Block())
			if got := p.c.satisfiable(from(0)); got != tc.feasible {
				t.Errorf("%s (no summary %v): nil from %s feasible = %v, want %v", tc.caller, noSummary, tc.callee, got, tc.feasible)
			}
			// Without the return's own group and the summary, nothing
			// contradicts.
			if noSummary && !p.c.satisfiable(from(1)) {
				t.Errorf("%s: unsatisfiable without the return's conditions", tc.caller)
			}
		}
	}
}

// TestRefuteStats: on nilcorr, refutation drops the correlated false
// positives, marks every finding it keeps as path-checked and counts
// what it did; without it every first witness is reported, unchecked.
func TestRefuteStats(t *testing.T) {
	prog := loadTestdata(t, "nilcorr")
	var on, off Stats
	fs := runOn(t, prog, &Config{Checks: []string{"nilflow"}, Context: true, Stats: &on})
	all := runOn(t, prog, &Config{Checks: []string{"nilflow"}, Context: true, NoRefute: true, Stats: &off})
	r := on.Checks[0].Refute
	if r.Checked != len(fs) || r.Dropped != len(all)-len(fs) || r.Refuted < r.Dropped || r.Dropped == 0 {
		t.Errorf("refute stats %+v with %d findings of %d", r, len(fs), len(all))
	}
	for _, f := range fs {
		if !f.Checked {
			t.Errorf("%s: not marked path-checked", f)
		}
	}
	for _, f := range all {
		if f.Checked {
			t.Errorf("%s: marked path-checked without refutation", f)
		}
	}
	if off.Checks[0].Refute != (RefuteStats{}) {
		t.Errorf("refute stats without refutation: %+v", off.Checks[0].Refute)
	}
	// Re-solves and witnesses do not depend on the thread count.
	for _, threads := range []int{1, 4} {
		if got := runOn(t, prog, &Config{Checks: []string{"nilflow"}, Context: true, Threads: threads}); !reflect.DeepEqual(got, fs) {
			t.Errorf("%d threads: findings differ:\n%v\n%v", threads, got, fs)
		}
	}
}

func runOn(t *testing.T, prog *frontend.Program, cfg *Config) []Finding {
	t.Helper()
	fs, err := Run(context.Background(), prog, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return fs
}
