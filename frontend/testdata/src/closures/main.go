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
