/* reduce.cuh: the device reduction. One block per (work item, variant) (geom.h); each
 * warp takes a contiguous eighth of the item, 32 consecutive inputs a step, through
 * measure_input, the per-input definition shared with the host reduction
 * (src/measure/measure.h); the threads' accumulators merge exactly (measure_merge: sums
 * and maxima with ties to the lowest input), so the item's statistics are those of the
 * host loop over the same inputs, bit for bit. The lists of first mismatches and
 * violations keep the lowest inputs: each warp appends its events in input order (warp
 * ballots), and the warps' lists, whose ranges ascend with the warp, are concatenated in
 * warp order. Included by kernels/eval.cu (built with -fmad=false: no contraction, so
 * every binary64 operation is the host's). */
#include "src/engine/geom.h"
#include "src/measure/part.h"

#include "kernels/reduce_common.cuh"

/* The shared state of a block. */
struct red_shared {
  uint32_t hist[HIST_N];
  uint32_t wn[RED_WARPS][3];                    /* events each warp listed: special, symmetry, monotonicity */
  struct sample wlist[RED_WARPS][3][LIST_MAX]; /* each warp's first events, in input order */
  struct measure_acc acc[RED_WARPS];
  uint64_t c[RED_WARPS][6];
};

/* This step's events of type k into the warp's list, in input order (a lane's rank is the
 * events of the lower lanes); n, the warp's count so far, is the same in every lane.
 * Called by all 32 lanes. */
__device__ __forceinline__ void warp_events(struct sample *list, uint32_t *n, int ev, struct sample smp) {
  const uint32_t lane = threadIdx.x & 31;
  const unsigned bal = __ballot_sync(0xffffffffu, ev);
  if (!bal) return;
  const uint32_t rank = *n + __popc(bal & ((1u << lane) - 1));
  if (ev && rank < LIST_MAX) list[rank] = smp;
  *n = min(*n + (uint32_t)__popc(bal), (uint32_t)LIST_MAX);
}

/* What one input's measure reads: its output, the reference (mirrored for the negative
 * half of an odd reference), the output at -x (symmetry) and at the previous input
 * (monotonicity). */
struct red_in {
  uint32_t out, neg, prev;
  double y;
  int t;
};

__device__ __forceinline__ struct red_in red_load(const struct gpu_geom *g, const uint32_t *o,
                                                  const double *__restrict__ ry, const int8_t *__restrict__ rt,
                                                  int64_t m, int h, int flip, int need_ref, int need_sym) {
  struct red_in r = {0, 0, 0, 0.0, 0};
  const uint32_t i = (uint32_t)(m - g->a0);
  r.out = o[(size_t)h * g->len + i];
  if (need_ref) {
    const size_t k = (size_t)((g->sym ? 0 : h) * g->len) + i;
    r.y = flip ? -ry[k] : ry[k];
    r.t = flip ? -rt[k] : rt[k];
    if (need_sym) r.neg = o[g->len + i];
    if (g->mono && m >= 1) r.prev = o[(size_t)h * g->len + i - 1];
  }
  return r;
}

/* The block's totals into its part (thread 0). */
__device__ void write_part(struct red_shared *sh, struct part *P, int ncl) {
  struct part p;
  part_init(&p);
  for (int w = 0; w < RED_WARPS; w++) {
    measure_merge(&p.a, &sh->acc[w], ncl);
    p.m0 = modp_add(p.m0, sh->c[w][0]), p.m1 = modp_add(p.m1, sh->c[w][1]);
    p.sym_checked += sh->c[w][2], p.sym_violations += sh->c[w][3];
    p.mono_checked += sh->c[w][4], p.mono_violations += sh->c[w][5];
  }
  for (int b = 0; b < HIST_N; b++) p.hist[b] = sh->hist[b];
  /* the warps' ranges ascend with the warp: their lists in warp order are in input order */
  uint32_t *n[3] = {&p.n_special, &p.n_sym, &p.n_mono};
  struct sample *l[3] = {p.special, p.sym, p.mono};
  for (int k = 0; k < 3; k++)
    for (int w = 0; w < RED_WARPS; w++)
      for (uint32_t i = 0; i < sh->wn[w][k] && *n[k] < LIST_MAX; i++) l[k][(*n[k])++] = sh->wlist[w][k][i];
  *P = p;
}

/* Item blockIdx.x of the chunk for variant blockIdx.y: outs[v] the variant's outputs
 * (positives then negatives), ry/rt the references (positives, then negatives unless the
 * reference is odd or even), cfg[v] its measure, xbins[v] its x-bin maxima (bits + 1,
 * atomic). Each warp walks its own contiguous eighth of the item, 32 consecutive inputs
 * a step, without block barriers: its events go to its own list, and the lists meet in
 * warp order at the end. */
