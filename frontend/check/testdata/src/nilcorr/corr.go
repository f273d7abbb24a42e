// Package nilcorr: nils correlated with another result or with a
// parameter (issue 18, false-positive patterns 2 and 3). A caller's test
// of the other result or of the argument discharges the nil; the same use
// without the test, or under the opposite test, is reported.
package nilcorr

type T struct{ x int }

type S struct{ n int }

var c bool

// Pattern 2: nil together with false.

func f() (*T, bool) {
	if c {
		return nil, false
	}
	return &T{}, true
}

func okGuarded() int {
	v, ok := f()
	if !ok {
		return 0
	}
	return v.x
}

func okUnguarded() int {
	v, _ := f()
	return v.x // want `v may be nil at field access v.x`
}

func okWrongPolarity() int {
	v, ok := f()
	if ok {
		return 0
	}
	return v.x // want `v may be nil at field access v.x`
}

// Three results: nil, false, nil.

func f3() (*T, bool, *S) {
	if c {
		return nil, false, nil
	}
	return &T{}, true, &S{}
}

func ok3Guarded() int {
	v, ok, _ := f3()
	if !ok {
		return 0
	}
	return v.x
}

func ok3Unguarded() int {
	v, _, _ := f3()
	return v.x // want `v may be nil at field access v.x`
}

// Pattern 2: nil together with a nil sibling.

func g() (*T, *S) {
	if c {
		return nil, nil
	}
	return &T{}, &S{}
}

func use(int) {}

func siblingGuarded() {
	span, stats := g()
	if stats != nil {
		use(span.x)
	}
}

func siblingUnguarded() {
	span, stats := g()
	use(stats.n) // want `stats may be nil at field access stats.n`
	use(span.x)  // want `span may be nil at field access span.x`
}

func siblingWrongPolarity() {
	span, stats := g()
	if stats == nil {
		use(span.x) // want `span may be nil at field access span.x`
	}
}

// A function whose nil comes with a nil sibling on one path and a
// non-nil one on another: the sibling's test does not discharge it.

func g2() (*T, *S) {
	if c {
		return nil, nil
	}
	if !c {
		return nil, &S{}
	}
	return &T{}, &S{}
}

func sibling2() {
	span, stats := g2()
	if stats != nil {
		use(span.x) // want `span may be nil at field access span.x`
	}
}

// Pattern 3: nil exactly when a boolean parameter is false.

type P struct{ line int }

func posArray(withPos bool) *P {
	if !withPos {
		return nil
	}
	return &P{}
}

func paramGuarded(withPos bool) int {
	p := posArray(withPos)
	if withPos {
		return p.line
	}
	return 0
}

func paramWrongPolarity(withPos bool) int {
	p := posArray(withPos)
	if !withPos {
		return p.line // want `p may be nil at field access p.line`
	}
	return 0
}

func paramUnguarded(withPos bool) int {
	p := posArray(withPos)
	return p.line // want `p may be nil at field access p.line`
}

// A constant argument: posArray(true) never returns nil.

func paramConst() int {
	p := posArray(true)
	return p.line
}

func paramConstFalse() int {
	p := posArray(false)
	return p.line // want `p may be nil at field access p.line`
}

// The nil passed down: the callee dereferences its parameter only when
// told it is there.

func deref(p *P, has bool) int {
	if has {
		return p.line
	}
	return 0
}

func passesNil() int {
	return deref(nil, false) + deref(&P{}, true)
}

func derefBad(p *P, has bool) int {
	if !has {
		return p.line // want `p may be nil at field access p.line`
	}
	return 0
}

func passesNilBad() int {
	return derefBad(nil, false)
}

// Branches that together cover every case (pattern 4's exhaustive
// kind): the nil survives only if k != 1 and k == 1 both fail.

func exhaustive(k int) int {
	var p *P
	if k != 1 {
		p = &P{}
	}
	if k == 1 {
		p = &P{line: 1}
	}
	return p.line
}

func notExhaustive(k int) int {
	var p *P
	if k > 1 {
		p = &P{}
	}
	if k == 1 {
		p = &P{line: 1}
	}
	return p.line // want `p may be nil at field access p.line`
}

// Phis of one block move together: p is nil only on the way in, when
// ok is false.

func loopCorr(xs []int) {
	var p *P
	ok := false
	for _, x := range xs {
		if ok {
			use(p.line)
		}
		p, ok = &P{line: x}, true
	}
}

func loopCorrBad(xs []int) {
	var p *P
	ok := false
	for _, x := range xs {
		if !ok {
			use(p.line) // want `p may be nil at field access p.line`
		}
		p, ok = &P{line: x}, true
	}
}

// A nil stored only where its own branch rules it out.

type box struct{ p *P }

func storeCorr(has bool) int {
	var p *P
	if has {
		p = &P{}
	}
	b := &box{}
	if has {
		b.p = p
	}
	return b.p.line
}

func storeCorrBad(has bool) int {
	var p *P
	if has {
		p = &P{}
	}
	b := &box{}
	if !has {
		b.p = p
	}
	return b.p.line // want `b.p may be nil at field access b.p.line`
}

// Two routes from one nil to one use: through wrapA the caller's test
// rules the nil out, through wrapB it does not. Refuting the first route
// must not close the second.

func wrapA(w bool) *P { return posArray(w) }

func wrapB() *P { return posArray(false) }

func pick(w, a bool) int {
	var p *P
	if a {
		p = wrapA(w)
	} else {
		p = wrapB()
	}
	if w {
		return p.line // want `p may be nil at field access p.line`
	}
	return 0
}

// A call the witness does not enter is summarized too: orNil returns
// nil only for a nil argument, so orNil(orNil(&S{})) is not nil.

func orNil(s *S) *S {
	if s == nil {
		return nil
	}
	return s
}

func chain() int {
	s := orNil(orNil(&S{}))
	return s.n
}

func chainBad() int {
	s := orNil(orNil(nil))
	return s.n // want `s may be nil at field access s.n`
}

// The use after a merge: ok was tested on both ways in.

func mergeGuarded(d bool) int {
	v, ok, _ := f3()
	if d {
		if !ok {
			return 0
		}
	} else {
		if !ok {
			return 1
		}
	}
	return v.x
}

func mergeOneWay(d bool) int {
	v, ok, _ := f3()
	if d {
		if !ok {
			return 0
		}
	}
	return v.x // want `v may be nil at field access v.x`
}
