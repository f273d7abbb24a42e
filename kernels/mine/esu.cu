// Motif counting for k = 3..8 on the GPU (package mine, motif_cuda.go):
// every connected vertex-induced k-subgraph of a simple undirected graph
// exactly once, by ESU (Wernicke), tallied by raw adjacency code. The same
// enumeration as the CPU's CountMotifs (motifs.go), so the canonical counts
// are identical; motif_gpu_test.go emulates this kernel statement for
// statement on the CPU.
//
// gorgonia.org/cu passes every kernel parameter as 8 bytes, so every
// parameter is a pointer or an unsigned long long. The graph is the
// symmetric CSR: off[n+1] (u64), adj (u32, sorted per vertex), src (the
// tail of each arc), in device or mapped pinned host memory.
//
// Enumeration. ESU grows a subgraph from its smallest vertex r: level 1's
// extension set S_1 is out(r) above r; taking w = S_d[p] as the d-th vertex
// gives S_{d+1} = S_d[p+1..] (the rest of the set) followed by w's
// exclusive neighbours (above r, adjacent to no earlier subgraph vertex).
// Each set entry carries a tag: its adjacency to the subgraph's vertices so
// far (bit i: sub[i]), so a leaf's code column is read off its tag instead
// of being searched for. Taking a carried entry costs one binary search
// (adjacency to the new vertex); exclusivity costs up to d binary searches
// in the subgraph vertices' lists, which are the same for every lane (so
// their upper levels stay in L1) and need no per-warp vertex marks (an
// n-byte array per warp would not fit in L2 and would have to be cleared).
// Level k-2 is fused with the leaves: under S_{k-2}[p] each entry of the
// set's rest is one subgraph (code column k-1: tag | adjacency to w), and
// each exclusive neighbour of w is one subgraph with the single code of "a
// vertex adjacent to w only". All of level k-2's pending positions are
// tallied in one step, their (position, item) pairs spread over the lanes
// (see fused), since a single position rarely has 32 items on a sparse
// graph. Levels 2..k-2 are
// stored per warp in scratch (vertices in scrv, tags in scrt; level d holds
// at most min(d·maxd, n) entries, motifLevelCaps).
//
// Warps and load balancing (DuMato's warp-centric DFS-wide enumeration):
// a warp owns a work unit and walks it depth first, all lanes holding the
// same DFS state and sharing every set operation. Units are first the
// edges r–w1 (r < w1), fetched one at a time from ctl[C_NEXT]; the subtrees
// under single edges differ by orders of magnitude (email-Enron, k = 5:
// the largest is 3.3 times a warp's fair share, the median a millionth of
// it), so busy warps donate work to idle ones. A warp out of work takes a
// ticket (ctl[C_TICKET]) and waits on that ticket's ready flag; every
// `poll` steps a warp that has worked at least `after` steps on its
// current unit checks for a ticket no donor has taken on (C_FILLED <
// C_TICKET) and, if there is one, reserves it and cuts the
// second half of its pending candidates at its shallowest level (≤ k-3)
// with any (the largest subtrees) into the ticket's unit: (level L, r, the
// positions of sub[1..L-1] in their sets, the position range). The
// receiver rebuilds the levels below L from those positions (set
// construction is deterministic) and walks the range; the donor's limit at
// L is cut to where the unit starts. A candidate's subtree is always walked
// by exactly one warp, so counts are exact whatever the timing. Tickets
// (one atomic per idle spell, then a poll of the warp's own flag) replaced
// a shared queue whose head thousands of idle warps raced for with CAS:
// each claim cost microseconds, and donation made citeseer k = 6 slower
// than no donation. `after` keeps light units from donating: without it,
// on small graphs (citeseer, ca-GrQc, k = 5, 6) thousands of light units
// were cut into ever smaller ones, each behind a rebuild, while the heavy
// tail waited (the measured time was 1.3 to 4 times that without
// donation); the steps a unit has already taken are a cheap proxy for
// what it still holds, and a heavy unit's halves are heavy again, so they
// keep splitting.
//
// Termination: ctl[C_BUSY] counts warps holding work plus units published
// and not yet taken. A warp adds itself at start; a donor adds the unit
// before reserving its ticket; a warp out of work subtracts itself, then
// waits for its ticket's unit (whose count passes to it) or for the count
// to reach 0: then no warp holds work (every warp that started has seen
// the edges run out) and no unit is reserved or waiting, and none can
// appear. Warps that start later (blocks not yet resident) find no edges
// and leave the same way.
//
// Tallies. Raw codes are numbered densely (dense_id, motif_gpu.go's
// motifDenseID: every code column is non-zero, so 78,129,765 ids for k = 8
// instead of 2^28). Each block keeps a shared table: counters indexed by id
// when the id space fits (k ≤ 5), else an open-addressing table keyed by id
// (ESU_PROBES probes, then a global atomic); lanes with equal codes are
// aggregated with __match_any_sync first. Blocks add their tables to the
// global u64 counters `out` at the end. Counters are u64: a count overflows
// only past 1.8e19 subgraphs of one pattern (decades of enumeration at
// 1e11 subgraphs/s).

