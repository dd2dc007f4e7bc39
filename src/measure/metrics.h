/* metrics.h: the error of one output against its reference, and the statistics
 * that reduce them. Every definition here is the one README.md ("Definitions")
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

#include "src/measure/bounds.h"
#include "src/common.h"

/* Histogram of ulp errors e: [0] e == 0; [1] 0 < e < 2^HIST_KMIN;
 * [2 + k - HIST_KMIN] 2^k <= e < 2^(k+1) for HIST_KMIN <= k <= HIST_KMAX;
 * [HIST_N - 1] e >= 2^(HIST_KMAX + 1). */
#define HIST_KMIN (-10)
#define HIST_KMAX 39
#define HIST_N (2 + (HIST_KMAX - HIST_KMIN + 1) + 1)

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

/* Length of the lists of first mismatches / violations. */
#define LIST_MAX 8

struct sample {
  uint32_t input;  /* x */
  uint32_t output; /* f(x) as computed */
  uint32_t other;  /* RN(f(x)); for symmetry: the output at -x; for monotonicity: the output at the next input */
};

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
  uint64_t symmetry_checked, symmetry_violations, monotonic_checked, monotonic_violations;
  uint64_t hist[HIST_N];
  int n_special, n_sym, n_mono;
  struct sample special[LIST_MAX], sym[LIST_MAX], mono[LIST_MAX];
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
  /* NULL: measured by this run. Otherwise the record these statistics were taken from,
   * its outputs having matched this run's in every bin (`arch record --reuse`). */
  const char *stats_from;
};

#define MOD_P ((1ull << 61) - 1) /* a Mersenne prime */
static inline uint64_t modp_add(uint64_t a, uint64_t b) {
  uint64_t s = a + b; /* a, b < 2^61: no overflow */
  return s >= MOD_P ? s - MOD_P : s;
}
static inline uint64_t modp_mul(uint64_t a, uint64_t b) {
  unsigned __int128 p = (unsigned __int128)a * b;
  uint64_t lo = (uint64_t)(p & MOD_P), hi = (uint64_t)(p >> 61);
  return modp_add(lo, hi % MOD_P);
}

/* Moments of outputs out[0..n) of inputs x0 .. x0+n-1 (one bin). */
static inline void stats_moments_run(struct stats *s, uint32_t x0, uint32_t n, const uint32_t *out) {
  const uint32_t bin = x0 >> BIN_LOG2, i0 = x0 & ((1u << BIN_LOG2) - 1);
  unsigned __int128 m0 = 0, m1 = 0; /* n <= 2^20 outputs < 2^32, weights <= 2^20: no overflow */
  for (uint32_t i = 0; i < n; i++) {
    m0 += out[i];
    m1 += (unsigned __int128)out[i] * (i0 + i + 1);
  }
  s->bin_m0[bin] = modp_add(s->bin_m0[bin], (uint64_t)(m0 % MOD_P));
  s->bin_m1[bin] = modp_add(s->bin_m1[bin], (uint64_t)(m1 % MOD_P));
}

void stats_init(struct stats *s);
/* a <- merge(a, b); exact and commutative. */
void stats_merge(struct stats *a, const struct stats *b);
/* Sum of the per-bin digests: a digest of every (input, output) pair. */
uint64_t stats_digest(const struct stats *s);
/* Bit-for-bit equality; on a difference *field names the first differing field. */
int stats_equal(const struct stats *a, const struct stats *b, const char **field);
void list_insert(struct sample *list, int *n, struct sample smp);

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
static inline int in_abs_range(const struct stats *s, uint32_t x) {
  const double v = (double)u2f(x);
  return v >= s->abs_lo && v <= s->abs_hi;
}

/* ulp(y) = 2^(max(floor(log2|y|), -126) - 23), y the exact value; returns 1/ulp(y)
 * (a power of two, so that e = |out - y| * (1/ulp) is exact given |out - y|).
 * y = 0 gives 2^149 (the subnormal ulp). */
static inline double inv_ulp32(double y) {
  int e = (int)((d2u(y) >> 52) & 0x7ff) - 1023; /* floor(log2|y|) for normal binary64 y */
  if (e < -126) e = -126;                        /* also covers y = 0 and binary64 subnormals */
  int ue = e - 23;                               /* -149 <= ue <= 1000 */
  return u2d((uint64_t)(1023 - ue) << 52);
}

/* ulp error of out against the exact value, represented by its binary64 rounding y. */
static inline double ulp_error(float out, double y) { return fabs((double)out - y) * inv_ulp32(y); }

static inline int hist_bin(double e) {
  if (e == 0) return 0;
  int k = (int)((d2u(e) >> 52) & 0x7ff) - 1023;
  if (k < HIST_KMIN) return 1;
  if (k > HIST_KMAX) return HIST_N - 1;
  return 2 + k - HIST_KMIN;
}

/* A bijection of 64-bit words (the splitmix64 finalizer): distinct (input, output)
 * pairs give distinct terms, so a single changed output always changes the digest. */
