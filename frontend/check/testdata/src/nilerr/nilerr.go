// Package nilerr holds the (T, error) convention as a nil source: the
// other results of a call whose last result is an error are nil where the
// error is not, and a use reachable with the error non-nil (the error
// dropped, logged and continued, or checked only after the use) panics.
// The true negatives next to each case are the callers that return, panic
// or exit on the error, or use the value only where it is nil.
package nilerr

import (
	"errors"
	"fmt"
	"log"
	"net/url"
	"os"
	"regexp"
)

// --- 1. The error dropped with _.

func dropped(s string) string {
	u, _ := url.Parse(s)
	return u.Host // want `u may be nil at field access u.Host \(the error of url.Parse is not checked\)`
}

func droppedIface(p string) int64 {
	fi, _ := os.Stat(p)
	return fi.Size() // want `fi may be nil interface at method call fi.Size\(\) \(the error of os.Stat is not checked\)`
}

// --- 2. The error logged, and execution goes on.

func logged(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		log.Println(err)
	}
	return u.Path // want `u may be nil at field access u.Path \(the error of url.Parse is not checked\)`
}

// --- 3. The error checked only after the use.

func late(s string) (string, error) {
	u, err := url.Parse(s)
	host := u.Host // want `u may be nil at field access u.Host`
	if err != nil {
		return "", err
	}
	return host + u.Path, nil // (reported once, at the first use)
}

type conn struct{ addr *string }

func (c *conn) Close() error { return nil }

func dial(addr string) (*conn, error) {
	if addr == "" {
		return nil, errors.New("no address")
	}
	return &conn{addr: &addr}, nil
}

// A deferred call evaluates its receiver at the defer: c.addr panics there.
func deferredBeforeCheck(addr string) error {
	c, err := dial(addr)
	defer fmt.Println(*c.addr) // want `c may be nil at field access c.addr \(the error of dial is not checked\)`
	if err != nil {
		return err
	}
	return nil
}

// --- 4. Followed into a callee that dereferences it, and out of a
// function that returns it after logging the error.

func host(u *url.URL) string {
	return u.Host // want `u may be nil at field access u.Host \(the error of url.Parse is not checked\)`
}

func passed(s string) string {
	u, _ := url.Parse(s)
	return host(u)
}

func load(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		log.Printf("bad url %q: %v", s, err)
	}
	return u
}

func loaded(s string) string {
	return load(s).Scheme // want `load\(s\) may be nil at field access load\(s\).Scheme \(the error of url.Parse is not checked\)`
}

// --- 5. A custom error type.

type item struct{ name string }

type lookupError struct{ key string }

func (e *lookupError) Error() string { return "no " + e.key }

func find(k string) (*item, *lookupError) {
	if k == "" {
		return nil, &lookupError{k}
	}
	return &item{k}, nil
}

func custom(k string) string {
	it, _ := find(k)
	return it.name // want `it may be nil at field access it.name \(the error of find is not checked\)`
}

// --- True negatives.

func returned(s string) (string, error) {
	u, err := url.Parse(s)
	if err != nil {
		return "", fmt.Errorf("parse: %w", err)
	}
	return u.Host, nil
}

func fatal(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		log.Fatal(err)
	}
	return u.Host
}

func panicked(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u.Host
}

func underNil(s string) string {
	if u, err := url.Parse(s); err == nil {
		return u.Host
	}
	return ""
}

func orNil(s string) string {
	u, err := url.Parse(s)
	if err != nil || u == nil {
		return ""
	}
	return u.Host
}

func defaulted(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		u = &url.URL{Host: "localhost"}
	}
	return u.Host
}

func inLoop(ss []string) int {
	n := 0
	for _, s := range ss {
		u, err := url.Parse(s)
		if err != nil {
			continue
		}
		n += len(u.Host)
	}
	return n
}

// Constant arguments to a library function that does no I/O: the program
// knows the call succeeds (a regexp.MustCompile without the panic).
var word = regexp.MustCompile(`\w+`)

func constant() string {
	re, _ := regexp.Compile(`^a+$`)
	u, _ := url.Parse("https://example.com/")
	return re.String() + u.Host
}

// A function that returns a non-nil partial result with its error.
type result struct{ n int }

func parsePartial(s string) (*result, error) {
	r := &result{}
	for _, c := range s {
		if c == '!' {
			return r, errors.New("stop")
		}
		r.n++
	}
	return r, nil
}

func partial(s string) int {
	r, _ := parsePartial(s)
	return r.n
}

// A method that tolerates a nil receiver ((*os.File).Close returns
// ErrInvalid), deferred before the check.
func closed(p string) error {
	f, err := os.Open(p)
	defer f.Close()
	if err != nil {
		return err
	}
	return nil
}

