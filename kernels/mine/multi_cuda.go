//go:build cuda

package mine

import (
	"fmt"
	"strings"
	"time"

	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
	"github.com/cflr/cflr/kernels/prep"
)

// MultiGPU runs the counting kernels on a set of devices with the graph
// replicated on each (the common case: it fits one GPU). Tasks (arcs for
// cliques and motifs; tc_hash's items, the long lists' first, for
// triangles) are fetched by the single-GPU kernels, unchanged, through a
// work counter: one counter in the first device's memory shared by every
// device where all can do atomics on it (dealShared), else chunks dealt
// through a shared host counter (gpu.Deal; a chunk [lo, hi) is a launch
// whose counter starts at lo and whose task count is hi, two chunks in
// flight per device). Either way a device that finishes early takes more.
// Each device counts into its own counters and the host adds them, so
// counts are exact and the same as on one GPU.
//
// With one device every call is the single-GPU call (GPU), unchanged.
type MultiGPU struct {
	set  *gpu.Set
	devs []*GPU
	// triPerDevice is triangleArcsPerDevice (tests lower it so that small
	// graphs are dealt over every device).
	triPerDevice uint64
	// hostChunks forces dealing through the host counter where the
	// shared device counter would do (tests and measurements).
	hostChunks bool
	// chunkDiv and minDiv, when chunkDiv > 0, replace the dealer's chunk
	// bounds with tasks/(chunkDiv × devices) and tasks/(minDiv × devices)
	// (measurements of the per-chunk cost).
	chunkDiv, minDiv int
}

// NewMultiGPU opens the devices ordinals names (gpu.ParseDevices; a
// repeated ordinal is another device on the same GPU) and loads the
// kernels on each.
func NewMultiGPU(ordinals []int, opt GPUOptions) (*MultiGPU, error) {
	set, err := gpu.OpenSet(ordinals)
	if err != nil {
		return nil, err
	}
	m := &MultiGPU{set: set, triPerDevice: triangleArcsPerDevice}
	for i, c := range set.Ctx {
		o := opt
		o.Ordinal = ordinals[i]
		d, err := newGPUOn(c, o)
		if err != nil {
			set.Close()
			return nil, err
		}
		d.shared = true
		m.devs = append(m.devs, d)
	}
	return m, nil
}

// Close releases the devices.
func (m *MultiGPU) Close() error { return m.set.Close() }

// Len is the number of devices.
func (m *MultiGPU) Len() int { return len(m.devs) }

// First is the first device (where CountTrianglesDevice expects its graph).
func (m *MultiGPU) First() *GPU { return m.devs[0] }

// Device describes the devices, one line each.
func (m *MultiGPU) Device() string {
	var b strings.Builder
	for i, d := range m.devs {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(d.Device())
	}
	return b.String()
}

// single wraps a single-GPU call's stats.
func (m *MultiGPU) single(n uint64, st GPUStats) MultiStats {
	return MultiStats{GPUStats: st, Devices: []gpu.DeviceStats{{
		Ordinal: m.devs[0].opt.Ordinal, Upload: st.Upload, Kernel: st.Kernel, Chunks: 1, Count: n}}}
}

// devJob is one device's state in a multi-device call.
type devJob struct {
	d          *GPU
	g          *devGraph
	a          gpu.Allocs
	out, stack *gpu.Buffer
	poff, padj uint64
	items      [2]*gpu.Buffer // tc_hash: block items, warp items
	streams    [2]*gpu.Stream
	next       [2]*gpu.Buffer // per stream: a work counter per segment
	chunks     int
	idx        int // in the job list
	st         gpu.DeviceStats
}

func (m *MultiGPU) jobs() []*devJob {
	js := make([]*devJob, len(m.devs))
	for i, d := range m.devs {
		js[i] = &devJob{d: d, idx: i, st: gpu.DeviceStats{Ordinal: d.opt.Ordinal}}
	}
	return js
}

func freeJobs(js []*devJob) {
	for _, j := range js {
		for _, s := range j.streams {
			if s != nil {
				s.Synchronize()
				s.Close()
			}
		}
		if j.g != nil {
			j.g.allocs.FreeAll()
		}
		j.a.FreeAll()
	}
}

