// Package taintcases holds Taint's single-package cases.
package taintcases

import (
	"database/sql"
	"html/template"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

var db *sql.DB

func direct(w http.ResponseWriter, r *http.Request) {
	q := r.FormValue("q")
	db.Query("SELECT * FROM t WHERE name = '" + q + "'") // want `tainted data from net/http.Request.FormValue reaches sql sink database/sql.DB.Query \(argument 0\): taintcases.go:\d+:\d+ untrusted data from net/http.Request.FormValue → .* reaches database/sql.DB.Query \(argument 0\)`
}

func sanitized(w http.ResponseWriter, r *http.Request) {
	n, _ := strconv.Atoi(r.FormValue("n"))
	db.Query("SELECT * FROM t LIMIT " + strconv.Itoa(n))
}

func env() {
	exec.Command(os.Getenv("EDITOR")) // want `tainted data from os.Getenv reaches command sink`
}

func args() {
	exec.Command("ls", os.Args[1:]...) // want `tainted data from os.Args reaches command sink`
}

func pathBase(r *http.Request) {
	os.Open(filepath.Base(r.URL.Path))
}

func path(r *http.Request) {
	os.Open("/srv/" + r.URL.Path) // want `tainted data from net/http.Request.URL reaches path sink`
}

func run(cmd string) {
	exec.Command("sh", "-c", cmd) // want `tainted data from os.Getenv reaches command sink os/exec.Command \(argument 1\): .*taintcases.go:\d+:\d+ passed to example.com/taintcases.run as cmd`
}

func crossFunction() { run(os.Getenv("CMD")) }

func constantOnly() { run("ls") }

type req struct{ name string }

func field(r *http.Request) {
	x := &req{name: r.FormValue("name")}
	db.Exec("DELETE FROM t WHERE n = " + x.name) // want `reaches sql sink`
}

func slice(r *http.Request) {
	parts := []string{"SELECT", r.FormValue("col"), "FROM t"}
	db.Query(strings.Join(parts, " ")) // want `reaches sql sink`
}

func maps(r *http.Request) {
	m := map[string]string{}
	m["p"] = r.Header.Get("X-Path")
	os.ReadFile(m["p"]) // want `reaches path sink`
}

func channel(r *http.Request) {
	ch := make(chan string, 1)
	go func() { ch <- r.FormValue("u") }()
	http.Get(<-ch) // want `reaches ssrf sink`
}

func closure(r *http.Request) {
	u := r.FormValue("next")
	f := func(w http.ResponseWriter) {
		http.Redirect(w, r, u, http.StatusFound) // want `reaches redirect sink`
	}
	f(nil)
}

func html(r *http.Request) template.HTML {
	return template.HTML(r.FormValue("body")) // want `reaches html sink`
}

func conn(c net.Conn) {
	buf := make([]byte, 64)
	c.Read(buf)
	os.Remove(string(buf)) // want `tainted data from net.Conn.Read reaches path sink`
}

type store interface{ Get(string) string }

func iface(s store, r *http.Request) {
	os.Open(s.Get(r.FormValue("k"))) // want `reaches path sink`
}

func suppressed(r *http.Request) {
	//cflr:ignore taint reviewed
	os.Open(r.FormValue("f"))
}
