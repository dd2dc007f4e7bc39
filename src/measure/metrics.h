/* metrics.h: the error of one output against its reference, and the statistics
 * that reduce them. Every definition here is the one docs/definitions.md
 * documents; change both together.
 *
 * Statistics merge exactly and in any order: maxima break ties on the lowest input
 * bit pattern, counts are integers, lists keep the lowest inputs, the per-bin output
 * digest is a sum modulo 2^64. Splitting a range in pieces and merging gives the
 * single-pass result bit for bit. */
#ifndef ULPCERT_METRICS_H
#define ULPCERT_METRICS_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "src/common.h"
#include "src/measure/bounds.h"
#include "src/measure/item_stats.h"

/* Inputs per bin of the per-range maxima and digests: 2^20, so 4096 bins cover 2^32. */
#define BIN_LOG2 20
#define NBINS (1u << (32 - BIN_LOG2))

/* Bins along x: XBINS equal bins over [XBIN_LO, XBIN_HI) (width 0.01), for plots of
 * the error against the input value. The bin of x is floor((x - XBIN_LO) * XBIN_SCALE)
 * in binary64 (the GPU computes the same). */
#define XBINS 2000
#define XBIN_LO (-10.0)
#define XBIN_HI 10.0
#define XBIN_SCALE 100.0
static inline int xbin_of(uint32_t x) {
  double v = (double)u2f(x);
  if (!(v >= XBIN_LO && v < XBIN_HI)) return -1; /* NaN too */
  int k = (int)floor((v - XBIN_LO) * XBIN_SCALE);
  return k < XBINS ? k : XBINS - 1;
}

struct stats {
  uint64_t inputs;
  double max_ulp; /* -1 while no finite error was seen */
  uint32_t max_ulp_input, max_ulp_output;
  double max_ulp_ref;
  double max_rel;
  uint32_t max_rel_input, max_rel_output;
  double max_rel_ref;
  /* Absolute error a = |out - y| (binary64 subtraction) over the measured inputs (finite
   * output, finite exact value) whose value lies in [abs_lo, abs_hi] (default: every
   * value); -1 while none was seen. Against the exact value: |y - f(x)| <= 2^-53 |y|
   * (2^-1075 for a binary64 subnormal y) and the subtraction rounds within 2^-53 a, so
   * |a - |out - f(x)|| <= 2^-53 (|y| + a) + 2^-1075. */
  double max_abs;
  uint32_t max_abs_input, max_abs_output;
  double max_abs_ref;
  double abs_lo, abs_hi;
  uint64_t correctly_rounded, faithful, above_1ulp, nonfinite, flushed, special_mismatches;
  /* inputs whose reference value could not be decided (an exact value the referee cannot
   * show exactly, expression references: expr.h): counted in inputs, measured nowhere
   * else; the lowest LIST_MAX listed (input only) */
  uint64_t undecidable;
  int n_undec;
  struct sample undec[LIST_MAX];
  uint64_t symmetry_checked, symmetry_violations, monotonic_checked, monotonic_violations;
  uint64_t hist[HIST_N];
  int n_special, n_sym, n_mono;
  struct sample special[LIST_MAX], sym[LIST_MAX], mono[LIST_MAX];
  /* The lowest LIST_MAX inputs whose output is NaN or infinite where the correctly rounded
   * result is finite (the inputs counted in nonfinite; other: the correctly rounded result),
   * unless nonfinite_unlisted: some of them were counted where no list was kept (a kind
   * whose reduction keeps none, a result file written before the list existed), so no list
   * could be the lowest, and none is kept (n_nonfinite 0). */
  int n_nonfinite, nonfinite_unlisted;
  struct sample nonfinite_first[LIST_MAX];
  /* per bin of 2^BIN_LOG2 inputs */
  uint32_t bin_inputs[NBINS];
  double bin_max_ulp[NBINS];
  uint64_t bin_digest[NBINS];
  double xbin_max_ulp[XBINS]; /* -1: no measured input in the bin */
  /* Output moments per bin, modulo MOD_P (only when has_moments): m0 = sum of outputs,
   * m1 = sum of (i + 1) * output, i the input's index in its bin. A single changed
   * output in a bin is located by them (arch compare): k + 1 = dm1 / dm0. */
  int has_moments;
  uint64_t bin_m0[NBINS], bin_m1[NBINS];
  /* Documented bounds on part of the inputs or depending on x (bounds.h): the clauses
   * (the variant's) and what the inputs gave. */
  int n_clauses;
  struct bound_clause clause[CLAUSE_MAX];
  struct clause_acc cl[CLAUSE_MAX];
  /* enum rounding_mode (rounding.h): the rounding the outputs were compared with (RND_N,
   * or the directed mode the variant is documented to round in). */
  int rounding;
  /* Two-argument functions (pairs = 1): inputs counts pairs (x, partner), the bins are
   * those of the swept operand x, and the maxima keep the other operand. */
  int pairs;
  uint32_t max_ulp_partner, max_rel_partner, max_abs_partner;
  /* NULL: measured by this run. Otherwise the record these statistics were taken from,
   * its outputs having matched this run's in every bin (`arch record --reuse`). */
  const char *stats_from;
};

