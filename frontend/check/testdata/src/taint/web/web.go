// Package web holds the HTTP handlers of the taint test program: flows
// from requests to sinks, within a function and across functions,
// packages, closures, interfaces, goroutines and containers.
package web

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"html"
	"html/template"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"checktest/taint/store"
)

var db *sql.DB

// Register installs the handlers.
func Register(mux *http.ServeMux) {
	mux.HandleFunc("/direct", direct)
	mux.HandleFunc("/sprintf", sprintf)
	mux.HandleFunc("/helper", helper)
	mux.HandleFunc("/pkg", acrossPackages)
	mux.HandleFunc("/closure", closure)
	mux.HandleFunc("/iface", viaInterface)
	mux.HandleFunc("/chan", viaChannel)
	mux.HandleFunc("/field", viaField)
	mux.HandleFunc("/map", viaMap)
	mux.HandleFunc("/slice", viaSlice)
	mux.HandleFunc("/html", toHTML)
	mux.HandleFunc("/redirect", redirect)
	mux.HandleFunc("/body", body)
	mux.HandleFunc("/json", decode)
	mux.HandleFunc("/builder", builder)
	mux.HandleFunc("/header", header)
	mux.HandleFunc("/atoi", atoi)
	mux.HandleFunc("/escape", escape)
	mux.HandleFunc("/qescape", queryEscape)
	mux.HandleFunc("/base", base)
	mux.HandleFunc("/const", constant)
	mux.HandleFunc("/args", placeholder)
	mux.HandleFunc("/fields", otherField)
	mux.HandleFunc("/ctx", contexts)
	mux.HandleFunc("/lookup", byTypeOnly)
	mux.HandleFunc("/kinds", sanitizerKinds)
	mux.HandleFunc("/methodvalue", methodValue)
	mux.HandleFunc("/methodexpr", methodExpr)
	mux.HandleFunc("/defer", deferred)
	mux.HandleFunc("/ctx2", withContext)
	mux.HandleFunc("/buf", bufferInCallee)
	mux.HandleFunc("/generic", generic)
	mux.HandleFunc("/captured", captured)
	mux.HandleFunc("/validated", validated)
	mux.HandleFunc("/stdobj", stdObjects)
	mux.HandleFunc("/append", appended)
}

// True positives.

func direct(w http.ResponseWriter, r *http.Request) {
	q := r.FormValue("q")
	db.Query("SELECT * FROM t WHERE name = '" + q + "'") // want `tainted data from net/http.Request.FormValue reaches sql sink`
}

func sprintf(w http.ResponseWriter, r *http.Request) {
	q := fmt.Sprintf("SELECT * FROM t WHERE id = %s", r.URL.Query().Get("id"))
	db.Exec(q) // want `tainted data from net/http.Request.URL reaches sql sink`
}

func param(r *http.Request) string { return r.PostFormValue("p") }

func runQuery(q string) {
	db.QueryRow("SELECT " + q) // want `tainted data from net/http.Request.PostFormValue reaches sql sink`
}

func helper(w http.ResponseWriter, r *http.Request) {
	runQuery(param(r))
}

func acrossPackages(w http.ResponseWriter, r *http.Request) {
	store.Delete(db, r.FormValue("table"))
}

func closure(w http.ResponseWriter, r *http.Request) {
	name := r.FormValue("file")
	open := func() {
		os.Open(name) // want `tainted data from net/http.Request.FormValue reaches path sink`
	}
	open()
}

// Finder is called through an interface.
type Finder interface{ Find(key string) }

type sqlFinder struct{}

func (sqlFinder) Find(key string) {
	db.Query("SELECT v FROM kv WHERE k = '" + key + "'") // want `tainted data from net/http.Request.FormValue reaches sql sink`
}

var finder Finder = sqlFinder{}

func viaInterface(w http.ResponseWriter, r *http.Request) {
	finder.Find(r.FormValue("k"))
}

func viaChannel(w http.ResponseWriter, r *http.Request) {
	ch := make(chan string)
	go func() { ch <- r.FormValue("cmd") }()
	cmd := <-ch
	exec.Command(cmd).Run() // want `tainted data from net/http.Request.FormValue reaches command sink`
}

