//go:build unix

package csr

import (
	"io/fs"
	"syscall"
)

// fileID returns what, besides size and modification time, tells a
// rewritten file from the one a sidecar was made from: its inode (an
// atomic rewrite, as csr.Write does, makes a new one) and its change
// time. Timestamps are as coarse as the kernel's clock tick, so a file
// rewritten at the same size within a few milliseconds keeps its mtime.
func fileID(st fs.FileInfo) (ino uint64, ctime int64) {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return uint64(s.Ino), int64(s.Ctim.Sec)*1e9 + int64(s.Ctim.Nsec)
	}
	return 0, 0
}
