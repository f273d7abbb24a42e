package main

import (
	"io"
	"os"

	"golang.org/x/term"
)

// isTerminal reports whether w is a terminal. Spinners and progress bars
// redraw their line with \r: in a pipe or a CI log each frame would
// become text, so they are shown on terminals only.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
