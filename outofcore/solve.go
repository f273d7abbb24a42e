package outofcore

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"
	"time"

	"github.com/cockroachdb/pebble/v2"

	"github.com/cflr/cflr/edgecentric"
	"github.com/cflr/cflr/graph"
	"github.com/cflr/cflr/outofcore/internal/crash"
)

// Solve runs rounds until no partition has work left, so that the store
// holds the closure. It continues from wherever the store stands: a fresh
// store, one a killed run left, or one that Add gave more input. It stops
// early, returning ctx's error, when ctx is cancelled; the store stays
// consistent and a later Solve continues.
func (s *Store) Solve(ctx context.Context) (err error) {
	if s.broken {
		return fmt.Errorf("%s: reopen the store after a storage error", s.dir)
	}
	defer s.recoverFatal(&err)
	defer func() {
		// What was committed is made durable before Solve returns, also
		// when it stops early (cancelled) or on a step's error.
		if werr := s.syncLog(); err == nil {
			err = werr
		}
	}()
	defer s.setMemoryLimit()()
	start := time.Now()
	r0, w0, e0 := s.fs.Read.Load(), s.fs.Written.Load(), s.stats.Elapsed
	defer func() {
		s.stats.Elapsed = e0 + time.Since(start)
		s.stats.BytesRead += s.fs.Read.Load() - r0
		s.stats.BytesWritten += s.fs.Written.Load() - w0
		s.stats.PeakRSS = edgecentric.PeakRSS()
	}()
	work, err := s.pendingWork()
	if err != nil {
		return err
	}
	if s.unsplittable == nil {
		s.unsplittable = map[int]bool{}
	}
	s.stats.Partitions = len(s.parts)
	s.stats.InputEdges = s.cfg.InputEdges
	for {
		loads := 0
		for p := 0; p < len(s.parts); p++ {
			if !work[p] {
				continue
			}
			// A partition whose waiting messages would, at the growth
			// seen so far, take it well past the split size is split
			// before it is loaded.
			if err := s.preSplit(p, &work); err != nil {
				return err
			}
			if !work[p] {
				continue // its messages all went to the new partitions
			}
			if loads == 0 {
				s.stats.Rounds++
				s.stats.LoadsPerRound = append(s.stats.LoadsPerRound, 0)
			}
			loads++
			s.stats.Loads++
			s.stats.LoadsPerRound[len(s.stats.LoadsPerRound)-1]++
			err := s.step(ctx, p, work)
			if errors.Is(err, errTooBig) {
				// Abandoned: nothing was committed. Split and redo.
				s.stats.Retries++
				if err := s.splitGrown(p, &work); err != nil {
					return err
				}
				p--
				continue
			}
			if err != nil {
				return err
			}
			work[p] = false
			if s.parts[p].Bytes > s.splitBytes() {
				if err := s.splitInto(p, 2, 0, &work); err != nil {
					return err
				}
			}
			if s.opts.Progress != nil {
				s.stats.Stored = s.stored()
				s.stats.Elapsed = e0 + time.Since(start)
				s.opts.Progress(s.stats)
			}
		}
		if loads == 0 {
			break
		}
	}
	s.stats.Stored = s.stored()
	return nil
}

// waitSync waits until the last step's commit is applied (and durable,
// if it was synced).
// The store is written only after it (and read only after it where the
// commit wrote): a failed log write (a full disk) then comes back as that
// commit's error, never as a failure inside a later write.
func (s *Store) waitSync() error {
	c := s.committing
	if c == nil {
		return nil
	}
	s.committing = nil
	err := <-c.done
	c.b.Close()
	if _, ok := err.(*fatalError); ok {
		s.broken = true
	}
	return s.wrapIO(err)
}

// syncLog waits for the commit in flight and makes every commit so far
// durable: those applied without a sync (see startCommit) are synced with
// one write to the log.
func (s *Store) syncLog() error {
	if err := s.waitSync(); err != nil {
		return err
	}
	if !s.unsynced || s.broken {
		return nil
	}
	s.unsynced = false
	s.lastSync = time.Now()
	return s.wrapIO(s.db.LogData(nil, pebble.Sync))
}

