package frontend

import (
	"go/ast"
	"go/types"
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
	seen := map[*ssa.Function]bool{}
	for _, fn := range funcs {
		walkFuncs(fn, seen)
	}
	r := <-done
	if r.panicked != nil {
		panic(r.panicked)
	}
	for _, fn := range r.methods {
		walkFuncs(fn, seen)
	}
	return seen
}

// walkFuncs adds fn and the functions its body refers to, transitively,
// to seen.
func walkFuncs(fn *ssa.Function, seen map[*ssa.Function]bool) {
	if fn == nil || seen[fn] {
		return
	}
	seen[fn] = true
	var buf [10]*ssa.Value // avoid alloc in common case
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			for _, op := range instr.Operands(buf[:0]) {
				if g, ok := (*op).(*ssa.Function); ok {
					walkFuncs(g, seen)
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