typedef unsigned int u32;
typedef unsigned long long u64;
typedef unsigned char u8;

#define FULL 0xffffffffu
#define ESU_MAXK 8
#define ESU_SLOTS 2048 // shared table entries per block (24 KiB)
#define ESU_SLOT_BITS 11
#define ESU_PROBES 32
#define ESU_UNIT 16 // u32 per queued unit
#define ESU_EMPTY 0xffffffffu
#define ESU_DENSE 64 // items per position from which fused goes one by one

// ctl words (u64), each on its own 128-byte line: C_NEXT takes an atomic
// per edge, and idle warps poll the queue words.
#define C_NEXT 0     // next arc to fetch
#define C_BUSY 16    // warps holding work + units published, not yet taken
#define C_TICKET 32  // tickets handed to waiting warps
#define C_FILLED 48  // tickets a donor has taken on (units reserved)
#define C_DONATED 64 // units donated (statistics)

__device__ __forceinline__ u32 esu_lower_bound(const u32 *a, u32 n, u32 x) {
  u32 lo = 0, hi = n;
  while (lo < hi) {
    u32 m = (lo + hi) >> 1;
    if (__ldg(a + m) < x)
      lo = m + 1;
    else
      hi = m;
  }
  return lo;
}

__device__ __forceinline__ bool esu_has(const u32 *a, u32 n, u32 x) {
  u32 i = esu_lower_bound(a, n, x);
  return i < n && __ldg(a + i) == x;
}

__device__ __forceinline__ u32 tri(int d) { return (u32)(d * (d - 1) / 2); }

// dense_id numbers a raw code with every column non-zero (motifDenseID).
__device__ __forceinline__ u32 dense_id(u32 code, int k) {
  u32 id = 0, radix = 1;
  for (int j = 1; j < k; j++) {
    u32 col = (code >> tri(j)) & ((1u << j) - 1);
    id += (col - 1) * radix;
    radix *= (1u << j) - 1;
  }
  return id;
}

// tally_add adds n subgraphs of dense id `id` to the block's table (one
// lane calls it).
__device__ __forceinline__ void tally_add(u64 *tcnt, u32 *tkey, u64 *out,
                                          u32 id, u64 n, bool direct) {
  if (direct) {
    atomicAdd(&tcnt[id], n);
    return;
  }
  u32 h = (id * 2654435761u) >> (32 - ESU_SLOT_BITS);
  for (u32 p = 0; p < ESU_PROBES; p++) {
    u32 s = (h + p) & (ESU_SLOTS - 1);
    u32 key = ((volatile u32 *)tkey)[s];
    if (key == ESU_EMPTY) {
      u32 old = atomicCAS(&tkey[s], ESU_EMPTY, id);
      key = old == ESU_EMPTY ? id : old;
    }
    if (key == id) {
      atomicAdd(&tcnt[s], n);
      return;
    }
  }
  atomicAdd(&out[id], n);
}

