// Package taintfix holds the shapes of the fixes of real path traversal
// and argument injection advisories (bench/vulndb-2026-12-07/GONE.md):
// each fixed function must stay silent, and the variant beside it that
// the fix's shape does not cover must be reported.
package taintfix

import (
	"archive/tar"
	"archive/zip"
	"errors"
	"net/http"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
)

// The vulnerable extractor.
func extract(r *zip.Reader, dir string) {
	for _, f := range r.File {
		p := filepath.Join(dir, f.Name)
		os.MkdirAll(filepath.Dir(p), 0o755) // want `from archive/zip.FileHeader.Name reaches path sink os.MkdirAll`
		os.Create(p)                        // want `from archive/zip.FileHeader.Name reaches path sink os.Create`
	}
}

// A rooted clean joined below the directory (echo, claircore, cae).
func rootedClean(r *zip.Reader, dir string) {
	for _, f := range r.File {
		os.Create(filepath.Join(dir, filepath.Clean("/"+f.Name)))
	}
}

func rootedJoin(tr *tar.Reader, dir string) {
	h, _ := tr.Next()
	os.Create(filepath.Join(dir, filepath.Join("/", h.Name)))
}

func rootedTrim(tr *tar.Reader, dir string) {
	h, _ := tr.Next()
	rel := strings.Trim(path.Clean("/"+h.Name), "/")
	os.Create(dir + "/" + rel)
}

// A rooted clean used on its own names any file; a join below a
// directory that is not the root climbs out of it.
func rootedAlone(r *zip.Reader) {
	for _, f := range r.File {
		os.Create(filepath.Clean("/" + f.Name))              // want `from archive/zip.FileHeader.Name reaches path sink os.Create`
		os.Create(filepath.Join("/srv", f.Name))             // want `from archive/zip.FileHeader.Name reaches path sink os.Create`
		os.Create(filepath.Join("/srv", path.Clean(f.Name))) // want `from archive/zip.FileHeader.Name reaches path sink os.Create`
	}
}

// A name holding ".." rejected (gookit/goutil).
func rejectDots(r *zip.Reader, dir string) error {
	for _, f := range r.File {
		if strings.Contains(f.Name, "..") {
			return errors.New("illegal file path")
		}
		os.Create(filepath.Join(dir, f.Name))
	}
	return nil
}

// The test the other way round: where the name holds "..".
func acceptDots(r *zip.Reader, dir string) {
	for _, f := range r.File {
		if strings.Contains(f.Name, "..") {
			os.Create(filepath.Join(dir, f.Name)) // want `from archive/zip.FileHeader.Name reaches path sink os.Create`
		}
	}
}

// filepath.Rel and a test for a leading ".." (oras).
func relCheck(r *zip.Reader, dir, prefix string) error {
	for _, f := range r.File {
		rel, err := filepath.Rel(prefix, f.Name)
		if err != nil {
			return err
		}
		if rel == ".." || strings.HasPrefix(rel, "../") {
			return errors.New("outside")
		}
		os.Create(filepath.Join(dir, rel))
	}
	return nil
}

// A prefix test for "../" is no validator where it holds, nor of a name
// that is not cleaned ("a/../../x" has no such prefix).
func relWrong(r *zip.Reader, dir string) {
	for _, f := range r.File {
		if strings.HasPrefix(f.Name, "../") {
			os.Create(f.Name) // want `from archive/zip.FileHeader.Name reaches path sink os.Create`
			continue
		}
		os.Create(filepath.Join(dir, f.Name)) // want `from archive/zip.FileHeader.Name reaches path sink os.Create`
	}
}

// The cleaned path tested, the path itself used (hashicorp/go-slug).
func cleanedPrefix(tr *tar.Reader, dst string) error {
	h, _ := tr.Next()
	p := filepath.Join(dst, h.Name)
	target := filepath.Clean(p)
	if !strings.HasPrefix(target, dst) {
		return errors.New("traversal")
	}
	os.Create(p)
	return nil
}

// The name cleaned and stored back into the header, then read again
// (unknwon/cae); stored back uncleaned, it is still the archive's.
func storedBack(tr *tar.Reader, dir string) {
	h, _ := tr.Next()
	h.Name = filepath.Base(h.Name)
	os.Create(filepath.Join(dir, h.Name))
}

func storedBackRaw(tr *tar.Reader, dir string) {
	h, _ := tr.Next()
	h.Name = strings.ToLower(h.Name)
	os.Create(filepath.Join(dir, h.Name)) // want `from archive/tar.Header.Name reaches path sink os.Create`
}

// Argument injection: after "--" an argument is no option
// (Masterminds/vcs); before it, or without it, it may be.
func fetch(tr *tar.Reader) {
	h, _ := tr.Next()
	exec.Command("git", "clone", "--", h.Name).Run()
	exec.Command("git", "clone", h.Name).Run()   // want `from archive/tar.Header.Name reaches command sink os/exec.Command`
	exec.Command("git", h.Name, "--", "x").Run() // want `from archive/tar.Header.Name reaches command sink os/exec.Command`
}

// A redirect to the request's own path, cleaned (macaron): Clean leaves
// no leading "//" that would name another host. Uncleaned, or the Clean
// of another string, it may.
func slash(w http.ResponseWriter, r *http.Request) {
	p := path.Clean(r.URL.Path)
	http.Redirect(w, r, p+"/", http.StatusFound)
	http.Redirect(w, r, r.URL.Path+"/", http.StatusFound)                  // want `from net/http.Request.URL reaches redirect sink net/http.Redirect`
	http.Redirect(w, r, path.Clean(r.FormValue("next")), http.StatusFound) // want `reaches redirect sink net/http.Redirect`
}
