package check

import (
	"cmp"
	"go/token"
	"slices"
)

// Finding is one problem a check found.
type Finding struct {
	// Check is the name of the check that found it ("nilflow", "taint").
	Check string
	// Pos is the sink: where the bad thing happens.
	Pos token.Position
	// Func is the declared function or method whose body holds the sink
	// (ssa.Function's String form), for baselines and reports.
	Func string
	// Message says what happens there, in go vet's style.
	Message string
	// Witness is a shortest flow from the source (a nil, a source call) to
	// the sink, one step per program point.
	Witness []Step
	// Checked says that the witness's path conditions were checked for
	// satisfiability (nilflow's refutation, refute.go).
	Checked bool
}

// Step is one program point of a witness.
type Step struct {
	Pos  token.Position
	Desc string // "nil assigned to p", "passed to f as x", ...
}

// String formats the finding as go vet does: file:line:col: message.
func (f Finding) String() string { return f.Pos.String() + ": " + f.Message }

// sortFindings orders findings by file, line, column, check and message,
// and drops exact duplicates (same check, position and message: the first
// witness, which is the shortest one seen, is kept).
func sortFindings(fs []Finding) []Finding {
	slices.SortStableFunc(fs, compareFindings)
	return slices.CompactFunc(fs, func(a, b Finding) bool {
		return a.Check == b.Check && a.Pos == b.Pos && a.Message == b.Message
	})
}

func compareFindings(a, b Finding) int {
	return cmp.Or(
		cmp.Compare(a.Pos.Filename, b.Pos.Filename),
		cmp.Compare(a.Pos.Line, b.Pos.Line),
		cmp.Compare(a.Pos.Column, b.Pos.Column),
		cmp.Compare(a.Check, b.Check),
		cmp.Compare(a.Message, b.Message),
		cmp.Compare(len(a.Witness), len(b.Witness)),
	)
}
