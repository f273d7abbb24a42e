package check

import "testing"

// TestTaintStdHeap checks the rules for the heap the standard library's
// bodies share between their callers (taintstdheap.go,
// testdata/src/taintstdheap): a store into one strings.Split or
// strings.Fields result does not reach another caller's, nor a buffer
// read through os.ReadFile's result a connection's scratch buffer that
// slices.Grow also returned; the same calls' true flows (a value stored
// or appended into the caller's own result, a buffer read where it was
// received, also through slices.Grow) are still reported.
func TestTaintStdHeap(t *testing.T) {
	fs, _ := runCheck(t, &Config{Checks: []string{"taint"}, Context: true}, "taintstdheap")
	expect(t, fs, "taintstdheap")
}
