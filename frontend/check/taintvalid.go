package check

import (
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Validating helpers. Fixes of injection bugs often move their check into
// a function of their own: a path check that reports by an error
// (oras's ensureBasePath: filepath.Rel, then a ".." test), a command
// argument check that reports by a bool (1Panel's CheckIllegal), an
// allow-list match. The caller then tests the result,
//
//	if err := ensureBase(dir, name); err != nil {
//		return err
//	}
//	os.Open(filepath.Join(dir, name))
//
// and uses its own argument. A function validates its parameter p when
// every return of its success value (true, false, or a nil error as its
// last result) is reached only where one of the built-in or configured
// validators found p valid inside it (its true branch dominates the
// return), and at least one other return exists: then wherever the
// caller saw that value, its argument passed the check. Helpers of
// helpers count, helperValidDepth calls deep. A variadic or slice
// parameter is validated element by element by a range loop whose every
// iteration passes the check and which is left only when it ran out
// (no break): then the value of each element stored at the call is
// valid (a nil or empty slice, none).
//
// The caller's use must be on the success branch of its test of the
// result (the other branch returning, continuing or panicking, or the
// use inside the success branch): a result that is ignored, tested after
// the use, or tested the other way round validates nothing, as for the
// built-in tests (taintRun.guard).

// helperValidDepth is how many calls deep a validating helper may reach
// its check.
const helperValidDepth = 3

// Success values of a validating helper.
const (
	whenTrue  = iota // returns true when valid
	whenFalse        // returns false when valid (a "bad" test)
	whenNil          // returns a nil error (last result) when valid
)

// validSpec says that vals were found valid by v along the edge from →
// to, and so in block succ and the blocks it dominates (succ is to when
// the edge is its only way in, else nil); elems: the elements of the
// slice vals[0] were.
type validSpec struct {
	succ     *ssa.BasicBlock
	from, to *ssa.BasicBlock
	vals     []ssa.Value
	v        *Validator
	elems    bool
}

// holdsOn reports whether s holds along the edge p → b: s's edge, or
// p in the blocks s's block dominates.
func (s *validSpec) holdsOn(p, b *ssa.BasicBlock) bool {
	return s.from == p && s.to == b || s.succ != nil && s.succ.Dominates(p)
}

// helperValid is a parameter a helper validates, and by which result.
type helperValid struct {
	param int
	elems bool
	when  int
	v     *Validator
}

// condSpec says that vals are valid where cond is onTrue.
type condSpec struct {
	onTrue bool
	vals   []ssa.Value
	v      *Validator
	// dotdot: holds only where vals[0] was also found not to be ".."
	// (HasPrefix(rel, "../") lets ".." itself through).
	dotdot bool
}

// ifSpecs returns what the test i finds valid, in the successor (when
// the If is its only way in) where it did.
func (t *taintRun) ifSpecs(i *ssa.If, depth int) []validSpec {
	var out []validSpec
	for _, c := range t.condSpecs(i.Cond, depth) {
		k := 1
		if c.onTrue {
			k = 0
		}
		if c.dotdot && !notDotDot(c.vals[0], i.Block()) {
			continue
		}
		to := i.Block().Succs[k]
		if len(c.vals) == 0 {
			continue
		}
		s := validSpec{from: i.Block(), to: to, vals: c.vals, v: c.v}
		if len(to.Preds) == 1 {
			s.succ = to
		}
		out = append(out, s)
	}
	return out
}

// condSpecs returns what the boolean cond finds valid, and on which
// value: the built-in reject tests (taintpath.go), strict allow-lists
// (taintallow.go), the configured validators, and validating helpers
// (depth calls deep), through negations.
func (t *taintRun) condSpecs(cond ssa.Value, depth int) []condSpec {
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		out := t.condSpecs(u.X, depth)
		for k := range out {
			out[k].onTrue = !out[k].onTrue
		}
		return out
	}
	var out []condSpec
	if x, isEq, ok := nilComparison(cond); ok {
		// err := check(x); err != nil: a helper's error result.
		call, last := errorCall(x)
		if call == nil || !last {
			return nil
		}
		for _, hv := range t.validHelper(call, depth) {
			if hv.when == whenNil {
				out = append(out, condSpec{onTrue: isEq, vals: t.helperArgs(call, hv), v: hv.v})
			}
		}
		return out
	}
	call, ok := cond.(*ssa.Call)
	if !ok {
		return nil
	}
	names, _ := t.calleeNames(call)
	if x := t.rejectTest(call, names); x != nil {
		// Found bad when true: valid when false.
		lit, _ := constString(call.Call.Args[1])
		return []condSpec{{onTrue: false, vals: []ssa.Value{x}, v: pathValidator, dotdot: lit != ".."}}
	}
	if x := t.allowList(call); x != nil {
		// Matched a strict allow-list (taintallow.go).
		return []condSpec{{onTrue: true, vals: []ssa.Value{x}, v: allowValidator}}
	}
	var vs []*Validator
	for _, n := range names {
		vs = append(vs, t.validators[n]...)
	}
	if len(vs) > 0 {
		for _, a := range call.Call.Args {
			if lit, ok := constString(a); ok && strings.Contains(lit, "..") {
				return nil // strings.HasPrefix(p, "../"): a test for a bad path
			}
		}
		for _, v := range vs {
			args := v.Args
			if args == nil {
				args = allArgs(&call.Call)
			}
			var vals []ssa.Value
			for _, pl := range args {
				if x := placeValue(&call.Call, pl); x != nil {
					vals = append(vals, x)
				}
			}
			out = append(out, condSpec{onTrue: true, vals: vals, v: v})
		}
		return out
	}
	for _, hv := range t.validHelper(call, depth) {
		switch hv.when {
		case whenTrue, whenFalse:
			out = append(out, condSpec{onTrue: hv.when == whenTrue, vals: t.helperArgs(call, hv), v: hv.v})
		}
	}
	return out
}

