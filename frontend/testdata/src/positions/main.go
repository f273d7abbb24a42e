// Position queries answer for the expression at the position, exactly
// (TestPositionQueries); name queries for every variable of the name.
package main

type K struct{ a *int }

func main() {
	x := K{new(int)}
	u := struct{ a *int }(x)
	k := K{new(int)}
	r1 := x.a
	r2 := u.a
	r3 := k.a
	_, _, _ = r1, r2, r3
	p := new(int)
	q := p
	p = new(int)
	s := p
	_, _ = q, s
	{
		p := new(int)
		_ = p
	}
	// @pointsto p: new@15, new@17, new@21
	// @pointsto r2: new@8
	generated()
}

// Generated code can map two places to one position (line directives):
// a query there is ambiguous.
func generated() {
//line gen.go:1:1
	v := new(int)
	_ = v
//line gen.go:1:1
	w := new(int)
	_ = w
}
