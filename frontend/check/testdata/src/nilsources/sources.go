// Package nilsources: the nils nilflow reports by default and those it
// reports only with Config.NilSources = NilSourcesAll (nilsources.go).
// A line marked "// all" is reported only with NilSourcesAll; a line
// with a want comment is reported with both settings. Each dropped kind
// has a kept one of the same shape beside it.
package nilsources

import (
	"errors"
	"net/url"

	"checktest/nilsources/dep"
)

type T struct{ x int }

// --- Dropped by default: a nil returned by a function whose results do
// not end in an error (the callee's contract: "nil when empty").

func first(xs []*T) *T {
	if len(xs) == 0 {
		return nil
	}
	return xs[0]
}

func useFirst(xs []*T) int {
	return first(xs).x // all
}

// The same two returns away (pebble's getPointer through getNext).
func next(xs []*T) *T { return first(xs) }

func useNext(xs []*T) int {
	t := next(xs)
	return t.x // all
}

// A nil beside a bool the callee computes (fzf's Matcher.scan: return
// nil, wait(), the bool saying "cancelled"): not a comma-ok flag the
// callee writes with the nil.
func scan(cancel func() bool) (*T, bool) {
	if cancel != nil {
		return nil, cancel()
	}
	return &T{}, false
}

func useScan() int {
	t, _ := scan(func() bool { return true })
	return t.x // all
}

// A nil interface that one implementation of a method always returns,
// called through the interface (fzf's dummy renderer's NewWindow, a
// build's stub: the renderer it belongs to is never made there).
type Window interface{ Top() int }

type Renderer interface{ NewWindow() Window }

type dummyRenderer struct{}

func (dummyRenderer) NewWindow() Window { return nil }

type window struct{}

func (window) Top() int { return 0 }

type screen struct{}

func (screen) NewWindow() Window { return window{} }

func renderer(full bool) Renderer {
	if full {
		return screen{}
	}
	return dummyRenderer{}
}

func useWindow(full bool) int {
	return renderer(full).NewWindow().Top() // all
}

// Across packages.
func useLookup() string {
	return dep.Lookup("").Addr // all
}

// True negative with both settings: the sentinel is tested.
func useFirstChecked(xs []*T) int {
	if t := first(xs); t != nil {
		return t.x
	}
	return 0
}

// --- Dropped by default: a nil constant stored into a struct field and
// loaded in another function (fzf's Options{Pointer: nil}, mailpit's
// AuthHandler: nil).

type options struct {
	pointer *string
	handler func() bool
}

func defaults() *options {
	return &options{pointer: nil, handler: nil}
}

func render(o *options) string {
	return *o.pointer // all
}

func auth(o *options) bool {
	return o.handler() // all
}

func useOptions() {
	o := defaults()
	_ = render(o)
	_ = auth(o)
}

// x.f = nil on an object of the function's own, read elsewhere.
type server struct{ conn *T }

func newServer() *server {
	s := &server{}
	s.conn = nil
	return s
}

func (s *server) port() int { return s.conn.x } // all

func useServer() int { return newServer().port() }

// A struct value's nil field: the value may be copied into the heap
// whole and read anywhere (fzf's t := Terminal{separator: nil}; &t).
type pair struct{ a, b *int }

func structValue() int {
	x := 1
	p := pair{a: nil, b: &x}
	return *p.a // all
}

// A nil stored into an element of a slice the function made, read by
// another function: container elements are one heap cell per
// allocation site, so the nil reaches every load of every slice built
// there (opa's var key, val, container *Term stored into a []*Term).
func terms(n int) []*T {
	var val *T
	if n > 0 {
		val = &T{x: n}
	}
	return []*T{val}
}

func useTerms() int {
	ts := terms(0)
	return ts[0].x // all
}

// --- Kept by default.

// A (T, error) function's nil with a nil error (miniflux's UserByID, a
// deleted user): a caller that checks only the error uses it. (The
// variable is captured by a closure, as in miniflux's handlers: a plain
// one is taken as guarded by the error's check.)
type user struct{ name string }

func byID(id int) (*user, error) {
	if id < 0 {
		return nil, errors.New("bad id")
	}
	if id == 0 {
		return nil, nil // a deleted row
	}
	return &user{name: "u"}, nil
}

func userName(id int) string {
	u, err := byID(id)
	if err != nil {
		return ""
	}
	greet := func() string { return "hello " + u.name } // want `u may be nil at field access u.name`
	return greet()
}

// The same across packages.
func addr() string {
	c, err := dep.Find("")
	if err != nil {
		return ""
	}
	show := func() string { return c.Addr } // want `c may be nil at field access c.Addr`
	return show()
}

