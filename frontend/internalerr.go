package frontend

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// An InternalError is a panic inside the analysis: a bug in cflr, not in
// the program analyzed. It is caught and returned as an error that names
// the phase and the function being analyzed, so that a command can say
// what to report (and exit 2) instead of printing a bare stack trace.
type InternalError struct {
	Phase string // "points-to build", "value-flow build", "taint walk", ...
	Func  string // the function being analyzed, if known
	Value any    // what was passed to panic
	Where string // the innermost frame in cflr's own code, file:line
	Stack []byte // the goroutine's stack where it panicked
}

func (e *InternalError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "internal error in %s", e.Phase)
	if e.Func != "" {
		fmt.Fprintf(&b, " of %s", e.Func)
	}
	fmt.Fprintf(&b, ": %v", e.Value)
	if e.Where != "" {
		fmt.Fprintf(&b, " (at %s)", e.Where)
	}
	b.WriteString("; this is a bug in cflr: please report it with the command line")
	return b.String()
}

// AsInternal wraps a recovered panic value p: the phase and function are
// set once, by the innermost caller that knows them (fn may be nil).
func AsInternal(p any, phase string, fn *ssa.Function) *InternalError {
	e, ok := p.(*InternalError)
	if !ok {
		e = &InternalError{Value: p, Stack: debug.Stack(), Where: ownFrame()}
	}
	if e.Phase == "" {
		e.Phase = phase
	}
	if e.Func == "" && fn != nil {
		e.Func = fn.String()
		if pos := fn.Prog.Fset.Position(fn.Pos()); pos.IsValid() {
			e.Func += " (" + pos.String() + ")"
		}
	}
	return e
}

// Rethrow, deferred, re-panics a panic as an *InternalError that names
// phase and *fn (the function being analyzed when it happened): the
// goroutine's caller recovers it (see Catch).
func Rethrow(phase string, fn **ssa.Function) {
	if p := recover(); p != nil {
		var f *ssa.Function
		if fn != nil {
			f = *fn
		}
		panic(AsInternal(p, phase, f))
	}
}

// Catch, deferred, turns a panic into an *InternalError in *errp.
func Catch(phase string, fn **ssa.Function, errp *error) {
	if p := recover(); p != nil {
		var f *ssa.Function
		if fn != nil {
			f = *fn
		}
		*errp = AsInternal(p, phase, f)
	}
}

// ownFrame is the innermost frame of the panicking goroutine in cflr's
// own packages (the runtime's and the standard library's frames are
// where a nil dereference surfaces, not where the bug is).
func ownFrame() string {
	pcs := make([]uintptr, 64)
	n := runtime.Callers(3, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if strings.Contains(f.Function, "github.com/cflr/cflr/") && !strings.Contains(f.Function, "internalerr") &&
			!strings.HasSuffix(f.Function, ".AsInternal") && !strings.HasSuffix(f.Function, ".Catch") && !strings.HasSuffix(f.Function, ".Rethrow") {
			return fmt.Sprintf("%s:%d", relFile(f.File), f.Line)
		}
		if !more {
			return ""
		}
	}
}

// repoRoot is the directory of the repository this file was built from
// (frontend/..), trimmed from frame file names; with -trimpath they start
// with the module path instead.
var repoRoot = func() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return ""
	}
	return strings.TrimSuffix(file, "frontend/internalerr.go")
}()

func relFile(file string) string {
	if repoRoot != "" && strings.HasPrefix(file, repoRoot) {
		return file[len(repoRoot):]
	}
	return strings.TrimPrefix(file, "github.com/cflr/cflr/")
}
