package frontend

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"runtime"
	"sync"
	"sync/atomic"

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
// one to its declaration). A method of a type some reachable body
// converts to an interface (where SSA has a MakeInterface, the only way
// VTA's dynamic callees get there) is reachable if some reachable body
// calls an interface method of its Id (types.Func.Id: the name, and the
// package for an unexported one) and signature, takes one as a method value or
// expression, or calls it on a type parameter (whose methods are its
// constraint's) — RTA's rule, which reachableFuncs applies too — or if
// reflection may call it: reachable code outside package reflect looks
// methods up with reflect's Method, MethodByName or Methods (the Go
// linker's rule: a constant name marks that name only, anything else
// every exported method), where text/template's lookup by names read at
// run time counts only for the exported methods it can call (one
// result, or a result and an error). These sets only grow
// as bodies are reached, so a method waits until its type is converted
// and its Id invoked, in either order.
// go/types does not record implicit conversions, so scan finds them at
// every place the spec allows one (assignments, declarations, calls,
// returns, composite literals, sends, map keys, comparisons, switch
// cases, range assignments, append, panic); an instance's body may convert
// its type arguments, which count as converted (with pointers to them).
// TestPruneClosed checks the result against reachableFuncs itself.
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
		decls:   map[*types.Func]*declInfo{},
		types:   map[types.Type]bool{},
		invoked: invokeSet{},
		waiting: map[string][]*types.Func{},
	}
	for _, id := range runtimeInvoked {
		r.invoked.add(id, nil)
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
	var vars []scanItem
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
					// the package's init, a root.
					vars = append(vars, scanItem{d, p.TypesInfo})
				}
			}
		}
	}
	r.run(vars)
	// go/packages parses a file once for all the packages that contain
	// it (a package and its test variant): a declaration is dropped only
	// when no variant reaches it.
	reached := map[*ast.FuncDecl]bool{}
	for _, d := range r.decls {
		if d.reached {
			reached[d.decl] = true
		}
	}
	var built []*ast.FuncDecl
	generic := map[*types.Info][]*ast.FuncDecl{}
	for fn, d := range r.decls {
		if sig := fn.Signature(); sig.TypeParams().Len() > 0 || sig.RecvTypeParams().Len() > 0 {
			generic[d.info] = append(generic[d.info], d.decl)
		} else if reached[d.decl] {
			built = append(built, d.decl)
		}
		if reached[d.decl] {
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
	if len(keep) == 0 {
		*info = types.Info{} // go/ssa let go of it too
		return
	}
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
	_, isStruct := info.Types[lit].Type.Underlying().(*types.Struct)
	dropped := k - constElem(lit.Elts[0], isStruct, info)
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
	_, isStruct := tv.Type.Underlying().(*types.Struct)
	n := 0
	for _, e := range lit.Elts {
		k := constElem(e, isStruct, info)
		if k == 0 {
			return 0
		}
		n += k
	}
	return n
}

// constElem returns the number of constants in e, an element of a
// literal of scalars (of a struct literal if isStruct), counting a nested
// literal as one more, or 0 if e is not made of constants only.
func constElem(e ast.Expr, isStruct bool, info *types.Info) int {
	parts := []ast.Expr{e}
	if kv, ok := e.(*ast.KeyValueExpr); ok {
		parts = []ast.Expr{kv.Key, kv.Value}
		if isStruct {
			parts = parts[1:] // the key is a field name
		}
	}
	n := 0
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

	// invoked holds the interface methods reachable code calls or takes
	// as values; waiting, by Id, the methods of converted types no such
	// call can reach yet.
	invoked invokeSet
	waiting map[string][]*types.Func
	// reflect is what reachable code lets reflection call (see
	// reflectUse).
	reflect reflectLevel
}

// reflectLevel says which exported methods of the types converted to
// interfaces reflection may call: none, those text/template can call
// (templateShape), or all. MethodByName with a constant name only marks
// that name invoked.
type reflectLevel int

const (
	reflectNone reflectLevel = iota
	reflectTemplate
	reflectAll
)

// callable reports whether reflection at level l may call fn.
func (l reflectLevel) callable(fn *types.Func) bool {
	return fn.Exported() && (l == reflectAll || l == reflectTemplate && templateShape(fn.Signature()))
}

// templateShape reports whether text/template calls a method of
// signature sig: it fails before the call unless the method has one
// result, or two whose second is an error (goodFunc).
func templateShape(sig *types.Signature) bool {
	res := sig.Results()
	return res.Len() == 1 || res.Len() == 2 && types.Identical(res.At(1).Type(), types.Universe.Lookup("error").Type())
}

// scanItem is syntax to scan (a function declaration, a package-level
// var declaration) with the types.Info it was checked in.
type scanItem struct {
	n    ast.Node
	info *types.Info
}

// scanOut is what scanning one item found: the functions it names, the
// types it converts to an interface, the table elements it dropped.
type scanOut struct {
	funcs   []*types.Func
	types   []types.Type
	invokes []invocation // interface methods called or taken as values
	reflect reflectLevel
	elems   int
}

func (o *scanOut) addFunc(fn *types.Func) { o.funcs = append(o.funcs, fn) }

func (o *scanOut) convert(t types.Type) {
	if t != nil {
		o.types = append(o.types, t)
	}
}

// run scans items, the declarations waiting in r.work and then every
// declaration they reach, in waves: the
// items of a wave are scanned in parallel (the syntax walk is most of the
// pruner's time, and the second core idles), and what they found is
// merged in item order before the next wave. The reached set is the
// fixpoint, whatever the order. go/packages shares a file's syntax
// between a package and its test variant: two items with the same syntax
// never share a wave, since trimTable rewrites the literals it cuts.
func (r *reacher) run(items []scanItem) {
	workers := runtime.GOMAXPROCS(0)
	for {
		for _, d := range r.work {
			items = append(items, scanItem{d.decl, d.info})
		}
		r.work = r.work[:0]
		if len(items) == 0 {
			return
		}
		var wave, later []scanItem
		inWave := map[ast.Node]bool{}
		for _, it := range items {
			if inWave[it.n] {
				later = append(later, it)
				continue
			}
			inWave[it.n] = true
			wave = append(wave, it)
		}
		outs := make([]scanOut, len(wave))
		var next atomic.Int64
		var wg sync.WaitGroup
		for range min(workers, len(wave)) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := int(next.Add(1) - 1); i < len(wave); i = int(next.Add(1) - 1) {
					outs[i].scan(wave[i].n, wave[i].info)
				}
			}()
		}
		wg.Wait()
		for i := range outs {
			for _, c := range outs[i].invokes {
				r.invoke(c.id, c.sig)
			}
			r.reflectAt(outs[i].reflect)
			for _, t := range outs[i].types {
				r.convert(t)
			}
			for _, fn := range outs[i].funcs {
				r.addFunc(fn)
			}
			r.elems += outs[i].elems
		}
		items = later
	}
}

