package outofcore

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
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
	s.stats.Partitions = len(s.parts)
	s.stats.InputEdges = s.cfg.InputEdges
	for {
		loads := 0
		for p := 0; p < len(s.parts); p++ {
			if !work[p] {
				continue
			}
			if loads == 0 {
				s.stats.Rounds++
				s.stats.LoadsPerRound = append(s.stats.LoadsPerRound, 0)
			}
			loads++
			s.stats.Loads++
			s.stats.LoadsPerRound[len(s.stats.LoadsPerRound)-1]++
			if err := s.step(ctx, p, work); err != nil {
				return err
			}
			work[p] = false
			if s.parts[p].Bytes > s.splitBytes() {
				if err := s.split(p); err != nil {
					return err
				}
				work = append(work, false)
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
// rebuild.
func (s *Store) pendingWork() ([]bool, error) {
	work := make([]bool, len(s.parts))
	for p, rec := range s.parts {
		work[p] = rec.Rebuild
	}
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: []byte{'w'}, UpperBound: []byte{'x'}})
	if err != nil {
		return nil, s.wrapIO(err)
	}
	for it.First(); it.Valid(); {
		dst, _, _, ok := parseMsgKey(it.Key())
		if !ok || dst >= len(work) {
			it.Close()
			return nil, s.corrupt("bad worklist key %x", it.Key())
		}
		work[dst] = true
		it.SeekGE(keyMsgs(dst + 1))
	}
	return work, s.wrapIO(it.Close())
}

// resident is the partition being processed, for the spill callback.
type resident struct {
	p     int
	epoch uint64
	seq   uint32
	work  []bool
	// sizes are the stored record sizes of the vertices read.
	sizes map[uint32]int
}

func (s *Store) noteSize(v uint32, n int) {
	if s.cur != nil {
		s.cur.sizes[v] = n
	}
}

func (s *Store) spill(q int, msgs []byte) error {
	r := s.cur
	if r == nil {
		return errors.New("outofcore: spill outside a partition step")
	}
	r.seq++
	if err := s.db.Set(keyMsg(q, uint32(r.p), r.epoch, r.seq), msgs, pebble.NoSync); err != nil {
		return s.wrapIO(err)
	}
	r.work[q] = true
	s.stats.Spills++
	crash.Point("spill")
	return nil
}

// step loads partition p, gathers its messages, processes it and commits.
func (s *Store) step(ctx context.Context, p int, work []bool) error {
	rec := s.parts[p]
	s.cur = &resident{p: p, epoch: rec.Epoch + 1, work: work, sizes: map[uint32]int{}}
	defer func() { s.cur = nil }()
	P := s.k.NewPartition(p)
	if rec.Rebuild {
		// A rebuild reads every out-list: load the partition in one scan.
		lo, hi := s.k.Range(p)
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
	}
	// Gather: every chunk for p, one source after another.
	consumed := map[uint32]uint64{}
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: keyMsgs(p), UpperBound: keyMsgs(p + 1)})
	if err != nil {
		return s.wrapIO(err)
	}
	for it.First(); it.Valid(); it.Next() {
		_, src, epoch, ok := parseMsgKey(it.Key())
		if !ok {
			it.Close()
			return s.corrupt("bad worklist key %x", it.Key())
		}
		v, err := it.ValueAndErr()
		if err != nil {
			it.Close()
			return s.wrapIO(err)
		}
		if err := P.Gather(ctx, v); err != nil {
			key := bytes.Clone(it.Key())
			it.Close()
			if ctx.Err() != nil {
				return err
			}
			return s.corrupt("worklist chunk %x for partition %d: %v", key, p, err)
		}
		consumed[src] = max(consumed[src], epoch)
		crash.Point("gather")
	}
	if err := it.Close(); err != nil {
		return s.wrapIO(err)
	}
	if err := P.Process(ctx); err != nil {
		if errors.Is(err, edgecentric.ErrMalformed) {
			return s.corrupt("partition %d: %v", p, err)
		}
		return err
	}
	// Commit: changed vertices, outgoing messages, consumed messages
	// deleted, the partition record; all or nothing.
	b := s.db.NewBatch()
	defer b.Close()
	var buf []byte
	half := 0
	P.Dirty(func(v uint32) {
		buf = P.AppendVertex(buf[:0], v)
		rec.Bytes += int64(len(buf) - s.cur.sizes[v])
		b.Set(keyVertex(v), buf, nil)
		if half++; half == 64 {
			crash.Point("batch")
		}
	})
	P.ClearDirty()
	r := s.cur
	for q := range s.parts {
		if msgs := P.TakeOutbox(q); msgs != nil {
			r.seq++
			b.Set(keyMsg(q, uint32(p), r.epoch, r.seq), msgs, nil)
			work[q] = true
		}
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
	if err := b.Commit(pebble.Sync); err != nil {
		return s.wrapIO(err)
	}
	s.parts[p] = rec
	s.stats.Applications += apps
	crash.Point("commit")
	return nil
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

// split divides partition p, which has just committed (so no messages wait
// for it), at the vertex that halves its record bytes: the upper half
// becomes a new partition. One atomic batch; the kernel is remade with the
// new bounds.
func (s *Store) split(p int) error {
	lo, hi := s.k.Range(p)
	if hi-lo < 2 {
		return nil
	}
	var total int64
	if err := s.scanSizes(lo, hi, func(_ uint32, n int) { total += int64(n) }); err != nil {
		return err
	}
	mid, left := hi, int64(0)
	if err := s.scanSizes(lo, hi, func(v uint32, n int) {
		if mid == hi && left+int64(n) > total/2 && v > lo {
			mid = v
		}
		if mid == hi {
			left += int64(n)
		}
	}); err != nil {
		return err
	}
	if mid == hi {
		return nil // one vertex holds more than half: nothing to gain
	}
	s.parts[p].Bytes = left
	s.parts = append(s.parts, partRec{Lo: mid, Bytes: total - left})
	s.cfg.Partitions = len(s.parts)
	b := s.db.NewBatch()
	defer b.Close()
	if err := s.setPart(b, p); err != nil {
		return err
	}
	if err := s.setPart(b, len(s.parts)-1); err != nil {
		return err
	}
	if err := s.setConfig(b); err != nil {
		return err
	}
	if err := b.Commit(pebble.Sync); err != nil {
		return s.wrapIO(err)
	}
	k, err := s.kernel(nil, s.k.Labels(), s.cfg.NumVertices)
	if err != nil {
		return err
	}
	s.k = k
	s.stats.Splits++
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
