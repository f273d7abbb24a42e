//go:build cuda

package mine

import (
	_ "embed"
	"fmt"
	"time"

	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
)

//go:embed gspan.ptx
var gspanPTX string

// gSpan with support on the GPU (Kessl et al.): the host runs the DFS-code
// search and the minimum-code test (mineColumns, gspan.go); for all the
// children of a code at once, the GPU enumerates every embedding's
// rightmost extensions (gspan_ext), counts each extension slot's graphs in
// a bitmap per slot (gspan_popc), and then, child by child, writes the
// columns of the grandchildren the host keeps (gspan_mat). Each step is one
// upload of parameters and one download of results: the per-call costs,
// not the kernels, dominate on databases of small graphs. Columns are FSM tables (fsm_cuda.go's pool and placement):
// device memory within the budget (GPUOptions.TableMemLimit, --gpu-mem),
// mapped pinned host memory beyond it. The slot bitmaps stay in device
// memory, taking slots in passes of at most gsBitmapCap bytes (1/64 of
// TableMemLimit when that is set): a slot's bitmap is one bit per graph.

const gsBitmapCap = 256 << 20

// MineTransactions is MineTransactions (gspan.go) with supports computed
// on the GPU; the graphs must be undirected with sorted neighbour lists
// and vertex-labeled. Results equal the CPU's.
func (d *GPU) MineTransactions(db []*csr.Graph, opt FSMOptions) ([]FrequentPattern, GPUStats, error) {
	var st GPUStats
	if err := opt.ensureDefaults(); err != nil {
		return nil, st, err
	}
	t0 := time.Now()
	gdb, err := newGSDB(db, opt.Support)
	if err != nil {
		return nil, st, err
	}
	x := &gsDevice{d: d, db: gdb, st: &st}
	defer x.close()
	if err := x.open(); err != nil {
		return nil, st, err
	}
	st.Upload = time.Since(t0)
	rs, err := mineColumns(gdb, opt, x)
	if err != nil {
		return nil, st, err
	}
	st.HostTables = x.s.onHost
	return gdb.patterns(rs), st, nil
}

// gsDevice is the GPU backend of mineColumns.
type gsDevice struct {
	d              *GPU
	db             *gsDB
	st             *GPUStats
	ext, popc, mat *gpu.Function
	dg             *devGraph
	lab, gid, lv   *gpu.Buffer
	scratch        map[string]*gpu.Buffer // per-call arrays, grown as needed
	pool           fsmPool
	s              *fsmState
	frames         [][]*fsmTable // the tables of each root/materialize, for pop
	words          uint64        // bitmap words per slot
	bitCap         int64
	grid           uint32 // most blocks per launch
}

func (x *gsDevice) open() error {
	d, db := x.d, x.db
	var err error
	for _, k := range []struct {
		f    **gpu.Function
		name string
	}{{&x.ext, "gspan_ext"}, {&x.popc, "gspan_popc"}, {&x.mat, "gspan_mat"}} {
		if *k.f, err = d.function("gspan.ptx", gspanPTX, k.name); err != nil {
			return err
		}
	}
	x.scratch = map[string]*gpu.Buffer{}
	x.s = &fsmState{d: d, pool: &x.pool}
	if x.dg, err = d.uploadSrc(&csr.Graph{N: db.n, Offsets: db.off, Adj: db.adj}, fsmReserve, false); err != nil {
		return err
	}
	x.st.HostGraph = x.dg.host
	if x.lab, err = x.dg.allocs.Alloc(d.ctx, max(int64(db.n)*4, 8)); err != nil {
		return err
	}
	if x.gid, err = x.dg.allocs.Alloc(d.ctx, max(int64(db.n)*4, 8)); err != nil {
		return err
	}
	if x.lv, err = x.dg.allocs.Alloc(d.ctx, 2*MaxPatternSize*8); err != nil {
		return err
	}
	if err := gpu.Upload(x.lab, 0, db.lab); err != nil {
		return err
	}
	if err := gpu.Upload(x.gid, 0, db.gid); err != nil {
		return err
	}
	if x.s.budget = d.opt.TableMemLimit; x.s.budget <= 0 {
		free, _, err := d.ctx.MemInfo()
		if err != nil {
			return err
		}
		x.s.budget = free - fsmReserve
	}
	x.words = max(1, (uint64(db.graphs)+63)/64)
	x.bitCap = gsBitmapCap
	if d.opt.TableMemLimit > 0 {
		x.bitCap = d.opt.TableMemLimit / 64
	}
	x.bitCap = max(x.bitCap, int64(x.words)*8)
	x.grid = uint32(d.ctx.Info().SMs) * 8
	return nil
}

