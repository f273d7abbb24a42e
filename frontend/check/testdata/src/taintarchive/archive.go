// Package taintarchive checks the archive sources: the names an archive
// gives its entries are chosen by whoever made the archive, so a name
// joined to a directory and opened is a path traversal ("zip slip",
// gosec's G305) unless it is checked or cut to its last element. Also
// the redirect sink net/http.RedirectHandler. Its functions are roots (a
// library package); their parameters are not sources here (no
// --library).
package taintarchive

import (
	"archive/tar"
	"archive/zip"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

func extractZip(r *zip.Reader, dir string) error {
	for _, f := range r.File {
		p := filepath.Join(dir, f.Name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil { // want `from archive/zip.FileHeader.Name reaches path sink os.MkdirAll`
			return err
		}
		w, err := os.Create(p) // want `from archive/zip.FileHeader.Name reaches path sink os.Create`
		if err != nil {
			return err
		}
		rc, err := f.Open()
		if err != nil {
			return err
		}
		io.Copy(w, rc)
		rc.Close()
		w.Close()
	}
	return nil
}

func extractTar(tr *tar.Reader, dir string) error {
	for {
		h, err := tr.Next()
		if err != nil {
			return err
		}
		p := filepath.Join(dir, h.Name)
		switch h.Typeflag {
		case tar.TypeSymlink:
			if err := os.Symlink(h.Linkname, p); err != nil { // want `from archive/tar.Header.Linkname reaches path sink os.Symlink \(argument 0\)` `from archive/tar.Header.Name reaches path sink os.Symlink \(argument 1\)`
				return err
			}
		default:
			if err := os.WriteFile(p, nil, 0o644); err != nil { // want `from archive/tar.Header.Name reaches path sink os.WriteFile`
				return err
			}
		}
	}
}

// The fixes: the last element only, or a name checked to stay local or
// below the directory.
// (They join with +; taintjoin and taintfix check filepath.Join.)

func extractZipBase(r *zip.Reader, dir string) {
	for _, f := range r.File {
		os.Create(dir + "/" + filepath.Base(f.Name))
	}
}

func extractTarLocal(tr *tar.Reader, dir string) {
	for {
		h, err := tr.Next()
		if err != nil {
			return
		}
		name := h.Name
		if !filepath.IsLocal(name) {
			continue
		}
		os.Create(dir + "/" + name)
	}
}

func extractZipPrefix(r *zip.Reader, dir string) error {
	for _, f := range r.File {
		p := dir + "/" + f.Name
		if !strings.HasPrefix(p, dir+"/") {
			return errors.New("illegal file path")
		}
		os.Create(p)
	}
	return nil
}

// Reading an entry's content is no path flow.
func entrySize(f *zip.File) int64 { return int64(f.UncompressedSize64) }

// A redirect handler built from a request is an open redirect.
func redirectTo(r *http.Request) http.Handler {
	return http.RedirectHandler(r.URL.Query().Get("next"), http.StatusFound) // want `reaches redirect sink net/http.RedirectHandler`
}
