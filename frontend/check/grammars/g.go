// Package grammars holds the CFL grammars of the Go checkers (package
// frontend/check), written in cflr's grammar language and embedded in the
// binary. Each file documents its edge labels (the value-flow graph's, see
// check.FlowGraph) and nonterminals.
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
