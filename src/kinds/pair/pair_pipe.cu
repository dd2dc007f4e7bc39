/* pair_pipe.cu: the pipeline of pairs on one GPU (pair_pipe.h). For a unit (a block of x
 * within one bin, the variants of one reference):
 *   k_partners  every x's partners, once per x (pow's log2|x| once, not once per partner);
 *   k_refs      each pair's reference by the fast reference of functions/<name>/pair_ref.h
 *               (the host's code), the pairs it leaves listed for MPFR on the host;
 *   k_patch     MPFR's answers into place;
 *   evaluation  the variants on the pairs, one launch per variant in its build flavour
 *               (pair_kernel.cuh: operands from x and the partner array); the host
 *               variants (flavour PF_HOST, run on the GPU backend when named on their
 *               own) get the partners on the host once and their outputs from the host's
 *               threads in one pass instead, while the device reduces the previous unit;
 *   k_pair_reduce  every output measured with the per-input definition
 *               (measure_core.h, through pair_pipe_core.h: pp_measure) into each thread's
 *               accumulator (pair_lean.h: the counts and a gate per maximum in
 *               registers, the maxima and rare counts in the thread's record in shared
 *               memory), merged per warp by shuffles and per block into the part of an
 *               item of PP_ITEM_X x; per warp a list of the lowest keys of special-value
 *               mismatches and one of non-finite outputs; per warp one shared atomic per distinct histogram bin; the
 *               x-bin maxima through each thread's cache;
 *   k_pair_merge  the items' parts into one part per variant.
 * Only the parts, the undecided pairs, at the end the x-bin maxima, and for a host
 * variant the partners and its outputs cross the bus.
 * A unit's pairs are stored in tiles of 32 x, partner-major (pair_store.h): a warp takes
 * one partner index of 32 consecutive x, pairs that take one path through the fast
 * reference, the variant and the measure (the 32 partners of one x, side by side, split a
 * warp over every path: the exact cases, the specials, the general case). Nothing computed
 * depends on the order: the references and outputs are per pair, the lean accumulator's
 * maxima break ties on the key (pair_lean.h), the lists keep the lowest keys, counts and
 * moments are sums (the moments' index is the key index, xo np + k).
 * Three streams keep two units in flight: stream A computes the partners and references
 * of the next unit while the host runs MPFR on this unit's undecided pairs (their copies
 * on stream C) and stream B reduces the previous unit. Built with -fmad=false: no
 * contraction, every binary64 operation rounds as the host's, so the statistics equal
 * the host pipeline's (pipe_host.c) and the CPU backend's field for field.
 *
 * Per pair and variant the reduction reads 17 bytes (partner, reference, its sign,
 * output) and runs the measure: the ulp, relative and absolute errors and the clauses
 * (about 20 binary64 operations), the digest (two 64-bit multiplications), one
 * comparison per maximum with its gate (a maximum in shared memory is read only when
 * reached), with moments a 32 x 32-bit product and three additions. The partners and
 * references are computed once per pair and unit (13 bytes written). */
/* the measure's rare paths as calls (bounds.h: RARE_FN) */
#define MS_OUTOFLINE
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/measure/measure_warp.cuh"
#include "src/kinds/pair/pair_pipe.h"
#include "src/kinds/pair/pair_pipe_core.h"
#include "pairs_ref.h"

/* blocks of RED_THREADS per multiprocessor that k_pair_reduce asks for: 2 allows 128
 * registers (16 of an SM's 64 warps resident), 3 caps them at 80 (24 warps). ptxas -v,
 * sm_90, CUDA 13.0: at 2, 106 registers, no spill; at 3, 80 registers, and the loop keeps
 * the digest in local memory (its two words loaded and stored per pair), the merges after
 * the loop spill more. Measured on one H100 (whole families, the same statistics): 3 is
 * faster, pow 21.4 s against 23.3 s, atan2 16.7 against 18.4, hypot 13.8 against 15.3
 * (docs/speed.md). `make NVEXTRA=-DPP_RED_MINBLOCKS=2` builds the other, to compare. */
#ifndef PP_RED_MINBLOCKS
#define PP_RED_MINBLOCKS 3
#endif

typedef int (*pair_walk_fn)(int, int, uint32_t, uint32_t, const uint32_t *, uint32_t, uint32_t *, cudaStream_t);
extern "C" int pair_walk_plain(int, int, uint32_t, uint32_t, const uint32_t *, uint32_t, uint32_t *, cudaStream_t);
extern "C" int pair_walk_ftz(int, int, uint32_t, uint32_t, const uint32_t *, uint32_t, uint32_t *, cudaStream_t);
extern "C" int pair_walk_fast(int, int, uint32_t, uint32_t, const uint32_t *, uint32_t, uint32_t *, cudaStream_t);

/* reference number r of the PAIR_REFERENCE lines, in their order */
__device__ __forceinline__ int pp_fast(int r, uint32_t a, uint32_t b, double *y, int *t) {
  int i = 0;
#define PAIR_REFERENCE(name, mpfr_fn, fast, set, desc) \
  if (r == i++) return fast(a, b, y, t);
#define PAIR_DEVICE(...)
#define PAIR_HOST(...)
#define PAIR_BOUND(...)
#include "pairs.def"
#undef PAIR_REFERENCE
#undef PAIR_DEVICE
#undef PAIR_HOST
#undef PAIR_BOUND
  return 0;
}

struct undecided {
  uint32_t i, a, b;
};

/* k_partners builds the partners of up to PP_PTILE / np consecutive x (whole tiles of
 * PP_TILE_X) in shared memory, one thread per x (pow's log2|x| once per x), and writes
 * them out in storage order (pp_store), coalesced; beyond 256 partners (a tile no longer
 * fits) each thread writes its own. */
#define PP_PTILE 8192u
/* x per round of a k_partners block of 256 threads: whole tiles that fit, 0 beyond 256 partners */
__host__ __device__ __forceinline__ uint32_t pp_partner_round(uint32_t np) {
  return (PP_PTILE / np < 256u ? PP_PTILE / np : 256u) / PP_TILE_X * PP_TILE_X;
}

