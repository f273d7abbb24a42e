// gSpan support on the GPU (Kessl et al.) for package mine: see gspan.go
// (the algorithm, mineColumns) and gspan_cuda.go (the host side).
// Compiled to gspan.ptx (nvcc -arch=compute_80), whose first line records
// this file's SHA-256.
//
// gorgonia.org/cu passes every kernel parameter as 8 bytes: every parameter
// is a pointer or an unsigned long long.
//
// The database is one CSR, the disjoint union of its graphs: off[n+1]
// (u64), adj (u32, sorted per vertex), lab (compact vertex labels) and gid
// (each vertex's graph). A DFS code's embeddings are columns, one per
// discovery index: lv[2k] is column k's data vertices, lv[2k+1] (k >= 1)
// the row of column k-1 each row extends, in device or mapped pinned host
// memory alike. An embedding is a row of the last column followed back.
//
// An extension of a row is a slot (gsState in gspan.go): slot w < GS_BACK
// is the backward edge from the rightmost vertex n-1 to discovery index w
// (allowed when bit w of bmask is set: w is on the rightmost path and not
// yet adjacent); slot GS_BACK + p*L + l is the forward edge from rp[p] (the
// rightmost path, 4 bits an entry in rp) to a new vertex of label l >=
// minlab.

typedef unsigned int u32;
typedef unsigned long long u64;

#define GS_BACK 16
#define GS_MAXN 16
#define GS_NONE 0xffffffffu

// gs_map sets m[0..n-1] to the data vertices of row `row` of the last
// column.
__device__ __forceinline__ void gs_map(const u64 *lv, int n, u64 row, u32 *m) {
  for (int k = n - 1; k >= 0; k--) {
    m[k] = ((const u32 *)lv[2 * k])[row];
    if (k > 0)
      row = ((const u32 *)lv[2 * k + 1])[row];
  }
}

// gs_extensions calls emit(slot, y) for every rightmost extension of the
// embedding m (gsCPUCols.each in gspan_test.go is the same loop).
template <class F>
__device__ __forceinline__ void
gs_extensions(const u64 *off, const u32 *adj, const u32 *lab, const u32 *m,
              int n, u64 rp, int rplen, u32 bmask, u32 minlab, u32 L, F emit) {
  const int rmv = n - 1;
  for (int p = 0; p < rplen; p++) {
    const int v = (int)((rp >> (4 * p)) & 15);
    const u32 x = m[v];
    const u64 e1 = off[x + 1];
    for (u64 e = off[x]; e < e1; e++) {
      const u32 y = adj[e];
      int w = -1;
      for (int k = 0; k < n; k++)
        if (m[k] == y) {
          w = k;
          break;
        }
      if (w >= 0) {
        if (v == rmv && ((bmask >> w) & 1))
          emit((u32)w, y);
      } else {
        const u32 ly = lab[y];
        if (ly >= minlab)
          emit(GS_BACK + (u32)p * L + ly, y);
      }
    }
  }
}

