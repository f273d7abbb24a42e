package mine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cflr/cflr/graph/csr"
)

// A Go emulation of esu.cu's esu_motif, statement for statement at the
// level of warps: each emuWarp is one warp's replicated DFS state, its
// lanes' data-parallel loops run sequentially in lane order (the order the
// ballot compaction keeps), and a random scheduler interleaves the warps
// one loop iteration at a time, so the donation protocol (busy and idle
// counters, the unit queue, lim cuts) and the per-block shared tally tables
// are exercised on the CPU under many interleavings before the kernel ever
// runs. The tests compare it with CountMotifs and brute force.

// emuShared is the kernel's global memory: ctl words, the unit queue, the
// dense counters; blocks holds each block's shared tally table.
type emuShared struct {
	g              *csr.Graph
	src            []uint32
	k              int
	next           uint64
	busy           int64
	ticket, filled uint64
	qcap           uint64
	units          [][16]uint32
	ready          []bool
	out            []uint64
	donated        uint64
	donate         bool
	pollMask       uint32
	after          uint32
	dense          uint64 // esu.cu's ESU_DENSE
	slots, probes  int
	blocks         []*emuTable
	maxd           uint64
	warpsPerBlock  int
	taken, rebuilt uint64 // units taken by their ticket's warp, prefixes rebuilt
}

// emuTable is a block's shared tally table (esu.cu: tkey, tcnt): direct
// by dense id when the dense space fits, else open addressing.
type emuTable struct {
	key []uint32
	cnt []uint64
}

const emuEmpty = ^uint32(0)

func (sh *emuShared) tallyAdd(t *emuTable, id uint32, n uint64) {
	if motifDenseSize(sh.k) <= uint64(sh.slots) {
		t.cnt[id] += n
		return
	}
	h := motifHash(id, sh.slots)
	for p := 0; p < sh.probes; p++ {
		s := (h + uint32(p)) & uint32(sh.slots-1)
		if t.key[s] == emuEmpty {
			t.key[s] = id
		}
		if t.key[s] == id {
			t.cnt[s] += n
			return
		}
	}
	sh.out[id] += n
}

// motifHash is esu.cu's slot hash (Fibonacci hashing; slots a power of two).
func motifHash(id uint32, slots int) uint32 {
	bits := 0
	for 1<<bits < slots {
		bits++
	}
	if bits == 0 {
		return 0
	}
	return (id * 2654435761) >> (32 - bits)
}

// flush is the end of the kernel: every block adds its table to out.
func (sh *emuShared) flush() {
	direct := motifDenseSize(sh.k) <= uint64(sh.slots)
	for _, t := range sh.blocks {
		for s, c := range t.cnt {
			if c == 0 {
				continue
			}
			if direct {
				sh.out[s] += c
			} else {
				sh.out[t.key[s]] += c
			}
		}
	}
}

type emuWarp struct {
	sh    *emuShared
	table *emuTable
	// DFS state, as in esu.cu: sub[j] and its neighbour list; code[d] the
	// raw code of sub[0..d-1]; level d's set, its iteration index, limit
	// (cut by donation) and size. Level 1 is out(r) above r (s1); levels
	// 2..k-2 live in lv/lt (vertices, tags).
	sub                   [MotifMaxK]uint32
	nb                    [MotifMaxK][]uint32
	code, idx, lim, size  [MotifMaxK]uint32
	lv                    [MotifMaxK][]uint32
	lt                    [MotifMaxK][]uint8
	s1                    []uint32
	d, base               int
	edgesLeft, idle, done bool
	ticket                uint64
	started               bool
	ustep, seen           uint32 // steps on the current unit, at the last poll
}

func tri(d int) uint32 { return uint32(d * (d - 1) / 2) }

func (w *emuWarp) elem(l int, i uint32) (uint32, uint8) {
	if l == 1 {
		return w.s1[i], 1
	}
	return w.lv[l][i], w.lt[l][i]
}

