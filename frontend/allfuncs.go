package frontend

import (
	"go/ast"
	"go/types"
	"strings"
	_ "unsafe" // for go:linkname, as ssautil does

	"golang.org/x/tools/go/ssa"
)

// allFunctions returns ssautil.AllFunctions(prog): every function a
// package declares, every method of its runtime types and of its exported
// named types, and all they refer to, transitively. While this goroutine
// walks from the package-level functions, another one looks the methods
// up (method sets, and wrappers that go/ssa builds on demand); then the
// walk goes on from them. The closure of the roots does not depend on the
// order: AllFunctions' set. It is the first, serial, step of Analyze
// (0.12 s of CPU on miniflux).
func allFunctions(prog *ssa.Program) map[*ssa.Function]bool {
	all, _ := allFunctionsUsers(prog)
	return all
}

// funcUsers maps each function that go/ssa makes per expression (bound
// method closures, method-expression thunks: copies that share their name
// and position) to the first instruction, in the one function that holds
// the expression, that refers to it: what tells the copies apart
// (funcOrder).
type funcUsers map[*ssa.Function]ssa.Instruction

// perExpression reports whether go/ssa makes fn anew for each expression
// that denotes it.
func perExpression(fn *ssa.Function) bool {
	if fn.Synthetic == "" || fn.Parent() != nil {
		return false
	}
	name := fn.Name()
	return strings.HasSuffix(name, "$bound") || strings.HasSuffix(name, "$thunk")
}

// allFunctionsUsers is allFunctions, with the users of the functions made
// per expression.
func allFunctionsUsers(prog *ssa.Program) (map[*ssa.Function]bool, funcUsers) {
	var (
		funcs []*ssa.Function
		named []*types.Named
	)
	for _, pkg := range prog.AllPackages() {
		syntactic := ssaIsSyntactic(pkg)
		for _, mem := range pkg.Members {
			switch mem := mem.(type) {
			case *ssa.Function:
				funcs = append(funcs, mem)
			case *ssa.Type:
				// AllFunctions' "exported type hack": the methods of
				// T and *T for the exported non-generic named types
				// of packages built from syntax.
				if syntactic && ast.IsExported(mem.Name()) && !types.IsInterface(mem.Type()) {
					if n, ok := mem.Type().(*types.Named); ok && n.TypeParams() == nil {
						named = append(named, n)
					}
				}
			}
		}
	}
	type result struct {
		methods  []*ssa.Function
		panicked any
	}
	done := make(chan result, 1)
	go func() {
		var r result
		defer func() {
			if p := recover(); p != nil {
				r.panicked = p
			}
			done <- r
		}()
		methodsOf := func(T types.Type) {
			if types.IsInterface(T) {
				return
			}
			for sel := range prog.MethodSets.MethodSet(T).Methods() {
				if sel.Obj().(*types.Func).Signature().TypeParams() == nil { // not generic
					r.methods = append(r.methods, prog.MethodValue(sel))
				}
			}
		}
		for _, n := range named {
			methodsOf(n)
			methodsOf(types.NewPointer(n))
		}
		for _, T := range prog.RuntimeTypes() {
			methodsOf(T)
		}
	}()
	seen, users := map[*ssa.Function]bool{}, funcUsers{}
	for _, fn := range funcs {
		walkFuncs(fn, seen, users)
	}
	r := <-done
	if r.panicked != nil {
		panic(r.panicked)
	}
	for _, fn := range r.methods {
		walkFuncs(fn, seen, users)
	}
	return seen, users
}

// walkFuncs adds fn and the functions its body refers to, transitively,
// to seen, and records the users of those made per expression. (Only
// the function holding the expression refers to such a copy, so its
// first user does not depend on the order of the walk.)
func walkFuncs(fn *ssa.Function, seen map[*ssa.Function]bool, users funcUsers) {
	if fn == nil || seen[fn] {
		return
	}
	seen[fn] = true
	var buf [10]*ssa.Value // avoid alloc in common case
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			for _, op := range instr.Operands(buf[:0]) {
				if g, ok := (*op).(*ssa.Function); ok {
					if _, ok := users[g]; !ok && perExpression(g) {
						users[g] = instr
					}
					walkFuncs(g, seen, users)
				}
			}
		}
	}
}

// ssaIsSyntactic reports whether pkg was built from syntax, as
// ssautil.AllFunctions asks go/ssa (which exports it to ssautil this way).
//
//go:linkname ssaIsSyntactic golang.org/x/tools/go/ssa.isSyntactic
func ssaIsSyntactic(pkg *ssa.Package) bool