// gspan_ext counts the extensions of several codes at once: the children
// of one gspan_mat (or one root), whose last columns are consecutive in
// vt/pt (rows [0, rows)). Code j's row R >= info[4j+3] has n = info[4j] &
// 31 data vertices: m[n-1] = vt[R] and, when n > 1, the rest followed back
// from pt[R] through lv's columns n-2 .. 0 (the parent's, shared by all).
// info[4j] also holds rplen (bits 8..12) and bmask (bits 16..31),
// info[4j+1] the packed rightmost path and info[4j+2] the code's first
// slot in the global slot space. A thread per row (grid-stride); for each
// extension whose global slot s is in [lo, hi): cnt[s] += 1 (the child's
// rows) and the bit of the row's graph set in slot s's bitmap of `words`
// words (bits, relative to lo). Bits are read before the atomicOr: most
// are set already, and a stale 0 only costs a redundant atomic.
extern "C" __global__ void gspan_ext(const u64 *off, const u32 *adj,
                                     const u32 *lab, const u32 *gid,
                                     const u64 *lv, const u32 *vt,
                                     const u32 *pt, const u64 *info,
                                     u64 ncodes, u64 rows, u64 minlab, u64 L,
                                     u64 lo, u64 hi, u64 words, u64 *bits,
                                     u64 *cnt) {
  u32 m[GS_MAXN];
  for (u64 r = blockIdx.x * (u64)blockDim.x + threadIdx.x; r < rows;
       r += (u64)gridDim.x * blockDim.x) {
    u64 a = 0, b = ncodes; // the last code whose first row is <= r
    while (b - a > 1) {
      const u64 c = (a + b) >> 1;
      if (info[4 * c + 3] <= r)
        a = c;
      else
        b = c;
    }
    const u64 i0 = info[4 * a];
    const int n = (int)(i0 & 31);
    const u64 sbase = info[4 * a + 2];
    m[n - 1] = vt[r];
    if (n > 1) {
      u64 row = pt[r];
      for (int k = n - 2; k >= 0; k--) {
        m[k] = ((const u32 *)lv[2 * k])[row];
        if (k > 0)
          row = ((const u32 *)lv[2 * k + 1])[row];
      }
    }
    const u32 g = gid[m[0]];
    const u64 bit = 1ULL << (g & 63);
    gs_extensions(off, adj, lab, m, n, info[4 * a + 1], (int)((i0 >> 8) & 31),
                  (u32)((i0 >> 16) & 0xffff), (u32)minlab, (u32)L,
                  [&](u32 s0, u32) {
                    const u64 s = sbase + s0;
                    if (s < lo || s >= hi)
                      return;
                    atomicAdd(cnt + s, 1ULL);
                    u64 *w = bits + (s - lo) * words + (g >> 6);
                    if (!(*w & bit))
                      atomicOr(w, bit);
                  });
  }
}

// gspan_popc: sup[s] = the bits set in slot s's bitmap, s < nslots; a block
// per slot (grid-stride).
extern "C" __global__ void __launch_bounds__(256)
    gspan_popc(const u64 *bits, u64 words, u64 nslots, u64 *sup) {
  __shared__ u64 part[256];
  for (u64 s = blockIdx.x; s < nslots; s += gridDim.x) {
    u64 c = 0;
    for (u64 i = threadIdx.x; i < words; i += blockDim.x)
      c += __popcll(bits[s * words + i]);
    part[threadIdx.x] = c;
    __syncthreads();
    for (u32 h = blockDim.x / 2; h > 0; h >>= 1) {
      if (threadIdx.x < h)
        part[threadIdx.x] += part[threadIdx.x + h];
      __syncthreads();
    }
    if (threadIdx.x == 0)
      sup[s] = part[0];
    __syncthreads();
  }
}

// gspan_mat writes the kept children's columns: kid[s] is slot s's child
// (GS_NONE: not kept), whose rows go to [base[c], base[c] + rows) of
// overt/oprev, in the order cursor[c] hands out positions. A forward child
// row is (y, r); a backward child replaces the last column, its row being
// row r's (vertex, prev), which needs n >= 2 (a backward edge needs 3
// vertices).
extern "C" __global__ void gspan_mat(const u64 *off, const u32 *adj,
                                     const u32 *lab, const u64 *lv, u64 n,
                                     u64 rows, u64 rp, u64 rplen, u64 bmask,
                                     u64 minlab, u64 L, const u32 *kid,
                                     const u64 *base, u64 *cursor, u32 *overt,
                                     u32 *oprev) {
  u32 m[GS_MAXN];
  const int N = (int)n;
  const u32 *lprev = N > 1 ? (const u32 *)lv[2 * (N - 1) + 1] : 0;
  for (u64 r = blockIdx.x * (u64)blockDim.x + threadIdx.x; r < rows;
       r += (u64)gridDim.x * blockDim.x) {
    gs_map(lv, N, r, m);
    gs_extensions(off, adj, lab, m, N, rp, (int)rplen, (u32)bmask,
                  (u32)minlab, (u32)L, [&](u32 s, u32 y) {
                    const u32 c = kid[s];
                    if (c == GS_NONE)
                      return;
                    const u64 pos = base[c] + atomicAdd(cursor + c, 1ULL);
                    if (s < GS_BACK) {
                      overt[pos] = m[N - 1];
                      oprev[pos] = lprev[r];
                    } else {
                      overt[pos] = y;
                      oprev[pos] = (u32)r;
                    }
                  });
  }
}