func (w *emuWarp) setSub(j int, v uint32) {
	w.sub[j] = v
	w.nb[j] = w.sh.g.Neighbors(v)
}

func (w *emuWarp) root(r uint32) {
	w.setSub(0, r)
	lo, _ := slices.BinarySearch(w.nb[0], r+1)
	w.s1 = w.nb[0][lo:]
	w.size[1] = uint32(len(w.s1))
	w.code[1] = 0
}

// excl reports whether x is outside N[sub[0..d-1]] and above the root.
func (w *emuWarp) excl(x uint32, d int) bool {
	if x <= w.sub[0] {
		return false
	}
	for j := 0; j < d; j++ {
		if _, ok := slices.BinarySearch(w.nb[j], x); ok {
			return false
		}
	}
	return true
}

// build makes level l+1 from position p of level l: sub[l] = S_l[p], the
// set's tail with adjacency to it added to the tags, then its exclusive
// neighbours (tag 1<<l).
func (w *emuWarp) build(l int, p uint32) {
	v, t := w.elem(l, p)
	w.code[l+1] = w.code[l] | uint32(t)<<tri(l)
	w.setSub(l, v)
	dv, dt := w.lv[l+1][:0], w.lt[l+1][:0]
	for i := p + 1; i < w.size[l]; i++ {
		u, tu := w.elem(l, i)
		if _, ok := slices.BinarySearch(w.nb[l], u); ok {
			tu |= 1 << l
		}
		dv, dt = append(dv, u), append(dt, tu)
	}
	for _, x := range w.nb[l] {
		if w.excl(x, l) {
			dv, dt = append(dv, x), append(dt, 1<<l)
		}
	}
	if uint64(len(dv)) > uint64(cap(w.lv[l+1])) {
		panic("level capacity exceeded")
	}
	w.lv[l+1], w.lt[l+1] = dv, dt
	w.size[l+1] = uint32(len(dv))
}

// tallyChunk tallies one 32-lane chunk of leaf codes as esu.cu does, equal
// codes aggregated into one add (match_any), and returns chunk emptied.
func (w *emuWarp) tallyChunk(chunk []uint32) []uint32 {
	for len(chunk) > 0 {
		code := chunk[0]
		n := 0
		rest := chunk[:0]
		for _, x := range chunk {
			if x == code {
				n++
			} else {
				rest = append(rest, x)
			}
		}
		chunk = rest
		w.sh.tallyAdd(w.table, uint32(motifDenseID(w.sh.k, code)), uint64(n))
	}
	return chunk
}

// fused1 tallies the leaves under position p of level d = k-2 alone, as
// esu.cu's fused1 (dense chunks): the set's tail in 32-lane chunks, then
// the exclusive neighbours, which all share one code.
func (w *emuWarp) fused1(d int, p uint32) {
	sh := w.sh
	v, t := w.elem(d, p)
	c := w.code[d] | uint32(t)<<tri(d)
	nv := sh.g.Neighbors(v)
	P := tri(d + 1)
	var chunk []uint32
	for i := p + 1; i < w.size[d]; i++ {
		u, tu := w.elem(d, i)
		if _, ok := slices.BinarySearch(nv, u); ok {
			tu |= 1 << d
		}
		chunk = append(chunk, c|uint32(tu)<<P)
		if len(chunk) == 32 {
			chunk = w.tallyChunk(chunk)
		}
	}
	w.tallyChunk(chunk)
	var nex uint64
	for _, x := range nv {
		if w.excl(x, d) {
			nex++
		}
	}
	if nex > 0 {
		sh.tallyAdd(w.table, uint32(motifDenseID(sh.k, c|uint32(1)<<d<<P)), nex)
	}
}

