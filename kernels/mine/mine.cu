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

// k-cliques with DuMato's load balancing, coordinated from the host in
// rounds. A warp works as in clique_warp, but iterates level d's candidates
// up to lim[d] (≤ size[d], the set's length) and starts at a base level d0
// (0 for an arc, L for a donated unit). When a warp finds no arc and no
// unit left it counts itself idle; the warp that brings the idle count to
// `thresh` raises the stop flag. Busy warps poll the flag every 8 DFS steps
// and save their state (d, d0, idx, lim, size; the candidate sets are
// already in their global stack slice) and exit. The host then runs
// clique_donate, which moves half of each saved warp's pending candidates
// at its shallowest level with any (the largest subtrees) into units, and
// relaunches: saved warps resume, the others take units. Every candidate
// stays with exactly one warp, so the count is exact.
//
// state: LB_SST u32 per warp: [0] saved flag, [1] d, [2] d0,
// [3..3+MAXK) idx, [3+MAXK..) lim, [3+2·MAXK..) size. units: 4 u32 per
// unit (level, first, end, set length), the set at upool + j·maxd.
// uq[0] the next unit to take, uq[1] the number of units. ctl[0] idle
// warps, ctl[1] stop flag, ctl[2] warps that saved state.
#define LB_SST 64

extern "C" __global__ void clique_lb(const u64 *off, const u32 *adj,
                                     const u32 *src, u64 m, u64 k,
                                     u32 *stack, u64 maxd, u64 *next,
                                     u64 *out, u32 *state, const u32 *units,
                                     const u32 *upool, u64 *uq, u32 *ctl,
                                     u64 thresh) {
  u32 lane = threadIdx.x & 31;
  u64 warp = ((u64)blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  u32 *st = stack + warp * (k - 2) * maxd;
  u32 *sv = state + warp * LB_SST;
  volatile u32 *stop = ctl + 1;
  u32 size[MAXK], idx[MAXK], lim[MAXK];
  int d = -1, d0 = 0;
  for (int i = 0; i < MAXK; i++)
    size[i] = idx[i] = lim[i] = 0;
  if (sv[0]) { // resume a saved walk
    d = (int)sv[1];
    d0 = (int)sv[2];
    for (int i = 0; i < MAXK; i++) {
      idx[i] = sv[3 + i];
      lim[i] = sv[3 + MAXK + i];
      size[i] = sv[3 + 2 * MAXK + i];
    }
  }
  __syncwarp();
  if (lane == 0)
    sv[0] = 0;
  u64 c = 0;
  u32 steps = 0;
  u64 nunits = uq[1];
  for (;;) {
    if (d < d0) { // fetch work: an arc, else a donated unit, else idle
      u32 s = 0;
      if (lane == 0)
        s = *stop;
      if (__shfl_sync(FULL, s, 0))
        break;
      u64 e = 0;
      if (lane == 0)
        e = atomicAdd(next, 1ull);
      e = __shfl_sync(FULL, e, 0);
      if (e < m) {
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
        __syncwarp();
        size[0] = warp_intersect(a, na, b, nb, st);
        idx[0] = 0;
        lim[0] = size[0];
        d = d0 = 0;
      } else {
        u64 j = 0;
        if (lane == 0)
          j = atomicAdd(uq, 1ull);
        j = __shfl_sync(FULL, j, 0);
        if (j >= nunits) {
          if (lane == 0 && (u64)(atomicAdd(ctl, 1u) + 1) >= thresh)
            atomicExch(ctl + 1, 1u);
          break;
        }
        u32 L = units[4 * j], sz = units[4 * j + 3];
        const u32 *ps = upool + j * maxd;
        u32 *dst = st + L * maxd;
        __syncwarp();
        for (u32 i = lane; i < sz; i += 32)
          dst[i] = ps[i];
        __syncwarp();
        size[L] = sz;
        idx[L] = units[4 * j + 1];
        lim[L] = units[4 * j + 2];
        d = d0 = (int)L;
      }
    }
    if ((++steps & 7) == 0) {
      u32 s = 0;
      if (lane == 0)
        s = *stop;
      if (__shfl_sync(FULL, s, 0)) { // save the walk for the next round
        if (lane == 0) {
          sv[1] = (u32)d;
          sv[2] = (u32)d0;
          for (int i = 0; i < MAXK; i++) {
            sv[3 + i] = idx[i];
            sv[3 + MAXK + i] = lim[i];
            sv[3 + 2 * MAXK + i] = size[i];
          }
          sv[0] = 1;
          atomicAdd(ctl + 2, 1u);
        }
        break;
      }
    }
    if (idx[d] >= lim[d]) {
      d--;
      if (d >= d0)
        idx[d]++;
      continue;
    }
    u32 need = (u32)(k - 2 - d);
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
    if (size[d + 1] < need - 1) {
      idx[d]++;
      continue;
    }
    idx[d + 1] = 0;
    lim[d + 1] = size[d + 1];
    d++;
  }
  c = warp_sum(c);
  if (lane == 0 && c)
    atomicAdd(out, c);
}

// clique_donate: one warp per saved state (of nwarps). At the shallowest
// level L with pending candidates (after the one being explored, for L <
// d; from idx on, keeping at least one, for L = d), the second half of
// them becomes a unit: the set is copied to the pool, and the donor's
// lim[L] is cut to where the unit starts.
extern "C" __global__ void clique_donate(const u32 *stack, u64 k, u64 maxd,
                                         u32 *state, u64 nwarps, u32 *units,
                                         u32 *upool, u64 *uq) {
  u32 lane = threadIdx.x & 31;
  u64 warp = ((u64)blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  u64 nwt = ((u64)gridDim.x * blockDim.x) >> 5;
  for (u64 w = warp; w < nwarps; w += nwt) {
    u32 *sv = state + w * LB_SST;
    if (!sv[0])
      continue;
    int d = (int)sv[1], d0 = (int)sv[2];
    int L = -1;
    u32 p0 = 0, end = 0;
    for (int l = d0; l <= d; l++) {
      u32 q0 = l < d ? sv[3 + l] + 1 : sv[3 + l];
      u32 lm = sv[3 + MAXK + l];
      if (lm > q0 && lm - q0 >= (l < d ? 1u : 2u)) {
        L = l;
        p0 = q0;
        end = lm;
        break;
      }
    }
    if (L < 0)
      continue;
    u32 mid = p0 + (end - p0) / 2;
    u32 sz = sv[3 + 2 * MAXK + L];
    u64 j = 0;
    if (lane == 0)
      j = atomicAdd(uq + 1, 1ull);
    j = __shfl_sync(FULL, j, 0);
    const u32 *s = stack + w * (k - 2) * maxd + (u64)L * maxd;
    u32 *dst = upool + j * maxd;
    for (u32 i = lane; i < sz; i += 32)
      dst[i] = s[i];
    if (lane == 0) {
      units[4 * j] = (u32)L;
      units[4 * j + 1] = mid;
      units[4 * j + 2] = end;
      units[4 * j + 3] = sz;
      sv[3 + MAXK + L] = mid;
    }
  }
}

// ---------------------------------------------------------------------------
// Triangles, hash variant (TRUST-style): a group (one warp, or the whole
// block) owns a vertex u, inserts a chunk of out(u) into an open-addressing
// hash table in shared memory, then streams out(v) for every v in out(u)
// and probes each w: w in the chunk closes the triangle u→v→w, u→w. The
// reads of out(v) are contiguous (coalesced) and each test is ~1.5 shared
// loads, instead of a binary search through global memory per element.
// Lists longer than a table holds are split into chunks (items (u, c)):
// w lies in exactly one chunk, so the sum over chunks stays exact.
//
// The v's of out(u) are flattened across the warp's lanes: 32 v's at a
// time, an inclusive scan of their out-degrees, and lane p of each round
// takes position p of the concatenation, so a warp stays busy even when
// most out-lists hold two or three vertices.

#define TC_BLOCK 256
#define TC_SLOTS 8192 // per block: 32 KiB of static shared memory
#define TC_WARP_SLOTS (TC_SLOTS / (TC_BLOCK / 32))
#define EMPTY 0xffffffffu

__device__ __forceinline__ u32 hslot(u32 x, u32 bits) {
  return (x * 0x9E3779B1u) >> (32 - bits);
}

__device__ __forceinline__ void hinsert(u32 *tab, u32 bits, u32 x) {
  u32 mask = (1u << bits) - 1, h = hslot(x, bits);
  while (atomicCAS(&tab[h], EMPTY, x) != EMPTY)
    h = (h + 1) & mask;
}

__device__ __forceinline__ u32 hhas(const u32 *tab, u32 bits, u32 x) {
  u32 mask = (1u << bits) - 1, h = hslot(x, bits);
  for (;;) {
    u32 y = tab[h];
    if (y == x)
      return 1;
    if (y == EMPTY)
      return 0;
    h = (h + 1) & mask;
  }
}

// Probe the out-lists of the vertices nu[from, du), taken with stride
// `step` in batches of 32 (warp-uniform control flow), against tab. Long
// lists (≥ longmin) are streamed one at a time, lanes striding over them:
// no per-element bookkeeping. Short ones are flattened across the lanes (an
// inclusive scan of their lengths; lane p takes position p of their
// concatenation, its owner found by a binary search over the scan), so a
// warp stays busy when most lists hold two or three vertices.
__device__ __forceinline__ u64 tc_probe(const u64 *__restrict__ off,
                                        const u32 *__restrict__ adj,
                                        const u32 *nu, u32 du, u32 from,
                                        u32 step, const u32 *tab, u32 bits,
                                        u32 longmin, bool ilp) {
  u32 lane = threadIdx.x & 31;
  u64 c = 0;
  for (u32 b0 = from; b0 < du; b0 += step) {
    u32 i = b0 + lane;
    u64 start = 0;
    u32 s = 0;
    if (i < du) {
      u32 v = __ldg(nu + i);
      start = __ldg(off + v);
      s = (u32)(__ldg(off + v + 1) - start);
    }
    u32 lmask = __ballot_sync(FULL, s >= longmin);
    while (lmask) {
      u32 j = __ffs(lmask) - 1;
      lmask &= lmask - 1;
      u64 st = __shfl_sync(FULL, start, j);
      u32 sl = __shfl_sync(FULL, s, j);
      const u32 *l = adj + st;
      if (ilp) {
        // four independent global loads in flight per lane before the
        // (dependent) shared-memory probes: the loop is latency-bound.
        for (u32 p = lane; p < sl; p += 128) {
          u32 x0 = __ldg(l + p);
          u32 x1 = p + 32 < sl ? __ldg(l + p + 32) : 0;
          u32 x2 = p + 64 < sl ? __ldg(l + p + 64) : 0;
          u32 x3 = p + 96 < sl ? __ldg(l + p + 96) : 0;
          c += hhas(tab, bits, x0);
          if (p + 32 < sl) c += hhas(tab, bits, x1);
          if (p + 64 < sl) c += hhas(tab, bits, x2);
          if (p + 96 < sl) c += hhas(tab, bits, x3);
        }
      } else {
#pragma unroll 4
        for (u32 p = lane; p < sl; p += 32)
          c += hhas(tab, bits, __ldg(l + p));
      }
    }
    if (s >= longmin)
      s = 0;
    u32 scan = s; // inclusive scan of the 32 short lengths
    for (int o = 1; o < 32; o <<= 1) {
      u32 t = __shfl_up_sync(FULL, scan, o);
      if (lane >= (u32)o)
        scan += t;
    }
    u32 total = __shfl_sync(FULL, scan, 31);
    for (u32 p0 = 0; p0 < total; p0 += 32) {
      u32 p = p0 + lane;
      // owner: the first lane j with scan_j > p
      u32 lo = 0, hi = 31;
      while (lo < hi) {
        u32 mid = (lo + hi) >> 1;
        u32 sm = __shfl_sync(FULL, scan, mid);
        if (sm > p)
          hi = mid;
        else
          lo = mid + 1;
      }
      u32 sj = __shfl_sync(FULL, scan, lo);
      u32 lj = __shfl_sync(FULL, s, lo);
      u64 st = __shfl_sync(FULL, start, lo);
      if (p < total)
        c += hhas(tab, bits, __ldg(adj + st + (p - (sj - lj))));
    }
  }
  return c;
}

// items[4i..4i+3] = (u, c, plo, phi): chunk c of out(u), [c·cap,
// min((c+1)·cap, du)), goes into the table; the out-lists of the vertices
// in u's probe list (poff, padj) at positions [plo, phi) are probed. The
// probe list is out(u) itself (every arc u→v, w ∈ out(v) ∩ out(u)) or
// u's in-list in the reversed DAG (every arc x→u, w ∈ out(x) ∩ out(u)):
// either way each triangle is found once. blockmode: one item per block
// (table of TC_SLOTS), else one per warp (TC_WARP_SLOTS). Items are
// fetched dynamically from *next. longmin (1..32) is the list length from
// which tc_probe streams a list instead of flattening it. opts: bits 0..3
// lshift, the table is the smallest power of two ≥ len << lshift that fits
// the group's slots (lshift 1: load ≤ 1/2; 2: ≤ 1/4 where room, fewer
// probes per miss, and most probes miss); bit 4: ILP streaming.
extern "C" __global__ void __launch_bounds__(TC_BLOCK)
tc_hash(const u64 *__restrict__ off, const u32 *__restrict__ adj,
        const u64 *__restrict__ poff, const u32 *__restrict__ padj,
        const u32 *__restrict__ items, u64 nitems, u64 cap, u64 blockmode,
        u64 longmin, u64 opts, u64 *next, u64 *out) {
  __shared__ u32 tab_all[TC_SLOTS];
  u32 lshift = (u32)(opts & 15);
  bool ilp = (opts >> 4) & 1;
  __shared__ u64 item_sh;
  u32 lane = threadIdx.x & 31, wib = threadIdx.x >> 5;
  u32 nwarps = blockDim.x >> 5;
  u32 *tab = blockmode ? tab_all : tab_all + wib * TC_WARP_SLOTS;
  u32 gsize = blockmode ? blockDim.x : 32;
  u32 gtid = blockmode ? threadIdx.x : lane;
  u64 c = 0;
  for (;;) {
    u64 it;
    if (blockmode) {
      if (threadIdx.x == 0)
        item_sh = atomicAdd(next, 1ull);
      __syncthreads();
      it = item_sh;
      __syncthreads();
    } else {
      it = 0;
      if (lane == 0)
        it = atomicAdd(next, 1ull);
      it = __shfl_sync(FULL, it, 0);
    }
    if (it >= nitems)
      break;
    u32 u = __ldg(items + 4 * it), ch = __ldg(items + 4 * it + 1);
    u32 plo = __ldg(items + 4 * it + 2), phi = __ldg(items + 4 * it + 3);
    u64 ou = __ldg(off + u);
    u32 du = (u32)(__ldg(off + u + 1) - ou);
    const u32 *nu = adj + ou;
    const u32 *pl = padj + __ldg(poff + u);
    u32 lo = ch * (u32)cap, len = min(du - lo, (u32)cap);
    // table: the smallest power of two ≥ len << lshift (≥ 32) within the
    // group's slots, and always ≥ 2·len (the host's caps guarantee room),
    // so the load is ≤ 1/2 and probing ends at an empty slot.
    u32 slots = blockmode ? TC_SLOTS : TC_WARP_SLOTS;
    u32 bits = 5;
    while ((1u << bits) < 2 * len)
      bits++;
    while ((1u << bits) < (len << lshift) && (2u << bits) <= slots)
      bits++;
    for (u32 i = gtid; i < (1u << bits); i += gsize)
      tab[i] = EMPTY;
    if (blockmode) __syncthreads(); else __syncwarp();
    for (u32 i = gtid; i < len; i += gsize)
      hinsert(tab, bits, __ldg(nu + lo + i));
    if (blockmode) __syncthreads(); else __syncwarp();
    if (blockmode)
      c += tc_probe(off, adj, pl, phi, plo + wib * 32, nwarps * 32, tab, bits, (u32)longmin, ilp);
    else
      c += tc_probe(off, adj, pl, phi, plo, 32, tab, bits, (u32)longmin, ilp);
    if (blockmode) __syncthreads(); else __syncwarp();
  }
  c = warp_sum(c);
  if (lane == 0 && c)
    atomicAdd(out, c);
}

// ---------------------------------------------------------------------------
// Probe lists for tc_hash, built on the device (the host only scans the
// counts). Every arc x→u contributes |out(x) ∩ out(u)| triangles (x→u→w,
// x→w), each triangle exactly once (at its arc from the lowest to the
// middle vertex), whichever of the two lists is hashed. mode 0 (hashin):
// out(u) is hashed and out(x) probed, so x goes into u's probe list (the
// reversed DAG). mode 1 (hashmin): the shorter list is probed, so x goes
// into u's list when deg(x) ≤ deg(u), else u into x's list: per arc
// min(deg(x), deg(u)) probes instead of deg(x). One warp per vertex x.

__device__ __forceinline__ u32 warp_sum32(u32 c) {
  for (int o = 16; o > 0; o >>= 1)
    c += __shfl_down_sync(FULL, c, o);
  return c;
}

extern "C" __global__ void probe_count(const u64 *__restrict__ off,
                                       const u32 *__restrict__ adj, u64 n,
                                       u64 mode, u32 *cnt) {
  u32 lane = threadIdx.x & 31;
  u64 warp = ((u64)blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  u64 nwarps = ((u64)gridDim.x * blockDim.x) >> 5;
  for (u64 x = warp; x < n; x += nwarps) {
    u64 ox = off[x];
    u32 dx = (u32)(off[x + 1] - ox);
    u32 own = 0;
    for (u32 i = lane; i < dx; i += 32) {
      u32 u = adj[ox + i];
      u32 du = (u32)(off[u + 1] - off[u]);
      if (mode == 0 || dx <= du)
        atomicAdd(&cnt[u], 1u);
      else
        own++;
    }
    own = warp_sum32(own);
    if (lane == 0 && own)
      atomicAdd(&cnt[x], own);
  }
}

// probe_fill writes the lists counted by probe_count: poff the exclusive
// scan of the counts, cur zeroed (a cursor per list). The order within a
// list depends on scheduling; tc_hash probes every entry, so the count
// does not.
extern "C" __global__ void probe_fill(const u64 *__restrict__ off,
                                      const u32 *__restrict__ adj, u64 n,
                                      u64 mode, const u64 *__restrict__ poff,
                                      u32 *cur, u32 *padj) {
  u32 lane = threadIdx.x & 31;
  u64 warp = ((u64)blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  u64 nwarps = ((u64)gridDim.x * blockDim.x) >> 5;
  for (u64 x = warp; x < n; x += nwarps) {
    u64 ox = off[x];
    u32 dx = (u32)(off[x + 1] - ox);
    for (u32 i0 = 0; i0 < dx; i0 += 32) {
      u32 i = i0 + lane;
      bool valid = i < dx, tou = false;
      u32 u = 0;
      if (valid) {
        u = adj[ox + i];
        u32 du = (u32)(off[u + 1] - off[u]);
        tou = mode == 0 || dx <= du;
      }
      if (valid && tou)
        padj[poff[u] + atomicAdd(&cur[u], 1u)] = (u32)x;
      u32 mine = __ballot_sync(FULL, valid && !tou);
      if (mine) {
        u32 base = 0;
        if (lane == 0)
          base = atomicAdd(&cur[x], (u32)__popc(mine));
        base = __shfl_sync(FULL, base, 0);
        if (valid && !tou)
          padj[poff[x] + base + __popc(mine & ((1u << lane) - 1))] = u;
      }
    }
  }
}

// ---------------------------------------------------------------------------
// Motifs, k = 3 and 4: connected vertex-induced subgraphs, each produced
// exactly once by ESU (Wernicke) on the undirected graph (off, adj, src as
// above but symmetric), as the CPU's CountMotifs does. A warp owns an edge
// r–w1 with r < w1 (r the subgraph's smallest vertex, w1 its first
// extension), fetched dynamically. It materializes ESU's second extension
// set in its scratch slice: out(r) after w1, then the exclusive neighbours
// of w1 (> r, not adjacent to r), each tagged with its adjacency to r (bit
// 0) and w1 (bit 1). For k = 4 it walks w2 over that set; w3 ranges over
// the set's tail and over w2's exclusive neighbours (> r, adjacent to
// neither r nor w1). Every subgraph is tallied by its raw adjacency code
// (bit pairIndex(i,j) for positions r=0, w1=1, w2=2, w3=3, as motifs.go),
// and the host maps the 8 or 64 codes to canonical patterns.

// tally adds one subgraph with raw code `code` (valid lanes only) to the
// block's counters; lanes with equal codes are aggregated first.
__device__ __forceinline__ void motif_tally(u64 *cnt, u32 code, bool valid) {
  u32 key = valid ? code : 0xffffu;
  u32 peers = __match_any_sync(FULL, key);
  u32 lane = threadIdx.x & 31;
  if (valid && (__ffs(peers) - 1) == (int)lane)
    atomicAdd(&cnt[code], (u64)__popc(peers));
}

extern "C" __global__ void __launch_bounds__(256)
motif_warp(const u64 *__restrict__ off, const u32 *__restrict__ adj,
           const u32 *__restrict__ src, u64 m, u64 k, u32 *scratch,
           u64 slice, u64 *next, u64 *out) {
  __shared__ u64 cnt[64];
  u32 lane = threadIdx.x & 31;
  u64 warp = ((u64)blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  u32 *sv = scratch + warp * 2 * slice; // vertices
  u32 *stg = sv + slice;                // their tags
  if (threadIdx.x < 64)
    cnt[threadIdx.x] = 0;
  __syncthreads();
  for (;;) {
    u64 e = 0;
    if (lane == 0)
      e = atomicAdd(next, 1ull);
    e = __shfl_sync(FULL, e, 0);
    if (e >= m)
      break;
    u32 r = __ldg(src + e), w1 = __ldg(adj + e);
    if (w1 <= r)
      continue;
    u64 orr = __ldg(off + r), ow1 = __ldg(off + w1);
    const u32 *nr = adj + orr, *nw1 = adj + ow1;
    u32 dr = (u32)(__ldg(off + r + 1) - orr);
    u32 dw1 = (u32)(__ldg(off + w1 + 1) - ow1);
    u32 pos = (u32)(e - orr); // w1's index in out(r)
    u32 len1 = dr - pos - 1;
    __syncwarp();
    for (u32 i = lane; i < len1; i += 32) {
      u32 x = __ldg(nr + pos + 1 + i);
      sv[i] = x;
      stg[i] = 1u | (bsearch_has(nw1, dw1, x) ? 2u : 0u);
    }
    u32 len = len1;
    for (u32 i0 = 0; i0 < dw1; i0 += 32) {
      u32 i = i0 + lane;
      bool keep = false;
      u32 x = 0;
      if (i < dw1) {
        x = __ldg(nw1 + i);
        keep = x > r && !bsearch_has(nr, dr, x);
      }
      u32 mask = __ballot_sync(FULL, keep);
      if (keep) {
        u32 at = len + __popc(mask & ((1u << lane) - 1));
        sv[at] = x;
        stg[at] = 2u;
      }
      len += __popc(mask);
    }
    __syncwarp();
    if (k == 3) {
      for (u32 i0 = 0; i0 < len; i0 += 32) {
        u32 i = i0 + lane;
        u32 t = i < len ? stg[i] : 0;
        motif_tally(cnt, 1u | (t & 1u) << 1 | (t >> 1 & 1u) << 2, i < len);
      }
      continue;
    }
    for (u32 j = 0; j < len; j++) {
      u32 w2 = sv[j], t2 = stg[j];
      u32 code3 = 1u | (t2 & 1u) << 1 | (t2 >> 1 & 1u) << 2;
      u64 ow2 = __ldg(off + w2);
      const u32 *nw2 = adj + ow2;
      u32 dw2 = (u32)(__ldg(off + w2 + 1) - ow2);
      for (u32 l0 = j + 1; l0 < len; l0 += 32) {
        u32 l = l0 + lane;
        u32 code = 0;
        if (l < len) {
          u32 w3 = sv[l], t3 = stg[l];
          code = code3 | (t3 & 1u) << 3 | (t3 >> 1 & 1u) << 4 |
                 (bsearch_has(nw2, dw2, w3) ? 1u : 0u) << 5;
        }
        motif_tally(cnt, code, l < len);
      }
      for (u32 i0 = 0; i0 < dw2; i0 += 32) {
        u32 i = i0 + lane;
        bool keep = false;
        if (i < dw2) {
          u32 x = __ldg(nw2 + i);
          keep = x > r && !bsearch_has(nr, dr, x) && !bsearch_has(nw1, dw1, x);
        }
        motif_tally(cnt, code3 | 1u << 5, keep);
      }
    }
  }
  __syncthreads();
  if (threadIdx.x < 64 && cnt[threadIdx.x])
    atomicAdd(out + threadIdx.x, cnt[threadIdx.x]);
}

// ---- FSM support: breadth-first extension (GAMMA-style) ----
//
// One table per level of the host's extension plan (fsm_bfs.go): row r of
// level l is a data vertex vert_l[r] and the index par_l[r] of its parent
// row in level l-1 (prefix grouping: a prefix is stored once, however many
// embeddings extend it). lv[2l] and lv[2l+1] are the level's vert and par
// pointers, device or mapped pinned host memory alike. Warps write new rows
// into blocks of B rows taken from a global counter (dynamic block
// allocation); the unused tail of a warp's last block is marked
// FSM_INVALID, so readers skip it.

#define FSM_INVALID 0xffffffffu
#define FSM_RUN 2048 // keys sorted per block by fsm_keys (16 KiB shared)

// fsm_map sets m[0..l] to the data vertices of row `row` of level l.
__device__ __forceinline__ void fsm_map(const u64 *lv, int l, u32 row,
                                        u32 *m) {
  for (; l >= 0; l--) {
    m[l] = ((const u32 *)lv[2 * l])[row];
    if (l > 0)
      row = ((const u32 *)lv[2 * l + 1])[row];
  }
}

// fsm_extend: a warp per parent row of level-1 (grid-stride); the lanes scan
// the neighbours y of the anchor's data vertex and keep y when its label
// matches, it is not already in the embedding, and it is adjacent to the
// data vertices of the `back` levels (binary search). Writes go to the
// warp's current block; when it fills, lane 0 takes the next (B >= 32, so
// one ballot's rows need at most one new block). Rows at or beyond cap are
// dropped: the host sees blocks*B > cap and reruns the level with rows
// (the exact count) + a block per warp.
extern "C" __global__ void fsm_extend(const u64 *off, const u32 *adj,
                                      const u32 *labels, const u64 *lv,
                                      u64 level, u64 prows, u64 label,
                                      u64 anchor, u64 back, u64 B, u64 cap,
                                      u64 *blocks, u64 *rows) {
  const u32 lane = threadIdx.x & 31;
  const u64 warp = (blockIdx.x * (u64)blockDim.x + threadIdx.x) >> 5;
  const u64 nwarps = ((u64)gridDim.x * blockDim.x) >> 5;
  const int L = (int)level;
  u32 *overt = (u32 *)lv[2 * L];
  u32 *opar = (u32 *)lv[2 * L + 1];
  const u32 *ppar = L > 1 ? (const u32 *)lv[2 * (L - 1) + 1] : 0;
  u64 cur = 0, end = 0;
  u32 m[MAXK];
  for (u64 r = warp; r < prows; r += nwarps) {
    if (L > 1 && ppar[r] == FSM_INVALID)
      continue;
    fsm_map(lv, L - 1, (u32)r, m);
    const u32 x = m[anchor];
    const u64 b0 = off[x], b1 = off[x + 1];
    for (u64 base = b0; base < b1; base += 32) {
      const u64 j = base + lane;
      bool ok = false;
      u32 y = 0;
      if (j < b1) {
        y = adj[j];
        ok = labels[y] == (u32)label;
        for (int e = 0; e < L && ok; e++) {
          if (m[e] == y)
            ok = false;
          else if ((back >> e) & 1) {
            const u32 z = m[e];
            ok = bsearch_has(adj + off[z], (u32)(off[z + 1] - off[z]), y);
          }
        }
      }
      const u32 mask = __ballot_sync(FULL, ok);
      const u32 cnt = __popc(mask);
      if (cnt == 0)
        continue;
      const u32 rank = __popc(mask & ((1u << lane) - 1));
      const bool grab = cur + cnt > end;
      u64 nb = 0;
      if (grab) {
        if (lane == 0)
          nb = atomicAdd(blocks, 1ULL) * B;
        nb = __shfl_sync(FULL, nb, 0);
      }
      if (ok) {
        u64 pos = cur + rank;
        if (pos >= end)
          pos = nb + (pos - end);
        if (pos < cap) {
          overt[pos] = y;
          opar[pos] = (u32)r;
        }
      }
      if (grab) {
        cur = nb + (cur + cnt - end);
        end = nb + B;
      } else {
        cur += cnt;
      }
      if (lane == 0)
        atomicAdd(rows, (u64)cnt);
    }
  }
  for (u64 p = cur + lane; p < end; p += 32)
    if (p < cap)
      opar[p] = FSM_INVALID;
}

// fsm_domain: MNI domains in device memory, a bitmap of `words` words per
// level; a thread per row of the last level sets its data vertices' bits.
extern "C" __global__ void fsm_domain(const u64 *lv, u64 level, u64 nrows,
                                      u64 words, u64 *bits) {
  const int L = (int)level;
  const u32 *par = L > 0 ? (const u32 *)lv[2 * L + 1] : 0;
  u32 m[MAXK];
  for (u64 r = blockIdx.x * (u64)blockDim.x + threadIdx.x; r < nrows;
       r += (u64)gridDim.x * blockDim.x) {
    if (L > 0 && par[r] == FSM_INVALID)
      continue;
    fsm_map(lv, L, (u32)r, m);
    for (int l = 0; l <= L; l++)
      atomicOr(&bits[l * words + (m[l] >> 6)], 1ULL << (m[l] & 63));
  }
}

// fsm_keys: the out-of-core aggregation's sort step. The last level's rows
// [lo, lo+nrows) give (level << 32 | vertex) keys, (L+1) a row; each block
// sorts FSM_RUN of them in shared memory (bitonic; invalid rows and the
// tail are ~0, which sorts last) and writes the sorted run to out (mapped
// host memory); the host merges the runs, counting distinct keys per level.
extern "C" __global__ void __launch_bounds__(256)
    fsm_keys(const u64 *lv, u64 level, u64 lo, u64 nrows, u64 *out) {
  __shared__ u64 s[FSM_RUN];
  const int L = (int)level;
  const u64 k = (u64)L + 1;
  const u32 *par = L > 0 ? (const u32 *)lv[2 * L + 1] : 0;
  const u64 nkeys = nrows * k;
  for (u64 b = blockIdx.x; b * FSM_RUN < nkeys; b += gridDim.x) {
    for (u32 i = threadIdx.x; i < FSM_RUN; i += blockDim.x) {
      const u64 j = b * FSM_RUN + i;
      u64 key = ~0ULL;
      if (j < nkeys) {
        const u64 r = lo + j / k;
        const int l = (int)(j % k);
        if (L == 0 || par[r] != FSM_INVALID) {
          u32 row = (u32)r;
          for (int e = L; e > l; e--)
            row = ((const u32 *)lv[2 * e + 1])[row];
          key = ((u64)l << 32) | ((const u32 *)lv[2 * l])[row];
        }
      }
      s[i] = key;
    }
    for (u32 size = 2; size <= FSM_RUN; size <<= 1) {
      for (u32 stride = size >> 1; stride > 0; stride >>= 1) {
        __syncthreads();
        for (u32 t = threadIdx.x; t < FSM_RUN / 2; t += blockDim.x) {
          const u32 i = 2 * t - (t & (stride - 1));
          const u32 j = i + stride;
          const bool asc = (i & size) == 0;
          const u64 x = s[i], y = s[j];
          if ((x > y) == asc) {
            s[i] = y;
            s[j] = x;
          }
        }
      }
    }
    __syncthreads();
    for (u32 i = threadIdx.x; i < FSM_RUN; i += blockDim.x)
      out[b * FSM_RUN + i] = s[i];
    __syncthreads();
  }
}