__global__ void __launch_bounds__(256) k_partners(int set, int swap, uint64_t seed, uint32_t np, uint32_t x0, uint32_t nx,
                                                  uint32_t *P) {
  __shared__ uint32_t sp[PP_PTILE];
  const uint32_t tx = pp_partner_round(np); /* launched with 256 threads */
  if (!tx) {
    for (uint32_t xo = blockIdx.x * blockDim.x + threadIdx.x; xo < nx; xo += gridDim.x * blockDim.x)
      for (uint32_t k = 0; k < np; k++) P[pp_store(xo, k, np, nx)] = pair_partner(set, swap, x0 + xo, k, seed);
    return;
  }
  for (uint32_t t0 = blockIdx.x * tx; t0 < nx; t0 += gridDim.x * tx) {
    const uint32_t n = min(tx, nx - t0);
    if (threadIdx.x < n) pair_partners_x(set, swap, x0 + t0 + threadIdx.x, np, seed, sp + (size_t)threadIdx.x * np);
    __syncthreads();
    for (uint32_t j = threadIdx.x; j < n * np; j += blockDim.x) {
      uint32_t xo, k;
      pp_unstore(t0 * np + j, np, nx, &xo, &k);
      P[t0 * np + j] = sp[(xo - t0) * np + k];
    }
    __syncthreads();
  }
}

/* Pair i of the unit (storage order): its reference where the fast path decides it; the
 * others listed for the host. */
__global__ void k_refs(int ref, int swap, uint32_t np, uint32_t x0, uint32_t n, const uint32_t *P, double *Y, int8_t *T,
                       struct undecided *und, uint32_t *nund) {
  const uint32_t nx = n / np;
  for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    uint32_t xo, k;
    pp_unstore(i, np, nx, &xo, &k);
    const uint32_t x = x0 + xo, p = P[i], a = pp_op_a(swap, x, p), b = pp_op_b(swap, x, p);
    double y = 0;
    int t = PP_PENDING;
    if (!pp_fast(ref, a, b, &y, &t)) {
      t = PP_PENDING;
      und[atomicAdd(nund, 1u)] = {i, a, b};
    }
    Y[i] = y, T[i] = (int8_t)t;
  }
}

/* MPFR's answers into the reference arrays */
__global__ void k_patch(const struct undecided *und, const double *y, const int8_t *t, uint32_t n, double *Y, int8_t *T) {
  for (uint32_t k = blockIdx.x * blockDim.x + threadIdx.x; k < n; k += gridDim.x * blockDim.x)
    Y[und[k].i] = y[k], T[und[k].i] = t[k];
}

/* ---- the reduction ---- */

/* The shared state of a reduction block: the histogram, each warp's list of the lowest
 * keys (sorted), accumulator and moments. */
struct pp_shared {
  uint32_t hist[HIST_N];
  uint32_t wn[RED_WARPS], wnn[RED_WARPS];
  struct sample wl[RED_WARPS][LIST_MAX], wnl[RED_WARPS][LIST_MAX]; /* special mismatches, non-finite outputs */
  struct pl_acc acc[RED_WARPS];
  uint64_t m0[RED_WARPS], m1[RED_WARPS];
  struct pl_cold cold[RED_THREADS]; /* each thread's places of its maxima */
};

__device__ __forceinline__ uint64_t sample_key(const struct sample &s) { return measure_key(s.input, s.partner); }

/* s into the sorted list l of n (at most LIST_MAX) lowest keys */
__device__ __forceinline__ void list_put(struct sample *l, uint32_t *n, const struct sample &s) {
  uint32_t i = *n;
  if (i == LIST_MAX) {
    if (sample_key(s) >= sample_key(l[LIST_MAX - 1])) return;
    i = LIST_MAX - 1;
  } else {
    (*n)++;
  }
  while (i > 0 && sample_key(l[i - 1]) > sample_key(s)) l[i] = l[i - 1], i--;
  l[i] = s;
}

/* This step's special-value mismatches of the warp into its list: lane 0 inserts them
 * one by one (ballot order). Called by all 32 lanes (converged). */
__device__ __forceinline__ void warp_specials(struct sample *l, uint32_t *n, int ev, struct sample s) {
  const unsigned full = 0xffffffffu;
  unsigned bal = __ballot_sync(full, ev && (*n < LIST_MAX || sample_key(s) < sample_key(l[LIST_MAX - 1])));
  while (bal) {
    const int src = __ffs(bal) - 1;
    bal &= bal - 1;
    struct sample t;
    t.input = __shfl_sync(full, s.input, src), t.output = __shfl_sync(full, s.output, src);
    t.other = __shfl_sync(full, s.other, src), t.partner = __shfl_sync(full, s.partner, src);
    if ((threadIdx.x & 31) == 0) list_put(l, n, t);
    __syncwarp();
  }
}

__device__ __forceinline__ struct pl_max warp_down(const struct pl_max &m, int off) {
  struct pl_max r;
  r.v = warp_down(m.v, off), r.key = warp_down(m.key, off), r.idx = warp_down(m.idx, off);
  return r;
}

__device__ __forceinline__ struct pl_clause warp_down(const struct pl_clause &d, int off) {
  struct pl_clause c;
  c.inputs = warp_down(d.inputs, off), c.over = warp_down(d.over, off);
  c.max = warp_down(d.max, off), c.ratio = warp_down(d.ratio, off);
  c.max_key = warp_down(d.max_key, off), c.ratio_key = warp_down(d.ratio_key, off);
  c.max_idx = warp_down(d.max_idx, off), c.ratio_idx = warp_down(d.ratio_idx, off);
  return c;
}

/* Lane 0 ends with the merge (pl_merge) of the warp's accumulators and moments
 * (kernels/warp_merge.cuh). Called by all 32 lanes; ncl is uniform. */