// replicate places dag on every job's device: uploaded once to the
// first, then peer-copied to the others (over NVLink where peer access is
// on, instead of one host upload a device). A device whose free memory
// cannot hold the copy and reserve, or any device when the first put the
// graph in mapped host memory, uploads its own (host mode when needed, as
// on one GPU).
func (m *MultiGPU) replicate(js []*devJob, dag *csr.Graph, reserve int64, withSrc bool) error {
	j0 := js[0]
	var err error
	if j0.g, err = j0.d.uploadSrc(dag, reserve, withSrc); err != nil {
		return err
	}
	return gpu.OnDevices(len(js), func(i int) error {
		j := js[i]
		if i == 0 {
			return j.setup()
		}
		src := j0.g.bufs
		var bytes int64
		for _, b := range src {
			if b != nil {
				bytes += b.Bytes()
			}
		}
		free, _, err := j.d.ctx.MemInfo()
		if err != nil {
			return err
		}
		if j0.g.host || src[0] == nil || j.d.opt.HostGraph || bytes+reserve > free || (j.d.opt.GraphMemLimit > 0 && bytes > j.d.opt.GraphMemLimit) {
			if j.g, err = j.d.uploadSrc(dag, reserve, withSrc); err != nil {
				return err
			}
			return j.setup()
		}
		j.g = &devGraph{n: j0.g.n, m: j0.g.m}
		var ptrs [3]uint64
		for k, b := range src {
			if b == nil {
				continue
			}
			c, err := j.g.allocs.Alloc(j.d.ctx, b.Bytes())
			if err != nil {
				return err
			}
			if err := gpu.CopyPeer(c, 0, b, 0, b.Bytes()); err != nil {
				return err
			}
			j.g.bufs[k], ptrs[k] = c, c.Ptr()
		}
		j.g.off, j.g.adj, j.g.src = ptrs[0], ptrs[1], ptrs[2]
		return j.setup()
	})
}

// setup allocates the device's result counter, streams and work counters.
func (j *devJob) setup() error {
	var err error
	if j.out, err = j.d.counter(&j.a); err != nil {
		return err
	}
	for s := range j.streams {
		if j.streams[s], err = j.d.ctx.NewStream(); err != nil {
			return err
		}
		if j.next[s], err = j.a.Alloc(j.d.ctx, 16); err != nil {
			return err
		}
	}
	return nil
}

// deal shares the tasks of the segments (consecutive task ranges, each
// with its own work counter word) among the jobs, through one shared
// device counter where it can (dealShared), else in host chunks
// (dealHost); launch queues one segment's kernel for the tasks [lo, hi)
// on stream s, with work counter next (already holding lo). It fills
// each job's stats and returns the reduced count.
func (m *MultiGPU) deal(js []*devJob, sizes []int64, launch func(j *devJob, s *gpu.Stream, next uint64, seg int, lo, hi int64) error) (uint64, time.Duration, error) {
	if m.sharedCounter(len(js)) {
		return m.dealShared(js, sizes, launch)
	}
	return m.dealHost(js, sizes, launch)
}

// sharedCounter reports whether the first n devices can all fetch work
// from counters in the first device's memory (atomics on the same GPU,
// or on a peer with native atomics: NVLink).
func (m *MultiGPU) sharedCounter(n int) bool {
	if m.hostChunks {
		return false
	}
	for i := 1; i < n; i++ {
		if !m.set.PeerAtomics(i, 0) {
			return false
		}
	}
	return true
}

