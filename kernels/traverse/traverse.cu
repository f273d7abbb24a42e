// Traversal kernels for package traverse (see doc.go). Compiled to PTX by
// `make ptx` (nvcc -arch=compute_80); the PTX is committed and embedded.
//
// gorgonia.org/cu passes every kernel parameter as 8 bytes, so every
// parameter here is a pointer, unsigned long long, or double.
//
// Algorithms share one relaxation step, selected by `alg`:
//   0 BFS  (levels; weights ignored, +1 per edge)
//   1 SSSP (distances; weight 1 when w is null; saturating at INF)
//   2 SSWP (widths: min along a path, max over paths)
//   3 CC   (labels: min)
//   4 BFS over 0/1 weights (BFS on a UDT-transformed graph: tree edges 0)
// Active vertices are marked in `cur` flags; an improved vertex gets its
// `next` flag set and *changed = 1.

typedef unsigned int u32;
typedef unsigned long long u64;

#define INF 0xffffffffu

// improve lowers (raises, for SSWP) val[v] by the candidate from a source
// of value uval over an edge of weight w, and says whether it did; the
// caller decides which flags the improvement sets.
__device__ __forceinline__ bool improve(u64 alg, u32 uval, u32 w, u32 v, u32 *val) {
  if (alg == 0) {
    u32 c = uval + 1;
    // Level-synchronous BFS: all writers of a level write the same value,
    // so a plain store suffices.
    if (c < val[v]) {
      val[v] = c;
      return true;
    }
    return false;
  }
  if (alg == 1 || alg == 4) {
    u64 s = (u64)uval + (u64)w;
    u32 c = s >= INF ? INF : (u32)s;
    return c < val[v] && atomicMin(&val[v], c) > c;
  }
  if (alg == 2) {
    u32 c = min(uval, w);
    return c > val[v] && atomicMax(&val[v], c) < c;
  }
  // CC
  return uval < val[v] && atomicMin(&val[v], uval) > uval;
}

__device__ __forceinline__ void relax(u64 alg, u32 uval, u32 w, u32 v, u32 *val,
                                      u32 *next, u32 *changed) {
  if (improve(alg, uval, w, v, val)) {
    next[v] = 1;
    *changed = 1;
  }
}

__device__ __forceinline__ u32 edge_w(const u32 *w, u64 i) { return w ? w[i] : 1; }

// Baseline: one thread per vertex of [0,n).
extern "C" __global__ void relax_vertex(u64 n, const u64 *off, const u32 *adj, const u32 *w,
                                        u32 *val, const u32 *cur, u32 *next, u32 *changed, u64 alg) {
  u64 v = blockIdx.x * (u64)blockDim.x + threadIdx.x;
  if (v >= n || !cur[v]) return;
  u32 uval = val[v];
  for (u64 i = off[v]; i < off[v + 1]; i++) relax(alg, uval, edge_w(w, i), adj[i], val, next, changed);
}

// Worklist: one thread per listed vertex.
extern "C" __global__ void relax_list(u64 count, const u32 *list, const u64 *off, const u32 *adj,
                                      const u32 *w, u32 *val, u32 *next, u32 *changed, u64 alg) {
  u64 t = blockIdx.x * (u64)blockDim.x + threadIdx.x;
  if (t >= count) return;
  u32 v = list[t];
  u32 uval = val[v];
  for (u64 i = off[v]; i < off[v + 1]; i++) relax(alg, uval, edge_w(w, i), adj[i], val, next, changed);
}

// Tigr virtual nodes: virtual node t is member vj[t] of vertex vv[t]'s
// family. Blocked: K consecutive edges. Coalesced: edges j, j+f, j+2f, ...
// where f = ceil(deg/K) is the family size.
extern "C" __global__ void relax_virtual(u64 nv, const u32 *vv, const u32 *vj, const u64 *off,
                                         const u32 *adj, const u32 *w, u32 *val, const u32 *cur,
                                         u32 *next, u32 *changed, u64 alg, u64 K, u64 coalesced) {
  u64 t = blockIdx.x * (u64)blockDim.x + threadIdx.x;
  if (t >= nv) return;
  u32 v = vv[t];
  if (!cur[v]) return;
  u32 uval = val[v];
  u64 a = off[v], b = off[v + 1], j = vj[t];
  if (coalesced) {
    u64 f = (b - a + K - 1) / K;
    for (u64 i = a + j; i < b; i += f) relax(alg, uval, edge_w(w, i), adj[i], val, next, changed);
  } else {
    u64 e = min(a + (j + 1) * K, b);
    for (u64 i = a + j * K; i < e; i++) relax(alg, uval, edge_w(w, i), adj[i], val, next, changed);
  }
}

