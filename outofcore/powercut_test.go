package outofcore

import (
	"context"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"github.com/cockroachdb/pebble/v2/vfs"

	"github.com/cflr/cflr/outofcore/internal/crash"
)

// bigDisk reports plenty of free space, so that commits are synced only
// at SyncInterval (a disk near full syncs every commit: nearlyFull).
type bigDisk struct{ vfs.FS }

func (bigDisk) GetDiskUsage(string) (vfs.DiskUsage, error) {
	return vfs.DiskUsage{AvailBytes: 1 << 40, TotalBytes: 1 << 40}, nil
}

// TestPowerCut cuts the power in the middle of a solve whose commits are
// synced only once an hour: the store keeps what was synced (and, in the
// torn cases, a random part of what was not), a resumed solve on it
// reaches the in-memory closure, and the cut did lose commits. With every
// commit synced, it loses at most the one in flight.
func TestPowerCut(t *testing.T) {
	g, gr := load(t, "bzip2.vfg")
	want := inMemory(t, g, gr)
	for _, tc := range []struct {
		name      string
		cutAfter  int // commits
		unsynced  int // percent of the unsynced writes that survive
		rngSeed   uint64
		syncEvery time.Duration
	}{
		{"synced only at the start", 6, 0, 0, time.Hour},
		{"torn unsynced writes", 9, 50, 1, time.Hour},
		{"torn, later", 25, 70, 2, time.Hour},
		{"every commit synced", 8, 50, 3, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mem := vfs.NewCrashableMem()
			dir := filepath.Join(t.TempDir(), "store")
			onMem := func(f *crash.FS) { f.FS = bigDisk{mem} }
			s, err := Create(dir, g, gr, &Options{Partitions: 4, SyncInterval: tc.syncEvery, fs: onMem})
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var cut *vfs.MemFS
			commits, unsynced := 0, false
			s.SetProgress(func(Stats) {
				if commits++; commits == tc.cutAfter {
					cfg := vfs.CrashCloneCfg{UnsyncedDataPercent: tc.unsynced}
					if tc.unsynced > 0 {
						cfg.RNG = rand.New(rand.NewPCG(tc.rngSeed, 0))
					}
					cut, unsynced = mem.CrashClone(cfg), s.unsynced
					cancel()
				}
			})
			if err := s.Solve(ctx); !errors.Is(err, context.Canceled) {
				t.Fatalf("Solve = %v, want it cancelled after %d commits", err, tc.cutAfter)
			}
			before := s.parts
			s.Close()
			if unsynced != (tc.syncEvery > 0) {
				t.Fatalf("commits left unsynced at the cut: %v, with SyncInterval %v", unsynced, tc.syncEvery)
			}
			s, err = Open(dir, nil, &Options{fs: func(f *crash.FS) { f.FS = bigDisk{cut} }})
			if err != nil {
				t.Fatalf("opening the store after the power cut: %v", err)
			}
			defer s.Close()
			var lost uint64
			for p, rec := range s.parts {
				lost += before[p].Epoch - rec.Epoch
			}
			t.Logf("%d partition commits lost in the cut", lost)
			switch {
			case tc.syncEvery > 0 && tc.unsynced == 0 && lost == 0:
				t.Error("the cut lost no commit: the test does not test unsynced commits")
			case tc.syncEvery < 0 && lost > 1:
				t.Errorf("with every commit synced, the cut lost %d commits, want at most the one in flight", lost)
			}
			if err := s.Solve(context.Background()); err != nil {
				t.Fatal(err)
			}
			if got := storeFingerprint(t, s); !got.equal(want) {
				t.Fatalf("after a power cut and resume: closure differs:\n got  %v\n want %v", got, want)
			}
		})
	}
}
