//go:build cuda

package mine

import (
	_ "embed"
	"fmt"
	"time"

	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
)

//go:embed esu.ptx
var esuPTX string

// CountMotifs counts the connected vertex-induced k-vertex subgraphs of the
// simple undirected graph g (as Undirected makes it) by pattern, 3 ≤ k ≤
// MaxGPUMotifK, with the same result as the CPU's CountMotifs. It is
// CountMotifsWith with the default options.
func (d *GPU) CountMotifs(g *csr.Graph, k int) ([]PatternCount, GPUStats, error) {
	return d.CountMotifsWith(g, k, GPUMotifOptions{})
}

// CountMotifsWith is CountMotifs with kernel options. The graph goes to
// device memory, or to mapped pinned host memory per GPUOptions.HostGraph
// and GraphMemLimit (as for the other kernels). The esu kernel (esu.cu)
// enumerates by ESU with DFS-wide warps and work donation, tallies by raw
// adjacency code on the device, and the host maps codes to canonical
// patterns (canonicalCounts, as on the CPU). Device memory besides the
// graph: the counters (u64 per possible code: 2.5 KB for k = 5, 78 KB for
// 6, 4.9 MB for 7, 625 MB for 8; the call fails with a clear error when
// they do not fit), the unit queue (68 MB by default) and each warp's
// extension sets (5·Σ min(d·maxdeg, n) bytes, d = 2..k-2; fewer warps are
// launched when they would take over half the free memory). Counts are
// u64 and cannot overflow below 1.8e19 subgraphs of one pattern. Stats:
// Kernel is the synchronized kernel time, Upload everything before it;
// Donated is the number of units donated.
func (d *GPU) CountMotifsWith(g *csr.Graph, k int, opt GPUMotifOptions) ([]PatternCount, GPUStats, error) {
	if k < MotifMinK || k > MaxGPUMotifK {
		return nil, GPUStats{}, fmt.Errorf("mine: GPU motif size k=%d out of range [%d,%d]", k, MotifMinK, MaxGPUMotifK)
	}
	if _, err := opt.resolve(); err != nil {
		return nil, GPUStats{}, err
	}
	kernel := opt.Kernel
	if kernel == "" || kernel == "auto" {
		kernel = motifAutoKernel(k)
	}
	switch kernel {
	case "esu":
		return d.countMotifsESU(g, k, opt)
	case "warp":
		if k > 4 {
			return nil, GPUStats{}, fmt.Errorf("mine: motif kernel \"warp\" handles k ≤ 4, got k=%d", k)
		}
		return d.countMotifsWarp(g, k)
	}
	return nil, GPUStats{}, fmt.Errorf("mine: unknown motif kernel %q (want auto, esu or warp)", opt.Kernel)
}