func (x *gsDevice) close() {
	for len(x.frames) > 0 {
		x.pop()
	}
	if x.s != nil {
		x.s.done()
	}
	x.pool.freeAll()
	for _, b := range x.scratch {
		b.Free()
	}
	if x.dg != nil {
		x.dg.allocs.FreeAll()
	}
}

// buf returns the scratch buffer name of at least bytes.
func (x *gsDevice) buf(name string, bytes int64) (*gpu.Buffer, error) {
	b := x.scratch[name]
	if b != nil && b.Bytes() >= bytes {
		return b, nil
	}
	if b != nil {
		b.Free()
		bytes = max(bytes, 2*b.Bytes())
	}
	b, err := x.d.ctx.Alloc(max(bytes, 4096))
	if err != nil {
		delete(x.scratch, name)
		return nil, err
	}
	x.scratch[name] = b
	return b, nil
}

func (x *gsDevice) blocks(rows uint64) uint32 {
	return uint32(min((rows+255)/256, uint64(x.grid)))
}

func (x *gsDevice) root(vs []uint32) (gsCol, error) {
	t, err := x.s.alloc(int64(len(vs)) * 4)
	if err != nil {
		return gsCol{}, err
	}
	x.frames = append(x.frames, []*fsmTable{t})
	if t.dev != nil {
		err = gpu.Upload(t.dev, 0, vs)
	} else {
		copy(gpu.HostSlice[uint32](t.host), vs)
	}
	return gsCol{rows: uint64(len(vs)), dvert: t.ptr}, err
}

func (x *gsDevice) pop() {
	f := x.frames[len(x.frames)-1]
	x.frames = x.frames[:len(x.frames)-1]
	for _, t := range f {
		x.s.release(t)
	}
}

// columns is the column addresses of cols, as the kernels' lv.
func columns(cols []gsCol) [2 * MaxPatternSize]uint64 {
	var lv [2 * MaxPatternSize]uint64
	for k, c := range cols {
		lv[2*k], lv[2*k+1] = c.dvert, c.dprev
	}
	return lv
}

// extend runs gspan_ext once over the last columns of all of nds (one
// allocation, in order) and gspan_popc over the slot bitmaps, in passes of
// at most bitCap bytes. Transfers: one upload (the columns below the last,
// shared by all of nds, and per code its shape, first slot and first row),
// one download (every slot's rows and support), whatever the number of
// codes.
func (x *gsDevice) extend(nds []*gsNode, L int) (sup, rows [][]uint64, err error) {
	t0 := time.Now()
	defer func() { x.st.Kernel += time.Since(t0) }()
	K := uint64(len(nds))
	longest := nds[0]
	for _, nd := range nds {
		if len(nd.cols) > len(longest.cols) {
			longest = nd
		}
	}
	vt, pt := nds[0].last().dvert, nds[0].last().dprev
	lv := columns(longest.cols[:len(longest.cols)-1])
	params := make([]uint64, 2*MaxPatternSize+4*K)
	copy(params, lv[:])
	info := params[2*MaxPatternSize:]
	var T, R uint64 // slots, rows
	for j, nd := range nds {
		c := nd.last()
		if c.dvert != vt+4*R || (nd.n > 1 && c.dprev != pt+4*R) {
			return nil, nil, fmt.Errorf("mine: gSpan extend: the codes' last columns are not consecutive")
		}
		info[4*j] = uint64(nd.n) | uint64(len(nd.rp))<<8 | uint64(nd.backMask())<<16
		info[4*j+1] = nd.rpPacked()
		info[4*j+2] = T
		info[4*j+3] = R
		T += uint64(nd.slots(L))
		R += c.rows
	}
	x.st.Embeddings += R
	pb, err := x.buf("ext", int64(len(params))*8)
	if err != nil {
		return nil, nil, err
	}
	cs, err := x.buf("counts", int64(T)*16) // cnt[T], then sup[T]
	if err != nil {
		return nil, nil, err
	}
	if err := gpu.Upload(pb, 0, params); err != nil {
		return nil, nil, err
	}
	if err := cs.Memset32(0, int64(T)*2); err != nil {
		return nil, nil, err
	}
	per := uint64(x.bitCap) / (x.words * 8)
	bm, err := x.buf("bits", int64(min(per, T)*x.words*8))
	if err != nil {
		return nil, nil, err
	}
	base := pb.Ptr()
	for lo := uint64(0); lo < T; lo += per {
		hi := min(T, lo+per)
		if err := bm.Memset32(0, int64((hi-lo)*x.words*2)); err != nil {
			return nil, nil, err
		}
		if err := x.ext.Launch(x.blocks(R), 256, x.dg.off, x.dg.adj, x.lab.Ptr(), x.gid.Ptr(), base, vt, pt,
			base+2*MaxPatternSize*8, K, R, uint64(nds[0].lab[0]), uint64(L), lo, hi, x.words, bm.Ptr(), cs.Ptr()); err != nil {
			return nil, nil, err
		}
		if err := x.popc.Launch(uint32(min(hi-lo, 1<<16)), 256, bm.Ptr(), x.words, hi-lo, cs.Ptr()+8*(T+lo)); err != nil {
			return nil, nil, err
		}
	}
	out := make([]uint64, 2*T) // synchronous: waits for the kernels
	if err := gpu.Download(out, cs, 0); err != nil {
		return nil, nil, err
	}
	var s uint64
	for _, nd := range nds {
		S := uint64(nd.slots(L))
		rows = append(rows, out[s:s+S])
		sup = append(sup, out[T+s:T+s+S])
		s += S
	}
	return sup, rows, nil
}

