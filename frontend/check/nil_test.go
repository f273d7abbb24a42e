package check

import "testing"

// nilPkgs are the nilflow testdata packages, each with // want comments.
var nilPkgs = []string{"nilbasic", "nilflow/..."}

func TestNilWant(t *testing.T) {
	for _, pkg := range nilPkgs {
		t.Run(pkg, func(t *testing.T) {
			fs, _ := runCheck(t, &Config{Checks: []string{"nilflow"}, Context: true}, pkg)
			expect(t, fs, pkg)
		})
	}
}
