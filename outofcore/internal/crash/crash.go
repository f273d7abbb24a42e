// Package crash is outofcore's fault machinery: named kill points that a
// crash test arms through the environment, and a vfs.FS that counts the
// bytes pebble reads and writes, can kill the process in the middle of a
// write-ahead-log write, and can fail writes as a full disk does.
package crash

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"

	"github.com/cockroachdb/pebble/v2/vfs"
)

// EnvKill arms one kill point: "NAME:N" kills the process (SIGKILL, as a
// power cut or kill -9 would) at the N-th time point NAME is reached
// (counting from 1). Names: commit (after a partition's commit), batch
// (while a partition's commit batch is half built), gather (after a
// gathered message chunk), spill (after a worklist spill is written), wal
// (inside a write to pebble's write-ahead log, after half its bytes).
const EnvKill = "CFLR_OUTOFCORE_KILL"

var (
	armed  string
	target int64
	hits   atomic.Int64
)

func init() {
	if v := os.Getenv(EnvKill); v != "" {
		name, n, ok := strings.Cut(v, ":")
		k, err := strconv.ParseInt(n, 10, 64)
		if !ok || err != nil || k < 1 {
			fmt.Fprintf(os.Stderr, "%s=%q: want NAME:N\n", EnvKill, v)
			os.Exit(2)
		}
		armed, target = name, k
	}
}

// Point marks a kill point: the process dies here if the environment armed
// it for this hit.
func Point(name string) {
	if armed == name && hits.Add(1) == target {
		kill()
	}
}

func kill() {
	syscall.Kill(os.Getpid(), syscall.SIGKILL)
	select {} // SIGKILL is not deliverable late, but do not run on meanwhile
}

// ErrNoSpace is what FS's writes return once it is full.
var ErrNoSpace = syscall.ENOSPC

// FS wraps a vfs.FS: it counts bytes read and written, and, when armed,
// kills the process mid-write to the WAL or fails writes with ENOSPC.
type FS struct {
	vfs.FS
	Read, Written atomic.Int64
	// FullAfter, when positive, is the number of bytes that may still be
	// written before every write fails with ENOSPC.
	FullAfter atomic.Int64
}

// NewFS wraps fs.
func NewFS(fs vfs.FS) *FS { return &FS{FS: fs} }

func (f *FS) wrap(file vfs.File, name string, err error) (vfs.File, error) {
	if err != nil {
		return nil, err
	}
	return &cfile{File: file, fs: f, wal: strings.HasSuffix(name, ".log")}, nil
}

func (f *FS) Create(name string, c vfs.DiskWriteCategory) (vfs.File, error) {
	file, err := f.FS.Create(name, c)
	if err == nil && strings.HasSuffix(name, ".sst") {
		// pebble writes tables a 4 KiB block at a time, a system call
		// each (a third of an out-of-core solve's system time): they go
		// to the file in larger pieces.
		return &cfile{File: file, fs: f, buf: make([]byte, 0, tableBuffer)}, nil
	}
	return f.wrap(file, name, err)
}

// GetDiskUsage reports at most FullAfter bytes available while it is set.
func (f *FS) GetDiskUsage(path string) (vfs.DiskUsage, error) {
	u, err := f.FS.GetDiskUsage(path)
	if n := f.FullAfter.Load(); n > 0 && err == nil {
		u.AvailBytes = min(u.AvailBytes, uint64(n))
	}
	return u, err
}

// tableBuffer is the size of the pieces in which tables are written.
const tableBuffer = 64 << 10

func (f *FS) Open(name string, opts ...vfs.OpenOption) (vfs.File, error) {
	file, err := f.FS.Open(name, opts...)
	return f.wrap(file, name, err)
}

func (f *FS) OpenReadWrite(name string, c vfs.DiskWriteCategory, opts ...vfs.OpenOption) (vfs.File, error) {
	file, err := f.FS.OpenReadWrite(name, c, opts...)
	return f.wrap(file, name, err)
}

