/* reduce.cuh: the device reduction. One block per (work item, variant) (work_items.h); each
 * warp takes a contiguous eighth of the item, 32 consecutive inputs a step, through
 * measure_input, the per-input definition shared with the host reduction
 * (src/measure/measure.h); the threads' accumulators merge exactly (measure_merge: sums
 * and maxima with ties to the lowest input), so the item's statistics are those of the
 * host loop over the same inputs, bit for bit. The lists of first mismatches, violations
 * and non-finite outputs keep the lowest inputs: each warp appends its events in input
 * order (warp ballots), and the warps' lists, whose ranges ascend with the warp, are
 * concatenated in warp order. Included by eval.cu (built with -fmad=false: no contraction, so
 * every binary64 operation is the host's). */
#include "src/kinds/binary32/device/work_items.h"
#include "src/measure/lean.h"
#include "src/measure/measure_warp.cuh"

/* Blocks of RED_THREADS that k_reduce asks to fit on one multiprocessor at once. Left to
 * itself the compiler gives it 130 registers, so that one block fits (12.5% occupancy);
 * asked for two, it fits in 122 with no spill (25%). Three cap it at 80 registers and spill
 * the accumulators to local memory. On sm_90, 6 variants of tanh over all 2^32 inputs (H200):
 * 1.81 to 1.92 s with one block, 1.29 to 1.30 s with two, 1.46 to 1.49 s with three. */
#ifndef RED_MINBLOCKS
#define RED_MINBLOCKS 2
#endif

/* The per-thread counters besides the measure: symmetry checked and violated,
 * monotonicity checked and violated (32-bit: a block sees RED_BLOCK inputs), and the
 * output moments m0, m1 (sums modulo MOD_P). */
struct red_cnt {
  uint32_t symc, symv, monoc, monov;
  uint64_t m0, m1;
};

/* The events whose first inputs a block lists: special-value mismatches, symmetry and
 * monotonicity violations, non-finite outputs (item_stats.h). */
#define RED_EVENTS 4