static inline uint64_t modp_mul(uint64_t a, uint64_t b) {
  unsigned __int128 p = (unsigned __int128)a * b;
  uint64_t lo = (uint64_t)(p & MOD_P), hi = (uint64_t)(p >> 61);
  return modp_add(lo, hi % MOD_P);
}

void stats_init(struct stats *s);
/* a <- merge(a, b); exact and commutative. */
void stats_merge(struct stats *a, const struct stats *b);
/* Sum of the per-bin digests: a digest of every (input, output) pair. */
uint64_t stats_digest(const struct stats *s);
/* Bit-for-bit equality; on a difference *field names the first differing field. */
int stats_equal(const struct stats *a, const struct stats *b, const char **field);
/* Restrict the absolute error to inputs x with abs_lo <= x <= abs_hi (binary64
 * comparisons of x's value; a NaN input is never in range). */
static inline void stats_set_abs_range(struct stats *s, double lo, double hi) {
  s->abs_lo = lo;
  s->abs_hi = hi;
}
/* Account the inputs against these clauses (n <= CLAUSE_MAX; copied). */
static inline void stats_set_clauses(struct stats *s, const struct bound_clause *c, int n) {
  s->n_clauses = n;
  for (int k = 0; k < n; k++) s->clause[k] = c[k];
}
/* Whether a and b account the same clauses. */
static inline int stats_clauses_same(const struct stats *a, const struct stats *b) {
  if (a->n_clauses != b->n_clauses) return 0;
  for (int k = 0; k < a->n_clauses; k++)
    if (!clause_same(&a->clause[k], &b->clause[k])) return 0;
  return 1;
}
/* Fold a work item's statistics (item_stats.h) into s: inputs x0 .. x0+n-1 of one bin. */
void stats_fold_part(struct stats *s, uint32_t x0, uint32_t n, const struct part *p);
/* Fold the GPU's x-bin maxima (per bin: 0 for none, else the error's bits + 1). */
void stats_fold_xbins(struct stats *s, const uint64_t *dev);

/* count more non-finite outputs into s, with their list (n inputs, sorted or not): a list
 * shorter than min(count, LIST_MAX) was not kept, and s's list is then dropped
 * (nonfinite_unlisted). */
void stats_nonfinite_fold(struct stats *s, uint64_t count, const struct sample *list, int n);

/* A sample into a list of the LIST_MAX lowest inputs, sorted. */
void list_insert(struct sample *list, int *n, struct sample smp);

/* The measure of a variant's inputs: its absolute-error range, bound clauses and rounding. */
static inline void stats_measure_cfg(const struct stats *s, struct measure_cfg *c) {
  c->abs_lo = s->abs_lo, c->abs_hi = s->abs_hi, c->n_clauses = s->n_clauses, c->rounding = s->rounding;
  for (int k = 0; k < s->n_clauses; k++) c->clause[k] = s->clause[k];
}

/* The host reduction of a work item of one variant: inputs x0 .. x0+n-1 (one bin, one
 * sign half) with outputs out[0..n) against the references y[i], t[i] (y NULL: outputs only:
 * the count, digest and moments), into p (part_init first); the x-bin maxima go straight to s. Symmetry (sym: 1 odd, 2 even, 0 none) against
 * the outputs neg[] at -x; monotonicity (mono: +1 increasing along the bit patterns, -1
 * decreasing, 0 none) with out[-1] the output at x0 - 1, for pairs (x - 1, x) with x >=
 * mono_from. With moments, the output moments too. */
void part_reduce_host(struct part *p, struct stats *s, const struct measure_cfg *c, uint32_t x0, uint32_t n,
                      const uint32_t *out, const double *y, const int8_t *t, const uint32_t *neg, int sym, int mono,
                      uint32_t mono_from, int moments);

/* The host reduction of one swept input x of a two-argument function against its n
 * partners (n <= 4095): outputs out[k], references y[k], t[k], clause domains tested on
 * dom[k] (the operand the variant's clauses name), into p; *emax gets the largest ulp
 * error measured (-1 for none), for the bins along x. */
void part_reduce_pairs(struct part *p, const struct measure_cfg *c, uint32_t x, uint32_t n, const uint32_t *partner,
                       const uint32_t *dom, const uint32_t *out, const double *y, const int8_t *t, double *emax);

/* Convenience on the host (tests, selftest): one input, or a run of inputs of one bin,
 * against (y, t), without symmetry or monotonicity; the symmetry of x (sign clear) from the
 * outputs at x and -x; the monotonicity of the pair (x - 1, x). */
void stats_add(struct stats *s, uint32_t x, uint32_t out, double y, int t);
void stats_add_run(struct stats *s, uint32_t x0, uint32_t n, const uint32_t *out, const double *y, const int8_t *t);
void stats_symmetry(struct stats *s, uint32_t x, uint32_t out_pos, uint32_t out_neg, int odd);
void stats_monotonic(struct stats *s, uint32_t x, uint32_t out_prev, uint32_t out, int increasing);

#endif
