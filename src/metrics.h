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

/* Block accumulator: the fields that change on almost every input, kept in
 * registers while the engine reduces a block of consecutive inputs of one bin, then
 * folded into struct stats by acc_flush. Inputs off the common path (NaN, infinite or
 * zero output or reference) go straight to stats_add_special. */
struct acc {
  uint32_t bin;
  uint64_t inputs, cr, faithful, above, digest;
  double max_ulp, bin_max;
  uint32_t max_ulp_input, max_ulp_output;
  double max_ulp_ref;
  double max_rel;
  uint32_t max_rel_input, max_rel_output;
  double max_rel_ref;
};

static inline void acc_begin(struct acc *a, uint32_t bin) {
  memset(a, 0, sizeof *a);
  a->bin = bin;
  a->max_ulp = a->max_rel = a->bin_max = -1.0;
  a->max_ulp_input = a->max_rel_input = 0xffffffffu;
}

void acc_flush(struct acc *a, struct stats *s);
/* The uncommon cases of stats_add: reference NaN, infinite or zero, output NaN,
 * infinite or zero. Does not count the input or its digest. */
void stats_add_special(struct stats *s, uint32_t x, uint32_t out, double y, uint32_t rn);

/* Account one input x with output out against the reference y = RN53(exact) and
 * rn = RN24(exact) (iu = inv_ulp32(y)). x must lie in the accumulator's bin. */
static inline void acc_add(struct acc *a, struct stats *s, uint32_t x, uint32_t out, double y, double iu, uint32_t rn) {
  a->inputs++;
  a->digest += mix64(((uint64_t)x << 32) | out);
  uint32_t oe = out & 0x7f800000u;
  int ordinary = (out & 0x7fffffffu) != 0 && oe != 0x7f800000u && y != 0 &&
                 (d2u(y) & 0x7ff0000000000000ull) != 0x7ff0000000000000ull;
  if (__builtin_expect(!ordinary, 0)) {
    stats_add_special(s, x, out, y, rn);
    return;
  }
  a->cr += out == rn;
  double d = fabs((double)u2f(out) - y);
  double e = d * iu;
  s->hist[hist_bin(e)]++;
  a->faithful += e < 1.0;
  a->above += !(e < 1.0);
  if (e > a->max_ulp || (e == a->max_ulp && x < a->max_ulp_input)) {
    a->max_ulp = e; a->max_ulp_input = x; a->max_ulp_output = out; a->max_ulp_ref = y;
  }
  if (e > a->bin_max) a->bin_max = e;
  double r = d / fabs(y);
  if (r > a->max_rel || (r == a->max_rel && x < a->max_rel_input)) {
    a->max_rel = r; a->max_rel_input = x; a->max_rel_output = out; a->max_rel_ref = y;
  }
}

/* Account one input (the definition every path shares: see acc_add and
 * stats_add_special). */
static inline void stats_add(struct stats *s, uint32_t x, uint32_t out, double y, uint32_t rn) {
  struct acc a;
  acc_begin(&a, x >> BIN_LOG2);
  acc_add(&a, s, x, out, y, inv_ulp32(y), rn);
  acc_flush(&a, s);
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