func (r *reacher) addFunc(fn *types.Func) {
	d := r.decls[fn.Origin()]
	if d == nil || d.reached {
		return // no body (assembly, an interface method), or seen
	}
	d.reached = true
	r.work = append(r.work, d)
}

// reflectAt raises the reflection level to l, adding the waiting methods
// reflection may now call.
func (r *reacher) reflectAt(l reflectLevel) {
	if l <= r.reflect {
		return
	}
	r.reflect = l
	for id := range r.waiting {
		release(r.waiting, id, l.callable, r.addFunc)
	}
}

// release adds (with add) the methods waiting under id that can run
// (ok), and leaves the others waiting.
func release[M any](waiting map[string][]M, id string, ok func(M) bool, add func(M)) {
	var rest []M
	for _, m := range waiting[id] {
		if ok(m) {
			add(m)
		} else {
			rest = append(rest, m)
		}
	}
	if len(rest) == 0 {
		delete(waiting, id)
	} else {
		waiting[id] = rest
	}
}

// invoke marks the interface method id of signature sig (nil: any)
// called: the waiting methods it can reach can run.
func (r *reacher) invoke(id string, sig *types.Signature) {
	if !r.invoked.add(id, sig) {
		return
	}
	release(r.waiting, id, func(fn *types.Func) bool { return sigMatch(sig, fn.Signature()) }, r.addFunc)
}

