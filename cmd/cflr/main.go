// Command cflr is the command-line front door to the cflr toolkit: CFL
// reachability solving, grammar tools, Go program graphs, and GPU graph
// kernels. Every subcommand is a thin layer over the library packages.
package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"
)

// exitError carries a process exit code through cobra, so that bad input
// (exit 2) is distinguishable from a failed run (exit 1).
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// usageErr marks err as caused by bad input or flags: exit status 2.
func usageErr(err error) error {
	if err == nil {
		return nil
	}
	return &exitError{code: 2, err: err}
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "cflr",
		Short:         "CFL-reachability program analysis and GPU graph kernels",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	for _, add := range subcommands {
		root.AddCommand(add())
	}
	return root
}

// subcommands is filled by each command file's init, so that commands live in
// their own files without editing this one.
var subcommands []func() *cobra.Command

func main() {
	if err := newRootCmd().Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "cflr:", err)
		var ee *exitError
		if errors.As(err, &ee) {
			os.Exit(ee.code)
		}
		os.Exit(1)
	}
}