static inline uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Count outputs out[0..n) of inputs x0 .. x0+n-1 (one bin) into the inputs and the
 * bin's digest only, as stats_add_run does, without a reference (arch compare's first
 * pass: what a device computes, not how accurate it is). */
static inline void stats_digest_run(struct stats *s, uint32_t x0, uint32_t n, const uint32_t *out) {
  const uint32_t bin = x0 >> BIN_LOG2;
  uint64_t digest = 0;
  for (uint32_t i = 0; i < n; i++) digest += mix64(((uint64_t)(x0 + i) << 32) | out[i]);
  s->inputs += n;
  s->bin_inputs[bin] += n;
  s->bin_digest[bin] += digest;
}

static inline int is_nan32(uint32_t b) { return (b & 0x7fffffffu) > 0x7f800000u; }
static inline int is_inf32(uint32_t b) { return (b & 0x7fffffffu) == 0x7f800000u; }

struct gpu_partial;
/* Fold a work item reduced on the GPU (gpu.h) into s: inputs x0 .. x0+n-1 of one
 * bin, every one on the common path. */
void stats_fold_partial(struct stats *s, uint32_t x0, const struct gpu_partial *p, int sym_checked);
/* Fold the GPU's x-bin maxima (per bin: 0 for none, else the error's bits + 1). */
void stats_fold_xbins(struct stats *s, const uint64_t *dev);

/* Slow paths of the loops below (out of line: taken rarely). */
void stats_add_special(struct stats *s, uint32_t x, uint32_t out, double y, uint32_t rn);
void stats_note_sym(struct stats *s, uint32_t x, uint32_t out_pos, uint32_t out_neg);
void stats_note_mono(struct stats *s, uint32_t x_prev, uint32_t out_prev, uint32_t out);

/* Account inputs x0 .. x0+n-1 (all in one bin) with outputs out[i] against the
 * reference y[i] = RN53(exact), iu[i] = inv_ulp32(y[i]), rn[i] = RN24(exact).
 * This loop and stats_add_special are the definition of the per-input measures
 * (README "Definitions"): inputs whose output or reference is NaN, infinite or zero
 * go to stats_add_special. Counters live in registers for the run and are added at
 * the end, so a run of n inputs and n runs of one input give the same statistics. */
static inline void stats_add_run(struct stats *s, uint32_t x0, uint32_t n, const uint32_t *out, const double *y,
                                 const double *iu, const uint32_t *rn) {
  if (!n) return;
  const uint32_t bin = x0 >> BIN_LOG2;
  uint64_t cr = 0, faithful = 0, digest = 0, ordinary = 0;
  double max_ulp = s->max_ulp, bin_max = s->bin_max_ulp[bin], max_rel = s->max_rel, max_abs = s->max_abs;
  const double abs_lo = s->abs_lo, abs_hi = s->abs_hi;
  const int ncl = s->n_clauses;
  uint32_t mu_in = s->max_ulp_input, mr_in = s->max_rel_input, ma_in = s->max_abs_input;
  uint32_t mu_i = 0xffffffffu, mr_i = 0xffffffffu, ma_i = 0xffffffffu; /* index in this run, if it took a maximum */
  /* four interleaved histograms: consecutive inputs often fall in one bin, and a
   * single array would chain every increment through memory */
  uint32_t h4[4][HIST_N];
  memset(h4, 0, sizeof h4);
  for (uint32_t i = 0; i < n; i++) {
    const uint32_t x = x0 + i, o = out[i];
    const double yi = y[i];
    digest += mix64(((uint64_t)x << 32) | o);
    const uint32_t oe = o & 0x7f800000u;
    if (__builtin_expect((o & 0x7fffffffu) == 0 || oe == 0x7f800000u || yi == 0 ||
                             (d2u(yi) & 0x7ff0000000000000ull) == 0x7ff0000000000000ull, 0)) {
      /* hand the maxima to the slow path and take them back */
      if (mu_i != 0xffffffffu)
        s->max_ulp = max_ulp, s->max_ulp_input = mu_in, s->max_ulp_output = out[mu_i], s->max_ulp_ref = y[mu_i];
      if (mr_i != 0xffffffffu)
        s->max_rel = max_rel, s->max_rel_input = mr_in, s->max_rel_output = out[mr_i], s->max_rel_ref = y[mr_i];
      if (ma_i != 0xffffffffu)
        s->max_abs = max_abs, s->max_abs_input = ma_in, s->max_abs_output = out[ma_i], s->max_abs_ref = y[ma_i];
      mu_i = mr_i = ma_i = 0xffffffffu;
      s->bin_max_ulp[bin] = bin_max;
      stats_add_special(s, x, o, yi, rn[i]);
      max_ulp = s->max_ulp, mu_in = s->max_ulp_input, max_rel = s->max_rel, mr_in = s->max_rel_input;
      max_abs = s->max_abs, ma_in = s->max_abs_input;
      bin_max = s->bin_max_ulp[bin];
      continue;
    }
    ordinary++;
    cr += o == rn[i];
    const double d = fabs((double)u2f(o) - yi);
    const double e = d * iu[i];
    h4[i & 3][hist_bin(e)]++;
    faithful += e < 1.0;
    if (e > max_ulp || (e == max_ulp && x < mu_in)) max_ulp = e, mu_in = x, mu_i = i;
    if (e > bin_max) bin_max = e;
    const int xb = xbin_of(x);
    if (xb >= 0 && e > s->xbin_max_ulp[xb]) s->xbin_max_ulp[xb] = e;
    /* absolute error d, for inputs in the range */
    const double xv = (double)u2f(x);
    if (xv >= abs_lo && xv <= abs_hi && (d > max_abs || (d == max_abs && x < ma_in))) max_abs = d, ma_in = x, ma_i = i;
    /* Relative error d/|y|, computed only where it can reach the maximum M: if
     * RN(d/|y|) >= M then d >= M|y|(1 - 2^-53) > RN(RN(M|y|) * 0.999999), so the filter
     * never skips a candidate and the result is that of dividing every time. */
    if (ncl) clauses_add(s->cl, s->clause, ncl, x, o, yi, rn[i], e, d);
    const double ay = fabs(yi);
    if (d >= (max_rel * ay) * 0.999999) {
      const double r = d / ay;
      if (r > max_rel || (r == max_rel && x < mr_in)) max_rel = r, mr_in = x, mr_i = i;
    }
  }
  if (mu_i != 0xffffffffu)
    s->max_ulp = max_ulp, s->max_ulp_input = mu_in, s->max_ulp_output = out[mu_i], s->max_ulp_ref = y[mu_i];
  if (mr_i != 0xffffffffu)
    s->max_rel = max_rel, s->max_rel_input = mr_in, s->max_rel_output = out[mr_i], s->max_rel_ref = y[mr_i];
  if (ma_i != 0xffffffffu)
    s->max_abs = max_abs, s->max_abs_input = ma_in, s->max_abs_output = out[ma_i], s->max_abs_ref = y[ma_i];
  s->bin_max_ulp[bin] = bin_max;
  for (int b = 0; b < HIST_N; b++) s->hist[b] += (uint64_t)h4[0][b] + h4[1][b] + h4[2][b] + h4[3][b];
  s->inputs += n;
  s->bin_inputs[bin] += n;
  s->bin_digest[bin] += digest;
  s->correctly_rounded += cr;
  s->faithful += faithful;
  s->above_1ulp += ordinary - faithful;
}

