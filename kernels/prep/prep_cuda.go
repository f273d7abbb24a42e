//go:build cuda

package prep

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
)

//go:embed prep.ptx
var prepPTX string

// Graph is a CSR graph in device memory: Off holds N+1 uint64 offsets,
// Adj M uint32 neighbours.
type Graph struct {
	N        uint32
	M        uint64
	Off, Adj *gpu.Buffer
	// Simple: known simple undirected (sorted lists, no self-loops, every
	// edge with its reverse), as Undirected leaves it.
	Simple bool
	// HostOff, when set, is a host copy of Off.
	HostOff []uint64
	allocs  gpu.Allocs
}

// Free releases g's device memory.
func (g *Graph) Free() error {
	if g == nil {
		return nil
	}
	return g.allocs.FreeAll()
}

// Download copies g back to the host (tests and fallbacks).
func (g *Graph) Download() (*csr.Graph, error) {
	h := &csr.Graph{N: g.N, Offsets: make([]uint64, uint64(g.N)+1), Adj: make([]uint32, g.M)}
	if err := gpu.Download(h.Offsets, g.Off, 0); err != nil {
		return nil, err
	}
	if err := gpu.Download(h.Adj, g.Adj, 0); err != nil {
		return nil, err
	}
	return h, nil
}

// Prep runs the preparation kernels on one context.
type Prep struct {
	ctx  *gpu.Context
	st   *gpu.Stager
	grid uint32
	f    map[string]*gpu.Function
}

// devPTX is the embedded PTX, or prep.ptx from CFLR_PTX_DIR when set (a
// freshly compiled copy on the GPU machine; see DEVELOPERS.md).
func devPTX() string {
	if dir := os.Getenv("CFLR_PTX_DIR"); dir != "" {
		if b, err := os.ReadFile(filepath.Join(dir, "prep.ptx")); err == nil {
			return string(b)
		}
	}
	return prepPTX
}

// New loads the kernels on ctx and allocates the staging ring.
func New(ctx *gpu.Context) (*Prep, error) {
	mod, err := ctx.LoadModule(devPTX())
	if err != nil {
		return nil, fmt.Errorf("prep: loading prep.ptx: %w", err)
	}
	p := &Prep{ctx: ctx, grid: uint32(max(ctx.Info().SMs, 1)) * 16, f: map[string]*gpu.Function{}}
	for _, name := range []string{"widen_offsets", "check_offsets", "check_adj", "check_simple", "und_count", "und_fill",
		"seg_sort", "seg_unique", "seg_compact", "orient_count", "orient_fill", "vnode_count", "vnode_fill", "scan32", "scan64", "scan_add"} {
		if p.f[name], err = mod.Function(name); err != nil {
			return nil, fmt.Errorf("prep: %w", err)
		}
	}
	if p.st, err = gpu.NewStager(ctx, 0, 0); err != nil {
		return nil, err
	}
	return p, nil
}

// Close frees the staging ring.
func (p *Prep) Close() error { return p.st.Close() }

func (p *Prep) launch(name string, args ...uint64) error {
	return p.f[name].Launch(p.grid, 256, args...)
}

func (p *Prep) counter(a *gpu.Allocs, v uint64) (*gpu.Buffer, error) {
	b, err := a.Alloc(p.ctx, 8)
	if err != nil {
		return nil, err
	}
	return b, gpu.Upload(b, 0, []uint64{v})
}

func read64(b *gpu.Buffer, off int64) (uint64, error) {
	var x [1]uint64
	err := gpu.Download(x[:], b, off)
	return x[0], err
}