// nearlyFull reports whether the store's disk has less than
// syncFreeBytes, or the budget if larger, available (or cannot say).
// There every commit is synced:
// a failed log write is then that commit's error, and the solve stops
// cleanly; unsynced, pebble would meet the failure only when it closes
// the log, and end the process there.
func (s *Store) nearlyFull() bool {
	u, err := s.fs.GetDiskUsage(s.dir)
	return err != nil || u.AvailBytes < uint64(max(syncFreeBytes, s.opts.mem()))
}

// syncFreeBytes is the free disk space below which every commit syncs
// (or the budget, if larger): several flushes' and compactions' worth.
const syncFreeBytes = 1 << 30

// startCommit applies b on a goroutine: the next step reads and works
// meanwhile. Applying waits whenever pebble's memtables are all waiting
// to be flushed (a commit batch is often larger than a memtable); on the
// main thread that stopped every step. Its log write is synced when
// Options.SyncInterval has passed since the last sync: a sync per commit
// made the commits wait for the disk (psql.vfg at 104 MiB: 2,085
// commits, 2.0 s of 14 s waiting; 10.3 s without), and a kill loses
// nothing the operating system holds, only a power cut does.
func (s *Store) startCommit(c *commit) {
	c.done = make(chan error, 1)
	s.committing = c
	sync := time.Since(s.lastSync) >= s.opts.syncInterval() || s.nearlyFull()
	if sync {
		s.lastSync = time.Now()
		s.unsynced = false
	} else {
		s.unsynced = true
	}
	go func() {
		var err error
		defer func() {
			if r := recover(); r != nil {
				f, ok := r.(*fatalError)
				if !ok {
					panic(r)
				}
				err = f
			}
			c.done <- err
		}()
		if !sync {
			err = s.db.Apply(c.b, pebble.NoSync)
		} else if err = s.db.ApplyNoSyncWait(c.b, pebble.Sync); err == nil {
			err = c.b.SyncWait()
		}
	}()
}

// Stats returns the statistics of this process's solves so far.
func (s *Store) Stats() Stats {
	st := s.stats
	st.Stored = s.stored()
	st.Partitions = len(s.parts)
	st.InputEdges = s.cfg.InputEdges
	return st
}

func (s *Store) stored() int64 {
	var n int64
	for _, p := range s.parts {
		n += p.Stored
	}
	return n
}

// pendingWork finds the partitions with messages waiting or in-lists to
// rebuild, and counts the bytes of messages waiting for each.
func (s *Store) pendingWork() ([]bool, error) {
	work := make([]bool, len(s.parts))
	s.pend = make([]int64, len(s.parts))
	for p, rec := range s.parts {
		work[p] = rec.Rebuild
	}
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: []byte{'w'}, UpperBound: []byte{'x'}})
	if err != nil {
		return nil, s.wrapIO(err)
	}
	for it.First(); it.Valid(); it.Next() {
		dst, _, _, ok := parseMsgKey(it.Key())
		if !ok || dst >= len(work) {
			it.Close()
			return nil, s.corrupt("bad worklist key %x", it.Key())
		}
		work[dst] = true
		s.pend[dst] += int64(len(it.Value()))
	}
	return work, s.wrapIO(it.Close())
}

// resident is the partition being processed, for the spill callback.
type resident struct {
	p     int
	epoch uint64
	seq   uint32
	work  []bool
	// sizes are the stored record sizes of the partition's vertices read,
	// by vertex from lo.
	lo    uint32
	sizes []int32
	// maxDerived, when not negative, is the number of derived edges past
	// which the step is abandoned (see grow).
	maxDerived int64
	// spilled counts the bytes spills wrote for each partition.
	spilled map[int]int64
	// it reads the partition's records (stepIter).
	it *pebble.Iterator
}

// errTooBig abandons a step whose partition outgrows its budget.
var errTooBig = errors.New("outofcore: partition outgrows its budget")

// grow is the kernel's Grow callback: a partition whose records would
// pass 3 split sizes (at the bytes per edge stored so far) is abandoned
// before it takes more memory than its share; Solve splits it and redoes
// the step.
func (s *Store) grow(derived int64) error {
	if r := s.cur; r != nil && r.maxDerived >= 0 && derived > r.maxDerived {
		return errTooBig
	}
	return nil
}

