package check

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Errors that cannot happen for these arguments (issue 18). The error
// convention (nilerr.go) takes the other results of a call as nil where
// its error is not; but some calls fail only when a reader they are given
// fails, and some readers never do: rand.Int(rand.Reader, max) reads from
// crypto/rand's Reader, whose Read returns no error; a parser that stops
// at io.EOF and fails only on its reader's other errors cannot fail on a
// *strings.Reader. Such a call's error is nil, and its results are no
// sources. A program that drops that error with _ knows it.
//
// The rule is derived from the code where the bodies are there:
//
//   - a reader's class (readerClass) comes from its Read method's body:
//     every return's error the nil constant (readerNever: crypto/rand's
//     reader), or nil or io.EOF (readerEOF: *strings.Reader,
//     *bytes.Reader, *bytes.Buffer). An interface value's reader is the
//     concrete value converted to it at the call, or a package variable
//     that its package's initializer sets once (crypto/rand.Reader);
//   - a function's error provenance (errReaderDeps) comes from its body:
//     at every return, the error is the nil constant, or the error of a
//     Read of a reader parameter (that needs readerNever: io.EOF is an
//     error there), or the error of a call whose own provenance is a
//     reader parameter's (mapped through the arguments: rand.Int returns
//     io.ReadFull's error of its parameter), through phis. Anything else (an error made or wrapped here, one of
//     another call, a named result a deferred function may set) may fail.
//
// Where the provenance needs a path condition the rule does not read
// (io.ReadFull returns ErrShortBuffer only when len(buf) < min, which its
// call of ReadAtLeast rules out; io.ReadAll turns io.EOF into nil), a
// library fact stands in (errLibraryFacts, each citing its library). Vet
// mode has no bodies of other packages: there the facts that the bodies
// give are cached (errDerivedCache), and TestErrModelDerived checks each
// against the bodies.
//
// A package variable that an analyzed function stores into (a program
// that puts a failing reader into crypto/rand.Reader, for its tests) may
// hold anything; stores by packages that are not analyzed (vet mode's
// other packages) and through reflection or unsafe pointers are not
// seen.
//
// html.Parse (golang.org/x/net/html) is no library fact here: since a
// release between x/net v0.41.0 and v0.51.0 its parser turns a panic
// into its error (more than 512 open elements), so it fails on some
// inputs whatever the reader;
// its body's named error set by a deferred function is read as "may
// fail", and so goquery's NewDocumentFromReader stays a source.

// readerClass says how a reader's Read may fail, weakest first.
type readerClass int

const (
	readerAny   readerClass = iota // any error
	readerEOF                      // only io.EOF: the data ends
	readerNever                    // never an error
)

// errReaderDeps maps a function's parameters (receiver first) to the
// class of reader each must be for the function's error to be nil.
type errReaderDeps map[int]readerClass

// errLibraryFacts are library functions whose error the rule cannot
// derive from their bodies: the error is non-nil only when a Read of the
// reader parameter fails as the class says. Each entry cites its library.
var errLibraryFacts = map[string]errReaderDeps{
	// io.ReadFull's documentation: "On return, n == len(buf) if and only
	// if err == nil. If r returns an error having read at least len(buf)
	// bytes, the error is dropped." Its other error, ReadAtLeast's
	// ErrShortBuffer, needs len(buf) < min, and ReadFull passes
	// min = len(buf). Any error of r, io.EOF included, can come back
	// (ErrUnexpectedEOF after a short read): r must never fail.
	"io.ReadFull": {0: readerNever},
	// io.ReadAll's documentation: "A successful call returns err == nil,
	// not err == EOF. Because ReadAll is defined to read from src until
	// EOF, it does not treat an EOF from Read as an error to be
	// reported." Its body returns only the error of r.Read, with io.EOF
	// made nil.
	"io.ReadAll": {0: readerEOF},
}