__device__ __forceinline__ void pl_warp_merge(struct pl_acc *a, uint64_t *m0, uint64_t *m1, int ncl) {
  warp_merge_acc(a, ncl, CLAUSE_MAX, [&](struct pl_acc *x, struct pl_acc *b, int off) {
    pl_merge(x, b, ncl);
    const uint64_t o0 = warp_down(*m0, off), o1 = warp_down(*m1, off);
    *m0 = modp_add(*m0, o0), *m1 = modp_add(*m1, o1);
  });
}

/* What a reduction launch reads: the unit's pairs and, per variant u of the unit, its
 * slot, output array and measure. */
struct pp_unit {
  uint32_t x0, n, np, bin_i0; /* bin_i0: the index in its bin of the unit's first pair */
  int swap, outputs_only, moments;
  const uint32_t *P;
  const double *Y;
  const int8_t *T;
  const uint32_t *O;  /* variant u's outputs at O + u cap */
  size_t cap;
  const int *slot;    /* slot of variant u */
  const struct measure_cfg *cfg; /* by slot */
  /* variant u's slot and the operand its measure's domains test (pp_measure), in the
   * launch's parameters: uniform values (a warp keeps them in its uniform registers) */
  uint8_t vslot[PAIR_MAXV], vop[PAIR_MAXV];
};

/* Variant u's output, partner and reference of pair i (storage order) into (p, o, y, t) */
__device__ __forceinline__ void reduce_load(const struct pp_unit &U, const uint32_t *O, uint32_t i, uint32_t *p,
                                            uint32_t *o, double *y, int *t) {
  *p = U.P[i], *o = O[i];
  if (!U.outputs_only) *y = U.Y[i], *t = U.T[i];
}

/* One warp's tiles [t0, t1) of the item through variant u (measure c, in shared memory),
 * partner index by partner index (pair_store.h: lane l takes x 32 t + l), into its lane's
 * accumulator (its maxima in sh->cold), moments, the block's histogram, the warp's list
 * and the x-bin maxima (a lane's x, so its x-bin, is that of its tile: the cache moves
 * to it when a tile starts). A lane's next pair is loaded while it measures this one;
 * every lane runs every step (the warp's shuffles and ballots), a lane beyond a short last
 * tile with no pair. */
__device__ __forceinline__ void reduce_warp(const struct pp_unit &U, int u, const struct measure_cfg *c, uint32_t t0,
                                            uint32_t t1, struct pp_shared *sh, struct pl_hot *acc,
                                            struct pp_mom *mom, unsigned long long *xbv) {
  const uint32_t lane = threadIdx.x & 31, w = threadIdx.x >> 5, np = U.np, nx = U.n / np;
  const int op = U.vop[u];
  const uint32_t *O = U.O + (size_t)u * U.cap;
  struct pl_cold *cold = &sh->cold[threadIdx.x];
  struct xbin_cache xc = {-1, 0};
  uint32_t t = t0, k = 0, wt = t0 < t1 ? pp_tile_w(t0, nx) : 0, pn = 0, on = 0;
  double yn = 0.0;
  int tn = 0;
  if (t < t1 && lane < wt) reduce_load(U, O, t * PP_TILE_X * np + lane, &pn, &on, &yn, &tn);
  while (t < t1) {
    const uint32_t xo = t * PP_TILE_X + lane, i = t * PP_TILE_X * np + k * wt + lane, p = pn, o = on;
    const double y = yn;
    const int tv = tn, have = lane < wt;
    if (k == 0) { /* a new x for every lane (pair_lean.h: pl_hot_newx), a new x-bin perhaps */
      pl_hot_newx(acc);
      xbin_enter(&xc, xbv, have ? xbin_d(U.x0 + xo) : -1);
    }
    uint32_t t2 = t, k2 = k + 1, wt2 = wt;
    if (k2 == np) k2 = 0, t2++, wt2 = t2 < t1 ? pp_tile_w(t2, nx) : 0;
    if (t2 < t1 && lane < wt2) reduce_load(U, O, t2 * PP_TILE_X * np + k2 * wt2 + lane, &pn, &on, &yn, &tn);
    int hb = -1, ev = 0, nf = 0;
    struct sample smp = {0, 0, 0, 0};
    if (have) {
      const uint32_t x = U.x0 + xo;
      const struct measure_note m = pp_measure(acc, cold, c, U.outputs_only, U.swap, op, x, p, o, y, tv, i);
      if (U.moments) pp_mom_add(mom, U.bin_i0 + xo * np + k, o);
      hb = m.hist;
      if (m.e >= 0) xbin_max(&xc, m.e);
      ev = m.special, nf = m.nonfinite;
      smp = {x, o, m.cr, p};
    }
    hist_add_warp(sh->hist, hb);
    warp_specials(sh->wl[w], &sh->wn[w], ev, smp);
    warp_specials(sh->wnl[w], &sh->wnn[w], nf, smp); /* the lowest non-finite outputs, the same way */
    t = t2, k = k2, wt = wt2;
  }
  xbin_flush_warp(&xc, xbv);
}

/* Item blockIdx.x (PP_ITEM_X x and their partners, whole tiles) of variant blockIdx.y of
 * the unit: its part. Each warp takes a contiguous eighth of the item's tiles. */
