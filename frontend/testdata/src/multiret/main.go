// Multiple return values: each result is its own vertex.
package main

func two(a, b *int) (*int, *int) { return b, a }

func three() (*int, int, error) { return new(int), 0, nil }

func id(p *int) *int { return p }

func main() {
	x := new(int)
	y := new(int)
	r1, r2 := two(x, y)
	_, _ = r1, r2
	// @pointsto r1: new@12
	// @pointsto r2: new@11
	r3, _, err := three()
	_, _ = r3, err
	// @pointsto r3: new@6
	// @pointsto err:

	// A function returning its parameter gives each call its own
	// argument, in both modes (direct.go).
	i1 := id(x)
	i2 := id(y)
	_, _ = i1, i2
	// @pointsto i1: new@11
	// @pointsto i2: new@12

	// Context sensitivity tells the two calls of wrap apart (its result
	// is a call's, merged over its calls without it).
	w1 := wrap(x)
	w2 := wrap(y)
	_, _ = w1, w2
	// @pointsto w1: new@11, new@12
	// @pointsto[ctx] w1: new@11
	// @pointsto w2: new@11, new@12
	// @pointsto[ctx] w2: new@12
}

func wrap(p *int) *int { return id(p) }
