package nilcorr

// A value equals at most one constant (refuteconst.go; OPA's tracers:
// made when the mode is not off, read when it is full).

type mode int

const (
	modeOff mode = iota
	modeDebug
	modeFull
)

type tracer struct{ events []string }

func newTracer() *tracer { return &tracer{} }

func traced(m mode) int {
	var buf *tracer
	if m != modeOff {
		buf = newTracer()
	}
	if m == modeFull {
		return len(buf.events) // silent: m is not modeOff here
	}
	return 0
}

// A switch on the mode is the same comparisons.
func tracedSwitch(m mode) int {
	var buf *tracer
	if m != modeOff {
		buf = newTracer()
	}
	switch m {
	case modeDebug:
		return len(buf.events) // silent
	case modeFull:
		return len(buf.events) + 1 // silent
	}
	return 0
}

// True positive: the tracer is made for another mode than the one that
// reads it.
func tracedWrong(m mode) int {
	var buf *tracer
	if m == modeDebug {
		buf = newTracer()
	}
	if m == modeFull {
		return len(buf.events) // want `may be nil at field access`
	}
	return 0
}

// True positive: the same constant on both tests, negated.
func tracedNegated(m mode) int {
	var buf *tracer
	if m != modeFull {
		buf = newTracer()
	}
	if m == modeFull {
		return len(buf.events) // want `may be nil at field access`
	}
	return 0
}

// A field read twice with no store between is one value.
type server struct{ explain mode }

func (s *server) handle() int {
	var buf *tracer
	if s.explain != modeOff {
		buf = newTracer()
	}
	if s.explain == modeFull {
		return len(buf.events) // silent
	}
	return 0
}

func useModes(s *server) int {
	return traced(modeFull) + tracedSwitch(modeDebug) + tracedWrong(modeFull) + tracedNegated(modeFull) + s.handle()
}
