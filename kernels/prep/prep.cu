// Graph preparation kernels for package prep (see doc.go): widening and
// validating loaded CSR arrays, checking for a simple undirected graph,
// undirecting (both directions, sorted, deduplicated, no self-loops),
// degree orientation, Tigr's virtual nodes, and the exclusive scans they
// share. Compiled to PTX by `make ptx` (nvcc -arch=compute_80); the PTX is
// committed and embedded.
//
// gorgonia.org/cu passes every kernel parameter as 8 bytes, so every
// parameter here is a pointer or an unsigned long long. Kernels stride
// over their items (grid-stride loops), so any grid size is correct.

typedef unsigned int u32;
typedef unsigned long long u64;

#define WARP 32

__device__ __forceinline__ u64 gtid() { return blockIdx.x * (u64)blockDim.x + threadIdx.x; }
__device__ __forceinline__ u64 gstride() { return (u64)gridDim.x * blockDim.x; }
__device__ __forceinline__ u64 gwarp() { return gtid() / WARP; }
__device__ __forceinline__ u64 nwarps() { return gstride() / WARP; }
__device__ __forceinline__ u32 lane() { return threadIdx.x % WARP; }

// widen_offsets turns n 32-bit offsets (Subway's .bcsr) into n+1 64-bit
// ones, off[n] = m.
extern "C" __global__ void widen_offsets(const u32 *in, u64 n, u64 m, u64 *out) {
  for (u64 i = gtid(); i <= n; i += gstride()) out[i] = i < n ? (u64)in[i] : m;
}

// check_offsets lowers *bad to the first vertex v whose offset is out of
// order, past m, or (v = 0) not 0: the checks of csr.ReadBCSR.
extern "C" __global__ void check_offsets(const u64 *off, u64 n, u64 m, u64 *bad) {
  for (u64 v = gtid(); v < n; v += gstride()) {
    u64 o = off[v];
    if (o > m || (v == 0 && o != 0) || (v > 0 && o < off[v - 1])) atomicMin(bad, v);
  }
}

// check_adj lowers *bad to the first index in [lo, hi) of adj holding a
// vertex id >= n (adj points at the whole array; a chunk is checked as it
// arrives).
extern "C" __global__ void check_adj(const u32 *adj, u64 lo, u64 hi, u64 n, u64 *bad) {
  for (u64 i = lo + gtid(); i < hi; i += gstride())
    if ((u64)adj[i] >= n) atomicMin(bad, i);
}

__device__ __forceinline__ bool has(const u32 *adj, u64 lo, u64 hi, u32 x) {
  while (lo < hi) {
    u64 mid = (lo + hi) / 2;
    u32 y = adj[mid];
    if (y == x) return true;
    if (y < x) lo = mid + 1; else hi = mid;
  }
  return false;
}

// check_simple sets *bad when the graph is not simple undirected: a list
// not strictly increasing, a self-loop, or an edge without its reverse
// (mine.Undirected's fast-path test). A warp per vertex.
extern "C" __global__ void check_simple(const u64 *off, const u32 *adj, u64 n, u32 *bad) {
  for (u64 u = gwarp(); u < n; u += nwarps()) {
    u64 lo = off[u], hi = off[u + 1];
    bool ok = true;
    for (u64 i = lo + lane(); i < hi && ok; i += WARP) {
      u32 v = adj[i];
      if (v == u || (i > lo && adj[i - 1] >= v)) ok = false;
      else if (v > u && !has(adj, off[v], off[v + 1], (u32)u)) ok = false;
    }
    if (!ok) *bad = 1;
  }
}

// und_count adds, for every arc u→v with u ≠ v, one to deg[u] and one to
// deg[v]: the degrees before deduplication.
extern "C" __global__ void und_count(const u64 *off, const u32 *adj, u64 n, u32 *deg) {
  for (u64 u = gwarp(); u < n; u += nwarps()) {
    for (u64 i = off[u] + lane(); i < off[u + 1]; i += WARP) {
      u32 v = adj[i];
      if (v != u) {
        atomicAdd(&deg[u], 1u);
        atomicAdd(&deg[v], 1u);
      }
    }
  }
}

// und_fill writes both directions of every non-loop arc into out, at
// noff[x] + (a slot taken from cur[x]): unsorted lists, sorted next.
extern "C" __global__ void und_fill(const u64 *off, const u32 *adj, u64 n, const u64 *noff, u32 *cur, u32 *out) {
  for (u64 u = gwarp(); u < n; u += nwarps()) {
    for (u64 i = off[u] + lane(); i < off[u + 1]; i += WARP) {
      u32 v = adj[i];
      if (v != u) {
        out[noff[u] + atomicAdd(&cur[u], 1u)] = v;
        out[noff[v] + atomicAdd(&cur[v], 1u)] = (u32)u;
      }
    }
  }
}

#define SORT_THREADS 256
#define SORT_SMEM 4096

