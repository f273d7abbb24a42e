// Struct fields, embedding and pointers to fields.
package main

type T struct {
	a, b *int
}

type Inner struct{ p *int }

type Outer struct {
	Inner // embedded
	q     *int
}

func main() {
	x := new(int)
	y := new(int)
	t := &T{}
	t.a = x
	t.b = y
	pa := t.a
	pb := t.b
	_, _ = pa, pb
	// @pointsto pa: new@16
	// @pointsto pb: new@17

	u := &T{a: new(int)}
	ua := u.a
	ub := u.b
	_, _ = ua, ub
	// @pointsto ua: new@27
	// @pointsto ub:

	o := &Outer{}
	o.p = x
	o.q = y
	op := o.Inner.p
	oq := o.q
	_, _ = op, oq
	// @pointsto op: new@16
	// Flow-insensitive: the store through pf below reaches o.q too.
	// @pointsto oq: new@17, new@46

	// A pointer to a field points to the field's sub-object and aliases it.
	pf := &o.q
	z := new(int)
	*pf = z
	// @pointsto pf: complit@34.q

	// Struct values are copied field by field.
	var v T
	v.a = x
	w := v
	wa := w.a
	wb := w.b
	_, _ = wa, wb
	// @pointsto wa: new@16
	// @pointsto wb:
}
