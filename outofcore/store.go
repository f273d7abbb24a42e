package outofcore

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	"github.com/cockroachdb/pebble/v2"
	"github.com/cockroachdb/pebble/v2/sstable"
	"github.com/cockroachdb/pebble/v2/vfs"

	"github.com/cflr/cflr/edgecentric"
	"github.com/cflr/cflr/grammar"
	"github.com/cflr/cflr/graph"
	"github.com/cflr/cflr/outofcore/internal/crash"
)

// formatVersion changes whenever the key layout or an encoding does.
const formatVersion = 2

// seedSource is the source id of input-edge messages.
const seedSource = 0xffffffff

var keyConfig = []byte("mconfig")

func keyVertex(v uint32) []byte { return binary.BigEndian.AppendUint32([]byte{'a'}, v) }

func keyPart(p int) []byte { return binary.BigEndian.AppendUint32([]byte{'p'}, uint32(p)) }

func keyMsgs(dst int) []byte { return binary.BigEndian.AppendUint32([]byte{'w'}, uint32(dst)) }

func keyMsgsFrom(dst int, src uint32) []byte {
	return binary.BigEndian.AppendUint32(keyMsgs(dst), src)
}

func keyMsg(dst int, src uint32, epoch uint64, seq uint32) []byte {
	k := binary.BigEndian.AppendUint64(keyMsgsFrom(dst, src), epoch)
	return binary.BigEndian.AppendUint32(k, seq)
}

// parseMsgKey splits a w key.
func parseMsgKey(k []byte) (dst int, src uint32, epoch uint64, ok bool) {
	if len(k) != 21 || k[0] != 'w' {
		return 0, 0, 0, false
	}
	return int(binary.BigEndian.Uint32(k[1:])), binary.BigEndian.Uint32(k[5:]), binary.BigEndian.Uint64(k[9:]), true
}

// prefixEnd is the first key after every key with prefix p.
func prefixEnd(p []byte) []byte {
	e := bytes.Clone(p)
	for i := len(e) - 1; i >= 0; i-- {
		if e[i]++; e[i] != 0 {
			return e[:i+1]
		}
	}
	return nil
}

// config is the store's identity and shape.
type config struct {
	Version int
	// Grammar is the grammar's source (cflr's language); GrammarDigest
	// digests its normal form, which fixes the symbols' names.
	Grammar       string
	GrammarDigest string
	Labels        []storedLabel
	NumVertices   uint32
	Chunk         uint32
	// Partitions counts the partition records (more after splits).
	Partitions int
	InputEdges int64
	// Input digests the input edges (order-independent), Adds counts
	// Add calls.
	Input digest
	Adds  uint64
	// Rebuild lists the labels whose in-lists partitions with
	// partRec.Rebuild set must rebuild.
	Rebuild []uint32 `json:",omitempty"`
}

type storedLabel struct {
	Sym    string
	Index  uint32
	KeepIn bool `json:",omitempty"`
}

// partRec is a partition's record.
type partRec struct {
	// Lo is the partition's lowest vertex; it runs up to the next higher
	// Lo of any partition.
	Lo uint32
	// Bytes is the size of its vertex records (splits go by it).
	Bytes int64
	// Epoch counts the partition's commits.
	Epoch uint64
	// Stored counts its vertices' stored out-edges.
	Stored int64
	// Rebuild is set when in-lists must be rebuilt from its out-lists
	// (after Add) before it processes anything.
	Rebuild bool `json:",omitempty"`
}

// digest is an order-independent digest of a set of edges.
type digest struct {
	N        int64
	Sum, Xor uint64
}

func (d *digest) add(h uint64) {
	h ^= h >> 31
	h *= 0x94d049bb133111eb
	h ^= h >> 29
	d.N++
	d.Sum += h
	d.Xor ^= h
}

func (d digest) plus(o digest) digest {
	return digest{d.N + o.N, d.Sum + o.Sum, d.Xor ^ o.Xor}
}

// graphDigest digests g's edges by label name, so that two files with the
// same edges in any order agree.
func graphDigest(g *graph.Graph) digest {
	lh := make([]uint64, len(g.Labels))
	for i, name := range g.Labels {
		h := fnv.New64a()
		h.Write([]byte(name))
		lh[i] = h.Sum64()
	}
	var d digest
	for _, e := range g.Edges {
		d.add(uint64(e.Src)*0x9e3779b97f4a7c15 ^ uint64(e.Dst)*0xc2b2ae3d27d4eb4f ^ lh[e.Label]*0x165667b19e3779f9 ^ uint64(e.Index)*0x27d4eb2f165667c5)
	}
	return d
}