// bytesPerEdge is the record bytes per stored edge so far (4 before any).
func (s *Store) bytesPerEdge() float64 {
	var b, n int64
	for _, p := range s.parts {
		b += p.Bytes
		n += p.Stored
	}
	if n < 1000 {
		return 4
	}
	return float64(b) / float64(n)
}

func (s *Store) noteSize(v uint32, n int) {
	if s.cur != nil {
		if i := v - s.cur.lo; i < uint32(len(s.cur.sizes)) {
			s.cur.sizes[i] = int32(n)
		}
	}
}

func (s *Store) spill(q int, msgs []byte) error {
	r := s.cur
	if r == nil {
		return errors.New("outofcore: spill outside a partition step")
	}
	if err := s.waitSync(); err != nil {
		return err
	}
	r.seq++
	if err := s.db.Set(keyMsg(q, uint32(r.p), r.epoch, r.seq), msgs, pebble.NoSync); err != nil {
		return s.wrapIO(err)
	}
	r.work[q] = true
	r.spilled[q] += int64(len(msgs))
	s.stats.Spills++
	crash.Point("spill")
	return nil
}

// step loads partition p, gathers its messages, processes it and commits.
func (s *Store) step(ctx context.Context, p int, work []bool) error {
	rec := s.parts[p]
	lo, hi := s.k.Range(p)
	s.cur = &resident{p: p, epoch: rec.Epoch + 1, work: work, lo: lo, sizes: make([]int32, hi-lo), spilled: map[int]int64{}, maxDerived: -1}
	defer func() {
		if s.cur.it != nil {
			s.cur.it.Close()
		}
		s.cur = nil
	}()
	if hi-lo >= 2 && !s.unsplittable[p] {
		s.cur.maxDerived = max(0, int64(float64(3*s.splitBytes()-rec.Bytes)/s.bytesPerEdge()))
	}
	bytes0 := rec.Bytes
	var msgBytes int64
	// The chunk the last commit sent here, gathered from memory: that
	// commit may be applied at any moment, or (if a spill waits for it)
	// during this step; the store's copy is skipped throughout.
	in := s.inbound(p)
	P := s.k.NewPartition(p)
	if rec.Rebuild {
		// A rebuild reads every out-list: load the partition in one scan.
		if err := s.loadPartition(P, lo, hi); err != nil {
			return err
		}
		P.LoadedAll()
		need := make([]bool, len(s.cfg.Labels))
		for _, l := range s.cfg.Rebuild {
			if int(l) < len(need) {
				need[l] = true
			}
		}
		P.RebuildIn(need)
	} else {
		if err := s.prefetchTargets(P, p, lo, hi, in); err != nil {
			return err
		}
	}
	// Gather: every chunk for p, one source after another, and the chunk
	// the previous step's commit (maybe still being applied) sent here.
	consumed := map[uint32]uint64{}
	gather := func(key, v []byte) error {
		_, src, epoch, ok := parseMsgKey(key)
		if !ok {
			return s.corrupt("bad worklist key %x", key)
		}
		if err := P.Gather(ctx, v); err != nil {
			if ctx.Err() != nil || !errors.Is(err, edgecentric.ErrMalformed) {
				return err
			}
			return s.corrupt("worklist chunk %x for partition %d: %v", key, p, err)
		}
		consumed[src] = max(consumed[src], epoch)
		msgBytes += int64(len(v))
		crash.Point("gather")
		return nil
	}
	if err := s.scanMsgs(p, in, gather); err != nil {
		return err
	}
	if err := P.Process(ctx); err != nil {
		if errors.Is(err, edgecentric.ErrMalformed) {
			return s.corrupt("partition %d: %v", p, err)
		}
		return err
	}
	// Commit: changed vertices, outgoing messages, consumed messages
	// deleted, the partition record; all or nothing.
	// A changed vertex's record gets a fragment with what the step added
	// (a pebble merge operand: the store concatenates them), or is
	// rewritten whole when it has no record yet, has many fragments, or
	// the addition is more than a third of its sets' elements. Records
	// and messages are encoded first and the batch made to size: a batch
	// that doubles as it fills copies itself again and again.
	var recs []byte
	var ends []int
	var whole []bool
	P.Dirty(func(v uint32) {
		w := s.cur.sizes[v-lo] == 0 || P.Fragments(v) >= maxFragments
		if !w {
			gained, total := P.Gained(v)
			w = 3*gained > total
		}
		recs = P.AppendFragment(recs, v, !w)
		ends = append(ends, len(recs))
		whole = append(whole, w)
	})
	r := s.cur
	type out struct {
		q    int
		key  []byte
		msgs []byte
	}
	var outs []out
	// A batch entry: kind, key and value, each with a uvarint length.
	size := 64 + len(recs) + len(ends)*(1+5+2*binary.MaxVarintLen32)
	for q := range s.parts {
		if msgs := P.TakeOutbox(q); msgs != nil {
			r.seq++
			outs = append(outs, out{q, keyMsg(q, uint32(p), r.epoch, r.seq), msgs})
			size += 1 + len(outs[len(outs)-1].key) + len(msgs) + 2*binary.MaxVarintLen32
		}
	}
	size += len(consumed) * 2 * (1 + 21 + binary.MaxVarintLen32)
	b := s.db.NewBatchWithSize(size + 4<<10)
	started := false
	defer func() {
		if !started {
			b.Close()
		}
	}()
	i, at := 0, 0
	P.Dirty(func(v uint32) {
		if whole[i] {
			rec.Bytes += int64(ends[i]-at) - int64(s.cur.sizes[v-lo])
			b.Set(keyVertex(v), recs[at:ends[i]], nil)
		} else {
			rec.Bytes += int64(ends[i] - at)
			b.Merge(keyVertex(v), recs[at:ends[i]], nil)
		}
		at = ends[i]
		if i++; i == 64 {
			crash.Point("batch")
		}
	})
	P.ClearDirty()
	for _, o := range outs {
		b.Set(o.key, o.msgs, nil)
		work[o.q] = true
	}
	for src, epoch := range consumed {
		b.DeleteRange(keyMsg(p, src, 0, 0), keyMsg(p, src, epoch+1, 0), nil)
	}
	derived, apps := P.Counters()
	rec.Epoch++
	rec.Stored += derived
	rec.Rebuild = false
	data, _ := json.Marshal(rec)
	b.Set(keyPart(p), data, nil)
	// The commit is applied and its log write synced in the background
	// while the next step loads, gathers and processes (the records it
	// reads are its own, which this commit does not write), and waited
	// for before the store is written again. The chunk for the partition
	// that steps next goes to it from memory.
	if err := s.waitSync(); err != nil {
		return err
	}
	c := &commit{b: b, p: p, next: -1}
	if q := nextWork(work, p); q >= 0 {
		for _, o := range outs {
			if o.q == q {
				c.next, c.key, c.msgs = q, o.key, o.msgs
			}
		}
	}
	s.startCommit(c)
	started = true
	s.parts[p] = rec
	s.stats.Applications += apps
	// Growth per message byte, for preSplit; pending bytes per partition.
	s.grownBytes += rec.Bytes - bytes0
	s.msgBytes += msgBytes
	s.pend[p] = 0
	for _, o := range outs {
		s.pend[o.q] += int64(len(o.msgs))
	}
	for q, n := range r.spilled {
		s.pend[q] += n
	}
	crash.Point("commit")
	return nil
}