// errorCall returns the call whose error result x is, and whether it
// is the call's last result.
func errorCall(x ssa.Value) (*ssa.Call, bool) {
	if !isErrorType(x.Type()) {
		return nil, false
	}
	switch v := x.(type) {
	case *ssa.Call:
		return v, true
	case *ssa.Extract:
		c, ok := v.Tuple.(*ssa.Call)
		if !ok {
			return nil, false
		}
		tup := c.Type().(*types.Tuple)
		return c, v.Index == tup.Len()-1
	}
	return nil, false
}

// helperArgs is what the caller passed for the parameter hv validates:
// the argument, or each value stored into the variadic array passed.
func (t *taintRun) helperArgs(call *ssa.Call, hv helperValid) []ssa.Value {
	args := call.Call.Args
	if hv.param >= len(args) {
		return nil
	}
	a := args[hv.param]
	if !hv.elems {
		return []ssa.Value{a}
	}
	sl, ok := a.(*ssa.Slice)
	if !ok {
		return nil
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok || arr.Comment != "varargs" {
		return nil
	}
	var vals []ssa.Value
	for _, r := range *arr.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		for _, u := range *ia.Referrers() {
			if st, ok := u.(*ssa.Store); ok && st.Addr == ia {
				vals = append(vals, st.Val)
			}
		}
	}
	return vals
}

// validHelper returns what the static callee of call validates.
func (t *taintRun) validHelper(call *ssa.Call, depth int) []helperValid {
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Blocks == nil || depth <= 0 || t.std(fn) || call.Call.IsInvoke() {
		return nil
	}
	h := t.helpers
	if h != nil {
		h.mu.Lock()
		r, ok := h.valid[validKey{fn, depth}]
		h.mu.Unlock()
		if ok {
			return r
		}
	}
	r := t.helperSummary(fn, depth)
	if h != nil {
		h.mu.Lock()
		h.valid[validKey{fn, depth}] = r
		h.mu.Unlock()
	}
	return r
}

// helperSummary computes validHelper's answer for fn.
func (t *taintRun) helperSummary(fn *ssa.Function, depth int) []helperValid {
	res := fn.Signature.Results()
	var whens []int
	switch {
	case res.Len() == 1 && isBool(res.At(0).Type()):
		whens = []int{whenTrue, whenFalse}
	case res.Len() > 0 && isErrorType(res.At(res.Len()-1).Type()):
		whens = []int{whenNil}
	default:
		return nil
	}
	var specs []validSpec
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if i, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
			specs = append(specs, t.ifSpecs(i, depth-1)...)
		}
	}
	specs = append(specs, t.shellSpecs(fn)...)
	specs = append(specs, loopSpecs(fn, specs)...)
	var rets []*ssa.Return
	for _, b := range fn.Blocks {
		if len(b.Instrs) > 0 {
			if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
				rets = append(rets, r)
			}
		}
	}
	var out []helperValid
	for _, when := range whens {
		var succ []*ssa.Return
		self := map[*ssa.Return][]condSpec{} // returns of a test's own verdict
		other := false
		for _, r := range rets {
			switch success(r, when) {
			case 1:
				succ = append(succ, r)
			case 0:
				other = true
			default:
				succ = append(succ, r) // unknown: must be valid too
				other = true
				if when != whenNil && len(r.Results) == 1 {
					// return !strings.Contains(p, ".."): valid where
					// the test's verdict is the success value.
					for _, c := range t.condSpecs(r.Results[0], depth-1) {
						if c.onTrue == (when == whenTrue) && !c.dotdot {
							self[r] = append(self[r], c)
						}
					}
				}
			}
		}
		if len(succ) == 0 || !other {
			continue
		}
		vs := specValidators(specs)
		for _, cs := range self {
			for _, c := range cs {
				if !slices.Contains(vs, c.v) {
					vs = append(vs, c.v)
				}
			}
		}
		for k, p := range fn.Params {
			for _, v := range vs {
				for _, elems := range []bool{false, true} {
					if elems && !isSlice(p.Type()) {
						continue
					}
					if allDominated(succ, specs, self, p, v, elems) {
						out = append(out, helperValid{param: k, elems: elems, when: when, v: v})
					}
				}
			}
		}
	}
	return out
}

