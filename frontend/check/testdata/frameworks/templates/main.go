// Command templates marks request data as safe HTML in pongo2 and templ,
// whose escaping it then bypasses.
package main

import (
	"net/http"

	"github.com/a-h/templ"
	"github.com/flosch/pongo2/v4"
)

var page = pongo2.Must(pongo2.FromString("<p>{{ msg }}</p>"))

func main() {
	http.HandleFunc("/pongo", pongo)
	http.HandleFunc("/templ", templPage)
	http.ListenAndServe(":8080", nil)
}

func pongo(w http.ResponseWriter, r *http.Request) {
	msg := r.FormValue("msg")
	page.ExecuteWriter(pongo2.Context{"msg": pongo2.AsSafeValue(msg)}, w) // want `tainted data from net/http.Request.FormValue reaches html sink github.com/flosch/pongo2/v4.AsSafeValue`
	page.ExecuteWriter(pongo2.Context{"msg": msg}, w)                     // escaped by the template
	page.ExecuteWriter(pongo2.Context{"msg": pongo2.AsValue(msg)}, w)
}

func templPage(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	templ.Raw("<p>"+r.FormValue("msg")+"</p>").Render(ctx, w) // want `tainted data from net/http.Request.FormValue reaches html sink github.com/a-h/templ.Raw`
	templ.Raw("<hr>").Render(ctx, w)
	u := templ.SafeURL(r.FormValue("next")) // want `tainted data from net/http.Request.FormValue reaches html sink github.com/a-h/templ.SafeURL`
	_ = u
	_ = templ.URL(r.FormValue("next")) // templ.URL sanitizes the scheme
}
