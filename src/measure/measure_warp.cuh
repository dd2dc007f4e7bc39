/* measure_warp.cuh: the device merges of the full accumulator (measure.h) and of a work
 * item's part (item_stats.h), on the warp merge every reduction shares (kernels/warp_merge.cuh),
 * and the x-bin of an input as the host computes it. Used by the unary kind's reduction
 * (src/kinds/binary32/device/reduce.cuh) and the two-argument kind's
 * (src/kinds/pair/pair_pipe.cu). Device code only. */
#ifndef ULPCERT_MEASURE_WARP_CUH
#define ULPCERT_MEASURE_WARP_CUH

#include "kernels/warp_merge.cuh"
#include "src/measure/item_stats.h"

#define RED_XBINS 2000 /* XBINS of metrics.h */

__device__ __forceinline__ struct measure_max warp_down(const struct measure_max &m, int off) {
  struct measure_max r;
  r.v = warp_down(m.v, off), r.ref = warp_down(m.ref, off);
  r.input = warp_down(m.input, off), r.output = warp_down(m.output, off), r.partner = warp_down(m.partner, off);
  return r;
}

__device__ __forceinline__ struct clause_acc warp_down(const struct clause_acc &a, int off) {
  struct clause_acc b;
  b.inputs = warp_down(a.inputs, off), b.over = warp_down(a.over, off);
  b.max = warp_down(a.max, off), b.max_ref = warp_down(a.max_ref, off);
  b.max_input = warp_down(a.max_input, off), b.max_output = warp_down(a.max_output, off);
  b.ratio = warp_down(a.ratio, off), b.ratio_input = warp_down(a.ratio_input, off);
  b.ratio_output = warp_down(a.ratio_output, off);
  b.max_partner = warp_down(a.max_partner, off), b.ratio_partner = warp_down(a.ratio_partner, off);
  return b;
}

/* Lane 0 of each warp ends with the merge (measure_merge) of its warp's accumulators and
 * counters c: the moments m0, m1 (sums modulo MOD_P), then symmetry checked and violated,
 * monotonicity checked and violated. Called by all 32 lanes; ncl is uniform. */
__device__ __forceinline__ void warp_merge(struct measure_acc *a, uint64_t c[6], int ncl) {
  warp_merge_acc(a, ncl, ncl, [&](struct measure_acc *x, struct measure_acc *b, int off) {
    b->bin_max = warp_down(x->bin_max, off);
    measure_merge(x, b, ncl);
    const uint64_t m0 = warp_down(c[0], off), m1 = warp_down(c[1], off);
    c[0] = modp_add(c[0], m0), c[1] = modp_add(c[1], m1);
    for (int i = 2; i < 6; i++) c[i] += warp_down(c[i], off);
  });
}

/* x-bin of input x as xbin_of (metrics.h) computes it: floor((x + 10) * 100) in binary64,
 * for -10 <= x < 10; -1 elsewhere. */
__device__ __forceinline__ int xbin_d(uint32_t x) {
  double v = (double)__uint_as_float(x);
  if (!(v >= -10.0 && v < 10.0)) return -1;
  int k = (int)floor(__dmul_rn(__dsub_rn(v, -10.0), 100.0));
  return k < RED_XBINS ? k : RED_XBINS - 1;
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
