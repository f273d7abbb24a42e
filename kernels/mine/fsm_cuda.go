//go:build cuda

package mine

import (
	"fmt"
	"math/bits"
	"time"

	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
)

// GPU FSM: MNI support computed by breadth-first extension on the device
// (fsm_extend, fsm_domain, fsm_keys in mine.cu); pattern growth and
// canonical forms stay on the host (grow, fsm.go). The algorithm is
// bfsSupport's (fsm_bfs.go), which the CPU tests check.

const (
	fsmBlockRows  = 256       // rows per dynamically allocated block (≥ 32)
	fsmRun        = 2048      // FSM_RUN in mine.cu
	fsmReserve    = 256 << 20 // device memory left free when no limit is set
	fsmMinCap     = 4096
	fsmMaxRows    = 1<<32 - 2 // row indices are u32; ^0 marks an empty slot
	fsmLevelSlots = 2 * MaxPatternSize
)

// fsmTable is one allocation of an embedding table column, on the device
// or in mapped pinned host memory.
type fsmTable struct {
	ptr   uint64
	bytes int64
	dev   *gpu.Buffer
	host  *gpu.HostBuffer
}

func (t *fsmTable) free() {
	if t.dev != nil {
		t.dev.Free()
	}
	if t.host != nil {
		t.host.Free()
	}
}

// fsmPool keeps table allocations between candidates: a level's tables are
// allocated and freed once per candidate pattern, and cuMemHostAlloc in
// particular costs milliseconds, more than a small candidate's kernels.
// devLive is the device memory held by tables, in use or idle, which the
// budget bounds.
type fsmPool struct {
	idle    []*fsmTable
	devLive int64
	keys    *gpu.HostBuffer // out-of-core key runs, grown as needed
}

const fsmPoolMax = 64 // idle tables kept

func (p *fsmPool) freeAll() {
	for _, t := range p.idle {
		t.free()
	}
	p.idle, p.devLive = nil, 0
	if p.keys != nil {
		p.keys.Free()
		p.keys = nil
	}
}

// put returns t to the pool, freeing the oldest idle table past fsmPoolMax.
func (p *fsmPool) put(t *fsmTable) {
	p.idle = append(p.idle, t)
	if len(p.idle) > fsmPoolMax {
		p.drop(0)
	}
}

func (p *fsmPool) drop(i int) {
	t := p.idle[i]
	if t.dev != nil {
		p.devLive -= t.bytes
	}
	t.free()
	p.idle = append(p.idle[:i], p.idle[i+1:]...)
}

// take returns an idle table of the placement asked for, of at least
// bytes and at most 4× as large, or nil.
func (p *fsmPool) take(bytes int64, dev bool) *fsmTable {
	for i, t := range p.idle {
		if (t.dev != nil) == dev && t.bytes >= bytes && t.bytes <= 4*bytes {
			p.idle = append(p.idle[:i], p.idle[i+1:]...)
			return t
		}
	}
	return nil
}

// fsmState holds one candidate's tables.
type fsmState struct {
	d      *GPU
	pool   *fsmPool
	budget int64 // device bytes the tables may take
	onHost bool  // some table of this candidate is in host memory
	tables []*fsmTable
}

// alloc places a table column: device memory while it fits the budget
// (and the device), else mapped pinned host memory (never managed memory).
// Sizes are rounded up to a power of two (≥ 4 KiB) so tables are reused.
func (s *fsmState) alloc(bytes int64) (*fsmTable, error) {
	bytes = max(4096, int64(1)<<bits.Len64(uint64(bytes-1)))
	p := s.pool
	if !s.d.opt.HostTables && bytes <= s.budget {
		if t := p.take(bytes, true); t != nil {
			s.tables = append(s.tables, t)
			return t, nil
		}
		for i := 0; i < len(p.idle) && p.devLive+bytes > s.budget; {
			if p.idle[i].dev != nil {
				p.drop(i)
			} else {
				i++
			}
		}
		if p.devLive+bytes <= s.budget {
			b, err := s.d.ctx.Alloc(bytes)
			if err == nil {
				t := &fsmTable{dev: b, ptr: b.Ptr(), bytes: bytes}
				p.devLive += bytes
				s.tables = append(s.tables, t)
				return t, nil
			}
			if !gpu.IsOutOfMemory(err) {
				return nil, err
			}
		}
	}
	s.onHost = true
	if t := p.take(bytes, false); t != nil {
		s.tables = append(s.tables, t)
		return t, nil
	}
	h, err := s.d.ctx.AllocHost(bytes, true)
	if err != nil {
		return nil, fmt.Errorf("mine: FSM table in host memory (%d bytes): %w", bytes, err)
	}
	t := &fsmTable{host: h, bytes: bytes}
	if t.ptr, err = h.DevicePtr(); err != nil {
		h.Free()
		return nil, err
	}
	s.tables = append(s.tables, t)
	return t, nil
}