// errDerivedCache holds what the rule derives from the standard
// library's bodies, for where they are missing (vet mode analyzes one
// package at a time; a pruned body). TestErrModelDerived derives each
// entry again from the bodies and fails where they differ.
var errDerivedCache = map[string]errReaderDeps{
	// crypto/rand.Int returns nil, or io.ReadFull(rand, bytes)'s error.
	"crypto/rand.Int": {0: readerNever},
}

// readerDerivedCache is errDerivedCache's part for readers: concrete
// types by their types.TypeString, package variables by package path and
// name.
var readerDerivedCache = map[string]readerClass{
	"*strings.Reader":    readerEOF,
	"*bytes.Reader":      readerEOF,
	"*bytes.Buffer":      readerEOF,
	"crypto/rand.Reader": readerNever,
}

// errModel remembers what the rule found of functions and readers.
type errModel struct {
	deps    map[*ssa.Function]errDepsResult
	readers map[*ssa.Function]readerClass
	globals map[*ssa.Global]readerClass
	// stored are the package variables that the analyzed functions
	// store into outside their package's initializer (noteStores).
	stored map[*ssa.Global]bool
}

type errDepsResult struct {
	deps errReaderDeps
	ok   bool
}

func newErrModel() *errModel {
	return &errModel{
		deps:    map[*ssa.Function]errDepsResult{},
		readers: map[*ssa.Function]readerClass{},
		globals: map[*ssa.Global]readerClass{},
		stored:  map[*ssa.Global]bool{},
	}
}

// noteStores records the package variables that fn stores into, unless
// fn is the variable's package initializer: a reader that the program
// puts into crypto/rand.Reader (a test's failing reader) may fail.
func (m *errModel) noteStores(fn *ssa.Function) {
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			if g, ok := st.Addr.(*ssa.Global); ok && (g.Pkg == nil || fn != g.Pkg.Func("init")) {
				m.stored[g] = true
			}
		}
	}
}

// errModelDepth bounds the nesting of callees the rule reads.
const errModelDepth = 6

// infallible reports whether call c's error (its last result) is nil
// whatever happens: its static callee's error comes only from readers it
// is given, and each of c's arguments there is a reader that fails no
// more than the callee allows.
func (m *errModel) infallible(c *ssa.Call) bool {
	fn := c.Call.StaticCallee()
	if fn == nil {
		return false
	}
	deps, ok := m.errDeps(fn, 0)
	if !ok || len(deps) == 0 {
		// No reader: the error is the nil constant on every return,
		// which returnsNilWithError already says.
		return false
	}
	for j, need := range deps {
		if j >= len(c.Call.Args) || m.readerClass(c.Call.Args[j], 0) < need {
			return false
		}
	}
	return true
}

// funcKey names a package-level function as "path.Name"; methods and
// closures have none.
func funcKey(fn *ssa.Function) string {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if fn.Pkg == nil || fn.Signature.Recv() != nil || fn.Parent() != nil {
		return ""
	}
	return fn.Pkg.Pkg.Path() + "." + fn.Name()
}

// errDeps returns fn's error provenance (see above): ok false where its
// error may come from anything but its reader parameters.
func (m *errModel) errDeps(fn *ssa.Function, depth int) (errReaderDeps, bool) {
	key := funcKey(fn)
	if d, ok := errLibraryFacts[key]; ok {
		return d, true
	}
	if len(fn.Blocks) == 0 && fn.Origin() != nil {
		fn = fn.Origin()
	}
	if len(fn.Blocks) == 0 {
		d, ok := errDerivedCache[key]
		return d, ok
	}
	if depth > errModelDepth {
		return nil, false
	}
	if r, ok := m.deps[fn]; ok {
		return r.deps, r.ok
	}
	m.deps[fn] = errDepsResult{} // recursion: may fail
	d, ok := m.deriveErrDeps(fn, depth)
	m.deps[fn] = errDepsResult{d, ok}
	return d, ok
}