func grammarDigest(norm *grammar.Grammar) string {
	h := fnv.New128a()
	h.Write([]byte(norm.String()))
	return fmt.Sprintf("%x", h.Sum(nil))
}

// Store is a work directory's pebble store.
type Store struct {
	dir  string
	db   *pebble.DB
	fs   *crash.FS
	opts Options
	cfg  config
	gr   *grammar.Grammar // normalized
	k    *edgecentric.Kernel
	// parts are the partition records as committed.
	parts []partRec
	cache *pebble.Cache

	// stats accumulates over this process's solves.
	stats Stats
	// cur is the partition being processed.
	cur *resident
	// pend counts the bytes of messages waiting for each partition;
	// grownBytes and msgBytes are the record bytes this process's commits
	// added and the message bytes they consumed (see preSplit).
	pend                 []int64
	grownBytes, msgBytes int64
	// unsplittable marks partitions that a split could not divide.
	unsplittable map[int]bool
	// broken is set after a fatal pebble error.
	broken bool
	// committing is the last step's commit while it is applied and its
	// log write syncs.
	committing *commit
	// lastSync is when the last synced commit started; unsynced is set
	// while commits since then were applied without a sync.
	lastSync time.Time
	unsynced bool
}

// commit is a step's commit batch, applied and synced on its own
// goroutine while the next step reads and works.
type commit struct {
	b    *pebble.Batch
	p    int
	done chan error
	// next, key and msgs: the chunk the commit sends to the partition
	// expected to step next, which that step gathers from here (the
	// store may not hold it yet).
	next int
	key  []byte
	msgs []byte
}

// ErrExists is returned by Create when the directory already holds a store.
var ErrExists = errors.New("already holds a store")

// ErrNoStore is returned by Open when the directory holds no store.
var ErrNoStore = errors.New("holds no store")

// ErrMismatch wraps errors about a store that another grammar or graph
// wrote.
var ErrMismatch = errors.New("store mismatch")

// ErrCorrupt wraps errors about damaged stores.
var ErrCorrupt = errors.New("store corrupted")

func (s *Store) corrupt(format string, args ...any) error {
	return fmt.Errorf("%s: %w: %s", s.dir, ErrCorrupt, fmt.Sprintf(format, args...))
}

// wrapIO names the directory in a storage error and says plainly when the
// disk is full.
func (s *Store) wrapIO(err error) error {
	switch {
	case err == nil:
		return nil
	case crash.IsNoSpace(err):
		return fmt.Errorf("%s: disk full: the store is intact; free space and continue with --resume: %w", s.dir, err)
	case errors.Is(err, pebble.ErrCorruption) || pebble.IsCorruptionError(err):
		return fmt.Errorf("%s: %w: %v", s.dir, ErrCorrupt, err)
	}
	return fmt.Errorf("%s: %w", s.dir, err)
}

