// Field identity across conversions: a converted struct, or a struct
// reached through a converted pointer, keeps its fields' points-to sets
// (go/pointer's maps.go:87).
package main

type K struct{ a *int }

type L struct{ a *int }

type Tagged struct {
	a *int `json:"a"`
}

type Nested struct {
	in struct {
		a *int `json:"a"`
	}
}

type G[T any] struct{ a *T }

// Named to unnamed (the ChangeType of maps.go:87), and back.
func namedToUnnamed() {
	k := K{new(int)}
	u := struct{ a *int }(k)
	r1 := u.a
	_ = r1
	// @pointsto r1: new@24
	k2 := K(u)
	r2 := k2.a
	_ = r2
	// @pointsto r2: new@24
}

// One named type to another with the same underlying type.
func namedToNamed() {
	k := K{new(int)}
	l := L(k)
	r := l.a
	_ = r
	// @pointsto r: new@37
}

// Struct types that differ only in tags convert too, nested ones as well.
func tags() {
	t := Tagged{new(int)}
	u := struct{ a *int }(t)
	r1 := u.a
	_ = r1
	// @pointsto r1: new@46
	var n Nested
	n.in.a = new(int)
	m := struct{ in struct{ a *int } }(n)
	r2 := m.in.a
	_ = r2
	// @pointsto r2: new@52
}

// Pointer conversions: both pointers reach one object, through either
// type's fields.
func pointers() {
	p := &K{new(int)}
	q := (*struct{ a *int })(p)
	r1 := q.a
	_ = r1
	// @pointsto r1: new@62, new@68
	// (new@68 too: the sets are flow-insensitive)
	q.a = new(int)
	r2 := p.a
	_ = r2
	// @pointsto r2: new@62, new@68

	var u struct{ a *int }
	pk := (*K)(&u)
	pk.a = new(int)
	r3 := u.a
	_ = r3
	// @pointsto r3: new@75
}

// Instances of a generic type convert like named types, in generic code
// as well.
func instances() {
	g := G[int]{new(int)}
	u := struct{ a *int }(g)
	r1 := u.a
	_ = r1
	// @pointsto r1: new@84
	r2 := unwrap(G[int]{new(int)})
	_ = r2
	// @pointsto r2: new@89
	b := G[bool]{new(bool)}
	r3 := b.a
	_ = r3
	// @pointsto r3: new@92
}

func unwrap[T any](g G[T]) *T {
	u := struct{ a *T }(g)
	return u.a
}

func main() {
	namedToUnnamed()
	namedToNamed()
	tags()
	pointers()
	instances()
}
