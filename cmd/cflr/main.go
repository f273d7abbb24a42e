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
	root := newRootCmd()
	// Errors before a command's RunE starts come from cobra's flag and
	// argument checks: bad usage, exit status 2.
	started := false
	var wrap func(c *cobra.Command)
	wrap = func(c *cobra.Command) {
		if run := c.RunE; run != nil {
			c.RunE = func(cmd *cobra.Command, args []string) error {
				started = true
				return run(cmd, args)
			}
		}
		for _, sub := range c.Commands() {
			wrap(sub)
		}
	}
	wrap(root)
	if err := root.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "cflr:", err)
		var ee *exitError
		switch {
		case errors.As(err, &ee):
			os.Exit(ee.code)
		case !started:
			os.Exit(2)
		}
		os.Exit(1)
	}
}
