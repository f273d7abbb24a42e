package taintvalid

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
)

var errBad = errors.New("bad")

func sprintf(format string, a ...any) string { return fmt.Sprintf(format, a...) }

// next is gophish's fix: a path of the same host.
func next(w http.ResponseWriter, r *http.Request) {
	u := r.URL
	http.Redirect(w, r, "/"+strings.TrimLeft(u.EscapedPath(), "/"), http.StatusFound)
	http.Redirect(w, r, "/"+strings.TrimLeft(r.FormValue("next"), "/"), http.StatusFound) // want `from net/http.Request.FormValue reaches redirect sink net/http.Redirect`
	http.Redirect(w, r, "/"+strings.TrimPrefix(u.EscapedPath(), "/"), http.StatusFound)   // want `reaches redirect sink net/http.Redirect`
	p := strings.TrimLeft(u.EscapedPath(), "/")
	http.Redirect(w, r, p, http.StatusFound) // want `reaches redirect sink net/http.Redirect`
}