// dealShared runs each segment's kernel once on each of every device's two
// streams, all fetching tasks from one counter a segment in the first
// device's memory: the kernels' own dynamic fetching, across devices,
// with no chunk boundaries (each chunk of host dealing ends in a tail of
// idle warps: about 1 ms a chunk for tc_hash on RMAT-22, H200,
// 2026-11-28). Per-device task counts are not known (Tasks 0).
func (m *MultiGPU) dealShared(js []*devJob, sizes []int64, launch func(j *devJob, s *gpu.Stream, next uint64, seg int, lo, hi int64) error) (uint64, time.Duration, error) {
	ctr, err := js[0].a.Alloc(js[0].d.ctx, int64(8*len(sizes)))
	if err != nil {
		return 0, 0, err
	}
	if err := ctr.Memset32(0, int64(2*len(sizes))); err != nil {
		return 0, 0, err
	}
	t1 := time.Now()
	err = gpu.OnDevices(len(js), func(i int) error {
		j := js[i]
		for _, s := range j.streams {
			for seg, n := range sizes {
				if n == 0 {
					continue
				}
				if err := launch(j, s, ctr.Ptr()+uint64(seg)*8, seg, 0, n); err != nil {
					return err
				}
			}
		}
		for _, s := range j.streams {
			if err := s.Synchronize(); err != nil {
				return err
			}
		}
		j.st.Kernel, j.st.Chunks = time.Since(t1), 1
		return nil
	})
	kernel := time.Since(t1)
	if err != nil {
		return 0, kernel, err
	}
	for _, j := range js {
		var c [1]uint64
		if err := gpu.Download(c[:], j.out, 0); err != nil {
			return 0, kernel, err
		}
		j.st.Count = c[0]
	}
	return sumCounts(m.stats(js).Devices), kernel, nil
}

// dealHost deals the segments' tasks in chunks through the host counter.
func (m *MultiGPU) dealHost(js []*devJob, sizes []int64, launch func(j *devJob, s *gpu.Stream, next uint64, seg int, lo, hi int64) error) (uint64, time.Duration, error) {
	var total int64
	for _, n := range sizes {
		total += n
	}
	t1 := time.Now()
	minChunk, maxChunk := multiMinChunk(total, len(js)), int64(0)
	if m.chunkDiv > 0 { // tests and measurements
		minChunk, maxChunk = max(1, total/int64(m.minDiv*len(js))), max(1, total/int64(m.chunkDiv*len(js)))
	}
	st, err := gpu.Deal(len(js), total, minChunk, maxChunk, func(i int, lo, hi int64) error {
		j := js[i]
		k := j.chunks % len(j.streams)
		j.chunks++
		s, nx := j.streams[k], j.next[k]
		// The stream's previous chunk must be done before its counters
		// are reset: this is where a device waits, with the other
		// stream's chunk still running.
		if err := s.Synchronize(); err != nil {
			return err
		}
		return gpu.Segments(sizes, lo, hi, func(seg int, a, b int64) error {
			if err := nx.SetU64Async(int64(seg)*8, uint64(a), s); err != nil {
				return err
			}
			return launch(j, s, nx.Ptr()+uint64(seg)*8, seg, a, b)
		})
	}, func(i int) error {
		for _, s := range js[i].streams {
			if err := s.Synchronize(); err != nil {
				return err
			}
		}
		return nil
	})
	kernel := time.Since(t1)
	if err != nil {
		return 0, kernel, err
	}
	for i, j := range js {
		j.st.Chunks, j.st.Tasks, j.st.Kernel = st[i].Chunks, st[i].Tasks, st[i].Kernel
		var c [1]uint64
		if err := gpu.Download(c[:], j.out, 0); err != nil {
			return 0, kernel, err
		}
		j.st.Count = c[0]
	}
	return sumCounts(m.stats(js).Devices), kernel, nil
}

func (m *MultiGPU) stats(js []*devJob) MultiStats {
	var ms MultiStats
	for _, j := range js {
		ms.Devices = append(ms.Devices, j.st)
		ms.HostGraph = ms.HostGraph || (j.g != nil && j.g.host)
	}
	return ms
}

// CountTriangles counts the triangles of the oriented graph dag on every
// device (as GPU.CountTriangles; the edge-parallel kernels become the
// clique kernel at k = 3, which fetches arcs through a counter).
func (m *MultiGPU) CountTriangles(dag *csr.Graph) (uint64, MultiStats, error) {
	if len(m.devs) == 1 || triangleDevices(dag.NumEdges(), len(m.devs), m.triPerDevice) == 1 {
		n, st, err := m.devs[0].CountTriangles(dag)
		return n, m.single(n, st), err
	}
	kernel := m.devs[0].opt.TriangleKernel
	if kernel == "" || kernel == "auto" {
		kernel = "hashmin" // as in CountTrianglesDevice
	}
	if !strings.HasPrefix(kernel, "hash") {
		return m.CountCliques(dag, 3)
	}
	t0 := time.Now()
	js := m.jobs()[:triangleDevices(dag.NumEdges(), len(m.devs), m.triPerDevice)]
	defer freeJobs(js)
	if err := m.replicate(js, dag, 1<<20, false); err != nil {
		return 0, MultiStats{}, err
	}
	return m.countHash(js, dag, kernel, t0)
}

