/* pair_pipe_core.h: the per-pair steps of the pipeline of pairs, compiled for the host
 * (pipe_host.c) and the device (pair_pipe.cu) from the same source: where a pair of a
 * block is, its operands, its measure into the lean accumulator (pair_lean.h) and its
 * output moments. The device adds only how threads share a block (warps, shuffles,
 * shared memory); the host takes the block in slices. */
#ifndef ULPCERT_PAIR_PIPE_CORE_H
#define ULPCERT_PAIR_PIPE_CORE_H

#include "src/kinds/pair/pair_lean.h"
#include "src/kinds/pair/pair_store.h"
#include "src/kinds/pair/partners.h"
#include "src/measure/item_stats.h"

/* t of a pair whose reference MPFR has yet to decide */
#define PP_PENDING 3
/* x per reduction item (one CUDA block): its parts are merged into the unit's */
#define PP_ITEM_X 2048u
/* x per bin of the statistics: BIN_LOG2 of metrics.h (checked in pipe_host.c) */
#define PP_BIN_LOG2 20

/* (x, partner) -> (a, b) of f(a, b): x is a, or b with --swap */
MEASURE_FN uint32_t pp_op_a(int swap, uint32_t x, uint32_t p) { return swap ? p : x; }
MEASURE_FN uint32_t pp_op_b(int swap, uint32_t x, uint32_t p) { return swap ? x : p; }

/* x mod (2^61 - 1) for any 64-bit x */
MEASURE_FN uint64_t pp_modp(uint64_t x) {
  x = (x & MOD_P) + (x >> 61);
  return x >= MOD_P ? x - MOD_P : x;
}

/* The output moments of output out at index i of its bin (i + 1 < 2^32: the product
 * fits 64 bits), one pair at a time (the batch path: scan.c). */
MEASURE_FN void pp_moments(uint64_t *m0, uint64_t *m1, uint64_t i, uint32_t out) {
  *m0 = modp_add(*m0, out);
  *m1 = modp_add(*m1, pp_modp((uint64_t)out * (i + 1)));
}

/* The same moments of a run of fewer than 2^32 pairs (the pipeline's), exact: s0 = the sum of the
 * outputs out (each below 2^32: the sum fits 64 bits), s1 = the sum of out (i + 1), i the
 * pair's index in its bin (i + 1 < 2^32: each product fits 64 bits, the sum 96 bits,
 * (hi, lo)). Sums modulo MOD_P of the same terms are these sums reduced (pp_mom_fold):
 * one 32 x 32-bit product and three additions per pair, no reduction. */
struct pp_mom {
  uint64_t s0, lo;
  uint32_t hi;
};

MEASURE_FN void pp_mom_init(struct pp_mom *m) { m->s0 = m->lo = 0, m->hi = 0; }

MEASURE_FN void pp_mom_add(struct pp_mom *m, uint32_t i, uint32_t out) {
  const uint64_t t = (uint64_t)out * (i + 1u);
  m->s0 += out;
  m->lo += t;
  m->hi += m->lo < t; /* the carry */
}

/* (m0, m1) <- the moments modulo MOD_P (item_stats.h): 2^64 = 8 (2^61 - 1) + 8, so s1 = 8 hi + lo
 * modulo MOD_P, with 8 hi < 2^35 */
MEASURE_FN void pp_mom_fold(const struct pp_mom *m, uint64_t *m0, uint64_t *m1) {
  *m0 = pp_modp(m->s0);
  *m1 = modp_add(pp_modp(m->lo), 8ull * m->hi);
}

/* One pair (x, partner p) of index idx in its block, output out, reference (y, t), into
 * the accumulator (acc, its places cold: pair_lean.h; the caller counts the pairs): the
 * measure of measure_core.h (the clauses' domains and the absolute error's range on
 * operand 'operand' of f(a, b)), or with outputs_only the digest alone. */
MEASURE_FN struct measure_note pp_measure(struct pl_hot *acc, struct pl_cold *cold, const struct measure_cfg *c,
                                          int outputs_only, int swap, int operand, uint32_t x, uint32_t p,
                                          uint32_t out, double y, int t, uint32_t idx) {
  if (outputs_only) {
    struct measure_note n = {-1, -1.0, 0, 0, 0};
    acc->digest += digest_term_at(x, p, out);
    return n;
  }
  const uint32_t dom = operand ? pp_op_b(swap, x, p) : pp_op_a(swap, x, p);
  cold->now = idx;
  return pl_input(acc, c, x, p, dom, out, y, t);
}

/* A walk over the pairs of a block: index j = xo np + k, advanced by a fixed step by
 * additions (no division per pair). */
struct pp_walk {
  uint32_t xo, k, dq, dr; /* dq, dr: step / np and step % np */
};
MEASURE_FN void pp_walk_start(struct pp_walk *w, uint32_t j, uint32_t np, uint32_t step) {
  w->xo = j / np, w->k = j % np, w->dq = step / np, w->dr = step % np;
}
MEASURE_FN void pp_walk_next(struct pp_walk *w, uint32_t np) {
  w->xo += w->dq, w->k += w->dr;
  if (w->k >= np) w->k -= np, w->xo++;
}

#endif