// Upload copies g's structure (not weights or labels) to the device
// through the staging ring.
func (p *Prep) Upload(g *csr.Graph) (dg *Graph, err error) {
	dg = &Graph{N: g.N, M: g.NumEdges()}
	defer func() {
		if err != nil {
			dg.Free()
		}
	}()
	if dg.Off, err = dg.allocs.Alloc(p.ctx, int64(len(g.Offsets))*8); err != nil {
		return nil, err
	}
	if dg.Adj, err = dg.allocs.Alloc(p.ctx, max(int64(len(g.Adj))*4, 8)); err != nil {
		return nil, err
	}
	ob, ab := gpu.AsBytes(g.Offsets), gpu.AsBytes(g.Adj)
	copyFrom := func(src []byte) func(q []byte, off int64) error {
		return func(q []byte, off int64) error { copy(q, src[off:]); return nil }
	}
	err = p.st.Run(gpu.Job{Dst: dg.Off, Bytes: int64(len(ob)), Fill: copyFrom(ob)},
		gpu.Job{Dst: dg.Adj, Bytes: int64(len(ab)), Fill: copyFrom(ab)})
	if err != nil {
		return nil, err
	}
	return dg, nil
}

// fileReader fills staging chunks from a file section with ReadAt
// (concurrent preads), failing on a short read.
func fileReader(f *os.File, name string, base int64) func(q []byte, off int64) error {
	return func(q []byte, off int64) error {
		if k, err := f.ReadAt(q, base+off); err != nil && k < len(q) {
			if errors.Is(err, io.EOF) {
				return fmt.Errorf("%s: truncated at byte %d", name, base+off)
			}
			return fmt.Errorf("%s: %w", name, err)
		}
		return nil
	}
}

// LoadFile streams path to the device when it is an unweighted .bcsr or a
// G2Miner prefix without labels; other inputs give ErrNotStreamable. The
// checks are csr.ReadBCSR's and csr.ReadG2Miner's: a size that does not
// match the header, offsets out of order or past m, ids past n.
func (p *Prep) LoadFile(path string) (*Graph, LoadStats, error) {
	switch csr.DetectFormat(path) {
	case csr.FormatBCSR:
		return p.loadBCSR(path)
	case csr.FormatG2Miner:
		pre := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(path, ".meta.txt"), ".vertex.bin"), ".edge.bin")
		if _, err := os.Stat(pre + ".vlabel.bin"); err == nil {
			return nil, LoadStats{}, ErrNotStreamable
		}
		return p.loadG2Miner(pre)
	}
	return nil, LoadStats{}, ErrNotStreamable
}

