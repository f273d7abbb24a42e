package mine

import (
	"slices"
	"sync/atomic"
	"time"

	"github.com/cflr/cflr/graph/csr"
)

// GPUOptions controls the GPU kernels (package gpu_cuda.go, -tags cuda).
type GPUOptions struct {
	// Ordinal is the GPU to use (default 0).
	Ordinal int
	// TriangleKernel is "auto" (the default, autoTriangleKernel), "warp"
	// (one warp per arc, binary search), "group4", "group8" or "group16" (that many lanes per arc),
	// "thread" (one thread per arc, merge), "hash" (a warp per vertex with
	// out-degree ≤ 512, a block per longer list, the list hashed in shared
	// memory and its out-neighbours' lists probed against it),
	// "hashwarp" (the same with warps only, long lists in chunks) or
	// "hashin" (as "hash", but the lists probed against out(u) are those
	// of u's in-neighbours: less work on skewed graphs, whose hubs have
	// long in-lists and short out-lists) or "hashmin" (per arc x→u, the
	// shorter of out(x), out(u) is probed against the other, hashed: the
	// least probing; the default for large graphs). hashin's and hashmin's
	// probe lists are built on the GPU.
	TriangleKernel string
	// HostGraph keeps the graph in mapped pinned host memory (zero-copy over
	// the bus) instead of device memory. It is chosen automatically when
	// the graph does not fit in GraphMemLimit (or in the device's free
	// memory); setting it forces the mode for testing, like --gpu-mem.
	HostGraph bool
	// GraphMemLimit, when > 0, is the most device memory the graph may
	// take, in bytes; a larger graph goes to mapped host memory.
	GraphMemLimit int64
	// TableMemLimit, when > 0, is the most device memory FSM's embedding
	// tables may take, in bytes (default: free memory less 256 MiB);
	// tables beyond it live in mapped pinned host memory, and the support
	// is then aggregated out of core (runs sorted on the GPU, merged on
	// the host).
	TableMemLimit int64
	// HostTables forces FSM's tables into mapped host memory (testing).
	HostTables bool
	// LBChunk is the number of arcs a warp takes per dynamic fetch in the
	// clique kernel (default 1: finest balancing).
	LBChunk int
	// LoadBalance turns on DuMato's load balancing in the clique kernel:
	// rounds that end when LBIdleFraction of the warps are idle, busy
	// warps' pending candidates donated to a queue between rounds.
	LoadBalance bool
	// LBIdleFraction is the fraction of idle warps that ends a round
	// (default 0.5).
	LBIdleFraction float64
	// LBMaxRounds bounds the balanced rounds (default 256); the round after
	// the last runs to completion.
	LBMaxRounds int
	// PTX replaces the embedded PTX (for testing freshly compiled kernels).
	PTX string
}

// MaxGPUMotifK is the largest motif size the GPU motif kernels handle
// (esu.cu: k = 3..8, as the CPU).
const MaxGPUMotifK = MotifMaxK

// GPUStats reports where time went in a GPU call.
type GPUStats struct {
	Upload    time.Duration // graph preparation and host→device copies
	Kernel    time.Duration // kernel execution, synchronized
	HostGraph bool          // the graph was in mapped host memory
	Warps     int           // warps launched
	Rounds    int           // kernel rounds (load-balanced cliques)
	Donated   int           // work units donated between rounds
	// FSM: some embedding table was in mapped host memory (out-of-core
	// aggregation), and the embeddings enumerated at the last level of
	// every candidate, summed. FSM's Kernel time includes the support
	// aggregation (bitmap download, or the host merge out of core).
	HostTables bool
	Embeddings uint64
}

// Load-balancing defaults (GPUOptions).
const (
	defaultLBIdleFraction = 0.5
	defaultLBMaxRounds    = 256
)

// arcSources returns the tail of every arc of g, so kernels can spread work
// over arcs.
func arcSources(g *csr.Graph, workers int) []uint32 {
	src := make([]uint32, g.NumEdges())
	parallelFor(int(g.N), workers, 4096, func(_, lo, hi int) {
		for u := lo; u < hi; u++ {
			for i := g.Offsets[u]; i < g.Offsets[u+1]; i++ {
				src[i] = uint32(u)
			}
		}
	})
	return src
}

// hashMinArcs is the DAG size from which "auto" picks the hashmin
// triangle kernel. Measured on an H100 (BENCHMARKS.md, "Mining"): on
// RMAT-24 (260 M arcs) hashmin takes 159 ms (136 ms ranked) against 572 ms
// for warp; on email-Enron (183 k arcs) 0.115 ms against 0.038 ms for
// thread. Sizes in between were not measured; the threshold is a guess
// between the two.
const hashMinArcs = 1 << 22

// autoTriangleKernel picks the GPU triangle kernel for dag by size.
func autoTriangleKernel(dag *csr.Graph) string {
	if dag.NumEdges() >= hashMinArcs {
		return "hashmin"
	}
	return "thread"
}

// reverseDAG returns the in-lists of dag as a csr.Graph (the CPU
// counterpart of the probe lists the GPU builds for hashin), built in
// parallel with atomic counters: the order within each in-list depends on
// scheduling, which tc_hash does not care about (it probes every entry).
func reverseDAG(dag *csr.Graph) *csr.Graph {
	n := int(dag.N)
	cnt := make([]uint64, n+1)
	parallelFor(n, 0, 4096, func(_, lo, hi int) {
		for _, v := range dag.Adj[dag.Offsets[lo]:dag.Offsets[hi]] {
			atomic.AddUint64(&cnt[v+1], 1)
		}
	})
	for i := 0; i < n; i++ {
		cnt[i+1] += cnt[i]
	}
	off := slices.Clone(cnt)
	adj := make([]uint32, len(dag.Adj))
	parallelFor(n, 0, 4096, func(_, lo, hi int) {
		for u := lo; u < hi; u++ {
			for _, v := range dag.Neighbors(uint32(u)) {
				adj[atomic.AddUint64(&cnt[v], 1)-1] = uint32(u)
			}
		}
	})
	return &csr.Graph{N: dag.N, Offsets: off, Adj: adj}
}
