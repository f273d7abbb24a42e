// Method values, method expressions and interface calls.
package main

type I interface{ M() *int }

type A struct{ p *int }
type B struct{ q *int }

func (a *A) M() *int { return a.p }
func (b B) M() *int  { return b.q }

func call(i I) *int { return i.M() }

func main() {
	x := new(int)
	y := new(int)
	a := &A{p: x}
	var i I = a
	// @pointsto i: box@18
	// @pointsto a: complit@17
	r := call(i)
	_ = r
	// @pointsto r: new@15
	// Only *A reaches call: VTA's answer is narrowed by points-to.
	// @calls main.call -> (*main.A).M

	var j I = B{q: y}
	rj := j.M()
	_ = rj
	// @pointsto rj: new@16
	// @calls main.main -> (main.B).M, main.call, (*main.A).M$bound, (*main.A).M$thunk, (*main.A).M

	// Method value: a bound closure.
	mv := a.M
	rv := mv()
	_ = rv
	// @pointsto mv: bound@34
	// @pointsto rv: new@15

	// Method expression.
	me := (*A).M
	rm := me(a)
	_ = rm
	// @pointsto rm: new@15

	// Boxes hold their content under their dynamic type: an assertion to
	// *A, and the receiver of an interface call, read only boxes of that
	// type, even where one variable holds boxes of several types.
	var k any = a
	if rm == nil {
		k = j
	}
	ka, _ := k.(*A)
	_ = ka
	// @pointsto k: box@27, box@49
	// @pointsto ka: complit@17
	kb := k.(B)
	_ = kb.q
	kq := kb.q
	_ = kq
	// @pointsto kq: new@16
	var l I = a
	if rm == nil {
		l = j
	}
	lr := l.M()
	_ = lr
	// @pointsto lr: new@15, new@16
}

// Method-expression thunks and method values are function objects, named
// when only a variable holds them (print's argument included).
func thunks() {
	te := I.M // a thunk: func(I) *int
	_ = te
	// @pointsto te: (main.I).M$thunk
	print(te)
	me := (*A).M
	_ = me
	// @pointsto me: (*main.A).M$thunk
	var i I = &C{p: new(int)}
	rt := te(i)
	_ = rt
	// @pointsto rt: new@81
	bv := i.M // a bound method of an interface value
	_ = bv
	// @pointsto bv: bound@85
}

type C struct{ p *int }

func (c *C) M() *int { return c.p }

func init() { thunks() }

// A thunk called through a function value: the dynamic site's callee is
// the thunk (own types, so that thunks()'s calls stay apart).
type J interface{ N() *int }

type E struct{ p *int }

func (e *E) N() *int { return e.p }

func applyThunk(f func(J) *int, j J) *int { return f(j) }

func thunkValue() {
	ra := applyThunk(J.N, &E{p: new(int)})
	_ = ra
	// @pointsto ra: new@107
	// @calls main.applyThunk -> (main.J).N$thunk
}

func init() { thunkValue() }
