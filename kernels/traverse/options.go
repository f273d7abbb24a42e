package traverse

import (
	"fmt"
	"math"
	"runtime"
	"time"
)

// Algorithm names a traversal.
type Algorithm string

const (
	BFS  Algorithm = "bfs"  // hop levels from Options.Source
	SSSP Algorithm = "sssp" // shortest distances (uint32 weights; 1 when unweighted)
	SSWP Algorithm = "sswp" // widest-path widths: max over paths of the min edge weight
	CC   Algorithm = "cc"   // connected components of the undirected graph, labeled by min vertex id
	PR   Algorithm = "pr"   // PageRank
)

// ParseAlgorithm accepts bfs, sssp, sswp, cc, pr.
func ParseAlgorithm(s string) (Algorithm, error) {
	switch a := Algorithm(s); a {
	case BFS, SSSP, SSWP, CC, PR:
		return a, nil
	}
	return "", fmt.Errorf("unknown algorithm %q (want bfs, sssp, sswp, cc or pr)", s)
}

// Inf is the value of an unreached vertex for BFS and SSSP; SSWP uses 0 for
// unreached vertices and Inf for the source.
const Inf = math.MaxUint32

// Device selects where an algorithm runs.
type Device string

const (
	DeviceAuto Device = "auto" // the GPU when this build has CUDA and a device, else the CPU
	DeviceCPU  Device = "cpu"
	DeviceGPU  Device = "gpu"
)

// Layout selects how GPU threads are assigned to work.
type Layout string

const (
	// LayoutWorklist: one thread per vertex of a worklist of active
	// vertices, built each iteration on the GPU.
	LayoutWorklist Layout = "worklist"
	// LayoutBaseline: one thread per vertex of the whole graph, each
	// checking its active flag (the comparison point of the Tigr paper).
	LayoutBaseline Layout = "baseline"
	// LayoutVirtual: Tigr's virtual node array; each vertex is split into
	// ceil(deg/K) virtual nodes owning K consecutive edges.
	LayoutVirtual Layout = "virtual"
	// LayoutCoalesced: virtual nodes with strided edge assignment: member j
	// of a family of f takes edges j, j+f, j+2f, ..., so neighbouring
	// threads read neighbouring edges.
	LayoutCoalesced Layout = "coalesced"
	// LayoutUDT: Tigr's physical uniform-degree-tree transform (vertices of
	// degree > K are split into trees of new vertices joined by
	// identity-weight edges), then the baseline kernel.
	LayoutUDT Layout = "udt"
)

// Options controls Run. The zero value is usable: see each field's default.
type Options struct {
	// Device: DeviceAuto by default.
	Device Device
	// Workers is the number of CPU goroutines (default GOMAXPROCS). Results
	// do not depend on it.
	Workers int
	// Source is the start vertex of BFS, SSSP and SSWP.
	Source uint32
	// Layout is the GPU work assignment (default LayoutCoalesced).
	Layout Layout
	// VirtualK is Tigr's degree bound K (default 10).
	VirtualK int
	// GPUMem caps the GPU memory the run may use, in bytes (0: all that is
	// free). When the graph does not fit, the run switches to the Subway
	// out-of-GPU-memory path.
	GPUMem int64
	// OutOfCore forces an out-of-GPU-memory strategy: "" (only when needed,
	// Subway), "subway", or "stream" (naive: stream every partition every
	// iteration).
	OutOfCore string
	// Async makes the Subway path iterate inside each loaded subgraph until
	// it converges (BFS, SSSP, SSWP, CC; PageRank out of GPU memory runs
	// power iterations only).
	Async bool
	// HostGather makes the Subway path build each SubCSR chunk as Subway
	// does: a parallel CPU copy of the active vertices' edges into a pinned
	// staging buffer, then one copy to the GPU. By default a GPU kernel
	// gathers them straight from the mapped pinned edge array (zero-copy),
	// which skips the CPU pass and the staging copy.
	HostGather bool
	// StreamAbove is the fraction of all edges above which an iteration of
	// the Subway path streams plain partitions instead of building a
	// SubCSR (default 0.8; 1 or more never streams). Async Subway iterates
	// each streamed partition to local convergence as it does a SubCSR
	// chunk.
	StreamAbove float64
	// Trace, when set, is called after every outer iteration out of GPU
	// memory (Subway and partition streaming) with its counters: for
	// diagnosing and benchmarks; nil costs nothing.
	Trace func(SubwayIteration)
	// Damping is PageRank's d (default 0.85).
	Damping float64
	// Iterations is the number of PageRank power iterations (default 20).
	// Ignored by the delta form, which runs to Tolerance.
	Iterations int
	// Delta selects PageRank's accumulative (delta-push) form, which runs
	// until every residual is at most Tolerance.
	Delta bool
	// Tolerance is the delta form's residual bound (default 1e-12).
	Tolerance float64
	// Symmetric promises that g is symmetric, so CC skips the check (an
	// O(m) transpose) — for generated graphs and symmetrized inputs.
	Symmetric bool
	// GPUs are the device ordinals of a multi-GPU run (gpu.ParseDevices;
	// a repeated ordinal is another device on the same GPU). With more
	// than one, BFS, SSSP, SSWP and CC in GPU memory with the virtual or
	// coalesced layout run partitioned by vertex range (runMulti); other
	// runs use the first. Empty: GPU 0, as before.
	GPUs []int
	// PTX, when set, replaces the embedded GPU kernels (development: lets
	// tests on a GPU machine run freshly compiled kernels before the PTX is
	// committed).
	PTX string
}