__global__ void __launch_bounds__(RED_THREADS, PP_RED_MINBLOCKS)
    k_pair_reduce(const struct pp_unit U, struct part *parts, unsigned long long *xbins) {
  __shared__ struct pp_shared sh;
  __shared__ struct measure_cfg cfg;
  const uint32_t u = blockIdx.y, tid = threadIdx.x, lane = tid & 31, w = tid >> 5;
  const uint32_t nx = U.n / U.np, ix0 = blockIdx.x * PP_ITEM_X, ix1 = min(nx, ix0 + PP_ITEM_X);
  const uint32_t nt = (ix1 - ix0 + PP_TILE_X - 1) / PP_TILE_X, per = (nt + RED_WARPS - 1) / RED_WARPS;
  const uint32_t tt0 = ix0 / PP_TILE_X + min(nt, w * per), tt1 = ix0 / PP_TILE_X + min(nt, (w + 1) * per);
  const int s = U.vslot[u], ncl = U.cfg[s].n_clauses;
  for (uint32_t b = tid; b < HIST_N; b += RED_THREADS) sh.hist[b] = 0;
  if (lane == 0) sh.wn[w] = 0, sh.wnn[w] = 0;
  if (tid == 0) cfg = U.cfg[s];
  __syncthreads();
  struct pl_hot hot;
  struct pl_acc acc;
  struct pp_mom mom;
  uint64_t m0, m1;
  pl_hot_init(&hot, &sh.cold[tid]);
  pp_mom_init(&mom);
  reduce_warp(U, (int)u, &cfg, tt0, tt1, &sh, &hot, &mom, xbins + (size_t)s * RED_XBINS);
  uint32_t npairs = 0; /* this lane's: np for each tile with its x */
  for (uint32_t t = tt0; t < tt1; t++) npairs += lane < pp_tile_w(t, nx) ? U.np : 0;
  pl_hot_acc(&hot, &sh.cold[tid], npairs, &acc);
  pp_mom_fold(&mom, &m0, &m1);
  pl_warp_merge(&acc, &m0, &m1, ncl);
  if (lane == 0) sh.acc[w] = acc, sh.m0[w] = m0, sh.m1[w] = m1;
  __syncthreads();
  struct part *P = &parts[(size_t)u * gridDim.x + blockIdx.x];
  for (uint32_t b = tid; b < HIST_N; b += RED_THREADS) P->hist[b] = sh.hist[b];
  if (tid) return;
  struct pl_acc a = sh.acc[0];
  uint64_t a0 = sh.m0[0], a1 = sh.m1[0];
  for (int k = 1; k < RED_WARPS; k++) pl_merge(&a, &sh.acc[k], ncl), a0 = modp_add(a0, sh.m0[k]), a1 = modp_add(a1, sh.m1[k]);
  struct sample l[LIST_MAX];
  uint32_t n = 0;
  for (int k = 0; k < RED_WARPS; k++)
    for (uint32_t i = 0; i < sh.wn[k]; i++) list_put(l, &n, sh.wl[k][i]);
  pl_finish(&a, ncl, U.O + (size_t)u * U.cap, U.outputs_only ? NULL : U.Y, &P->a);
  P->m0 = a0, P->m1 = a1;
  P->sym_checked = P->sym_violations = P->mono_checked = P->mono_violations = 0;
  P->n_sym = P->n_mono = 0;
  P->n_special = n;
  for (uint32_t i = 0; i < n; i++) P->special[i] = l[i];
  n = 0;
  for (int k = 0; k < RED_WARPS; k++)
    for (uint32_t i = 0; i < sh.wnn[k]; i++) list_put(l, &n, sh.wnl[k][i]);
  P->n_nonfinite = n;
  for (uint32_t i = 0; i < n; i++) P->nonfinite[i] = l[i];
}

/* The items' parts of variant blockIdx.x into one, by a block of RED_THREADS: each warp
 * merges strided items (measure_merge is exact in any order), then thread 0 the warps;
 * the histogram by all threads, one shared atomic per nonzero bin of an item; warp 0 takes
 * the lists in item order (items ascend in x, each list is sorted, so their first
 * LIST_MAX entries are the lowest keys), 32 items a step, visiting only those with
 * entries (a ballot), and stops once LIST_MAX are taken. */
__global__ void __launch_bounds__(RED_THREADS) k_pair_merge(uint32_t nitems, const int *slot, const struct measure_cfg *cfgs,
                                                            const struct part *parts, struct part *out) {
  __shared__ uint32_t hist[HIST_N];
  __shared__ struct measure_acc wacc[RED_WARPS];
  __shared__ uint64_t wm[RED_WARPS][2];
  const uint32_t v = blockIdx.x, tid = threadIdx.x, lane = tid & 31, w = tid >> 5;
  const int ncl = cfgs[slot[v]].n_clauses;
  const struct part *pv = parts + (size_t)v * nitems;
  for (uint32_t b = tid; b < HIST_N; b += RED_THREADS) hist[b] = 0;
  __syncthreads();
  struct measure_acc acc;
  uint64_t c[6] = {0, 0, 0, 0, 0, 0};
  measure_init(&acc);
  for (uint32_t it = tid; it < nitems; it += RED_THREADS) {
    measure_merge(&acc, &pv[it].a, ncl);
    c[0] = modp_add(c[0], pv[it].m0), c[1] = modp_add(c[1], pv[it].m1);
  }
  for (uint32_t j = tid; j < nitems * HIST_N; j += RED_THREADS) {
    const uint32_t h = pv[j / HIST_N].hist[j % HIST_N];
    if (h) atomicAdd(&hist[j % HIST_N], h);
  }
  warp_merge(&acc, c, ncl);
  if (lane == 0) wacc[w] = acc, wm[w][0] = c[0], wm[w][1] = c[1];
  __syncthreads();
  struct part *pt = &out[v];
  if (w == 0) {
    if (lane == 0) part_init(pt);
    __syncwarp();
    uint32_t n = 0;
    for (uint32_t i0 = 0; i0 < nitems && n < LIST_MAX; i0 += 32) {
      const uint32_t it = i0 + lane;
      unsigned bal = __ballot_sync(0xffffffffu, it < nitems && pv[it].n_special);
      if (lane == 0)
        for (; bal && n < LIST_MAX; bal &= bal - 1) {
          const struct part *q = &pv[i0 + __ffs(bal) - 1];
          for (uint32_t k = 0; k < q->n_special && n < LIST_MAX; k++) pt->special[n++] = q->special[k];
        }
      n = __shfl_sync(0xffffffffu, n, 0);
    }
    if (lane == 0) pt->n_special = n;
    n = 0;
    for (uint32_t i0 = 0; i0 < nitems && n < LIST_MAX; i0 += 32) { /* the non-finite outputs, the same way */
      const uint32_t it = i0 + lane;
      unsigned bal = __ballot_sync(0xffffffffu, it < nitems && pv[it].n_nonfinite);
      if (lane == 0)
        for (; bal && n < LIST_MAX; bal &= bal - 1) {
          const struct part *q = &pv[i0 + __ffs(bal) - 1];
          for (uint32_t k = 0; k < q->n_nonfinite && n < LIST_MAX; k++) pt->nonfinite[n++] = q->nonfinite[k];
        }
      n = __shfl_sync(0xffffffffu, n, 0);
    }
    if (lane == 0) pt->n_nonfinite = n;
  }
  if (tid) return;
  for (int k = 1; k < RED_WARPS; k++) {
    measure_merge(&wacc[0], &wacc[k], ncl);
    wm[0][0] = modp_add(wm[0][0], wm[k][0]), wm[0][1] = modp_add(wm[0][1], wm[k][1]);
  }
  pt->a = wacc[0];
  pt->m0 = wm[0][0], pt->m1 = wm[0][1];
  for (int b = 0; b < HIST_N; b++) pt->hist[b] = hist[b];
}

