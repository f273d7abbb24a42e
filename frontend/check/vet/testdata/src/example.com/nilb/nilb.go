// Package nilb uses nila's functions across the package boundary.
package nilb

import "example.com/nila"

func useMayNil() int {
	p := nila.MayNil(true)
	return p.X // want `p may be nil at field access p.X: nilb.go:\d+:\d+ nil returned by MayNil \(nila.go:\d+:\d+ nil returned from example.com/nila.MayNil\) → .*`
}

func callDeref() int {
	return nila.Deref(nil) // want `nil may be nil at call of Deref, which reaches field access p.X: nilb.go:\d+:\d+ nil is nil here → nila.go:\d+:\d+ field access p.X`
}

func callIndirect() int {
	return nila.Indirect(nil) // want `nil may be nil at call of Indirect, which reaches field access p.X`
}

func callPass() int {
	return nila.Pass(nil).X // want `nila.Pass\(nil\) may be nil at field access`
}

func callSafe() int {
	return nila.Safe(nil)
}

func loadChecked() int {
	t, err := nila.Load(false)
	if err != nil {
		return 0
	}
	return t.X
}

func loadUnchecked() int {
	t, _ := nila.Load(false)
	return t.X // want `t may be nil at field access t.X`
}

func guarded() int {
	if p := nila.MayNil(true); p != nil {
		return p.X
	}
	return 0
}
