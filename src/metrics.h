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

#include "common.h"

/* Histogram of ulp errors e: [0] e == 0; [1] 0 < e < 2^HIST_KMIN;
 * [2 + k - HIST_KMIN] 2^k <= e < 2^(k+1) for HIST_KMIN <= k <= HIST_KMAX;
 * [HIST_N - 1] e >= 2^(HIST_KMAX + 1). */
#define HIST_KMIN (-10)
#define HIST_KMAX 39
#define HIST_N (2 + (HIST_KMAX - HIST_KMIN + 1) + 1)

/* Inputs per bin of the per-range maxima and digests: 2^20, so 4096 bins cover 2^32. */
#define BIN_LOG2 20
#define NBINS (1u << (32 - BIN_LOG2))

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
  uint64_t correctly_rounded, faithful, above_1ulp, nonfinite, flushed, special_mismatches;
  uint64_t symmetry_checked, symmetry_violations, monotonic_checked, monotonic_violations;
  uint64_t hist[HIST_N];
  int n_special, n_sym, n_mono;
  struct sample special[LIST_MAX], sym[LIST_MAX], mono[LIST_MAX];
  /* per bin of 2^BIN_LOG2 inputs */
  uint32_t bin_inputs[NBINS];
  double bin_max_ulp[NBINS];
  uint64_t bin_digest[NBINS];
};

void stats_init(struct stats *s);
/* a <- merge(a, b); exact and commutative. */
void stats_merge(struct stats *a, const struct stats *b);
/* Sum of the per-bin digests: a digest of every (input, output) pair. */
uint64_t stats_digest(const struct stats *s);
/* Bit-for-bit equality; on a difference *field names the first differing field. */
int stats_equal(const struct stats *a, const struct stats *b, const char **field);
void list_insert(struct sample *list, int *n, struct sample smp);

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

static inline int is_nan32(uint32_t b) { return (b & 0x7fffffffu) > 0x7f800000u; }
static inline int is_inf32(uint32_t b) { return (b & 0x7fffffffu) == 0x7f800000u; }

/* Account one input x with output out against reference (y, rn = RN24(exact)). */
static inline void stats_add(struct stats *s, uint32_t x, uint32_t out, double y, uint32_t rn) {
  s->inputs++;
  uint32_t bin = x >> BIN_LOG2;
  s->bin_inputs[bin]++;
  s->bin_digest[bin] += mix64(((uint64_t)x << 32) | out);
  if (isnan(y)) { /* NaN input, or exact value undefined: a NaN is expected */
    if (is_nan32(out)) { s->correctly_rounded++; s->faithful++; s->hist[0]++; }
    else { s->special_mismatches++; list_insert(s->special, &s->n_special, (struct sample){x, out, rn}); }
    return;
  }
  if (isinf(y)) { /* exact value infinite (a pole): the same infinity is expected */
    if (out == rn) { s->correctly_rounded++; s->faithful++; s->hist[0]++; }
    else { s->special_mismatches++; list_insert(s->special, &s->n_special, (struct sample){x, out, rn}); }
    return;
  }
  if (out == rn) s->correctly_rounded++;
  if (is_nan32(out) || is_inf32(out)) {
    if (out == rn) { s->faithful++; s->hist[0]++; return; } /* correctly rounded overflow */
    s->nonfinite++;
    s->above_1ulp++;
    return;
  }
  if ((out & 0x7fffffffu) == 0) {
    if ((rn & 0x7fffffffu) != 0) s->flushed++;
    else if (out != rn) { /* zero of the wrong sign */
      s->special_mismatches++;
      list_insert(s->special, &s->n_special, (struct sample){x, out, rn});
    }
  }
  float o = u2f(out);
  double d = fabs((double)o - y);
  double e = d * inv_ulp32(y);
  s->hist[hist_bin(e)]++;
  if (e < 1.0) s->faithful++;
  else s->above_1ulp++;
  if (e > s->max_ulp || (e == s->max_ulp && x < s->max_ulp_input)) {
    s->max_ulp = e; s->max_ulp_input = x; s->max_ulp_output = out; s->max_ulp_ref = y;
  }
  if (e > s->bin_max_ulp[bin]) s->bin_max_ulp[bin] = e;
  if (y != 0) {
    double r = d / fabs(y);
    if (r > s->max_rel || (r == s->max_rel && x < s->max_rel_input)) {
      s->max_rel = r; s->max_rel_input = x; s->max_rel_output = out; s->max_rel_ref = y;
    }
  }
}

/* Symmetry: for an odd f, f(-x) must be -f(x) bit for bit (NaN matches any NaN);
 * for an even f, f(-x) = f(x). x has its sign bit clear. */
static inline void stats_symmetry(struct stats *s, uint32_t x, uint32_t out_pos, uint32_t out_neg, int odd) {
  s->symmetry_checked++;
  if (is_nan32(out_pos) && is_nan32(out_neg)) return;
  uint32_t want = odd ? (out_pos ^ SIGN32) : out_pos;
  if (out_neg != want) {
    s->symmetry_violations++;
    list_insert(s->sym, &s->n_sym, (struct sample){x, out_pos, out_neg});
  }
}

/* Monotonicity between consecutive bit patterns x-1 and x of one sign half.
 * 'increasing' is the direction of f along increasing bit patterns (for the negative
 * half that is the opposite of f's direction along the real line). Pairs with a NaN
 * output are skipped (they are counted as nonfinite). */
static inline void stats_monotonic(struct stats *s, uint32_t x, uint32_t out_prev, uint32_t out, int increasing) {
  if (is_nan32(out_prev) || is_nan32(out)) return;
  s->monotonic_checked++;
  float a = u2f(out_prev), b = u2f(out);
  if (increasing ? (b < a) : (b > a)) {
    s->monotonic_violations++;
    list_insert(s->mono, &s->n_mono, (struct sample){x - 1, out_prev, out});
  }
}

#endif