/* ---- the host side ---- */

/* one of the two units in flight */
struct pp_slot {
  uint32_t *d_p, *d_nund, *h_nund;
  double *d_y, *d_uy, *h_uy;
  int8_t *d_t, *d_ut, *h_ut;
  struct undecided *d_und, *h_und;
  uint32_t ucap; /* undecided pairs the MPFR buffers hold */
  struct part *d_vpart, *h_parts;
  cudaEvent_t refs, up, done;
};

struct unit {
  uint32_t x0, nx;
  int r, slot, nvu;
};

struct pair_pipe {
  int device;
  struct pair_pipe_cfg c;
  uint32_t cap, nvu_max;           /* pairs per unit; variants per reference at most */
  cudaStream_t sa, sb, sc;
  struct pp_slot sl[2];
  uint32_t *d_out;                 /* nvu_max x cap */
  struct part *d_parts;            /* items x nvu_max */
  unsigned long long *d_xbins;     /* nv x RED_XBINS */
  struct measure_cfg *d_cfg;       /* by slot */
  int *d_slots;                    /* the slots of each reference's variants, n_pair_refs x nvu_max */
  int rslots[PAIR_MAXREF][PAIR_MAXV], rn[PAIR_MAXREF];
  uint32_t *h_p, *h_out;           /* the host variants' partners (cap) and outputs (cap each; pinned) */
  cudaEvent_t hout_free;           /* h_out's last copies to the device done */
  uint8_t *h_refs;                 /* pair_pipe_refs' copy of a unit in storage order (13 max_x np bytes; pinned) */
  uint32_t bx0, bnx;               /* the block whose references are being taken */
  int bref;                        /* the next reference of it to take; -1: a new block */
  char err[256];
};