// maxFragments is the number of fragments past which a changed vertex's
// record is rewritten whole: each fragment costs every later load a
// decode and a union.
const maxFragments = 4

// nextWork is the partition after p with work, in the order Solve visits
// them (wrapping to the next round), or -1.
func nextWork(work []bool, p int) int {
	for i := 1; i <= len(work); i++ {
		if q := (p + i) % len(work); work[q] {
			return q
		}
	}
	return -1
}

// inbound is the commit in flight if it sent a chunk to partition p.
func (s *Store) inbound(p int) *commit {
	if c := s.committing; c != nil && c.next == p && c.msgs != nil {
		return c
	}
	return nil
}

// scanMsgs calls fn with each worklist chunk waiting for partition p in
// the store (the key is only valid during the call), and then with in's
// chunk (when non-nil) from memory: in is the commit still being applied
// (inbound), which the store may or may not hold yet, so its stored copy
// is skipped.
func (s *Store) scanMsgs(p int, in *commit, fn func(key, msgs []byte) error) error {
	if err := s.scanStoredMsgs(p, in, fn); err != nil {
		return err
	}
	if in != nil {
		return fn(in.key, in.msgs)
	}
	return nil
}

func (s *Store) scanStoredMsgs(p int, skip *commit, fn func(key, msgs []byte) error) error {
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: keyMsgs(p), UpperBound: keyMsgs(p + 1)})
	if err != nil {
		return s.wrapIO(err)
	}
	for it.First(); it.Valid(); it.Next() {
		if skip != nil && bytes.Equal(it.Key(), skip.key) {
			continue
		}
		v, err := it.ValueAndErr()
		if err != nil {
			it.Close()
			return s.wrapIO(err)
		}
		if err := fn(it.Key(), v); err != nil {
			it.Close()
			return err
		}
	}
	return s.wrapIO(it.Close())
}

