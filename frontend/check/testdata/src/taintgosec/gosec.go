// Package taintgosec holds the cases on which cflr's taint check and
// gosec's taint rules (G701-G706, gosec v2.30.0) differ, written after
// the patterns of gosec's own samples. Its functions are roots (a library
// package), so their parameters hold whatever callers pass.
package taintgosec

import (
	"database/sql"
	"fmt"
	"log"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"unsafe"
)

// gosec reports these; so does cflr.

func sqlAfterQueryEscape(db *sql.DB, r *http.Request) {
	// URL escaping is no SQL sanitizer.
	v := url.QueryEscape(r.FormValue("v"))
	db.Query("SELECT * FROM t WHERE v = '" + v + "'") // want `reaches sql sink`
}

func throughUnsafe(db *sql.DB, r *http.Request) {
	b := []byte(r.FormValue("data"))
	s := *(*string)(unsafe.Pointer(&b[0]))
	db.Query("SELECT * FROM t WHERE d = '" + s + "'") // want `reaches sql sink`
}

func escapedAndBack(r *http.Request) {
	p, _ := url.PathUnescape(url.PathEscape(r.URL.Query().Get("file")))
	os.Open(p) // want `reaches path sink`
}

func serveFS(w http.ResponseWriter, r *http.Request) {
	http.ServeFileFS(w, r, os.DirFS("."), r.FormValue("name")) // want `reaches path sink net/http.ServeFileFS \(argument 3\)`
}

// gosec misses these (its samples document them as limitations); cflr
// reports them.

func lookup(m map[string]string, k string) string { return m[k] }

func viaMapHelper(db *sql.DB, r *http.Request) {
	m := map[string]string{"user": r.FormValue("k"), "admin": "x"}
	db.Query("SELECT * FROM t WHERE id = '" + lookup(m, "user") + "'") // want `reaches sql sink`
}

type inner struct{ V string }
type outer struct{ In *inner }

func viaNestedPointers(db *sql.DB, r *http.Request) {
	o := &outer{In: &inner{V: r.FormValue("v")}}
	db.Query(o.In.V) // want `reaches sql sink`
}

var build func(string) string

func init() {
	build = func(s string) string { return "SELECT * FROM t WHERE n = '" + s + "'" }
}

func viaFuncVariable(db *sql.DB, r *http.Request) {
	db.Query(build(r.FormValue("n"))) // want `reaches sql sink`
}

type executor interface{ Exec(db *sql.DB, q string) }
type simple struct{}

func (simple) Exec(db *sql.DB, q string) {
	db.Exec(q) // want `reaches sql sink`
}

func viaInterface(db *sql.DB, r *http.Request) {
	var e executor = simple{}
	e.Exec(db, "DELETE FROM t WHERE id = "+r.FormValue("id"))
}

// gosec reports these; cflr does not, by design.

func numberFormatted(db *sql.DB, r *http.Request) {
	// A number parsed from the input carries no taint (gosec: G701).
	id, err := strconv.Atoi(r.FormValue("id"))
	if err == nil {
		db.Query("SELECT * FROM t WHERE id = " + strconv.Itoa(id))
	}
}

func responseWrite(w http.ResponseWriter, r *http.Request) {
	// Writes to a ResponseWriter are not built-in sinks (gosec: G705):
	// most handlers that echo input write JSON or text.
	fmt.Fprintf(w, "<h1>%s</h1>", r.FormValue("name"))
	w.Write([]byte(r.FormValue("data")))
}

func logged(r *http.Request) {
	// Logs are not built-in sinks (gosec: G706).
	log.Printf("user %s", r.FormValue("user"))
}