// tally_warp: each valid lane holds one subgraph's raw code; equal codes
// are aggregated and their lowest lane adds them.
__device__ __forceinline__ void tally_warp(u64 *tcnt, u32 *tkey, u64 *out,
                                           u32 code, bool valid, int k,
                                           bool direct) {
  u32 peers = __match_any_sync(FULL, valid ? code : ESU_EMPTY);
  u32 lane = threadIdx.x & 31;
  if (valid && (u32)(__ffs(peers) - 1) == lane)
    tally_add(tcnt, tkey, out, dense_id(code, k), (u64)__popc(peers), direct);
}

// Per-warp DFS state, identical in every lane.
struct Walk {
  u32 sub[ESU_MAXK];        // subgraph vertices
  const u32 *nb[ESU_MAXK];  // their neighbour lists
  u32 nd[ESU_MAXK];         // and degrees
  u32 code[ESU_MAXK];       // code[d]: raw code of sub[0..d-1]
  u32 idx[ESU_MAXK], lim[ESU_MAXK], size[ESU_MAXK];
  u64 lvoff[ESU_MAXK];      // level d's offset in the warp's scratch
  const u32 *s1;            // level 1: out(r) above r
  u32 *sv;                  // the warp's scratch: vertices
  u8 *st;                   // and tags
};

__device__ __forceinline__ u32 elem(const Walk &w, int l, u32 i) {
  return l == 1 ? __ldg(w.s1 + i) : w.sv[w.lvoff[l] + i];
}

__device__ __forceinline__ u32 etag(const Walk &w, int l, u32 i) {
  return l == 1 ? 1u : (u32)w.st[w.lvoff[l] + i];
}

__device__ __forceinline__ void set_sub(Walk &w, int j, u32 v,
                                        const u64 *off, const u32 *adj) {
  w.sub[j] = v;
  u64 o = __ldg(off + v);
  w.nb[j] = adj + o;
  w.nd[j] = (u32)(__ldg(off + v + 1) - o);
}

__device__ __forceinline__ void set_root(Walk &w, u32 r, const u64 *off,
                                         const u32 *adj) {
  set_sub(w, 0, r, off, adj);
  u32 lo = esu_lower_bound(w.nb[0], w.nd[0], r + 1);
  w.s1 = w.nb[0] + lo;
  w.size[1] = w.nd[0] - lo;
  w.code[1] = 0;
}

// excl: x is above the root and adjacent to none of sub[0..d-1].
__device__ __forceinline__ bool excl(const Walk &w, u32 x, int d) {
  if (x <= w.sub[0])
    return false;
  for (int j = 0; j < d; j++)
    if (esu_has(w.nb[j], w.nd[j], x))
      return false;
  return true;
}

// build makes level l+1 from position p of level l (all lanes).
__device__ void build(Walk &w, int l, u32 p, const u64 *off, const u32 *adj) {
  u32 lane = threadIdx.x & 31;
  u32 v = elem(w, l, p), t = etag(w, l, p);
  w.code[l + 1] = w.code[l] | t << tri(l);
  set_sub(w, l, v, off, adj);
  const u32 *nv = w.nb[l];
  u32 dv = w.nd[l];
  u32 *dst = w.sv + w.lvoff[l + 1];
  u8 *dtg = w.st + w.lvoff[l + 1];
  u32 from = p + 1, cnt = w.size[l] - from;
  __syncwarp();
  for (u32 i = lane; i < cnt; i += 32) {
    u32 u = elem(w, l, from + i);
    u32 tu = etag(w, l, from + i) | (esu_has(nv, dv, u) ? 1u << l : 0u);
    dst[i] = u;
    dtg[i] = (u8)tu;
  }
  u32 len = cnt;
  for (u32 i0 = 0; i0 < dv; i0 += 32) {
    u32 i = i0 + lane;
    bool keep = false;
    u32 x = 0;
    if (i < dv) {
      x = __ldg(nv + i);
      keep = excl(w, x, l);
    }
    u32 mask = __ballot_sync(FULL, keep);
    if (keep) {
      u32 at = len + __popc(mask & ((1u << lane) - 1));
      dst[at] = x;
      dtg[at] = (u8)(1u << l);
    }
    len += __popc(mask);
  }
  w.size[l + 1] = len;
  __syncwarp();
}

