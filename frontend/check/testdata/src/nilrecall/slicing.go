// Package nilrecall: nil sources and sinks added for recall (issue 18):
// slicing a nil slice, an index of a load that reads only a nil, and a
// pointer dereferenced unguarded where its function compares it with nil.
package nilrecall

// Slicing a nil slice past length 0 panics (slice bounds out of range);
// bounds that are 0 on a nil slice do not.

func sliceNilPastZero(n int) []byte {
	var buf []byte
	return buf[:n] // want `buf may be nil at slicing of buf past its length 0`
}

func sliceNilConst() []int {
	var s []int
	return s[1:3] // want `s may be nil at slicing of s past its length 0`
}

func sliceNilZero(n int) ([]int, []int, []int, []int) {
	var s []int
	return s[:0], s[:len(s)], s[0:min(n, len(s))], s[:max(len(s), cap(s))]
}

func sliceAfterMake(n int) []byte {
	var buf []byte
	if n > 0 {
		buf = make([]byte, n)
	}
	return buf[:n] // the nil is not definite: no report
}

var table []int

// A package variable set to nil, then indexed with nothing between: local
// memory says the load reads that nil only.
func resetThenIndex() int {
	table = nil
	return table[0] // want `table may be nil at index of table\[…\]`
}

// True negative: a call between may set it again.
func resetCallIndex(refill func()) int {
	table = nil
	refill()
	return table[0]
}