// success says whether return r returns the success value when (1),
// another (0), or one not known (-1).
func success(r *ssa.Return, when int) int {
	if len(r.Results) == 0 {
		return -1 // named results: not followed
	}
	last := r.Results[len(r.Results)-1]
	if when == whenNil {
		if isNilConst(last) {
			return 1
		}
		switch last.(type) {
		case *ssa.MakeInterface:
			return 0 // a made error: &MyError{}, a constant error type
		case *ssa.UnOp:
			if _, ok := last.(*ssa.UnOp).X.(*ssa.Global); ok {
				return 0 // a package's sentinel error (var errBad = errors.New(...))
			}
		case *ssa.Call:
			if c := last.(*ssa.Call).Call.StaticCallee(); c != nil && c.Pkg != nil &&
				(c.Pkg.Pkg.Path() == "errors" && c.Name() == "New" || c.Pkg.Pkg.Path() == "fmt" && c.Name() == "Errorf") {
				return 0
			}
		}
		if nonNilAt(last, r.Block()) {
			return 0 // if err != nil { return err }
		}
		return -1 // an error that may be nil
	}
	c, ok := last.(*ssa.Const)
	if !ok || c.Value == nil {
		return -1
	}
	if b := c.Value.String() == "true"; b == (when == whenTrue) {
		return 1
	}
	return 0
}

// specValidators lists the distinct validators of specs.
func specValidators(specs []validSpec) []*Validator {
	var vs []*Validator
	seen := map[*Validator]bool{}
	for _, s := range specs {
		if !seen[s.v] {
			seen[s.v] = true
			vs = append(vs, s.v)
		}
	}
	return vs
}

// allDominated reports whether every return of rets lies where a spec of
// validator v found parameter p (its elements) valid, or returns such a
// test's verdict (self), or, for elements, lies where p was found nil or
// empty.
func allDominated(rets []*ssa.Return, specs []validSpec, self map[*ssa.Return][]condSpec, p *ssa.Parameter, v *Validator, elems bool) bool {
	for _, r := range rets {
		ok := false
		for _, s := range specs {
			if s.v != v || s.elems != elems || s.succ == nil || !s.succ.Dominates(r.Block()) {
				continue
			}
			for _, x := range s.vals {
				if x == ssa.Value(p) || !elems && pathOnly(v) && cleanedFrom(x, p, r.Block()) {
					ok = true
				}
			}
		}
		for _, c := range self[r] {
			for _, x := range c.vals {
				if c.v == v && !elems && (x == ssa.Value(p) || pathOnly(v) && cleanedFrom(x, p, r.Block())) {
					ok = true
				}
			}
		}
		if !ok && elems && emptyAt(p, r.Block()) {
			ok = true
		}
		if !ok {
			return false
		}
	}
	return true
}

// cleanedFrom reports whether x is p through the cleaners (Clean,
// ToSlash, FromSlash: the same file) or is filepath.Rel(base, p) whose
// error was found nil on the way to block at (relTarget).
func cleanedFrom(x ssa.Value, p ssa.Value, at *ssa.BasicBlock) bool {
	for range 6 {
		if y := relTarget(x, at); y != nil {
			x = y
			if x == p {
				return true
			}
			continue
		}
		c, ok := x.(*ssa.Call)
		if !ok || len(c.Call.Args) != 1 {
			return false
		}
		fn := c.Call.StaticCallee()
		if fn == nil || fn.Pkg == nil {
			return false
		}
		if !cleaners[fn.Pkg.Pkg.Path()+"."+fn.Name()] {
			return false
		}
		x = c.Call.Args[0]
		if x == p {
			return true
		}
	}
	return false
}