// release returns one of the candidate's tables to the pool.
func (s *fsmState) release(t *fsmTable) {
	for i, x := range s.tables {
		if x == t {
			s.tables = append(s.tables[:i], s.tables[i+1:]...)
			break
		}
	}
	s.pool.put(t)
}

// done returns all the candidate's tables to the pool.
func (s *fsmState) done() {
	for _, t := range s.tables {
		s.pool.put(t)
	}
	s.tables = nil
}

// fsmGraph is the labeled graph on the device, its vertices by label, and
// the table pool.
type fsmGraph struct {
	g       *csr.Graph
	dg      *devGraph
	labels  *gpu.Buffer
	byLabel map[uint32][]uint32
	pool    fsmPool
	budget  int64
	ctr     *gpu.Buffer // fsm_extend's block and row counters
	grid    uint32      // blocks of 256 threads per launch
}

// MineMNI is MineMNI (fsm.go) with each candidate's MNI support computed
// on the GPU; g must be undirected with sorted neighbour lists (Undirected)
// and vertex-labeled. Results equal the CPU's.
func (d *GPU) MineMNI(g *csr.Graph, opt FSMOptions) ([]FrequentPattern, GPUStats, error) {
	var st GPUStats
	if g.Labels == nil {
		return nil, st, fmt.Errorf("mine: frequent subgraph mining needs a vertex-labeled graph")
	}
	t0 := time.Now()
	dg, err := d.uploadSrc(g, fsmReserve, false)
	if err != nil {
		return nil, st, err
	}
	defer dg.allocs.FreeAll()
	st.HostGraph = dg.host
	lab, err := dg.allocs.Alloc(d.ctx, max(int64(g.N)*4, 8))
	if err != nil {
		return nil, st, err
	}
	if err := gpu.Upload(lab, 0, g.Labels); err != nil {
		return nil, st, err
	}
	fg := &fsmGraph{g: g, dg: dg, labels: lab, byLabel: map[uint32][]uint32{}}
	defer fg.pool.freeAll()
	if fg.ctr, err = dg.allocs.Alloc(d.ctx, 16); err != nil {
		return nil, st, err
	}
	fg.grid = uint32(d.ctx.Info().SMs) * 8
	// The tables' device budget: the limit, or the memory free now less a
	// reserve (measured once: the pool's own tables lower it later).
	if fg.budget = d.opt.TableMemLimit; fg.budget <= 0 {
		free, _, err := d.ctx.MemInfo()
		if err != nil {
			return nil, st, err
		}
		fg.budget = free - fsmReserve
	}
	for v, l := range g.Labels {
		fg.byLabel[l] = append(fg.byLabel[l], uint32(v))
	}
	lv, err := dg.allocs.Alloc(d.ctx, fsmLevelSlots*8)
	if err != nil {
		return nil, st, err
	}
	st.Upload = time.Since(t0)
	fs, err := mineMNIWith(g, opt, func(p Pattern) (uint64, error) { return d.fsmSupport(fg, lv, p, &st) })
	return fs, st, err
}