// CountTrianglesDevice counts the triangles of an oriented graph already
// in the first device's memory (prep.Orient with host offsets): the other
// devices get their copies by peer copies from it.
func (m *MultiGPU) CountTrianglesDevice(dag *prep.Graph) (uint64, MultiStats, error) {
	if len(m.devs) == 1 || triangleDevices(dag.M, len(m.devs), m.triPerDevice) == 1 {
		n, st, err := m.devs[0].CountTrianglesDevice(dag)
		return n, m.single(n, st), err
	}
	if dag.HostOff == nil {
		return 0, MultiStats{}, fmt.Errorf("mine: CountTrianglesDevice needs the DAG's host offsets")
	}
	host := &csr.Graph{N: dag.N, Offsets: dag.HostOff}
	kernel := m.devs[0].opt.TriangleKernel
	if kernel == "" || kernel == "auto" {
		// On several devices "auto" is hashmin at every size: the
		// edge-parallel kernels (thread for small graphs on one GPU) run
		// here as the clique kernel at k = 3, 5× slower than thread on
		// RMAT-20 (H200, virtual devices, 2026-11-28), while tc_hash's
		// items deal to devices as they are.
		kernel = "hashmin"
	}
	hash := strings.HasPrefix(kernel, "hash")
	t0 := time.Now()
	js := m.jobs()[:triangleDevices(dag.M, len(m.devs), m.triPerDevice)]
	defer freeJobs(js)
	var src []uint32
	if !hash {
		src = make([]uint32, dag.M)
		parallelFor(int(dag.N), 0, 4096, func(_, lo, hi int) {
			for u := lo; u < hi; u++ {
				for i := host.Offsets[u]; i < host.Offsets[u+1]; i++ {
					src[i] = uint32(u)
				}
			}
		})
	}
	err := gpu.OnDevices(len(js), func(i int) error {
		j := js[i]
		j.g = &devGraph{n: uint64(dag.N), m: dag.M}
		off, adj := dag.Off, dag.Adj
		if i > 0 {
			var err error
			if off, err = j.g.allocs.Alloc(j.d.ctx, dag.Off.Bytes()); err != nil {
				return err
			}
			if adj, err = j.g.allocs.Alloc(j.d.ctx, dag.Adj.Bytes()); err != nil {
				return err
			}
			if err := gpu.CopyPeer(off, 0, dag.Off, 0, dag.Off.Bytes()); err != nil {
				return err
			}
			if err := gpu.CopyPeer(adj, 0, dag.Adj, 0, dag.Adj.Bytes()); err != nil {
				return err
			}
		}
		j.g.off, j.g.adj = off.Ptr(), adj.Ptr()
		if !hash {
			sb, err := j.g.allocs.Alloc(j.d.ctx, max(int64(len(src))*4, 8))
			if err != nil {
				return err
			}
			if err := gpu.Upload(sb, 0, src); err != nil {
				return err
			}
			j.g.src = sb.Ptr()
		}
		return j.setup()
	})
	if err != nil {
		return 0, MultiStats{}, err
	}
	if !hash {
		return m.countCliquesOn(js, host, 3, t0)
	}
	return m.countHash(js, host, kernel, t0)
}

