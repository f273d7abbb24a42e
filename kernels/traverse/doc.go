// Package traverse runs graph traversals — BFS, SSSP, SSWP, connected
// components and PageRank — on a csr.Graph, on the CPU or the GPU, with
// identical results.
//
// Data flow: Run(g, alg, Options) picks a device (Options.Device; auto means
// the GPU when the build has CUDA and a device), transforms the graph when
// needed (symmetrizing for CC, the transpose for CPU PageRank, Tigr's
// virtual node array or UDT transform on the GPU), then iterates to a fixed
// point and returns a Result with the per-vertex values, the iterations and
// the time of each phase.
//
//   - Reference implementations (RefBFS, RefSSSP, RefSSWP, RefCC,
//     RefPageRank) are sequential and obviously correct; every other
//     implementation is tested against them.
//   - CPU: frontier-based push with atomic compare-and-swap over goroutines;
//     PageRank pulls over the transpose so sums have a fixed order. Results
//     do not depend on the worker count.
//   - GPU (build tag cuda, kernels in traverse.cu, PTX embedded): layouts
//     worklist, baseline (thread per vertex), Tigr virtual nodes (degree
//     bound K), virtual + coalesced (strided edges within a family), and the
//     physical UDT transform.
//   - Out of GPU memory (Subway): vertex values on the GPU, edges in mapped
//     pinned host memory, a SubCSR of the active vertices built each
//     iteration (scans on the GPU, then a zero-copy gather kernel reading
//     the host edges in place, or with HostGather Subway's CPU copy) and
//     processed in chunks, one warp per vertex; sync or async (iterate
//     inside a chunk until it converges: improvements to the chunk's own
//     vertices are pushed there, not reloaded next iteration); streaming
//     of plain partitions above Options.StreamAbove (80%) active edges or
//     when asked, async iterating each partition to local convergence. PageRank out of GPU memory
//     streams partitions (power iterations; the delta form is not
//     implemented there).
package traverse