// materialize runs gspan_mat for nd's kept children: one upload (columns,
// each child's first row, zeroed cursors, the slot → child map), one
// download (the cursors, checked against the counts).
func (x *gsDevice) materialize(nd *gsNode, L int, kids []gsKid) ([]gsCol, error) {
	t0 := time.Now()
	defer func() { x.st.Kernel += time.Since(t0) }()
	S := nd.slots(L)
	K := len(kids)
	// params: lv, base[K], cursor[K], kid[S] as u32 pairs.
	params := make([]uint64, 2*MaxPatternSize+2*K+(S+1)/2)
	lv := columns(nd.cols)
	copy(params, lv[:])
	base := params[2*MaxPatternSize : 2*MaxPatternSize+K]
	kid := params[2*MaxPatternSize+2*K:]
	for i := range kid {
		kid[i] = ^uint64(0)
	}
	var total uint64
	for i, k := range kids {
		if k.rows > fsmMaxRows {
			return nil, fmt.Errorf("mine: gSpan code %v has %d embeddings, more than %d", nd.child(nd.slotEdge(k.slot, L)).code, k.rows, uint64(fsmMaxRows))
		}
		sh := 32 * uint(k.slot%2)
		kid[k.slot/2] = kid[k.slot/2]&^(0xffffffff<<sh) | uint64(i)<<sh
		base[i] = total
		total += k.rows
	}
	vt, err := x.s.alloc(int64(total) * 4)
	if err != nil {
		return nil, err
	}
	x.frames = append(x.frames, []*fsmTable{vt})
	pt, err := x.s.alloc(int64(total) * 4)
	if err != nil {
		return nil, err
	}
	x.frames[len(x.frames)-1] = append(x.frames[len(x.frames)-1], pt)
	io, err := x.buf("mat", int64(len(params))*8)
	if err != nil {
		return nil, err
	}
	if err := gpu.Upload(io, 0, params); err != nil {
		return nil, err
	}
	p := io.Ptr()
	baseP := p + 2*MaxPatternSize*8
	curP := baseP + 8*uint64(K)
	kidP := curP + 8*uint64(K)
	nrows := nd.last().rows
	if err := x.mat.Launch(x.blocks(nrows), 256, x.dg.off, x.dg.adj, x.lab.Ptr(), p, uint64(nd.n), nrows,
		nd.rpPacked(), uint64(len(nd.rp)), uint64(nd.backMask()), uint64(nd.lab[0]), uint64(L),
		kidP, baseP, curP, vt.ptr, pt.ptr); err != nil {
		return nil, err
	}
	// The rows written must be the rows counted: a cheap check of both
	// kernels. The download waits for the kernel.
	got := make([]uint64, K)
	if err := gpu.Download(got, io, int64(2*MaxPatternSize+K)); err != nil {
		return nil, err
	}
	cols := make([]gsCol, K)
	for i, k := range kids {
		if got[i] != k.rows {
			return nil, fmt.Errorf("mine: gspan_mat wrote %d rows for a child, gspan_ext counted %d", got[i], k.rows)
		}
		cols[i] = gsCol{rows: k.rows, dvert: vt.ptr + 4*base[i], dprev: pt.ptr + 4*base[i]}
	}
	return cols, nil
}
