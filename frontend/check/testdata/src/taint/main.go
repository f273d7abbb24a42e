// Command taint is the taint check's test program: every source the
// built-in models know (requests, environment, arguments, connections)
// flows, or does not, to the sinks below and in packages web and store.
package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"

	"checktest/taint/web"
)

func main() {
	fromEnv()
	fromArgs()
	memFlow()
	stderrThenTemp()
	go serve()
	mux := http.NewServeMux()
	web.Register(mux)
	http.ListenAndServe(":8080", mux)
}

func fromEnv() {
	dir := os.Getenv("DATA_DIR")
	os.Open(dir + "/config") // want `tainted data from os.Getenv reaches path sink`
	home, ok := os.LookupEnv("HOME")
	if ok {
		os.MkdirAll(strings.TrimSpace(home), 0o755) // want `tainted data from os.LookupEnv reaches path sink`
	}
}

// stderrThenTemp: printing untrusted data to os.Stderr does not taint
// other files (every *os.File comes from one allocation site in package
// os).
func stderrThenTemp() {
	fmt.Fprintf(os.Stderr, "bad value %q\n", os.Getenv("MODE"))
	f, err := os.CreateTemp("", "x")
	if err != nil {
		return
	}
	f.Close()
	os.Remove(f.Name())
}

func fromArgs() {
	if len(os.Args) > 1 {
		exec.Command(os.Args[1]).Run() // want `tainted data from os.Args reaches command sink`
	}
	exec.Command("ls", "-l").Run()
}

func serve() {
	ln, err := net.Listen("tcp", ":9000")
	if err != nil {
		return
	}
	for {
		conn, err := ln.Accept()
		if err != nil {
			return
		}
		go handle(conn)
	}
}

func handle(conn net.Conn) {
	defer conn.Close()
	buf := make([]byte, 512)
	n, _ := conn.Read(buf)
	line := strings.TrimSpace(string(buf[:n]))
	exec.Command("sh", "-c", line).Run() // want `tainted data from net.Conn.Read reaches command sink`
}

type job struct{ dir string }

// Flow-sensitive local memory: a load reads the function's own last
// store into an object that has not escaped, the tainted value and then
// the constant that overwrites it.
func memFlow() {
	j := &job{}
	j.dir = os.Getenv("JOB_DIR")
	os.Open(j.dir) // want `tainted data from os.Getenv reaches path sink`
	j.dir = "/var/jobs"
	os.Open(j.dir)
}
