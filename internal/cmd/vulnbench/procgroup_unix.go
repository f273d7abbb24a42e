//go:build unix

package main

import (
	"os/exec"
	"syscall"
	"time"
)

// ownGroup runs cmd in a process group of its own and makes cancelling it
// kill the whole group: a tool killed on its timeout would otherwise
// leave its go list and compiler children running (taking the cores from
// the cases after it) and their build directories behind.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
}
