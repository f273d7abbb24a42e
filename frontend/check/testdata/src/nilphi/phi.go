// Package nilphi: path conditions seen through phis (issue 18,
// "path-feasible witnesses"). Where a witness passes from a block into a
// merge, each phi there holds the value of that block's edge, so a test
// of the phi after the merge (err == nil, ok, x != nil) is a test of the
// value that edge brought. The true negatives are witnesses whose own
// edge makes the test fail; the reported cases take an edge where it can
// pass, or have no test at all.
package nilphi

import (
	"errors"
	"log"
)

type T struct{ f int }

type kind int

const special kind = 1

var errFail = errors.New("fail")

var flag bool

func lock() {}

func runA(k kind) (*T, int, error) {
	if k > 5 {
		return nil, 0, errFail
	}
	return &T{}, 1, nil
}

func runB(k kind) (*T, error) {
	if k < 0 {
		return nil, errFail
	}
	return &T{}, nil
}

// --- 1. Two (T, error) calls on exclusive branches, their results
// merged by phis, the use under err == nil (pebble's DB.flush1): the
// nil of either call comes with that call's error, which the error phis
// carry to the test.

func exclusive(k kind) (n int, err error) {
	var t *T
	if k != special {
		t, n, err = runA(k)
	}
	lock()
	if k == special {
		t, err = runB(k)
	}
	if err == nil {
		return t.f + n, nil
	}
	return 0, err
}

// The same, the error tested after a merge with no phi of t.
func exclusiveLater(k kind) (int, error) {
	var t *T
	var err error
	if k != special {
		t, _, err = runA(k)
	} else {
		t, err = runB(k)
	}
	lock()
	if err != nil {
		return 0, err
	}
	return t.f, nil
}

// The same shape, the use not guarded by the error: reported.
func exclusiveUnguarded(k kind) int {
	var t *T
	var err error
	if k != special {
		t, _, err = runA(k)
	}
	lock()
	if k == special {
		t, err = runB(k)
	}
	if err != nil {
		log.Println(err)
	}
	return t.f // want `t may be nil at field access t.f \(the error of run[AB] is not checked\)`
}

// The error overwritten on one edge of its phi: where the second call's
// error replaces the first's, err == nil no longer says the first
// succeeded.
func overwritten(k kind) int {
	t, _, err := runA(k)
	if flag {
		_, err = runB(k)
	}
	if err == nil {
		return t.f // want `t may be nil at field access t.f \(the error of runA is not checked\)`
	}
	return 0
}

// --- 2. A phi of a comma-ok bool: find returns nil with false, and
// the bool is merged with another before it is tested.

func find(k kind) (*T, bool) {
	if k > 5 {
		return nil, false
	}
	return &T{}, true
}

func valid(t *T) bool { return t.f > 0 }

func okPhi(k kind, strict bool) int {
	t, ok := find(k)
	good := ok
	if strict {
		good = ok && valid(t)
	}
	if !good {
		return 0
	}
	return t.f
}

// Both the value and the bool merged from two calls.
func okBothPhi(k kind) int {
	var t *T
	var ok bool
	if k != special {
		t, ok = find(k)
	} else {
		t, ok = find(k + 1)
	}
	if !ok {
		return 0
	}
	return t.f
}

// The bool replaced on one edge by one that says nothing of t: reported.
func okPhiReplaced(k kind, strict bool) int {
	t, ok := find(k)
	if strict {
		ok = k > 0
	}
	if !ok {
		return 0
	}
	return t.f // want `t may be nil at field access t.f`
}

// --- 3. A nil that survives a phi on a feasible path: the edge that
// brings the nil does not pass the test that would exclude it.

func survives(k kind) int {
	var t *T
	if k != special {
		t = &T{}
	}
	if k > 3 {
		t = nil
	}
	return t.f // want `t may be nil at field access t.f`
}

func survivesGuardOther(k kind, other *T) int {
	var t *T
	if other != nil {
		t = other
	}
	if k != special {
		return 0
	}
	return t.f // want `t may be nil at field access t.f`
}

// The same, the nil excluded on every edge by a test of the phi's
// partner: silent.
func excluded(other *T) int {
	var t *T
	set := false
	if other != nil {
		t = other
		set = true
	}
	if !set {
		return 0
	}
	return t.f
}

// --- 4. The phis of one merge take their values along one edge (and
// under its branch condition): a and b are never both true.

func sharedMerge(c bool) int {
	var t *T
	a, b := true, false
	if c {
		a, b = false, true
	}
	if a && b {
		return t.f
	}
	return 0
}

// --- 5. A phi whose block the witness does not enter says nothing of
// the path: here the inner phi of s is in code that cannot run (s is nil
// at its test), and the nil of var s reaches the call (NilAway's
// receivers.go).

func (t *T) get() int {
	return t.f // want `t may be nil at field access t.f`
}

func deadMerge(c bool) int {
	var s *T
	if s != nil {
		if c {
			s = nil
		}
		if c {
			return s.f
		}
	}
	return s.get()
}
