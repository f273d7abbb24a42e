// Package nilcases holds NilFlow's single-package cases.
package nilcases

import "errors"

type T struct {
	x    int
	next *T
}

// Get dereferences its receiver.
func (t *T) Get() int { // want Get:`nil\{p0->dereference\}`
	return t.x // want `t may be nil at field access t.x: nilcases.go:\d+:\d+ nil passed to \(\*example.com/nilcases.T\).Get as t`
}

func direct() int {
	var p *T
	return p.x // want `p may be nil at field access p.x`
}

func mayNil(b bool) *T {
	if b {
		return nil
	}
	return &T{}
}

func acrossCall() int {
	p := mayNil(true)
	return p.x // want `p may be nil at field access p.x: nilcases.go:\d+:\d+ nil returned from example.com/nilcases.mayNil → .*`
}

func guarded() int {
	p := mayNil(true)
	if p != nil {
		return p.x
	}
	return 0
}

func earlyReturn() int {
	p := mayNil(true)
	if p == nil {
		return 0
	}
	return p.x
}

func deref(p *T) int {
	return p.x // want `p may be nil at field access p.x`
}

func passNil() int { return deref(nil) }

func receiver() int {
	var t *T
	return t.Get()
}

func load(ok bool) (*T, error) {
	if !ok {
		return nil, errors.New("no")
	}
	return &T{}, nil
}

func errChecked() int {
	t, err := load(false)
	if err != nil {
		return 0
	}
	return t.x
}

func errIgnored() int {
	t, _ := load(false)
	return t.x // want `t may be nil at field access t.x \(the error of load is not checked\): .*load may return nil with an error`
}

func nilMap() {
	var m map[string]int
	m["a"] = 1 // want `m may be nil at assignment to entry in map m`
}

func nilFunc() {
	var f func()
	f() // want `f may be nil at call of func value f`
}

func nilIface() string {
	var e error
	return e.Error() // want `e may be nil interface at method call e.Error\(\)`
}

func closure() int {
	p := (*T)(nil)
	f := func() int {
		return p.x // want `p may be nil at field access p.x`
	}
	return f()
}

type S struct{ p *T }

func setNil(s *S) { s.p = nil }

// vet-mode: a nil stored into a field is followed only to loads through
// the same base value in the same function (no points-to sets): setNil's
// store does not reach useField.
func useField(s *S) int {
	return s.p.x
}

func fieldSameBase(s *S) int {
	s.p = nil
	return s.p.x // want `s.p may be nil at field access s.p.x: .*nil assigned to s.p`
}

func fieldLiteral() int {
	s := &S{p: nil}
	return s.p.x // want `s.p may be nil at field access s.p.x`
}

func useFieldGuarded(s *S) int {
	if s.p != nil {
		return s.p.x
	}
	return 0
}

func goroutine() {
	go deref(nil)
}

func reassigned() int {
	var p *T
	if p == nil {
		p = &T{}
	}
	return p.x
}

func suppressed() int {
	var p *T
	//cflr:ignore nilflow the test says so
	return p.x
}
