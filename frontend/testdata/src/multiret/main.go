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

	// Context sensitivity tells the two calls of id apart.
	i1 := id(x)
	i2 := id(y)
	_, _ = i1, i2
	// @pointsto i1: new@11, new@12
	// @pointsto[ctx] i1: new@11
	// @pointsto i2: new@11, new@12
	// @pointsto[ctx] i2: new@12
}
