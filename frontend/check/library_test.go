package check

import "testing"

// TestTaintLibrary: in library mode the exported API's string and []byte
// parameters are sources (testdata/src/taintlibrary); without it the
// package has no source and no finding.
func TestTaintLibrary(t *testing.T) {
	fs, _ := runCheck(t, &Config{Checks: []string{"taint"}, Context: true, Library: true}, "taintlibrary")
	expect(t, fs, "taintlibrary")
	fs, _ = runCheck(t, &Config{Checks: []string{"taint"}, Context: true}, "taintlibrary")
	if len(fs) != 0 {
		t.Errorf("without Library: %d findings, want 0", len(fs))
	}
}