func openDB(dir string, o *Options, create bool) (*Store, error) {
	mem := o.mem()
	s := &Store{dir: dir, fs: crash.NewFS(vfs.Default)}
	if o != nil {
		s.opts = *o
	}
	if s.opts.fs != nil {
		s.opts.fs(s.fs)
	}
	s.cache = pebble.NewCache(cacheSize(mem))
	memtable := uint64(memtableSize(mem))
	po := &pebble.Options{
		FS:                          s.fs,
		Cache:                       s.cache,
		MemTableSize:                memtable,
		MemTableStopWritesThreshold: 2,
		L0CompactionThreshold:       4,
		ErrorIfExists:               create,
		ErrorIfNotExists:            !create,
		Logger:                      quietLogger{},
		// Damaged table blocks surface as errors from the read that met
		// them (pebble's default handler would end the process).
		EventListener: &pebble.EventListener{DataCorruption: func(pebble.DataCorruptionInfo) {}},
	}
	po.EnsureDefaults()
	// Every step appends to or rewrites its partition's changed records,
	// and the versions they replace must be compacted away: with L0
	// compacted straight into the bottom level (while the store is below
	// LBaseMaxBytes) and only once 16 files wait, flushes and compactions
	// write far less than with pebble's defaults (i3.vfg at 88 MiB: 2.4
	// GiB with the defaults and whole records, 1.8 with 8 files; with
	// fragments 1.33 with 8 files, 0.95 with 16; psql.vfg at 104 MiB 2.6
	// -> 1.7 GiB), at the same speed and peak RSS (device host, 2 cores,
	// 2 pairs each; 32 files took i3.vfg to 1.2x the budget).
	po.LBaseMaxBytes = max(po.LBaseMaxBytes, mem)
	po.L0CompactionThreshold = 16
	po.L0StopWritesThreshold = max(po.L0StopWritesThreshold, 32)
	// Records are already compact (uvarint gaps, roaring containers):
	// block compression would cost a decompression per cached read.
	// Data blocks of 16 KiB rather than 4: a vertex fetch that misses
	// the (small) block cache costs a read system call per block, and
	// one step's fetches fall into fewer, larger blocks (i3.vfg at 88
	// MiB: 10-15% less CPU, though 15-30% more bytes read).
	for i := range po.Levels {
		po.Levels[i].Compression = func() *sstable.CompressionProfile { return sstable.NoCompression }
		po.Levels[i].BlockSize = 16 << 10
	}
	db, err := pebble.Open(dir, po)
	if err != nil {
		s.cache.Unref()
		switch {
		case errors.Is(err, pebble.ErrDBAlreadyExists):
			return nil, fmt.Errorf("%s %w; continue it with --resume, add edges with --add, or remove the directory", dir, ErrExists)
		case errors.Is(err, pebble.ErrDBDoesNotExist):
			return nil, fmt.Errorf("%s %w", dir, ErrNoStore)
		}
		return nil, s.wrapIO(err)
	}
	s.db = db
	return s, nil
}

// Close closes the store.
func (s *Store) Close() (err error) {
	if s.db == nil {
		return nil
	}
	defer s.recoverFatal(&err)
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(*fatalError); !ok && !s.broken {
				panic(r)
			}
			// pebble refuses to close after a fatal error; its files
			// are consistent on disk all the same.
			s.db = nil
			s.cache.Unref()
			err = fmt.Errorf("%s: closed after an earlier storage error", s.dir)
		}
	}()
	werr := s.syncLog()
	err = s.wrapIO(s.db.Close())
	s.db = nil
	s.cache.Unref()
	if werr != nil {
		return werr
	}
	return err
}

