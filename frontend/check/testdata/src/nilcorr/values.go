package nilcorr

// Integers and strings fixed by constants (refutevalue.go).

// A constant argument fixes the parameter it is passed to, also through
// a summarized call (nats-server's internal clients).

const (
	kindSystem = iota
	kindJetStream
	kindAccount
	kindClient
)

func isInternal(kind int) bool {
	return kind == kindSystem || kind == kindJetStream || kind == kindAccount
}

type client struct{ kind int }

func newInternal(kind int) *client {
	if !isInternal(kind) {
		return nil
	}
	return &client{kind: kind}
}

func accountClient() *client { return newInternal(kindAccount) }

func useAccountClient() int {
	c := accountClient()
	if c.kind == kindAccount { // silent: kindAccount is internal
		return 1
	}
	return 0
}

// True positive: kindClient is not internal.
func useClientKind() int {
	c := newInternal(kindClient)
	return c.kind // want `c may be nil at field access c.kind`
}

// The same with strings and an ordered comparison.
func lookup(name string, level int) *client {
	if name != "sys" || level > 3 {
		return nil
	}
	return &client{}
}

func lookupSys() int {
	return lookup("sys", 1).kind // silent
}

func lookupDeep() int {
	return lookup("sys", 4).kind // want `may be nil at field access`
}

// A summarized call's constant result on one of its returns: balance
// of a nil node is 0 (nats-server's AVL tree).

type node struct {
	l, r *node
	h    int
}

func height(n *node) int {
	if n == nil {
		return 0
	}
	return n.h
}

func balance(n *node) int {
	if n == nil {
		return 0
	}
	return height(n.l) - height(n.r)
}

func rebalance(n *node) *node {
	if n != nil {
		n.h = 1
	}
	if bf := balance(n); bf > 1 {
		return n.l // silent: balance(nil) is 0
	} else if bf < -1 {
		return n.r // silent
	}
	return nil
}

// True positive: balance(nil) is 0, which the test admits.
func rebalanceZero(n *node) *node {
	if n != nil {
		n.h = 1
	}
	if balance(n) >= 0 {
		return n.l // want `n may be nil at field access n.l`
	}
	return nil
}

// A merge binds a counter to the edge taken: where the nil was left, the
// count is still 0 (nats-server's sublist).

type level struct{ pwc, fwc *node }

func single(l *level) int {
	var next *node
	branches := 0
	if l.pwc != nil {
		next = l.pwc
		branches++
	}
	if l.fwc != nil {
		next = l.fwc
		branches++
	}
	if branches != 1 {
		return 0
	}
	return next.h // silent: one branch was taken
}

// True positive: a count of 0 admits the nil.
func none(l *level) int {
	var next *node
	branches := 0
	if l.pwc != nil {
		next = l.pwc
		branches++
	}
	if branches > 1 {
		return 0
	}
	return next.h // want `next may be nil at field access next.h`
}

// A select never chooses a case on a nil channel (nats-server's stream
// loop: the queue and its channel are set together).

type queue struct {
	ch   chan struct{}
	elts []int
}

type stream struct {
	interest bool
	ackq     *queue
	quit     chan struct{}
}

func loop(s *stream) int {
	var (
		ackq *queue
		amch chan struct{}
	)
	if s.interest {
		ackq, amch = s.ackq, s.ackq.ch
	}
	for {
		select {
		case <-amch:
			return len(ackq.elts) // silent: amch is not nil, nor ackq
		case <-s.quit:
			return 0
		}
	}
}

// True positive: the channel is not the queue's.
func loopOther(s *stream) int {
	var ackq *queue
	if s.interest {
		ackq = s.ackq
	}
	select {
	case <-s.quit:
		return len(ackq.elts) // want `ackq may be nil at field access ackq.elts`
	default:
		return 0
	}
}

// A callback and the flag set beside it: every struct built with divide
// leaves calcWhenEmpty false, so divide never gets the nil (yq's
// crossFunctionPreferences, refutefield.go).

type cnode struct{ tag string }

type crossPrefs struct {
	calcWhenEmpty bool
	calc          func(lhs, rhs *cnode) string
}

func divide(lhs, rhs *cnode) string { return lhs.tag + rhs.tag } // silent: never given the nil

func alternative(lhs, rhs *cnode) string {
	if rhs == nil {
		return lhs.tag
	}
	return rhs.tag
}

func cross(p crossPrefs, lhs *cnode, rhs []*cnode) string {
	if p.calcWhenEmpty && len(rhs) == 0 {
		return p.calc(lhs, nil)
	}
	s := ""
	for _, r := range rhs {
		s += p.calc(lhs, r)
	}
	return s
}

// The same through a pointer to the options.
func crossPtr(p *crossPrefs, lhs *cnode) string {
	if p.calcWhenEmpty {
		return p.calc(lhs, nil)
	}
	return p.calc(lhs, lhs)
}

func concat(lhs, rhs *cnode) string { return lhs.tag + rhs.tag } // want `rhs may be nil at field access rhs.tag`

func useCross(l *cnode, rs []*cnode) string {
	return cross(crossPrefs{calc: divide}, l, rs) +
		cross(crossPrefs{calcWhenEmpty: true, calc: alternative}, l, rs) +
		crossPtr(&crossPrefs{calc: divide}, l) +
		// True positive: concat is built with the flag set.
		cross(crossPrefs{calcWhenEmpty: true, calc: concat}, l, rs)
}

// The struct built from the parameters of a function that only direct
// calls reach (crossWith(subtract, false)), the callback made by a
// factory, and the options passed on to the function that calls it
// (yq's crossFunction, doCrossFunc, resultsForRHS).

func subtract(lhs, rhs *cnode) string { return lhs.tag + rhs.tag } // silent

func prepend(prefix string) func(lhs, rhs *cnode) string {
	return func(lhs, rhs *cnode) string { return prefix + lhs.tag + rhs.tag } // silent
}

func join(lhs, rhs *cnode) string { return lhs.tag + rhs.tag } // want `lhs may be nil at field access lhs.tag`

func crossWith(calc func(lhs, rhs *cnode) string, calcWhenEmpty bool, lhs []*cnode, rhs *cnode) string {
	return outer(crossPrefs{calcWhenEmpty: calcWhenEmpty, calc: calc}, lhs, rhs)
}

// outer passes a nil lhs on where the flag allows it; inner calls.
func outer(p crossPrefs, lhs []*cnode, rhs *cnode) string {
	flag := func() bool { return p.calcWhenEmpty } // captured: p lives in a variable, as yq's doCrossFunc's prefs
	_ = flag()

	if p.calcWhenEmpty && len(lhs) == 0 {
		return inner(p, nil, rhs)
	}
	s := ""
	for _, l := range lhs {
		s += inner(p, l, rhs)
	}
	return s
}

func inner(p crossPrefs, lhs, rhs *cnode) string { return p.calc(lhs, rhs) }

func useCrossWith(ls []*cnode, r *cnode) string {
	return crossWith(subtract, false, ls, r) +
		crossWith(prepend("-"), false, ls, r) +
		// True positive: join is built with the flag set.
		crossWith(join, true, ls, r)
}
