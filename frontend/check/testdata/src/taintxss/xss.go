// Package taintxss holds reflected cross-site scripting through response
// bodies (taintxss.go): writes that send request data as HTML are
// reported, and beside each the shape that makes the same write safe
// (a declared non-HTML content type, JSON, escaping, a plain-text start,
// http.Error) stays silent, with the variants of that shape that are
// not safe reported.
package taintxss

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	htmltemplate "html/template"
	"io"
	"net/http"
	"os"
	"strings"
	"text/template"
)

// Reported: request data written into a body of no declared type.

func write(w http.ResponseWriter, r *http.Request) {
	w.Write([]byte(r.FormValue("q"))) // want `tainted data from net/http.Request.FormValue reaches html sink net/http.ResponseWriter.Write`
}

func fprintf(w http.ResponseWriter, r *http.Request) {
	fmt.Fprintf(w, "<h1>%s</h1>", r.FormValue("name")) // want `reaches html sink fmt.Fprintf`
}

func formatFirst(w http.ResponseWriter, r *http.Request) {
	fmt.Fprintf(w, "%s", r.FormValue("name")) // want `reaches html sink fmt.Fprintf`
}

func writeString(w http.ResponseWriter, r *http.Request) {
	io.WriteString(w, r.URL.Query().Get("q")) // want `reaches html sink io.WriteString`
}

func fprint(w http.ResponseWriter, r *http.Request) {
	fmt.Fprintln(w, r.Header.Get("X-Name")) // want `reaches html sink fmt.Fprintln`
}

func copyBody(w http.ResponseWriter, r *http.Request) {
	io.Copy(w, r.Body) // want `reaches html sink io.Copy`
}

// text/template escapes nothing, into the response or a buffer copied
// to it.
var page = template.Must(template.New("p").Parse(`<p>{{.}}</p>`))

func textTemplate(w http.ResponseWriter, r *http.Request) {
	page.Execute(w, r.FormValue("msg")) // want `reaches html sink text/template.Template.Execute`
}

func textTemplateBuffered(w http.ResponseWriter, r *http.Request) {
	var buf bytes.Buffer
	page.Execute(&buf, r.FormValue("msg"))
	io.Copy(w, &buf) // want `reaches html sink io.Copy`
}

// A declared HTML type, or one the check cannot read (from the request,
// from the data), is no protection.
func htmlType(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write([]byte(r.FormValue("q"))) // want `reaches html sink net/http.ResponseWriter.Write`
}

func chosenType(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", r.FormValue("type"))
	w.Write([]byte(r.FormValue("q"))) // want `reaches html sink net/http.ResponseWriter.Write`
}

func oneBranchHTML(w http.ResponseWriter, r *http.Request, asHTML bool) {
	if asHTML {
		w.Header().Set("Content-Type", "text/html")
	} else {
		w.Header().Set("Content-Type", "text/plain")
	}
	w.Write([]byte(r.FormValue("q"))) // want `reaches html sink net/http.ResponseWriter.Write`
}

// A plain-text start after an HTML one: the first write decides.
func plainAfterHTML(w http.ResponseWriter, r *http.Request) {
	io.WriteString(w, "<html><body>")
	fmt.Fprintf(w, "Hello %s", r.FormValue("name")) // want `reaches html sink fmt.Fprintf`
}

// Through a closure of the handler.
func inClosure(w http.ResponseWriter, r *http.Request) {
	send := func(s string) { io.WriteString(w, s) } // want `reaches html sink io.WriteString`
	send(r.FormValue("q"))
}

// Silent: the same writes, made safe.

func jsonType(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Write([]byte(`{"q":"` + r.FormValue("q") + `"}`))
}

func plainTypeInClosure(w http.ResponseWriter, r *http.Request) {
	w.Header().Add("content-type", "text/plain")
	func() { fmt.Fprint(w, r.FormValue("q")) }()
}

func marshalled(w http.ResponseWriter, r *http.Request) {
	b, _ := json.Marshal(map[string]string{"q": r.FormValue("q")})
	w.Write(b)
}

func escaped(w http.ResponseWriter, r *http.Request) {
	fmt.Fprintf(w, "<h1>%s</h1>", html.EscapeString(r.FormValue("name")))
}

func plainStart(w http.ResponseWriter, r *http.Request) {
	fmt.Fprintf(w, "Hello, %s!", r.FormValue("name"))
}

func plainConcat(w http.ResponseWriter, r *http.Request) {
	w.Write([]byte("error: " + r.FormValue("q")))
}

func errorPage(w http.ResponseWriter, r *http.Request) {
	http.Error(w, "bad name "+r.FormValue("name"), http.StatusBadRequest)
}

func htmlTemplate(w http.ResponseWriter, r *http.Request) {
	t := htmltemplate.Must(htmltemplate.New("p").Parse(`<p>{{.}}</p>`))
	t.Execute(w, r.FormValue("msg"))
}

// Writers that are not responses: a file, a buffer, standard output.
func notResponse(r *http.Request, f *os.File) string {
	fmt.Fprintf(f, "<b>%s</b>", r.FormValue("q"))
	fmt.Fprintln(os.Stdout, r.FormValue("q"))
	var sb strings.Builder
	io.WriteString(&sb, r.FormValue("q"))
	return sb.String()
}

// A ResponseWriter wrapper's Write passes on what its callers write.
type countingWriter struct {
	http.ResponseWriter
	n int
}

func (c *countingWriter) Write(b []byte) (int, error) {
	c.n += len(b)
	return c.ResponseWriter.Write(b)
}

func throughWrapper(w http.ResponseWriter, r *http.Request) {
	var cw http.ResponseWriter = &countingWriter{ResponseWriter: w}
	cw.Write([]byte(r.FormValue("q"))) // want `reaches html sink net/http.ResponseWriter.Write`
}

// Trusted data: constants and the handler's own values.
func trusted(w http.ResponseWriter, r *http.Request) {
	w.Write([]byte("<p>ok</p>"))
	fmt.Fprintf(w, "<p>%d</p>", len(r.FormValue("q")))
}