func (p *Prep) loadBCSR(path string) (dg *Graph, ls LoadStats, err error) {
	t0 := time.Now()
	f, err := os.Open(path)
	if err != nil {
		return nil, ls, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, ls, err
	}
	var hdr [8]byte
	if _, err := io.ReadFull(f, hdr[:]); err != nil {
		return nil, ls, fmt.Errorf("%s: header: %w", path, io.ErrUnexpectedEOF)
	}
	n, m := uint64(binary.LittleEndian.Uint32(hdr[:])), uint64(binary.LittleEndian.Uint32(hdr[4:]))
	if want := 8 + 4*n + 4*m; uint64(fi.Size()) < want {
		return nil, ls, fmt.Errorf("%s: %d bytes, too short for the %d vertices and %d edges its header announces (%d bytes)", path, fi.Size(), n, m, want)
	}
	dg = &Graph{N: uint32(n), M: m}
	defer func() {
		if err != nil {
			dg.Free()
		}
	}()
	var tmp gpu.Allocs
	defer tmp.FreeAll()
	if dg.Off, err = dg.allocs.Alloc(p.ctx, int64(8*(n+1))); err != nil {
		return nil, ls, err
	}
	if dg.Adj, err = dg.allocs.Alloc(p.ctx, int64(max(4*m, 8))); err != nil {
		return nil, ls, err
	}
	off32, err := tmp.Alloc(p.ctx, int64(max(4*n, 8)))
	if err != nil {
		return nil, ls, err
	}
	badAdj, err := p.counter(&tmp, math.MaxUint64)
	if err != nil {
		return nil, ls, err
	}
	ls.Alloc = time.Since(t0)
	t0 = time.Now()
	chk := p.f["check_adj"]
	err = p.st.Run(
		gpu.Job{Dst: off32, Bytes: int64(4 * n), Fill: fileReader(f, path, 8)},
		gpu.Job{Dst: dg.Adj, Bytes: int64(4 * m), Fill: fileReader(f, path, int64(8+4*n)),
			After: func(s *gpu.Stream, off, nb int64) error {
				lo, hi := uint64(off/4), uint64((off+nb)/4)
				return chk.LaunchOn(s, uint32(min((hi-lo+255)/256, 1024)), 256, dg.Adj.Ptr(), lo, hi, n, badAdj.Ptr())
			}})
	if err != nil {
		return nil, ls, err
	}
	ls.Bytes = int64(8 + 4*n + 4*m)
	ls.Transfer = time.Since(t0)
	t0 = time.Now()
	if err = p.launch("widen_offsets", off32.Ptr(), n, m, dg.Off.Ptr()); err != nil {
		return nil, ls, err
	}
	if err = p.checkOffsets(dg, path, &tmp); err != nil {
		return nil, ls, err
	}
	if bad, err := read64(badAdj, 0); err != nil {
		return nil, ls, err
	} else if bad != math.MaxUint64 {
		var v [1]uint32
		if err := gpu.Download(v[:], dg.Adj, int64(bad)); err != nil {
			return nil, ls, err
		}
		return nil, ls, fmt.Errorf("%s: edge %d points to vertex %d, past %d vertices", path, bad, v[0], n)
	}
	ls.Validate = time.Since(t0)
	return dg, ls, nil
}

// checkOffsets runs check_offsets and reports the first bad vertex as
// csr.ReadBCSR does.
func (p *Prep) checkOffsets(dg *Graph, name string, tmp *gpu.Allocs) error {
	bad, err := p.counter(tmp, math.MaxUint64)
	if err != nil {
		return err
	}
	n := uint64(dg.N)
	if err := p.launch("check_offsets", dg.Off.Ptr(), n, dg.M, bad.Ptr()); err != nil {
		return err
	}
	v, err := read64(bad, 0)
	if err != nil || v == math.MaxUint64 {
		return err
	}
	o, err := read64(dg.Off, int64(v))
	if err != nil {
		return err
	}
	return fmt.Errorf("%s: offset of vertex %d (%d) is out of order or past %d edges", name, v, o, dg.M)
}

