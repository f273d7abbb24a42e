// Command cflr-vet runs cflr's nil-flow and taint checks under go vet:
//
//	go install github.com/cflr/cflr/cmd/cflr-vet
//	go vet -vettool=$(command -v cflr-vet) ./...
//
// It analyzes one package at a time, composing the summaries that the
// packages it imports export as facts; see package
// github.com/cflr/cflr/frontend/check/vet for what it finds and where it
// is less precise than the whole-program `cflr check`. Flags: -nilflow or
// -taint run one check only; -taint.config=cflr.yaml changes the taint
// models; -json prints findings (with their witness steps) as JSON.
package main

import (
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/cflr/cflr/frontend/check/vet"
)

func main() { unitchecker.Main(vet.NilFlow, vet.Taint) }
