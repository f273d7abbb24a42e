package frontend

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"testing"

	"golang.org/x/tools/go/callgraph/cha"
	"golang.org/x/tools/go/callgraph/vta"
	"golang.org/x/tools/go/ssa"
)

// TestPruneClosed is the differential test of Config.Prune against the
// analysis' own notion of what can run. K, the bodies a pruned load keeps,
// must be closed under reachableFuncs in the unpruned program when VTA sees
// only K: from the roots, static calls, function values, VTA's dynamic
// callees, and the methods of types converted to interfaces that an
// interface call or reflection may reach, lead only to functions of K.
// Then the dropped bodies are code no kept function
// can start, and the pruned analysis equals the unpruned one restricted to
// code that can run. (Comparing with plain reachableFuncs on the unpruned
// program would not do: VTA over every function lets types flow out of
// functions that never run, and reaches more.)
func TestPruneClosed(t *testing.T) {
	type prog struct{ dir, pattern string }
	progs := []prog{
		{"testdata/prune", "."},
		{"testdata/prunerta", "."},
		{"testdata/prunereflect", "./..."},
		{"check/testdata/src", "./..."},
	}
	if !testing.Short() {
		// A real program: go/packages, go/types and much of the
		// standard library, from the module cache.
		progs = append(progs, prog{".", "golang.org/x/tools/cmd/stringer"})
	}
	for _, p := range progs {
		t.Run(filepath.Join(p.dir, p.pattern), func(t *testing.T) {
			load := func(prune bool) *Program {
				prog, err := Load(context.Background(), &Config{Dir: p.dir, Prune: prune}, p.pattern)
				if err != nil {
					t.Fatal(err)
				}
				if len(prog.Errors) > 0 {
					t.Fatal(prog.Errors)
				}
				return prog
			}
			pruned := load(true)
			keys := map[string]bool{}
			for _, fn := range pruned.sortedFuncs() {
				keys[funcKey(pruned, fn)] = true
			}
			full := load(false)
			all := allFunctions(full.SSA)
			kept := map[*ssa.Function]bool{}
			for fn := range all {
				if keys[funcKey(full, fn)] {
					kept[fn] = true
				}
			}
			callees := dynamicCallees(vta.CallGraph(kept, cha.CallGraph(full.SSA)))
			reached := reachableFuncs(full, full.sortedFuncs(), func(s ssa.CallInstruction) []*ssa.Function { return callees[s] })
			bad := 0
			for _, fn := range reached {
				if !kept[fn] {
					if bad++; bad <= 10 {
						t.Errorf("reachable, but its body was dropped: %s%s", funcKey(full, fn), convertedAt(full, reached, fn))
					}
				}
			}
			t.Logf("%d functions with bodies, %d kept, %d reachable; %d declarations dropped, %d table elements",
				len(full.sortedFuncs()), len(kept), len(reached), pruned.Pruned, pruned.TableElems)
			if pruned.Pruned == 0 || len(reached) == 0 {
				t.Error("nothing pruned or nothing reached")
			}
		})
	}
}

// funcKey names fn across two loads of one program, without its type
// arguments: an instance's name spells them as the first instantiation
// did (os.DirEntry or its alias target io/fs.DirEntry), which varies with
// the order of the parallel SSA build, and pruning keeps or drops a
// generic body for all its instances at once.
func funcKey(prog *Program, fn *ssa.Function) string {
	name := fn.String()
	for {
		n := typeArgs.ReplaceAllString(name, "")
		if n == name {
			break
		}
		name = n
	}
	return fmt.Sprintf("%s@%s", name, prog.Fset.Position(fn.Pos()))
}

var typeArgs = regexp.MustCompile(`\[[^\[\]]*\]`)

// convertedAt names, for a test failure, the MakeInterface instructions of
// the reached functions whose type's method set has fn: the conversions
// the pruner missed.
func convertedAt(prog *Program, reached []*ssa.Function, fn *ssa.Function) string {
	out := ""
	for _, f := range reached {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				mi, ok := in.(*ssa.MakeInterface)
				if !ok {
					continue
				}
				ms := prog.SSA.MethodSets.MethodSet(mi.X.Type())
				for i := 0; i < ms.Len(); i++ {
					if prog.SSA.MethodValue(ms.At(i)) == fn && len(out) < 500 {
						out += fmt.Sprintf("\n\tconverted (%s) in %s at %s", mi.X.Type(), f, prog.Fset.Position(mi.Pos()))
					}
				}
			}
		}
	}
	return out
}