// block_radix_pass stably scatters src[0,len) into dst[0,len) by the byte
// of each value at shift, with the block's SORT_THREADS threads: a digit
// histogram, then tiles in order, each element ranked among its warp's
// equal digits (__match_any_sync) and after the earlier warps' and tiles'.
__device__ void block_radix_pass(const u32 *src, u32 *dst, u64 len, u32 shift, u32 *hist, u32 *wcnt) {
  const u32 nw = SORT_THREADS / WARP, w = threadIdx.x / WARP, l = lane();
  for (u32 d = threadIdx.x; d < 256; d += SORT_THREADS) hist[d] = 0;
  __syncthreads();
  for (u64 i = threadIdx.x; i < len; i += SORT_THREADS) atomicAdd(&hist[(src[i] >> shift) & 255u], 1u);
  __syncthreads();
  if (threadIdx.x == 0) {
    u32 run = 0;
    for (u32 d = 0; d < 256; d++) {
      u32 c = hist[d];
      hist[d] = run;  // now the digit's next free position
      run += c;
    }
  }
  __syncthreads();
  for (u64 t0 = 0; t0 < len; t0 += SORT_THREADS) {
    u64 i = t0 + threadIdx.x;
    bool valid = i < len;
    u32 x = valid ? src[i] : 0;
    u32 d = valid ? (x >> shift) & 255u : 256u;  // invalid lanes match only each other
    u32 mask = __match_any_sync(0xffffffffu, d);
    u32 rank = __popc(mask & ((1u << l) - 1u));
    for (u32 k = threadIdx.x; k < nw * 256; k += SORT_THREADS) wcnt[k] = 0;
    __syncthreads();
    if (valid && rank == 0) wcnt[w * 256 + d] = __popc(mask);
    __syncthreads();
    for (u32 dd = threadIdx.x; dd < 256; dd += SORT_THREADS) {
      u32 run = hist[dd];
      for (u32 ww = 0; ww < nw; ww++) {
        u32 c = wcnt[ww * 256 + dd];
        wcnt[ww * 256 + dd] = run;
        run += c;
      }
      hist[dd] = run;
    }
    __syncthreads();
    if (valid) dst[wcnt[w * 256 + d] + rank] = x;
    __syncthreads();
  }
}

// seg_sort sorts every list adj[off[u], off[u+1]) ascending, a block per
// list: bitonic in shared memory up to SORT_SMEM values, else an LSD
// radix sort over the bytes that vertex ids < n use, through tmp (same
// layout as adj). Launch with SORT_THREADS threads a block.
extern "C" __global__ void seg_sort(const u64 *off, u32 *adj, u32 *tmp, u64 n) {
  __shared__ u32 s[SORT_SMEM];
  __shared__ u32 hist[256];
  __shared__ u32 wcnt[(SORT_THREADS / WARP) * 256];
  u32 passes = 1;
  while (passes < 4 && (n - 1) >> (8 * passes)) passes++;
  for (u64 u = blockIdx.x; u < n; u += gridDim.x) {
    u64 lo = off[u], len = off[u + 1] - lo;
    if (len < 2) continue;
    if (len <= SORT_SMEM) {
      u32 p = 2;
      while (p < len) p <<= 1;
      for (u32 i = threadIdx.x; i < p; i += SORT_THREADS) s[i] = i < len ? adj[lo + i] : 0xffffffffu;
      __syncthreads();
      for (u32 k = 2; k <= p; k <<= 1) {
        for (u32 j = k >> 1; j > 0; j >>= 1) {
          for (u32 i = threadIdx.x; i < p; i += SORT_THREADS) {
            u32 ixj = i ^ j;
            if (ixj > i) {
              u32 a = s[i], b = s[ixj];
              bool up = (i & k) == 0;
              if ((a > b) == up) {
                s[i] = b;
                s[ixj] = a;
              }
            }
          }
          __syncthreads();
        }
      }
      for (u32 i = threadIdx.x; i < len; i += SORT_THREADS) adj[lo + i] = s[i];
      __syncthreads();
    } else {
      u32 *a = adj + lo, *b = tmp + lo;
      for (u32 pass = 0; pass < passes; pass++) {
        block_radix_pass(a, b, len, 8 * pass, hist, wcnt);
        u32 *t = a; a = b; b = t;
      }
      if (a != adj + lo)
        for (u64 i = threadIdx.x; i < len; i += SORT_THREADS) adj[lo + i] = a[i];
      __syncthreads();
    }
  }
}

// seg_unique counts the distinct values of every sorted list: a warp per
// list, counting the positions that differ from their predecessor.
extern "C" __global__ void seg_unique(const u64 *off, const u32 *adj, u64 n, u32 *cnt) {
  for (u64 u = gwarp(); u < n; u += nwarps()) {
    u64 lo = off[u], hi = off[u + 1];
    u32 c = 0;
    for (u64 i = lo + lane(); i < hi; i += WARP) c += (i == lo || adj[i] != adj[i - 1]);
    for (int o = 16; o > 0; o >>= 1) c += __shfl_down_sync(0xffffffffu, c, o);
    if (lane() == 0) cnt[u] = c;
  }
}

