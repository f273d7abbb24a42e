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

	// Heap values used as bases, and fields reached through pointers
	// passed to functions (sub-objects): each needs the flows-to (FT)
	// side of the grammar's heap rules, which the reported points-to (TF)
	// side uses for store bases.
	tt := &T{}
	bx := &Holder{}
	bx.t = tt
	bt := bx.t // loaded from the heap
	bt.a = x
	ba := tt.a
	_ = ba
	// @pointsto ba: new@16

	tt2 := &T{}
	bx2 := &Holder{}
	setq(&bx2.t, tt2) // a store through &bx2.t is a store to bx2.t
	b2 := bx2.t
	b2.a = y
	b2a := tt2.a
	_ = b2a
	// @pointsto b2a: new@17

	tt3 := &T{}
	bx3 := &Holder{}
	bx3.t = tt3
	g := getq(&bx3.t) // a load through &bx3.t reads bx3.t
	g.b = x
	g3b := tt3.b
	_ = g3b
	// @pointsto g3b: new@16
}

type Holder struct{ t *T }

func setq(r **T, v *T) { *r = v }
func getq(r **T) *T    { return *r }
