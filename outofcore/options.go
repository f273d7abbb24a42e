package outofcore

import (
	"time"

	"github.com/cflr/cflr/outofcore/internal/crash"
)

// Options configures a solve. The zero value solves under a 1 GiB budget.
type Options struct {
	// Mem is the memory budget in bytes (default 1 GiB). It sizes the
	// partitions, the worklist spill threshold, pebble's cache and
	// memtables, and the Go heap's soft limit.
	Mem int64
	// Partitions overrides the partition count derived from Mem. It is
	// fixed when the store is created.
	Partitions int
	// SplitBytes overrides the size of a partition's vertex records past
	// which it is split in two (default Mem/20: resident, a partition's
	// sets take about 3 times its records' size).
	SplitBytes int64
	// SpillBytes overrides the size past which a partition's outgoing
	// worklist buffers are written to the store while it is processed
	// (default Mem/50, at least 1 MiB).
	SpillBytes int
	// SyncInterval is how often a partition's commit is made durable
	// (its write to pebble's log synced to disk), default 1s; negative
	// syncs every commit. Commits in between are written to the
	// operating system without waiting for the disk: a killed process
	// loses none of them, a power cut at most those of the last
	// interval, which a resume redoes. The store is consistent either
	// way, and Solve and Close sync before they return.
	SyncInterval time.Duration
	// Progress, if set, is called after every partition commit.
	Progress func(Stats)

	// fs, for tests, sees the store's filesystem before it opens.
	fs func(*crash.FS)
}

// DefaultMem is the budget when Options.Mem is 0.
const DefaultMem = 1 << 30

func (o *Options) syncInterval() time.Duration {
	switch {
	case o.SyncInterval < 0:
		return 0
	case o.SyncInterval == 0:
		return time.Second
	}
	return o.SyncInterval
}

func (o *Options) mem() int64 {
	if o == nil || o.Mem <= 0 {
		return DefaultMem
	}
	return o.Mem
}

// Stats describes a solve, or the part of it this process ran.
type Stats struct {
	Partitions int
	// Rounds counts passes over the partitions with work.
	Rounds int
	// Loads counts partition loads; LoadsPerRound lists them by round.
	Loads         int
	LoadsPerRound []int
	// Splits counts the partitions that splits added: after a step (a
	// partition grown past Options.SplitBytes), before one (PreSplits: its
	// waiting messages would take it past twice that, at the growth per
	// message byte seen so far), or in one (Retries: a step abandoned
	// when its partition passed three times that, split and redone).
	Splits, PreSplits, Retries int
	// Spills counts worklist buffers written before their partition's
	// commit.
	Spills int
	// InputEdges counts the store's input edges, with generated inverses.
	InputEdges int64
	// Stored counts the closure's stored edges (input and derived).
	Stored int64
	// Applications counts rule applications in this process.
	Applications int64
	// BytesRead and BytesWritten are the bytes pebble read from and wrote
	// to its files in this process (write-ahead log, tables, manifest).
	BytesRead, BytesWritten int64
	// VertexFetches counts vertex records read on first use (partitions
	// load lazily: a round reads only the vertices it touches).
	VertexFetches int64
	Elapsed       time.Duration
	PeakRSS       int64
}
