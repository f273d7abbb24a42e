// Package nilerrmodel holds errors that cannot happen for the arguments
// given (frontend/check/errmodel.go): a call whose error comes only from
// a reader it is given, with a reader that never fails so, has a nil
// error, and its results are no error-path nils. Beside each silent case
// is the same call where the error can happen, which stays a finding.
package nilerrmodel

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/url"
	"os"
	"strings"
)

type Doc struct{ body []byte }

// parse fails only when r fails with another error than io.EOF
// (io.ReadAll's).
func parse(r io.Reader) (*Doc, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return &Doc{body: b}, nil
}

// --- 1. A reader that ends but never fails: strings, bytes.

func fromString(s string) int {
	d, _ := parse(strings.NewReader(s))
	return len(d.body) // a *strings.Reader returns only io.EOF
}

func fromBytes(b []byte) int {
	d, _ := parse(bytes.NewReader(b))
	return len(d.body)
}

func fromBuffer(buf *bytes.Buffer) int {
	d, _ := parse(buf)
	return len(d.body)
}

func fromLocal(s string) int {
	var r io.Reader = strings.NewReader(s)
	d, _ := parse(r)
	return len(d.body)
}

// seed is set once, by the package's initializer.
var seed io.Reader = bytes.NewReader([]byte("seed"))

func fromSeed() int {
	d, _ := parse(seed)
	return len(d.body)
}

// A reader that can fail: a file, a parameter, a request's body, a
// package variable that a function may set to one.

var input io.Reader = strings.NewReader("")

func setInput(r io.Reader) { input = r }

func fromInput() int {
	d, _ := parse(input)
	return len(d.body) // want `d may be nil at field access d.body \(the error of parse is not checked\)`
}

func fromFile(f *os.File) int {
	d, _ := parse(f)
	return len(d.body) // want `d may be nil at field access d.body \(the error of parse is not checked\)`
}

func fromParam(r io.Reader) int {
	d, _ := parse(r)
	return len(d.body) // want `d may be nil at field access d.body \(the error of parse is not checked\)`
}

func fromRequest(req *http.Request) int {
	d, _ := parse(req.Body)
	return len(d.body) // want `d may be nil at field access d.body \(the error of parse is not checked\)`
}

// --- 2. io.EOF is an error where all of the data must be read.

type Header struct{ magic [4]byte }

func readHeader(r io.Reader) (*Header, error) {
	var h Header
	if _, err := io.ReadFull(r, h.magic[:]); err != nil {
		return nil, err // io.ErrUnexpectedEOF on a short string
	}
	return &h, nil
}

func headerOfString(s string) byte {
	h, _ := readHeader(strings.NewReader(s))
	return h.magic[0] // want `h may be nil at field access h.magic \(the error of readHeader is not checked\)`
}

// readRaw returns Read's own error: io.EOF included.
func readRaw(r io.Reader) (*Doc, error) {
	b := make([]byte, 16)
	n, err := r.Read(b)
	if err != nil {
		return nil, err
	}
	return &Doc{body: b[:n]}, nil
}

func rawOfString(s string) int {
	d, _ := readRaw(strings.NewReader(s))
	return len(d.body) // want `d may be nil at field access d.body \(the error of readRaw is not checked\)`
}

// --- 3. crypto/rand's Reader never fails.

func random() int {
	n, _ := rand.Int(rand.Reader, big.NewInt(100))
	v := *n
	return v.Sign()
}

func randomHeader() byte {
	h, _ := readHeader(rand.Reader)
	return h.magic[0]
}

func randomFromString(s string) int {
	n, _ := rand.Int(strings.NewReader(s), big.NewInt(100))
	v := *n // want `n may be nil at dereference of n \(the error of rand.Int is not checked\)`
	return v.Sign()
}

// --- 4. Errors of the callee's own, or of what it reads: still sources.

func parseNonEmpty(r io.Reader) (*Doc, error) {
	d, err := parse(r)
	if err != nil {
		return nil, err
	}
	if len(d.body) == 0 {
		return nil, errors.New("empty")
	}
	return d, nil
}

func nonEmptyOfString(s string) int {
	d, _ := parseNonEmpty(strings.NewReader(s))
	return len(d.body) // want `d may be nil at field access d.body \(the error of parseNonEmpty is not checked\)`
}

type Config struct{ Name string }

// decode fails on malformed input whatever its reader.
func decode(r io.Reader) (*Config, error) {
	var c Config
	if err := json.NewDecoder(r).Decode(&c); err != nil {
		return nil, err
	}
	return &c, nil
}

func decodeString(s string) string {
	c, _ := decode(strings.NewReader(s))
	return c.Name // want `c may be nil at field access c.Name \(the error of decode is not checked\)`
}

// parseRecover turns its parser's panics into errors, as x/net/html's
// parser does since about v0.51 (more than 512 open elements): it fails
// on some inputs whatever its reader, and its deferred function sets the
// named error, which the rule does not read.
func parseRecover(r io.Reader) (d *Doc, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("parse: %v", p)
		}
	}()
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if len(b) > 512 {
		panic("too deep")
	}
	return &Doc{body: b}, nil
}

func recoverOfString(s string) int {
	d, _ := parseRecover(strings.NewReader(s))
	return len(d.body) // want `d may be nil at field access d.body \(the error of parseRecover is not checked\)`
}

// --- 5. The convention's true bugs stay.

func cookie(r *http.Request) string {
	c, _ := r.Cookie("x")
	return c.Value // want `c may be nil at field access c.Value \(the error of r.Cookie is not checked\)`
}

func host(userInput string) string {
	u, _ := url.Parse(userInput)
	return u.Host // want `u may be nil at field access u.Host \(the error of url.Parse is not checked\)`
}