// fused1 tallies the leaves under one position p of level d = k-2, its
// items spread over the lanes (a dense set: each position has many).
__device__ void fused1(const Walk &w, int d, u32 p, int k, const u64 *off,
                       const u32 *adj, u64 *tcnt, u32 *tkey, u64 *out,
                       bool direct) {
  u32 lane = threadIdx.x & 31;
  u32 v = elem(w, d, p), t = etag(w, d, p);
  u32 c = w.code[d] | t << tri(d);
  u64 o = __ldg(off + v);
  const u32 *nv = adj + o;
  u32 dv = (u32)(__ldg(off + v + 1) - o);
  u32 P = tri(d + 1);
  u32 from = p + 1, cnt = w.size[d] - from;
  for (u32 i0 = 0; i0 < cnt; i0 += 32) {
    u32 i = i0 + lane;
    u32 code = 0;
    bool valid = i < cnt;
    if (valid) {
      u32 u = elem(w, d, from + i);
      u32 tu = etag(w, d, from + i) | (esu_has(nv, dv, u) ? 1u << d : 0u);
      code = c | tu << P;
    }
    tally_warp(tcnt, tkey, out, code, valid, k, direct);
  }
  u32 nex = 0;
  for (u32 i0 = 0; i0 < dv; i0 += 32) {
    u32 i = i0 + lane;
    bool keep = i < dv && excl(w, __ldg(nv + i), d);
    nex += __popc(__ballot_sync(FULL, keep));
  }
  if (lane == 0 && nex)
    tally_add(tcnt, tkey, out, dense_id(c | (1u << d) << P, k), (u64)nex,
              direct);
}