// Worklist compaction with one atomic per warp.
extern "C" __global__ void compact_flags(u64 n, const u32 *flags, u32 *list, u32 *count) {
  u64 v = blockIdx.x * (u64)blockDim.x + threadIdx.x;
  bool on = v < n && flags[v];
  unsigned mask = __ballot_sync(0xffffffffu, on);
  if (!mask) return;
  int lane = threadIdx.x & 31;
  int leader = __ffs(mask) - 1;
  u32 base = 0;
  if (lane == leader) base = atomicAdd(count, (u32)__popc(mask));
  base = __shfl_sync(0xffffffffu, base, leader);
  if (on) list[base + __popc(mask & ((1u << lane) - 1))] = (u32)v;
}

// ---- Subway: SubCSR construction ----

// For each vertex: its degree if active (else 0), and 1 if active.
extern "C" __global__ void active_degree(u64 n, const u32 *cur, const u64 *off, u64 *deg, u64 *one) {
  u64 v = blockIdx.x * (u64)blockDim.x + threadIdx.x;
  if (v >= n) return;
  bool a = cur[v] != 0;
  deg[v] = a ? off[v + 1] - off[v] : 0;
  one[v] = a ? 1 : 0;
}

// Exclusive scan of 64-bit values, 1024 per block (Hillis-Steele in shared
// memory, then block sums scanned recursively by the host and added back).
extern "C" __global__ void scan_block(u64 n, const u64 *in, u64 *out, u64 *sums) {
  __shared__ u64 s[1024];
  u64 i = blockIdx.x * 1024ull + threadIdx.x;
  u64 x = i < n ? in[i] : 0;
  s[threadIdx.x] = x;
  __syncthreads();
  for (unsigned d = 1; d < 1024; d <<= 1) {
    u64 y = threadIdx.x >= d ? s[threadIdx.x - d] : 0;
    __syncthreads();
    s[threadIdx.x] += y;
    __syncthreads();
  }
  if (i < n) out[i] = s[threadIdx.x] - x;
  if (threadIdx.x == 1023) sums[blockIdx.x] = s[1023];
}

extern "C" __global__ void scan_add(u64 n, u64 *out, const u64 *sums) {
  u64 i = blockIdx.x * 1024ull + threadIdx.x;
  if (i < n) out[i] += sums[blockIdx.x];
}

// Scatter active vertices to the list and their SubCSR offsets.
extern "C" __global__ void scatter_active(u64 n, const u32 *cur, const u64 *pos, const u64 *epos,
                                          u32 *list, u64 *suboff) {
  u64 v = blockIdx.x * (u64)blockDim.x + threadIdx.x;
  if (v >= n || !cur[v]) return;
  list[pos[v]] = (u32)v;
  suboff[pos[v]] = epos[v];
}

// Process a loaded SubCSR: listed vertex t has edges
// subadj[suboff[t]-base .. suboff[t+1]-base). subcur, when non-null, selects
// who runs this round (async inner rounds). With async set, an improvement
// to a vertex of this subgraph (listed: in [lo,hi] with its cur flag set;
// the list is sorted) marks subnext and *subchanged instead of next, and a
// vertex that runs clears its own next flag: the host iterates inside the
// loaded subgraph until it converges, so every improvement to a listed
// vertex is pushed here, with the latest value, and the next outer
// iteration only reloads vertices improved from outside the subgraph (or
// after their chunk). Without that, every vertex improved inside a chunk
// was loaded again in the next outer iteration and async saved nothing.
extern "C" __global__ void relax_sub(u64 count, const u32 *list, const u64 *suboff, u64 base,
                                     const u32 *subadj, const u32 *subw, u32 *val, const u32 *cur,
                                     const u32 *subcur, u32 *next, u32 *changed, u64 async,
                                     u64 lo, u64 hi, u32 *subnext, u32 *subchanged, u64 alg) {
  // One warp per listed vertex, lanes striding its edges: R-MAT hubs would
  // otherwise serialize a whole chunk behind one thread, and neighbouring
  // lanes read neighbouring SubCSR words.
  u64 t = (blockIdx.x * (u64)blockDim.x + threadIdx.x) >> 5;
  u64 lane = threadIdx.x & 31;
  if (t >= count) return;
  u32 v = list[t];
  if (subcur && !subcur[v]) return;
  // Only this warp writes next[v] while the chunk runs (improvements to
  // listed vertices go to subnext), so clearing it here cannot lose one.
  if (async && lane == 0) next[v] = 0;
  // Each lane reads val[v] itself: a newer (better) value read by some
  // lanes is still a valid relaxation source for these monotone algorithms.
  u32 uval = val[v];
  for (u64 i = suboff[t] - base + lane; i < suboff[t + 1] - base; i += 32) {
    u32 d = subadj[i];
    if (!improve(alg, uval, subw ? subw[i] : 1, d, val)) continue;
    if (async && d >= lo && d <= hi && cur[d]) {
      subnext[d] = 1;
      *subchanged = 1;
    } else {
      next[d] = 1;
      *changed = 1;
    }
  }
}

