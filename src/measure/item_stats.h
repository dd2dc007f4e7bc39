/* item_stats.h: the statistics of one work item (a run of consecutive inputs of one sign half
 * within one bin, for one variant), built by the host reduction (metrics.c) and by the
 * device reduction (src/kinds/binary32/device/reduce.cuh) with the same per-input measure (measure.h), and
 * folded into a variant's statistics by stats_fold_part. */
#ifndef ULPCERT_ITEM_STATS_H
#define ULPCERT_ITEM_STATS_H

#include "src/measure/measure.h"

/* Length of the lists of first mismatches / violations. */
#define LIST_MAX 8

struct sample {
  uint32_t input;  /* x */
  uint32_t output; /* f(x) as computed */
  uint32_t other;  /* RN(f(x)); for symmetry: the output at -x; for monotonicity: the output at the next input */
  uint32_t partner; /* two-argument functions: the other operand (lists order by (input, partner)); else 0 */
};

#define MOD_P ((1ull << 61) - 1) /* a Mersenne prime: the output moments are sums modulo it */
MEASURE_FN uint64_t modp_add(uint64_t a, uint64_t b) {
  uint64_t s = a + b; /* a, b < 2^61: no overflow */
  return s >= MOD_P ? s - MOD_P : s;
}

struct part {
  struct measure_acc a;
  uint32_t hist[HIST_N];
  /* output moments (when asked for): m0 = sum of outputs, m1 = sum of (i + 1) * output, i
   * the input's index in its bin, both modulo MOD_P */
  uint64_t m0, m1;
  uint64_t sym_checked, sym_violations, mono_checked, mono_violations;
  uint32_t n_special, n_sym, n_mono; /* listed: the lowest inputs, at most LIST_MAX each */
  struct sample special[LIST_MAX], sym[LIST_MAX], mono[LIST_MAX];
  /* the lowest inputs whose output is non-finite where the correctly rounded result is
   * finite (other: the correctly rounded result): min(a.nonfinite, LIST_MAX) of them where
   * the reduction lists them (the one-argument kind, host and device); fewer tells
   * stats_fold_part that this part's reduction keeps no such list (the pair kind) */
  uint32_t n_nonfinite;
  struct sample nonfinite[LIST_MAX];
};

MEASURE_FN void part_init(struct part *p) {
  measure_init(&p->a);
  for (int b = 0; b < HIST_N; b++) p->hist[b] = 0;
  p->m0 = p->m1 = 0;
  p->sym_checked = p->sym_violations = p->mono_checked = p->mono_violations = 0;
  p->n_special = p->n_sym = p->n_mono = p->n_nonfinite = 0;
}

/* The moment terms of output out at index i of its bin: out < 2^32 and i + 1 <= 2^20, so
 * both terms are below 2^61 (exact, no reduction needed before the sum). */
MEASURE_FN void part_moments(struct part *p, uint32_t i, uint32_t out) {
  p->m0 = modp_add(p->m0, out);
  p->m1 = modp_add(p->m1, (uint64_t)out * (i + 1));
}

/* Symmetry of f at x (sign bit clear), from the outputs at x and -x: an odd f must give
 * -f(x) bit for bit, an even one f(x); any NaN matches any NaN. 1 on a violation. */
MEASURE_FN int sym_violated(uint32_t pos, uint32_t neg, int odd) {
  return neg != (pos ^ (odd ? 0x80000000u : 0)) && !(is_nan32(pos) && is_nan32(neg));
}

/* Monotonicity between consecutive inputs: -1 when a pair with a NaN output is skipped,
 * 1 when the outputs a (earlier) and b move against 'increasing' (f's direction along
 * increasing bit patterns: for the negative half, the opposite of f's direction on the
 * line), else 0. -0 and +0 are equal. */
MEASURE_FN int mono_violated(uint32_t a, uint32_t b, int increasing) {
  if (is_nan32(a) || is_nan32(b)) return -1;
  const float fa = bnd_f32(a), fb = bnd_f32(b);
  return increasing ? fb < fa : fb > fa;
}

#endif