// fused tallies the leaves under positions [a, b) of level d = k-2 as
// esu.cu does: up to 32 positions at a time (one by one, fused1, when they
// average sh.dense items or more), their items (the set's tail:
// code column k-1 = tag | adjacency to S_d[p]; then S_d[p]'s neighbours,
// one subgraph per exclusive one) flattened over 32-lane chunks whose
// equal codes are aggregated (match_any).
func (w *emuWarp) fused(d int, a, b uint32) {
	sh := w.sh
	P := tri(d + 1)
	type item struct {
		p, q uint32 // position, item index
	}
	for c0 := a; c0 < b; c0 += 32 {
		var items []item
		np := min(b-c0, 32)
		for p := c0; p < c0+np; p++ {
			v, _ := w.elem(d, p)
			n := w.size[d] - p - 1 + uint32(len(sh.g.Neighbors(v)))
			for q := uint32(0); q < n; q++ {
				items = append(items, item{p, q})
			}
		}
		if uint64(len(items)) >= sh.dense*uint64(np) {
			for p := c0; p < c0+np; p++ {
				w.fused1(d, p)
			}
			continue
		}
		for t0 := 0; t0 < len(items); t0 += 32 {
			var chunk []uint32
			for _, it := range items[t0:min(t0+32, len(items))] {
				v, t := w.elem(d, it.p)
				c := w.code[d] | uint32(t)<<tri(d)
				nv := sh.g.Neighbors(v)
				rest := w.size[d] - it.p - 1
				if it.q < rest {
					u, tu := w.elem(d, it.p+1+it.q)
					if _, ok := slices.BinarySearch(nv, u); ok {
						tu |= 1 << d
					}
					chunk = append(chunk, c|uint32(tu)<<P)
				} else if w.excl(nv[it.q-rest], d) {
					chunk = append(chunk, c|uint32(1)<<d<<P)
				}
			}
			chunk = w.tallyChunk(chunk)
		}
	}
}

// rebuild replays a donated unit's prefix and sets up its range.
func (w *emuWarp) rebuild(h uint64) {
	u := w.sh.units[h]
	L := int(u[0])
	w.root(u[1])
	for j := 1; j < L; j++ {
		p := u[1+j]
		w.idx[j], w.lim[j] = p, p+1
		w.build(j, p)
	}
	w.idx[L], w.lim[L] = u[14], u[15]
	w.d, w.base = L, L
	w.ustep, w.seen = 0, 0
	w.sh.rebuilt++
}

func (w *emuWarp) tryDonate() {
	sh := w.sh
	want := sh.filled < sh.ticket && sh.filled < sh.qcap
	if !want {
		return
	}
	L, q0 := -1, uint32(0)
	for l := w.base; l <= w.d && l <= sh.k-3; l++ {
		s := w.idx[l]
		need := uint32(2)
		if l < w.d {
			s, need = w.idx[l]+1, 1
		}
		if w.lim[l] > s && w.lim[l]-s >= need {
			L, q0 = l, s
			break
		}
	}
	if L < 0 {
		return
	}
	mid := q0 + (w.lim[L]-q0)/2
	sh.busy++
	t := sh.filled
	if t >= sh.qcap || t >= sh.ticket {
		sh.busy--
		return
	}
	sh.filled++
	var u [16]uint32
	u[0], u[1] = uint32(L), w.sub[0]
	for j := 1; j < L; j++ {
		u[1+j] = w.idx[j]
	}
	u[14], u[15] = mid, w.lim[L]
	sh.units[t] = u
	sh.ready[t] = true
	sh.donated++
	w.lim[L] = mid
}