// Gather a chunk's SubCSR straight from the edge array in mapped pinned
// host memory (zero-copy): one warp per listed vertex, so each warp reads
// its vertex's contiguous edge list in 128-byte pieces over the bus. This
// replaces the CPU gather into a staging buffer plus a copy.
extern "C" __global__ void gather_sub(u64 count, const u32 *__restrict__ list,
                                      const u64 *__restrict__ suboff, u64 base,
                                      const u64 *__restrict__ off, const u32 *__restrict__ hadj,
                                      const u32 *__restrict__ hw, u32 *__restrict__ subadj,
                                      u32 *__restrict__ subw) {
  u64 t = (blockIdx.x * (u64)blockDim.x + threadIdx.x) >> 5;
  u64 lane = threadIdx.x & 31;
  if (t >= count) return;
  u32 v = list[t];
  u64 a = off[v], b = off[v + 1], s = suboff[t] - base;
  // Both loads are issued before either store (restrict: no aliasing), so
  // each lane has two bus reads in flight instead of one.
  for (u64 i = a + lane; i < b; i += 32) {
    u32 x = hadj[i];
    u32 y = hw ? hw[i] : 0;
    subadj[s + i - a] = x;
    if (hw) subw[s + i - a] = y;
  }
}

// Process a streamed partition: vertices [v0,v1) whose edges start at
// global index e0 in the partition buffer.
extern "C" __global__ void relax_range(u64 v0, u64 v1, const u64 *off, u64 e0, const u32 *padj,
                                       const u32 *pw, u32 *val, const u32 *cur, u32 *next,
                                       u32 *changed, u64 alg) {
  u64 v = v0 + blockIdx.x * (u64)blockDim.x + threadIdx.x;
  if (v >= v1 || !cur[v]) return;
  u32 uval = val[v];
  for (u64 i = off[v]; i < off[v + 1]; i++)
    relax(alg, uval, pw ? pw[i - e0] : 1, padj[i - e0], val, next, changed);
}

// Async Subway, streamed partition [v0,v1) (iterations with most edges
// active): the partition is a loaded subgraph like a SubCSR chunk, so it
// iterates to local convergence too. One warp per vertex. Round 1 (subcur
// null) runs the vertices active this iteration or improved by an earlier
// partition of it (next set: their edges are loaded now); later rounds run
// subcur. Improvements inside the range go to subnext, others to next; a
// vertex that runs clears its next flag (only its warp writes it here).
extern "C" __global__ void relax_range_async(u64 v0, u64 v1, const u64 *off, u64 e0,
                                             const u32 *padj, const u32 *pw, u32 *val,
                                             const u32 *cur, const u32 *subcur, u32 *next,
                                             u32 *changed, u32 *subnext, u32 *subchanged,
                                             u64 alg) {
  u64 v = v0 + ((blockIdx.x * (u64)blockDim.x + threadIdx.x) >> 5);
  u64 lane = threadIdx.x & 31;
  if (v >= v1) return;
  bool on = subcur ? subcur[v] != 0 : (cur[v] | next[v]) != 0;
  __syncwarp();  // every lane has read next[v] before lane 0 clears it
  if (!on) return;
  if (lane == 0) next[v] = 0;
  u32 uval = val[v];
  for (u64 i = off[v] + lane; i < off[v + 1]; i += 32) {
    u32 d = padj[i - e0];
    if (!improve(alg, uval, pw ? pw[i - e0] : 1, d, val)) continue;
    if (d >= v0 && d < v1) {
      subnext[d] = 1;
      *subchanged = 1;
    } else {
      next[d] = 1;
      *changed = 1;
    }
  }
}

// Clear flags[v0..v1) (async streaming: one partition's inner-round flags).
extern "C" __global__ void clear_range(u64 v0, u64 v1, u32 *flags) {
  u64 v = v0 + blockIdx.x * (u64)blockDim.x + threadIdx.x;
  if (v < v1) flags[v] = 0;
}

// ---- PageRank (push form, Jacobi iterations) ----