// The result stored into an object, the error returned: the nil stays in
// an object the caller drops (the heap is not followed for these nils).
type server struct{ base *url.URL }

func newServer(s string) (*server, error) {
	srv := &server{}
	var err error
	srv.base, err = url.Parse(s)
	if err != nil {
		return nil, err
	}
	return srv, nil
}

func (s *server) host() string { return s.base.Host }

// Slices are not nil sources here: a nil slice reads as empty.
func slice(p string) int {
	b, _ := os.ReadFile(p)
	return len(b)
}

// The error kept in a named result that a deferred call may read: SSA
// keeps it in memory, and the test loads it back (x/tools' present).
func named(p string) (isDir bool, err error) {
	f, err := os.Open(p)
	if err != nil {
		return false, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return false, err
	}
	return fi.IsDir(), nil
}

func namedLogged(p string) (isDir bool, err error) {
	defer func() { log.Print(err) }()
	fi, err := os.Stat(p)
	if err != nil {
		log.Print(err)
	}
	return fi.IsDir(), nil // want `fi may be nil interface at method call fi.IsDir\(\) \(the error of os.Stat is not checked\)`
}

// Two error results are a convention of their own (x/tools' gocommand:
// friendlyErr and err, the buffers valid under friendlyErr != nil).
func run(fail bool) (*result, *result, error, error) {
	if fail {
		return nil, nil, errors.New("x"), errors.New("y")
	}
	return &result{}, &result{}, nil, nil
}

func twoErrors(fail bool) int {
	out, _, friendly, _ := run(fail)
	if friendly != nil {
		return out.n
	}
	return 0
}

// The error kept in a field and tested there (pebble's iterators:
// valueMerger, i.err = i.merge(...); if i.err != nil { return }).
type merger interface{ Merge() error }

type iter struct{ err error }

type concat struct{ parts []string }

func (c *concat) Merge() error { return nil }

func (i *iter) open(k string) (merger, error) {
	if k == "" {
		return nil, errors.New("no merger")
	}
	return &concat{}, nil
}

func (i *iter) value() (string, error) { return "", nil }

func mergeChecked(i *iter, k string) {
	m, err := i.open(k)
	i.err = err
	if i.err != nil {
		return
	}
	i.err = m.Merge()
}

func mergeField(i *iter, k string) {
	var m merger
	m, i.err = i.open(k)
	if i.err != nil {
		return
	}
	i.err = m.Merge()
}

// The first error overwritten by the next before any test: the test
// guards nothing of the first call.
func mergeOverwritten(i *iter, k string) {
	var m merger
	m, i.err = i.open(k)
	_, i.err = i.value()
	if i.err != nil {
		return
	}
	i.err = m.Merge() // want `m may be nil interface at method call m.Merge\(\) \(the error of i.open is not checked\)`
}

// The error tested again further on (pebble's compactionIter: the second
// test holds only if the call's error was nil, as the only store in
// between is made where the first test found it nil).
func mergeRetested(i *iter, k string) {
	var m merger
	m, i.err = i.open(k)
	if i.err == nil {
		_, i.err = i.value()
	}
	if i.err == nil {
		i.err = m.Merge()
	}
}

// Stored again where the error was not found nil: the second test guards
// nothing.
func mergeRestored(i *iter, k string, retry bool) {
	var m merger
	m, i.err = i.open(k)
	if retry {
		i.err = nil
	}
	if i.err == nil {
		i.err = m.Merge() // want `m may be nil interface at method call m.Merge\(\) \(the error of i.open is not checked\)`
	}
}

// A helper that panics on a non-nil error: the block does not go on.
func must(err error) {
	if err != nil {
		panic(err)
	}
}

func helperChecked(s string) string {
	u, err := url.Parse(s)
	must(err)
	return u.Host
}

// A helper that only logs: the use is reported.
func warn(err error) {
	if err != nil {
		log.Print(err)
	}
}

func helperLogged(s string) string {
	u, err := url.Parse(s)
	warn(err)
	return u.Host // want `u may be nil at field access u.Host \(the error of url.Parse is not checked\)`
}

// The result stored into a local object, read back after the check: the
// load is not nil there.
func storedThenChecked(s string) (string, error) {
	srv := &server{}
	var err error
	srv.base, err = url.Parse(s)
	if err != nil {
		return "", err
	}
	return srv.base.Host, nil
}

// Read back before the check.
func storedThenUsed(s string) (string, error) {
	srv := &server{}
	var err error
	srv.base, err = url.Parse(s)
	h := srv.base.Host // want `srv.base may be nil at field access srv.base.Host \(the error of url.Parse is not checked\)`
	if err != nil {
		return "", err
	}
	return h, nil
}