// step runs one iteration of the kernel's main loop (or of the idle spin).
func (w *emuWarp) step() {
	sh := w.sh
	k := sh.k
	if !w.started {
		w.started, w.edgesLeft, w.base = true, true, 1
		sh.busy++
		return
	}
	if w.idle {
		if w.ticket < sh.qcap && sh.ready[w.ticket] {
			w.idle = false
			sh.taken++
			w.rebuild(w.ticket)
			return
		}
		if sh.busy == 0 {
			w.done = true
		}
		return
	}
	if w.d < w.base { // fetch
		if w.edgesLeft {
			e := sh.next
			sh.next++
			if e < uint64(len(sh.g.Adj)) {
				r, w1 := sh.src[e], sh.g.Adj[e]
				if w1 <= r {
					return
				}
				w.root(r)
				p := uint32(e-sh.g.Offsets[r]) - uint32(len(w.nb[0])-len(w.s1))
				w.idx[1], w.lim[1] = p, p+1
				w.d, w.base = 1, 1
				w.ustep, w.seen = 0, 0
				return
			}
			w.edgesLeft = false
		}
		// Out of work: stop counting as busy, then wait for a unit (whose
		// own count passes to this warp) or for nothing to be left.
		sh.busy--
		w.ticket = sh.ticket
		sh.ticket++
		w.idle = true
		return
	}
	if sh.donate {
		// poll when the steps cross a multiple of PollEvery (a fused step
		// counts one step per position)
		w.ustep++
		if w.ustep >= sh.after && (w.seen^w.ustep)&^sh.pollMask != 0 {
			w.tryDonate()
		}
		w.seen = w.ustep
	}
	d := w.d
	if w.idx[d] >= w.lim[d] {
		w.d--
		if w.d >= w.base {
			w.idx[w.d]++
		}
		return
	}
	p := w.idx[d]
	if d == k-2 {
		w.fused(d, p, w.lim[d])
		w.ustep += w.lim[d] - p - 1
		w.idx[d] = w.lim[d]
		return
	}
	w.build(d, p)
	if w.size[d+1] == 0 {
		w.idx[d]++
		return
	}
	w.idx[d+1], w.lim[d+1] = 0, w.size[d+1]
	w.d++
}

type emuConfig struct {
	warps, warpsPerBlock int
	donate               bool
	pollEvery, after     int
	qcap                 uint64
	slots, probes        int
	dense                int // ESU_DENSE if > 0, else 64 (esu.cu's)
	seed                 uint64
}

// emulateESU runs the emulated kernel and returns the canonical counts and
// the number of donated units.
func emulateESU(g *csr.Graph, k int, cfg emuConfig) ([]PatternCount, *emuShared) {
	maxd := uint64(maxDegree(g))
	sh := &emuShared{g: g, src: arcSources(g, 1), k: k, qcap: cfg.qcap, units: make([][16]uint32, cfg.qcap), ready: make([]bool, cfg.qcap),
		out: make([]uint64, motifDenseSize(k)), donate: cfg.donate, pollMask: uint32(cfg.pollEvery - 1), after: uint32(cfg.after), slots: cfg.slots, probes: cfg.probes,
		dense: 64, maxd: maxd, warpsPerBlock: cfg.warpsPerBlock}
	caps, _ := motifLevelCaps(k, maxd, uint64(g.N))
	if cfg.dense > 0 {
		sh.dense = uint64(cfg.dense)
	}
	var ws []*emuWarp
	for i := 0; i < cfg.warps; i++ {
		if i%cfg.warpsPerBlock == 0 {
			t := &emuTable{key: make([]uint32, cfg.slots), cnt: make([]uint64, cfg.slots)}
			for s := range t.key {
				t.key[s] = emuEmpty
			}
			sh.blocks = append(sh.blocks, t)
		}
		w := &emuWarp{sh: sh, table: sh.blocks[len(sh.blocks)-1]}
		for d := 2; d <= k-2; d++ {
			w.lv[d] = make([]uint32, 0, caps[d])
			w.lt[d] = make([]uint8, 0, caps[d])
		}
		ws = append(ws, w)
	}
	r := rand.New(rand.NewPCG(cfg.seed, 11))
	live := slices.Clone(ws)
	for len(live) > 0 {
		i := r.IntN(len(live))
		// bursts of steps: some warps run ahead, as on a GPU
		for n := 1 + r.IntN(4); n > 0 && !live[i].done; n-- {
			live[i].step()
		}
		if live[i].done {
			live[i] = live[len(live)-1]
			live = live[:len(live)-1]
		}
	}
	if sh.busy != 0 || sh.taken != sh.filled || sh.filled != sh.donated {
		panic(fmt.Sprintf("emulation ended with busy=%d, %d units filled, %d donated, %d taken", sh.busy, sh.filled, sh.donated, sh.taken))
	}
	sh.flush()
	raw := map[uint32]uint64{}
	for id, c := range sh.out {
		if c != 0 {
			raw[motifCodeFromDense(k, uint64(id))] += c
		}
	}
	return canonicalCounts(k, raw), sh
}