// countHash runs tc_hash on jobs whose graphs are in place: probe lists on
// every device, the work items once on the host (from the first device's
// probe offsets, which are the same on all), then the deal over block
// items (the long lists, the heaviest tasks) followed by warp items.
func (m *MultiGPU) countHash(js []*devJob, dag *csr.Graph, kernel string, t0 time.Time) (uint64, MultiStats, error) {
	// The probe lists are built on the first device and copied to the
	// others: the order within a list depends on the build's scheduling,
	// and items index ranges of a list, so every device must read the
	// same lists.
	probe, j0 := dag, js[0]
	j0.poff, j0.padj = j0.g.off, j0.g.adj
	var pb, ab *gpu.Buffer
	if kernel == "hashin" || kernel == "hashmin" {
		var err error
		if probe, pb, ab, err = j0.d.buildProbe(dag, j0.g, map[string]uint64{"hashin": 0, "hashmin": 1}[kernel], &j0.a); err != nil {
			return 0, MultiStats{}, err
		}
		j0.poff, j0.padj = pb.Ptr(), ab.Ptr()
	}
	err := gpu.OnDevices(len(js), func(i int) error {
		j := js[i]
		if i == 0 {
			return nil
		}
		j.poff, j.padj = j.g.off, j.g.adj
		if pb == nil {
			return nil
		}
		p, err := j.a.Alloc(j.d.ctx, pb.Bytes())
		if err != nil {
			return err
		}
		a, err := j.a.Alloc(j.d.ctx, ab.Bytes())
		if err != nil {
			return err
		}
		if err := gpu.CopyPeer(p, 0, pb, 0, pb.Bytes()); err != nil {
			return err
		}
		if err := gpu.CopyPeer(a, 0, ab, 0, ab.Bytes()); err != nil {
			return err
		}
		j.poff, j.padj = p.Ptr(), a.Ptr()
		return nil
	})
	if err != nil {
		return 0, MultiStats{}, err
	}
	d0 := m.devs[0]
	wi, bi := hashItems(dag, probe, kernel != "hashwarp", d0.hashCaps)
	err = gpu.OnDevices(len(js), func(i int) error {
		j := js[i]
		for s, items := range [][]uint32{bi, wi} {
			if len(items) == 0 {
				continue
			}
			var err error
			if j.items[s], err = j.a.Alloc(j.d.ctx, int64(len(items))*4); err != nil {
				return err
			}
			if err := gpu.Upload(j.items[s], 0, items); err != nil {
				return err
			}
		}
		if err := j.d.ctx.Synchronize(); err != nil {
			return err
		}
		j.st.Upload = time.Since(t0)
		return nil
	})
	if err != nil {
		return 0, MultiStats{}, err
	}
	upload := time.Since(t0)
	grid := uint32(d0.ctx.Info().SMs) * 8
	caps := [2]uint64{d0.hashCaps[1], d0.hashCaps[0]}
	n, kernelTime, err := m.deal(js, []int64{int64(len(bi) / 4), int64(len(wi) / 4)}, func(j *devJob, s *gpu.Stream, next uint64, seg int, _, hi int64) error {
		return j.d.tcHash.LaunchOn(s, grid, hashBlock, j.g.off, j.g.adj, j.poff, j.padj, j.items[seg].Ptr(), uint64(hi), caps[seg], uint64(1-seg), j.d.hashLongMin, j.d.hashOpts, next, j.out.Ptr())
	})
	ms := m.stats(js)
	ms.Upload, ms.Kernel = upload, kernelTime
	ms.Warps = len(js) * int(grid*hashBlock/32)
	return n, ms, err
}

// CountCliques counts the k-cliques of the oriented graph dag on every
// device, arcs dealt in chunks (3 ≤ k ≤ MaxGPUCliqueK). DuMato's load
// balancing (GPUOptions.LoadBalance) is a single-GPU mode; here the
// chunks balance the devices, the clique kernel's dynamic arc fetching
// the warps within a chunk.
func (m *MultiGPU) CountCliques(dag *csr.Graph, k int) (uint64, MultiStats, error) {
	if len(m.devs) == 1 {
		n, st, err := m.devs[0].CountCliques(dag, k)
		return n, m.single(n, st), err
	}
	if k < 3 || k > MaxGPUCliqueK {
		return 0, MultiStats{}, fmt.Errorf("mine: GPU clique size k=%d out of range [3,%d]", k, MaxGPUCliqueK)
	}
	t0 := time.Now()
	js := m.jobs()
	defer freeJobs(js)
	stack := m.cliqueStackBytes(dag, k)
	if err := m.replicate(js, dag, stack+1<<20, true); err != nil {
		return 0, MultiStats{}, err
	}
	return m.countCliquesOn(js, dag, k, t0)
}