__global__ void __launch_bounds__(RED_THREADS)
    k_reduce(struct gpu_geom g, uint32_t *const *outs, const double *__restrict__ ry, const int8_t *__restrict__ rt,
             struct part *parts, unsigned long long *xbins, const struct measure_cfg *__restrict__ cfgs) {
  __shared__ struct red_shared sh;
  const uint32_t it = blockIdx.x, v = blockIdx.y, tid = threadIdx.x, lane = tid & 31, w = tid >> 5;
  const struct measure_cfg &c = cfgs[v]; /* read in place: a copy would live in local memory */
  const int h = it >= g.nblk, flip = h && g.odd, inc = geom_increasing(&g, it);
  int64_t lo, hi;
  geom_item(&g, it, &lo, &hi);
  for (uint32_t b = tid; b < HIST_N; b += RED_THREADS) sh.hist[b] = 0;
  __syncthreads();
  const int64_t span = (hi - lo + RED_WARPS) / RED_WARPS; /* this warp's inputs: [wlo, whi] */
  const int64_t wlo = lo + w * span, whi = min(hi, wlo + span - 1);
  const uint32_t sign = h ? 0x80000000u : 0, *o = outs[v];
  struct measure_acc a;
  measure_init(&a);
  unsigned long long *const xbv = xbins + (size_t)v * RED_XBINS;
  struct xbin_cache xc = {-1, 0};
  uint64_t cnt[6] = {0, 0, 0, 0, 0, 0}; /* m0, m1, symmetry checked, violated, monotonicity checked, violated */
  uint32_t nl[3] = {0, 0, 0};
  /* each step's loads are issued one step ahead (red_load), so that their latency
   * overlaps the previous input's measure */
  const int need_sym = g.sym && !h && measure_sym_applies(&c, g.odd), need_ref = !g.outputs_only;
  struct red_in cur = {0, 0, 0, 0.0, 0}, nxt = cur;
  if (wlo + lane <= whi) cur = red_load(&g, o, ry, rt, wlo + lane, h, flip, need_ref, need_sym);
  for (int64_t base = wlo; base <= whi; base += 32) {
    const int64_t m = base + lane;
    if (m + 32 <= whi) nxt = red_load(&g, o, ry, rt, m + 32, h, flip, need_ref, need_sym);
    int ev[3] = {0, 0, 0}, hb = -1;
    struct sample smp[3];
    if (m <= whi) {
      const uint32_t x = (uint32_t)m | sign, out = cur.out;
      if (g.moments) {
        const uint32_t ib = x & ((1u << 20) - 1);
        cnt[0] = modp_add(cnt[0], out), cnt[1] = modp_add(cnt[1], (uint64_t)out * (ib + 1));
      }
      if (g.outputs_only) {
        a.inputs++, a.digest += digest_term(x, out);
      } else {
        const struct measure_note n = measure_input(&a, &c, x, out, cur.y, cur.t);
        hb = n.hist;
        const int xb = n.e >= 0 ? xbin_d(x) : -1;
        if (xb >= 0) xbin_note(&xc, xbv, xb, n.e);
        ev[0] = n.special, smp[0] = {x, out, n.cr, 0};
        if (need_sym) {
          cnt[2]++;
          ev[1] = sym_violated(out, cur.neg, g.odd), smp[1] = {x, out, cur.neg, 0};
        }
        if (g.mono && m >= 1) {
          const int mv = mono_violated(cur.prev, out, inc);
          cnt[4] += mv >= 0;
          ev[2] = mv > 0, smp[2] = {x - 1, cur.prev, out, 0};
        }
        cnt[3] += ev[1], cnt[5] += ev[2];
      }
    }
    cur = nxt;
    hist_add_warp(sh.hist, hb);
    for (int k = 0; k < 3; k++) warp_events(sh.wlist[w][k], &nl[k], ev[k], smp[k]);
  }
  if (lane < 3) sh.wn[w][lane] = nl[lane];
  xbin_flush_warp(&xc, xbv);
  warp_merge(&a, cnt, c.n_clauses);
  if (lane == 0) {
    sh.acc[w] = a;
    for (int i = 0; i < 6; i++) sh.c[w][i] = cnt[i];
  }
  __syncthreads();
  if (tid == 0) write_part(&sh, &parts[(size_t)v * (2 * g.nblk) + it], c.n_clauses);
}

/* Group blockIdx.x (a half's bin, geom_group) of variant blockIdx.y: its items' parts into
 * one, by one warp (measure_merge is exact in any order; the lists in item order, which is
 * input order within a half). */
__global__ void k_merge_bins(struct gpu_geom g, const struct part *parts, struct part *out,
                             const struct measure_cfg *__restrict__ cfgs) {
  __shared__ uint32_t hist[HIST_N];
  const uint32_t grp = blockIdx.x, v = blockIdx.y, lane = threadIdx.x, ngrp = 2 * geom_nbins(&g);
  const uint32_t h = grp >= ngrp / 2, i0 = h * g.nblk, i1 = i0 + g.nblk;
  const int ncl = cfgs[v].n_clauses;
  const struct part *pv = parts + (size_t)v * 2 * g.nblk;
  for (uint32_t b = lane; b < HIST_N; b += 32) hist[b] = 0;
  __syncwarp();
  struct measure_acc acc;
  measure_init(&acc);
  uint64_t c[6] = {0, 0, 0, 0, 0, 0};
  for (uint32_t it = i0 + lane; it < i1; it += 32)
    if (geom_group(&g, it) == grp) merge_part_lane(&acc, c, hist, &pv[it], ncl);
  warp_merge(&acc, c, ncl);
  __syncwarp();
  if (lane) return;
  struct part pt;
  merge_part_finish(&pt, &acc, c, hist);
  for (uint32_t it = i0; it < i1; it++)
    if (geom_group(&g, it) == grp) merge_part_lists(&pt, &pv[it]);
  out[(size_t)v * ngrp + grp] = pt;
}
