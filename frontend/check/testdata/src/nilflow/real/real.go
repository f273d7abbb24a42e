// Package real holds the false-positive patterns found by running
// nilflow on real modules (CHECKS.md), each cut down to a few lines, next
// to the true positives the fixes must keep.
package real

import (
	"sort"
	_ "unsafe" // go:linkname
)

// --- 1. A nil argument stored into an existing object under a condition
// (pebble's btree: insertAt(i, item, nil) only for leaves, which have no
// children). Stores into objects the function did not allocate are not
// followed: the heap is flow- and context-insensitive.

type node struct {
	leaf     bool
	count    int
	children [4]*node
}

func (n *node) insertAt(i int, child *node) {
	if !n.leaf {
		n.children[i+1] = child
	}
	n.count++
}

func (n *node) insert(i int) {
	if n.leaf {
		n.insertAt(i, nil)
		return
	}
	n.insertAt(i, &node{leaf: true})
}

func (n *node) sum() int {
	s := n.count
	if !n.leaf {
		for i := 0; i <= n.count; i++ {
			s += n.children[i].count // not reported: see insertAt
		}
	}
	return s
}

func build() int {
	n := &node{}
	n.insert(0)
	return n.sum()
}

// --- 2. An iterator that returns nil when exhausted, its result kept in
// a field of an object from elsewhere (pebble's cache hand), used later
// where the program knows the list is not empty.

type entry struct {
	size int
	link *entry
}

func (e *entry) next() *entry {
	if e.link == e {
		return nil
	}
	return e.link
}

type clock struct{ hand *entry }

func (c *clock) advance() { c.hand = c.hand.next() }

func (c *clock) evict() int { return c.hand.size }

func run() int {
	e := &entry{size: 1}
	e.link = e
	c := &clock{hand: e}
	c.advance()
	return c.evict() // (c.hand.size in evict is not reported)
}

// The same flow through a local variable is followed.
func walk(e *entry) int {
	n := e.next()
	return n.size // want `n may be nil at field access n.size`
}

// A nil stored into an object the function allocates still is.
func fresh() int {
	c := &clock{hand: nil}
	return c.hand.size // want `c.hand may be nil at field access c.hand.size`
}

// --- 3. A value dereferenced once is not nil afterwards (or the program
// panicked there): it is reported at the first dereference only, not at
// each later use nor wherever it flows next.

type meta struct {
	size int
	name string
}

type level struct{ files []*meta }

func (l *level) first() *meta {
	if len(l.files) == 0 {
		return nil
	}
	return l.files[0]
}

func use(m *meta) int { return m.size } // want `m may be nil at field access m.size`

// Only move calls sizeOf, after its own dereference of m.
func sizeOf(m *meta) int { return m.size }

func move(l *level) (int, string) {
	m := l.first()
	size := m.size // want `m may be nil at field access m.size`
	name := m.name
	return size + sizeOf(m), name
}

// The dereference must come first: a use before it is reported.
func useBefore(l *level) int {
	m := l.first()
	n := use(m)
	return n + m.size // want `m may be nil at field access m.size`
}

// A dereference on one branch says nothing about the other.
func otherBranch(l *level, b bool) int {
	m := l.first()
	if b {
		return m.size // want `m may be nil at field access m.size`
	}
	return use(m)
}

// --- 4. A nil passed into a library is not followed through its body:
// sort.Sort's call data.Len() would hand it to every Len method that any
// caller's data has (pebble's ingest: a nil slice sorted, reported at a
// *flushableBatch receiver).

type byName []*meta

func (s byName) Len() int           { return len(s) }
func (s byName) Less(i, j int) bool { return s[i].name < s[j].name }
func (s byName) Swap(i, j int)      { s[i], s[j] = s[j], s[i] }

type batch struct{ offsets []int }

func (b *batch) Len() int           { return len(b.offsets) }
func (b *batch) Less(i, j int) bool { return b.offsets[i] < b.offsets[j] }
func (b *batch) Swap(i, j int)      { b.offsets[i], b.offsets[j] = b.offsets[j], b.offsets[i] }

func sortBoth(b *batch) {
	sort.Sort(byName(nil))
	sort.Sort(b)
}

// --- 5. A guard inside a closure on a captured variable (pebble's
// keyspan.Truncate: if start != nil && cmp(…, start.UserKey) <= 0): each
// use in the closure loads the variable anew, and the guard covers them.

func filter(start *meta) func(m *meta) bool {
	return func(m *meta) bool {
		if start != nil && m.size < start.size {
			return false
		}
		return true
	}
}

