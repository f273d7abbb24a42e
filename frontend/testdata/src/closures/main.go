// Closures capturing variables.
package main

func apply(f func() *int) *int { return f() }

func main() {
	x := new(int)
	y := new(int)
	p := x // captured and modified: a shared cell
	get := func() *int { return p }
	p = y
	r := get()
	_ = r
	// @pointsto r: new@7, new@8
	// @pointsto get: closure@10

	q := x // captured, never modified: captured by value
	f := func() *int {
		// @pointsto q: new@7
		return q
	}
	r2 := apply(f)
	_ = r2
	// @pointsto r2: new@7
	// @calls main.apply -> main.main$2

	// A closure writing a captured variable.
	var z *int
	set := func() { z = y }
	_ = z
	set()
	// @pointsto z: new@8
	// @calls main.main -> main.apply, main.main$1, main.main$3
}

// Function values in fields of distinct objects of one type: VTA, which
// tracks types, gives the call both; the points-to sets, one.
type holder struct{ f func() int }

func fieldFuncs() int {
	h1 := &holder{f: func() int { return 1 }}
	h2 := &holder{f: func() int { return 2 }}
	_ = h2
	return h1.f()
	// @calls main.fieldFuncs -> main.fieldFuncs$1
}

var _ = fieldFuncs()
