// Generic functions and types: each instantiation is analyzed.
package main

type Box[T any] struct{ v T }

func (b *Box[T]) Get() T { return b.v }

func id[T any](x T) T { return x }

type Getter interface{ Get() *int }

func main() {
	x := new(int)
	y := new(string)
	rx := id(x)
	ry := id(y)
	_, _ = rx, ry
	// Instantiations differ (*int vs *string), so even the
	// context-insensitive analysis keeps the two calls apart.
	// @pointsto rx: new@13
	// @pointsto ry: new@14

	b := &Box[*int]{v: x}
	g := b.Get()
	_ = g
	// @pointsto g: new@13
	// @calls main.main -> main.id[*int], main.id[*string], (*main.Box[*int]).Get, (main.Getter).Get$bound

	var gi Getter = b
	f := gi.Get
	r := f()
	_ = r
	// @pointsto r: new@13
	// @calls (main.Getter).Get$bound -> (*main.Box[*int]).Get
}
