package frontend

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/packages"
)

// pruneBodies drops, before SSA is built, the bodies of the functions that
// no execution of the program can run, and reports how many bodies it kept
// and dropped. A whole program names most of the standard library through
// its imports but runs a small part of it; SSA, VTA and the graphs then
// pay for every body (about half of cflr check's CPU on pebble, with the
// garbage collection the bodies cause). A dropped body makes its function
// look like one implemented in assembly, so it must only drop what
// reachableFuncs would never reach: the walk below over-approximates it on
// syntax and types, where reachableFuncs works on SSA with VTA's callees.
//
// The roots are those of reachableFuncs: main, every package's
// initializers (init functions and package-level variable initializers),
// and every function of the non-main packages the patterns named. From a
// reachable body, a function is reachable if the body names it (a call,
// a function value, a method value or expression: go/types resolves every
// one to its declaration), and every method of every type the body uses
// (the type of any expression, a declared variable or a type argument,
// and the types those contain: fields, elements, parameters) is reachable.
// That covers the dynamic calls VTA resolves (a method runs only on a
// value of its type, which some reachable code made or received) and the
// methods reachableFuncs keeps for reflection (of types converted to
// interfaces, which uses the type).
//
// Packages with errors stop it: their type information is incomplete.
//
// release, called once SSA is built, lets go of the syntax and type
// information SSA no longer needs: the bodies of non-generic functions
// (go/ssa keeps every declaration, Function.Syntax, for the life of the
// program) and the types.Info entries outside generic declarations (see
// trimInfo). Generic declarations keep both: go/ssa builds their
// instances from them on demand, after Build.
func pruneBodies(initial []*packages.Package) (kept, dropped, elems int, release func()) {
	var all []*packages.Package
	bad := false
	packages.Visit(initial, nil, func(p *packages.Package) {
		all = append(all, p)
		if len(p.Errors) > 0 || p.TypesInfo == nil || p.Types == nil {
			bad = true
		}
	})
	if bad {
		return 0, 0, 0, func() {}
	}
	r := &reacher{
		decls: map[*types.Func]*declInfo{},
		types: map[types.Type]bool{},
	}
	for _, p := range all {
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				if fn, ok := p.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					r.decls[fn] = &declInfo{decl: fd, info: p.TypesInfo}
				}
			}
		}
	}
	roots := map[*packages.Package]bool{}
	for _, p := range initial {
		roots[p] = true
	}
	for _, p := range all {
		lib := roots[p] && p.Types.Name() != "main"
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Body == nil {
						continue
					}
					if lib || d.Recv == nil && (d.Name.Name == "init" || d.Name.Name == "main" && p.Types.Name() == "main") {
						if fn, ok := p.TypesInfo.Defs[d.Name].(*types.Func); ok {
							r.addFunc(fn)
						}
					}
				case *ast.GenDecl:
					if d.Tok != token.VAR {
						continue
					}
					// Package-level variables run their initializers in
					// the package's init, and hold zero values of their
					// types for the whole run.
					r.scan(d, p.TypesInfo)
				}
			}
		}
	}
	for len(r.work) > 0 {
		d := r.work[len(r.work)-1]
		r.work = r.work[:len(r.work)-1]
		r.scan(d.decl, d.info)
	}
	var built []*ast.FuncDecl
	generic := map[*types.Info][]*ast.FuncDecl{}
	for fn, d := range r.decls {
		if sig := fn.Signature(); sig.TypeParams().Len() > 0 || sig.RecvTypeParams().Len() > 0 {
			generic[d.info] = append(generic[d.info], d.decl)
		} else if d.reached {
			built = append(built, d.decl)
		}
		if d.reached {
			kept++
			continue
		}
		d.decl.Body = nil
		dropped++
	}
	release = func() {
		for _, d := range built {
			d.Body = nil
		}
		for _, p := range all {
			trimInfo(p.TypesInfo, generic[p.TypesInfo])
		}
	}
	return kept, dropped, r.elems, release
}