func unguardedFilter(start *meta) func(m *meta) bool {
	return func(m *meta) bool {
		return m.size < start.size // want `start may be nil at field access start.size`
	}
}

func callFilters() bool { return filter(nil)(&meta{}) && unguardedFilter(nil)(&meta{}) }

// --- 6. A captured parameter defaulted when nil (pebble's
// MakeLoggingEventListener: if logger == nil { logger = DefaultLogger }):
// the nil stored before the test never reaches the closures.

type logger interface{ Infof(format string) }

type stdLogger struct{}

func (stdLogger) Infof(string) {}

func listener(l logger) func() {
	if l == nil {
		l = stdLogger{}
	}
	return func() { l.Infof("event") }
}

func undefaulted(l logger) func() {
	return func() { l.Infof("event") } // want `l may be nil interface at method call l.Infof\(\)`
}

func callListeners() {
	listener(nil)()
	undefaulted(nil)()
}

// --- 7. A method that tests its receiver for nil guards like x != nil
// (pebble's keyspan.Span: if s := it.Span(); !s.Empty() { s.Start }).

type span struct{ keys []int }

func (s *span) Empty() bool { return s == nil || len(s.keys) == 0 }

func (s *span) Valid() bool { return s != nil && len(s.keys) > 0 }

// Len does not test s (and is reported): only its dereference of s,
// which would have panicked first, covers the use after it.
func (s *span) Len() bool { return len(s.keys) > 0 } // want `s may be nil at field access s.keys`

func current(b bool) *span {
	if b {
		return nil
	}
	return &span{keys: []int{1}}
}

func spans(b bool) int {
	n := 0
	if s := current(b); !s.Empty() {
		n += s.keys[0]
	}
	if s := current(b); s.Valid() {
		n += s.keys[0]
	}
	if s := current(b); s.Len() {
		n += s.keys[0]
	}
	return n
}

// --- 8. The error convention through phis (pebble's makeRoomForWrite:
// var f File; if err == nil { f, err = create() }; if err == nil { f.Stat() }).

type file struct{ size int }

func create(name string) (*file, error) {
	if name == "" {
		return nil, errEmpty
	}
	return &file{}, nil
}

type emptyErr struct{}

func (emptyErr) Error() string { return "empty" }

var errEmpty error = emptyErr{}

func check(name string) error { return nil }

func openLater(name string, reuse bool) int {
	err := check(name)
	var f *file
	if err == nil {
		if reuse {
			f, err = create(name + ".old")
		} else {
			f, err = create(name)
		}
	}
	if err == nil {
		return f.size
	}
	return 0
}

// Without the test, the declared nil reaches the use.
func openUnchecked(name string) int {
	err := check(name)
	var f *file
	if err == nil {
		f, err = create(name)
	}
	_ = err
	return f.size // want `f may be nil at field access f.size`
}

// --- 9. A helper that always panics ends the path (x/tools' gcimporter:
// errorf("missing package"); return nil).

type internalError string

func errorf(format string) { panic(internalError(format)) }

func fail(msg string) {
	if msg == "" {
		panic("no message")
	}
	errorf(msg)
}

func pkgAt(cache map[int]*meta, off int) *meta {
	if m, ok := cache[off]; ok {
		return m
	}
	errorf("missing package")
	return nil
}

func pkgAt2(cache map[int]*meta, off int) *meta {
	if m, ok := cache[off]; ok {
		return m
	}
	fail("missing package")
	return nil
}

// A helper that may return does not end it.
func warnf(format string) {
	if format != "" {
		panic(format)
	}
}

func pkgAt3(cache map[int]*meta, off int) *meta {
	if m, ok := cache[off]; ok {
		return m
	}
	warnf("")
	return nil
}

func pkgNames(cache map[int]*meta) int {
	return pkgAt(cache, 1).size + pkgAt2(cache, 2).size +
		pkgAt3(cache, 3).size // want `pkgAt3\(cache, 3\) may be nil at field access`
}

// --- 10. A closure made only where a guard on its captured variable
// holds (pebble's EventListener.EnsureDefaults:
// if logger != nil { l.BackgroundError = func(err error) { logger.Infof(…) } }).

type listeners struct{ onError func() }

func (l *listeners) ensure(lg logger) {
	if lg != nil {
		l.onError = func() { lg.Infof("error") }
	} else {
		l.onError = func() {}
	}
}