func (p *Prep) loadG2Miner(prefix string) (dg *Graph, ls LoadStats, err error) {
	t0 := time.Now()
	meta := prefix + ".meta.txt"
	mb, err := os.ReadFile(meta)
	if err != nil {
		return nil, ls, err
	}
	var nums []uint64
	for i, line := range strings.Split(string(mb), "\n") {
		for _, w := range strings.Fields(line) {
			v, err := strconv.ParseUint(w, 10, 64)
			if err != nil {
				return nil, ls, fmt.Errorf("%s:%d: bad number %q", meta, i+1, w)
			}
			nums = append(nums, v)
		}
	}
	if len(nums) < 6 || nums[2] != 4 || nums[3] != 8 || nums[0] >= math.MaxUint32 || nums[1] > math.MaxInt64/8 {
		// csr.ReadG2Miner words these cases precisely.
		return nil, ls, ErrNotStreamable
	}
	n, m := nums[0], nums[1]
	vf, err := os.Open(prefix + ".vertex.bin")
	if err != nil {
		return nil, ls, err
	}
	defer vf.Close()
	ef, err := os.Open(prefix + ".edge.bin")
	if err != nil {
		return nil, ls, err
	}
	defer ef.Close()
	for _, c := range []struct {
		f    *os.File
		want uint64
	}{{vf, 8 * (n + 1)}, {ef, 4 * m}} {
		fi, err := c.f.Stat()
		if err != nil {
			return nil, ls, err
		}
		if uint64(fi.Size()) != c.want {
			return nil, ls, fmt.Errorf("%s: %d bytes, want %d for %d vertices and %d edges", c.f.Name(), fi.Size(), c.want, n, m)
		}
	}
	dg = &Graph{N: uint32(n), M: m}
	defer func() {
		if err != nil {
			dg.Free()
		}
	}()
	var tmp gpu.Allocs
	defer tmp.FreeAll()
	if dg.Off, err = dg.allocs.Alloc(p.ctx, int64(8*(n+1))); err != nil {
		return nil, ls, err
	}
	if dg.Adj, err = dg.allocs.Alloc(p.ctx, int64(max(4*m, 8))); err != nil {
		return nil, ls, err
	}
	badAdj, err := p.counter(&tmp, math.MaxUint64)
	if err != nil {
		return nil, ls, err
	}
	ls.Alloc = time.Since(t0)
	t0 = time.Now()
	chk := p.f["check_adj"]
	err = p.st.Run(
		gpu.Job{Dst: dg.Off, Bytes: int64(8 * (n + 1)), Fill: fileReader(vf, vf.Name(), 0)},
		gpu.Job{Dst: dg.Adj, Bytes: int64(4 * m), Fill: fileReader(ef, ef.Name(), 0),
			After: func(s *gpu.Stream, off, nb int64) error {
				lo, hi := uint64(off/4), uint64((off+nb)/4)
				return chk.LaunchOn(s, uint32(min((hi-lo+255)/256, 1024)), 256, dg.Adj.Ptr(), lo, hi, n, badAdj.Ptr())
			}})
	if err != nil {
		return nil, ls, err
	}
	ls.Bytes = int64(8*(n+1) + 4*m)
	ls.Transfer = time.Since(t0)
	t0 = time.Now()
	if last, err := read64(dg.Off, int64(n)); err != nil {
		return nil, ls, err
	} else if last != m {
		return nil, ls, fmt.Errorf("%s.vertex.bin: last offset %d, want %d edges", prefix, last, m)
	}
	if err = p.checkOffsets(dg, prefix+".vertex.bin", &tmp); err != nil {
		return nil, ls, err
	}
	if bad, err := read64(badAdj, 0); err != nil {
		return nil, ls, err
	} else if bad != math.MaxUint64 {
		var v [1]uint32
		if err := gpu.Download(v[:], dg.Adj, int64(bad)); err != nil {
			return nil, ls, err
		}
		return nil, ls, fmt.Errorf("%s.edge.bin: edge %d points to vertex %d, past %d vertices", prefix, bad, v[0], n)
	}
	ls.Validate = time.Since(t0)
	return dg, ls, nil
}

// scan returns the exclusive prefix sums of the nin counts in in (uint32
// when is32, else uint64) as nin+1 uint64s (the last is the total), in a
// buffer allocated through a, and the total.
func (p *Prep) scan(in *gpu.Buffer, nin uint64, is32 bool, a *gpu.Allocs) (*gpu.Buffer, uint64, error) {
	out, err := a.Alloc(p.ctx, int64(8*(nin+1)))
	if err != nil {
		return nil, 0, err
	}
	if err := p.scanInto(in, nin, is32, out); err != nil {
		return nil, 0, err
	}
	total, err := read64(out, int64(nin))
	return out, total, err
}