type request struct {
	Path string
	Mode string
}

func openPath(req *request) {
	os.ReadFile(req.Path) // want `tainted data from net/http.Request.FormValue reaches path sink`
}

func viaField(w http.ResponseWriter, r *http.Request) {
	req := &request{Path: r.FormValue("path"), Mode: "r"}
	openPath(req)
}

func viaMap(w http.ResponseWriter, r *http.Request) {
	m := map[string]string{}
	m["f"] = r.Header.Get("X-File")
	os.Create(m["f"]) // want `tainted data from net/http.Request.Header reaches path sink`
}

func viaSlice(w http.ResponseWriter, r *http.Request) {
	args := []string{"-c", r.FormValue("script")}
	exec.Command("sh", args...).Run() // want `tainted data from net/http.Request.FormValue reaches command sink`
}

func toHTML(w http.ResponseWriter, r *http.Request) {
	t := template.Must(template.New("x").Parse("{{.}}"))
	t.Execute(w, template.HTML(r.FormValue("msg"))) // want `tainted data from net/http.Request.FormValue reaches html sink`
}

func redirect(w http.ResponseWriter, r *http.Request) {
	http.Redirect(w, r, r.URL.Query().Get("next"), http.StatusFound) // want `tainted data from net/http.Request.URL reaches redirect sink`
}

func body(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	db.Exec(string(b)) // want `tainted data from net/http.Request.Body reaches sql sink`
}

type input struct {
	Query string
	Limit int
}

func decode(w http.ResponseWriter, r *http.Request) {
	var in input
	json.NewDecoder(r.Body).Decode(&in)
	db.Query(in.Query) // want `tainted data from net/http.Request.Body reaches sql sink`
}

func builder(w http.ResponseWriter, r *http.Request) {
	var sb strings.Builder
	sb.WriteString("DELETE FROM ")
	sb.WriteString(r.FormValue("t"))
	db.Exec(sb.String()) // want `tainted data from net/http.Request.FormValue reaches sql sink`
}

func header(w http.ResponseWriter, r *http.Request) {
	exec.Command("git", "log", r.Header.Get("X-Ref")).Run() // want `tainted data from net/http.Request.Header reaches command sink`
}

// True negatives.

func atoi(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.Atoi(r.FormValue("id"))
	if err != nil {
		return
	}
	db.Query(fmt.Sprintf("SELECT * FROM t WHERE id = %d", id))
}

func escape(w http.ResponseWriter, r *http.Request) {
	t := template.Must(template.New("x").Parse("{{.}}"))
	t.Execute(w, template.HTML("<b>"+html.EscapeString(r.FormValue("msg"))+"</b>"))
}

func queryEscape(w http.ResponseWriter, r *http.Request) {
	http.Redirect(w, r, "/search?q="+url.QueryEscape(r.FormValue("q")), http.StatusFound)
}

func base(w http.ResponseWriter, r *http.Request) {
	os.Open(filepath.Join("/srv/files", filepath.Base(r.FormValue("name"))))
}

func constant(w http.ResponseWriter, r *http.Request) {
	db.Query("SELECT count(*) FROM t")
}

func placeholder(w http.ResponseWriter, r *http.Request) {
	// The untrusted value is a query parameter, not the query.
	db.Query("SELECT * FROM t WHERE name = ?", r.FormValue("name"))
}

func otherField(w http.ResponseWriter, r *http.Request) {
	req := &request{Path: r.FormValue("path"), Mode: "r"}
	os.Open(req.Mode)
}

// identity is called with untrusted and with constant data: with call
// sites matched (context-sensitive flow) only the first call's result is
// untrusted.
func identity(s string) string { return s }

func contexts(w http.ResponseWriter, r *http.Request) {
	_ = identity(r.FormValue("x"))
	db.Query(identity("SELECT 1"))
}

// lookup builds a query from its argument, but no caller passes it
// untrusted data: a check that flags by type (a string built into a query)
// would report it.
func lookup(name string) {
	db.Query("SELECT * FROM users WHERE name = '" + name + "'")
}

func byTypeOnly(w http.ResponseWriter, r *http.Request) {
	lookup("admin")
}

