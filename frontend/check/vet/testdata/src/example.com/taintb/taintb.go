// Package taintb uses tainta's functions across the package boundary.
package taintb

import (
	"database/sql"
	"html/template"
	"net/http"
	"os"

	"example.com/tainta"
)

func handler(w http.ResponseWriter, r *http.Request) {
	tainta.Run(tainta.Query(r)) // want `tainted data from net/http.Request.URL reaches command sink call of Run, which reaches os/exec.Command \(argument 1\): taintb.go:\d+:\d+ untrusted data returned by Query \(tainta.go:\d+:\d+ untrusted data from net/http.Request.URL → .*\) → .* → tainta.go:\d+:\d+ parameter cmd → .* → tainta.go:\d+:\d+ reaches os/exec.Command \(argument 1\)`
}

func wrapped(r *http.Request) {
	os.Open(tainta.Wrap(r.FormValue("f"))) // want `reaches path sink`
}

func number(r *http.Request) {
	os.Open(tainta.Number(r.FormValue("f")))
}

func home() {
	tainta.Run(tainta.Home()) // want `tainted data from os.Getenv reaches command sink`
}

func constant() {
	tainta.Run("ls")
}

// escaped: Escape cleans for HTML, not for SQL.
func escaped(db *sql.DB, r *http.Request) template.HTML {
	db.Query(tainta.Escape(r.FormValue("q"))) // want `reaches sql sink`
	return template.HTML(tainta.Escape(r.FormValue("b")))
}
