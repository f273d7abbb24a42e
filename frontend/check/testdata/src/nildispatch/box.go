package nildispatch

// A value keeps its dynamic type through an interface: a nil boxed as
// one type does not come out of a type assertion to another, nor reach
// another type's method (refutebox.go; OPA's nil ast.Body flowing into
// (*ast.Not).Hash through ast.Value). Each silent case has a true
// positive of the same shape next to it.

type node interface{ hash() int }

type body []int

func (b body) hash() int { return len(b) }

type leaf struct{ v int }

func (l *leaf) hash() int { return l.v } // silent: only a nil body reaches it, as a node

func hashOf(n node) int { return n.hash() }

func bodies() int {
	var b body // a nil slice, boxed as body
	return hashOf(b) + hashOf(&leaf{v: 1})
}

// True positive: a nil *leaf2 dispatched to its own method.
type leaf2 struct{ v int }

func (l *leaf2) hash() int { return l.v } // want `may be nil at field access`

func hashOf2(n node) int { return n.hash() }

func leaves() int {
	var l *leaf2
	return hashOf2(body{1}) + hashOf2(l)
}

// A type assertion to another type than the boxed one never yields
// the boxed nil.
type leaf3 struct{ v int }

func (l *leaf3) hash() int { return 3 }

func valueOf(n node) int { return n.(*leaf3).v } // silent

func asserts() int {
	var b body
	return valueOf(b) + valueOf(&leaf3{})
}

// True positive: the assertion to the boxed type.
type leaf4 struct{ v int }

func (l *leaf4) hash() int { return 4 }

func valueOf4(n node) int { return n.(*leaf4).v } // want `may be nil at field access`

func asserts4() int {
	var l *leaf4
	return valueOf4(body{1}) + valueOf4(l)
}

// Known miss, kept as a line with no want: a nil *leaf6 boxed and
// dispatched to a method of leaf6's value panics in the method set's
// wrapper, which dereferences it; nilflow has no sink there.
type leaf6 struct{ v int }

func (l leaf6) hash() int { return l.v }

func hashOf6(n node) int { return n.hash() }

func valueMethod() int {
	var l *leaf6
	return hashOf6(l)
}

func useBoxes() int { return bodies() + leaves() + asserts() + asserts4() + valueMethod() }