func (f *FS) ReuseForWrite(oldname, newname string, c vfs.DiskWriteCategory) (vfs.File, error) {
	file, err := f.FS.ReuseForWrite(oldname, newname, c)
	return f.wrap(file, newname, err)
}

type cfile struct {
	vfs.File
	fs  *FS
	wal bool
	// buf, when not nil (tables being written), holds writes not yet
	// passed to the file; everything but Write passes them first.
	buf []byte
}

// flush passes the buffered writes to the file.
func (c *cfile) flush() error {
	if len(c.buf) == 0 {
		return nil
	}
	n, err := c.File.Write(c.buf)
	c.fs.Written.Add(int64(n))
	if err == nil && n < len(c.buf) {
		err = io.ErrShortWrite
	}
	c.buf = c.buf[:0]
	return err
}

func (c *cfile) Close() error {
	err := c.flush()
	if cerr := c.File.Close(); err == nil {
		err = cerr
	}
	return err
}

func (c *cfile) Sync() error {
	if err := c.flush(); err != nil {
		return err
	}
	return c.File.Sync()
}

func (c *cfile) SyncData() error {
	if err := c.flush(); err != nil {
		return err
	}
	return c.File.SyncData()
}

func (c *cfile) SyncTo(length int64) (bool, error) {
	if err := c.flush(); err != nil {
		return false, err
	}
	return c.File.SyncTo(length)
}

func (c *cfile) Stat() (vfs.FileInfo, error) {
	if err := c.flush(); err != nil {
		return nil, err
	}
	return c.File.Stat()
}

func (c *cfile) Preallocate(off, n int64) error {
	if err := c.flush(); err != nil {
		return err
	}
	return c.File.Preallocate(off, n)
}

func (c *cfile) Prefetch(off, n int64) error {
	if err := c.flush(); err != nil {
		return err
	}
	return c.File.Prefetch(off, n)
}

func (c *cfile) Read(p []byte) (int, error) {
	if err := c.flush(); err != nil {
		return 0, err
	}
	n, err := c.File.Read(p)
	c.fs.Read.Add(int64(n))
	return n, err
}

func (c *cfile) ReadAt(p []byte, off int64) (int, error) {
	if err := c.flush(); err != nil {
		return 0, err
	}
	n, err := c.File.ReadAt(p, off)
	c.fs.Read.Add(int64(n))
	return n, err
}

func (c *cfile) full(n int) bool {
	if c.fs.FullAfter.Load() <= 0 {
		return false
	}
	return c.fs.FullAfter.Add(-int64(n)) <= 0
}

func (c *cfile) Write(p []byte) (int, error) {
	if c.full(len(p)) {
		c.fs.FullAfter.Store(1) // stay full
		return 0, ErrNoSpace
	}
	if c.wal && armed == "wal" && len(p) > 1 && hits.Add(1) == target {
		n, _ := c.File.Write(p[:len(p)/2])
		c.File.Sync()
		c.fs.Written.Add(int64(n))
		kill()
	}
	if c.buf != nil {
		if len(c.buf)+len(p) > cap(c.buf) {
			if err := c.flush(); err != nil {
				return 0, err
			}
		}
		if len(p) >= cap(c.buf) {
			n, err := c.File.Write(p)
			c.fs.Written.Add(int64(n))
			return n, err
		}
		c.buf = append(c.buf, p...)
		return len(p), nil
	}
	n, err := c.File.Write(p)
	c.fs.Written.Add(int64(n))
	return n, err
}

func (c *cfile) WriteAt(p []byte, off int64) (int, error) {
	if c.full(len(p)) {
		c.fs.FullAfter.Store(1)
		return 0, ErrNoSpace
	}
	if err := c.flush(); err != nil {
		return 0, err
	}
	n, err := c.File.WriteAt(p, off)
	c.fs.Written.Add(int64(n))
	return n, err
}

// IsNoSpace reports whether err is a full disk.
func IsNoSpace(err error) bool { return errors.Is(err, syscall.ENOSPC) }