// cliqueStackBytes is one device's DFS stack space for k-cliques (none at
// k = 3, where the kernel only counts an intersection).
func (m *MultiGPU) cliqueStackBytes(dag *csr.Graph, k int) int64 {
	if k == 3 {
		return 8
	}
	nwarps := int64(m.devs[0].ctx.Info().SMs) * 8 * 256 / 32
	return nwarps * int64(k-2) * int64(max(maxDegree(dag), 1)) * 4
}

// countCliquesOn runs clique_warp on jobs whose graphs (with arc sources)
// are in place, dealing arcs.
func (m *MultiGPU) countCliquesOn(js []*devJob, dag *csr.Graph, k int, t0 time.Time) (uint64, MultiStats, error) {
	maxd := uint64(0)
	if k > 3 {
		maxd = max(maxDegree(dag), 1)
	}
	stack := m.cliqueStackBytes(dag, k)
	err := gpu.OnDevices(len(js), func(i int) error {
		j := js[i]
		var err error
		if j.stack, err = j.a.Alloc(j.d.ctx, max(stack, 8)); err != nil {
			return fmt.Errorf("mine: clique DFS stacks (%d bytes): %w", stack, err)
		}
		if err := j.d.ctx.Synchronize(); err != nil {
			return err
		}
		j.st.Upload = time.Since(t0)
		return nil
	})
	if err != nil {
		return 0, MultiStats{}, err
	}
	upload := time.Since(t0)
	d0 := m.devs[0]
	grid := uint32(d0.ctx.Info().SMs) * 8
	chunk := uint64(max(d0.opt.LBChunk, 1))
	// The two streams' kernels run at once on one device: each takes half
	// the warps, and its half of the DFS stacks.
	half := grid / 2
	halfStack := uint64(half) * 256 / 32 * uint64(k-2) * maxd * 4
	n, kernelTime, err := m.deal(js, []int64{int64(js[0].g.m)}, func(j *devJob, s *gpu.Stream, next uint64, _ int, _, hi int64) error {
		stack := j.stack.Ptr()
		if s == j.streams[1] {
			stack += halfStack
		}
		return j.d.clq.LaunchOn(s, half, 256, j.g.off, j.g.adj, j.g.src, uint64(hi), uint64(k), stack, maxd, next, chunk, j.out.Ptr())
	})
	ms := m.stats(js)
	ms.Upload, ms.Kernel = upload, kernelTime
	ms.Warps = len(js) * int(grid*256/32)
	return n, ms, err
}

