package frontend

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// trimCases are table literals, each in a file of its own: cut says
// whether trimTables may cut it (to one element).
var trimCases = []struct {
	name, src string
	cut       bool
}{
	{"slice", `var x = []int{1, 2, -3, ^4}`, true},
	{"strings", "var x = []string{\"a\", `b`, \"c\"}", true},
	{"bytes", `var x = []byte{0x1f, 0x8b, 'a'}`, true},
	{"map", `var x = map[string]int{"a": 1, "b": 2}`, true},
	{"array", `var x = [4]uint16{1, 2, 3}`, true},
	{"ellipsis", `var x = [...]uint16{1, 2, 3}`, true},
	{"ellipsis keyed", `var x = [...]uint16{5: 1, 2, 0x10: 3}`, true},
	{"keyed array", `var x = [8]uint16{0x00: 1, 0x07: 2}`, true},
	{"nested", `var x = [][2]int{{1, 2}, {3, 4}}`, true},
	{"local type", `type w struct{ a, b int }; var x = [...]w{w{1, 2}, w{3, 4}}`, true},
	{"in a function", `func f() int { t := []int{1, 2, 3}; return t[0] }`, true},

	{"one element", `var x = []int{1}`, false},
	{"identifier", `var y = 1; var x = []int{y, 2}`, false},
	{"nil", `var x = []*int{nil, nil}`, false},
	{"struct", `type s struct{ a, b int }; var x = s{1, 2}`, false},
	{"keyed struct elements", `type s struct{ a int }; var x = []s{{a: 1}, {a: 2}}`, false},
	{"identifier keys", `const k = 1; var x = map[int]int{k: 1, 2: 2}`, false},
	{"empty element", `type s struct{ p *int }; var x = []s{{}, {}}`, false},
	{"expression", `var x = []int{1 + 2, 3}`, false},
	{"duplicate map key", "var x = map[string]int{\"a\": 1, `a`: 2}", false},
	{"duplicate map key number", `var x = map[int]int{1: 1, 0x1: 2}`, false},
	{"duplicate index", `var x = []int{1, 0: 2}`, false},
	{"too many", `var x = [2]int{1, 2, 3}`, false},
	{"index out of range", `var x = [2]int{5: 1, 2}`, false},
	{"named length", `const n = 3; var x = [n]int{1, 2}`, false},
	{"dot import", `import . "p"; type w struct{ a int }; var x = []w{w{1}, w{2}}`, false},
}

func TestTrimTables(t *testing.T) {
	for _, c := range trimCases {
		t.Run(c.name, func(t *testing.T) {
			src := "package p\n" + c.src + "\n"
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "p.go", src, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			before := literalSizes(f)
			n := trimTables(f)
			cut := false
			for lit, size := range before {
				if len(lit.Elts) < size {
					cut = true
					if len(lit.Elts) != 1 {
						t.Errorf("literal cut to %d elements, want 1", len(lit.Elts))
					}
				}
			}
			if cut != c.cut || (n > 0) != c.cut {
				t.Errorf("cut %v (%d dropped), want cut %v", cut, n, c.cut)
			}
			checkSameTypes(t, src)
		})
	}
}

// literalSizes returns the number of elements of each composite literal
// of f.
func literalSizes(f *ast.File) map[*ast.CompositeLit]int {
	sizes := map[*ast.CompositeLit]int{}
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.CompositeLit); ok {
			sizes[lit] = len(lit.Elts)
		}
		return true
	})
	return sizes
}

// checkSameTypes checks trimTables' contract on src: a file that
// type-checks still does after the cut, with the same package-level
// types. (A file with errors may lose some with the elements cut, an
// overflowing constant for one: Load cuts only the standard library's and
// the module cache's files, which build.)
func checkSameTypes(t *testing.T, src string) {
	t.Helper()
	check := func(trim bool) (*types.Package, error) {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "p.go", src, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		if trim {
			trimTables(f)
		}
		conf := types.Config{Error: func(error) {}}
		return conf.Check("p", fset, []*ast.File{f}, nil)
	}
	orig, errOrig := check(false)
	cut, errCut := check(true)
	if errOrig != nil {
		return
	}
	if errCut != nil {
		t.Fatalf("type-checks before the cut, not after: %v", errCut)
	}
	for _, name := range orig.Scope().Names() {
		// Two checks make two sets of named types: compare by name.
		a, b := orig.Scope().Lookup(name), cut.Scope().Lookup(name)
		if b == nil || types.TypeString(a.Type(), nil) != types.TypeString(b.Type(), nil) {
			t.Errorf("%s: %v before the cut, %v after", name, a, b)
		}
	}
}

// FuzzTrimTables checks trimTables' contract (checkSameTypes) on any
// source: it must never make a file type-check differently.
func FuzzTrimTables(f *testing.F) {
	for _, c := range trimCases {
		f.Add("package p\n" + c.src + "\n")
	}
	f.Fuzz(func(t *testing.T, src string) {
		checkSameTypes(t, src)
	})
}
