// Package mine is cflr's graph pattern mining: triangle counting and
// listing, k-clique counting, motif (connected induced subgraph) counting,
// subgraph matching for a user pattern, and frequent subgraph mining. Every
// kernel has a parallel CPU implementation, which is the reference the GPU
// kernels (built with -tags cuda, on the shared runtime in kernels/gpu) are
// checked against; the tests check both against brute force on random small
// graphs and against published counts on real graphs.
//
// Data flow. A csr.Graph from any reader goes through Undirected, which
// makes it simple and symmetric with sorted neighbour lists: the shape every
// kernel expects. Kernels that count each subgraph once from its
// lowest-ranked vertex (triangles, cliques) take the degree-ordered DAG from
// Orient. Motif counting enumerates connected k-sets with ESU and tallies
// them by raw adjacency code, mapping codes to canonical Patterns once at the
// end; EdgeInduced turns those counts into edge-induced ones. Matching
// compiles a Pattern into a Plan (matching order, symmetry-breaking
// conditions from the pattern's automorphisms) and backtracks over it. FSM
// on one graph grows labeled patterns edge by edge and keeps those whose
// MNI support reaches the threshold; on a graph database it is gSpan
// (gspan.go): DFS codes, rightmost extension over projected embeddings, the
// minimum-code test, transaction support.
//
// GPU kernels (gpu_cuda.go, mine.cu): triangles (per-arc binary search or
// merge; for large graphs "hashmin": per arc x→u the shorter of out(x),
// out(u) is probed against the other, hashed in shared memory, the probe
// lists built on the GPU), k-cliques (DuMato-style DFS-wide warps; with
// LoadBalance, rounds that end when enough warps idle, busy warps'
// pending candidates donated between rounds), motifs k = 3..8 (esu.cu: ESU
// with a warp per unit searching depth first and ticket-based work
// donation, tallies by code per block; mine.cu's motif_warp for k ≤ 4; raw
// codes mapped to canonical patterns on the host, as on the CPU), matching
// (match.cu: a warp per arc unit, depth-first search with warp-cooperative
// candidate sets; listing in the CPU's order through counted windows) and
// FSM's MNI support (fsm_bfs.go,
// fsm_cuda.go: pattern growth on the host; per candidate a breadth-first
// extension plan, one table per level whose rows are a data vertex and the
// parent row's index, written by warps into dynamically taken blocks;
// domains counted in device bitmaps, or, when the tables exceed the device
// budget and live in mapped pinned host memory, by key runs sorted on the
// GPU and merged on the host; bfsSupport is the same algorithm on the CPU)
// and gSpan's transaction support (gspan_cuda.go, gspan.cu, after Kessl et
// al.: the database as one CSR with a graph id per vertex, embeddings as
// columns of (data vertex, previous column's row), every child of a DFS code
// extended in one launch into per-extension graph bitmaps; the host runs the
// code search and the minimality test; columns in mapped host memory beyond
// the budget).
//
// Counts are uint64 throughout; the kernels' docs say where a count could in
// principle exceed that. Results never depend on the number of workers:
// each worker accumulates its own counts and the sums are taken at the end.
package mine