// deriveErrDeps reads fn's returns for errReaderDeps.
func (m *errModel) deriveErrDeps(fn *ssa.Function, depth int) (errReaderDeps, bool) {
	res := fn.Signature.Results()
	if res.Len() == 0 || !isErrorType(res.At(res.Len()-1).Type()) {
		return nil, false
	}
	deps := errReaderDeps{}
	seen := map[ssa.Value]bool{}
	var prov func(v ssa.Value) bool
	prov = func(v ssa.Value) bool {
		if seen[v] {
			return true
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Const:
			return x.IsNil()
		case *ssa.Phi:
			for _, e := range x.Edges {
				if !prov(e) {
					return false
				}
			}
			return true
		case *ssa.Extract:
			c, ok := x.Tuple.(*ssa.Call)
			if !ok || x.Index != c.Call.Signature().Results().Len()-1 {
				return false
			}
			return m.callProv(fn, c, deps, depth)
		}
		return false
	}
	for _, blk := range fn.Blocks {
		ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
		if !ok || noReturn(blk) {
			continue
		}
		if !prov(ret.Results[len(ret.Results)-1]) {
			return nil, false
		}
	}
	return deps, true
}

// callProv adds to deps what the error of call c in fn needs of fn's
// parameters, or reports false where it may fail otherwise.
func (m *errModel) callProv(fn *ssa.Function, c *ssa.Call, deps errReaderDeps, depth int) bool {
	if c.Call.IsInvoke() {
		// r.Read(p) on a reader parameter: any error comes back, io.EOF
		// included.
		j := paramIndex(fn, c.Call.Value)
		if j < 0 || !isReadMethod(c.Call.Method) {
			return false
		}
		need(deps, j, readerNever)
		return true
	}
	g := c.Call.StaticCallee()
	if g == nil {
		return false
	}
	gd, ok := m.errDeps(g, depth+1)
	if !ok {
		return false
	}
	for i, cl := range gd {
		if i >= len(c.Call.Args) {
			return false
		}
		a := c.Call.Args[i]
		if j := paramIndex(fn, a); j >= 0 {
			need(deps, j, cl)
		} else if m.readerClass(a, depth+1) < cl {
			return false
		}
	}
	return true
}

func need(deps errReaderDeps, j int, cl readerClass) {
	if deps[j] < cl {
		deps[j] = cl
	}
}

// paramIndex returns the index of fn's parameter that v is, through
// conversions to interfaces, or -1.
func paramIndex(fn *ssa.Function, v ssa.Value) int {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
			continue
		case *ssa.ChangeInterface:
			v = x.X
			continue
		case *ssa.Parameter:
			for j, p := range fn.Params {
				if p == x {
					return j
				}
			}
		}
		return -1
	}
}

// isReadMethod reports whether m is io.Reader's Read:
// Read([]byte) (int, error).
func isReadMethod(m *types.Func) bool {
	if m == nil || m.Name() != "Read" {
		return false
	}
	sig := m.Type().(*types.Signature)
	if sig.Params().Len() != 1 || sig.Results().Len() != 2 {
		return false
	}
	s, ok := sig.Params().At(0).Type().Underlying().(*types.Slice)
	if !ok || !types.Identical(s.Elem(), types.Typ[types.Byte]) {
		return false
	}
	return types.Identical(sig.Results().At(0).Type(), types.Typ[types.Int]) && isErrorType(sig.Results().At(1).Type())
}

// readerClass returns the class of reader v is: a concrete value (before
// its conversion to an interface) by its type's Read method, or a
// package variable by what its package's initializer stores there.
func (m *errModel) readerClass(v ssa.Value, depth int) readerClass {
	for depth <= errModelDepth {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			return m.typeReaderClass(v.Parent().Prog, x.X.Type())
		case *ssa.ChangeInterface:
			v = x.X
			depth++
			continue
		case *ssa.UnOp:
			if g, ok := x.X.(*ssa.Global); ok && x.Op == token.MUL {
				return m.globalReaderClass(g, depth+1)
			}
			return readerAny
		}
		if types.IsInterface(v.Type()) {
			return readerAny
		}
		if fn := v.Parent(); fn != nil {
			return m.typeReaderClass(fn.Prog, v.Type())
		}
		return readerAny
	}
	return readerAny
}

