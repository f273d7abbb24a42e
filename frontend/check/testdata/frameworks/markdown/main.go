// Command markdown renders request data as markdown: blackfriday (v1,
// v2) and gomarkdown pass raw HTML through by default, and goldmark does
// with html.WithUnsafe, so each renderer's call is an html sink, silent
// where the function passes the output through bluemonday or an escaper
// (the fixes of such advisories), and where the input was sanitized.
package main

import (
	"bytes"
	"html"
	"net/http"

	"github.com/gomarkdown/markdown"
	"github.com/microcosm-cc/bluemonday"
	bfv1 "github.com/russross/blackfriday"
	"github.com/russross/blackfriday/v2"
	"github.com/yuin/goldmark"
	goldhtml "github.com/yuin/goldmark/renderer/html"
)

var unsafeMD = goldmark.New(goldmark.WithRendererOptions(goldhtml.WithUnsafe()))

var store = map[string]string{}

func main() {
	http.HandleFunc("/bf", bf)
	http.HandleFunc("/bf1", bf1)
	http.HandleFunc("/gm", gm)
	http.HandleFunc("/gold", gold)
	http.HandleFunc("/safe", safe)
	http.HandleFunc("/half", half)
	http.ListenAndServe(":8080", nil)
}

func bf(w http.ResponseWriter, r *http.Request) {
	store["bf"] = string(blackfriday.Run([]byte(r.FormValue("md")))) // want `tainted data from net/http.Request.FormValue reaches html sink github.com/russross/blackfriday/v2.Run`
}

func bf1(w http.ResponseWriter, r *http.Request) {
	store["bf1"] = string(bfv1.MarkdownCommon([]byte(r.FormValue("md")))) // want `reaches html sink github.com/russross/blackfriday.MarkdownCommon`
}

func gm(w http.ResponseWriter, r *http.Request) {
	store["gm"] = string(markdown.ToHTML([]byte(r.FormValue("md")), nil, nil)) // want `reaches html sink github.com/gomarkdown/markdown.ToHTML`
}

func gold(w http.ResponseWriter, r *http.Request) {
	var buf bytes.Buffer
	unsafeMD.Convert([]byte(r.FormValue("md")), &buf) // want `reaches html sink github.com/yuin/goldmark.Markdown.Convert`
	store["gold"] = buf.String()
}

// The same renderers, their output sanitized (or their input escaped).
func safe(w http.ResponseWriter, r *http.Request) {
	md := []byte(r.FormValue("md"))
	out := blackfriday.Run(md)
	store["a"] = string(bluemonday.UGCPolicy().SanitizeBytes(out))

	s := string(markdown.ToHTML(md, nil, nil))
	store["b"] = bluemonday.UGCPolicy().Sanitize(s)

	var buf bytes.Buffer
	unsafeMD.Convert(md, &buf)
	clean := bluemonday.StrictPolicy().SanitizeReader(&buf)
	store["c"] = clean.String()

	store["d"] = string(bfv1.MarkdownBasic([]byte(html.EscapeString(r.FormValue("md")))))
}

// Sanitized on one path only: the raw output leaves on the other.
func half(w http.ResponseWriter, r *http.Request) {
	out := blackfriday.Run([]byte(r.FormValue("md"))) // want `reaches html sink github.com/russross/blackfriday/v2.Run`
	if r.FormValue("strict") != "" {
		out = bluemonday.UGCPolicy().SanitizeBytes(out)
	}
	store["half"] = string(out)
}