// prefetchTargets loads, in one ascending pass over partition p's
// records [lo, hi), every vertex that a waiting chunk sends halves to.
// Gathering chunk by chunk would fetch each chunk's targets in its own
// ascending pass: the step iterator then seeks backwards at every chunk,
// and a table block that holds targets of several chunks is read once per
// chunk.
func (s *Store) prefetchTargets(P *edgecentric.Partition, p int, lo, hi uint32, in *commit) error {
	want := make([]uint64, (hi-lo+63)/64)
	n := 0
	targets := func(key, msgs []byte) error {
		err := s.k.Targets(msgs, func(v uint32, _ int) {
			if v >= lo && v < hi {
				i := v - lo
				if want[i>>6]&(1<<(i&63)) == 0 {
					want[i>>6] |= 1 << (i & 63)
					n++
				}
			}
		})
		if err != nil {
			return s.corrupt("worklist chunk %x for partition %d: %v", key, p, err)
		}
		return nil
	}
	if err := s.scanMsgs(p, in, targets); err != nil {
		return err
	}
	vs := make([]uint32, 0, n)
	for i, w := range want {
		for w != 0 {
			vs = append(vs, lo+uint32(i*64+bits.TrailingZeros64(w)))
			w &= w - 1
		}
	}
	// A vertex with no record loads as empty, so that Gather does not
	// look for it again.
	return s.fetchRecords(vs, []byte{}, func(v uint32, rec []byte) error {
		if err := P.Load(v, rec); err != nil {
			return s.corrupt("%v", err)
		}
		return nil
	})
}

// loadPartition reads partition [lo, hi)'s vertices into P.
func (s *Store) loadPartition(P *edgecentric.Partition, lo, hi uint32) error {
	if lo >= hi {
		return nil // scan reads to the end when hi is 0
	}
	return s.scan(lo, hi, func(u uint32, v []byte) error {
		s.noteSize(u, len(v))
		if err := P.Load(u, v); err != nil {
			return s.corrupt("%v", err)
		}
		return nil
	})
}

// Add seeds g's edges as more input: a following Solve continues from the
// stored closure to the closure of all input so far. g must number
// vertices as the store's graph does; new vertices may appear.
func (s *Store) Add(g *graph.Graph) (err error) {
	if s.broken {
		return fmt.Errorf("%s: reopen the store after a storage error", s.dir)
	}
	defer s.recoverFatal(&err)
	if g.Names != nil {
		return errors.New("outofcore: graphs with named vertices are not supported yet; number the vertices")
	}
	old := s.k
	labels := old.Labels()
	k, err := s.kernel(g, labels, s.cfg.NumVertices)
	if err != nil {
		return err
	}
	// Labels whose in-lists the new labels make necessary get them
	// rebuilt from the stored out-lists, partition by partition (a
	// rebuild an earlier Add left unfinished keeps its labels).
	pending := false
	for _, p := range s.parts {
		pending = pending || p.Rebuild
	}
	if !pending {
		s.cfg.Rebuild = nil
	}
	rebuild := false
	for l := range labels {
		if k.KeepIn(l) && !old.KeepIn(l) {
			s.cfg.Rebuild = append(s.cfg.Rebuild, uint32(l))
			rebuild = true
		}
	}
	s.k = k
	b := s.db.NewBatch()
	defer b.Close()
	s.cfg.Adds++
	s.cfg.InputEdges += int64(k.InputEdges())
	if err := s.seed(b, s.cfg.Adds); err != nil {
		return err
	}
	for p := range s.parts {
		if rebuild {
			s.parts[p].Rebuild = true
		}
		if err := s.setPart(b, p); err != nil {
			return err
		}
	}
	s.cfg.NumVertices = k.NumVertices()
	s.cfg.Input = s.cfg.Input.plus(graphDigest(g))
	s.setLabels()
	if err := s.setConfig(b); err != nil {
		return err
	}
	if err := s.waitSync(); err != nil {
		return err
	}
	if err := b.Commit(pebble.Sync); err != nil {
		return s.wrapIO(err)
	}
	return nil
}