func (p *Prep) scanInto(in *gpu.Buffer, nin uint64, is32 bool, out *gpu.Buffer) error {
	const blk = 1024
	nout := nin + 1
	blocks := (nout + blk - 1) / blk
	var tmp gpu.Allocs
	defer tmp.FreeAll()
	sums, err := tmp.Alloc(p.ctx, int64(8*blocks))
	if err != nil {
		return err
	}
	name := "scan64"
	if is32 {
		name = "scan32"
	}
	if err := p.f[name].Launch(uint32(blocks), blk, nout, nin, in.Ptr(), out.Ptr(), sums.Ptr()); err != nil {
		return err
	}
	if blocks == 1 {
		return nil
	}
	ssum, err := tmp.Alloc(p.ctx, int64(8*(blocks+1)))
	if err != nil {
		return err
	}
	if err := p.scanInto(sums, blocks, false, ssum); err != nil {
		return err
	}
	return p.f["scan_add"].Launch(uint32(blocks), blk, nout, out.Ptr(), ssum.Ptr())
}

// IsSimple reports whether g is simple undirected (check_simple).
func (p *Prep) IsSimple(g *Graph) (bool, error) {
	if g.Simple {
		return true, nil
	}
	var tmp gpu.Allocs
	defer tmp.FreeAll()
	bad, err := p.counter(&tmp, 0)
	if err != nil {
		return false, err
	}
	if err := p.launch("check_simple", g.Off.Ptr(), g.Adj.Ptr(), uint64(g.N), bad.Ptr()); err != nil {
		return false, err
	}
	v, err := read64(bad, 0)
	return v == 0, err
}

// Undirected returns the simple undirected graph underlying g, as
// mine.Undirected does: g itself (marked Simple) when it is one already,
// else a new graph (g is left alone; the caller frees both).
func (p *Prep) Undirected(g *Graph) (*Graph, error) {
	ok, err := p.IsSimple(g)
	if err != nil {
		return nil, err
	}
	if ok {
		g.Simple = true
		return g, nil
	}
	n := uint64(g.N)
	var tmp gpu.Allocs
	defer tmp.FreeAll()
	deg, err := tmp.Alloc(p.ctx, int64(max(4*n, 8)))
	if err != nil {
		return nil, err
	}
	if err := deg.Memset32(0, int64(max(n, 1))); err != nil {
		return nil, err
	}
	if err := p.launch("und_count", g.Off.Ptr(), g.Adj.Ptr(), n, deg.Ptr()); err != nil {
		return nil, err
	}
	noff, m2, err := p.scan(deg, n, true, &tmp)
	if err != nil {
		return nil, err
	}
	if err := deg.Memset32(0, int64(max(n, 1))); err != nil {
		return nil, err
	}
	lists, err := tmp.Alloc(p.ctx, int64(max(4*m2, 8)))
	if err != nil {
		return nil, err
	}
	if err := p.launch("und_fill", g.Off.Ptr(), g.Adj.Ptr(), n, noff.Ptr(), deg.Ptr(), lists.Ptr()); err != nil {
		return nil, err
	}
	sortTmp, err := tmp.Alloc(p.ctx, int64(max(4*m2, 8)))
	if err != nil {
		return nil, err
	}
	if err := p.f["seg_sort"].Launch(uint32(min(n, uint64(p.grid)*4)+1), 256, noff.Ptr(), lists.Ptr(), sortTmp.Ptr(), n); err != nil {
		return nil, err
	}
	if err := sortTmp.Free(); err != nil {
		return nil, err
	}
	if err := p.launch("seg_unique", noff.Ptr(), lists.Ptr(), n, deg.Ptr()); err != nil {
		return nil, err
	}
	out := &Graph{N: g.N, Simple: true}
	if out.Off, err = out.allocs.Alloc(p.ctx, int64(8*(n+1))); err != nil {
		return nil, err
	}
	if err := p.scanInto(deg, n, true, out.Off); err != nil {
		out.Free()
		return nil, err
	}
	if out.M, err = read64(out.Off, int64(n)); err != nil {
		out.Free()
		return nil, err
	}
	if out.Adj, err = out.allocs.Alloc(p.ctx, int64(max(4*out.M, 8))); err != nil {
		out.Free()
		return nil, err
	}
	if err := p.launch("seg_compact", noff.Ptr(), lists.Ptr(), n, out.Off.Ptr(), out.Adj.Ptr()); err != nil {
		out.Free()
		return nil, err
	}
	if err := p.ctx.Synchronize(); err != nil {
		out.Free()
		return nil, err
	}
	return out, nil
}

