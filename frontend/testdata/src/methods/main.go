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
	// @calls main.main -> (main.B).M, main.call, (*main.A).M$bound, (*main.A).M$thunk

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
}
