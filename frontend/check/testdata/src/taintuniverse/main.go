// Package main calls the universe's error.Error through an interface no
// value reaches: the call has no callee, and Error has no package (the
// taint check once panicked there, on a language server and on a gin +
// gorm service).
package main

import (
	"fmt"
	"net/http"
	"os"
)

func describe(err error) string { return err.Error() } // want "err may be nil interface at method call err.Error\\(\\)"

func handler(w http.ResponseWriter, r *http.Request) {
	var err error
	w.Header().Set("Content-Type", "text/plain") // (no html sink: taintxss)
	fmt.Fprintln(w, describe(err), r.FormValue("q"))
}

func main() {
	http.HandleFunc("/", handler)
	if len(os.Args) > 3 {
		fmt.Println(describe(nil))
	}
}
