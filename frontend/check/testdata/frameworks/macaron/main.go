// Command macaron is a macaron service: Context.Redirect is a redirect
// sink (macaron's body calls net/http.Redirect, which the check does not
// report outside the checked code); its Query and the request it embeds
// are read through bodies the check follows.
package main

import (
	"net/url"

	"gopkg.in/macaron.v1"
)

func main() {
	m := macaron.Classic()
	m.Get("/login", login)
	m.Get("/lang", lang)
	m.Run()
}

func login(ctx *macaron.Context) {
	next := ctx.Query("next")
	if u, err := url.Parse(next); err == nil && u.IsAbs() {
		ctx.Redirect("/")
	}
	ctx.Redirect(next) // want `tainted data from net/http.Request.Form reaches redirect sink gopkg.in/macaron.v1.Context.Redirect`
}

func lang(ctx *macaron.Context) {
	uri := ctx.Req.RequestURI
	ctx.Redirect("/?lang=" + url.QueryEscape(ctx.Query("lang"))) // escaped
	ctx.Redirect(uri)                                            // want `tainted data from net/http.Request.RequestURI reaches redirect sink gopkg.in/macaron.v1.Context.Redirect`
}
