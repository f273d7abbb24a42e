// Package nilbasic: nil flows within and across functions.
package nilbasic

type T struct {
	x    int
	next *T
}

func (t *T) Get() int { return t.x } // want `t may be nil at field access t.x`

func (t *T) SafeGet() int {
	if t == nil {
		return 0
	}
	return t.x
}

// Direct: a nil assigned then dereferenced.
func direct() int {
	var p *T
	return p.x // want `p may be nil at field access p.x`
}

// Across a call: nil passed to a parameter that is dereferenced.
func deref(p *T) int {
	return p.x // want `p may be nil at field access p.x`
}

func callsDeref() int { return deref(nil) }

// Returned: a function that may return nil, used unguarded.
func find(k int) *T {
	if k > 0 {
		return &T{x: k}
	}
	return nil
}

func useFind(k int) int {
	t := find(k)
	return t.x // want `t may be nil at field access t.x`
}

// Guarded: the same, checked first.
func useFindGuarded(k int) int {
	t := find(k)
	if t != nil {
		return t.x
	}
	return 0
}

// Early return guards the rest of the function.
func useFindEarly() int {
	t := find(2)
	if t == nil {
		return -1
	}
	return t.x
}

// Method call with a nil receiver: reported where the method dereferences.
func callGet() int {
	var t *T
	return t.Get()
}

// A method that checks its receiver is fine with nil.
func callSafeGet() int {
	var t *T
	return t.SafeGet()
}

// Context sensitivity: id returns what it is given; only the nil call
// site's result is nil.
func id(p *T) *T { return p }

func contexts() int {
	a := id(&T{x: 1})
	b := id(nil)
	_ = b
	return a.x
}

// Store through a nil pointer.
func store() {
	var p *int
	*p = 1 // want `p may be nil at store through p`
}

// Load through a nil pointer.
func load() int {
	var p *int
	return *p // want `p may be nil at dereference of p`
}

func main() {
	direct()
	callsDeref()
	useFind(argc)
	useFindGuarded(argc)
	useFindEarly()
	callGet()
	callSafeGet()
	contexts()
	store()
	load()
}

// argc is not a constant: find may return nil.
var argc int
