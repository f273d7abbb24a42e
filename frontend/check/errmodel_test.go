package check

import (
	"go/types"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
)

// TestErrModelDerived derives every entry of errDerivedCache and
// readerDerivedCache again from the standard library's bodies (loaded
// with testdata/src/nilerrmodel, which uses each): the cache stands in
// for the bodies where they are missing (vet mode), so it must say what
// they say. It also checks that the library facts are not derivable (a
// fact the bodies give belongs in the cache, checked here; io.ReadAll's
// body gives only that a reader that never fails makes it succeed) and that a
// few readers and functions that can fail are not taken for infallible.
func TestErrModelDerived(t *testing.T) {
	prog := loadTestdata(t, "nilerrmodel")
	pkg := func(path string) *ssa.Package {
		p := prog.SSA.ImportedPackage(path)
		if p == nil {
			t.Fatalf("package %s not loaded", path)
		}
		return p
	}
	split := func(key string) (string, string) {
		i := strings.LastIndex(key, ".")
		return key[:i], key[i+1:]
	}
	m := newErrModel()
	for key, want := range errDerivedCache {
		path, name := split(key)
		fn := pkg(path).Func(name)
		if fn == nil || len(fn.Blocks) == 0 {
			t.Errorf("%s: no body to derive from", key)
			continue
		}
		got, ok := m.deriveErrDeps(fn, 0)
		if !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: derived %v (ok %v), cached %v", key, got, ok, want)
		}
	}
	for key, fact := range errLibraryFacts {
		path, name := split(key)
		fn := pkg(path).Func(name)
		if fn == nil || len(fn.Blocks) == 0 {
			continue
		}
		got, ok := newErrModel().deriveErrDeps(fn, 0)
		derivable := ok
		for j, cl := range got {
			if cl > fact[j] {
				derivable = false // the fact allows weaker readers
			}
		}
		if derivable {
			t.Errorf("library fact %s is derived from its body (%v): move it to errDerivedCache", key, got)
		}
	}
	for key, want := range readerDerivedCache {
		var got readerClass
		if strings.HasPrefix(key, "*") {
			path, name := split(key[1:])
			obj := pkg(path).Pkg.Scope().Lookup(name)
			if obj == nil {
				t.Errorf("%s: no such type", key)
				continue
			}
			t := types.NewPointer(obj.Type())
			got = m.typeReaderClass(prog.SSA, t)
		} else {
			path, name := split(key)
			g := pkg(path).Var(name)
			if g == nil || pkg(path).Func("init") == nil || len(pkg(path).Func("init").Blocks) == 0 {
				t.Errorf("%s: no initializer to derive from", key)
				continue
			}
			got = m.globalReaderClass(g, 0)
		}
		if got != want {
			t.Errorf("%s: derived class %d, cached %d", key, got, want)
		}
	}
	// Readers that can fail.
	for _, key := range []string{"*os.File", "*bufio.Reader", "*strings.Builder"} {
		path, name := split(key[1:])
		p := prog.SSA.ImportedPackage(path)
		if p == nil {
			continue // not loaded
		}
		if got := m.typeReaderClass(prog.SSA, types.NewPointer(p.Pkg.Scope().Lookup(name).Type())); got != readerAny {
			t.Errorf("%s: class %d, want readerAny", key, got)
		}
	}
}