// Create makes a new store in dir for graph g under grammar gr and seeds it
// with g's edges; Solve then computes the closure. dir must not hold a
// store.
func Create(dir string, g *graph.Graph, gr *grammar.Grammar, o *Options) (_ *Store, err error) {
	if g.Names != nil {
		return nil, errors.New("outofcore: graphs with named vertices are not supported yet; number the vertices")
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	if ents, _ := os.ReadDir(dir); len(ents) > 0 {
		if _, err := os.Stat(filepath.Join(dir, "CURRENT")); err == nil || !isPebbleDir(dir) {
			if err == nil {
				return nil, fmt.Errorf("%s %w; continue it with --resume, add edges with --add, or remove the directory", dir, ErrExists)
			}
			return nil, fmt.Errorf("%s is not empty and holds no store", dir)
		}
	}
	norm, err := gr.Normalize()
	if err != nil {
		return nil, err
	}
	s, err := openDB(dir, o, true)
	if err != nil {
		return nil, err
	}
	mem := s.opts.mem()
	np := s.opts.Partitions
	if np <= 0 {
		np = defaultPartitions(g, mem)
	}
	n := max(g.NumVertices, 1)
	chunk := max(1, (n+uint32(np)-1)/uint32(np))
	s.gr, s.cfg.Chunk = norm, chunk
	for lo := uint32(0); lo < n; lo += chunk {
		s.parts = append(s.parts, partRec{Lo: lo})
		if lo+chunk < lo {
			break
		}
	}
	k, err := s.kernel(g, nil, n)
	if err != nil {
		s.Close()
		return nil, err
	}
	s.k = k
	s.cfg = config{Version: formatVersion, Grammar: gr.String(), GrammarDigest: grammarDigest(norm),
		NumVertices: k.NumVertices(), Chunk: chunk, Partitions: len(s.parts), InputEdges: int64(k.InputEdges()), Input: graphDigest(g)}
	s.setLabels()
	b := s.db.NewBatch()
	for p := range s.parts {
		if err := s.setPart(b, p); err != nil {
			return nil, err
		}
	}
	if err := s.seed(b, 0); err != nil {
		s.Close()
		return nil, err
	}
	if err := s.setConfig(b); err != nil {
		s.Close()
		return nil, err
	}
	if err := b.Commit(pebble.Sync); err != nil {
		s.Close()
		return nil, s.wrapIO(err)
	}
	return s, nil
}

func isPebbleDir(dir string) bool {
	m, _ := filepath.Glob(filepath.Join(dir, "MANIFEST-*"))
	return len(m) > 0
}

// defaultPartitions sizes partitions from the budget: the closure is not
// known in advance, so guess that it grows to 64 bytes of resident sets
// per input edge, and give a partition a third of the budget.
func defaultPartitions(g *graph.Graph, mem int64) int {
	est := int64(len(g.Edges)) * 64
	np := int((est + mem/3 - 1) / (mem / 3))
	return max(4, np)
}

func (s *Store) setLabels() {
	ls := s.k.Labels()
	s.cfg.Labels = make([]storedLabel, len(ls))
	for i, l := range ls {
		s.cfg.Labels[i] = storedLabel{Sym: s.gr.Name(l.Sym), Index: l.Index, KeepIn: s.k.KeepIn(i)}
	}
}

func (s *Store) setConfig(b *pebble.Batch) error {
	data, err := json.Marshal(s.cfg)
	if err != nil {
		return err
	}
	return b.Set(keyConfig, data, nil)
}

func (s *Store) setPart(b *pebble.Batch, p int) error {
	data, err := json.Marshal(s.parts[p])
	if err != nil {
		return err
	}
	return b.Set(keyPart(p), data, nil)
}

// seed writes the kernel's input-edge messages as add generation gen.
func (s *Store) seed(b *pebble.Batch, gen uint64) error {
	for q, msgs := range s.k.Seed() {
		if msgs != nil {
			if err := b.Set(keyMsg(q, seedSource, gen, 0), msgs, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// Open opens the store in dir. gr, if non-nil, must be the grammar the
// store was made with (Open checks); otherwise the stored one is used.
func Open(dir string, gr *grammar.Grammar, o *Options) (*Store, error) {
	s, err := openDB(dir, o, false)
	if err != nil {
		return nil, err
	}
	if err := s.load(gr); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// fetch reads one vertex's record for a lazily loaded partition: during
// a step, through one iterator over the partition's records, kept for the
// step (faults come by the thousand; an iterator per read costs more than
// the seek). Only the step's own commit writes those records.
func (s *Store) fetch(v uint32) ([]byte, error) {
	r := s.cur
	if r == nil || r.p != s.k.Owner(v) {
		if c := s.committing; c != nil && c.p == s.k.Owner(v) {
			if err := s.waitSync(); err != nil {
				return nil, err
			}
		}
		rec, err := s.get(keyVertex(v))
		if errors.Is(err, pebble.ErrNotFound) {
			return nil, nil
		}
		s.stats.VertexFetches++
		s.noteSize(v, len(rec))
		return rec, s.wrapIO(err)
	}
	it, err := s.stepIter()
	if err != nil {
		return nil, err
	}
	key := keyVertex(v)
	if !it.SeekGE(key) || !bytes.Equal(it.Key(), key) {
		return nil, s.wrapIO(it.Error())
	}
	rec, err := it.ValueAndErr()
	if err != nil {
		return nil, s.wrapIO(err)
	}
	s.stats.VertexFetches++
	s.noteSize(v, len(rec))
	return rec, nil
}

// stepIter is the iterator over the records of the partition being
// processed, made on first use and closed with the step. Vertex reads come
// by the thousand per step (message targets and faults): one iterator for
// the step costs less than one per read. Only the step's own commit
// writes those records.
func (s *Store) stepIter() (*pebble.Iterator, error) {
	r := s.cur
	if r.it == nil {
		lo, hi := s.k.Range(r.p)
		it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: keyVertex(lo), UpperBound: keyVertex(hi)})
		if err != nil {
			return nil, s.wrapIO(err)
		}
		r.it = it
	}
	return r.it, nil
}

// fetchMany reads the records of vertices vs (ascending, all in the
// partition being processed), calling load for each that has one.
func (s *Store) fetchMany(vs []uint32, load func(v uint32, rec []byte) error) error {
	return s.fetchRecords(vs, nil, load)
}

// fetchRecords reads the records of vertices vs (ascending, all in the
// partition being processed) in one pass of the step's iterator, calling
// load with each record, or with missing (when non-nil) for a vertex
// that has none.
func (s *Store) fetchRecords(vs []uint32, missing []byte, load func(v uint32, rec []byte) error) error {
	if len(vs) == 0 {
		return nil
	}
	if s.cur == nil || s.cur.p != s.k.Owner(vs[0]) {
		return errors.New("outofcore: fetchMany outside its partition's step")
	}
	it, err := s.stepIter()
	if err != nil {
		return err
	}
	var key [5]byte
	key[0] = 'a'
	for _, v := range vs {
		binary.BigEndian.PutUint32(key[1:], v)
		rec := missing
		if it.SeekGE(key[:]) && bytes.Equal(it.Key(), key[:]) {
			if rec, err = it.ValueAndErr(); err != nil {
				return s.wrapIO(err)
			}
			s.stats.VertexFetches++
			s.noteSize(v, len(rec))
		} else if err := it.Error(); err != nil {
			return s.wrapIO(err)
		}
		if rec != nil {
			if err := load(v, rec); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *Store) get(key []byte) ([]byte, error) {
	v, c, err := s.db.Get(key)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	return bytes.Clone(v), nil
}

// load reads the configuration and partition records and removes what
// uncommitted attempts left.
func (s *Store) load(gr *grammar.Grammar) error {
	data, err := s.get(keyConfig)
	if errors.Is(err, pebble.ErrNotFound) {
		return s.corrupt("no configuration record")
	}
	if err != nil {
		return s.wrapIO(err)
	}
	if err := json.Unmarshal(data, &s.cfg); err != nil {
		return s.corrupt("configuration: %v", err)
	}
	if s.cfg.Version != formatVersion {
		return fmt.Errorf("%s: store format %d; this cflr reads format %d: solve again in a new directory, or read it with the cflr that wrote it", s.dir, s.cfg.Version, formatVersion)
	}
	stored, err := grammar.Parse(filepath.Join(s.dir, "grammar"), []byte(s.cfg.Grammar))
	if err != nil {
		return s.corrupt("stored grammar: %v", err)
	}
	norm, err := stored.Normalize()
	if err != nil {
		return s.corrupt("stored grammar: %v", err)
	}
	if grammarDigest(norm) != s.cfg.GrammarDigest {
		return s.corrupt("stored grammar does not match its digest")
	}
	if gr != nil {
		theirs, err := gr.Normalize()
		if err != nil {
			return err
		}
		if grammarDigest(theirs) != s.cfg.GrammarDigest {
			return fmt.Errorf("%s: %w: the store was solved under another grammar", s.dir, ErrMismatch)
		}
	}
	s.gr = norm
	labels := make([]edgecentric.Label, len(s.cfg.Labels))
	for i, l := range s.cfg.Labels {
		id, ok := norm.Lookup(l.Sym)
		if !ok {
			return s.corrupt("label %s is not a symbol of the stored grammar", l.Sym)
		}
		labels[i] = edgecentric.Label{Sym: id, Index: l.Index}
	}
	if s.cfg.Chunk == 0 || s.cfg.NumVertices == 0 {
		return s.corrupt("bad partition size")
	}
	if s.cfg.Partitions < 1 || s.cfg.Partitions > 1<<24 {
		return s.corrupt("bad partition count %d", s.cfg.Partitions)
	}
	s.parts = make([]partRec, s.cfg.Partitions)
	for p := range s.parts {
		data, err := s.get(keyPart(p))
		if err != nil {
			if errors.Is(err, pebble.ErrNotFound) {
				return s.corrupt("partition %d has no record", p)
			}
			return s.wrapIO(err)
		}
		if err := json.Unmarshal(data, &s.parts[p]); err != nil {
			return s.corrupt("partition %d record: %v", p, err)
		}
	}
	if s.k, err = s.kernel(nil, labels, s.cfg.NumVertices); err != nil {
		return s.corrupt("%v", err)
	}
	for i, l := range s.cfg.Labels {
		if s.k.KeepIn(i) != l.KeepIn {
			return s.corrupt("label %s[%d] in-lists disagree with the grammar", l.Sym, int32(l.Index))
		}
	}
	return s.dropUncommitted()
}

// dropUncommitted deletes worklist chunks written by attempts that did not
// commit (their epoch is past their source's).
func (s *Store) dropUncommitted() error {
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: []byte{'w'}, UpperBound: []byte{'x'}})
	if err != nil {
		return s.wrapIO(err)
	}
	b := s.db.NewBatch()
	for it.First(); it.Valid(); it.Next() {
		dst, src, epoch, ok := parseMsgKey(it.Key())
		if !ok || dst >= len(s.parts) || (src != seedSource && int(src) >= len(s.parts)) {
			it.Close()
			return s.corrupt("bad worklist key %x", it.Key())
		}
		if src != seedSource && epoch > s.parts[src].Epoch {
			b.Delete(bytes.Clone(it.Key()), nil)
		}
	}
	if err := it.Close(); err != nil {
		return s.wrapIO(err)
	}
	if b.Empty() {
		return nil
	}
	return s.wrapIO(b.Commit(pebble.Sync))
}

// kernel makes the store's kernel, with the worklist spill wired in.
func (s *Store) kernel(g *graph.Graph, labels []edgecentric.Label, n uint32) (*edgecentric.Kernel, error) {
	spill := s.opts.SpillBytes
	if spill <= 0 {
		spill = int(max(1<<20, s.opts.mem()/50))
	}
	bounds := make([]uint32, len(s.parts))
	for p, r := range s.parts {
		bounds[p] = r.Lo
	}
	return edgecentric.NewKernel(g, s.gr, edgecentric.KernelOptions{
		Labels: labels, NumVertices: n, Chunk: s.cfg.Chunk, Bounds: bounds,
		SpillBytes: spill, Spill: s.spill, Fetch: s.fetch, FetchMany: s.fetchMany, Grow: s.grow,
	})
}

// setMemoryLimit gives the Go heap a soft limit under the budget, leaving
// room for pebble's cache and memtables (allocated outside the Go heap).
func (s *Store) setMemoryLimit() func() {
	mem := s.opts.mem()
	// Outside the Go heap: pebble's cache and memtables, the binary, C
	// allocations (about 14 MiB measured for cflr with one malloc arena,
	// malloc_cgo.go; 24 MiB and more with glibc's default arenas).
	lim := mem - cacheSize(mem) - 3*memtableSize(mem) - 14<<20
	lim = max(lim, mem/2)
	old := debug.SetMemoryLimit(lim)
	// GOGC 200: the resident partition is garbage after every step, and
	// at the default the collector ran 30 times a second (i3.vfg at 88
	// MiB). Before one arena (malloc_cgo.go) freed 10-20 MiB outside the
	// Go heap, 200 took psql.vfg at 104 MiB to 1.24x the budget on a
	// loaded machine. A setting other than the default (GOGC, or the
	// program's) is kept.
	gc := debug.SetGCPercent(200)
	if gc != 100 {
		debug.SetGCPercent(gc)
	}
	return func() {
		debug.SetMemoryLimit(old)
		debug.SetGCPercent(gc)
	}
}

type quietLogger struct{}

func (quietLogger) Infof(string, ...any)  {}
func (quietLogger) Errorf(string, ...any) {}

// Fatalf is how pebble reports errors it cannot continue from, such as a
// failed write to its log when the disk is full: the panic carries them to
// recoverFatal at the Store's API boundary, which returns them as errors.
func (quietLogger) Fatalf(format string, args ...any) {
	f := &fatalError{msg: fmt.Sprintf("pebble: "+format, args...)}
	for _, a := range args {
		if err, ok := a.(error); ok {
			f.err = err
		}
	}
	panic(f)
}

type fatalError struct {
	msg string
	err error
}

func (f *fatalError) Error() string { return f.msg }
func (f *fatalError) Unwrap() error { return f.err }

// recoverFatal turns a pebble fatal error into *err; the store is then
// unusable until reopened (pebble stops after such errors).
func (s *Store) recoverFatal(err *error) {
	if r := recover(); r != nil {
		f, ok := r.(*fatalError)
		if !ok {
			panic(r)
		}
		s.broken = true
		*err = s.wrapIO(f)
	}
}

// cacheSize is pebble's block cache: an eighth of the budget (with a
// sixteenth, i3.vfg at 88 MiB read 3.6-4.1 GiB, with an eighth 2.9-3.1).
func cacheSize(mem int64) int64 { return max(1<<20, mem/8) }

func memtableSize(mem int64) int64 { return min(max(1<<20, mem/64), 64<<20) }