// seg_compact copies the distinct values of every sorted list to out at
// noff[u], in order: a warp per list, each round's survivors placed by a
// ballot prefix.
extern "C" __global__ void seg_compact(const u64 *off, const u32 *adj, u64 n, const u64 *noff, u32 *out) {
  for (u64 u = gwarp(); u < n; u += nwarps()) {
    u64 lo = off[u], hi = off[u + 1], base = noff[u];
    for (u64 i0 = lo; i0 < hi; i0 += WARP) {
      u64 i = i0 + lane();
      bool keep = i < hi && (i == lo || adj[i] != adj[i - 1]);
      u32 b = __ballot_sync(0xffffffffu, keep);
      if (keep) out[base + __popc(b & ((1u << lane()) - 1u))] = adj[i];
      base += __popc(b);
    }
  }
}

__device__ __forceinline__ bool before(const u64 *off, u32 u, u32 v) {
  u64 du = off[u + 1] - off[u], dv = off[v + 1] - off[v];
  return du < dv || (du == dv && u < v);
}

// orient_count counts, for every vertex u, its neighbours v with
// (deg u, u) < (deg v, v): mine.Orient's out-degrees. A warp per vertex.
extern "C" __global__ void orient_count(const u64 *off, const u32 *adj, u64 n, u32 *cnt) {
  for (u64 u = gwarp(); u < n; u += nwarps()) {
    u32 c = 0;
    for (u64 i = off[u] + lane(); i < off[u + 1]; i += WARP) c += before(off, (u32)u, adj[i]);
    for (int o = 16; o > 0; o >>= 1) c += __shfl_down_sync(0xffffffffu, c, o);
    if (lane() == 0) cnt[u] = c;
  }
}

// orient_fill writes those neighbours, in list order, at doff[u].
extern "C" __global__ void orient_fill(const u64 *off, const u32 *adj, u64 n, const u64 *doff, u32 *out) {
  for (u64 u = gwarp(); u < n; u += nwarps()) {
    u64 lo = off[u], hi = off[u + 1], base = doff[u];
    for (u64 i0 = lo; i0 < hi; i0 += WARP) {
      u64 i = i0 + lane();
      bool keep = i < hi && before(off, (u32)u, adj[i]);
      u32 b = __ballot_sync(0xffffffffu, keep);
      if (keep) out[base + __popc(b & ((1u << lane()) - 1u))] = adj[i];
      base += __popc(b);
    }
  }
}

// vnode_count gives every vertex its number of Tigr virtual nodes,
// ceil(deg/K) (0 for an isolated vertex).
extern "C" __global__ void vnode_count(const u64 *off, u64 n, u64 K, u32 *cnt) {
  for (u64 v = gtid(); v < n; v += gstride()) cnt[v] = (u32)((off[v + 1] - off[v] + K - 1) / K);
}

// vnode_fill writes vertex v's virtual nodes at vbase[v]: vv = v, vj = the
// member's index in the family. A warp per vertex (hubs have many).
extern "C" __global__ void vnode_fill(const u64 *vbase, u64 n, u32 *vv, u32 *vj) {
  for (u64 v = gwarp(); v < n; v += nwarps()) {
    u64 b = vbase[v], f = vbase[v + 1] - b;
    for (u64 j = lane(); j < f; j += WARP) {
      vv[b + j] = (u32)v;
      vj[b + j] = (u32)j;
    }
  }
}

#define SCAN 1024

// scan32 / scan64 write the exclusive prefix sums of in[0,nin) (zero past
// nin) to out[0,nout), block by block of SCAN, and each block's total to
// sums; scan_add then adds the scanned block totals back.
template <typename T>
__device__ void scan_block(u64 nout, u64 nin, const T *in, u64 *out, u64 *sums) {
  __shared__ u64 s[SCAN];
  u64 i = blockIdx.x * (u64)SCAN + threadIdx.x;
  u64 x = i < nin ? (u64)in[i] : 0;
  s[threadIdx.x] = x;
  __syncthreads();
  for (u32 d = 1; d < SCAN; d <<= 1) {
    u64 y = threadIdx.x >= d ? s[threadIdx.x - d] : 0;
    __syncthreads();
    s[threadIdx.x] += y;
    __syncthreads();
  }
  if (i < nout) out[i] = s[threadIdx.x] - x;
  if (threadIdx.x == SCAN - 1) sums[blockIdx.x] = s[SCAN - 1];
}

extern "C" __global__ void scan32(u64 nout, u64 nin, const u32 *in, u64 *out, u64 *sums) {
  scan_block<u32>(nout, nin, in, out, sums);
}

extern "C" __global__ void scan64(u64 nout, u64 nin, const u64 *in, u64 *out, u64 *sums) {
  scan_block<u64>(nout, nin, in, out, sums);
}

extern "C" __global__ void scan_add(u64 n, u64 *out, const u64 *sums) {
  u64 i = blockIdx.x * (u64)SCAN + threadIdx.x;
  if (i < n) out[i] += sums[blockIdx.x];
}
