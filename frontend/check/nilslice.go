package check

import (
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// sliceOfNil returns the slice that the slice expression s[l:h:m] panics
// on when it is nil: a nil slice has length and capacity 0, so any bound
// that may be above 0 is out of range (var buf []byte; buf = buf[:n]).
// Bounds that are 0 on a nil slice (left out, 0, len(s) or cap(s), min
// with one of them, max of them only) never panic there.
func sliceOfNil(sl *ssa.Slice) ssa.Value {
	if _, ok := sl.X.Type().Underlying().(*types.Slice); !ok {
		return nil
	}
	for _, bound := range []ssa.Value{sl.Low, sl.High, sl.Max} {
		if bound != nil && !zeroOnNil(bound, sl.X, 0) {
			return sl.X
		}
	}
	return nil
}

// zeroOnNil reports whether v is 0 when slice s is nil.
func zeroOnNil(v, s ssa.Value, depth int) bool {
	if depth > 4 {
		return false
	}
	switch x := v.(type) {
	case *ssa.Const:
		return x.Value != nil && x.Value.Kind() == constant.Int && constant.Sign(x.Value) == 0
	case *ssa.Convert:
		return zeroOnNil(x.X, s, depth+1)
	case *ssa.Call:
		bi, ok := x.Call.Value.(*ssa.Builtin)
		if !ok {
			return false
		}
		args := x.Call.Args
		switch bi.Name() {
		case "len", "cap":
			return len(args) == 1 && args[0] == s
		case "min":
			for _, a := range args {
				if zeroOnNil(a, s, depth+1) {
					return true
				}
			}
		case "max":
			for _, a := range args {
				if !zeroOnNil(a, s, depth+1) {
					return false
				}
			}
			return len(args) > 0
		}
	}
	return false
}

// loadsOnlyNil reports whether s is a load that reads only nils the function
// wrote (local memory, localmem.go): s = nil (a package variable or an
// address-taken local) with no call or other write between, then s[i].
func (b *flowBuilder) loadsOnlyNil(s ssa.Value) bool {
	u, ok := s.(*ssa.UnOp)
	if !ok || !b.local {
		return false
	}
	defs := b.mem[u]
	if len(defs) == 0 {
		return false
	}
	for _, d := range defs {
		switch {
		case d.guarded || d.errRet:
			return false
		case d.zero != nil:
			if !zeroNil(d.zero, u) {
				return false
			}
		case !isNilConst(d.st.Val):
			return false
		}
	}
	return true
}