// CheckInput reports whether g is the store's input graph (all input so
// far, base and additions).
func (s *Store) CheckInput(g *graph.Graph) error {
	if d := graphDigest(g); d != s.cfg.Input {
		return fmt.Errorf("%s: %w: the store was made from another graph (%d edges in the store's input, %d in this one)", s.dir, ErrMismatch, s.cfg.Input.N, d.N)
	}
	return nil
}

// SetProgress sets the function Solve calls after every partition commit.
func (s *Store) SetProgress(fn func(Stats)) { s.opts.Progress = fn }

func (s *Store) splitBytes() int64 {
	if s.opts.SplitBytes > 0 {
		return s.opts.SplitBytes
	}
	return s.opts.mem() / 20
}

// growth is the record bytes that one byte of messages has added, over
// this process's commits, or 0 before any.
func (s *Store) growth() float64 {
	if s.msgBytes == 0 {
		return 0
	}
	return max(0, float64(s.grownBytes)/float64(s.msgBytes))
}

// preSplit splits partition p before it is loaded when its records and
// the growth its waiting messages promise (at the rate seen so far) pass
// twice the split size: into pieces of about one split size each.
func (s *Store) preSplit(p int, work *[]bool) error {
	g := s.growth()
	S := s.splitBytes()
	if g == 0 || s.unsplittable[p] {
		return nil
	}
	grown := int64(g * float64(s.pend[p]))
	est := s.parts[p].Bytes + grown
	if est <= 2*S {
		return nil
	}
	s.stats.PreSplits++
	return s.splitInto(p, int((est+S-1)/S), grown, work)
}

// splitGrown splits partition p after its step was abandoned for
// outgrowing the budget: in two, weighing the waiting messages as the
// growth seen so far predicts (or, before any, as much as the records).
func (s *Store) splitGrown(p int, work *[]bool) error {
	// The abandoned attempt's spills are dropped: the step is redone.
	b := s.db.NewBatch()
	defer b.Close()
	for q := range s.parts {
		b.DeleteRange(keyMsg(q, uint32(p), s.parts[p].Epoch+1, 0), keyMsg(q, uint32(p), s.parts[p].Epoch+2, 0), nil)
	}
	if err := s.waitSync(); err != nil {
		return err
	}
	if err := b.Commit(pebble.Sync); err != nil {
		return s.wrapIO(err)
	}
	grown := int64(s.growth() * float64(s.pend[p]))
	if grown == 0 {
		grown = max(s.parts[p].Bytes, 1)
	}
	n := len(s.parts)
	if err := s.splitInto(p, 2, grown, work); err != nil {
		return err
	}
	if len(s.parts) == n {
		// Nothing to divide (one vertex holds it all): let the step run.
		s.unsplittable[p] = true
	}
	return nil
}

