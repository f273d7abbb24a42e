package check

import (
	"go/constant"
	"go/token"
	"go/types"
	"sync"

	"golang.org/x/tools/go/ssa"
)

// A callback and the flags set beside it.
//
// Options structs often carry a function and a flag that says how to
// call it; the function is then written for the calls the flag allows:
//
//	type prefs struct {
//		calcWhenEmpty bool
//		calc          func(lhs, rhs *Node) *Node
//	}
//	if p.calcWhenEmpty { p.calc(lhs, nil) } // only calcs made for it
//	cross(prefs{calc: divide})              // divide never gets the nil
//
// (yq's crossFunctionPreferences: 24 of its findings.) Where a witness
// calls a function read from a struct's field (p.calc, of a struct value
// or through a pointer), and every struct the program builds with that
// function in the field sets a boolean field to the same constant (a
// composite literal, or stores into one object of the function that
// builds it; a field not written is false), the boolean read from the
// same struct in the caller's frame has that value. Any store of the
// field the scan cannot read (another value than a function, or a
// struct built elsewhere) leaves the rule out for that field.

// fieldFlags are, by field index, the boolean fields' values in every
// struct built with one callee in a function-typed field.
type fieldFlags map[int]bool

type calleeFieldKey struct {
	st    *types.Struct
	field int
}

// calleeFields caches, per struct type and function field, the boolean
// fields' constants by callee (nil: the field's stores cannot all be
// read).
type calleeFields struct {
	sync.Mutex
	m map[calleeFieldKey]map[*ssa.Function]fieldFlags
}

// flagsFor returns, for struct type st's function field k, the boolean
// fields every struct built with callee in k sets to one constant.
func (g *FlowGraph) flagsFor(st *types.Struct, k int, callee *ssa.Function) fieldFlags {
	g.calleeFields.Lock()
	defer g.calleeFields.Unlock()
	key := calleeFieldKey{st, k}
	byCallee, ok := g.calleeFields.m[key]
	if !ok {
		byCallee = scanCalleeFields(g.Funcs, st, k)
		if g.calleeFields.m == nil {
			g.calleeFields.m = map[calleeFieldKey]map[*ssa.Function]fieldFlags{}
		}
		g.calleeFields.m[key] = byCallee
	}
	return byCallee[callee]
}

// structOf is the struct type a FieldAddr's base points to.
func structOf(t types.Type) *types.Struct {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		st, _ := p.Elem().Underlying().(*types.Struct)
		return st
	}
	return nil
}

// scanCalleeFields reads every store into field k of structs of type st
// in funcs: for each callee stored there, the boolean fields set beside
// it (on the same object, in the same function) to the same constant
// every time. A callee and flags that are parameters of the function
// building the struct (crossFunction(..., divide, false)) are read at
// each of its calls, when it has no others: it is unexported (or in
// package main) and never used as a value. It returns nil when some
// store of field k is none of these, or the object it is stored into is
// not a fresh one whose other stores the scan sees.
func scanCalleeFields(funcs []*ssa.Function, st *types.Struct, k int) map[*ssa.Function]fieldFlags {
	out := map[*ssa.Function]fieldFlags{}
	seen := map[*ssa.Function]bool{}
	mutable := map[int]bool{} // fields written other than in a literal
	var calls *staticCalls
	record := func(callee *ssa.Function, flags fieldFlags) {
		if !seen[callee] {
			seen[callee] = true
			out[callee] = flags
			return
		}
		// Keep the flags every construction agrees on.
		for j, v := range out[callee] {
			if w, ok := flags[j]; !ok || w != v {
				delete(out[callee], j)
			}
		}
	}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				s, ok := in.(*ssa.Store)
				if !ok {
					continue
				}
				fa, ok := s.Addr.(*ssa.FieldAddr)
				if !ok || structOf(fa.X.Type()) != st {
					continue
				}
				if fa.Field != k {
					if a, ok := fa.X.(*ssa.Alloc); !ok || a.Block() != s.Block() {
						mutable[fa.Field] = true
					}
					continue
				}
				obj, fresh := fa.X.(*ssa.Alloc)
				if !fresh {
					return nil
				}
				vals := objectFields(obj, st)
				if callee := staticFunc(s.Val); callee != nil {
					record(callee, constFlags(vals, nil))
					continue
				}
				prm, ok := s.Val.(*ssa.Parameter)
				if !ok || prm.Parent() != fn {
					return nil
				}
				if calls == nil {
					calls = scanStaticCalls(funcs)
				}
				sites, only := calls.of(fn)
				if !only {
					return nil
				}
				for _, site := range sites {
					args := site.Common().Args
					callee := staticFunc(args[paramIndex(fn, prm)])
					if callee == nil {
						return nil
					}
					record(callee, constFlags(vals, args))
				}
			}
		}
	}
	for _, flags := range out {
		for j := range mutable {
			delete(flags, j)
		}
	}
	return out
}

