// Package util is the helper package of taintscope/app, outside the
// scope when only the app is checked: its sinks are reported where the
// app calls them.
package util

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Run runs a shell line.
func Run(line string) error {
	return exec.Command("/bin/bash", "-c", line).Run()
}

// Runf formats the line first, and goes through Run.
func Runf(format string, a ...any) error {
	return Run(fmt.Sprintf(format, a...))
}

// Git forwards its arguments after its own.
func Git(args ...string) error {
	return exec.Command("git", append([]string{"-C", "/srv"}, args...)...).Run()
}

// ReadUnder reads a file below dir, by the last element of name only.
func ReadUnder(dir, name string) ([]byte, error) {
	return os.ReadFile(filepath.Join(dir, filepath.Base(name)))
}

// ReadClean cleans the name, which keeps its "..": not a sanitizer.
func ReadClean(dir, name string) ([]byte, error) {
	return os.ReadFile(filepath.Join(dir, filepath.Clean(name)))
}

// Upper passes nothing to a sink.
func Upper(s string) string { return strings.ToUpper(s) }

// Config keeps its name for later: the heap is not followed.
type Config struct{ name string }

func (c *Config) SetName(n string) { c.name = n }

func (c *Config) Open() (*os.File, error) { return os.Open(c.name) }