// trimInfo empties info but for the syntax of the generic declarations
// keep. go/ssa holds on to a package's types.Info after Build while the
// package has a generic function, to build its instances on demand; the
// maps' keys are syntax nodes, so the whole package's syntax stays too:
// a third of the heap that every garbage collection of the analysis scans
// again. Once SSA is built, nothing else reads them.
func trimInfo(info *types.Info, keep []*ast.FuncDecl) {
	in := func(n ast.Node) bool {
		for _, d := range keep {
			if d.Pos() <= n.Pos() && n.Pos() < d.End() {
				return true
			}
		}
		return false
	}
	info.Types = keepIn(info.Types, in)
	info.Defs = keepIn(info.Defs, in)
	info.Uses = keepIn(info.Uses, in)
	info.Implicits = keepIn(info.Implicits, in)
	info.Selections = keepIn(info.Selections, in)
	info.Scopes = keepIn(info.Scopes, in)
	info.Instances = keepIn(info.Instances, in)
	info.FileVersions = nil // go/ssa reads a file's version when it creates functions, not after
}

// keepIn returns the entries of m whose key in accepts, in a new map:
// deleting from a Go map does not give back its memory.
func keepIn[K interface {
	ast.Node
	comparable
}, V any](m map[K]V, in func(ast.Node) bool) map[K]V {
	if m == nil {
		return nil
	}
	out := map[K]V{}
	for k, v := range m {
		if in(k) {
			out[k] = v
		}
	}
	return out
}

// trimTable cuts lit to its first element if it is a literal of scalars
// (numbers, strings, booleans, and arrays and structs of them) whose
// elements are all constants, and returns how many elements it dropped.
// Such tables (unicode's ranges, x/text's code pages, brotli's
// dictionary, the P-256 precomputations) become one store per element in
// SSA: 65% of miniflux's SSA instructions. They hold no pointer and no
// untrusted or nil value, so no points-to set, nil flow or taint flow can
// pass through their elements; the literal itself (the allocation of the
// slice, map or array) stays, with its type, position and first element
// (so that a witness step naming it still prints T{…}).
func trimTable(lit *ast.CompositeLit, info *types.Info) int {
	k := constElems(lit, info)
	if k <= 1 {
		return 0
	}
	first := &ast.CompositeLit{Type: lit.Type, Elts: lit.Elts[:1]}
	info.Types[first] = info.Types[lit]
	dropped := k - constElems(first, info)
	delete(info.Types, first)
	lit.Elts = []ast.Expr{lit.Elts[0]} // a copy: the rest is garbage
	return dropped
}

// constElems returns the number of constant elements of lit if lit is a
// literal of scalars made of constants only (nested literals included),
// and 0 otherwise.
func constElems(lit *ast.CompositeLit, info *types.Info) int {
	tv, ok := info.Types[lit]
	if !ok || len(lit.Elts) == 0 {
		return 0
	}
	switch t := tv.Type.Underlying().(type) {
	case *types.Slice:
		if !scalarType(t.Elem()) {
			return 0
		}
	case *types.Map:
		if !scalarType(t.Key()) || !scalarType(t.Elem()) {
			return 0
		}
	case *types.Array, *types.Struct:
		if !scalarType(t) {
			return 0
		}
	default:
		return 0
	}
	n := 0
	for _, e := range lit.Elts {
		parts := []ast.Expr{e}
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			parts = []ast.Expr{kv.Key, kv.Value}
			if _, ok := tv.Type.Underlying().(*types.Struct); ok {
				parts = parts[1:] // the key is a field name
			}
		}
		for _, x := range parts {
			if inner, ok := ast.Unparen(x).(*ast.CompositeLit); ok {
				k := constElems(inner, info)
				if k == 0 && len(inner.Elts) > 0 {
					return 0
				}
				n += k + 1
				continue
			}
			if v, ok := info.Types[x]; !ok || v.Value == nil {
				return 0
			}
			n++
		}
	}
	return n
}

// scalarType reports whether values of t hold no pointer that the
// analyses follow: numbers, strings, booleans, and arrays and structs of
// them.
func scalarType(t types.Type) bool {
	switch t := t.Underlying().(type) {
	case *types.Basic:
		return t.Kind() != types.UnsafePointer && t.Kind() != types.UntypedNil
	case *types.Array:
		return scalarType(t.Elem())
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			if !scalarType(t.Field(i).Type()) {
				return false
			}
		}
		return true
	}
	return false
}