func (o *Options) ensureDefaults() {
	if o.Device == "" {
		o.Device = DeviceAuto
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if o.Layout == "" {
		o.Layout = LayoutCoalesced
	}
	if o.VirtualK <= 0 {
		o.VirtualK = 10
	}
	if o.Damping == 0 {
		o.Damping = 0.85
	}
	if o.Iterations <= 0 {
		o.Iterations = 20
	}
	if o.Tolerance == 0 {
		o.Tolerance = 1e-12
	}
}

// SubwayIteration is one outer iteration out of GPU memory (Options.Trace).
type SubwayIteration struct {
	Iteration   int    // 1-based
	Active      uint64 // active vertices at its start
	ActiveEdges uint64 // their out-edges
	Streamed    bool   // plain partitions were streamed instead of a SubCSR
	Loads       int    // SubCSR chunks or partitions loaded
	InnerRounds int    // kernel rounds over all loads (async: until each converged)
	Bytes       int64  // host->device graph bytes
}

// Phases is where a run's time went.
type Phases struct {
	Transform time.Duration // symmetrizing, virtual node array, UDT
	// Transfer is explicit host↔device copies. Out of GPU memory, the
	// zero-copy SubCSR gather reads host memory from inside a kernel: that
	// time is in Compute, so compare modes by Compute+Transfer.
	Transfer time.Duration
	Compute  time.Duration // the iterations themselves
}

// Result is a run's output.
type Result struct {
	Algorithm Algorithm
	// Values holds BFS levels, SSSP distances, SSWP widths or CC labels,
	// one per vertex.
	Values []uint32
	// Rank holds PageRank values.
	Rank []float64
	// Iterations is the number of rounds (frontier levels, PageRank
	// iterations, Subway subgraph loads).
	Iterations int
	Phases     Phases
	// Edges is the edge count used for TEPS: for BFS, SSSP and SSWP the
	// out-edges of the reached vertices (Graph500's convention, on directed
	// edges); for CC all edges; for PageRank all edges times iterations.
	Edges uint64
	// BytesToDevice counts host→device bytes of graph data (Subway modes).
	BytesToDevice int64
	// Where says what ran: "cpu (N workers)" or the GPU's name and mode.
	Where string
	// Devices is each device's part of a multi-GPU run (Options.GPUs).
	Devices []DeviceRun
}

// GTEPS is Edges per second of compute time, in billions.
func (r *Result) GTEPS() float64 {
	if r.Phases.Compute <= 0 {
		return 0
	}
	return float64(r.Edges) / r.Phases.Compute.Seconds() / 1e9
}
