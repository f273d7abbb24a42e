// Command cflrlint is a small program with one nil flow and one taint
// flow, to try the cflr golangci-lint plugin on.
package main

import (
	"net/http"
	"os/exec"
)

type conn struct{ addr string }

func dial(addr string) *conn {
	if addr == "" {
		return nil
	}
	return &conn{addr: addr}
}

func handler(w http.ResponseWriter, r *http.Request) {
	exec.Command("sh", "-c", r.FormValue("cmd")).Run()
}

func main() {
	c := dial("")
	println(c.addr)
	http.HandleFunc("/", handler)
}
