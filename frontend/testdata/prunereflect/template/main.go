// Package main exercises Config.Prune's reflection rule for text/template:
// it calls, by names read at run time, the exported methods of the types
// converted to interfaces that have one result, or a result and an error
// (any other shape fails before the call). Each method declaration says
// "// kept" or "// dropped".
package main

import (
	"os"
	"text/template"
)

// page is the data of a template.
type page struct{ title string }

func (p page) Title() string { return p.title } // kept (one result)

func (p page) Glimpse() (string, error) { return p.title, nil } // kept (a result and an error)

func (p page) Wipe() {} // dropped (no result: text/template cannot call it)

func (p page) Twin() (int, int) { return 1, 2 } // dropped (text/template cannot call it)

func (p page) hidden() string { return p.title } // dropped (unexported)

func main() { // kept
	t := template.Must(template.New("p").Parse(os.Args[1]))
	t.Execute(os.Stdout, page{"x"})
}
