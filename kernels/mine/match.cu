// Subgraph matching kernels for package mine (match_cuda.go; the plan
// words are built by planWords in match_gpu.go). Compiled to PTX by `make
// mine-ptx` (nvcc -arch=compute_80); the first line of match.ptx records
// this file's SHA-256.
//
// gorgonia.org/cu passes every kernel parameter as 8 bytes, so every
// parameter here is a pointer or an unsigned long long.
//
// The graph is simple and undirected with sorted lists: off[n+1] (u64),
// adj (u32), src (u32, the tail of each arc); labels[n] (u32) is read only
// when the plan has a label.
//
// Design (G2Miner/DuMato style): one warp per unit, an arc v→u fixing the
// first two matching positions (a vertex when the pattern has one), units
// taken dynamically from an atomic counter so that a warp done with a light
// unit takes the next one. Arcs rather than roots: a hub's subtree is split
// over its arcs, and so over many warps, both when counting and when
// filling a window of matches (with roots, a window inside one hub's
// matches ran on one warp). The warp walks the plan depth first,
// sequentially, as the CPU's matcher does: at position i the candidate set
// is the intersection of the matched back-neighbours' lists, built
// warp-cooperatively from the shortest of them (lanes take its elements and
// binary-search the others), filtered by every condition of matcher.ok,
// and compacted with a ballot, so the set stays sorted. Sets of positions
// 2..n-2 live in the warp's slice of `stack` (n-3 sets of at most maxd
// vertices); the last position's set is only counted, or written out as
// matches. Arcs are in CSR order (v, then u ascending) and each set is
// sorted and walked in order, so matches come out unit by unit in exactly
// the CPU's DFS order, which the streaming fill pass relies on.
//
// Symmetry breaking: the conditions m(i) > m(j) only raise a lower bound,
// so the walk over the shortest list starts at the first element above the
// largest such m(j) (one binary search) instead of testing each element.

typedef unsigned int u32;
typedef unsigned long long u64;

#define FULL 0xffffffffu
#define MAXP 16 // MaxPatternSize
#define ANY 0xffffffffu
// Plan words (planWords): [0] n, then five words per position i.
#define PW (1 + 5 * MAXP)
#define P_LABEL(i) (1 + 5 * (i))
#define P_DEG(i) (2 + 5 * (i))
#define P_BACK(i) (3 + 5 * (i))
#define P_NONBACK(i) (4 + 5 * (i))
#define P_GREATER(i) (5 + 5 * (i))

#define LV_STORE 0 // write the filtered set
#define LV_COUNT 1 // count it (last position)
#define LV_FILL 2  // write it as matches within a window (last position)

