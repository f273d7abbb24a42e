// Package nogo holds one package per cflr analyzer, each exporting the
// variable Analyzer, the shape Bazel's rules_go nogo requires of the
// targets in a nogo rule's deps (its generated main imports each and
// reads .Analyzer):
//
//	github.com/cflr/cflr/frontend/check/vet/nogo/nilflow  (vet.NilFlow)
//	github.com/cflr/cflr/frontend/check/vet/nogo/taint    (vet.Taint)
//
// nogo, like go vet, analyzes one package per action and passes each
// package's analysis facts to the actions of the packages that import it,
// so cflr's function summaries travel between Bazel actions, and between
// machines under remote execution. See README.md, "Bazel (nogo)".
package nogo
