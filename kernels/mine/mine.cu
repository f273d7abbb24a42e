// Pattern-mining kernels for package mine (see doc.go and gpu_cuda.go).
// Compiled to PTX by `make mine-ptx` (nvcc -arch=compute_80), committed and
// embedded; the first line of mine.ptx records this file's SHA-256 so a
// test catches a .cu edited without regenerating its PTX.
//
// gorgonia.org/cu passes every kernel parameter as 8 bytes, so every
// parameter here is a pointer or an unsigned long long.
//
// All kernels work on the degree-ordered DAG (Orient): off[n+1] (u64),
// adj[m] (u32, sorted per vertex), and src[m], the tail of each arc, so that
// work can be spread over arcs.

typedef unsigned int u32;
typedef unsigned long long u64;

#define FULL 0xffffffffu
#define MAXK 16

// lower_bound in sorted a[0,n).
__device__ __forceinline__ u32 lower_bound(const u32 *a, u32 n, u32 x) {
  u32 lo = 0, hi = n;
  while (lo < hi) {
    u32 m = (lo + hi) >> 1;
    if (a[m] < x)
      lo = m + 1;
    else
      hi = m;
  }
  return lo;
}

__device__ __forceinline__ bool bsearch_has(const u32 *a, u32 n, u32 x) {
  u32 i = lower_bound(a, n, x);
  return i < n && a[i] == x;
}

__device__ __forceinline__ u64 warp_sum(u64 c) {
  for (int o = 16; o > 0; o >>= 1)
    c += __shfl_down_sync(FULL, c, o);
  return c;
}

