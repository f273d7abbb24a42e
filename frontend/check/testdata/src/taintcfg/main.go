// Command taintcfg is checked with testdata/config/taintcfg.yaml: its own
// sources, sinks, sanitizer and propagator, and the built-in sinks
// replaced.
package main

import (
	"os"
	"strings"
)

// Input is a source (the configuration says so).
func Input() string { return "" }

// Buffer is filled by Fill, a source of its argument's content.
type Buffer struct {
	Data string
	Note string
}

func Fill(b *Buffer) {}

// Request has a source field.
type Request struct {
	Raw  string
	Safe string
}

// Shell runs commands; Run checks its receiver's Cmd and Exec its argument.
type Shell struct{ Cmd string }

func (s *Shell) Run() {}

func Exec(cmd string) {}

// Clean is a sanitizer: the configuration trusts it though its body
// returns its argument unchanged.
func Clean(s string) string { return s }

// Wrap is a propagator: its body returns a constant, but the
// configuration says its result carries its argument.
func Wrap(s string) string { return "wrapped" }

// Safe validates its argument (the configuration says so).
func Safe(s string) bool { return s == "ls" }

func main() {
	Exec(Input()) // want `tainted data from checktest/taintcfg.Input reaches shell sink checktest/taintcfg.Exec \(argument 0\)`
	Exec(Clean(Input()))
	Exec(Wrap(strings.ToUpper(Input()))) // want `tainted data from checktest/taintcfg.Input reaches shell sink`
	Exec(Wrap("ls"))

	var b Buffer
	Fill(&b)
	Exec(b.Data) // want `tainted data from checktest/taintcfg.Fill reaches shell sink`

	r := &Request{Raw: os.Args[0], Safe: "x"}
	Exec(r.Raw) // want `tainted data from (checktest/taintcfg.Request.Raw|os.Args) reaches shell sink`
	Exec(r.Safe)

	sh := &Shell{Cmd: os.Getenv("CMD")}
	sh.Run() // want `tainted data from os.Getenv reaches custom sink checktest/taintcfg.Shell.Run \(receiver\)`

	if in := Input(); Safe(in) {
		Exec(in)
	} else {
		Exec(in) // want `reaches shell sink`
	}

	// The built-in sinks are replaced: os.Open is not checked.
	os.Open(Input())
}
