// Package nilmem: flow-sensitive local memory. A load reads the last
// store on the same access path in the same function when no call and no
// store through a may-alias pointer comes between them, and objects the
// function allocates get strong updates until they escape. Each silent
// case has a true positive next to it that must stay.
package nilmem

type opts struct {
	alt  *alt
	name string
}

type alt struct{ hidden bool }

// newOpts writes the nil that every opts' alt cell holds in the
// flow-insensitive heap.
func newOpts() *opts { return &opts{alt: nil} }

var sink *opts

func keep(o *opts) { sink = o }

func unrelated() {}

// Pattern 1: store, then load, in the same function.
func storeThenLoad() {
	o := newOpts()
	var a alt
	o.alt = &a
	o.alt.hidden = false
}

// The same through a parameter: the nil stored into another opts
// elsewhere does not reach this load.
func storeThenLoadParam(o *opts) {
	var a alt
	o.alt = &a
	o.alt.hidden = true
}

func callsParam() { storeThenLoadParam(newOpts()) }

// True positive: a nil stored and then loaded in the same function.
func storeNilThenLoad(o *opts) {
	o.alt = nil
	o.alt.hidden = true // want `o.alt may be nil at field access o.alt.hidden`
}

// True positive: the same on an object of its own.
func storeNilThenLoadLocal() {
	o := &opts{}
	o.alt = nil
	o.alt.hidden = true // want `o.alt may be nil at field access o.alt.hidden`
}

// True positive: a call between the store and the load may overwrite
// the field (o escaped to keep's global before).
func callBetween() {
	o := newOpts()
	keep(o)
	var a alt
	o.alt = &a
	unrelated()
	o.alt.hidden = true // want `o.alt may be nil at field access o.alt.hidden`
}

// An object of the function's own that has not escaped: no call can
// write it, so the store still reaches the load.
func callBetweenLocal() {
	o := &opts{alt: nil}
	var a alt
	o.alt = &a
	unrelated()
	o.alt.hidden = true
	keep(o)
}

// True positive: a store through a pointer that may alias o comes
// between (q is o or another opts).
func aliasBetween(c bool) {
	o := &opts{alt: nil}
	var a alt
	o.alt = &a
	q := o
	if c {
		q = newOpts()
	}
	q.alt = nil
	o.alt.hidden = true // want `o.alt may be nil at field access o.alt.hidden`
}

// A store through the same access path spelled otherwise (a field's
// address) is the last store.
func throughFieldAddr() {
	o := &opts{alt: nil}
	var a alt
	p := &o.alt
	*p = &a
	o.alt.hidden = true
}

// Pattern 4: a nil assigned in one branch is overwritten on every path
// before the use.
func overwritten(c bool) {
	o := &opts{}
	if c {
		o.alt = nil
	}
	var a alt
	o.alt = &a
	o.alt.hidden = true
}

// Pattern 4, overwritten in both branches.
func overwrittenBoth(c bool) {
	o := &opts{alt: nil}
	var a, b alt
	if c {
		o.alt = &a
	} else {
		o.alt = &b
	}
	o.alt.hidden = true
}

// True positive: the nil survives on one path.
func survivesOnePath(c bool) {
	o := &opts{}
	var a alt
	if c {
		o.alt = &a
	} else {
		o.alt = nil
	}
	o.alt.hidden = true // want `o.alt may be nil at field access o.alt.hidden`
}

// True positive: overwritten on one path only; the object's own zero
// value reaches on the other (here, the nil its literal wrote).
func overwrittenOnePath(c bool) {
	o := &opts{alt: nil}
	var a alt
	if c {
		o.alt = &a
	}
	o.alt.hidden = true // want `o.alt may be nil at field access o.alt.hidden`
}

type T struct{ x int }

// Pattern 4 on a captured variable: it starts nil, a branch sets it to
// nil again, and every path overwrites it before the use.
func capturedOverwritten(c bool) int {
	var p *T
	if c {
		p = nil
	}
	p = &T{x: 1}
	n := p.x
	func() { p = &T{} }()
	return n
}

// True positive: the nil the variable starts with survives on one path.
func capturedOnePath(c bool) int {
	var p *T
	if c {
		p = &T{x: 1}
	}
	n := p.x // want `p may be nil at field access p.x`
	func() { p = &T{} }()
	return n
}

// A nil check of the field on the path between the store and the load
// leaves the stored value non-nil, as the default replaces the nil.
func defaulted(o *opts, f func() *alt) {
	o.alt = f()
	if o.alt == nil {
		o.alt = &alt{}
	}
	o.alt.hidden = true
}

func nilAlt() *alt { return nil }

func callsDefaulted() { defaulted(newOpts(), nilAlt) }

// True positive: the value of the last store, a nil from a call, reaches
// the load directly.
func storedCallResult(o *opts) {
	o.alt = nilAlt()
	o.alt.hidden = true // want `o.alt may be nil at field access o.alt.hidden`
}

// A loop: each iteration's object is new; the store of the last
// iteration does not reach this iteration's load.
func loop(os []*opts) {
	var a alt
	for _, o := range os {
		o.alt.hidden = true // want `o.alt may be nil at field access o.alt.hidden`
		o.alt = &a
	}
}

func callsLoop() { loop([]*opts{newOpts()}) }

// The error convention holds where a function with defers returns
// through its result variables: return nil, err stores the nil into a
// result variable that the return then loads. (Its caller's use under
// err != nil is on the error path: the error convention reports it,
// nilerr.go.)
func withDefer(c bool) (*opts, error) {
	defer unrelated()
	if c {
		return nil, errRetry
	}
	return &opts{}, nil
}

type retryError struct{}

func (retryError) Error() string { return "retry" }

var errRetry error = retryError{}

func useWithDefer(c bool) {
	o, err := withDefer(c)
	if err != nil && err != errRetry {
		o.name = "x" // want `o may be nil at field access o.name \(the error of withDefer is not checked\)`
	}
}

// True positive: a closure that captured the variable runs between the
// store and the load.
func closureBetween() {
	var s opts
	var a alt
	s.alt = nil
	reset := func() { s.alt = nil }
	s.alt = &a
	reset()
	s.alt.hidden = true // want `s.alt may be nil at field access s.alt.hidden`
}

// A store in a block that a nil test rules out (p, an address, is never
// nil) is not a store that the load reads.
func deadStore() {
	o := &opts{}
	var a alt
	o.alt = &a
	p := &a
	if p == nil {
		o.alt = nil
	}
	o.alt.hidden = true
}

// Access paths through loaded pointers: the store to o.p.q reaches the
// load of o.p.q, o.p loaded anew each time.
type outer struct{ p *mid }

type mid struct{ q *alt }

func deepStoreLoad() bool {
	o := &outer{p: &mid{}}
	o.p.q = maybeAlt()
	return o.p.q.hidden // want `o.p.q may be nil at field access o.p.q.hidden`
}

func maybeAlt() *alt {
	if cond {
		return nil
	}
	return &alt{}
}

// True negative: o.p is overwritten between the store and the load, so
// the load reads another object's q.
func deepStoreOverwritten() bool {
	o := &outer{p: &mid{}}
	o.p.q = maybeAlt()
	o.p = &mid{q: &alt{}}
	return o.p.q.hidden
}

// True negative: the call's ok is stored into a field and tested there.
func deepOkInField() bool {
	var r struct{ ok bool }
	var a *alt
	a, r.ok = lookupAlt()
	if r.ok {
		return a.hidden
	}
	return false
}

func lookupAlt() (*alt, bool) {
	if cond {
		return nil, false
	}
	return &alt{}, true
}

var cond bool