// fsmSupport computes p's MNI support: level 0 from the host's vertex
// lists, then one fsm_extend per plan level, then the domains counted
// (bitmaps on the device, or, when tables went to host memory, runs sorted
// on the device and merged on the host).
func (d *GPU) fsmSupport(fg *fsmGraph, lvBuf *gpu.Buffer, p Pattern, st *GPUStats) (uint64, error) {
	pl := newExtPlan(p)
	s := &fsmState{d: d, pool: &fg.pool, budget: fg.budget}
	defer s.done()
	t0 := time.Now()
	verts := fg.byLabel[pl.label[0]]
	if len(verts) == 0 {
		return 0, nil
	}
	if pl.n == 1 {
		return uint64(len(verts)), nil
	}
	var lv [fsmLevelSlots]uint64
	t, err := s.alloc(int64(len(verts)) * 4)
	if err != nil {
		return 0, err
	}
	if t.dev != nil {
		err = gpu.Upload(t.dev, 0, verts)
	} else {
		copy(gpu.HostSlice[uint32](t.host), verts)
	}
	if err != nil {
		return 0, err
	}
	lv[0] = t.ptr
	ctr := fg.ctr
	block := d.fsmBlock
	if block == 0 {
		block = fsmBlockRows
	}
	grid := fg.grid
	nwarps := uint64(grid) * 256 / 32
	prows, valid := uint64(len(verts)), uint64(len(verts))
	st.Upload += time.Since(t0)
	for l := 1; l < pl.n; l++ {
		capRows := d.fsmInitCap
		if capRows == 0 {
			capRows = max(fsmMinCap, 2*valid)
		}
		for {
			capRows = (capRows + block - 1) / block * block
			if capRows > fsmMaxRows {
				return 0, fmt.Errorf("mine: FSM level %d of %v needs %d rows, more than %d", l, p, capRows, uint64(fsmMaxRows))
			}
			vt, err := s.alloc(int64(capRows) * 4)
			if err != nil {
				return 0, err
			}
			pt, err := s.alloc(int64(capRows) * 4)
			if err != nil {
				return 0, err
			}
			lv[2*l], lv[2*l+1] = vt.ptr, pt.ptr
			// Use the whole (rounded-up) allocation: fewer reruns.
			capRows = min(uint64(min(vt.bytes, pt.bytes))/4, fsmMaxRows) / block * block
			t1 := time.Now()
			if err := gpu.Upload(lvBuf, 0, lv[:]); err != nil {
				return 0, err
			}
			if err := ctr.Memset32(0, 4); err != nil {
				return 0, err
			}
			if err := d.fsmExtend.Launch(grid, 256, fg.dg.off, fg.dg.adj, fg.labels.Ptr(), lvBuf.Ptr(), uint64(l), prows,
				uint64(pl.label[l]), uint64(pl.anchor[l]), uint64(pl.back[l]), block, capRows, ctr.Ptr(), ctr.Ptr()+8); err != nil {
				return 0, err
			}
			if err := d.ctx.Synchronize(); err != nil {
				return 0, err
			}
			st.Kernel += time.Since(t1)
			var c [2]uint64
			if err := gpu.Download(c[:], ctr, 0); err != nil {
				return 0, err
			}
			if c[0]*block <= capRows {
				prows, valid = c[0]*block, c[1]
				break
			}
			// Overflow: the rows are known now; one more run fits them
			// with a partly filled block per warp.
			s.release(vt)
			s.release(pt)
			capRows = c[1] + nwarps*block
		}
		if valid == 0 {
			return 0, nil
		}
	}
	last := uint64(pl.n - 1)
	st.Embeddings += valid
	if s.onHost {
		st.HostTables = true
	}
	t2 := time.Now()
	defer func() { st.Kernel += time.Since(t2) }()
	words := (uint64(fg.g.N) + 63) / 64
	bitmapBytes := int64(words * uint64(pl.n) * 8)
	if !s.onHost && s.pool.devLive+bitmapBytes <= s.budget {
		bm, err := d.ctx.Alloc(bitmapBytes)
		if err == nil {
			defer bm.Free()
			if err := bm.Memset32(0, bitmapBytes/4); err != nil {
				return 0, err
			}
			if err := d.fsmDomain.Launch(grid, 256, lvBuf.Ptr(), last, prows, words, bm.Ptr()); err != nil {
				return 0, err
			}
			dom := make([]uint64, words*uint64(pl.n))
			if err := gpu.Download(dom, bm, 0); err != nil {
				return 0, err
			}
			sup := ^uint64(0)
			for l := 0; l < pl.n; l++ {
				var c uint64
				for _, w := range dom[uint64(l)*words : uint64(l+1)*words] {
					c += uint64(bits.OnesCount64(w))
				}
				sup = min(sup, c)
			}
			return sup, nil
		} else if !gpu.IsOutOfMemory(err) {
			return 0, err
		}
	}
	// Out-of-core aggregation: keys of a chunk of rows sorted in runs on
	// the device, into mapped host memory, merged on the host into the
	// distinct keys so far (at most n·|V| of them).
	st.HostTables = true
	chunkKeys := uint64(max(d.opt.TableMemLimit, 0) / 8)
	if chunkKeys == 0 || chunkKeys > 1<<24 {
		chunkKeys = 1 << 24
	}
	need := (prows*uint64(pl.n) + fsmRun - 1) / fsmRun * fsmRun
	chunkKeys = min(max(chunkKeys/fsmRun*fsmRun, fsmRun*uint64(pl.n)), need)
	chunkRows := chunkKeys / uint64(pl.n)
	kb := fg.pool.keys
	if kb == nil || kb.Bytes() < int64(chunkKeys)*8 {
		if kb != nil {
			kb.Free()
			fg.pool.keys = nil
		}
		if kb, err = d.ctx.AllocHost(max(int64(chunkKeys)*8, 1<<20), true); err != nil {
			return 0, err
		}
		fg.pool.keys = kb
	}
	kptr, err := kb.DevicePtr()
	if err != nil {
		return 0, err
	}
	var acc []uint64
	for lo := uint64(0); lo < prows; lo += chunkRows {
		n := min(chunkRows, prows-lo)
		if err := d.fsmKeys.Launch(grid, 256, lvBuf.Ptr(), last, lo, n, kptr); err != nil {
			return 0, err
		}
		if err := d.ctx.Synchronize(); err != nil {
			return 0, err
		}
		nk := (n*uint64(pl.n) + fsmRun - 1) / fsmRun * fsmRun
		acc = mergeRuns(acc, gpu.HostSlice[uint64](kb)[:nk], fsmRun)
	}
	return minDomain(acc, pl.n), nil
}
