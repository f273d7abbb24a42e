// Package lib is imported by app: go vet passes its summaries as facts.
package lib

import "os/exec"

type Conn struct{ Addr string }

// Dial returns nil for an empty address.
func Dial(addr string) *Conn {
	if addr == "" {
		return nil
	}
	return &Conn{Addr: addr}
}

// Run runs a shell command.
func Run(cmd string) error { return exec.Command("sh", "-c", cmd).Run() }
