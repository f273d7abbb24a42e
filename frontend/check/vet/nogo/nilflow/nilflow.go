// Package nilflow exports cflr's nil-flow analyzer (vet.NilFlow) as
// Analyzer, for Bazel's rules_go nogo.
package nilflow

import "github.com/cflr/cflr/frontend/check/vet"

// Analyzer is vet.NilFlow.
var Analyzer = vet.NilFlow