// sanitizerKinds: a sanitizer cleans for its own kinds of sinks only.
func sanitizerKinds(w http.ResponseWriter, r *http.Request) {
	name := html.EscapeString(r.FormValue("name"))
	t := template.Must(template.New("x").Parse("{{.}}"))
	t.Execute(w, template.HTML("<b>"+name+"</b>"))
	db.Query("SELECT * FROM t WHERE name = '" + name + "'") // want `tainted data from net/http.Request.FormValue reaches sql sink`
	os.Open(url.PathEscape(r.FormValue("file")))            // want `reaches path sink`
}

func methodValue(w http.ResponseWriter, r *http.Request) {
	query := db.Query
	query("SELECT * FROM t WHERE a = '" + r.FormValue("a") + "'") // want `reaches sql sink database/sql.DB.Query \(argument 0\)`
	query("SELECT 1", r.FormValue("b"))
}

func methodExpr(w http.ResponseWriter, r *http.Request) {
	(*sql.DB).Exec(db, "DELETE FROM t WHERE a = '"+r.FormValue("a")+"'") // want `reaches sql sink database/sql.DB.Exec \(argument 0\)`
	(*sql.DB).Exec(db, "DELETE FROM t WHERE a = ?", r.FormValue("a"))
}

func deferred(w http.ResponseWriter, r *http.Request) {
	defer os.Remove(r.FormValue("tmp")) // want `reaches path sink os.Remove`
}

func withContext(w http.ResponseWriter, r *http.Request) {
	q := r.FormValue("q")
	db.QueryContext(r.Context(), "SELECT "+q) // want `reaches sql sink database/sql.DB.QueryContext \(argument 1\)`
	db.QueryContext(r.Context(), "SELECT ?", q)
}

// writeName fills a buffer it was given: the caller's buffer holds the
// untrusted name afterwards.
func writeName(b *bytes.Buffer, r *http.Request) { b.WriteString(r.FormValue("name")) }

func bufferInCallee(w http.ResponseWriter, r *http.Request) {
	var b bytes.Buffer
	b.WriteString("SELECT * FROM t WHERE n = '")
	writeName(&b, r)
	db.Query(b.String()) // want `reaches sql sink`
	var c bytes.Buffer
	c.WriteString("SELECT 1")
	db.Query(c.String())
}

func firstOf[T any](xs []T) T { return xs[0] }

func generic(w http.ResponseWriter, r *http.Request) {
	os.Open(firstOf([]string{r.FormValue("f"), "x"})) // want `reaches path sink`
	// A known false positive: the heap is context-insensitive, so xs[0]
	// in firstOf reads both calls' slices.
	os.Open(firstOf([]string{"a", "b"})) // want `reaches path sink`
}

func captured(w http.ResponseWriter, r *http.Request) {
	var q string
	run := func() { db.Exec(q) } // want `reaches sql sink`
	q = r.FormValue("q")
	run()
}

// validated: filepath.IsLocal vouches for a path where it returned true,
// and only for paths.
func validated(w http.ResponseWriter, r *http.Request) {
	name := r.FormValue("name")
	if filepath.IsLocal(name) {
		os.Open(filepath.Join("/srv", name))
	}
	os.Remove(name) // want `reaches path sink os.Remove`
	if !filepath.IsLocal(name) {
		return
	}
	os.ReadFile("/srv/" + name)
	db.Query("SELECT * FROM t WHERE n = '" + name + "'") // want `reaches sql sink`
}

// stdObjects: url.Parse allocates every URL at one site; a store into one
// must not taint the others.
func stdObjects(w http.ResponseWriter, r *http.Request) {
	u, _ := url.Parse("https://example.com/search")
	u.RawQuery = r.FormValue("q")
	http.Get(u.String()) // want `reaches ssrf sink net/http.Get`
	v, _ := url.Parse("https://example.com/other")
	http.Get(v.String())
}

func appended(w http.ResponseWriter, r *http.Request) {
	conds := []string{"a = 1"}
	conds = append(conds, "name = '"+r.FormValue("name")+"'")
	db.Query("SELECT * FROM t WHERE " + strings.Join(conds, " AND ")) // want `reaches sql sink`
}