// typeReaderClass is the class of t's Read method, from its body, or
// readerDerivedCache's where it has none.
func (m *errModel) typeReaderClass(prog *ssa.Program, t types.Type) readerClass {
	sel := prog.MethodSets.MethodSet(t).Lookup(nil, "Read")
	if sel == nil || !isReadMethod(sel.Obj().(*types.Func)) {
		return readerAny
	}
	fn := prog.MethodValue(sel)
	if fn == nil {
		return readerAny
	}
	if cl, ok := m.readers[fn]; ok {
		return cl
	}
	target := fn
	if target.Synthetic != "" && len(target.Blocks) > 0 {
		// A wrapper of a value method for its pointer type, or of an
		// embedded field's: its class is its callee's.
		target = wrappedCallee(target)
	}
	if target != nil && len(target.Blocks) == 0 && target.Origin() != nil {
		target = target.Origin()
	}
	var cl readerClass
	switch {
	case target == nil:
		cl = readerAny
	case len(target.Blocks) == 0:
		cl = readerDerivedCache[types.TypeString(t, nil)]
	default:
		cl = readClass(target)
	}
	m.readers[fn] = cl
	return cl
}

// wrappedCallee returns the one function synthetic wrapper fn calls, or
// nil.
func wrappedCallee(fn *ssa.Function) *ssa.Function {
	var g *ssa.Function
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			if c, ok := instr.(*ssa.Call); ok {
				if _, ok := c.Call.Value.(*ssa.Builtin); ok {
					continue // ssa:wrapnilchk
				}
				if g != nil || c.Call.StaticCallee() == nil {
					return nil
				}
				g = c.Call.StaticCallee()
			}
		}
	}
	return g
}

// readClass derives the class of Read method fn from its returns: the
// nil constant only (readerNever), or also io.EOF (readerEOF).
func readClass(fn *ssa.Function) readerClass {
	cl := readerNever
	for _, blk := range fn.Blocks {
		ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
		if !ok || noReturn(blk) {
			continue
		}
		e := ret.Results[len(ret.Results)-1]
		switch {
		case isNilConst(e):
		case isEOF(e):
			cl = min(cl, readerEOF)
		default:
			return readerAny
		}
	}
	return cl
}

// isEOF reports whether v is a load of io.EOF.
func isEOF(v ssa.Value) bool {
	ld, ok := v.(*ssa.UnOp)
	if !ok {
		return false
	}
	g, ok := ld.X.(*ssa.Global)
	return ok && g.Pkg != nil && g.Pkg.Pkg.Path() == "io" && g.Name() == "EOF"
}

// globalReaderClass is the class of the reader that package variable g
// holds: what its package's initializer stores there, where that is
// the only store it makes and no analyzed function stores there
// (noteStores), or readerDerivedCache's where the initializer has no
// body.
func (m *errModel) globalReaderClass(g *ssa.Global, depth int) readerClass {
	if cl, ok := m.globals[g]; ok {
		return cl
	}
	m.globals[g] = readerAny // recursion
	cl := readerAny
	init := g.Pkg.Func("init")
	if m.stored[g] {
		// Stored into elsewhere: anything.
	} else if init == nil || len(init.Blocks) == 0 {
		cl = readerDerivedCache[g.Pkg.Pkg.Path()+"."+g.Name()]
	} else {
		var stores []*ssa.Store
		for _, blk := range init.Blocks {
			for _, instr := range blk.Instrs {
				if st, ok := instr.(*ssa.Store); ok && st.Addr == ssa.Value(g) {
					stores = append(stores, st)
				}
			}
		}
		if len(stores) == 1 {
			cl = m.readerClass(stores[0].Val, depth+1)
		}
	}
	m.globals[g] = cl
	return cl
}
