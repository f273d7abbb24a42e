package check

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// LibrarySource is the source name of library mode's parameters
// (Config.Library), as findings and witnesses show it.
const LibrarySource = "a parameter of an exported function"

// Library mode (Config.Library, `cflr check --library`) checks a
// package as an API that callers outside it use in any way they like.
// Every function of a named non-main package is already a root of the
// analysis (frontend.Load's pruning and Analyze's reachability keep them
// all); library mode adds, for taint, that the string and byte
// parameters of its exported API are untrusted: those of exported
// functions and of exported methods of exported types of the packages
// the patterns named (main packages excepted), whose types are, after
// unaliasing, string, []byte or []string (variadic ones included), or
// named types with those underlying types. It is how a library's
// injection bugs show: the advisory says "if used with user input".

// libraryRoot reports whether fn is an exported function or method of an
// exported type declared in one of the packages named.
func libraryRoot(fn *ssa.Function, named map[*ssa.Package]bool) bool {
	if fn.Synthetic != "" || fn.Parent() != nil || fn.Pkg == nil || !named[fn.Pkg] || fn.Pkg.Pkg.Name() == "main" {
		return false
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || !obj.Exported() {
		return false
	}
	if recv := fn.Signature.Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		n, ok := types.Unalias(t).(*types.Named)
		return ok && n.Obj().Exported()
	}
	return true
}

// untrustedParam reports whether a parameter of type t carries text a
// caller chooses: string, []byte or []string.
func untrustedParam(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		if e, ok := u.Elem().Underlying().(*types.Basic); ok {
			return e.Kind() == types.Byte || e.Info()&types.IsString != 0
		}
	}
	return false
}

// libraryParams adds the library-mode sources of fn's parameters.
func (t *taintRun) libraryParams(fn *ssa.Function) {
	if t.library == nil || !libraryRoot(fn, t.library) {
		return
	}
	for _, p := range fn.Params {
		if untrustedParam(p.Type()) {
			t.sourceAt(LibrarySource, p.Pos(), t.value(p), nil)
		}
	}
}