// Triangles, one warp per arc u→v: lanes take elements of the shorter of
// out(u), out(v) and binary-search the longer. Arcs are handed out
// grid-stride, so a warp's consecutive arcs share u (its list stays in L1).
extern "C" __global__ void tc_warp(const u64 *off, const u32 *adj,
                                   const u32 *src, u64 m, u64 *out) {
  u32 lane = threadIdx.x & 31;
  u64 warp = ((u64)blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  u64 nwarps = ((u64)gridDim.x * blockDim.x) >> 5;
  u64 c = 0;
  for (u64 e = warp; e < m; e += nwarps) {
    u32 u = src[e], v = adj[e];
    const u32 *a = adj + off[u];
    const u32 *b = adj + off[v];
    u32 na = (u32)(off[u + 1] - off[u]), nb = (u32)(off[v + 1] - off[v]);
    if (na > nb) {
      const u32 *t = a; a = b; b = t;
      u32 tn = na; na = nb; nb = tn;
    }
    for (u32 i = lane; i < na; i += 32)
      c += bsearch_has(b, nb, a[i]);
  }
  c = warp_sum(c);
  if (lane == 0 && c)
    atomicAdd(out, c);
}

// Triangles, a group of `group` lanes (a power of two ≤ 32) per arc: as
// tc_warp, but most arcs of a sparse graph have a few candidates each, so
// smaller groups keep more lanes busy.
extern "C" __global__ void tc_group(const u64 *off, const u32 *adj,
                                    const u32 *src, u64 m, u64 group,
                                    u64 *out) {
  u64 tid = (u64)blockIdx.x * blockDim.x + threadIdx.x;
  u64 gid = tid / group;
  u32 sub = (u32)(tid % group);
  u64 ngroups = ((u64)gridDim.x * blockDim.x) / group;
  u64 c = 0;
  for (u64 e = gid; e < m; e += ngroups) {
    u32 u = src[e], v = adj[e];
    const u32 *a = adj + off[u];
    const u32 *b = adj + off[v];
    u32 na = (u32)(off[u + 1] - off[u]), nb = (u32)(off[v + 1] - off[v]);
    if (na > nb) {
      const u32 *t = a; a = b; b = t;
      u32 tn = na; na = nb; nb = tn;
    }
    for (u32 i = sub; i < na; i += (u32)group)
      c += bsearch_has(b, nb, a[i]);
  }
  c = warp_sum(c);
  if ((threadIdx.x & 31) == 0 && c)
    atomicAdd(out, c);
}

// Triangles, one thread per arc, merge intersection: better when most lists
// are a few elements long (sparse, low-skew graphs).
extern "C" __global__ void tc_thread(const u64 *off, const u32 *adj,
                                     const u32 *src, u64 m, u64 *out) {
  u64 tid = (u64)blockIdx.x * blockDim.x + threadIdx.x;
  u64 nthreads = (u64)gridDim.x * blockDim.x;
  u64 c = 0;
  for (u64 e = tid; e < m; e += nthreads) {
    u32 u = src[e], v = adj[e];
    u64 i = off[u], ie = off[u + 1], j = off[v], je = off[v + 1];
    while (i < ie && j < je) {
      u32 x = adj[i], y = adj[j];
      c += x == y;
      i += x <= y;
      j += y <= x;
    }
  }
  c = warp_sum(c);
  if ((threadIdx.x & 31) == 0 && c)
    atomicAdd(out, c);
}

// out[0..] = a ∩ b, warp-cooperative: lanes test a's elements against b
// and compact the hits with a ballot, so out stays sorted. Returns |out|
// in every lane.
__device__ __forceinline__ u32 warp_intersect(const u32 *a, u32 na,
                                              const u32 *b, u32 nb, u32 *out) {
  u32 lane = threadIdx.x & 31;
  u32 base = 0;
  for (u32 i0 = 0; i0 < na; i0 += 32) {
    u32 i = i0 + lane;
    bool hit = false;
    u32 x = 0;
    if (i < na) {
      x = a[i];
      hit = bsearch_has(b, nb, x);
    }
    u32 mask = __ballot_sync(FULL, hit);
    if (hit)
      out[base + __popc(mask & ((1u << lane) - 1))] = x;
    base += __popc(mask);
  }
  __syncwarp();
  return base;
}

__device__ __forceinline__ u64 warp_count(const u32 *a, u32 na, const u32 *b,
                                          u32 nb) {
  u64 c = 0;
  for (u32 i = threadIdx.x & 31; i < na; i += 32)
    c += bsearch_has(b, nb, a[i]);
  return c;
}

// k-cliques, DuMato-style DFS-wide: one warp owns an arc u→v (the first two
// vertices), keeps the candidate sets of deeper levels in its own slice of
// `stack` ((k-2)·maxd u32, maxd the largest out-degree), and walks them
// depth first, every set operation warp-cooperative. Arcs are fetched
// dynamically from *next (one atomicAdd per arc), so a warp that finishes a
// light arc takes the next pending one instead of idling: the load
// balancing that matters on skewed graphs. lb_chunk arcs are taken per
// fetch (1 balances best; larger cuts atomic traffic).
extern "C" __global__ void clique_warp(const u64 *off, const u32 *adj,
                                       const u32 *src, u64 m, u64 k,
                                       u32 *stack, u64 maxd, u64 *next,
                                       u64 lb_chunk, u64 *out) {
  u32 lane = threadIdx.x & 31;
  u64 warp = ((u64)blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  u32 *st = stack + warp * (k - 2) * maxd;
  u32 size[MAXK], idx[MAXK];
  u64 c = 0;
  for (;;) {
    u64 e0 = 0;
    if (lane == 0)
      e0 = atomicAdd(next, lb_chunk);
    e0 = __shfl_sync(FULL, e0, 0);
    if (e0 >= m)
      break;
    u64 e1 = min(e0 + lb_chunk, m);
    for (u64 e = e0; e < e1; e++) {
      __syncwarp();
      u32 u = src[e], v = adj[e];
      const u32 *a = adj + off[u];
      u32 na = (u32)(off[u + 1] - off[u]);
      const u32 *b = adj + off[v];
      u32 nb = (u32)(off[v + 1] - off[v]);
      if (k == 3) {
        c += warp_count(a, na, b, nb);
        continue;
      }
      if (na < k - 1)
        continue;
      // level 0 holds out(u) ∩ out(v): candidates for the third vertex.
      size[0] = warp_intersect(a, na, b, nb, st);
      idx[0] = 0;
      int d = 0;
      while (d >= 0) {
        u32 need = (u32)(k - 2 - d); // vertices still to choose from set d
        if (idx[d] >= size[d]) {
          d--;
          if (d >= 0)
            idx[d]++;
          continue;
        }
        const u32 *sd = st + d * maxd;
        u32 w = sd[idx[d]];
        const u32 *nw = adj + off[w];
        u32 nnw = (u32)(off[w + 1] - off[w]);
        if (need == 2) {
          c += warp_count(sd, size[d], nw, nnw);
          idx[d]++;
          continue;
        }
        size[d + 1] = warp_intersect(sd, size[d], nw, nnw, st + (d + 1) * maxd);
        if (size[d + 1] < need - 1) { // too few candidates left: prune
          idx[d]++;
          continue;
        }
        idx[d + 1] = 0;
        d++;
      }
    }
  }
  c = warp_sum(c);
  if (lane == 0 && c)
    atomicAdd(out, c);
}
