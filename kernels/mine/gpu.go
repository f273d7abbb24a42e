package mine

import (
	"time"

	"github.com/cflr/cflr/graph/csr"
)

// GPUOptions controls the GPU kernels (package gpu_cuda.go, -tags cuda).
type GPUOptions struct {
	// Ordinal is the GPU to use (default 0).
	Ordinal int
	// TriangleKernel is "warp" (one warp per arc, binary search; the
	// default), "group4", "group8" or "group16" (that many lanes per arc),
	// "thread" (one thread per arc, merge), "hash" (a warp per vertex with
	// out-degree ≤ 512, a block per longer list, the list hashed in shared
	// memory and its out-neighbours' lists probed against it),
	// "hashwarp" (the same with warps only, long lists in chunks) or
	// "hashin" (as "hash", but the lists probed against out(u) are those
	// of u's in-neighbours: less work on skewed graphs, whose hubs have
	// long in-lists and short out-lists).
	TriangleKernel string
	// HostGraph keeps the graph in mapped pinned host memory (zero-copy over
	// the bus) instead of device memory. It is chosen automatically when
	// the graph does not fit in GraphMemLimit (or in the device's free
	// memory); setting it forces the mode for testing, like --gpu-mem.
	HostGraph bool
	// GraphMemLimit, when > 0, is the most device memory the graph may
	// take, in bytes; a larger graph goes to mapped host memory.
	GraphMemLimit int64
	// LBChunk is the number of arcs a warp takes per dynamic fetch in the
	// clique kernel (default 1: finest balancing).
	LBChunk int
	// PTX replaces the embedded PTX (for testing freshly compiled kernels).
	PTX string
}

// MaxGPUMotifK is the largest motif size the GPU motif kernel handles
// (k = 3 and 4; larger k run on the CPU).
const MaxGPUMotifK = 4

// GPUStats reports where time went in a GPU call.
type GPUStats struct {
	Upload    time.Duration // graph preparation and host→device copies
	Kernel    time.Duration // kernel execution, synchronized
	HostGraph bool          // the graph was in mapped host memory
	Warps     int           // warps launched
}

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
