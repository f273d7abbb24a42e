// Package taintlibrary is checked in library mode (Config.Library): the
// string and []byte parameters of its exported API are untrusted.
package taintlibrary

import (
	"database/sql"
	"os/exec"
	"strconv"
)

type Name string

func Query(db *sql.DB, name Name) {
	db.Query("select " + string(name)) // want `tainted data from a parameter of an exported function reaches sql sink`
}

func Run(args ...string) {
	exec.Command("sh", args...).Run() // want `reaches command sink os/exec.Command`
}

// Limit's int is not text a caller chooses.
func Limit(db *sql.DB, n int) {
	db.Query("select 1 limit " + strconv.Itoa(n))
}

// unexported's parameters are not a source; its exported caller's are.
func unexported(db *sql.DB, q string) {
	db.Query(q) // want `reaches sql sink`
}

func Exported(db *sql.DB, q string) { unexported(db, q) }

type T struct{}

func (T) Open(p []byte) {
	exec.Command(string(p)).Run() // want `reaches command sink`
}

type t struct{}

// A method of an unexported type is not part of the API.
func (t) Open(p []byte) {
	exec.Command(string(p)).Run()
}

var _ = t{}
