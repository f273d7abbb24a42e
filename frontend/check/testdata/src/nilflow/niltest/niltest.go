// Package niltest: nils that a nil test finds (go vet's nilness facts),
// and the tests that find none.
package niltest

type T struct{ f int }

// --- a value on the branch where it compared equal to nil ---

func branch(x *T) int {
	if x == nil {
		return x.f // want `x may be nil at field access x.f`
	}
	return x.f
}

func use(p *T) int { return p.f } // want `p may be nil at field access p.f`

// The nil flows on: passed to use, it panics there.
func passes(x *T) int {
	if x == nil {
		return use(x)
	}
	return 0
}

// After the first panic on x under the test, a flow of x is not a new
// nil (the call cannot run with x nil).
func afterPanic(x *T) int {
	if x == nil {
		x.f = 1 // want `x may be nil at field access x.f`
		return use2(x)
	}
	return 0
}

func use2(p *T) int { return p.f }

// --- slices, maps, interfaces ---

func slices(s []int) int {
	if s == nil {
		return s[0] // want `s may be nil at index of s`
	}
	return s[0]
}

// A len test on a slice known nil decides the branch: len is 0.
func lenTests(s []int) int {
	if s == nil {
		if len(s) > 0 {
			return s[0] // cannot run
		}
		if 1 <= len(s) {
			return s[1] // cannot run
		}
		if len(s) == 0 {
			return s[0] // want `s may be nil at index of s`
		}
	}
	return 0
}

func toArray(s []int) {
	if s == nil {
		_ = (*[2]int)(s) // want `s may be nil at conversion of s to \*\[2\]int`
		_ = (*[0]int)(s)
	}
}

func maps(m map[string]int) {
	if m == nil {
		m["k"] = 1 // want `m may be nil at assignment to entry in map m`
	}
}

func asserts(e error) string {
	if e == nil {
		return e.(interface{ Code() string }).Code() // want `e may be nil interface at type assertion`
	}
	return ""
}

// --- true negatives ---

// Reassigned before the use: another value.
func defaults(x *T) int {
	if x == nil {
		x = &T{}
		return x.f
	}
	return x.f
}

// Guarded by length, not by a nil test: not reported.
func length(s []int) int {
	if len(s) > 0 {
		return s[0]
	}
	return 0
}

// A branch a test already decides does not run.
func decided() {
	var f func()
	if f != nil {
		f()
	}
}

// The zero value of a type parameter is nil for some type arguments only;
// a method of a type parameter may take a nil receiver.
type stringer interface{ String() string }

func zero[S stringer]() string {
	var s S
	return s.String()
}

type name string

func (n name) String() string { return string(n) }

var _ = zero[name]
