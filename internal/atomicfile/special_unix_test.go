//go:build unix

package atomicfile

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestWriteSpecial writes to a named pipe: it must stay a pipe (a rename
// would have replaced it with a regular file, as it once did /dev/null)
// and its reader must get the content.
func TestWriteSpecial(t *testing.T) {
	p := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	// Open the read end first, without blocking (a FIFO has no writer
	// yet), so that the writer's open does not block either; read after
	// the write, from the pipe's buffer.
	r, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := WriteBytes(p, []byte("through the pipe\n")); err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(r); string(b) != "through the pipe\n" {
		t.Errorf("reader got %q", b)
	}
	fi, err := os.Lstat(p)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("%s is %v after the write, want a named pipe", p, fi.Mode())
	}
	if es, _ := os.ReadDir(filepath.Dir(p)); len(es) != 1 {
		t.Errorf("directory holds %d entries, want only the pipe", len(es))
	}
}
