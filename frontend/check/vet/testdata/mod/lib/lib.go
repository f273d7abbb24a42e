// Package lib is imported by app: go vet passes its summaries as facts.
package lib

import "os/exec"

type Conn struct{ Addr string }

// Dial returns nil, with a nil error, for an empty address.
func Dial(addr string) (*Conn, error) {
	if addr == "" {
		return nil, nil
	}
	return &Conn{Addr: addr}, nil
}

// Run runs a shell command.
func Run(cmd string) error { return exec.Command("sh", "-c", cmd).Run() }
