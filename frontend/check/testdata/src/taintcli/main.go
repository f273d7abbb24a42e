// Command taintcli is a command-line program: its input is its
// arguments, flags, environment, standard input and the files it reads.
// Under the cli profile each reaches a sink below; under the default
// server profile none is a source, the program reads no network source,
// and the taint check says so in a note.
package main

import (
	"bufio"
	"flag"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

var out = flag.String("o", "out.txt", "output file")

func main() {
	var shell string
	flag.StringVar(&shell, "shell", "sh", "shell to run")
	flag.Parse()
	os.WriteFile(*out, nil, 0o644)    // want `tainted data from flag.String reaches path sink os.WriteFile`
	exec.Command(shell, "-c", "true") // want `tainted data from flag.StringVar reaches command sink`
	for _, a := range flag.Args() {
		os.Remove(a) // want `tainted data from flag.Args reaches path sink os.Remove`
	}
	if len(os.Args) > 1 {
		os.Open(os.Args[1])                // want `tainted data from os.Args reaches path sink os.Open`
		os.Open(filepath.Base(os.Args[1])) // the last element cannot climb out
	}
	editor := os.Getenv("EDITOR")
	exec.Command(editor, "notes.txt") // want `tainted data from os.Getenv reaches command sink`
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		exec.Command("grep", sc.Text()) // want `tainted data from os.Stdin reaches command sink`
	}
	conf, err := os.ReadFile("/etc/taintcli.conf")
	if err == nil {
		exec.Command(strings.TrimSpace(string(conf))) // want `tainted data from os.ReadFile reaches command sink`
	}
	f, err := os.Open("list.txt")
	if err == nil {
		b, _ := io.ReadAll(f)
		os.Remove(string(b)) // want `tainted data from os.Open reaches path sink os.Remove`
	}
	exec.Command("ls", "-l") // constant
}
