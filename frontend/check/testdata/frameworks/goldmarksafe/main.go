// Command goldmarksafe renders request data with goldmark's default
// renderer, which replaces raw HTML with a comment: no html sink (the
// markdown program, which calls html.WithUnsafe, has one).
package main

import (
	"bytes"
	"net/http"

	"github.com/yuin/goldmark"
)

var rendered string

func main() {
	http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		var buf bytes.Buffer
		goldmark.New().Convert([]byte(r.FormValue("md")), &buf)
		goldmark.Convert([]byte(r.FormValue("md")), &buf)
		rendered = buf.String()
	})
	http.ListenAndServe(":8080", nil)
}
