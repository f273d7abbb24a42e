// Package taintvalid holds validating checks and helpers (taintvalid.go,
// taintshell.go, taintredirect.go): a path, a shell line or a redirect
// target found valid by a check of its own, directly or through a
// helper returning a bool or an error, is not reported on the branch
// where the check passed; the same checks used after the value, ignored,
// tested the other way round, of another value or bypassable still are.
package taintvalid

import (
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

// ensureBase is oras's fix: the target must lie below base.
func ensureBase(base, target string) (string, error) {
	rel, err := filepath.Rel(base, target)
	if err != nil {
		return "", err
	}
	clean := filepath.ToSlash(filepath.Clean(rel))
	if clean == ".." || strings.HasPrefix(clean, "../") {
		return "", fmt.Errorf("%q is outside of %q", target, base)
	}
	return rel, nil
}

// checkName reports a name with "..": an error helper.
func checkName(name string) error {
	if strings.Contains(name, "..") {
		return errors.New("bad name")
	}
	return nil
}

// local is a bool helper returning a test's own verdict.
func local(name string) bool { return !strings.Contains(name, "..") }

// isLocal wraps a helper: two calls deep.
func isLocal(name string) bool {
	if !local(name) {
		return false
	}
	return true
}

// badName returns true for a bad name: its false result validates.
func badName(name string) bool {
	if strings.Contains(name, "..") {
		return true
	}
	return false
}

func validated(w http.ResponseWriter, r *http.Request) error {
	dir := "/srv"
	a := r.FormValue("a")
	if _, err := ensureBase(dir, a); err != nil {
		return err
	}
	os.Open(filepath.Join(dir, a))

	b := r.FormValue("b")
	if err := checkName(b); err != nil {
		return err
	}
	os.Remove(filepath.Join(dir, b))

	c := r.FormValue("c")
	if isLocal(c) {
		os.Create(filepath.Join(dir, c))
	}

	d := r.FormValue("d")
	if badName(d) {
		return nil
	}
	os.Mkdir(filepath.Join(dir, d), 0o755)

	e := r.FormValue("e")
	rel, err := filepath.Rel(dir, e)
	if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return nil
	}
	os.RemoveAll(e)
	return nil
}

// notBase forgets the ".." case: Rel's result ".." passes HasPrefix("../").
func notBase(base, target string) error {
	rel, err := filepath.Rel(base, target)
	if err != nil {
		return err
	}
	if strings.HasPrefix(rel, "../") {
		return errors.New("outside")
	}
	return nil
}

// windowsOnly rejects only backslash traversal.
func windowsOnly(name string) error {
	if strings.Contains(name, `..\`) {
		return errors.New("bad name")
	}
	return nil
}

// sometimes lets the empty string through unchecked: not a validator of
// name for every success.
func sometimes(name, mode string) error {
	if mode == "trust" {
		return nil
	}
	return checkName(name)
}

// checkOther checks its other parameter.
func checkOther(name, other string) error {
	if strings.Contains(other, "..") {
		return errors.New("bad")
	}
	return nil
}

func notValidated(w http.ResponseWriter, r *http.Request) error {
	dir := "/srv"
	a := r.FormValue("a")
	os.Open(filepath.Join(dir, a))       // want `from net/http.Request.FormValue reaches path sink os.Open`
	if err := checkName(a); err != nil { // checked after the use
		return err
	}
	b := r.FormValue("b")
	checkName(b)                     // result ignored
	os.Remove(filepath.Join(dir, b)) // want `from net/http.Request.FormValue reaches path sink os.Remove`
	c := r.FormValue("c")
	if isLocal(c) {
		return nil
	}
	os.Create(filepath.Join(dir, c)) // want `from net/http.Request.FormValue reaches path sink os.Create`
	d := r.FormValue("d")
	if err := notBase(dir, d); err != nil {
		return err
	}
	os.Mkdir(filepath.Join(dir, d), 0o755) // want `from net/http.Request.FormValue reaches path sink os.Mkdir`
	e := r.FormValue("e")
	if err := windowsOnly(e); err != nil {
		return err
	}
	os.RemoveAll(filepath.Join(dir, e)) // want `from net/http.Request.FormValue reaches path sink os.RemoveAll`
	f := r.FormValue("f")
	if err := sometimes(f, r.FormValue("mode")); err != nil {
		return err
	}
	os.OpenFile(filepath.Join(dir, f), os.O_RDONLY, 0) // want `from net/http.Request.FormValue reaches path sink os.OpenFile`
	g, h := r.FormValue("g"), r.FormValue("h")
	if err := checkOther(g, h); err != nil {
		return err
	}
	os.ReadDir(filepath.Join(dir, g)) // want `from net/http.Request.FormValue reaches path sink os.ReadDir`
	i := r.FormValue("i")
	if err := checkName(i); err == nil { // the wrong branch
		return nil
	}
	os.ReadFile(filepath.Join(dir, i)) // want `from net/http.Request.FormValue reaches path sink os.ReadFile`
	j := r.FormValue("j")
	rel, _ := filepath.Rel(dir, j) // error ignored: rel is "" for an absolute j
	if strings.HasPrefix(rel, "..") {
		return nil
	}
	os.WriteFile(j, nil, 0o644) // want `from net/http.Request.FormValue reaches path sink os.WriteFile`
	return nil
}