// fused tallies the leaves under positions [a, b) of level d = k-2 at
// once. On sparse graphs a position has a short set tail and few
// neighbours, so one position per step (as before) left most lanes idle
// and serialized a binary-search latency chain per position; here the
// (position, item) pairs of up to 32 positions are flattened across the
// lanes: a position's items are its set tail (one subgraph each, code
// column k-1 = tag | adjacency to S_d[p]) and then its neighbours (one
// subgraph per exclusive one, the code of "adjacent to S_d[p] only"). Each
// lane finds its position by a binary search over the warp's inclusive
// prefix sums of the item counts. A chunk of positions averaging
// ESU_DENSE items or more (a dense graph's long sets) is tallied one
// position at a time (fused1): its lanes are busy anyway, and the
// flattening's shuffles and per-item match_any would cost more
// (email-Enron, k = 4 with the esu kernel: 97 -> 115 ms when flattened).
__device__ void fused(const Walk &w, int d, u32 a, u32 b, int k,
                      const u64 *off, const u32 *adj, u64 *tcnt, u32 *tkey,
                      u64 *out, bool direct) {
  u32 lane = threadIdx.x & 31;
  u32 P = tri(d + 1), s = w.size[d];
  for (u32 c0 = a; c0 < b; c0 += 32) {
    u32 p = c0 + lane, cp = 0, dv = 0, rest = 0;
    u64 o = 0, items = 0;
    if (p < b) {
      u32 v = elem(w, d, p);
      cp = w.code[d] | etag(w, d, p) << tri(d);
      o = __ldg(off + v);
      dv = (u32)(__ldg(off + v + 1) - o);
      rest = s - p - 1;
      items = (u64)rest + dv;
    }
    u64 incl = items; // inclusive prefix sum over the lanes
    for (u32 sh = 1; sh < 32; sh <<= 1) {
      u64 y = __shfl_up_sync(FULL, incl, sh);
      if (lane >= sh)
        incl += y;
    }
    u64 excl0 = incl - items;
    u64 total = __shfl_sync(FULL, incl, 31);
    u32 np = min(b - c0, 32u);
    if (total >= (u64)ESU_DENSE * np) {
      for (u32 q = c0; q < c0 + np; q++)
        fused1(w, d, q, k, off, adj, tcnt, tkey, out, direct);
      continue;
    }
    for (u64 t0 = 0; t0 < total; t0 += 32) {
      u64 t = t0 + lane;
      u32 j = 0; // owner: the number of lanes whose inclusive sum is <= t
      for (u32 st = 16; st > 0; st >>= 1) {
        u64 y = __shfl_sync(FULL, incl, j + st - 1);
        if (y <= t)
          j += st;
      }
      u64 q = t - __shfl_sync(FULL, excl0, j);
      u32 cj = __shfl_sync(FULL, cp, j), dj = __shfl_sync(FULL, dv, j);
      u32 rj = __shfl_sync(FULL, rest, j);
      u64 oj = __shfl_sync(FULL, o, j);
      u32 code = 0;
      bool valid = false;
      if (t < total) {
        const u32 *nv = adj + oj;
        if (q < rj) {
          u32 i = c0 + j + 1 + (u32)q;
          u32 u = elem(w, d, i);
          u32 tu = etag(w, d, i) | (esu_has(nv, dj, u) ? 1u << d : 0u);
          code = cj | tu << P;
          valid = true;
        } else if (excl(w, __ldg(nv + (q - rj)), d)) {
          code = cj | (1u << d) << P;
          valid = true;
        }
      }
      tally_warp(tcnt, tkey, out, code, valid, k, direct);
    }
  }
}

// rebuild replays unit h's prefix and sets up its range.
__device__ void rebuild(Walk &w, int &d, int &base, const u32 *units, u64 h,
                        const u64 *off, const u32 *adj) {
  u32 lane = threadIdx.x & 31;
  u32 word = 0;
  __threadfence(); // lane 0 saw the unit's ready flag
  if (lane < ESU_UNIT)
    word = ((volatile const u32 *)units)[h * ESU_UNIT + lane];
  u32 L = __shfl_sync(FULL, word, 0);
  u32 r = __shfl_sync(FULL, word, 1);
  u32 i0 = __shfl_sync(FULL, word, 14), i1 = __shfl_sync(FULL, word, 15);
  set_root(w, r, off, adj);
  for (int j = 1; j < (int)L; j++) {
    u32 p = __shfl_sync(FULL, word, 1 + j);
    w.idx[j] = p;
    w.lim[j] = p + 1;
    build(w, j, p, off, adj);
  }
  w.idx[L] = i0;
  w.lim[L] = i1;
  d = base = (int)L;
}

