/* reduce_common.cuh: the pieces of the device reductions that the unary kind
 * (reduce.cuh) and the two-argument kind (src/kinds/pair/pair_pipe.cu) share: the
 * warp merges of measure accumulators (exact: sums, and maxima with ties to the lowest
 * input) and the per-thread cache of the x-bin maxima. */
#ifndef ULPCERT_REDUCE_COMMON_CUH
#define ULPCERT_REDUCE_COMMON_CUH

#include "src/measure/part.h"

#define RED_THREADS 256
#define RED_WARPS (RED_THREADS / 32)
#define RED_XBINS 2000 /* XBINS of metrics.h (checked there) */

__device__ __forceinline__ struct measure_max shfl_max(const struct measure_max &m, int off) {
  const unsigned full = 0xffffffffu;
  struct measure_max r;
  r.v = __shfl_down_sync(full, m.v, off), r.ref = __shfl_down_sync(full, m.ref, off);
  r.input = __shfl_down_sync(full, m.input, off), r.output = __shfl_down_sync(full, m.output, off);
  r.partner = __shfl_down_sync(full, m.partner, off);
  return r;
}

__device__ __forceinline__ struct clause_acc shfl_clause(const struct clause_acc &a, int off) {
  const unsigned full = 0xffffffffu;
  struct clause_acc b;
  b.inputs = __shfl_down_sync(full, a.inputs, off), b.over = __shfl_down_sync(full, a.over, off);
  b.max = __shfl_down_sync(full, a.max, off), b.max_ref = __shfl_down_sync(full, a.max_ref, off);
  b.max_input = __shfl_down_sync(full, a.max_input, off), b.max_output = __shfl_down_sync(full, a.max_output, off);
  b.ratio = __shfl_down_sync(full, a.ratio, off), b.ratio_input = __shfl_down_sync(full, a.ratio_input, off);
  b.ratio_output = __shfl_down_sync(full, a.ratio_output, off);
  b.max_partner = __shfl_down_sync(full, a.max_partner, off);
  b.ratio_partner = __shfl_down_sync(full, a.ratio_partner, off);
  return b;
}

/* lane 0 of each warp ends with the merge of its warp's accumulators and counters */
__device__ __forceinline__ void warp_merge(struct measure_acc *a, uint64_t c[6], int ncl) {
  const unsigned full = 0xffffffffu;
  for (int off = 16; off; off >>= 1) {
    struct measure_acc b;
    b.inputs = __shfl_down_sync(full, a->inputs, off), b.cr = __shfl_down_sync(full, a->cr, off);
    b.faithful = __shfl_down_sync(full, a->faithful, off), b.above_1ulp = __shfl_down_sync(full, a->above_1ulp, off);
    b.nonfinite = __shfl_down_sync(full, a->nonfinite, off), b.flushed = __shfl_down_sync(full, a->flushed, off);
    b.special_mismatches = __shfl_down_sync(full, a->special_mismatches, off);
    b.digest = __shfl_down_sync(full, a->digest, off), b.undecidable = __shfl_down_sync(full, a->undecidable, off);
    b.ulp = shfl_max(a->ulp, off), b.rel = shfl_max(a->rel, off), b.abs = shfl_max(a->abs, off);
    b.bin_max = __shfl_down_sync(full, a->bin_max, off);
    for (int k = 0; k < ncl; k++) b.cl[k] = shfl_clause(a->cl[k], off);
    measure_merge(a, &b, ncl);
    uint64_t m0 = __shfl_down_sync(full, c[0], off), m1 = __shfl_down_sync(full, c[1], off);
    c[0] = modp_add(c[0], m0), c[1] = modp_add(c[1], m1);
    for (int i = 2; i < 6; i++) c[i] += __shfl_down_sync(full, c[i], off);
  }
}

/* Histogram bin b (-1: none) of every lane into the block's shared histogram, one atomic
 * per distinct bin of the warp: most inputs of a run fall in one bin (errors below half an
 * ulp), and 32 lanes adding to one shared word one by one was the reduction's slowest
 * step. Called by all 32 lanes (converged). */
__device__ __forceinline__ void hist_add_warp(uint32_t *hist, int b) {
  const unsigned peers = __match_any_sync(0xffffffffu, b);
  if (b >= 0 && (int)(threadIdx.x & 31) == __ffs(peers) - 1) atomicAdd(&hist[b], (uint32_t)__popc(peers));
}

/* x-bin of input x as xbin_of (metrics.h) computes it: floor((x + 10) * 100) in binary64,
 * for -10 <= x < 10; -1 elsewhere. */
__device__ __forceinline__ int xbin_d(uint32_t x) {
  double v = (double)__uint_as_float(x);
  if (!(v >= -10.0 && v < 10.0)) return -1;
  int k = (int)floor(__dmul_rn(__dsub_rn(v, -10.0), 100.0));
  return k < RED_XBINS ? k : RED_XBINS - 1;
}

