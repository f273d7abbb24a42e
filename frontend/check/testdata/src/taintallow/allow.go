// Package taintallow holds allow-list fixes (casdoor's field filter):
// a match of a strict pattern, anchored at both ends and of letters,
// digits and underscores only, validates its argument for every sink;
// the patterns and uses that do not actually validate are reported.
package taintallow

import (
	"database/sql"
	"net/http"
	"os/exec"
	"regexp"
)

var (
	db      *sql.DB
	word    = regexp.MustCompile(`^[A-Za-z0-9_]+$`)
	field   *regexp.Regexp
	loose   = regexp.MustCompile(`[A-Za-z0-9_]+`)         // not anchored
	dotted  = regexp.MustCompile(`^[\w.]+$`)              // admits "."
	lines   = regexp.MustCompile(`(?m)^\w+$`)             // per line
	orders  = regexp.MustCompile(`^(asc|desc|ASC|DESC)$`) // words
	swapped = regexp.MustCompile(`^\w+$`)
)

func init() {
	field, _ = regexp.Compile(`^[A-Za-z0-9]+$`)
}

// filterField is the helper form: it validates its parameter.
func filterField(f string) bool { return field.MatchString(f) }

func fixed(w http.ResponseWriter, r *http.Request) {
	col := r.FormValue("sort")
	if !word.MatchString(col) {
		return
	}
	db.Query("SELECT * FROM t ORDER BY " + col)
	f := r.FormValue("field")
	if filterField(f) {
		db.Query("SELECT * FROM t WHERE " + f + " LIKE ?")
		exec.Command("sh", "-c", "grep "+f).Run()
	}
	if o := r.FormValue("order"); orders.MatchString(o) {
		db.Query("SELECT * FROM t ORDER BY id " + o)
	}
}

func notValidated(w http.ResponseWriter, r *http.Request) {
	col := r.FormValue("sort")
	db.Query("SELECT * FROM t ORDER BY " + col) // want `from net/http.Request.FormValue reaches sql sink database/sql.DB.Query`
	if !word.MatchString(col) {                 // checked after the use
		return
	}
	a := r.FormValue("a")
	word.MatchString(a)                 // result ignored
	db.Exec("DELETE FROM t WHERE " + a) // want `from net/http.Request.FormValue reaches sql sink database/sql.DB.Exec`
	if b := r.FormValue("b"); loose.MatchString(b) {
		db.QueryRow("SELECT " + b) // want `from net/http.Request.FormValue reaches sql sink database/sql.DB.QueryRow`
	}
	if c := r.FormValue("c"); dotted.MatchString(c) {
		exec.Command("cat", c).Run() // want `from net/http.Request.FormValue reaches command sink os/exec.Command`
	}
	if d := r.FormValue("d"); lines.MatchString(d) {
		db.Exec("DROP TABLE " + d) // want `from net/http.Request.FormValue reaches sql sink database/sql.DB.Exec`
	}
	if e := r.FormValue("e"); swapped.MatchString(e) {
		db.Exec("DROP TABLE " + e) // want `from net/http.Request.FormValue reaches sql sink database/sql.DB.Exec`
	}
	if f := r.FormValue("f"); !word.MatchString(f) {
		db.Exec("DROP TABLE " + f) // want `from net/http.Request.FormValue reaches sql sink database/sql.DB.Exec`
	}
}

// relax replaces a strict pattern at run time: it no longer vouches.
func relax() { swapped = regexp.MustCompile(`.*`) }