// Orient returns the degree orientation of the simple undirected graph g
// (mine.Orient), with HostOff filled when hostOff.
func (p *Prep) Orient(g *Graph, hostOff bool) (*Graph, error) {
	n := uint64(g.N)
	var tmp gpu.Allocs
	defer tmp.FreeAll()
	cnt, err := tmp.Alloc(p.ctx, int64(max(4*n, 8)))
	if err != nil {
		return nil, err
	}
	if err := p.launch("orient_count", g.Off.Ptr(), g.Adj.Ptr(), n, cnt.Ptr()); err != nil {
		return nil, err
	}
	out := &Graph{N: g.N}
	if out.Off, err = out.allocs.Alloc(p.ctx, int64(8*(n+1))); err != nil {
		return nil, err
	}
	if err := p.scanInto(cnt, n, true, out.Off); err != nil {
		out.Free()
		return nil, err
	}
	if out.M, err = read64(out.Off, int64(n)); err != nil {
		out.Free()
		return nil, err
	}
	if out.Adj, err = out.allocs.Alloc(p.ctx, int64(max(4*out.M, 8))); err != nil {
		out.Free()
		return nil, err
	}
	if err := p.launch("orient_fill", g.Off.Ptr(), g.Adj.Ptr(), n, out.Off.Ptr(), out.Adj.Ptr()); err != nil {
		out.Free()
		return nil, err
	}
	if hostOff {
		if err := p.FetchOffsets(out); err != nil {
			out.Free()
			return nil, err
		}
	}
	if err := p.ctx.Synchronize(); err != nil {
		out.Free()
		return nil, err
	}
	return out, nil
}

// FetchOffsets fills g.HostOff from the device.
func (p *Prep) FetchOffsets(g *Graph) error {
	if g.HostOff != nil {
		return nil
	}
	h := make([]uint64, uint64(g.N)+1)
	if err := gpu.Download(h, g.Off, 0); err != nil {
		return err
	}
	g.HostOff = h
	return nil
}

// VirtualNodes builds Tigr's virtual-node arrays for degree bound K
// (traverse's virtualNodes): vv[t] is virtual node t's vertex, vj[t] its
// index in the vertex's family. The buffers are allocated through a.
func (p *Prep) VirtualNodes(g *Graph, K uint64, a *gpu.Allocs) (vv, vj *gpu.Buffer, nv uint64, err error) {
	n := uint64(g.N)
	var tmp gpu.Allocs
	defer tmp.FreeAll()
	cnt, err := tmp.Alloc(p.ctx, int64(max(4*n, 8)))
	if err != nil {
		return nil, nil, 0, err
	}
	if err := p.launch("vnode_count", g.Off.Ptr(), n, K, cnt.Ptr()); err != nil {
		return nil, nil, 0, err
	}
	base, nv, err := p.scan(cnt, n, true, &tmp)
	if err != nil {
		return nil, nil, 0, err
	}
	if nv > math.MaxUint32 {
		return nil, nil, 0, fmt.Errorf("prep: %d virtual nodes: more than 32-bit ids allow", nv)
	}
	if vv, err = a.Alloc(p.ctx, int64(max(4*nv, 8))); err != nil {
		return nil, nil, 0, err
	}
	if vj, err = a.Alloc(p.ctx, int64(max(4*nv, 8))); err != nil {
		return nil, nil, 0, err
	}
	if err := p.launch("vnode_fill", base.Ptr(), n, vv.Ptr(), vj.Ptr()); err != nil {
		return nil, nil, 0, err
	}
	return vv, vj, nv, p.ctx.Synchronize()
}
