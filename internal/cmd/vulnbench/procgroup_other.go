//go:build !unix

package main

import "os/exec"

// ownGroup leaves cmd as it is where process groups are not available:
// cancelling it kills the tool only.
func ownGroup(cmd *exec.Cmd) {}