// An invocation is a call of an interface method, by Id and signature
// (nil: any signature).
type invocation struct {
	id  string
	sig *types.Signature
}

// invokeSet holds the interface methods reachable code calls: by Id,
// their signatures (nil for any: the names reflection and the runtime
// call).
type invokeSet map[string][]*types.Signature

// add records a call of id with signature sig (nil: any), and reports
// whether it can reach methods the set could not.
func (s invokeSet) add(id string, sig *types.Signature) bool {
	if sig != nil && HasTypeParam(sig) {
		sig = nil
	}
	for _, t := range s[id] {
		if t == nil || sig != nil && types.Identical(t, sig) {
			return false
		}
	}
	if sig == nil {
		s[id] = []*types.Signature{nil}
	} else {
		s[id] = append(s[id], sig)
	}
	return true
}

// calls reports whether a call in s can reach fn, a method of a type
// converted to an interface: an interface method of the same Id and an
// identical signature (receivers aside), since a type implements an
// interface only with methods of the interface's signatures.
func (s invokeSet) calls(fn *types.Func) bool {
	for _, t := range s[fn.Id()] {
		if sigMatch(t, fn.Signature()) {
			return true
		}
	}
	return false
}

// sigMatch reports whether a call of an interface method of signature
// call (nil: any) may reach a method of signature m. A signature with
// type parameters (a call on a type parameter, a method of a generic type
// converted in its generic body) may stand for any of its instances, and
// matches any.
func sigMatch(call, m *types.Signature) bool {
	return call == nil || types.Identical(call, m) || HasTypeParam(m) || HasTypeParam(call)
}

// HasTypeParam reports whether t mentions a type parameter.
func HasTypeParam(t types.Type) bool {
	switch t := t.(type) {
	case *types.TypeParam:
		return true
	case *types.Alias:
		return HasTypeParam(types.Unalias(t)) || typeArgsHaveTypeParam(t.TypeArgs())
	case *types.Named:
		return typeArgsHaveTypeParam(t.TypeArgs())
	case *types.Pointer:
		return HasTypeParam(t.Elem())
	case *types.Slice:
		return HasTypeParam(t.Elem())
	case *types.Array:
		return HasTypeParam(t.Elem())
	case *types.Chan:
		return HasTypeParam(t.Elem())
	case *types.Map:
		return HasTypeParam(t.Key()) || HasTypeParam(t.Elem())
	case *types.Signature:
		return HasTypeParam(t.Params()) || HasTypeParam(t.Results())
	case *types.Tuple:
		for i := 0; i < t.Len(); i++ {
			if HasTypeParam(t.At(i).Type()) {
				return true
			}
		}
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			if HasTypeParam(t.Field(i).Type()) {
				return true
			}
		}
	case *types.Interface:
		for i := 0; i < t.NumEmbeddeds(); i++ {
			if HasTypeParam(t.EmbeddedType(i)) {
				return true
			}
		}
		for i := 0; i < t.NumExplicitMethods(); i++ {
			if HasTypeParam(t.ExplicitMethod(i).Type()) {
				return true
			}
		}
	case *types.Union:
		for i := 0; i < t.Len(); i++ {
			if HasTypeParam(t.Term(i).Type()) {
				return true
			}
		}
	}
	return false
}

func typeArgsHaveTypeParam(l *types.TypeList) bool {
	for i := 0; i < l.Len(); i++ {
		if HasTypeParam(l.At(i)) {
			return true
		}
	}
	return false
}

// runtimeInvoked are the methods the runtime calls without a call in
// Go syntax or SSA: those of a panic's value (printpanicval).
var runtimeInvoked = []string{"Error", "String"}

// reflectFinder reports whether fn looks a method up by name or index
// at run time: reflect's Method, MethodByName and Methods (of Value and
// Type), or an interface method of those names whose signature mentions
// package reflect (which reflect.Type or Value may implement).
func reflectFinder(fn *types.Func) bool {
	switch fn.Name() {
	case "Method", "MethodByName", "Methods":
	default:
		return false
	}
	if fn.Pkg() != nil && fn.Pkg().Path() == "reflect" {
		return true
	}
	recv := fn.Signature().Recv()
	if recv == nil || !types.IsInterface(recv.Type()) {
		return false
	}
	mentions := false
	types.TypeString(fn.Signature(), func(p *types.Package) string {
		mentions = mentions || p.Path() == "reflect"
		return p.Path()
	})
	return mentions
}

