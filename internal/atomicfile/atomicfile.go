// Package atomicfile writes files so that readers never see a half-written
// one: the content goes to a temporary file in the same directory, which is
// renamed into place only when writing, flushing and closing all succeed.
// Every cflr writer (graphs, closures, statistics, traversal values) uses
// it, so bad input or a failed run leaves no partial output behind.
package atomicfile

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
)

// Write writes path through fill, buffered, and renames it into place only
// if fill, the flush and the close succeed; otherwise it removes the
// temporary file and returns the first error.
//
// A path that names something other than a regular file (/dev/null,
// /dev/stdout, a named pipe) is written in place: renaming over it would
// replace the device or pipe with a file (`-o /dev/null` once turned the
// machine's /dev/null into a regular file).
func Write(path string, fill func(io.Writer) error) (err error) {
	if fi, statErr := os.Stat(path); statErr == nil && !fi.Mode().IsRegular() && !fi.IsDir() {
		return writeInPlace(path, fill)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	// CreateTemp makes the file 0600; outputs are ordinary files (0644), or
	// keep the mode of the file they replace.
	mode := os.FileMode(0o644)
	if fi, statErr := os.Stat(path); statErr == nil {
		mode = fi.Mode().Perm()
	}
	if err = tmp.Chmod(mode); err != nil {
		return err
	}
	bw := bufio.NewWriterSize(tmp, 1<<20)
	if err = fill(bw); err != nil {
		return err
	}
	if err = bw.Flush(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// writeInPlace writes to an existing special file (a device or a pipe),
// which has no whole-or-nothing: it is opened for writing, never created
// or truncated by a rename.
func writeInPlace(path string, fill func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	if err := fill(bw); err != nil {
		f.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// WriteBytes writes data to path as Write does: whole or not at all.
func WriteBytes(path string, data []byte) error {
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