// countMotifsESU runs esu_motif (esu.cu).
func (d *GPU) countMotifsESU(g *csr.Graph, k int, opt GPUMotifOptions) ([]PatternCount, GPUStats, error) {
	var st GPUStats
	p, err := opt.resolve()
	if err != nil {
		return nil, st, err
	}
	qcap, bps := int64(p.queueCap), int64(p.blocksPerSM)
	f, err := d.function("esu.ptx", esuPTX, "esu_motif")
	if err != nil {
		return nil, st, err
	}
	t0 := time.Now()
	const block = 256
	sms := int64(d.ctx.Info().SMs)
	n, m := uint64(g.N), g.NumEdges()
	maxd := uint64(maxDegree(g))
	_, wslice := motifLevelCaps(k, maxd, n)
	ndense := int64(motifDenseSize(k))
	countBytes := ndense * 8
	queueBytes := qcap * (esuUnitWords*4 + 4)
	warpBytes := int64(wslice) * 5 // u32 vertex + u8 tag per entry
	free, _, err := d.ctx.MemInfo()
	if err != nil {
		return nil, st, err
	}
	graphBytes := int64(len(g.Offsets))*8 + int64(len(g.Adj))*8
	if countBytes+queueBytes+1<<20 > free {
		return nil, st, fmt.Errorf("mine: GPU motif counters for k=%d need %d bytes of device memory, %d free", k, countBytes+queueBytes, free)
	}
	grid := sms * bps
	for grid > sms && grid*block/32*warpBytes > (free-graphBytes-countBytes-queueBytes)/2 {
		grid /= 2 // fewer warps on very skewed graphs rather than failing
	}
	nwarps := grid * block / 32
	scratchBytes := nwarps * warpBytes
	dg, err := d.upload(g, countBytes+queueBytes+scratchBytes+1<<20)
	if err != nil {
		return nil, st, err
	}
	defer dg.allocs.FreeAll()
	st.HostGraph = dg.host
	var a gpu.Allocs
	defer a.FreeAll()
	out, err := a.Alloc(d.ctx, countBytes)
	if err != nil {
		return nil, st, fmt.Errorf("mine: motif counters (%d bytes): %w", countBytes, err)
	}
	if err := out.Memset32(0, 2*ndense); err != nil {
		return nil, st, err
	}
	scrv, err := a.Alloc(d.ctx, max(scratchBytes/5*4, 8))
	if err != nil {
		return nil, st, fmt.Errorf("mine: motif scratch (%d bytes): %w", scratchBytes, err)
	}
	scrt, err := a.Alloc(d.ctx, max(scratchBytes/5, 8))
	if err != nil {
		return nil, st, fmt.Errorf("mine: motif scratch (%d bytes): %w", scratchBytes, err)
	}
	ctl, err := a.Alloc(d.ctx, esuCtlWords*8)
	if err != nil {
		return nil, st, err
	}
	if err := ctl.Memset32(0, esuCtlWords*2); err != nil {
		return nil, st, err
	}
	units, err := a.Alloc(d.ctx, qcap*esuUnitWords*4)
	if err != nil {
		return nil, st, err
	}
	ready, err := a.Alloc(d.ctx, qcap*4)
	if err != nil {
		return nil, st, err
	}
	if err := ready.Memset32(0, qcap); err != nil {
		return nil, st, err
	}
	if err := d.ctx.Synchronize(); err != nil {
		return nil, st, err
	}
	st.Upload = time.Since(t0)
	st.Warps = int(nwarps)
	st.Rounds = 1
	opts := p.opts()
	t1 := time.Now()
	if m > 0 {
		if err := f.Launch(uint32(grid), block, dg.off, dg.adj, dg.src, m, n, uint64(k), maxd,
			scrv.Ptr(), scrt.Ptr(), wslice, ctl.Ptr(), units.Ptr(), ready.Ptr(), uint64(qcap), opts,
			out.Ptr(), uint64(ndense)); err != nil {
			return nil, st, err
		}
	}
	if err := d.ctx.Synchronize(); err != nil {
		return nil, st, err
	}
	st.Kernel = time.Since(t1)
	var c [esuCtlWords]uint64
	if err := gpu.Download(c[:], ctl, 0); err != nil {
		return nil, st, err
	}
	if m > 0 && (c[esuBusy] != 0 || c[esuFilled] != c[esuDonated]) {
		return nil, st, fmt.Errorf("mine: motif kernel ended with %d busy, %d units reserved, %d donated (a bug)", c[esuBusy], c[esuFilled], c[esuDonated])
	}
	st.Donated = int(c[esuDonated])
	raw, err := d.motifCounts(k, out, ndense, &a)
	if err != nil {
		return nil, st, err
	}
	return canonicalCounts(k, raw), st, nil
}

// motifCompactMin is the counter array length from which only the
// non-zero counters are downloaded (esu_compact), up to motifCompactCap
// of them; k ≤ 6 (9,765 counters) downloads the array.
const (
	motifCompactMin = 1 << 16
	motifCompactCap = 1 << 20
)

