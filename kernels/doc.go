// Package kernels is the umbrella for cflr's graph kernels. It holds no
// code; its subpackages do:
//
//   - gpu: the CUDA runtime shared by all kernels (context, PTX modules,
//     launches, device buffers, pinned/mapped host memory, errors). Real
//     with the `cuda` build tag; otherwise every call returns ErrNoCUDA.
//   - traverse: BFS, SSSP, SSWP, CC and PageRank on CPU and GPU (Tigr
//     virtual nodes, Subway out-of-GPU-memory processing).
//   - mine: graph pattern mining.
//
// Kernels take a graph/csr Graph. GPU kernels are CUDA C files next to
// their package, compiled to committed PTX by `make ptx` (see mk/gpu.mk and
// DEVELOPERS.md).
package kernels