// CountMotifs counts the connected vertex-induced k-vertex subgraphs of g
// on every device with the ESU kernel (esu_motif; at every k, since its
// roots are arcs fetched through a counter): arcs dealt in chunks, each
// chunk one launch with the kernel's control words, ready flags and
// (between a device's two streams) half the warps and scratch of its own,
// so DuMato-style donation works inside a chunk as on one GPU. Each
// device's pattern counters are added on the host, exactly.
func (m *MultiGPU) CountMotifs(g *csr.Graph, k int, opt GPUMotifOptions) ([]PatternCount, MultiStats, error) {
	if len(m.devs) == 1 {
		pcs, st, err := m.devs[0].CountMotifsWith(g, k, opt)
		var n uint64
		for _, p := range pcs {
			n += p.Count
		}
		return pcs, m.single(n, st), err
	}
	if k < MotifMinK || k > MaxGPUMotifK {
		return nil, MultiStats{}, fmt.Errorf("mine: GPU motif size k=%d out of range [%d,%d]", k, MotifMinK, MaxGPUMotifK)
	}
	if opt.Kernel != "" && opt.Kernel != "auto" && opt.Kernel != "esu" {
		return nil, MultiStats{}, fmt.Errorf("mine: on several GPUs the motif kernel is esu, got %q", opt.Kernel)
	}
	p, err := opt.resolve()
	if err != nil {
		return nil, MultiStats{}, err
	}
	qcap, bps := int64(p.queueCap), int64(p.blocksPerSM)
	const block = 256
	n, arcs := uint64(g.N), g.NumEdges()
	maxd := uint64(maxDegree(g))
	_, wslice := motifLevelCaps(k, maxd, n)
	ndense := int64(motifDenseSize(k))
	countBytes := ndense * 8
	warpBytes := int64(wslice) * 5
	graphBytes := int64(len(g.Offsets))*8 + int64(len(g.Adj))*8
	t0 := time.Now()
	js := m.jobs()
	defer freeJobs(js)
	type esuState struct {
		f                 *gpu.Function
		grid              int64
		scrv, scrt, out   *gpu.Buffer
		ctl, units, ready [2]*gpu.Buffer
		warpHalf          int64
	}
	es := make([]*esuState, len(js))
	err = gpu.OnDevices(len(js), func(i int) error {
		j, e := js[i], &esuState{}
		es[i] = e
		var err error
		if e.f, err = j.d.function("esu.ptx", esuPTX, "esu_motif"); err != nil {
			return err
		}
		free, _, err := j.d.ctx.MemInfo()
		if err != nil {
			return err
		}
		queueBytes := 2 * qcap * (esuUnitWords*4 + 4)
		sms := int64(j.d.ctx.Info().SMs)
		e.grid = sms * bps
		for e.grid > sms && e.grid*block/32*warpBytes > (free-graphBytes-countBytes-queueBytes)/2 {
			e.grid /= 2
		}
		e.grid &^= 1 // two halves
		nwarps := e.grid * block / 32
		scratch := nwarps * warpBytes
		if j.g, err = j.d.upload(g, countBytes+queueBytes+scratch+1<<20); err != nil {
			return err
		}
		if err := j.setup(); err != nil {
			return err
		}
		alloc := j.a.Sticky(j.d.ctx, &err)
		e.out = alloc(countBytes)
		e.scrv, e.scrt = alloc(max(scratch/5*4, 8)), alloc(max(scratch/5, 8))
		for s := range e.ctl {
			e.ctl[s], e.units[s], e.ready[s] = alloc(esuCtlWords*8), alloc(qcap*esuUnitWords*4), alloc(qcap*4)
		}
		if err != nil {
			return fmt.Errorf("mine: motif buffers: %w", err)
		}
		if err := e.out.Memset32(0, 2*ndense); err != nil {
			return err
		}
		e.warpHalf = nwarps / 2
		if err := j.d.ctx.Synchronize(); err != nil {
			return err
		}
		j.st.Upload = time.Since(t0)
		return nil
	})
	if err != nil {
		return nil, MultiStats{}, err
	}
	upload := time.Since(t0)
	opts := p.opts()
	// esu_motif's arc counter shares a control block with its termination
	// protocol, so motifs are always dealt in host chunks.
	_, kernelTime, err := m.dealHost(js, []int64{int64(arcs)}, func(j *devJob, s *gpu.Stream, _ uint64, _ int, lo, hi int64) error {
		e := es[j.idx]
		h := 0
		if s == j.streams[1] {
			h = 1
		}
		// esu_motif fetches arcs from its control word C_NEXT (word 0):
		// clear the control words and ready flags, then start it at lo.
		if err := e.ctl[h].Memset32Async(0, 0, esuCtlWords*2, s); err != nil {
			return err
		}
		if err := e.ready[h].Memset32Async(0, 0, qcap, s); err != nil {
			return err
		}
		if err := e.ctl[h].SetU64Async(0, uint64(lo), s); err != nil {
			return err
		}
		scrv := e.scrv.Ptr() + uint64(int64(h)*e.warpHalf*int64(wslice)*4)
		scrt := e.scrt.Ptr() + uint64(int64(h)*e.warpHalf*int64(wslice))
		return e.f.LaunchOn(s, uint32(e.grid/2), block, j.g.off, j.g.adj, j.g.src, uint64(hi), n, uint64(k), maxd,
			scrv, scrt, wslice, e.ctl[h].Ptr(), e.units[h].Ptr(), e.ready[h].Ptr(), uint64(qcap), opts, e.out.Ptr(), uint64(ndense))
	})
	ms := m.stats(js)
	ms.Upload, ms.Kernel = upload, kernelTime
	if err != nil {
		return nil, ms, err
	}
	raw := map[uint32]uint64{}
	for i, j := range js {
		part, err := j.d.motifCounts(k, es[i].out, ndense, &j.a)
		if err != nil {
			return nil, ms, err
		}
		var c uint64
		for code, x := range part {
			raw[code] += x
			c += x
		}
		ms.Devices[i].Count = c
		ms.Warps += int(es[i].grid * block / 32)
	}
	return canonicalCounts(k, raw), ms, nil
}
