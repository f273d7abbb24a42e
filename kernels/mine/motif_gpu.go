package mine

import "fmt"

// Host-side pieces of the GPU motif kernel (esu.cu, motif_cuda.go) that do
// not need CUDA, so the default build tests them: the options, and the
// dense numbering of raw adjacency codes the kernel tallies into.

// GPUMotifOptions tunes (*GPU).CountMotifsWith; the zero value is the
// default used by (*GPU).CountMotifs.
type GPUMotifOptions struct {
	// Kernel is "auto" (the default: the fastest measured for k; see
	// motifAutoKernel), "esu" (esu.cu: every k = 3..8) or "warp"
	// (mine.cu's motif_warp, k = 3 and 4 only).
	Kernel string
	// NoDonate turns the esu kernel's work donation off, leaving only the
	// dynamic fetching of first edges (the load-balancing baseline).
	NoDonate bool
	// PollEvery is how many DFS steps a busy warp takes between checks for
	// idle warps to donate to: a power of two, default 8. Only k ≥ 5
	// donates (esu.cu says why).
	PollEvery int
	// DonateAfter is how many steps a warp works on a unit before it may
	// donate part of it (default 256: light units never donate; donating
	// from the first step made citeseer k = 6 1.3 times slower than not
	// donating at all, 256 made it 14 times faster). Negative: from the
	// first step (testing).
	DonateAfter int
	// QueueCap bounds the donated units per call (default 1<<20: 68 MB of
	// device memory); once it is reached warps stop donating, which costs
	// balance, not exactness.
	QueueCap int
	// BlocksPerSM is the esu kernel's grid, blocks of 256 threads per
	// multiprocessor, 1..4 (default 4, what its __launch_bounds__ keeps
	// resident).
	BlocksPerSM int
}

const (
	defaultMotifPollEvery   = 8
	defaultMotifDonateAfter = 256
	defaultMotifQueueCap    = 1 << 20
	defaultMotifBlocksPerSM = 4
)

// motifParams are GPUMotifOptions with the defaults filled in.
type motifParams struct {
	donate                 bool
	pollEvery, donateAfter int
	queueCap, blocksPerSM  int
}

// resolve checks the options and fills in the defaults.
func (o GPUMotifOptions) resolve() (motifParams, error) {
	p := motifParams{donate: !o.NoDonate, pollEvery: o.PollEvery, donateAfter: o.DonateAfter, queueCap: o.QueueCap, blocksPerSM: o.BlocksPerSM}
	switch o.Kernel {
	case "", "auto", "esu", "warp":
	default:
		return p, fmt.Errorf("mine: unknown motif kernel %q (want auto, esu or warp)", o.Kernel)
	}
	if p.pollEvery == 0 {
		p.pollEvery = defaultMotifPollEvery
	}
	if p.pollEvery < 1 || p.pollEvery > 256 || p.pollEvery&(p.pollEvery-1) != 0 {
		return p, fmt.Errorf("mine: motif PollEvery %d is not a power of two in [1,256]", o.PollEvery)
	}
	if p.donateAfter == 0 {
		p.donateAfter = defaultMotifDonateAfter
	}
	p.donateAfter = min(max(p.donateAfter, 0), 1<<31)
	if p.queueCap <= 0 {
		p.queueCap = defaultMotifQueueCap
	}
	if p.queueCap > 1<<26 {
		return p, fmt.Errorf("mine: motif QueueCap %d above %d", o.QueueCap, 1<<26)
	}
	if p.blocksPerSM == 0 {
		p.blocksPerSM = defaultMotifBlocksPerSM
	}
	if p.blocksPerSM < 1 || p.blocksPerSM > 4 {
		return p, fmt.Errorf("mine: motif BlocksPerSM %d out of range [1,4]", o.BlocksPerSM)
	}
	return p, nil
}

// opts is esu_motif's opts word (esu.cu).
func (p motifParams) opts() uint64 {
	o := uint64(p.pollEvery-1)<<8 | uint64(p.donateAfter)<<16
	if p.donate {
		o |= 1
	}
	return o
}

// Raw codes and their dense numbering. An ESU subgraph's raw code has one
// column per position j = 1..k-1 (bits pairIndex(0,j)..pairIndex(j-1,j):
// adjacency of the j-th vertex to the earlier ones), and no column is zero,
// because ESU only adds vertices adjacent to the subgraph. So the codes that
// occur are the mixed-radix numbers with digit col_j - 1 in [0, 2^j - 1):
// 1·3·7·15·31·63·127 = 78,129,765 for k = 8 (625 MB of u64 counters)
// against 2^28 raw codes (2 GiB). esu.cu's dense_id is the same function.

// motifDenseSize is the number of possible raw codes of connected
// k-subgraphs in ESU order.
func motifDenseSize(k int) uint64 {
	n := uint64(1)
	for j := 1; j < k; j++ {
		n *= 1<<j - 1
	}
	return n
}

// motifDenseID numbers a raw code (every column non-zero) densely.
func motifDenseID(k int, code uint32) uint64 {
	var id uint64
	radix := uint64(1)
	for j := 1; j < k; j++ {
		col := uint64(code>>pairIndex(0, j)) & (1<<j - 1)
		id += (col - 1) * radix
		radix *= 1<<j - 1
	}
	return id
}

// motifCodeFromDense inverts motifDenseID.
func motifCodeFromDense(k int, id uint64) uint32 {
	var code uint32
	for j := 1; j < k; j++ {
		r := uint64(1)<<j - 1
		code |= uint32(id%r+1) << pairIndex(0, j)
		id /= r
	}
	return code
}

// motifLevelCaps returns the capacity, in entries, of each extension set
// the esu kernel stores per warp (levels 2..k-2; level 1 is out(r) itself
// and level k-1 is never stored) and their sum. A level-d set holds
// distinct neighbours of d subgraph vertices: at most min(d·maxd, n).
func motifLevelCaps(k int, maxd, n uint64) (caps [MotifMaxK]uint64, total uint64) {
	for d := 2; d <= k-2; d++ {
		caps[d] = min(uint64(d)*maxd, n)
		total += caps[d]
	}
	return caps, total
}

// motifAutoKernel is the GPU motif kernel "auto" picks for k: motif_warp,
// specialised for k ≤ 4, was faster there on an H200 (kernel ms, esu
// against warp: citeseer k = 3, 4: 0.063/0.030, 0.35/0.22; ca-GrQc
// 0.080/0.045, 0.42/0.28; email-Enron 0.50/0.38, 95/74;
// bench/mine-h200-2026-11-21-motif.txt, run 3).
func motifAutoKernel(k int) string {
	if k <= 4 {
		return "warp"
	}
	return "esu"
}