/* The shared state of a block. */
struct red_shared {
  uint32_t hist[HIST_N];
  uint32_t wn[RED_WARPS][RED_EVENTS];                    /* events each warp listed, of each kind */
  struct sample wlist[RED_WARPS][RED_EVENTS][LIST_MAX]; /* each warp's first events, in input order */
  struct lean_acc acc[RED_WARPS];
  struct red_cnt c[RED_WARPS];
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

__device__ __forceinline__ struct lean_max warp_down(const struct lean_max &m, int off) {
  return {warp_down(m.v, off), warp_down(m.input, off)};
}

__device__ __forceinline__ struct lean_clause warp_down(const struct lean_clause &a, int off) {
  struct lean_clause b;
  b.inputs = warp_down(a.inputs, off), b.over = warp_down(a.over, off);
  b.max = warp_down(a.max, off), b.max_input = warp_down(a.max_input, off);
  b.ratio = warp_down(a.ratio, off), b.ratio_input = warp_down(a.ratio_input, off);
  return b;
}

/* Lane 0 ends with the merge (lean_merge) of the warp's lean accumulators and counters
 * (kernels/warp_merge.cuh). Called by all 32 lanes; ncl is uniform. */
__device__ __forceinline__ void lean_warp_merge(struct lean_acc *a, struct red_cnt *c, int ncl, int moments) {
  warp_merge_acc(a, ncl, CLAUSE_MAX, [&](struct lean_acc *x, struct lean_acc *b, int off) {
    lean_merge(x, b, ncl);
    c->symc += warp_down(c->symc, off), c->symv += warp_down(c->symv, off);
    c->monoc += warp_down(c->monoc, off), c->monov += warp_down(c->monov, off);
    if (moments) {
      const uint64_t m0 = warp_down(c->m0, off), m1 = warp_down(c->m1, off);
      c->m0 = modp_add(c->m0, m0), c->m1 = modp_add(c->m1, m1);
    }
  });
}

/* Where a block reads its half: outputs op[i] (i = m - a0, m the magnitude), the
 * negative half's outputs np[i] (symmetry), references yp[i], tp[i] (mirrored for the
 * negative half of an odd reference: flip). */
struct red_src {
  const uint32_t *op, *np;
  const double *yp;
  const int8_t *tp;
  int flip;
};

/* One input's loads, as read (the mirror is applied where they are used, so that the
 * loads issued a step ahead are not waited for at once): its output, the reference, the
 * output at -x (symmetry) and at the previous input (monotonicity). */
struct red_in {
  uint32_t out, neg, prev;
  double y;
  int8_t t;
};

__device__ __forceinline__ struct red_in red_load(const struct red_src *s, uint32_t i, uint32_t m, int need_ref,
                                                  int need_sym, int mono) {
  struct red_in r = {0, 0, 0, 0.0, 0};
  r.out = s->op[i];
  if (need_ref) {
    r.y = s->yp[i];
    r.t = s->tp[i];
    if (need_sym) r.neg = s->np[i];
    if (mono && m >= 1) r.prev = s->op[i - 1];
  }
  return r;
}

/* The block's part, from the warps' accumulators, counters and lists in shared memory
 * (after the block's barrier; called by every thread): warp 0 merges the accumulators
 * and makes them full (lean_finish, with the outputs and references of the inputs their
 * maxima name), thread 32 concatenates the lists, every thread copies the histogram. */
__device__ void red_write_part(const struct red_shared *sh, struct part *P, const struct red_src *src, uint32_t a0,
                               int ncl, int moments) {
  const uint32_t tid = threadIdx.x, lane = tid & 31, w = tid >> 5;
  for (uint32_t b = tid; b < HIST_N; b += RED_THREADS) P->hist[b] = sh->hist[b];
  if (w == 0) { /* the warps' accumulators, merged by lanes 0 .. RED_WARPS - 1 */
    struct lean_acc b;
    struct red_cnt bc = {0, 0, 0, 0, 0, 0};
    lean_init(&b);
    if (lane < RED_WARPS) b = sh->acc[lane], bc = sh->c[lane];
    lean_warp_merge(&b, &bc, ncl, moments);
    if (lane == 0) {
      uint32_t so[LEAN_SLOTS];
      double sy[LEAN_SLOTS];
      for (int s = 0; s < LEAN_SLOTS; s++) {
        const uint32_t x = lean_slot_input(&b, s), i = (x & 0x7fffffffu) - a0;
        so[s] = 0, sy[s] = 0;
        if (x != 0xffffffffu) so[s] = src->op[i], sy[s] = src->flip ? -src->yp[i] : src->yp[i];
      }
      lean_finish(&b, ncl, so, sy, &P->a);
      P->m0 = bc.m0, P->m1 = bc.m1;
      P->sym_checked = bc.symc, P->sym_violations = bc.symv;
      P->mono_checked = bc.monoc, P->mono_violations = bc.monov;
    }
  } else if (tid == 32) { /* the warps' ranges ascend with the warp: their lists in warp order are in input order */
    uint32_t *np[RED_EVENTS] = {&P->n_special, &P->n_sym, &P->n_mono, &P->n_nonfinite};
    struct sample *l[RED_EVENTS] = {P->special, P->sym, P->mono, P->nonfinite};
    for (int e = 0; e < RED_EVENTS; e++) {
      uint32_t k = 0;
      for (int u = 0; u < RED_WARPS; u++)
        for (uint32_t i = 0; i < sh->wn[u][e] && k < LIST_MAX; i++) l[e][k++] = sh->wlist[u][e][i];
      *np[e] = k;
    }
  }
}

/* Item blockIdx.x of the chunk for variant blockIdx.y: outs[v] the variant's outputs
 * (positives then negatives), ry/rt the references (positives, then negatives unless the
 * reference is odd or even), cfg[v] its measure, xbins[v] its x-bin maxima (bits + 1,
 * atomic). Each warp walks its own contiguous eighth of the item, 32 consecutive inputs
 * a step, without block barriers: its events go to its own list, and the lists meet in
 * warp order at the end. Each thread's inputs increase, so it keeps the lean accumulator
 * (src/measure/lean.h); the block's merge is made full once, by reading the outputs and
 * references of the inputs its maxima name. */
__global__ void __launch_bounds__(RED_THREADS, RED_MINBLOCKS)
    k_reduce(struct gpu_geom g, uint32_t *const *outs, const double *__restrict__ ry, const int8_t *__restrict__ rt,
             struct part *parts, unsigned long long *xbins, const struct measure_cfg *__restrict__ cfgs) {
  __shared__ struct red_shared sh;
  const uint32_t it = blockIdx.x, v = blockIdx.y, tid = threadIdx.x, lane = tid & 31, w = tid >> 5;
  const struct measure_cfg &c = cfgs[v]; /* read in place: a copy would live in local memory */
  const int h = it >= g.nblk, inc = geom_increasing(&g, it), ncl = c.n_clauses;
  int64_t lo, hi;
  geom_item(&g, it, &lo, &hi);
  for (uint32_t b = tid; b < HIST_N; b += RED_THREADS) sh.hist[b] = 0;
  __syncthreads();
  const int64_t span = (hi - lo + RED_WARPS) / RED_WARPS; /* this warp's inputs: [wlo, whi] */
  const int64_t wlo = lo + w * span, whi = min(hi, wlo + span - 1);
  const uint32_t sign = h ? 0x80000000u : 0;
  const struct red_src src = {outs[v] + (size_t)h * g.len, outs[v] + g.len, ry + (size_t)(g.sym ? 0 : h) * g.len,
                              rt + (size_t)(g.sym ? 0 : h) * g.len, h && g.odd};
  struct lean_acc a;
  lean_init(&a);
  struct red_cnt cnt = {0, 0, 0, 0, 0, 0};
  unsigned long long *const xbv = xbins + (size_t)v * RED_XBINS;
  struct xbin_cache xc = {-1, 0};
  uint32_t nl[RED_EVENTS] = {0, 0, 0, 0};
  /* each step's loads are issued one step ahead (red_load), so that their latency
   * overlaps the previous input's measure */
  const int need_sym = g.sym && !h && measure_sym_applies(&c, g.odd), need_ref = !g.outputs_only;
  /* magnitudes below 2^31 and chunk offsets i = m - a0 fit 32 bits */
  const uint32_t a0 = g.a0, mlo = (uint32_t)wlo, n = whi >= wlo ? (uint32_t)(whi - wlo + 1) : 0;
  struct red_in cur = {0, 0, 0, 0.0, 0}, nxt = cur;
  if (lane < n) cur = red_load(&src, mlo + lane - a0, mlo + lane, need_ref, need_sym, g.mono);
  for (uint32_t k = 0; k < n; k += 32) {
    const uint32_t j = k + lane, m = mlo + j;
    if (j + 32 < n) nxt = red_load(&src, m + 32 - a0, m + 32, need_ref, need_sym, g.mono);
    int ev[RED_EVENTS] = {0, 0, 0, 0}, hb = -1;
    struct sample smp[3];
    if (j < n) {
      const uint32_t x = m | sign, out = cur.out;
      if (g.moments) {
        const uint32_t ib = x & ((1u << 20) - 1);
        cnt.m0 = modp_add(cnt.m0, out), cnt.m1 = modp_add(cnt.m1, (uint64_t)out * (ib + 1));
      }
      if (!need_ref) {
        a.inputs++, a.digest += digest_term(x, out);
      } else {
        const double y = src.flip ? -cur.y : cur.y;
        const int t = src.flip ? -cur.t : cur.t;
        const struct measure_note nt = lean_input(&a, &c, x, 0, x, out, y, t);
        hb = nt.hist;
        const int xb = nt.e >= 0 ? xbin_d(x) : -1;
        if (xb >= 0) xbin_note(&xc, xbv, xb, nt.e);
        /* a special mismatch and a non-finite output are listed alike, (x, out, cr): one
         * sample serves both (an input is never both) */
        ev[0] = nt.special, ev[3] = nt.nonfinite, smp[0] = {x, out, nt.cr, 0};
        if (need_sym) {
          cnt.symc++;
          ev[1] = sym_violated(out, cur.neg, g.odd), smp[1] = {x, out, cur.neg, 0};
        }
        if (g.mono && m >= 1) {
          const int mv = mono_violated(cur.prev, out, inc);
          cnt.monoc += mv >= 0;
          ev[2] = mv > 0, smp[2] = {x - 1, cur.prev, out, 0};
        }
        cnt.symv += ev[1], cnt.monov += ev[2];
      }
    }
    cur = nxt;
    hist_add_warp(sh.hist, hb);
    for (int e = 0; e < 3; e++) warp_events(sh.wlist[w][e], &nl[e], ev[e], smp[e]);
    warp_events(sh.wlist[w][3], &nl[3], ev[3], smp[0]);
  }
  if (lane < RED_EVENTS) sh.wn[w][lane] = nl[lane];
  xbin_flush_warp(&xc, xbv);
  lean_warp_merge(&a, &cnt, ncl, g.moments);
  if (lane == 0) sh.acc[w] = a, sh.c[w] = cnt;
  __syncthreads();
  red_write_part(&sh, &parts[(size_t)v * (2 * g.nblk) + it], &src, g.a0, ncl, g.moments);
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
