// Package nila exports functions whose summaries nilb composes.
package nila

import "errors"

type T struct{ X int }

// MayNil may return nil.
func MayNil(b bool) *T { // want MayNil:`nil\{nil->r0\}`
	if b {
		return nil
	}
	return &T{}
}

// Deref dereferences its argument.
func Deref(p *T) int { // want Deref:`nil\{p0->dereference\}`
	return p.X
}

// Pass returns its argument.
func Pass(p *T) *T { // want Pass:`nil\{p0->r0\}`
	return p
}

// Load returns nil only with an error.
func Load(ok bool) (*T, error) { // want Load:`nil\{nil->r1\}`
	if !ok {
		return nil, errors.New("no")
	}
	return &T{}, nil
}

// Indirect dereferences its argument in a helper.
func Indirect(p *T) int { // want Indirect:`nil\{p0->dereference\}`
	return helper(p)
}

func helper(p *T) int { return p.X }

// Safe checks its argument.
func Safe(p *T) int {
	if p == nil {
		return 0
	}
	return p.X
}
