package main

import "syscall"

// addressSpaceLimit returns the process's address-space limit in bytes
// (ulimit -v, RLIMIT_AS), or 0 when there is none.
func addressSpaceLimit() int64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &r); err != nil || r.Cur == ^uint64(0) || r.Cur > 1<<62 {
		return 0
	}
	return int64(r.Cur)
}
