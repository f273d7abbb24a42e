// Package niliface: nil interfaces, their calls and returns, and the
// first use that panics on one (refute.go, refutebox.go, guard.go).
package niliface

// Nil interfaces flow through calls and returns without matching them in
// the grammar (NI, grammars/nilflow.cfg); refutation drops a witness
// that enters a function at one call and returns to another (OPA's
// types.Or: a, b = unwrap(a), unwrap(b)).

type typ interface{ name() string }

type object struct{}

func (*object) name() string { return "object" }

type named struct{ t typ }

func (*named) name() string { return "named" }

func unwrap(t typ) typ {
	if n, ok := t.(*named); ok {
		return n.t
	}
	return t
}

// or returns b when a is nil: b's own unwrap, never a's nil.
func or(a, b typ) typ {
	a, b = unwrap(a), unwrap(b)
	if a == nil {
		return b
	}
	return a
}

func unionName(t typ) string {
	var acc typ
	return or(acc, t).name() // silent: acc's nil is a's, never returned
}

// True positive: b itself nil.
func orNil(a, b typ) typ {
	a, b = unwrap(a), unwrap(b)
	if a == nil {
		return b
	}
	return a
}

func nilName() string {
	unionName(&object{})
	var acc typ
	return orNil(acc, nil).name() // want `may be nil interface at method call`
}

// A nil interface is reported where it first panics: the calls and
// assertions after the first are not reached with it.
type thread interface {
	id() int
	regs() []int
}

func stacktrace(t thread) int {
	n := t.id() // want `may be nil interface at method call`
	if n > 0 {
		return len(t.regs()) // silent: t.id() panicked first
	}
	_ = t.(*osThread) // silent
	return t.id()     // silent
}

type osThread struct{}

func (*osThread) id() int     { return 1 }
func (*osThread) regs() []int { return nil }

// True positive: a use on a path the first use is not on.
func stacktrace2(t thread, fast bool) int {
	if fast {
		return t.id() // want `may be nil interface at method call`
	}
	return len(t.regs()) // want `may be nil interface at method call`
}

// True positive: a nil pointer inside the interface goes on to the
// method that dereferences it, after a first call that did not.
type counter struct{ n int }

func (c *counter) name() string { return "counter" }
func (c *counter) count() int   { return c.n } // want `may be nil at field access`

type named2 interface {
	name() string
	count() int
}

func names(x named2) int {
	_ = x.name()
	return x.count()
}

func useThreads(fast bool) int {
	var c *counter
	return stacktrace(nil) + stacktrace2(nil, fast) + names(c)
}

// A call that uses its interface parameter first panics there: the
// caller's later uses of the same nil are not reached.
func getG(t thread) int {
	return t.id() // want `may be nil interface at method call`
}

func threadStack(t thread) int {
	g := getG(t)
	return g + len(t.regs()) // silent: getG(t) panicked first
}

// True positive: a callee that tests its parameter first does not
// panic on it.
func getGChecked(t thread) int {
	if t == nil {
		return 0
	}
	return t.id()
}

func threadStack2(t thread) int {
	g := getGChecked(t)
	return g + len(t.regs()) // want `may be nil interface at method call`
}

func useStacks() int { return threadStack(nil) + threadStack2(nil) }

// Passed on after a first use, a nil interface never reaches the callee.
func locate(t thread) int {
	return len(t.regs()) // silent: getG2 panicked first
}

func getG2(t thread) int {
	n := t.id() // want `may be nil interface at method call`
	return n + locate(t)
}

// True positive: passed on before the first use.
func locate3(t thread) int {
	return len(t.regs()) // want `may be nil interface at method call`
}

func getG3(t thread) int {
	n := locate3(t)
	return n + t.id() // silent: locate3 panicked first
}

func useGs() int { return getG2(nil) + getG3(nil) }

// Returned after a first use, likewise.
func touch(t thread) thread {
	_ = t.id() // want `may be nil interface at method call`
	return t
}

func useTouched() int { return touch(nil).id() } // silent: touch panicked first

// A type switch's case is not taken for a nil interface.
type urlError struct{ msg string }

func (e *urlError) Error() string { return e.msg }

func raise(err error) string {
	switch err.(type) {
	case *urlError:
		return "network: " + err.Error() // silent: err is not nil here
	default:
		return "internal: " + err.Error() // want `may be nil interface at method call`
	}
}

func useRaise() string { return raise(nil) }

// The result of x.(I) is not a nil interface: x.(I) panicked on a nil x.
type module interface{ id() string }

type loader interface {
	module
	load() int
}

func loadModule(val any) int {
	l := val.(loader) // want `may be nil interface at type assertion`
	return l.load()   // silent: the assertion panicked first
}

func useLoad() int { return loadModule(nil) }