// The error convention: the error dropped.
func host(s string) string {
	u, _ := url.Parse(s)
	return u.Host // want `u may be nil at field access u.Host \(the error of url.Parse is not checked\)`
}

// The error convention through a function without an error result that
// logs the error and returns the value: the nil is the code's, not a
// contract's.
func load(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		println(err.Error())
	}
	return u
}

func scheme(s string) string {
	return load(s).Scheme // want `load\(s\) may be nil at field access load\(s\).Scheme \(the error of url.Parse is not checked\)`
}

// A value a nil test finds nil.
func tested(t *T) int {
	if t == nil {
		println("no t")
	}
	return t.x // want `t may be nil at field access t.x`
}

// A local nil passed down as an argument (pebble's var v *Version).
func deref(t *T) int { return t.x } // want `t may be nil at field access t.x`

func passLocal(c bool) int {
	var t *T
	if c {
		t = &T{}
	}
	return deref(t)
}

// A nil passed into a function and returned by it to the same call: the
// caller's own nil, not a sentinel.
func id(t *T) *T { return t }

func passThrough() int {
	return id(nil).x // want `id\(nil\) may be nil at field access id\(nil\).x`
}

func passThroughDep() string {
	return dep.Same(nil).Addr // want `dep.Same\(nil\) may be nil at field access dep.Same\(nil\).Addr`
}

// A nil stored into a field and loaded in the same function (local
// memory).
func storeLoad() int {
	s := &server{}
	s.conn = nil
	return s.conn.x // want `s.conn may be nil at field access s.conn.x`
}

// A nil stored into an element and read back in the same function
// through the slice: local memory follows access paths of the array the
// literal allocates, not of the slice made from it, so by default this
// nil is lost too (a known miss: building a slice only to index it at
// once is rare; NilAway's suite lost 3 want lines to the element rule).
func elemLocal() int {
	var val *T
	ts := []*T{val}
	return ts[0].x // all
}

// nilness's sources: a write to a nil map.
func nilMap() {
	var m map[string]int
	m["a"] = 1 // want `m may be nil at assignment to entry in map m`
}

// A nil the callee did not write as a constant: a value received from
// a channel, returned (NilAway's channels). Only the nil constants a
// function returns (and the locals it leaves at their zero value) are
// its sentinels.
func recv(ch chan *T) *T {
	v := <-ch
	return v
}

func useRecv() int {
	ch := make(chan *T, 1)
	ch <- nil
	return recv(ch).x // want `recv\(ch\) may be nil at field access recv\(ch\).x`
}

// A comma-ok function: the constant flag returned with the nil says so,
// and a caller that does not test it uses the nil.
func lookup(xs []*T, i int) (*T, bool) {
	if i >= len(xs) {
		return nil, false
	}
	return &T{x: i}, true
}

func useLookupOK(xs []*T) int {
	t, _ := lookup(xs, 5)
	return t.x // want `t may be nil at field access t.x`
}

// True negative: the flag is tested (the relational summary: where the
// nil is returned, ok is false).
func useLookupTested(xs []*T) int {
	if t, ok := lookup(xs, 5); ok {
		return t.x
	}
	return 0
}

// A function that returns nil in that position on every path, called
// directly (NilAway's namedreturn, multipleassignment): no state makes it
// non-nil.
func none() *T { return nil }

func useNone() int {
	return none().x // want `none\(\) may be nil at field access none\(\).x`
}

func pair2() (a, b *T) {
	a = &T{}
	return
}

func usePair2() int {
	_, b := pair2()
	return b.x // want `b may be nil at field access b.x`
}

// A nil constant returned only where a parameter is nil (if t == nil {
// return nil }) is the caller's nil coming back: reported where the
// caller passes a nil, not where it passes a value it cannot tell.
func label(t *T) *string {
	if t == nil {
		return nil
	}
	s := "t"
	return &s
}

func useLabelNil() string {
	var t *T
	return *label(t) // want `label\(t\) may be nil at dereference of label\(t\)`
}

func useLabelParam(t *T) string {
	return *label(t) // all
}

// True negative with both settings: a non-nil argument.
func useLabelValue() string {
	return *label(&T{})
}

// A use that a dropped nil (first's sentinel) and a kept one (the local
// nil) both reach: reported, with the kept one's witness
// (TestNilSources checks it).
func both(xs []*T, reset bool) int {
	t := first(xs)
	if reset {
		t = nil
	}
	return t.x // want `t may be nil at field access t.x`
}
