// Package real holds the taint cases behind the differences between cflr
// and gosec (G701–G706) on real modules (CHECKS.md), cut down to a few
// lines each. Where cflr is wrong the want says so: a known false
// positive is expected here until the model is fixed, and a known miss
// is marked in a comment (any finding there fails the test).
package real

import (
	"html/template"
	"log"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
)

// x/tools cmd/present's dirHandler: the request path names a file. Both
// tools report the open (gosec G703).
func serveFile(w http.ResponseWriter, r *http.Request) {
	name := filepath.Join("/srv", r.URL.Path)
	f, err := os.Open(name) // want `tainted data from net/http.Request.URL reaches path sink os.Open`
	if err != nil {
		// gosec G706 reports this line (log injection: the error holds
		// the request path). Known miss: cflr has no log sinks by
		// default, and a library call's error result carries no taint,
		// so even a configured log.Printf sink does not see it.
		log.Printf("open: %v", err)
		return
	}
	f.Close()
}

// present's .html directive: a file chosen by the request path is read
// and its contents trusted as HTML. gosec does not follow the flow
// across packages; cflr reports the read, rightly by its model, and not
// the conversion: the bytes are the server's file, not the requester's
// data (a sink's results do not carry its arguments' taint). Under the
// cli profile, which TestTaintWant uses, files read are untrusted: there
// the conversion is reported, with the file as its source.
func includeHTML(r *http.Request) template.HTML {
	b, err := os.ReadFile(filepath.Join("/srv", filepath.Dir(r.URL.Path), "inc.html")) // want `tainted data from net/http.Request.URL reaches path sink os.ReadFile`
	if err != nil {
		return ""
	}
	return template.HTML(b) // want `tainted data from os.ReadFile reaches html sink html/template.HTML`
}

// pebble's vfs.PathJoin: a variadic helper shared by every caller. A
// variadic call stores its arguments in an array on the heap, whose
// cells are context-insensitive; the taint check passes them on as the
// slice's value instead, so that the tainted element one caller passes
// returns to that caller only.
func join(elem ...string) string { return filepath.Join(elem...) }

func FromArgs() {
	os.Open(join(os.Args[1], "data")) // want `tainted data from os.Args reaches path sink os.Open`
}

func Fixed() {
	os.Remove(join("/tmp", "lock"))
}

// miniflux's urlcleaner: a URL parsed from request data is changed in
// place (u.RawQuery = …). Every *url.URL comes from one allocation site
// in net/url, and heap objects are context-insensitive; the taint check
// therefore puts a store into an object the standard library allocated
// on the pointer stored through, not the shared object, so a URL parsed
// elsewhere from a constant is not reported (miniflux's rssbridge
// request).
func CleanURL(r *http.Request) string {
	u, err := url.Parse(r.FormValue("u"))
	if err != nil {
		return ""
	}
	u.RawQuery = u.Query().Encode()
	return u.Host
}

func FetchFixed() {
	u, err := url.Parse("https://example.com/feed")
	if err != nil {
		return
	}
	http.Get(u.String())
}