// reflectUse returns what a use of fn (a reflectFinder) outside package
// reflect lets reflection call, given whether it is the function of a
// call, the call's arguments' constant value if it has one (nil
// otherwise), and whether the use is in text/template's evalField: the
// Go linker's rule (cmd/link's deadcode: a constant name only, else every
// exported method), with text/template's calls narrowed to the methods it
// can call. reflect's own uses of these functions only implement the
// ones its callers made.
func reflectUse(fn *types.Func, called bool, name constant.Value, evalField bool) (reflectLevel, string) {
	if called && fn.Name() == "MethodByName" {
		if name != nil && name.Kind() == constant.String {
			return reflectNone, constant.StringVal(name)
		}
		if evalField {
			return reflectTemplate, ""
		}
	}
	return reflectAll, ""
}

// isEvalField reports whether fn is text/template's (*state).evalField,
// which calls the methods a template names through MethodByName.
func isEvalField(fn *types.Func) bool {
	return fn != nil && fn.Name() == "evalField" && fn.Pkg() != nil && fn.Pkg().Path() == "text/template"
}

// scan marks what the syntax n, type-checked in info, names and converts
// to an interface.
func (r *scanOut) scan(n ast.Node, info *types.Info) {
	typeOf := func(e ast.Expr) types.Type {
		tv, ok := info.Types[e]
		if !ok || tv.IsNil() || tv.IsVoid() {
			return nil
		}
		return types.Default(tv.Type)
	}
	// conv records that a value of type from is assigned to a slot of
	// type to: a conversion to an interface when to is one and from is
	// not (SSA's MakeInterface).
	conv := func(from, to types.Type) {
		if from == nil || to == nil || !types.IsInterface(to) || types.IsInterface(from) {
			return
		}
		r.convert(from)
	}
	convTo := func(vals []ast.Expr, to func(i int) types.Type, n int) {
		if len(vals) == 1 && n > 1 {
			if t, ok := typeOf(vals[0]).(*types.Tuple); ok { // f(g()), return g(), a, b = g()
				for i := 0; i < t.Len() && i < n; i++ {
					conv(t.At(i).Type(), to(i))
				}
			}
			return
		}
		for i, v := range vals {
			if i < n {
				conv(typeOf(v), to(i))
			}
		}
	}
	var stack []ast.Node
	var results []*types.Tuple // of the enclosing functions
	var decl *types.Func       // the enclosing declaration
	inReflect := false
	switch n := n.(type) {
	case *ast.FuncDecl:
		decl, _ = info.Defs[n.Name].(*types.Func)
		inReflect = decl != nil && decl.Pkg() != nil && decl.Pkg().Path() == "reflect"
	case *ast.GenDecl:
		for _, spec := range n.Specs {
			if vs, ok := spec.(*ast.ValueSpec); ok && len(vs.Names) > 0 {
				if obj := info.Defs[vs.Names[0]]; obj != nil && obj.Pkg() != nil {
					inReflect = obj.Pkg().Path() == "reflect"
				}
				break
			}
		}
	}
	ast.Inspect(n, func(n ast.Node) bool {
		if n == nil {
			switch stack[len(stack)-1].(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				results = results[:len(results)-1]
			}
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.FuncDecl:
			var res *types.Tuple
			if fn, ok := info.Defs[n.Name].(*types.Func); ok {
				res = fn.Signature().Results()
			}
			results = append(results, res)
		case *ast.FuncLit:
			var res *types.Tuple
			if sig, ok := typeOf(n).(*types.Signature); ok {
				res = sig.Results()
			}
			results = append(results, res)
		case *ast.SelectorExpr:
			// x.M or I.M on an interface (or a type parameter, whose
			// methods are its constraint's): a dynamic call of M.
			if sel := info.Selections[n]; sel != nil && sel.Kind() != types.FieldVal {
				if fn, ok := sel.Obj().(*types.Func); ok {
					if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
						r.invokes = append(r.invokes, invocation{fn.Id(), fn.Signature()})
					}
				}
			}
			if fn, ok := info.Uses[n.Sel].(*types.Func); ok && !inReflect && reflectFinder(fn) {
				var name constant.Value
				call, called := stack[len(stack)-2].(*ast.CallExpr)
				called = called && call.Fun == n
				if called && len(call.Args) == 1 {
					name = info.Types[call.Args[0]].Value
				}
				l, id := reflectUse(fn, called, name, isEvalField(decl))
				r.reflect = max(r.reflect, l)
				if token.IsExported(id) { // MethodByName finds exported methods only
					r.invokes = append(r.invokes, invocation{id, nil})
				}
			}
		case *ast.Ident:
			obj := info.Uses[n]
			if fn, ok := obj.(*types.Func); ok {
				r.addFunc(fn)
			}
			if obj != nil && generic(obj) {
				// The instance's body may convert a type argument
				// or a pointer to one (internal/abi.TypeFor's
				// (*T)(nil), Escape's x): count both as converted.
				if inst, ok := info.Instances[n]; ok {
					for i := 0; i < inst.TypeArgs.Len(); i++ {
						a := inst.TypeArgs.At(i)
						r.convert(a)
						r.convert(types.NewPointer(a))
					}
				}
			}
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
				return true // op=: numbers and strings
			}
			lhs := make([]types.Type, len(n.Lhs))
			for i, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					if obj := info.ObjectOf(id); obj != nil {
						lhs[i] = obj.Type()
					}
				} else {
					lhs[i] = typeOf(l)
				}
			}
			convTo(n.Rhs, func(i int) types.Type { return lhs[i] }, len(lhs))
		case *ast.ValueSpec:
			convTo(n.Values, func(i int) types.Type {
				if obj := info.Defs[n.Names[i]]; obj != nil {
					return obj.Type()
				}
				return nil
			}, len(n.Names))
		case *ast.ReturnStmt:
			if res := results[len(results)-1]; res != nil {
				convTo(n.Results, func(i int) types.Type { return res.At(i).Type() }, res.Len())
			}
		case *ast.CallExpr:
			r.call(n, info, typeOf, conv, convTo)
		case *ast.CompositeLit:
			if k := trimTable(n, info); k > 0 {
				r.elems += k
				return false // constants of scalar types: nothing to reach
			}
			t := typeOf(n)
			if p, ok := t.(*types.Pointer); ok { // an elided &T{...}
				t = p.Elem()
			}
			if t == nil {
				return true
			}
			switch u := t.Underlying().(type) {
			case *types.Struct:
				for i, e := range n.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						if f, ok := info.ObjectOf(kv.Key.(*ast.Ident)).(*types.Var); ok {
							conv(typeOf(kv.Value), f.Type())
						}
					} else if i < u.NumFields() {
						conv(typeOf(e), u.Field(i).Type())
					}
				}
			case *types.Slice, *types.Array, *types.Map:
				var key, elem types.Type
				switch u := u.(type) {
				case *types.Slice:
					elem = u.Elem()
				case *types.Array:
					elem = u.Elem()
				case *types.Map:
					key, elem = u.Key(), u.Elem()
				}
				for _, e := range n.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						conv(typeOf(kv.Key), key)
						e = kv.Value
					}
					conv(typeOf(e), elem)
				}
			}
		case *ast.SendStmt:
			if ch, ok := under(typeOf(n.Chan)).(*types.Chan); ok {
				conv(typeOf(n.Value), ch.Elem())
			}
		case *ast.IndexExpr:
			if m, ok := under(typeOf(n.X)).(*types.Map); ok {
				conv(typeOf(n.Index), m.Key())
			}
		case *ast.BinaryExpr:
			if n.Op == token.EQL || n.Op == token.NEQ {
				x, y := typeOf(n.X), typeOf(n.Y)
				conv(x, y)
				conv(y, x)
			}
		case *ast.SwitchStmt:
			if n.Tag != nil {
				tag := typeOf(n.Tag)
				for _, c := range n.Body.List {
					for _, e := range c.(*ast.CaseClause).List {
						conv(typeOf(e), tag)
						conv(tag, typeOf(e))
					}
				}
			}
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				key, val := rangeTypes(typeOf(n.X))
				if n.Key != nil {
					conv(key, typeOf(n.Key))
				}
				if n.Value != nil {
					conv(val, typeOf(n.Value))
				}
			}
		}
		return true
	})
}