#define PP_TRY(call)                                                                                         \
  do {                                                                                                       \
    cudaError_t e_ = (call);                                                                                 \
    if (e_ != cudaSuccess) {                                                                                 \
      snprintf(pp->err, sizeof pp->err, "GPU %d: %s (%s)", pp->device, cudaGetErrorString(e_), #call);      \
      return -1;                                                                                             \
    }                                                                                                        \
  } while (0)

static uint32_t items_of(uint32_t nx) { return (nx + PP_ITEM_X - 1) / PP_ITEM_X; }
static uint32_t grid_of(uint32_t n) { return (n + 255) / 256 < 16384 ? (n + 255) / 256 : 16384; }

/* the MPFR buffers of a slot for at least n pairs */
static int slot_ucap(struct pair_pipe *pp, struct pp_slot *s, uint32_t n) {
  if (n <= s->ucap) return 0;
  uint32_t c = s->ucap ? s->ucap : 1u << 16;
  while (c < n) c *= 2;
  if (s->ucap) /* the slot's last unit may still read them (streams B and C) */
    for (cudaStream_t st : {pp->sa, pp->sb, pp->sc}) PP_TRY(cudaStreamSynchronize(st));
  cudaFreeHost(s->h_und), cudaFreeHost(s->h_uy), cudaFreeHost(s->h_ut);
  cudaFree(s->d_uy), cudaFree(s->d_ut);
  s->h_und = NULL, s->h_uy = NULL, s->h_ut = NULL, s->d_uy = NULL, s->d_ut = NULL, s->ucap = 0;
  PP_TRY(cudaMallocHost(&s->h_und, sizeof(struct undecided) * c));
  PP_TRY(cudaMallocHost(&s->h_uy, 8ull * c));
  PP_TRY(cudaMallocHost(&s->h_ut, c));
  PP_TRY(cudaMalloc(&s->d_uy, 8ull * c));
  PP_TRY(cudaMalloc(&s->d_ut, c));
  s->ucap = c;
  return 0;
}

static int slot_alloc(struct pair_pipe *pp, struct pp_slot *s) {
  const size_t n = pp->cap;
  PP_TRY(cudaMalloc(&s->d_p, 4 * n));
  if (!pp->c.outputs_only) {
    PP_TRY(cudaMalloc(&s->d_y, 8 * n));
    PP_TRY(cudaMalloc(&s->d_t, n));
    PP_TRY(cudaMalloc(&s->d_und, sizeof(struct undecided) * n));
  }
  PP_TRY(cudaMalloc(&s->d_nund, 4));
  PP_TRY(cudaMallocHost(&s->h_nund, 4));
  PP_TRY(cudaMalloc(&s->d_vpart, sizeof(struct part) * pp->nvu_max));
  PP_TRY(cudaMallocHost(&s->h_parts, sizeof(struct part) * pp->nvu_max));
  PP_TRY(cudaEventCreateWithFlags(&s->refs, cudaEventDisableTiming));
  PP_TRY(cudaEventCreateWithFlags(&s->up, cudaEventDisableTiming));
  PP_TRY(cudaEventCreateWithFlags(&s->done, cudaEventDisableTiming));
  return slot_ucap(pp, s, 1u << 16);
}

static int pipe_alloc(struct pair_pipe *pp) {
  const struct pair_pipe_cfg *c = &pp->c;
  PP_TRY(cudaSetDevice(pp->device));
  PP_TRY(cudaStreamCreateWithFlags(&pp->sa, cudaStreamNonBlocking));
  PP_TRY(cudaStreamCreateWithFlags(&pp->sb, cudaStreamNonBlocking));
  PP_TRY(cudaStreamCreateWithFlags(&pp->sc, cudaStreamNonBlocking));
  for (int k = 0; k < 2; k++)
    if (slot_alloc(pp, &pp->sl[k])) return -1;
  PP_TRY(cudaMalloc(&pp->d_out, 4ull * pp->cap * pp->nvu_max));
  PP_TRY(cudaMalloc(&pp->d_parts, sizeof(struct part) * items_of(c->max_x) * pp->nvu_max));
  const size_t nv = c->nv > 0 ? (size_t)c->nv : 1; /* the arrays of c hold PAIR_MAXV */
  PP_TRY(cudaMalloc(&pp->d_xbins, 8ull * RED_XBINS * nv));
  PP_TRY(cudaMemset(pp->d_xbins, 0, 8ull * RED_XBINS * nv));
  PP_TRY(cudaMalloc(&pp->d_cfg, sizeof(struct measure_cfg) * nv));
  PP_TRY(cudaMalloc(&pp->d_slots, sizeof(int) * PAIR_MAXREF * pp->nvu_max));
  PP_TRY(cudaMemcpy(pp->d_cfg, c->cfg, sizeof(struct measure_cfg) * nv, cudaMemcpyHostToDevice));
  for (int r = 0; r < n_pair_refs && r < PAIR_MAXREF; r++)
    PP_TRY(cudaMemcpy(pp->d_slots + (size_t)r * pp->nvu_max, pp->rslots[r], sizeof(int) * pp->rn[r],
                      cudaMemcpyHostToDevice));
  uint32_t nh = 0; /* host variants of one reference, at most */
  for (int r = 0; r < n_pair_refs && r < PAIR_MAXREF; r++) {
    uint32_t h = 0;
    for (int k = 0; k < pp->rn[r]; k++) h += c->flavour[pp->rslots[r][k]] == PF_HOST;
    if (h > nh) nh = h;
  }
  if (nh) {
    PP_TRY(cudaMallocHost(&pp->h_p, 4ull * pp->cap));
    PP_TRY(cudaMallocHost(&pp->h_out, 4ull * pp->cap * nh));
    PP_TRY(cudaEventCreateWithFlags(&pp->hout_free, cudaEventDisableTiming));
    PP_TRY(cudaEventRecord(pp->hout_free, pp->sb));
  }
  return 0;
}

extern "C" struct pair_pipe *pair_pipe_open(int device, const struct pair_pipe_cfg *c, char *err, size_t errlen) {
  struct pair_pipe *pp = (struct pair_pipe *)calloc(1, sizeof *pp);
  if (!pp) {
    snprintf(err, errlen, "out of host memory");
    return NULL;
  }
  pp->device = device, pp->c = *c, pp->cap = c->max_x * c->np, pp->bref = -1;
  for (int v = 0; v < c->nv; v++) {
    const int r = c->ref[v];
    pp->rslots[r][pp->rn[r]++] = v;
    if ((uint32_t)pp->rn[r] > pp->nvu_max) pp->nvu_max = (uint32_t)pp->rn[r];
  }
  if (!pp->nvu_max) pp->nvu_max = 1; /* no variant (pair_pipe_refs alone): no empty allocation */
  if (pipe_alloc(pp)) {
    snprintf(err, errlen, "%s", pp->err);
    pair_pipe_close(pp);
    return NULL;
  }
  return pp;
}

extern "C" void pair_pipe_close(struct pair_pipe *pp) {
  if (!pp) return;
  cudaSetDevice(pp->device);
  for (int k = 0; k < 2; k++) {
    struct pp_slot *s = &pp->sl[k];
    void *dev[] = {s->d_p, s->d_nund, s->d_y, s->d_uy, s->d_t, s->d_ut, s->d_und, s->d_vpart};
    for (size_t i = 0; i < sizeof dev / sizeof dev[0]; i++) cudaFree(dev[i]);
    void *host[] = {s->h_nund, s->h_uy, s->h_ut, s->h_und, s->h_parts};
    for (size_t i = 0; i < sizeof host / sizeof host[0]; i++) cudaFreeHost(host[i]);
    if (s->refs) cudaEventDestroy(s->refs);
    if (s->up) cudaEventDestroy(s->up);
    if (s->done) cudaEventDestroy(s->done);
  }
  void *dev[] = {pp->d_out, pp->d_parts, pp->d_xbins, pp->d_cfg, pp->d_slots};
  for (size_t i = 0; i < sizeof dev / sizeof dev[0]; i++) cudaFree(dev[i]);
  cudaFreeHost(pp->h_p), cudaFreeHost(pp->h_out), cudaFreeHost(pp->h_refs);
  if (pp->hout_free) cudaEventDestroy(pp->hout_free);
  if (pp->sa) cudaStreamDestroy(pp->sa);
  if (pp->sb) cudaStreamDestroy(pp->sb);
  if (pp->sc) cudaStreamDestroy(pp->sc);
  free(pp);
}

extern "C" const char *pair_pipe_error(const struct pair_pipe *pp) { return pp->err; }

/* The next unit: the next reference of the block under way, or the first of the next
 * block. 0 when there is none. */
static int unit_next(struct pair_pipe *pp, const struct pair_pipe_io *io, struct unit *u) {
  for (;;) {
    if (pp->bref < 0) {
      if (!io->next(io->ctx, &pp->bx0, &pp->bnx)) return 0;
      pp->bref = 0;
    }
    while (pp->bref < n_pair_refs && !pp->rn[pp->bref]) pp->bref++;
    if (pp->bref < n_pair_refs) {
      *u = (struct unit){pp->bx0, pp->bnx, pp->bref, 0, pp->rn[pp->bref]};
      pp->bref++;
      return 1;
    }
    pp->bref = -1;
  }
}

/* Stream A: the unit's partners and references (after the slot's previous unit is done). */
static int launch_refs(struct pair_pipe *pp, const struct unit *u, int wait) {
  struct pp_slot *s = &pp->sl[u->slot];
  const uint32_t n = u->nx * pp->c.np;
  if (wait) PP_TRY(cudaStreamWaitEvent(pp->sa, s->done, 0));
  const uint32_t tp = pp_partner_round(pp->c.np);
  k_partners<<<tp ? (u->nx + tp - 1) / tp : grid_of(u->nx), 256, 0, pp->sa>>>(pair_refs[u->r].set, pp->c.swap, pp->c.seed,
                                                                            pp->c.np, u->x0, u->nx, s->d_p);
  PP_TRY(cudaGetLastError());
  if (!pp->c.outputs_only) {
    PP_TRY(cudaMemsetAsync(s->d_nund, 0, 4, pp->sa));
    k_refs<<<grid_of(n), 256, 0, pp->sa>>>(u->r, pp->c.swap, pp->c.np, u->x0, n, s->d_p, s->d_y, s->d_t, s->d_und,
                                           s->d_nund);
    PP_TRY(cudaGetLastError());
    PP_TRY(cudaMemcpyAsync(s->h_nund, s->d_nund, 4, cudaMemcpyDeviceToHost, pp->sa));
  }
  PP_TRY(cudaEventRecord(s->refs, pp->sa));
  return 0;
}

/* The unit's undecided pairs through MPFR on the host (stream C carries them), their
 * answers patched in on stream B. */
static int settle(struct pair_pipe *pp, const struct unit *u, const struct pair_pipe_io *io) {
  struct pp_slot *s = &pp->sl[u->slot];
  const uint32_t nund = *s->h_nund;
  if (!nund) return 0;
  if (slot_ucap(pp, s, nund)) return -1;
  PP_TRY(cudaMemcpyAsync(s->h_und, s->d_und, sizeof(struct undecided) * nund, cudaMemcpyDeviceToHost, pp->sc));
  PP_TRY(cudaStreamSynchronize(pp->sc));
  io->mpfr(io->ctx, u->r, nund, (const uint32_t(*)[3])s->h_und, s->h_uy, s->h_ut);
  PP_TRY(cudaMemcpyAsync(s->d_uy, s->h_uy, 8ull * nund, cudaMemcpyHostToDevice, pp->sc));
  PP_TRY(cudaMemcpyAsync(s->d_ut, s->h_ut, nund, cudaMemcpyHostToDevice, pp->sc));
  PP_TRY(cudaEventRecord(s->up, pp->sc));
  PP_TRY(cudaStreamWaitEvent(pp->sb, s->up, 0));
  k_patch<<<grid_of(nund), 256, 0, pp->sb>>>(s->d_und, s->d_uy, s->d_ut, nund, s->d_y, s->d_t);
  PP_TRY(cudaGetLastError());
  return 0;
}

/* The unit's host variants (slots k of the unit, hk[0 .. nh-1]): the partners to the host
 * once (stream C, after the references' event: while stream B still reduces the previous
 * unit), every host variant's outputs in one pass of the host's threads (pipe_host.c)
 * once the previous unit's copies have left h_out, then each variant's outputs to its
 * output array on stream B, ahead of the unit's reduction. */
static int host_outputs(struct pair_pipe *pp, const struct unit *u, int nh, const int *hk, uint32_t n) {
  struct pp_slot *s = &pp->sl[u->slot];
  PP_TRY(cudaStreamWaitEvent(pp->sc, s->refs, 0));
  PP_TRY(cudaMemcpyAsync(pp->h_p, s->d_p, 4ull * n, cudaMemcpyDeviceToHost, pp->sc));
  PP_TRY(cudaStreamSynchronize(pp->sc));
  PP_TRY(cudaEventSynchronize(pp->hout_free));
  int vs[PAIR_MAXV];
  uint32_t *outs[PAIR_MAXV];
  for (int q = 0; q < nh; q++) vs[q] = pp->rslots[u->r][hk[q]], outs[q] = pp->h_out + (size_t)q * pp->cap;
  pair_pipe_host_outputs(&pp->c, nh, vs, u->x0, u->nx, 1, pp->h_p, outs);
  for (int q = 0; q < nh; q++)
    PP_TRY(cudaMemcpyAsync(pp->d_out + (size_t)hk[q] * pp->cap, outs[q], 4ull * n, cudaMemcpyHostToDevice, pp->sb));
  PP_TRY(cudaEventRecord(pp->hout_free, pp->sb));
  return 0;
}

/* Stream B: the variants' outputs, the reduction, the merge, the parts to the host. */
static int launch_reduce(struct pair_pipe *pp, const struct unit *u) {
  static const pair_walk_fn walk[3] = {pair_walk_plain, pair_walk_ftz, pair_walk_fast};
  struct pp_slot *s = &pp->sl[u->slot];
  const struct pair_pipe_cfg *c = &pp->c;
  const uint32_t n = u->nx * c->np, nit = items_of(u->nx);
  PP_TRY(cudaStreamWaitEvent(pp->sb, s->refs, 0));
  int hk[PAIR_MAXV], nh = 0;
  for (int k = 0; k < u->nvu; k++)
    if (c->flavour[pp->rslots[u->r][k]] == PF_HOST) hk[nh++] = k;
  if (nh && host_outputs(pp, u, nh, hk, n)) return -1;
  for (int k = 0; k < u->nvu; k++) {
    const int v = pp->rslots[u->r][k], fl = c->flavour[v];
    if (fl == PF_HOST) continue;
    PP_TRY((cudaError_t)walk[fl == PF_FTZ ? 1 : fl == PF_FAST ? 2 : 0](c->dev_fn[v], c->swap, u->x0, c->np, s->d_p, n,
                                                                      pp->d_out + (size_t)k * pp->cap, pp->sb));
  }
  struct pp_unit U = {u->x0, n, c->np, (u->x0 & ((1u << PP_BIN_LOG2) - 1)) * c->np, c->swap, c->outputs_only,
                      c->moments, s->d_p, s->d_y, s->d_t, pp->d_out, pp->cap,
                      pp->d_slots + (size_t)u->r * pp->nvu_max, pp->d_cfg, {0}, {0}};
  for (int k = 0; k < u->nvu; k++) {
    const int v = pp->rslots[u->r][k];
    U.vslot[k] = (uint8_t)v, U.vop[k] = (uint8_t)c->operand[v];
  }
  k_pair_reduce<<<dim3(nit, u->nvu), RED_THREADS, 0, pp->sb>>>(U, pp->d_parts, pp->d_xbins);
  PP_TRY(cudaGetLastError());
  k_pair_merge<<<u->nvu, RED_THREADS, 0, pp->sb>>>(nit, U.slot, pp->d_cfg, pp->d_parts, s->d_vpart);
  PP_TRY(cudaGetLastError());
  PP_TRY(cudaMemcpyAsync(s->h_parts, s->d_vpart, sizeof(struct part) * u->nvu, cudaMemcpyDeviceToHost, pp->sb));
  PP_TRY(cudaEventRecord(s->done, pp->sb));
  return 0;
}

/* The unit's parts, once stream B has them, to the caller. */
static int deliver(struct pair_pipe *pp, const struct unit *u, const struct pair_pipe_io *io) {
  struct pp_slot *s = &pp->sl[u->slot];
  PP_TRY(cudaEventSynchronize(s->done));
  io->done(io->ctx, u->x0, u->nx, u->nvu, pp->rslots[u->r], s->h_parts);
  return 0;
}

extern "C" int pair_pipe_run(struct pair_pipe *pp, const struct pair_pipe_io *io) {
  struct unit cur, nxt, prev;
  int have_prev = 0, used[2] = {0, 0};
  PP_TRY(cudaSetDevice(pp->device));
  if (!unit_next(pp, io, &cur)) return 0;
  cur.slot = 0;
  if (launch_refs(pp, &cur, 0)) return -1;
  used[0] = 1;
  for (;;) {
    const int have_next = unit_next(pp, io, &nxt);
    if (have_next) {
      nxt.slot = 1 - cur.slot;
      if (launch_refs(pp, &nxt, used[nxt.slot])) return -1;
      used[nxt.slot] = 1;
    }
    PP_TRY(cudaEventSynchronize(pp->sl[cur.slot].refs));
    if (!pp->c.outputs_only && settle(pp, &cur, io)) return -1;
    if (launch_reduce(pp, &cur)) return -1;
    if (have_prev && deliver(pp, &prev, io)) return -1;
    prev = cur, have_prev = 1;
    if (!have_next) break;
    cur = nxt;
  }
  return deliver(pp, &prev, io);
}

extern "C" int pair_pipe_xbins(struct pair_pipe *pp, int v, uint64_t *out) {
  PP_TRY(cudaSetDevice(pp->device));
  PP_TRY(cudaMemcpy(out, pp->d_xbins + (size_t)v * RED_XBINS, 8ull * RED_XBINS, cudaMemcpyDeviceToHost));
  return 0;
}

extern "C" int pair_pipe_refs(struct pair_pipe *pp, const struct pair_pipe_io *io, int ref, uint32_t x0, uint32_t nx,
                              uint32_t *a, uint32_t *b, double *y, int8_t *t, uint64_t *mpfr_calls) {
  const struct pair_pipe_cfg *c = &pp->c;
  const uint32_t n = nx * c->np;
  struct pp_slot *s = &pp->sl[0];
  if (nx > c->max_x || c->outputs_only) {
    snprintf(pp->err, sizeof pp->err, "%u x beyond the %u of the pipeline, or no references", nx, c->max_x);
    return -1;
  }
  const struct unit u = {x0, nx, ref, 0, 0};
  PP_TRY(cudaSetDevice(pp->device));
  if (launch_refs(pp, &u, 0)) return -1;
  PP_TRY(cudaEventSynchronize(s->refs));
  if (settle(pp, &u, io)) return -1;
  *mpfr_calls += *s->h_nund;
  /* the partners, references and signs in storage order, after MPFR's answers (stream
   * B), into a pinned buffer kept for the next call, then the operands, references and
   * signs in key order (x0 + i / np against partner i % np) on the host's threads */
  if (!pp->h_refs) PP_TRY(cudaMallocHost(&pp->h_refs, 13ull * c->max_x * c->np));
  double *ys = (double *)pp->h_refs;
  uint32_t *ps = (uint32_t *)(pp->h_refs + 8ull * n);
  int8_t *ts = (int8_t *)(pp->h_refs + 12ull * n);
  PP_TRY(cudaStreamWaitEvent(pp->sb, s->refs, 0));
  PP_TRY(cudaMemcpyAsync(ps, s->d_p, 4ull * n, cudaMemcpyDeviceToHost, pp->sb));
  PP_TRY(cudaMemcpyAsync(ys, s->d_y, 8ull * n, cudaMemcpyDeviceToHost, pp->sb));
  PP_TRY(cudaMemcpyAsync(ts, s->d_t, n, cudaMemcpyDeviceToHost, pp->sb));
  PP_TRY(cudaStreamSynchronize(pp->sb));
  pair_pipe_unstore_refs(c, x0, nx, ps, ys, ts, a, b, y, t);
  return 0;
}