// try_donate: when a waiting warp's ticket has no unit yet, cut the second
// half of the pending candidates at the shallowest level with any, among
// levels ≤ k-3, into a unit for the oldest such ticket. (A unit at level
// k-2 would be a few leaves' worth of work behind a rebuild of k-3 levels:
// measured on citeseer, donating at every level made k = 4, 5 ten times
// slower; so k = 3, 4 never donate.)
__device__ void try_donate(Walk &w, int d, int base, int k, u64 *ctl,
                           u32 *units, u32 *ready, u64 qcap) {
  u32 lane = threadIdx.x & 31;
  u32 want = 0;
  if (lane == 0) {
    volatile u64 *vc = ctl;
    u64 tk = vc[C_TICKET], f = vc[C_FILLED];
    want = f < tk && f < qcap;
  }
  if (!__shfl_sync(FULL, want, 0))
    return;
  int L = -1;
  u32 q0 = 0;
  for (int l = base; l <= d && l <= k - 3; l++) {
    u32 s = l < d ? w.idx[l] + 1 : w.idx[l];
    u32 need = l < d ? 1u : 2u;
    if (w.lim[l] > s && w.lim[l] - s >= need) {
      L = l;
      q0 = s;
      break;
    }
  }
  if (L < 0)
    return;
  u32 mid = q0 + (w.lim[L] - q0) / 2;
  u32 ok = 0;
  if (lane == 0) {
    atomicAdd(&ctl[C_BUSY], 1ull);
    volatile u64 *vc = ctl;
    u64 t = vc[C_FILLED];
    while (t < qcap && t < vc[C_TICKET]) {
      u64 o = atomicCAS(&ctl[C_FILLED], t, t + 1);
      if (o == t) {
        ok = 1;
        break;
      }
      t = o;
    }
    if (ok) {
      u32 *u = units + t * ESU_UNIT;
      u[0] = (u32)L;
      u[1] = w.sub[0];
      for (int j = 1; j < L; j++)
        u[1 + j] = w.idx[j];
      u[14] = mid;
      u[15] = w.lim[L];
      __threadfence();
      atomicExch(&ready[t], 1u);
      atomicAdd(&ctl[C_DONATED], 1ull);
    } else {
      atomicAdd(&ctl[C_BUSY], ~0ull); // -1: no ticket left to serve
    }
  }
  if (__shfl_sync(FULL, ok, 0))
    w.lim[L] = mid;
}