type declInfo struct {
	decl    *ast.FuncDecl
	info    *types.Info
	reached bool
}

// reacher is pruneBodies' fixpoint: reachable declarations and used types.
type reacher struct {
	decls map[*types.Func]*declInfo
	types map[types.Type]bool
	work  []*declInfo
	elems int // constant table elements trimTable dropped
}

func (r *reacher) addFunc(fn *types.Func) {
	d := r.decls[fn.Origin()]
	if d == nil || d.reached {
		return // no body (assembly, an interface method), or seen
	}
	d.reached = true
	r.work = append(r.work, d)
}

// scan marks what the syntax n, type-checked in info, names and uses.
func (r *reacher) scan(n ast.Node, info *types.Info) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			// An identifier's type is its object's (Types has no more,
			// but for instances, which Instances holds).
			obj := info.Uses[n]
			if obj == nil {
				obj = info.Defs[n]
			}
			if obj == nil {
				return true
			}
			if fn, ok := obj.(*types.Func); ok {
				r.addFunc(fn)
			}
			r.addType(obj.Type())
			if generic(obj) {
				if inst, ok := info.Instances[n]; ok {
					for i := 0; i < inst.TypeArgs.Len(); i++ {
						r.addType(inst.TypeArgs.At(i))
					}
					r.addType(inst.Type)
				}
			}
		case *ast.CompositeLit:
			if tv, ok := info.Types[n]; ok {
				r.addType(tv.Type)
			}
			if k := trimTable(n, info); k > 0 {
				r.elems += k
				return false // constants of scalar types: nothing more to reach
			}
		case *ast.CallExpr, *ast.TypeAssertExpr, *ast.FuncLit:
			// The expressions whose values can be of a type no
			// identifier in reach names: call results of conversions
			// and instances, asserted types, closures. Every other
			// value is of an identifier's type (variables, fields,
			// functions' results) or one contained in it, which
			// addType walks.
			if tv, ok := info.Types[n.(ast.Expr)]; ok {
				r.addType(tv.Type)
			}
		}
		return true
	})
}

// generic reports whether obj is a generic function or type, whose
// identifiers Info.Instances may instantiate.
func generic(obj types.Object) bool {
	switch t := obj.Type().(type) {
	case *types.Signature:
		return t.TypeParams().Len() > 0 || t.RecvTypeParams().Len() > 0
	case *types.Named:
		return t.TypeParams().Len() > 0 || t.TypeArgs().Len() > 0
	case *types.Alias:
		return t.TypeParams().Len() > 0 || t.TypeArgs().Len() > 0
	}
	return false
}

// addType marks t used: the methods of every named type in it are
// reachable.
func (r *reacher) addType(t types.Type) {
	if t == nil || r.types[t] {
		return
	}
	r.types[t] = true
	switch t := t.(type) {
	case *types.Alias:
		r.addType(types.Unalias(t))
	case *types.Named:
		if _, ok := t.Underlying().(*types.Interface); !ok {
			for _, mt := range []types.Type{t, types.NewPointer(t)} {
				ms := types.NewMethodSet(mt)
				for i := 0; i < ms.Len(); i++ {
					if fn, ok := ms.At(i).Obj().(*types.Func); ok {
						r.addFunc(fn)
					}
				}
			}
		}
		if args := t.TypeArgs(); args != nil {
			for i := 0; i < args.Len(); i++ {
				r.addType(args.At(i))
			}
		}
		r.addType(t.Underlying())
	case *types.Pointer:
		r.addType(t.Elem())
	case *types.Slice:
		r.addType(t.Elem())
	case *types.Array:
		r.addType(t.Elem())
	case *types.Chan:
		r.addType(t.Elem())
	case *types.Map:
		r.addType(t.Key())
		r.addType(t.Elem())
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			r.addType(t.Field(i).Type())
		}
	case *types.Tuple:
		for i := 0; i < t.Len(); i++ {
			r.addType(t.At(i).Type())
		}
	case *types.Signature:
		r.addType(t.Params())
		r.addType(t.Results())
	}
}
