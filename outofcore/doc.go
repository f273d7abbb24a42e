// Package outofcore solves CFL reachability under a memory budget, with the
// graph, its worklists and its closure in a pebble store under a work
// directory: one partition is in memory at a time, a run that is killed
// resumes where it stopped, and a solved store takes more input edges
// without starting over.
//
// It is not a second solver: package edgecentric's Kernel does the work.
// The driver loads a partition's processed sets from the store, gathers
// the messages other partitions left for it (phase 2 of the in-memory
// rounds), runs Process (phase 1), and writes back, in one atomic pebble
// batch, the vertices whose sets changed, the messages it found for other
// partitions, the deletion of the messages it consumed, and its partition
// record. A round visits, in order, every partition that has messages
// waiting; a partition sees the messages of earlier partitions in the same
// round (Gauss-Seidel order, which needs fewer rounds than the in-memory
// engine's bulk-synchronous ones and gives the same closure: the closure
// is the least fixpoint whatever the order). The solve ends when no
// messages are left.
//
// # Key layout
//
// Every key starts with a one-byte namespace; numbers are big-endian, so
// the byte order is the numeric order and each access below is one
// contiguous key range:
//
//	m config                           the store's configuration (JSON):
//	                                   format version, grammar source and
//	                                   digest, labels, vertex count,
//	                                   partition size, input digest
//	p <partition:4>                    partition record (JSON): commit
//	                                   epoch, stored edges, counters
//	a <vertex:4>                       one vertex's processed sets, both
//	                                   sides, in fragments (edgecentric's
//	                                   encoding, whose union is the sets);
//	                                   a partition is a vertex range, so
//	                                   loading it is one sequential scan
//	w <dst:4> <src:4> <epoch:8> <seq:4> a chunk of the 3D worklist: edge
//	                                   halves that src found for dst
//	                                   during its epoch-th commit
//
// A step's commit appends to a changed vertex's record a fragment with
// only what the step added, as a pebble merge operand (pebble's default
// merger concatenates them), and rewrites the record whole when it has no
// record yet, already has maxFragments fragments, or the addition is more
// than a third of its elements: most steps add a few edges to sets that hold many,
// and whole records were most of what the store wrote.
//
// A step reads the targets of all the chunks waiting for its partition
// (w<p>, and the one the previous step's commit sent it, from memory),
// then those vertices' records in one ascending pass over a[lo, hi)
// (others are read when first used), then gathers the chunks; a
// rebuild loads the whole range in one scan. Appending to
// worklist[src][dst] writes keys in ascending (epoch, seq) order under
// w<dst><src>; consuming it is one range deletion per source.
// Seeds (input edges) are written under source 0xffffffff with the add
// generation as epoch.
//
// # Crash safety
//
// A partition's outputs become visible only with its commit batch, which
// bumps its epoch. Outgoing messages spilled before the commit (when they
// pass the spill threshold) are written under the next epoch; on open,
// any chunk whose epoch is beyond its source's committed epoch came from
// an attempt that never committed and is deleted. The input messages of
// an uncommitted attempt are still there, so the attempt is simply
// redone. Nothing is half-applied: pebble's write-ahead log makes a batch
// all or nothing. A commit is applied in the background while the next
// partition is read, gathered and processed (it reads its own records,
// which the commit does not write, and takes the chunk the commit sends
// it from memory), and waited for before the store is written again. Its
// log write is synced to disk only once Options.SyncInterval (1s) has
// passed since the last sync, and Solve and Close sync before returning:
// a kill -9 loses at most the commit in flight, a power cut at most the
// commits of the last interval; pebble recovers a prefix of its log, so
// the store is consistent and a resume redoes what was lost
// (TestPowerCut cuts the power on a simulated disk, with torn writes).
// Below 1 GiB (or the budget, if larger) of free disk every commit is
// synced, so that a failed log write (a full disk) is that commit's error.
//
// # Incremental input
//
// Add seeds more input edges into a solved (or partly solved) store and
// continues from the stored closure. Labels keep their ids (the grammar is
// instantiated over the stored labels first, then the new ones); a label
// whose in-lists the new labels make necessary gets them rebuilt from its
// out-lists, partition by partition, before more work is done.
//
// # Memory
//
// The budget covers the resident partition, its outgoing worklist buffers
// (spilled past Options.SpillBytes), the commit batch and pebble's cache
// and memtables; the Go heap gets a soft limit (runtime/debug) below the
// budget, and a program that imports this package keeps its C allocations
// (pebble's, with cgo) in one glibc malloc arena. Partition counts come from the budget unless Options.Partitions
// sets them, and follow the closure's growth: a partition is split after
// a step that takes its records past Options.SplitBytes, before a step
// whose waiting messages promise (at the record growth per message byte
// seen so far) more than twice that, and during a step that takes it past
// three times that (the step is abandoned, its spills deleted, and redone
// after the split). A split moves the messages waiting for the partition
// to the new owners in the same atomic batch, keeping their source, epoch
// and sequence number.
package outofcore
