package check

import "testing"

// TestTaintWant runs the taint check on testdata/src/taint, a program
// whose handlers cover sources, sinks, sanitizers and flows across
// functions, packages, closures, interfaces, goroutines, struct fields,
// maps and slices; each finding must match a // want comment.
func TestTaintWant(t *testing.T) {
	fs, _ := runCheck(t, &Config{Checks: []string{"taint"}, Context: true}, "taint/...")
	expect(t, fs, "taint")
}