// call marks the conversions of a call's arguments to its parameters.
func (r *scanOut) call(n *ast.CallExpr, info *types.Info, typeOf func(ast.Expr) types.Type, conv func(from, to types.Type), convTo func([]ast.Expr, func(int) types.Type, int)) {
	fun, ok := info.Types[n.Fun]
	if !ok {
		return
	}
	if fun.IsType() { // T(x)
		if len(n.Args) == 1 {
			conv(typeOf(n.Args[0]), fun.Type)
		}
		return
	}
	if fun.IsBuiltin() {
		id, _ := ast.Unparen(n.Fun).(*ast.Ident)
		if id == nil || len(n.Args) == 0 {
			return
		}
		switch id.Name {
		case "panic":
			r.convert(typeOf(n.Args[0]))
		case "append":
			if s, ok := under(typeOf(n.Args[0])).(*types.Slice); ok && !n.Ellipsis.IsValid() {
				for _, a := range n.Args[1:] {
					conv(typeOf(a), s.Elem())
				}
			}
		case "delete":
			if m, ok := under(typeOf(n.Args[0])).(*types.Map); ok && len(n.Args) == 2 {
				conv(typeOf(n.Args[1]), m.Key())
			}
		}
		return
	}
	sig, ok := under(fun.Type).(*types.Signature)
	if !ok {
		return
	}
	params := sig.Params()
	np := params.Len()
	param := func(i int) types.Type {
		if sig.Variadic() && i >= np-1 {
			if n.Ellipsis.IsValid() {
				return params.At(np - 1).Type()
			}
			return params.At(np - 1).Type().(*types.Slice).Elem()
		}
		return params.At(i).Type()
	}
	n2 := np
	if sig.Variadic() {
		n2 = len(n.Args)
		if len(n.Args) == 1 && np > 1 {
			n2 = np // f(g()) with a variadic f
		}
	}
	convTo(n.Args, param, n2)
}

