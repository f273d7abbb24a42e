package nilmem

// An access path is one value however often it is spelled, also through
// a struct held by value (c.ping.tmr), until the function writes it: a
// store, or its address passed on. A test or dereference before the
// write says nothing of a load after it.

type timer struct{ n int }

func (t *timer) Stop() int { return t.n }

type pinger struct{ tmr *timer }

type pconn struct {
	tmr  *timer
	ping pinger
}

// clearTimer stores the nil every timer cell may hold.
func clearTimer(tp **timer) {
	if t := *tp; t != nil {
		t.Stop()
		*tp = nil
	}
}

// True negative: the test and the call read one c.ping.tmr.
func (c *pconn) clearPing() {
	if c.ping.tmr == nil {
		return
	}
	c.ping.tmr.Stop()
	c.ping.tmr = nil
}

// True positive: the timer is cleared between the test and the use.
func (c *pconn) clearThenUse() int {
	if c.tmr == nil {
		return 0
	}
	clearTimer(&c.tmr)
	return c.tmr.n // want `c.tmr may be nil at field access c.tmr.n`
}

// True positive: the same through the struct held by value.
func (c *pconn) clearPingThenUse() int {
	if c.ping.tmr == nil {
		return 0
	}
	clearTimer(&c.ping.tmr)
	return c.ping.tmr.n // want `c.ping.tmr may be nil at field access c.ping.tmr.n`
}

// True positive: a nil stored between the test and the use.
func (c *pconn) storeThenUse() int {
	if c.tmr == nil {
		return 0
	}
	c.tmr = nil
	return c.tmr.n // want `c.tmr may be nil at field access c.tmr.n`
}

// True positive: a dereference before the store does not cover the load
// after it.
func derefStoreUse() int {
	c := &pconn{tmr: &timer{}}
	n := c.tmr.n
	c.tmr = nil
	return n + c.tmr.n // want `c.tmr may be nil at field access c.tmr.n`
}

func usePconn() {
	c := &pconn{tmr: &timer{}, ping: pinger{tmr: &timer{}}}
	clearTimer(&c.ping.tmr)
	c.clearPing()
	c.clearThenUse()
	c.clearPingThenUse()
	c.storeThenUse()
	derefStoreUse()
}

// A variable's address given to a deferred call escapes when the
// deferred calls run, at the return: the nil the call stores there is
// not read in the body (nats-server's snapshot loop).
func stopAndClear(tp **timer) {
	if *tp == nil {
		return
	}
	*tp = nil
}

func newTimer() *timer { return &timer{} }

func waitAcks(acks chan int) int {
	t := newTimer()
	defer stopAndClear(&t)
	n := 0
	for a := range acks {
		unrelated()  // may write what escaped
		n += a + t.n // silent
	}
	return n
}

// True positive: the same helper called, not deferred.
func waitAcksCleared(acks chan int) int {
	t := newTimer()
	n := 0
	for a := range acks {
		n += a + t.n // want `t may be nil at field access t.n`
		stopAndClear(&t)
	}
	return n
}

func useWaits() {
	ch := make(chan int)
	waitAcks(ch)
	waitAcksCleared(ch)
}