// esu_motif: opts bit 0 turns donation on, bits 8..15 are the poll mask
// (PollEvery-1), bits 16..47 `after` (DonateAfter). 4 blocks of 256
// threads stay resident per SM (48 registers a thread on sm_90, no
// spills); 8 blocks with 32 registers (spilling) ran 1.5-3 times slower on
// an H200.
extern "C" __global__ void __launch_bounds__(256, 4)
esu_motif(const u64 *__restrict__ off, const u32 *__restrict__ adj,
          const u32 *__restrict__ src, u64 m, u64 n, u64 k_, u64 maxd,
          u32 *scrv, u8 *scrt, u64 wslice, u64 *ctl, u32 *units, u32 *ready,
          u64 qcap, u64 opts, u64 *out, u64 ndense) {
  __shared__ u64 tcnt[ESU_SLOTS];
  __shared__ u32 tkey[ESU_SLOTS];
  const int k = (int)k_;
  const bool direct = ndense <= ESU_SLOTS;
  const bool donate = opts & 1;
  const u32 pollmask = (u32)(opts >> 8) & 0xff;
  const u32 after = (u32)(opts >> 16);
  for (u32 s = threadIdx.x; s < ESU_SLOTS; s += blockDim.x) {
    tcnt[s] = 0;
    tkey[s] = ESU_EMPTY;
  }
  __syncthreads();
  u32 lane = threadIdx.x & 31;
  u64 warp = ((u64)blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  Walk w;
  w.sv = scrv + warp * wslice;
  w.st = scrt + warp * wslice;
  {
    u64 o = 0;
    for (int l = 0; l < ESU_MAXK; l++) {
      w.lvoff[l] = o;
      if (l >= 2 && l <= k - 2)
        o += min((u64)l * maxd, n);
    }
  }
  if (lane == 0)
    atomicAdd(&ctl[C_BUSY], 1ull);
  int d = 0, base = 1;
  bool edges = true;
  u32 ustep = 0, seen = 0; // steps on the current unit, at the last poll
  for (;;) {
    if (d < base) { // fetch: an edge, else wait for a unit
      if (edges) {
        u64 e = 0;
        if (lane == 0)
          e = atomicAdd(&ctl[C_NEXT], 1ull);
        e = __shfl_sync(FULL, e, 0);
        if (e < m) {
          u32 r = __ldg(src + e), w1 = __ldg(adj + e);
          if (w1 <= r)
            continue;
          set_root(w, r, off, adj);
          u32 p = (u32)(e - __ldg(off + r)) - (u32)(w.s1 - w.nb[0]);
          w.idx[1] = p;
          w.lim[1] = p + 1;
          d = base = 1;
          ustep = seen = 0;
          continue;
        }
        edges = false;
      }
      // Out of work: stop counting as busy, take a ticket, and wait for
      // its unit (whose count passes to this warp) or for nothing to be
      // left. Each waiter polls its own ready flag; the shared busy word
      // only every 8th poll, with backoff (thousands of waiters share L2
      // with the busy warps).
      u64 j = 0;
      if (lane == 0) {
        atomicAdd(&ctl[C_BUSY], ~0ull);
        j = atomicAdd(&ctl[C_TICKET], 1ull);
      }
      j = __shfl_sync(FULL, j, 0);
      u32 got = 0, fin = 0, nap = 256;
      for (u32 it = 0; !got && !fin; it++) {
        if (lane == 0) {
          if (j < qcap && ((volatile const u32 *)ready)[j])
            got = 1;
          else if ((it & 7) == 7 && ((volatile u64 *)ctl)[C_BUSY] == 0)
            fin = 1;
        }
        got = __shfl_sync(FULL, got, 0);
        fin = __shfl_sync(FULL, fin, 0);
        if (!got && !fin) {
          __nanosleep(nap);
          nap = min(nap * 2, 4096u);
        }
      }
      if (fin)
        break;
      rebuild(w, d, base, units, j, off, adj);
      ustep = seen = 0;
      continue;
    }
    if (donate) {
      // Poll when the step count crosses a multiple of PollEvery (a fused
      // step counts as one step per position it tallies).
      ustep++;
      if (ustep >= after && ((seen ^ ustep) & ~pollmask) != 0)
        try_donate(w, d, base, k, ctl, units, ready, qcap);
      seen = ustep;
    }
    if (w.idx[d] >= w.lim[d]) {
      d--;
      if (d >= base)
        w.idx[d]++;
      continue;
    }
    u32 p = w.idx[d];
    if (d == k - 2) {
      fused(w, d, p, w.lim[d], k, off, adj, tcnt, tkey, out, direct);
      ustep += w.lim[d] - p - 1;
      w.idx[d] = w.lim[d];
      continue;
    }
    build(w, d, p, off, adj);
    if (w.size[d + 1] == 0) {
      w.idx[d]++;
      continue;
    }
    w.idx[d + 1] = 0;
    w.lim[d + 1] = w.size[d + 1];
    d++;
  }
  __syncthreads();
  for (u32 s = threadIdx.x; s < ESU_SLOTS; s += blockDim.x)
    if (tcnt[s])
      atomicAdd(&out[direct ? s : tkey[s]], tcnt[s]);
}

// esu_compact lists the non-zero counters of out[0,n) as (id, count)
// pairs (in no particular order; the host sums them into a map), so that
// k = 7, 8 (615,195 and 78,129,765 counters) download only what occurred.
// Pairs beyond cap are counted in *num but not written.
extern "C" __global__ void esu_compact(const u64 *out, u64 n, u64 *pairs,
                                       u64 cap, u64 *num) {
  u64 stride = (u64)gridDim.x * blockDim.x;
  for (u64 i = (u64)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    u64 c = out[i];
    if (c) {
      u64 j = atomicAdd(num, 1ull);
      if (j < cap) {
        pairs[2 * j] = i;
        pairs[2 * j + 1] = c;
      }
    }
  }
}