// staticFunc is the function v names (a function or a closure of one,
// also as the result of a static call whose every return gives a
// closure of that one function: multiply(prefs)), or nil.
func staticFunc(v ssa.Value) *ssa.Function {
	switch v := v.(type) {
	case *ssa.ChangeType: // to a named func type
		return staticFunc(v.X)
	case *ssa.Function:
		return v
	case *ssa.MakeClosure:
		f, _ := v.Fn.(*ssa.Function)
		return f
	case *ssa.Call:
		factory := v.Call.StaticCallee()
		if factory == nil || len(factory.Blocks) == 0 {
			return nil
		}
		var fn *ssa.Function
		for _, b := range factory.Blocks {
			r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !ok || len(r.Results) != 1 {
				continue
			}
			f := staticFunc1(r.Results[0])
			if f == nil || fn != nil && f != fn {
				return nil
			}
			fn = f
		}
		return fn
	}
	return nil
}

// staticFunc1 is staticFunc without calls.
func staticFunc1(v ssa.Value) *ssa.Function {
	if _, ok := v.(*ssa.Call); ok {
		return nil
	}
	return staticFunc(v)
}

// constFlags are the fields of vals that are boolean constants: as
// stored, or, for a parameter of the building function, as the call's
// argument args gives it (none when args is nil).
func constFlags(vals map[int]ssa.Value, args []ssa.Value) fieldFlags {
	flags := fieldFlags{}
	for j, v := range vals {
		if p, ok := v.(*ssa.Parameter); ok && args != nil {
			if i := paramIndex(p.Parent(), p); i >= 0 && i < len(args) {
				v = args[i]
			}
		}
		if c, ok := v.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Bool {
			flags[j] = constant.BoolVal(c.Value)
		}
	}
	return flags
}

// staticCalls are the static call sites of each function in a set of
// functions, and the functions also used otherwise (as values).
type staticCalls struct {
	sites map[*ssa.Function][]ssa.CallInstruction
	value map[*ssa.Function]bool
}

func scanStaticCalls(funcs []*ssa.Function) *staticCalls {
	sc := &staticCalls{sites: map[*ssa.Function][]ssa.CallInstruction{}, value: map[*ssa.Function]bool{}}
	var ops []*ssa.Value
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if _, ok := in.(*ssa.DebugRef); ok {
					continue
				}
				var callee ssa.Value
				if call, ok := in.(ssa.CallInstruction); ok && !call.Common().IsInvoke() {
					callee = call.Common().Value
					if f, ok := callee.(*ssa.Function); ok {
						sc.sites[f] = append(sc.sites[f], call)
					}
				}
				for _, op := range in.Operands(ops[:0]) {
					if f, ok := (*op).(*ssa.Function); ok && *op != callee {
						sc.value[f] = true
					}
				}
			}
		}
	}
	return sc
}

// of returns fn's static call sites, and whether they are all its calls:
// fn is not used as a value, and no caller outside the program exists
// (unexported, or in package main).
func (sc *staticCalls) of(fn *ssa.Function) ([]ssa.CallInstruction, bool) {
	if sc.value[fn] || fn.Pkg == nil || fn.Pkg.Pkg.Name() != "main" && fn.Object() != nil && fn.Object().Exported() {
		return nil, false
	}
	return sc.sites[fn], true
}

// objectFields are the values of the boolean fields of fresh object obj
// (of struct type st) that its function stores once in the literal's
// block, or never (false, the zero value): a field written twice, or
// whose address is taken, is left out.
func objectFields(obj *ssa.Alloc, st *types.Struct) map[int]ssa.Value {
	vals := map[int]ssa.Value{}
	writes := map[int]int{}
	for j := 0; j < st.NumFields(); j++ {
		if t := st.Field(j).Type(); isBool(t) {
			vals[j] = ssa.NewConst(constant.MakeBool(false), t)
		}
	}
	for _, r := range *obj.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		if _, isFlag := vals[fa.Field]; !isFlag {
			continue
		}
		for _, u := range *fa.Referrers() {
			switch u := u.(type) {
			case *ssa.Store:
				writes[fa.Field]++
				// A literal's stores follow its allocation in its block.
				if u.Addr != ssa.Value(fa) || u.Block() != obj.Block() {
					writes[fa.Field] = 2
					continue
				}
				vals[fa.Field] = u.Val
			case *ssa.UnOp, *ssa.DebugRef:
			default:
				writes[fa.Field] = 2 // its address taken: written elsewhere
			}
		}
	}
	for j, n := range writes {
		if n > 1 {
			delete(vals, j)
		}
	}
	return vals
}