// Written after the closure is made: the guard no longer holds.
func (l *listeners) ensureLate(lg logger) {
	if lg != nil {
		l.onError = func() { lg.Infof("error") } // want `lg may be nil interface at method call lg.Infof\(\)`
	}
	lg = stdLogger{}
}

func callEnsure() {
	l := &listeners{}
	l.ensure(nil)
	l.ensureLate(nil)
	l.onError()
}

// --- 11. A nil stored through a pointer kept in another object's field
// is a reset of that object's memory (pebble's levelIter:
// *l.rangeDelIterPtr = nil), like x.f = nil.

type levelIter struct{ spanPtr **span }

func (l *levelIter) close() { *l.spanPtr = nil }

func overlap(s *span) int {
	l := &levelIter{spanPtr: &s}
	l.close()
	if s == nil {
		return 0
	}
	return len(s.keys)
}

func overlapAfterReset() int {
	s := &span{}
	l := &levelIter{spanPtr: &s}
	l.close()
	return len(s.keys) // not reported: see above
}

// --- 12. A guard on *p covers the other loads of *p through the same
// pointer (pebble's overlapWithIterator:
// if rangeDelIter == nil || *rangeDelIter == nil { return false }; use(*rangeDelIter)).

func spanLen(s *span) int { return len(s.keys) }

func viaPtr(p **span) int {
	if p == nil || *p == nil {
		return 0
	}
	return spanLen(*p)
}

func viaPtrUnguarded(p **span) int {
	if p == nil {
		return 0
	}
	return len((*p).keys) // want `may be nil at field access`
}

func callViaPtr() int {
	var s *span
	t := current(true)
	return viaPtr(&s) + viaPtr(&t) + viaPtrUnguarded(&t)
}

// --- 13. The error convention with a custom error type (miniflux's
// CreateFeedFromSubscriptionDiscovery returns (*Feed, *LocalizedErrorWrapper)).

type localizedError struct{ msg string }

// Error does not even make it an error (as in miniflux).
func (e *localizedError) Error() error { return errEmpty }

func createFeed(url string) (*meta, *localizedError) {
	if url == "" {
		return nil, &localizedError{"empty"}
	}
	return &meta{name: url}, nil
}

func subscribe(url string) string {
	feed, lerr := createFeed(url)
	if lerr != nil {
		return lerr.msg
	}
	return feed.name
}

// --- 14. A closure made after a dereference of its captured variable
// (miniflux's showFeedEntriesPage: h.store.FeedByID(user.ID, …), then
// func() { … user.ID … }): reported once, at the dereference.

func entriesPage(l *level) func() int {
	m := l.first()
	id := m.size // want `m may be nil at field access m.size`
	return func() int { return id + m.size }
}

// --- 15. The error convention through an error reassigned after the
// call that set the value (pebble's makeRoomForWrite:
// if err == nil { f, err = create() }; if err == nil { err = dir.Sync() };
// if err == nil { f = NewSyncingFile(f) }).

func fileSize(f *file) int { return f.size }

func openSynced(name string, stat bool) int {
	err := check(name)
	var f *file
	if err == nil {
		f, err = create(name)
	}
	if err == nil && stat {
		err = check(name + ".stat")
	}
	if err == nil {
		err = check("dir")
	}
	if err == nil {
		return fileSize(f)
	}
	return 0
}

// A reassignment from a call that was not tested covers nothing.
func openUnsynced(name string) int {
	err := check(name)
	var f *file
	if err == nil {
		f, err = create(name)
	}
	err = check("dir")
	if err == nil {
		return fileSize2(f)
	}
	return 0
}

func fileSize2(f *file) int { return f.size } // want `f may be nil at field access f.size`

// --- 16. A body-less function linked to runtime.throw ends the path
// (pebble's internal/manual: if ptr == nil { throw("out of memory") }).

//go:linkname throw runtime.throw
func throw(s string)

func alloc(n int, fail bool) *[16]byte {
	var p *[16]byte
	if !fail {
		p = &[16]byte{}
	}
	if p == nil {
		throw("out of memory")
	}
	return p
}

// A body-less function linked elsewhere may return.
//
//go:linkname nanotime runtime.nanotime
func nanotime() int64

func allocTimed(n int, fail bool) *[16]byte {
	var p *[16]byte
	if !fail {
		p = &[16]byte{}
	}
	if p == nil {
		nanotime()
	}
	return p
}

func allocs() byte {
	a := alloc(1, true)[0]
	return a + allocTimed(1, true)[0] // want `allocTimed\(1, true\) may be nil at element access`
}
