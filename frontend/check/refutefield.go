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
// every time. It returns nil when some store of field k is not a static
// function, or the object it is stored into is not a fresh one whose
// other stores the scan sees.
func scanCalleeFields(funcs []*ssa.Function, st *types.Struct, k int) map[*ssa.Function]fieldFlags {
	out := map[*ssa.Function]fieldFlags{}
	seen := map[*ssa.Function]bool{}
	mutable := map[int]bool{} // fields written other than in a literal
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
				var callee *ssa.Function
				switch v := s.Val.(type) {
				case *ssa.Function:
					callee = v
				case *ssa.MakeClosure:
					callee, _ = v.Fn.(*ssa.Function)
				}
				obj, fresh := fa.X.(*ssa.Alloc)
				if callee == nil || !fresh {
					return nil
				}
				flags := objectFlags(obj, st)
				if !seen[callee] {
					seen[callee] = true
					out[callee] = flags
					continue
				}
				// Keep the flags every construction agrees on.
				for j, v := range out[callee] {
					if w, ok := flags[j]; !ok || w != v {
						delete(out[callee], j)
					}
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

// objectFlags are the boolean fields of fresh object obj (of struct type
// st) that its function sets once to a constant, or never (false, the
// zero value): a field written twice, or with another value, is left
// out.
func objectFlags(obj *ssa.Alloc, st *types.Struct) fieldFlags {
	flags := fieldFlags{}
	writes := map[int]int{}
	for j := 0; j < st.NumFields(); j++ {
		if isBool(st.Field(j).Type()) {
			flags[j] = false
		}
	}
	for _, r := range *obj.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		if _, isFlag := flags[fa.Field]; !isFlag {
			continue
		}
		for _, u := range *fa.Referrers() {
			switch u := u.(type) {
			case *ssa.Store:
				writes[fa.Field]++
				c, ok := u.Val.(*ssa.Const)
				// A literal's stores follow its allocation in its block.
				if u.Addr != ssa.Value(fa) || u.Block() != obj.Block() || !ok || c.Value == nil || c.Value.Kind() != constant.Bool || writes[fa.Field] > 1 {
					writes[fa.Field] = 2
					continue
				}
				flags[fa.Field] = constant.BoolVal(c.Value)
			case *ssa.UnOp, *ssa.DebugRef:
			default:
				writes[fa.Field] = 2 // its address taken: written elsewhere
			}
		}
	}
	for j, n := range writes {
		if n > 1 {
			delete(flags, j)
		}
	}
	return flags
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
	switch fv := cc.Value.(type) {
	case *ssa.Field:
		// A struct value: its other fields are Field reads of the same X.
		st, ok := fv.X.Type().Underlying().(*types.Struct)
		if !ok {
			return
		}
		for j, v := range p.g.flagsFor(st, fv.Field, callee) {
			for _, r := range *fv.X.Referrers() {
				if fr, ok := r.(*ssa.Field); ok && fr.Field == j {
					p.c.add(group, litIf(p.condLit(f, fr), v))
				}
			}
		}
	case *ssa.UnOp:
		// Through a pointer: the other fields are loads of the same
		// pointer's fields (one value per access path, refuteload.go).
		fa, ok := fv.X.(*ssa.FieldAddr)
		if !ok || fv.Op != token.MUL {
			return
		}
		st := structOf(fa.X.Type())
		if st == nil {
			return
		}
		for j, v := range p.g.flagsFor(st, fa.Field, callee) {
			for _, r := range *fa.X.Referrers() {
				sib, ok := r.(*ssa.FieldAddr)
				if !ok || sib.Field != j {
					continue
				}
				for _, u := range *sib.Referrers() {
					if ld, ok := u.(*ssa.UnOp); ok && ld.Op == token.MUL {
						p.c.add(group, litIf(p.condLit(f, ld), v))
					}
				}
			}
		}
	}
}

// litIf is l when v, else its negation.
func litIf(l int, v bool) int {
	if v {
		return l
	}
	return -l
}
