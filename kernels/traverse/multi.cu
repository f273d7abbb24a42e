// Multi-GPU traversal kernels for package traverse (multi_cuda.go). Compiled
// to PTX by `make ptx` (nvcc -arch=compute_80); the PTX is committed and
// embedded. Every parameter is a pointer or unsigned long long (gorgonia.org/cu
// passes 8 bytes each).

typedef unsigned int u32;
typedef unsigned long long u64;

// merge_range folds another device's values for this device's vertices
// [lo, lo+n) (staged by a peer copy) into val: a better value (lower; higher
// for SSWP, alg 2) replaces val's, marks the vertex active for the next
// iteration and sets *changed. One thread per vertex, so no atomics; the
// merges of several devices run one after another on one stream.
extern "C" __global__ void merge_range(u64 n, u64 lo, const u32 *staged, u32 *val, u32 *next,
                                       u32 *changed, u64 alg) {
  u64 t = blockIdx.x * (u64)blockDim.x + threadIdx.x;
  if (t >= n) return;
  u64 v = lo + t;
  u32 s = staged[t], x = val[v];
  if (alg == 2 ? s > x : s < x) {
    val[v] = s;
    next[v] = 1;
    *changed = 1;
  }
}
