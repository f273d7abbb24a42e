package outofcore

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/cflr/cflr/outofcore/internal/crash"
)

// The crash test re-executes the test binary as a child solver
// (TestCrashChild, armed by envChild), kills it with SIGKILL at a kill
// point (crash.EnvKill), resumes it in a fresh child, and compares the
// final store with the in-memory closure.
const envChild = "CFLR_OUTOFCORE_CHILD"

// TestCrashChild is the child solver: it opens the store named by
// envChild ("DIR,SPILLBYTES") and solves it. It does nothing in a normal
// test run.
func TestCrashChild(t *testing.T) {
	arg := os.Getenv(envChild)
	if arg == "" {
		t.Skip("child solver for TestCrash")
	}
	dir, spill, _ := strings.Cut(arg, ",")
	sb, _ := strconv.Atoi(spill)
	s, err := Open(dir, nil, &Options{SpillBytes: sb, SplitBytes: int64(sb) * 4})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Solve(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
}

// runChild runs the child solver on dir, armed with kill ("" for none),
// and reports whether it was killed.
func runChild(t *testing.T, dir string, spill int, kill string) (killed bool) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s,%d", envChild, dir, spill), crash.EnvKill+"="+kill)
	if kill == "" {
		cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s,%d", envChild, dir, spill))
	}
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL {
			return true
		}
	}
	if err != nil {
		t.Fatalf("child solver (kill %q): %v\n%s", kill, err, out)
	}
	return false
}

// crashPoints are the kill points of the short form: after partition
// commits, in the middle of a commit batch and of a write-ahead-log write,
// during gathers, after worklist spills, and before the commit of a split
// (which moves the messages waiting for the partition).
var crashPoints = []string{"commit:1", "commit:3", "commit:8", "commit:20", "batch:1", "batch:4",
	"gather:1", "gather:7", "gather:30", "spill:1", "spill:10", "wal:2", "wal:9", "wal:40",
	"split:1", "split:4"}

// TestCrash kills a child solver at each kill point, resumes it, and
// checks the closure. CFLR_CRASH_GRAPH picks another graph and
// CFLR_CRASH_POINTS (comma-separated NAME:N) other points: make
// crash-test runs psql.vfg with 21 points.
func TestCrash(t *testing.T) {
	if os.Getenv(envChild) != "" {
		t.Skip("in the child")
	}
	name, points, np, spill := "bzip2.vfg", crashPoints, 5, 8<<10
	if g := os.Getenv("CFLR_CRASH_GRAPH"); g != "" {
		name, spill = g, 1<<20
	}
	if p := os.Getenv("CFLR_CRASH_POINTS"); p != "" {
		points = strings.Split(p, ",")
	}
	g, gr := load(t, name)
	want := inMemory(t, g, gr)
	base := filepath.Join(t.TempDir(), "base")
	s, err := Create(base, g, gr, &Options{Partitions: np})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	for _, point := range points {
		t.Run(point, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "store")
			if err := os.CopyFS(dir, os.DirFS(base)); err != nil {
				t.Fatal(err)
			}
			if !runChild(t, dir, spill, point) {
				t.Fatalf("kill point %s never reached", point)
			}
			// Kill the resumed run too, at its first commit, before
			// letting one finish.
			runChild(t, dir, spill, "commit:1")
			runChild(t, dir, spill, "")
			s, err := Open(dir, gr, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if done, err := s.Done(); err != nil || !done {
				t.Fatalf("store not done after the resumed run (%v)", err)
			}
			if got := storeFingerprint(t, s); !got.equal(want) {
				t.Fatalf("after a kill at %s and resume: closure differs from in-memory:\n got  %v\n want %v", point, got, want)
			}
		})
	}
}
