// Package taint exports cflr's taint analyzer (vet.Taint) as Analyzer,
// for Bazel's rules_go nogo.
package taint

import "github.com/cflr/cflr/frontend/check/vet"

// Analyzer is vet.Taint.
var Analyzer = vet.Taint