// motifCounts downloads the dense counters as raw code → count.
func (d *GPU) motifCounts(k int, out *gpu.Buffer, ndense int64, a *gpu.Allocs) (map[uint32]uint64, error) {
	raw := make(map[uint32]uint64)
	if ndense >= motifCompactMin {
		f, err := d.function("esu.ptx", esuPTX, "esu_compact")
		if err != nil {
			return nil, err
		}
		pairs, err := a.Alloc(d.ctx, motifCompactCap*16)
		if err != nil {
			return nil, err
		}
		num, err := d.counter(a)
		if err != nil {
			return nil, err
		}
		if err := f.Launch(uint32(d.ctx.Info().SMs)*8, 256, out.Ptr(), uint64(ndense), pairs.Ptr(), motifCompactCap, num.Ptr()); err != nil {
			return nil, err
		}
		var nn [1]uint64
		if err := gpu.Download(nn[:], num, 0); err != nil {
			return nil, err
		}
		if nn[0] <= motifCompactCap {
			p := make([]uint64, 2*nn[0])
			if err := gpu.Download(p, pairs, 0); err != nil {
				return nil, err
			}
			for i := 0; i < len(p); i += 2 {
				raw[motifCodeFromDense(k, p[i])] += p[i+1]
			}
			return raw, nil
		}
		// more distinct codes than pairs: download the whole array
	}
	counts := make([]uint64, ndense)
	if err := gpu.Download(counts, out, 0); err != nil {
		return nil, err
	}
	for id, n := range counts {
		if n != 0 {
			raw[motifCodeFromDense(k, uint64(id))] = n
		}
	}
	return raw, nil
}

// esu.cu's layout: words of a queued unit, and the ctl words.
const (
	esuUnitWords = 16
	esuCtlWords  = 5 * 16 // one 128-byte line per word
	esuBusy      = 16
	esuFilled    = 48
	esuDonated   = 64
)

// countMotifsWarp runs mine.cu's motif_warp (k = 3, 4): one warp per edge
// r–w1 (r < w1), ESU's second extension set materialized per warp, raw
// codes tallied in shared memory, canonical patterns on the host.
func (d *GPU) countMotifsWarp(g *csr.Graph, k int) ([]PatternCount, GPUStats, error) {
	var st GPUStats
	t0 := time.Now()
	sms := int64(d.ctx.Info().SMs)
	const block = 256
	// Each warp's scratch holds ESU's second extension set (at most
	// deg(r)+deg(w1) vertices) and a tag per vertex.
	slice := 2 * int64(max(maxDegree(g), 1))
	free, _, err := d.ctx.MemInfo()
	if err != nil {
		return nil, st, err
	}
	grid := sms * 8
	graphBytes := int64(len(g.Offsets))*8 + int64(len(g.Adj))*8
	for grid > sms && grid*block/32*slice*8 > (free-graphBytes)/2 {
		grid /= 2 // fewer warps on very skewed graphs rather than failing
	}
	nwarps := grid * block / 32
	g2, err := d.upload(g, nwarps*slice*8+1<<20)
	if err != nil {
		return nil, st, err
	}
	defer g2.allocs.FreeAll()
	st.HostGraph = g2.host
	var a gpu.Allocs
	defer a.FreeAll()
	out, err := a.Alloc(d.ctx, 64*8)
	if err != nil {
		return nil, st, err
	}
	if err := out.Memset32(0, 128); err != nil {
		return nil, st, err
	}
	next, err := d.counter(&a)
	if err != nil {
		return nil, st, err
	}
	scratch, err := a.Alloc(d.ctx, nwarps*slice*8)
	if err != nil {
		return nil, st, fmt.Errorf("mine: motif scratch (%d bytes): %w", nwarps*slice*8, err)
	}
	if err := d.ctx.Synchronize(); err != nil {
		return nil, st, err
	}
	st.Upload = time.Since(t0)
	st.Warps = int(nwarps)
	t1 := time.Now()
	if g2.m > 0 {
		if err := d.motif.Launch(uint32(grid), block, g2.off, g2.adj, g2.src, g2.m, uint64(k), scratch.Ptr(), uint64(slice), next.Ptr(), out.Ptr()); err != nil {
			return nil, st, err
		}
	}
	if err := d.ctx.Synchronize(); err != nil {
		return nil, st, err
	}
	st.Kernel = time.Since(t1)
	var res [64]uint64
	if err := gpu.Download(res[:], out, 0); err != nil {
		return nil, st, err
	}
	raw := make(map[uint32]uint64)
	for c, n := range res {
		if n != 0 {
			raw[uint32(c)] = n
		}
	}
	return canonicalCounts(k, raw), st, nil
}
