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

// Two nil pointers are equal, and a pointer equal to a nil one is nil
// (refuteconst.go's equalNils; nats-server's CompressionOpts.equals).
type opts struct{ mode string }

func (c1 *opts) equals(c2 *opts) bool {
	if c1 == c2 {
		return true
	}
	if (c1 == nil && c2 != nil) || (c1 != nil && c2 == nil) {
		return false
	}
	return c1.mode == c2.mode // silent: neither is nil here
}

// True positive: without the equality test, both may be nil.
func (c1 *opts) equals2(c2 *opts) bool {
	if (c1 == nil && c2 != nil) || (c1 != nil && c2 == nil) {
		return false
	}
	return c1.mode == "" // want `may be nil at field access`
}

// True positive: equal to a nil pointer is nil.
func same(a, b *opts) string {
	if b == nil {
		println("no b")
	}
	if a == nil && a == b {
		return b.mode // want `may be nil at field access`
	}
	return ""
}

func useOpts(a, b *opts) (string, bool) { return same(a, b), a.equals(b) && a.equals2(b) }