// relTarget returns p when x is the path of filepath.Rel(base, p) and
// the call's error was found nil where block at runs: a relative path
// without a leading ".." then says that p lies below base (Rel fails
// for an absolute p and a relative base, and its empty result would
// pass the test).
func relTarget(x ssa.Value, at *ssa.BasicBlock) ssa.Value {
	ex, ok := x.(*ssa.Extract)
	if !ok || ex.Index != 0 {
		return nil
	}
	c, ok := ex.Tuple.(*ssa.Call)
	if !ok || len(c.Call.Args) != 2 {
		return nil
	}
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "path/filepath" || fn.Name() != "Rel" {
		return nil
	}
	for _, r := range *c.Referrers() {
		e, ok := r.(*ssa.Extract)
		if !ok || e.Index != 1 {
			continue
		}
		for _, d := range at.Parent().Blocks {
			y, isNil, ok := nilTest(d)
			if ok && y == ssa.Value(e) && len(isNil.Preds) == 1 && isNil.Dominates(at) {
				return c.Call.Args[1]
			}
		}
	}
	return nil
}

// relTargets adds to vals the targets of filepath.Rel results among
// them (relTarget) and what they were cleaned from, for a test whose
// verdict holds in block at.
func (t *taintRun) relTargets(vals []ssa.Value, at *ssa.BasicBlock) []ssa.Value {
	for k := 0; k < len(vals) && k < 16; k++ {
		if p := relTarget(vals[k], at); p != nil {
			vals = t.uncleaned(append(vals, p))
		}
	}
	return vals
}

// emptyAt reports whether block b is entered only where slice p was
// found nil or empty (if p == nil / len(p) == 0 { return ... }).
func emptyAt(p *ssa.Parameter, b *ssa.BasicBlock) bool {
	return eqTestDominates(b, true, func(c *ssa.BinOp) bool {
		if x, _, ok := nilComparison(c); ok && x == ssa.Value(p) {
			return true
		}
		if l, ok := c.X.(*ssa.Call); ok && isLen(l, p) {
			if k, ok := c.Y.(*ssa.Const); ok && k.Value != nil && k.Value.String() == "0" {
				return true
			}
		}
		return false
	})
}

// eqTestDominates reports whether some == or != test of b's function
// that match accepts dominates b on the branch where the test found its
// operands equal (eq) or unequal (!eq): the successor taken then, entered
// only from the test, is b or dominates it.
func eqTestDominates(b *ssa.BasicBlock, eq bool, match func(*ssa.BinOp) bool) bool {
	for _, d := range b.Parent().Blocks {
		if len(d.Instrs) == 0 || len(d.Succs) != 2 {
			continue
		}
		i, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		c, ok := i.Cond.(*ssa.BinOp)
		if !ok || c.Op != token.EQL && c.Op != token.NEQ || !match(c) {
			continue
		}
		// Succs[0] is the true branch: operands equal for ==.
		to := d.Succs[0]
		if (c.Op == token.EQL) != eq {
			to = d.Succs[1]
		}
		if len(to.Preds) == 1 && (to == b || to.Dominates(b)) {
			return true
		}
	}
	return false
}

func isLen(c *ssa.Call, p ssa.Value) bool {
	bi, ok := c.Call.Value.(*ssa.Builtin)
	return ok && bi.Name() == "len" && len(c.Call.Args) == 1 && c.Call.Args[0] == p
}

func isSlice(t types.Type) bool {
	_, ok := t.Underlying().(*types.Slice)
	return ok
}

// loopSpecs adds, for each range loop over a slice parameter whose
// element a spec validates, the loop's exit (rangeExit) as a spec of the
// parameter's elements.
func loopSpecs(fn *ssa.Function, specs []validSpec) []validSpec {
	var out []validSpec
	for _, p := range fn.Params {
		if !isSlice(p.Type()) {
			continue
		}
		for _, r := range *p.Referrers() {
			ia, ok := r.(*ssa.IndexAddr)
			if !ok || ia.X != ssa.Value(p) {
				continue
			}
			for _, u := range *ia.Referrers() {
				ld, ok := u.(*ssa.UnOp)
				if !ok || ld.Op != token.MUL {
					continue
				}
				for _, s := range specs {
					if s.elems || !containsValue(s.vals, ld) {
						continue
					}
					if done := rangeExit(ia, s.holdsOn); done != nil {
						out = append(out, validSpec{succ: done, vals: []ssa.Value{p}, v: s.v, elems: true})
					}
				}
			}
		}
	}
	return out
}

