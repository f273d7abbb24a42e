// Package grammars holds the CFL grammars of the Go frontend, written in
// cflr's grammar language and embedded in the binary.
//
// pointsto.cfg is field-sensitive and context-insensitive; pointsto-ctx.cfg
// adds call-site parentheses (call_i/ret_i) on parameter passing and
// returns. Each file documents its edge labels and nonterminals.
package grammars

import (
	"embed"

	"github.com/cflr/cflr/grammar"
)

//go:embed *.cfg
var files embed.FS

// Source returns the text of the named grammar file.
func Source(name string) ([]byte, error) { return files.ReadFile(name) }

// Load parses and normalizes the named embedded grammar.
func Load(name string) (*grammar.Grammar, error) { return grammar.LoadFS(files, name) }

// Names lists the embedded grammars.
func Names() []string {
	ents, _ := files.ReadDir(".")
	var ns []string
	for _, e := range ents {
		ns = append(ns, e.Name())
	}
	return ns
}
