package frontend

import (
	"golang.org/x/tools/go/ssa"
)

// A function that returns one of its parameters or free variables
// unchanged (an identity, a closure returning a captured pointer) gives
// each call the argument of that call, not the union over all its calls:
// SSA never reassigns a parameter, so the value returned is this call's
// argument. The call's result is then fed from its own arguments
// (passThrough) instead of the function's merged result vertex; the
// arguments still reach the body, so sets inside it stay the union. It is
// the context sensitivity go/pointer gives small functions, for the case
// that needs no copy of the body (go/pointer's context.go: id(&a),
// id(&b)), at the cost of an edge per such result and call.

// directResults lists, per result of fn, the parameters and free
// variables every return statement returns there (constants dropped), or
// nil for a result that some return computes otherwise. Nil when no
// result is direct.
func (b *builder) directResults(fn *ssa.Function) [][]ssa.Value {
	if d, ok := b.direct[fn]; ok {
		return d
	}
	if b.direct == nil {
		b.direct = map[*ssa.Function][][]ssa.Value{}
	}
	n := fn.Signature.Results().Len()
	var d [][]ssa.Value
	if n > 0 && len(fn.Blocks) > 0 {
		d = make([][]ssa.Value, n)
		ok := make([]bool, n)
		for k := range ok {
			ok[k] = true
		}
		for _, blk := range fn.Blocks {
			ret, isRet := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
			if !isRet {
				continue
			}
			for k, r := range ret.Results {
				switch r.(type) {
				case *ssa.Parameter, *ssa.FreeVar:
					d[k] = append(d[k], r)
				case *ssa.Const:
				default:
					ok[k] = false
				}
			}
		}
		any := false
		for k := range d {
			if !ok[k] || len(d[k]) == 0 {
				d[k] = nil
			} else {
				any = true
			}
		}
		if !any {
			d = nil
		}
	}
	b.direct[fn] = d
	return d
}

// passThrough feeds dst, a result of call c of fn, from the parameters
// and free variables fn returns there: the call's own arguments.
func (b *builder) passThrough(c *ssa.CallCommon, fn *ssa.Function, vals []ssa.Value, dst uint32) {
	if dst == noVertex {
		return
	}
	for _, v := range vals {
		switch v := v.(type) {
		case *ssa.Parameter:
			for j, p := range fn.Params {
				if p == v && j < len(c.Args) {
					b.assign(b.value(c.Args[j]), dst)
				}
			}
		case *ssa.FreeVar:
			b.assign(b.value(v), dst)
		}
	}
}