func TestMotifDenseCodes(t *testing.T) {
	for k := MotifMinK; k <= MotifMaxK; k++ {
		n := motifDenseSize(k)
		step := max(n/100000, 1) // every id for k ≤ 7, a stride for k = 8
		for id := uint64(0); id < n; id += step {
			code := motifCodeFromDense(k, id)
			if code>>(k*(k-1)/2) != 0 {
				t.Fatalf("k=%d: id %d → code %x beyond %d bits", k, id, code, k*(k-1)/2)
			}
			for j := 1; j < k; j++ {
				if code>>pairIndex(0, j)&(1<<j-1) == 0 {
					t.Fatalf("k=%d: id %d → code %x with column %d empty", k, id, code, j)
				}
			}
			if back := motifDenseID(k, code); back != id {
				t.Fatalf("k=%d: id %d → code %x → id %d", k, id, code, back)
			}
		}
	}
	if got := motifDenseSize(8); got != 78129765 {
		t.Fatalf("dense size k=8: %d", got)
	}
}

func sameCounts(a, b []PatternCount) bool {
	return slices.EqualFunc(a, b, func(x, y PatternCount) bool { return x.Count == y.Count && x.Pattern.Key() == y.Pattern.Key() })
}

// TestMotifGPUEmulation: the emulated kernel equals CountMotifs (checked
// against brute force elsewhere) and brute force for k = 3..8, with and
// without donation, with few and many warps, tiny tables (probe overflow to
// the global counters) and a tiny unit queue (donation stops when full).
func TestMotifGPUEmulation(t *testing.T) {
	type gcase struct {
		name string
		g    *csr.Graph
	}
	var graphs []gcase
	for seed := uint64(1); seed <= 6; seed++ {
		n := 9 + int(seed)*3
		p := []float64{0.15, 0.5, 0.3, 0.8, 0.1, 0.4}[seed-1]
		graphs = append(graphs, gcase{fmt.Sprintf("gnp%d", seed), randomGraph(seed, n, p, 0)})
	}
	graphs = append(graphs, gcase{"star+clique", starClique()})
	cfgs := []emuConfig{
		{warps: 1, warpsPerBlock: 1, donate: true, pollEvery: 1, qcap: 1 << 12, slots: 2048, probes: 32},
		{warps: 5, warpsPerBlock: 2, donate: true, pollEvery: 1, after: 4, qcap: 1 << 12, slots: 2048, probes: 32},
		{warps: 64, warpsPerBlock: 8, donate: true, pollEvery: 2, qcap: 1 << 12, slots: 8, probes: 3},
		{warps: 40, warpsPerBlock: 8, donate: true, pollEvery: 1, qcap: 7, slots: 64, probes: 2},
		{warps: 17, warpsPerBlock: 4, donate: false, pollEvery: 8, qcap: 1 << 12, slots: 2048, probes: 32},
		{warps: 32, warpsPerBlock: 8, donate: true, pollEvery: 8, after: 256, qcap: 1 << 20, slots: 2048, probes: 32},        // the defaults
		{warps: 7, warpsPerBlock: 4, donate: true, pollEvery: 2, after: 3, qcap: 1 << 12, slots: 2048, probes: 32, dense: 1}, // fused1 only
		{warps: 9, warpsPerBlock: 4, donate: true, pollEvery: 1, after: 2, qcap: 1 << 12, slots: 16, probes: 2, dense: 4},    // both paths
		{warps: 11, warpsPerBlock: 4, donate: true, pollEvery: 4, qcap: 1 << 12, slots: 2048, probes: 32, dense: 1 << 30},    // flattened only
	}
	for _, gc := range graphs {
		for k := MotifMinK; k <= MotifMaxK; k++ {
			if k > 6 && (testing.Short() || gc.g.N > 18) {
				continue // C(n, 8) subsets: the dense graphs above 18 vertices take seconds
			}
			want, err := CountMotifs(gc.g, k, Options{Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			if k <= 6 || gc.g.N <= 12 { // brute force over C(15, 8) takes seconds
				checkMotifsBrute(t, gc.name, gc.g, k, want)
			}
			for ci, cfg := range cfgs {
				cfg.seed = uint64(ci*100 + k)
				got, sh := emulateESU(gc.g, k, cfg)
				if !sameCounts(got, want) {
					t.Fatalf("%s k=%d cfg %d: emulated %v, CPU %v", gc.name, k, ci, got, want)
				}
				if !cfg.donate && sh.donated != 0 {
					t.Fatalf("cfg %d donated without donation", ci)
				}
				t.Logf("%s k=%d cfg %d: %d donated", gc.name, k, ci, sh.donated)
			}
		}
	}
}

// starClique is a hub joined to a clique and to pendant paths: skewed
// subtrees (the hub) and dense codes (the clique) on few vertices.
func starClique() *csr.Graph {
	var edges []csr.Edge
	add := func(u, v uint32) { edges = append(edges, csr.Edge{Src: u, Dst: v}) }
	for u := uint32(1); u <= 5; u++ {
		for v := u + 1; v <= 5; v++ {
			add(u, v)
		}
	}
	for v := uint32(1); v <= 15; v++ {
		add(0, v)
	}
	for v := uint32(6); v < 15; v += 2 {
		add(v, v+1)
	}
	g, _ := csr.FromEdges(16, edges, csr.BuildOptions{})
	return Undirected(g, 1)
}

func TestMotifGPUOptions(t *testing.T) {
	p, err := GPUMotifOptions{}.resolve()
	if err != nil || p != (motifParams{donate: true, pollEvery: 8, donateAfter: 256, queueCap: 1 << 20, blocksPerSM: 4}) {
		t.Fatalf("defaults: %+v, %v", p, err)
	}
	if o := p.opts(); o != 1|7<<8|256<<16 {
		t.Fatalf("opts word %#x", o)
	}
	p, err = GPUMotifOptions{NoDonate: true, PollEvery: 1, DonateAfter: -5}.resolve()
	if err != nil || p.donate || p.opts() != 0 {
		t.Fatalf("%+v %v: opts %#x", p, err, p.opts())
	}
	for _, o := range []GPUMotifOptions{{Kernel: "x"}, {PollEvery: 6}, {PollEvery: 512}, {PollEvery: -1}, {BlocksPerSM: 5}, {BlocksPerSM: -1}, {QueueCap: 1 << 27}} {
		if _, err := o.resolve(); err == nil {
			t.Errorf("%+v accepted", o)
		}
	}
}

// checkMotifsBrute fails t unless the motif counts want equal brute force
// over all k-subsets of g, pattern by pattern and in total.
func checkMotifsBrute(t *testing.T, name string, g *csr.Graph, k int, want []PatternCount) {
	t.Helper()
	brute := bruteMotifs(g, k)
	var nb, nw uint64
	for _, pc := range want {
		if brute[fullCanon(pc.Pattern)] != pc.Count {
			t.Fatalf("%s k=%d: CPU %s = %d, brute force %d", name, k, pc.Pattern, pc.Count, brute[fullCanon(pc.Pattern)])
		}
		nw += pc.Count
	}
	for _, c := range brute {
		nb += c
	}
	if nb != nw {
		t.Fatalf("%s k=%d: CPU total %d, brute force %d", name, k, nw, nb)
	}
}