/* The x-bin maxima (bits of e, plus 1) of one thread, one bin at a time, flushed into the
 * device's array when the bin changes and at the end (a maximum: any order of flushes
 * gives the same array). A thread's inputs increase in magnitude within one sign half, so
 * its bins come in monotone order and each is flushed once. Without the cache every input
 * would be a global atomic on one of 2000 addresses, most of them on the few bins near
 * x = 0 (the bin [0, 0.01) alone holds about 2^30 inputs per sign): the reduction's
 * slowest step. */
struct xbin_cache {
  int bin;                /* -1: empty */
  unsigned long long max; /* the largest bits + 1 seen in bin */
};

/* The warp's caches into xb[]: once per warp when every lane holds the same bin (the
 * common case), else once per lane. Called by all 32 lanes; leaves the caches empty. */
__device__ __forceinline__ void xbin_flush_warp(struct xbin_cache *c, unsigned long long *xb) {
  const unsigned full = 0xffffffffu;
  const int b0 = __shfl_sync(full, c->bin, 0);
  if (__all_sync(full, c->bin == b0)) {
    unsigned long long v = c->max;
    for (int off = 16; off; off >>= 1) {
      const unsigned long long o = __shfl_xor_sync(full, v, off);
      v = o > v ? o : v;
    }
    if ((threadIdx.x & 31) == 0 && b0 >= 0) atomicMax(&xb[b0], v);
  } else if (c->bin >= 0) {
    atomicMax(&xb[c->bin], c->max);
  }
  c->bin = -1, c->max = 0;
}

/* The cache moves to bin b (-1: none): the maximum of the bin it held, if any input was
 * noted there, into xb[] (xbin_max notes inputs in the bin the cache holds). */
__device__ __forceinline__ void xbin_enter(struct xbin_cache *c, unsigned long long *xb, int b) {
  if (b == c->bin) return;
  if (c->bin >= 0 && c->max) atomicMax(&xb[c->bin], c->max);
  c->bin = b, c->max = 0;
}

/* One measured input of the cache's bin (none: nothing) with ulp error e. */
__device__ __forceinline__ void xbin_max(struct xbin_cache *c, double e) {
  const unsigned long long v = (unsigned long long)__double_as_longlong(e) + 1;
  if (c->bin >= 0 && v > c->max) c->max = v;
}

/* One measured input of bin b (>= 0) with ulp error e into the cache. */
__device__ __forceinline__ void xbin_note(struct xbin_cache *c, unsigned long long *xb, int b, double e) {
  xbin_enter(c, xb, b);
  xbin_max(c, e);
}

/* Part p into the warp's merge: acc, c (m0, m1, symmetry and monotonicity counts, as
 * warp_merge takes them) and the shared histogram; the lists are the caller's. */
__device__ __forceinline__ void merge_part_lane(struct measure_acc *acc, uint64_t c[6], uint32_t *hist,
                                                const struct part *p, int ncl) {
  measure_merge(acc, &p->a, ncl);
  c[0] = modp_add(c[0], p->m0), c[1] = modp_add(c[1], p->m1);
  c[2] += p->sym_checked, c[3] += p->sym_violations, c[4] += p->mono_checked, c[5] += p->mono_violations;
  for (int b = 0; b < HIST_N; b++)
    if (p->hist[b]) atomicAdd(&hist[b], p->hist[b]);
}

/* Lane 0: the merged totals into *out, the lists appended by the caller after. */
__device__ __forceinline__ void merge_part_finish(struct part *out, const struct measure_acc *acc, const uint64_t c[6],
                                                  const uint32_t *hist) {
  part_init(out);
  out->a = *acc;
  out->m0 = c[0], out->m1 = c[1];
  out->sym_checked = c[2], out->sym_violations = c[3], out->mono_checked = c[4], out->mono_violations = c[5];
  for (int b = 0; b < HIST_N; b++) out->hist[b] = hist[b];
}

/* q's lists after out's (q's inputs all above out's), up to LIST_MAX each */
__device__ __forceinline__ void merge_part_lists(struct part *out, const struct part *q) {
  for (uint32_t k = 0; k < q->n_special && out->n_special < LIST_MAX; k++) out->special[out->n_special++] = q->special[k];
  for (uint32_t k = 0; k < q->n_sym && out->n_sym < LIST_MAX; k++) out->sym[out->n_sym++] = q->sym[k];
  for (uint32_t k = 0; k < q->n_mono && out->n_mono < LIST_MAX; k++) out->mono[out->n_mono++] = q->mono[k];
  for (uint32_t k = 0; k < q->n_nonfinite && out->n_nonfinite < LIST_MAX; k++)
    out->nonfinite[out->n_nonfinite++] = q->nonfinite[k];
}

#endif