func containsValue(vals []ssa.Value, x ssa.Value) bool {
	for _, v := range vals {
		if v == x {
			return true
		}
	}
	return false
}

// rangeExit returns the exit block of the range loop over a slice that
// reads its element through ia, when every iteration that goes on to the
// next passes the check (ok of its back edge) and the loop is left only through its
// condition (incr < len(x) false: every element was seen): the exit
// then runs only after every element passed. Otherwise nil.
func rangeExit(ia *ssa.IndexAddr, ok func(p, head *ssa.BasicBlock) bool) *ssa.BasicBlock {
	body := ia.Block()
	if len(body.Preds) != 1 {
		return nil
	}
	head := body.Preds[0]
	if len(head.Succs) != 2 || head.Succs[0] != body {
		return nil
	}
	i, isIf := head.Instrs[len(head.Instrs)-1].(*ssa.If)
	if !isIf {
		return nil
	}
	c, isLess := i.Cond.(*ssa.BinOp)
	if !isLess || c.Op != token.LSS || c.X != ia.Index {
		return nil
	}
	if l, isCall := c.Y.(*ssa.Call); !isCall || !isLen(l, ia.X) {
		if k, isConst := c.Y.(*ssa.Const); !isConst || !fixedLen(ia.X, k) {
			return nil
		}
	}
	// The index counts up by one from the loop's entry.
	incr, isAdd := ia.Index.(*ssa.BinOp)
	if !isAdd || incr.Op != token.ADD {
		return nil
	}
	phi, isPhi := incr.X.(*ssa.Phi)
	if !isPhi || phi.Block() != head {
		return nil
	}
	if one, isConst := incr.Y.(*ssa.Const); !isConst || one.Value == nil || one.Value.String() != "1" {
		return nil
	}
	done := head.Succs[1]
	if len(done.Preds) != 1 {
		return nil // a break
	}
	for k, p := range head.Preds {
		if !head.Dominates(p) {
			// The entry: the index starts at -1.
			if s, isConst := phi.Edges[k].(*ssa.Const); !isConst || s.Value == nil || s.Value.String() != "-1" {
				return nil
			}
			continue
		}
		if !ok(p, head) {
			return nil
		}
	}
	return done
}

// fixedLen reports whether x is an array (or a pointer to one) of length
// k, the constant a range over an array compares its index with.
func fixedLen(x ssa.Value, k *ssa.Const) bool {
	t := x.Type().Underlying()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem().Underlying()
	}
	a, ok := t.(*types.Array)
	return ok && k.Value != nil && k.Value.String() == strconv.FormatInt(a.Len(), 10)
}

// sameValue reports whether x and y are the same value read twice:
// the same field of the same pointer (sameLoad), or the same field of
// the same struct value (port.Port tested, port.Port used).
func sameValue(x, y ssa.Value) bool {
	if x == y || sameLoad(x, y) {
		return true
	}
	fx, ok1 := x.(*ssa.Field)
	fy, ok2 := y.(*ssa.Field)
	return ok1 && ok2 && fx.Field == fy.Field && sameValue(fx.X, fy.X)
}

// nonNilAt reports whether block b is entered only where x was found
// not nil (if err != nil { ... return err }).
func nonNilAt(x ssa.Value, b *ssa.BasicBlock) bool {
	for _, d := range b.Parent().Blocks {
		y, isNil, ok := nilTest(d)
		if !ok || y != x {
			continue
		}
		to := d.Succs[0]
		if to == isNil {
			to = d.Succs[1]
		}
		if len(to.Preds) == 1 && to.Dominates(b) {
			return true
		}
	}
	return false
}

// notDotDot reports whether block b runs only where x was found not to
// be "..": the false branch of x == ".." (or the true one of x != "..")
// dominates it, as in if rel == ".." || strings.HasPrefix(rel, "../").
func notDotDot(x ssa.Value, b *ssa.BasicBlock) bool {
	return eqTestDominates(b, false, func(c *ssa.BinOp) bool {
		if s, ok := constString(c.Y); ok && s == ".." && c.X == x {
			return true
		}
		s, ok := constString(c.X)
		return ok && s == ".." && c.Y == x
	})
}

// pathOnly reports whether v validates for path sinks only: a check of
// a path cleaned or made relative (Clean(p), Rel(base, p)) vouches for
// p, the same file, only there: Clean("a;b/..") is ".".
func pathOnly(v *Validator) bool {
	return len(v.Kinds) == 1 && v.Kinds[0] == pathKind
}