// calledFlags adds to group, when the witness calls callee at site
// through a function read from a struct's field, the boolean fields that
// every struct built with callee there sets to one constant, as read
// from the same struct in frame f.
func (p *pathBuilder) calledFlags(group int, f frame, site ssa.CallInstruction, callee *ssa.Function) {
	cc := site.Common()
	if cc.IsInvoke() || p.g == nil {
		return
	}
	var base ssa.Value // the struct value, or its address
	var st *types.Struct
	var k int
	switch fv := cc.Value.(type) {
	case *ssa.Field: // a struct value
		base, k = fv.X, fv.Field
		st, _ = fv.X.Type().Underlying().(*types.Struct)
	case *ssa.UnOp: // through a pointer
		if fa, ok := fv.X.(*ssa.FieldAddr); ok && fv.Op == token.MUL {
			base, k, st = fa.X, fa.Field, structOf(fa.X.Type())
		}
	}
	if st == nil {
		return
	}
	for j, v := range p.g.flagsFor(st, k, callee) {
		p.c.add(group, litIf(p.fieldLit(f, base, j), v))
	}
}

// fieldBase offsets the atom index of a struct's field j (atomKey.idx
// is otherwise a tuple component or -1).
const fieldBase = 1 << 20

// fieldLit is the literal "boolean field j of struct v (a value, or its
// address) is true" in frame f: one atom for the struct, which each
// read of the field in v's function equals, so that a field no
// instruction reads still joins the frames it is passed between.
func (p *pathBuilder) fieldLit(f frame, v ssa.Value, j int) int {
	root := structRoot(v)
	k := atomKey{f: f.id, v: root, idx: fieldBase + j}
	if l, ok := p.atoms[k]; ok {
		return l
	}
	l := p.c.newVar()
	p.atoms[k] = l
	for _, r := range fieldReads(root, j) {
		p.c.eq(always, l, p.condLit(f, r))
	}
	return l
}

// structRoot names a struct by the variable it lives in where there is
// one written once (a spilled parameter, or the cell a value was loaded
// from), else by the value itself.
func structRoot(v ssa.Value) ssa.Value {
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if a, ok := ld.X.(*ssa.Alloc); ok && storedOnce(a) {
			return a
		}
	}
	if v.Referrers() != nil {
		for _, r := range *v.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Val == v {
				if a, ok := st.Addr.(*ssa.Alloc); ok && storedOnce(a) {
					return a
				}
			}
		}
	}
	return v
}

// fieldReads are the reads of field j of v in v's function: Field of a
// struct value, and loads through the field's address for a pointer to
// a struct (the atoms of one access path are one, refuteload.go).
func fieldReads(v ssa.Value, j int) []ssa.Value {
	var out []ssa.Value
	if v.Referrers() == nil {
		return nil
	}
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.Field:
			if r.Field == j {
				out = append(out, r)
			}
		case *ssa.FieldAddr:
			if r.Field != j {
				continue
			}
			for _, u := range *r.Referrers() {
				if ld, ok := u.(*ssa.UnOp); ok && ld.Op == token.MUL {
					out = append(out, ld)
				}
			}
		}
	}
	return out
}

// litIf is l when v, else its negation.
func litIf(l int, v bool) int {
	if v {
		return l
	}
	return -l
}

// bindFlags adds to group, for x in frame fx and y in frame fy, two
// values of one struct type, that their boolean fields are equal: an
// options struct passed on keeps its flags (doCrossFunc tests
// prefs.calcWhenEmpty, resultsForRHS calls prefs.calc).
func (p *pathBuilder) bindFlags(group int, fx frame, x ssa.Value, fy frame, y ssa.Value) {
	st, ok := x.Type().Underlying().(*types.Struct)
	if !ok || !types.Identical(x.Type(), y.Type()) {
		return
	}
	for j := 0; j < st.NumFields(); j++ {
		if isBool(st.Field(j).Type()) {
			p.c.eq(group, p.fieldLit(fx, x, j), p.fieldLit(fy, y, j))
		}
	}
}
