// Package prep prepares graphs for the GPU kernels on the GPU: it streams
// a binary graph file (Subway's .bcsr, G2Miner's .vertex.bin/.edge.bin)
// from disk into device memory through pinned staging buffers, validating
// each chunk as it lands, or uploads a graph already in memory the same
// way; then it undirects (both directions, sorted, deduplicated, no
// self-loops; skipped when a parallel check finds the graph simple and
// symmetric already), orients by degree (for triangles and cliques) and
// builds Tigr's virtual nodes (for traversals), all as kernels (prep.cu).
//
// Each step gives exactly what its CPU counterpart gives (mine.Undirected,
// mine.Orient, the traversal's virtual-node array); the cuda tests compare
// them on every shared graph. Without the cuda build tag every call
// returns gpu.ErrNoCUDA and callers keep the CPU path.
package prep
