package frontend_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/cflr/cflr/frontend"
	"golang.org/x/tools/go/ssa"
)

// TestDebugPackages checks that Config.DebugPackages limits SSA debug
// references to the named packages and the ones it accepts.
func TestDebugPackages(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":     "module dbg\n\ngo 1.26\n",
		"main.go":    "package main\n\nimport (\n\t\"strings\"\n\n\t\"dbg/dep\"\n\t\"dbg/other\"\n)\n\nfunc main() { s := strings.ToUpper(dep.F()); println(s, other.G()) }\n",
		"dep/dep.go": "package dep\n\nfunc F() string { x := \"a\"; return x }\n",
		"other/o.go": "package other\n\nfunc G() string { y := \"b\"; return y }\n",
	}
	for name, src := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name  string
		only  func(string) bool
		debug map[string]bool // package path -> has debug references
	}{
		{"all", nil, map[string]bool{"dbg": true, "dbg/dep": true, "dbg/other": true, "strings": true}},
		{"dep only", func(p string) bool { return p == "dbg/dep" }, map[string]bool{"dbg": true, "dbg/dep": true, "dbg/other": false, "strings": false}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := frontend.Load(context.Background(), &frontend.Config{Dir: dir, Debug: true, DebugPackages: tc.only}, ".")
			if err != nil {
				t.Fatal(err)
			}
			for path, want := range tc.debug {
				pkg := prog.SSA.ImportedPackage(path)
				if pkg == nil {
					t.Fatalf("package %s not loaded", path)
				}
				if got := hasDebugRefs(pkg); got != want {
					t.Errorf("%s: debug references %v, want %v", path, got, want)
				}
			}
		})
	}
}

func hasDebugRefs(pkg *ssa.Package) bool {
	for _, m := range pkg.Members {
		fn, ok := m.(*ssa.Function)
		if !ok {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if _, ok := instr.(*ssa.DebugRef); ok {
					return true
				}
			}
		}
	}
	return false
}
