// Package taintstdheap shares objects that the standard library
// allocates or hands back between unrelated callers (taintstdheap.go):
// every strings.Split result is one object inside package strings, and
// every byte slice that slices.Grow returns "points to" every buffer
// grown anywhere. A store into one caller's result, or a read of one
// buffer, must not reach another caller's; the flows that do pass
// through the same calls are still reported (TestTaintStdHeap).
package taintstdheap

import (
	"bytes"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strings"
)

// protocols trims the request's list in place: a store into the slice
// that strings.Split allocated inside package strings.
func protocols(r *http.Request) []string {
	p := strings.Split(r.Header.Get("Sec-Websocket-Protocol"), ",")
	for i := range p {
		p[i] = strings.TrimSpace(p[i])
	}
	return p
}

// flagValue splits a constant the way a flag parser splits "--name=v":
// its own strings.Split result holds none of the request's.
func flagValue() {
	kv := strings.Split("--log=/var/log/app.log", "=")
	os.ReadFile(kv[1])
}

// shell appends to the fields of a constant: an append into the slice
// strings.Fields allocated.
func shell(r *http.Request) *exec.Cmd {
	args := strings.Fields("sh -c")
	args = append(args, r.FormValue("cmd"))
	return exec.Command(args[0], args[1:]...) // want `command sink`
}

// fixedShell runs a constant command line: other callers' appends into
// strings.Fields's slice do not reach it.
func fixedShell() *exec.Cmd {
	args := strings.Fields("ls -l")
	return exec.Command(args[0], args[1:]...)
}

// storedInto puts the request's value into a Split result itself: the
// slice carries it on, to loads here and in the functions it is passed to.
func storedInto(r *http.Request) {
	p := strings.Split("a,b", ",")
	p[0] = r.FormValue("name")
	os.Open(p[0]) // want `path sink os.Open`
	openFirst(p)
}

func openFirst(names []string) {
	os.Open(names[0]) // want `path sink os.Open`
}

// setFirst stores into its caller's Split result through a parameter.
func setFirst(p []string, r *http.Request) {
	p[0] = r.FormValue("name")
}

// storedByCallee reads back what setFirst stored: a known miss, the price
// of rule 1 (the taint stays with setFirst's parameter, as a model's
// write into such an object always did). No want: a finding here fails
// the test, to say the rule changed.
func storedByCallee(r *http.Request) {
	p := strings.Split("a,b", ",")
	setFirst(p, r)
	os.Open(p[0])
}

// session keeps the bytes a connection sent in a buffer of its own.
type session struct {
	c       net.Conn
	scratch [512]byte
}

func dial(addr string) *session {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return nil
	}
	s := &session{c: c}
	io.ReadFull(s.c, s.scratch[:5])
	return s
}

// grow grows the session's buffer with slices.Grow, whose one body
// (slices.Grow[[]byte]) os.ReadFile's shares.
func (s *session) grow() []byte {
	return slices.Grow(s.scratch[:0], 64)
}

// secret reads a file the administrator names: its content is not the
// connection's, though os.ReadFile's result may point to every buffer
// that slices.Grow returned.
func secret() {
	data, err := os.ReadFile("/etc/app/secret-path")
	if err != nil {
		return
	}
	os.Open(string(bytes.TrimSpace(data)))
}

// received opens a name the connection sent, read from the buffer it was
// received into, directly and through slices.Grow.
func (s *session) received() {
	os.Open(string(bytes.TrimSpace(s.scratch[:5])))                  // want `path sink os.Open`
	os.Open(string(bytes.TrimSpace(slices.Grow(s.scratch[:5], 16)))) // want `path sink os.Open`
}

func Serve() {
	http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		protocols(r)
		shell(r)
		storedInto(r)
		storedByCallee(r)
	})
	flagValue()
	fixedShell()
	s := dial(os.Getenv("ADDR"))
	s.grow()
	secret()
	s.received()
}
