// Package app uses lib across the package boundary.
package app

import (
	"net/http"

	"vetmod/lib"
)

func Addr() string {
	c, _ := lib.Dial("")
	return c.Addr
}

func Handler(w http.ResponseWriter, r *http.Request) {
	lib.Run(r.FormValue("cmd"))
}