// First index in sorted a[0,n) whose element is ≥ x.
__device__ __forceinline__ u32 mt_lower_bound(const u32 *a, u32 n, u32 x) {
  u32 lo = 0, hi = n;
  while (lo < hi) {
    u32 mid = (lo + hi) >> 1;
    if (a[mid] < x)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

__device__ __forceinline__ bool mt_has(const u64 *off, const u32 *adj, u32 w,
                                       u32 x) {
  const u32 *a = adj + off[w];
  u32 n = (u32)(off[w + 1] - off[w]);
  u32 k = mt_lower_bound(a, n, x);
  return k < n && a[k] == x;
}

// Whether data vertex c may take position i after m[0..i): matcher.ok,
// given that c comes from the shortest back list past the greater bound.
// The other back lists (rest) must hold c, the non-back lists must not.
// Cheap register tests first, then the degree and label, then searches.
__device__ __forceinline__ bool mt_ok(const u64 *off, const u32 *adj,
                                      const u32 *labels, const u32 *sp,
                                      u32 i, const u32 *m, u32 c, u32 rest) {
  for (u32 j = 0; j < i; j++)
    if (m[j] == c)
      return false;
  if (off[c + 1] - off[c] < (u64)sp[P_DEG(i)])
    return false;
  u32 l = sp[P_LABEL(i)];
  if (l != ANY && labels[c] != l)
    return false;
  for (u32 b = rest; b; b &= b - 1)
    if (!mt_has(off, adj, m[__ffs(b) - 1], c))
      return false;
  for (u32 b = sp[P_NONBACK(i)]; b; b &= b - 1)
    if (mt_has(off, adj, m[__ffs(b) - 1], c))
      return false;
  return true;
}

// The candidates of position i ≥ 1 after m[0..i), in ascending order:
// stored to set (LV_STORE), counted (LV_COUNT), or written as matches
// (LV_FILL, i = n-1): the match numbered pos+k (k-th candidate) goes to
// out[(pos+k-wlo)·n ..] when wlo ≤ pos+k < whi, and the walk stops once
// pos+k reaches whi. Returns the number of candidates seen (all of them
// unless stopped), in every lane. Called by the whole warp, converged.
template <int MODE>
__device__ __forceinline__ u32 mt_level(const u64 *off, const u32 *adj,
                                        const u32 *labels, const u32 *sp,
                                        u32 i, const u32 *m, u32 *set, u64 pos,
                                        u64 wlo, u64 whi, u32 *out, u32 n) {
  u32 lane = threadIdx.x & 31;
  u32 back = sp[P_BACK(i)];
  u32 s = __ffs(back) - 1; // the shortest back list (ties: first)
  u64 best = off[m[s] + 1] - off[m[s]];
  for (u32 b = back & (back - 1); b; b &= b - 1) {
    u32 j = __ffs(b) - 1;
    u64 d = off[m[j] + 1] - off[m[j]];
    if (d < best) {
      best = d;
      s = j;
    }
  }
  const u32 *list = adj + off[m[s]];
  u32 len = (u32)best;
  u32 rest = back & ~(1u << s);
  u32 k0 = 0;
  u32 gm = sp[P_GREATER(i)];
  if (gm) {
    u32 g = 0;
    for (u32 b = gm; b; b &= b - 1)
      g = max(g, m[__ffs(b) - 1]);
    k0 = mt_lower_bound(list, len, g + 1); // ids < 2^32-1: no overflow
  }
  u32 cnt = 0;
  for (; k0 < len; k0 += 32) {
    u32 k = k0 + lane;
    bool hit = false;
    u32 x = 0;
    if (k < len) {
      x = list[k];
      hit = mt_ok(off, adj, labels, sp, i, m, x, rest);
    }
    u32 mask = __ballot_sync(FULL, hit);
    u32 rank = cnt + __popc(mask & ((1u << lane) - 1));
    if (MODE == LV_STORE) {
      if (hit)
        set[rank] = x;
    } else if (MODE == LV_FILL) {
      u64 g = pos + rank;
      if (hit && g >= wlo && g < whi) {
        u32 *o = out + (g - wlo) * n;
        for (u32 j = 0; j < i; j++)
          o[j] = m[j];
        o[i] = x;
      }
    }
    cnt += __popc(mask);
    if (MODE == LV_FILL && pos + cnt >= whi)
      break;
  }
  __syncwarp(); // the set's writes are visible to the whole warp
  return cnt;
}

// One unit's matches (the whole warp, converged), counted; in the fill
// pass (FILL) also written within the window, numbered from pos. A unit
// is an arc e = v→u fixing positions 0 and 1 (v = src[e], u = adj[e];
// position 1 is always adjacent to position 0), or a vertex when n = 1.
template <bool FILL>
__device__ __forceinline__ u64 mt_unit(const u64 *off, const u32 *adj,
                                       const u32 *src, const u32 *labels,
                                       const u32 *sp, u64 e, u32 *st, u64 maxd,
                                       u64 pos, u64 wlo, u64 whi, u32 *out,
                                       u32 *m, u32 *size, u32 *idx) {
  const int LAST = FILL ? LV_FILL : LV_COUNT;
  bool lane0 = (threadIdx.x & 31) == 0;
  u32 n = sp[0];
  u32 v = n == 1 ? (u32)e : src[e];
  if (!mt_ok(off, adj, labels, sp, 0, m, v, 0))
    return 0;
  m[0] = v;
  if (n == 1) {
    if (FILL && lane0 && pos >= wlo && pos < whi)
      out[pos - wlo] = v;
    return 1;
  }
  u32 u = adj[e];
  if ((sp[P_GREATER(1)] & 1) && u <= v)
    return 0;
  if (!mt_ok(off, adj, labels, sp, 1, m, u, sp[P_BACK(1)] & ~1u))
    return 0;
  m[1] = u;
  if (n == 2) {
    if (FILL && lane0 && pos >= wlo && pos < whi) {
      out[(pos - wlo) * 2] = v;
      out[(pos - wlo) * 2 + 1] = u;
    }
    return 1;
  }
  if (n == 3)
    return mt_level<LAST>(off, adj, labels, sp, 2, m, 0, pos, wlo, whi, out, n);
  u64 c = 0;
  size[2] = mt_level<LV_STORE>(off, adj, labels, sp, 2, m, st, 0, 0, 0, 0, n);
  idx[2] = 0;
  int i = 2;
  while (i >= 2) {
    if (idx[i] >= size[i]) {
      i--;
      continue;
    }
    m[i] = st[(u64)(i - 2) * maxd + idx[i]];
    idx[i]++;
    if (i + 2 == (int)n) {
      c += mt_level<LAST>(off, adj, labels, sp, n - 1, m, 0, pos + c, wlo, whi,
                          out, n);
      if (FILL && pos + c >= whi)
        break;
    } else {
      i++;
      size[i] = mt_level<LV_STORE>(off, adj, labels, sp, i, m,
                                   st + (u64)(i - 2) * maxd, 0, 0, 0, 0, n);
      idx[i] = 0;
    }
  }
  return c;
}

// Loads the plan into shared memory; returns the warp's stack slice (sets
// of positions 2..n-2).
__device__ __forceinline__ u32 *mt_setup(const u32 *plan, u32 *sp, u32 *stack,
                                         u64 maxd) {
  for (u32 t = threadIdx.x; t < PW; t += blockDim.x)
    sp[t] = plan[t];
  __syncthreads();
  u64 warp = ((u64)blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  u32 n = sp[0];
  return stack + warp * (u64)(n > 3 ? n - 3 : 0) * maxd;
}

__device__ __forceinline__ u64 mt_next(u64 *next) {
  u64 r = 0;
  if ((threadIdx.x & 31) == 0)
    r = atomicAdd(next, 1ull);
  return __shfl_sync(FULL, r, 0);
}

// Counting pass over units [lo, hi): warpcnt[warp] gets the warp's total
// (summed on the host); with unitcnt non-null, unitcnt[e-lo] gets unit
// e's count (the streaming driver's prefix sum).
extern "C" __global__ void __launch_bounds__(256)
    match_count(const u64 *off, const u32 *adj, const u32 *src,
                const u32 *labels, const u32 *plan, u64 lo, u64 hi, u64 *next,
                u32 *stack, u64 maxd, u64 *unitcnt, u64 *warpcnt) {
  __shared__ u32 sp[PW];
  u32 *st = mt_setup(plan, sp, stack, maxd);
  u32 m[MAXP], size[MAXP], idx[MAXP];
  u64 total = 0;
  for (;;) {
    u64 e = lo + mt_next(next);
    if (e >= hi)
      break;
    u64 c = mt_unit<false>(off, adj, src, labels, sp, e, st, maxd, 0, 0, 0, 0,
                           m, size, idx);
    total += c;
    if (unitcnt && (threadIdx.x & 31) == 0)
      unitcnt[e - lo] = c;
  }
  if ((threadIdx.x & 31) == 0)
    warpcnt[((u64)blockIdx.x * blockDim.x + threadIdx.x) >> 5] = total;
}

// Fill pass over units [lo, hi): unit e's matches are numbered from
// uoff[e-base] (the prefix sum of the counting pass over a range starting
// at base); those numbered [wlo, whi) go to out[(number-wlo)·n ..], by
// position. A warp stops a unit's walk once past whi.
extern "C" __global__ void __launch_bounds__(256)
    match_fill(const u64 *off, const u32 *adj, const u32 *src,
               const u32 *labels, const u32 *plan, u64 lo, u64 hi, u64 *next,
               u32 *stack, u64 maxd, const u64 *uoff, u64 base, u64 wlo,
               u64 whi, u32 *out) {
  __shared__ u32 sp[PW];
  u32 *st = mt_setup(plan, sp, stack, maxd);
  u32 m[MAXP], size[MAXP], idx[MAXP];
  for (;;) {
    u64 e = lo + mt_next(next);
    if (e >= hi)
      break;
    u64 pos = uoff[e - base];
    if (pos >= whi || uoff[e - base + 1] <= wlo)
      continue;
    mt_unit<true>(off, adj, src, labels, sp, e, st, maxd, pos, wlo, whi, out,
                  m, size, idx);
  }
}