// split divides partition p into (up to) k partitions of about equal
// weight, a vertex's weight being its record's size plus its share of
// grown, spread over the vertices by the edge halves waiting for them.
// p keeps the lowest range; the others become new partitions. The
// messages waiting for p move to the new owners; all in one atomic
// batch, and the kernel is remade with the new bounds.
func (s *Store) splitInto(p, k int, grown int64, work *[]bool) error {
	lo, hi := s.k.Range(p)
	if hi-lo < 2 || k < 2 {
		return nil
	}
	// It reads p's records and messages: the last commit may write both.
	if err := s.waitSync(); err != nil {
		return err
	}
	k = min(k, int(hi-lo))
	weight := make([]float64, hi-lo)
	recBytes := make([]int64, hi-lo)
	var total float64
	if err := s.scanSizes(lo, hi, func(v uint32, n int) {
		recBytes[v-lo] = int64(n)
		weight[v-lo] = float64(n)
	}); err != nil {
		return err
	}
	if grown > 0 && s.pend[p] > 0 {
		var halves []int32
		var nh int64
		halves = make([]int32, hi-lo)
		if err := s.scanMsgs(p, nil, func(_ []byte, msgs []byte) error {
			return s.k.Targets(msgs, func(v uint32, n int) {
				if v >= lo && v < hi {
					halves[v-lo] += int32(min(n, 1<<20))
					nh += int64(n)
				}
			})
		}); err != nil {
			return err
		}
		if nh > 0 {
			per := float64(grown) / float64(nh)
			for i, h := range halves {
				weight[i] += per * float64(h)
			}
		}
	}
	for _, w := range weight {
		total += w
	}
	// Cuts at the k-quantiles of the weight (by vertex count when
	// nothing weighs anything).
	var cuts []uint32
	var cum float64
	next := 1
	for i := range weight {
		v := lo + uint32(i)
		if total == 0 {
			if i > 0 && uint64(i)*uint64(k) >= uint64(next)*uint64(hi-lo) {
				cuts = append(cuts, v)
				next++
			}
		} else if i > 0 && cum >= total*float64(next)/float64(k) {
			cuts = append(cuts, v)
			for next++; next < k && cum >= total*float64(next)/float64(k); next++ {
			}
		}
		if next >= k {
			break
		}
		cum += weight[i]
	}
	if len(cuts) == 0 {
		return nil // one vertex holds nearly everything: nothing to gain
	}
	sum := func(a, b uint32) int64 {
		var n int64
		for _, x := range recBytes[a-lo : b-lo] {
			n += x
		}
		return n
	}
	first := len(s.parts)
	rebuild := s.parts[p].Rebuild
	s.parts[p].Bytes = sum(lo, cuts[0])
	for i, c := range cuts {
		end := hi
		if i+1 < len(cuts) {
			end = cuts[i+1]
		}
		s.parts = append(s.parts, partRec{Lo: c, Bytes: sum(c, end), Rebuild: rebuild})
	}
	s.cfg.Partitions = len(s.parts)
	kern, err := s.kernel(nil, s.k.Labels(), s.cfg.NumVertices)
	if err != nil {
		return err
	}
	b := s.db.NewBatch()
	defer b.Close()
	// Move the waiting messages, keeping their source, epoch and
	// sequence number (which consumption and resume go by).
	moved := make([]int64, len(s.parts))
	if s.pend[p] > 0 {
		if err := s.scanMsgs(p, nil, func(key, msgs []byte) error {
			routed, err := kern.Route(msgs)
			if err != nil {
				return s.corrupt("worklist chunk %x for partition %d: %v", key, p, err)
			}
			_, src, epoch, _ := parseMsgKey(key)
			seq := binary.BigEndian.Uint32(key[17:])
			if routed[p] == nil {
				b.Delete(key, nil)
			}
			for q, m := range routed {
				if m != nil {
					b.Set(keyMsg(q, src, epoch, seq), m, nil)
					moved[q] += int64(len(m))
				}
			}
			return nil
		}); err != nil {
			return err
		}
	}
	for q := p; q < len(s.parts); q++ {
		if q == p || q >= first {
			if err := s.setPart(b, q); err != nil {
				return err
			}
		}
	}
	if err := s.setConfig(b); err != nil {
		return err
	}
	crash.Point("split")
	if err := s.waitSync(); err != nil {
		return err
	}
	if err := b.Commit(pebble.Sync); err != nil {
		return s.wrapIO(err)
	}
	s.k = kern
	s.pend = append(s.pend, make([]int64, len(s.parts)-first)...)
	*work = append(*work, make([]bool, len(s.parts)-first)...)
	// (Whether messages were moved is decided before p's count is
	// overwritten: testing s.pend[p] in the loop left the new
	// partitions' counts at 0, and their messages unmoved by their own
	// next split, when none stayed with p.)
	scanned := s.pend[p] > 0
	for q := range moved {
		if q == p || q >= first {
			if scanned {
				s.pend[q] = moved[q]
			}
			(*work)[q] = moved[q] > 0 || rebuild
		}
	}
	s.stats.Splits += len(s.parts) - first
	s.stats.Partitions = len(s.parts)
	return nil
}

// scanSizes calls fn with each vertex record's size in [lo, hi).
func (s *Store) scanSizes(lo, hi uint32, fn func(v uint32, n int)) error {
	return s.scan(lo, hi, func(v uint32, rec []byte) error {
		fn(v, len(rec))
		return nil
	})
}
