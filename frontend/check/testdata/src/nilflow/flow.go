// Package nilflow: nil flows across packages, closures, interfaces,
// goroutines, struct fields, maps, slices and channels, and the guards
// that stop them.
package nilflow

import (
	"errors"
	"log"
	"os"

	"checktest/nilflow/dep"
)

// --- across packages ---

func crossPkg() string {
	c := dep.Dial("")
	return c.Addr // want `c may be nil at field access c.Addr`
}

func crossPkgArg() string { return dep.Use(nil) }

func crossPkgGuardedCallee() string { return dep.UseSafe(nil) }

// The error convention: c is used only where err == nil.
func errConvention() string {
	c, err := dep.Open("")
	if err != nil {
		return ""
	}
	return c.Addr
}

func errConventionInverted() string {
	c, err := dep.Open("x")
	if err == nil {
		return c.Addr
	}
	return ""
}

// --- closures ---

func closure() func() int {
	var p *int
	return func() int {
		return *p // want `p may be nil at dereference of p`
	}
}

func closureArg() int {
	f := func(q *int) int { return *q } // want `q may be nil at dereference of q`
	return f(nil)
}

// A nil func value called.
func nilFunc() int {
	var f func() int
	return f() // want `f may be nil at call of func value f`
}

// A func field left nil on purpose, called through the struct.
type handler struct{ fn func() }

func nilFuncField() {
	h := &handler{fn: nil}
	h.fn() // want `h.fn may be nil at call of func value h.fn`
}

// --- interfaces ---

type Shape interface{ Area() int }

type Square struct{ side int }

func (s *Square) Area() int { return s.side * s.side } // want `s may be nil at field access s.side`

// A nil *Square in an interface: the method gets a nil receiver.
func boxedNil() int {
	var sq *Square
	var s Shape = sq
	return s.Area()
}

// A nil interface: the call itself panics.
func nilIface() int {
	var s Shape = nil
	return s.Area() // want `s may be nil interface at method call s.Area\(\)`
}

// A nil interface checked before the call.
func nilIfaceGuarded(s Shape) int {
	if s == nil {
		return 0
	}
	return s.Area()
}

func callNilIfaceGuarded() int { return nilIfaceGuarded(nil) }

// Type assertion of a boxed nil gives the nil back.
func assertBack(s Shape) int {
	sq := s.(*Square)
	return sq.side // want `sq may be nil at field access sq.side`
}

func callAssertBack() int {
	var sq *Square
	return assertBack(sq)
}

// --- goroutines and channels ---

func goroutine() {
	var p *int
	go func() {
		*p = 1 // want `p may be nil at store through p`
	}()
}

func channel() int {
	ch := make(chan *int, 1)
	ch <- nil
	p := <-ch
	return *p // want `p may be nil at dereference of p`
}

// --- struct fields ---

type node struct {
	val  int
	next *node
	name *string
}

func field() int {
	n := &node{val: 1, next: nil}
	return n.next.val // want `n.next may be nil at field access n.next.val`
}

// Field-sensitive: only next is nil, name is not.
func otherField() string {
	s := "x"
	n := &node{next: nil, name: &s}
	return *n.name
}

// A guard on one load of n.next covers the next load of the same path.
func fieldGuarded(n *node) int {
	if n.next != nil {
		return n.next.val
	}
	return 0
}

func callFieldGuarded() int { return fieldGuarded(&node{next: nil}) }

// A struct value, field by field.
type pair struct {
	a, b *int
}

func structValue() int {
	x := 1
	p := pair{a: nil, b: &x}
	return *p.b
}

func structValueNil() int {
	x := 1
	p := pair{a: nil, b: &x}
	return *p.a // want `p.a may be nil at dereference of p.a`
}

// --- maps and slices ---

func nilMapWrite() {
	var m map[string]int
	m["a"] = 1 // want `m may be nil at assignment to entry in map m`
}

func madeMapWrite() {
	m := map[string]int{}
	m["a"] = 1
}

func mapValue() int {
	m := map[string]*int{"a": nil}
	return *m["a"] // want `may be nil at dereference`
}

// The comma-ok form guards the value.
func mapValueOk() int {
	m := map[string]*int{"a": nil}
	if p, ok := m["b"]; ok && p != nil {
		return *p
	}
	return 0
}

func sliceElem() int {
	s := []*int{nil}
	return *s[0] // want `may be nil at dereference`
}

func arrayPtr() int {
	var a *[4]int
	return a[1] // want `a may be nil at element access a`
}

// --- guards ---

func fatalGuard(p *int) int {
	if p == nil {
		log.Fatal("no p")
	}
	return *p
}

func exitGuard(p *int) int {
	if p == nil {
		os.Exit(1)
	}
	return *p
}

func panicGuard(p *int) int {
	if p == nil {
		panic("no p")
	}
	return *p
}

func callGuards() int { return fatalGuard(nil) + exitGuard(nil) + panicGuard(nil) }

// Replaced before use: SSA sees the new value.
func reassigned() int {
	var p *int
	x := 1
	p = &x
	return *p
}

// Defaulted when nil.
func defaulted(p *int) int {
	if p == nil {
		x := 0
		p = &x
	}
	return *p
}

func callDefaulted() int { return defaulted(nil) }

// Suppressed: the finding is there, but the comment silences it.
func suppressed() int {
	var p *int
	//cflr:ignore nilflow the test checks suppression
	return *p
}

func suppressedSameLine() int {
	var p *int
	return *p //cflr:ignore all same line
}

// A suppression for another check does not apply.
func suppressedOther() int {
	var p *int
	//cflr:ignore taint wrong check
	return *p // want `p may be nil at dereference of p`
}

var errX = errors.New("x")

// A nil error is no nil dereference: error values are not dereferenced.
func nilError() error {
	var err error
	if err == nil {
		return errX
	}
	return nil
}