/* Account one input. */
static inline void stats_add(struct stats *s, uint32_t x, uint32_t out, double y, uint32_t rn) {
  double iu = inv_ulp32(y);
  stats_add_run(s, x, 1, &out, &y, &iu, &rn);
}

/* Symmetry of inputs x0 .. x0+n-1 (sign bit clear): for an odd f, f(-x) must be
 * -f(x) bit for bit; for an even f, f(-x) = f(x); a NaN matches any NaN. */
static inline void stats_symmetry_run(struct stats *s, uint32_t x0, uint32_t n, const uint32_t *pos,
                                      const uint32_t *neg, int odd) {
  const uint32_t flip = odd ? SIGN32 : 0;
  uint64_t bad = 0;
  for (uint32_t i = 0; i < n; i++) {
    const uint32_t a = pos[i], b = neg[i];
    if (__builtin_expect(b != (a ^ flip), 0) && !(is_nan32(a) && is_nan32(b))) {
      bad++;
      stats_note_sym(s, x0 + i, a, b);
    }
  }
  s->symmetry_checked += n;
  s->symmetry_violations += bad;
}

static inline void stats_symmetry(struct stats *s, uint32_t x, uint32_t out_pos, uint32_t out_neg, int odd) {
  stats_symmetry_run(s, x, 1, &out_pos, &out_neg, odd);
}

/* Monotonicity between consecutive bit patterns (x-1, x) of one sign half, for
 * x = x0 .. x0+n-1; out[-1] is the output at x0 - 1. 'increasing' is the direction of
 * f along increasing bit patterns (for the negative half, the opposite of f's
 * direction on the real line). Pairs with a NaN output are skipped (those count as
 * nonfinite); -0 and +0 are equal. */
static inline void stats_monotonic_run(struct stats *s, uint32_t x0, uint32_t n, const uint32_t *out, int increasing) {
  uint64_t checked = 0, bad = 0;
  for (uint32_t i = 0; i < n; i++) {
    const uint32_t a = out[(int64_t)i - 1], b = out[i];
    if (is_nan32(a) || is_nan32(b)) continue;
    checked++;
    const float fa = u2f(a), fb = u2f(b);
    if (__builtin_expect(increasing ? (fb < fa) : (fb > fa), 0)) {
      bad++;
      stats_note_mono(s, x0 + i - 1, a, b);
    }
  }
  s->monotonic_checked += checked;
  s->monotonic_violations += bad;
}

static inline void stats_monotonic(struct stats *s, uint32_t x, uint32_t out_prev, uint32_t out, int increasing) {
  const uint32_t pair[2] = {out_prev, out};
  stats_monotonic_run(s, x, 1, pair + 1, increasing);
}

#endif