extern "C" __global__ void pr_contrib(u64 n, const u64 *off, const double *rank, double *contrib) {
  u64 v = blockIdx.x * (u64)blockDim.x + threadIdx.x;
  if (v >= n) return;
  u64 d = off[v + 1] - off[v];
  contrib[v] = d ? rank[v] / (double)d : 0.0;
}

extern "C" __global__ void pr_push_vertex(u64 n, const u64 *off, const u32 *adj, const double *contrib,
                                          double *sum) {
  u64 v = blockIdx.x * (u64)blockDim.x + threadIdx.x;
  if (v >= n) return;
  double c = contrib[v];
  for (u64 i = off[v]; i < off[v + 1]; i++) atomicAdd(&sum[adj[i]], c);
}

extern "C" __global__ void pr_push_virtual(u64 nv, const u32 *vv, const u32 *vj, const u64 *off,
                                           const u32 *adj, const double *contrib, double *sum, u64 K,
                                           u64 coalesced) {
  u64 t = blockIdx.x * (u64)blockDim.x + threadIdx.x;
  if (t >= nv) return;
  u32 v = vv[t];
  double c = contrib[v];
  u64 a = off[v], b = off[v + 1], j = vj[t];
  if (coalesced) {
    u64 f = (b - a + K - 1) / K;
    for (u64 i = a + j; i < b; i += f) atomicAdd(&sum[adj[i]], c);
  } else {
    u64 e = min(a + (j + 1) * K, b);
    for (u64 i = a + j * K; i < e; i++) atomicAdd(&sum[adj[i]], c);
  }
}

// rank = base + d*sum; sum = 0.
extern "C" __global__ void pr_finish(u64 n, double *sum, double *rank, double base, double d) {
  u64 v = blockIdx.x * (u64)blockDim.x + threadIdx.x;
  if (v >= n) return;
  rank[v] = base + d * sum[v];
  sum[v] = 0.0;
}

// PageRank out of GPU memory: push the contributions of vertices [v0,v1),
// whose edges start at global index e0 in the partition buffer; one warp
// per vertex.
extern "C" __global__ void pr_push_range(u64 v0, u64 v1, const u64 *off, u64 e0, const u32 *padj,
                                         const double *contrib, double *sum) {
  u64 v = v0 + ((blockIdx.x * (u64)blockDim.x + threadIdx.x) >> 5);
  u64 lane = threadIdx.x & 31;
  if (v >= v1) return;
  double c = contrib[v];
  for (u64 i = off[v] + lane; i < off[v + 1]; i += 32) atomicAdd(&sum[padj[i - e0]], c);
}

// ---- PageRank, delta (accumulative) form ----
// Active vertices (res > tol) fold their residual into rank and push
// d*res/deg to out-neighbours' next residual; inactive ones carry theirs.
extern "C" __global__ void prd_activate(u64 n, const u64 *off, double *rank, const double *res,
                                        double *push, double *nres, double tol, double d,
                                        u32 *active) {
  u64 v = blockIdx.x * (u64)blockDim.x + threadIdx.x;
  if (v >= n) return;
  double r = res[v];
  if (r > tol) {
    rank[v] += r;
    u64 deg = off[v + 1] - off[v];
    push[v] = deg ? d * r / (double)deg : 0.0;
    nres[v] = 0.0;
    *active = 1;
  } else {
    push[v] = 0.0;
    nres[v] = r;
  }
}

extern "C" __global__ void prd_push_virtual(u64 nv, const u32 *vv, const u32 *vj, const u64 *off,
                                            const u32 *adj, const double *push, double *nres,
                                            u64 K, u64 coalesced) {
  u64 t = blockIdx.x * (u64)blockDim.x + threadIdx.x;
  if (t >= nv) return;
  u32 v = vv[t];
  double c = push[v];
  if (c == 0.0) return;
  u64 a = off[v], b = off[v + 1], j = vj[t];
  if (coalesced) {
    u64 f = (b - a + K - 1) / K;
    for (u64 i = a + j; i < b; i += f) atomicAdd(&nres[adj[i]], c);
  } else {
    u64 e = min(a + (j + 1) * K, b);
    for (u64 i = a + j * K; i < e; i++) atomicAdd(&nres[adj[i]], c);
  }
}

// Clear the flags of listed vertices (async Subway: resets the inner-round
// flags of one loaded subgraph without touching all n vertices).
extern "C" __global__ void clear_listed(u64 count, const u32 *list, u32 *flags) {
  u64 t = blockIdx.x * (u64)blockDim.x + threadIdx.x;
  if (t < count) flags[list[t]] = 0;
}