// rangeTypes returns the key and value types of ranging over t.
func rangeTypes(t types.Type) (key, val types.Type) {
	switch u := under(t).(type) {
	case *types.Slice:
		return types.Typ[types.Int], u.Elem()
	case *types.Array:
		return types.Typ[types.Int], u.Elem()
	case *types.Pointer:
		if a, ok := under(u.Elem()).(*types.Array); ok {
			return types.Typ[types.Int], a.Elem()
		}
	case *types.Map:
		return u.Key(), u.Elem()
	case *types.Chan:
		return u.Elem(), nil
	case *types.Basic:
		return types.Typ[types.Int], types.Typ[types.Rune]
	case *types.Signature: // range over func: yield's parameters
		if u.Params().Len() == 1 {
			if y, ok := under(u.Params().At(0).Type()).(*types.Signature); ok {
				if y.Params().Len() > 0 {
					key = y.Params().At(0).Type()
				}
				if y.Params().Len() > 1 {
					val = y.Params().At(1).Type()
				}
			}
		}
	}
	return key, val
}

func under(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	return t.Underlying()
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

// convert marks t converted to an interface: its methods can run once an
// interface call names them, or reflection calls them (see pruneBodies).
func (r *reacher) convert(t types.Type) {
	if t == nil || r.types[t] {
		return
	}
	r.types[t] = true
	if types.IsInterface(t) {
		return
	}
	ms := types.NewMethodSet(t)
	for i := 0; i < ms.Len(); i++ {
		fn, ok := ms.At(i).Obj().(*types.Func)
		if !ok {
			continue
		}
		if id := fn.Id(); r.invoked.calls(fn) || r.reflect.callable(fn) {
			r.addFunc(fn)
		} else {
			r.waiting[id] = append(r.waiting[id], fn)
		}
	}
}
