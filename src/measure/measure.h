/* measure.h: the measures of one input, defined once for the host and the device.
 *
 * Every per-input definition of docs/definitions.md is here, compiled as C for the
 * host reduction (metrics.c) and as __host__ __device__ code for the device reduction
 * (src/kinds/binary32/device/reduce.cuh): RN24 of the exact value from the reference pair (y, t) (and its
 * rounding in a directed mode, for variants documented to round so), the ulp,
 * relative and absolute errors, the correctly rounded, faithful, non-finite, flushed and
 * special-value rules, the histogram bin, the digest term and the bound clauses
 * (bounds.h), with the per-input function itself in measure_core.h. Both reductions call
 * it on every input and merge the accumulators with measure_merge, so each input gives
 * the same bits on both sides and the statistics are those of one sequential pass (maxima
 * break ties on the lowest input; everything else is a sum). The device's one-argument
 * reduction keeps the lean form of the accumulator (lean.h) per thread, from the same
 * per-input function. */
#ifndef ULPCERT_MEASURE_H
#define ULPCERT_MEASURE_H

#include <stdint.h>

#include "reference/bits.h"
#include "src/measure/bounds.h"
#include "src/measure/rounding.h"

#ifdef __CUDACC__
#define MEASURE_FN static __host__ __device__ __forceinline__
#else
#define MEASURE_FN static inline
#endif

/* Histogram of ulp errors e: [0] e == 0; [1] 0 < e < 2^HIST_KMIN;
 * [2 + k - HIST_KMIN] 2^k <= e < 2^(k+1) for HIST_KMIN <= k <= HIST_KMAX;
 * [HIST_N - 1] e >= 2^(HIST_KMAX + 1). */
#define HIST_KMIN (-10)
#define HIST_KMAX 39
#define HIST_N (2 + (HIST_KMAX - HIST_KMIN + 1) + 1)

MEASURE_FN double ms_fabs(double d) { return u2d(d2u(d) & 0x7fffffffffffffffull); }
MEASURE_FN int ms_isnan64(double d) { return (d2u(d) & 0x7fffffffffffffffull) > 0x7ff0000000000000ull; }
MEASURE_FN int ms_isinf64(double d) { return (d2u(d) & 0x7fffffffffffffffull) == 0x7ff0000000000000ull; }
MEASURE_FN int is_nan32(uint32_t b) { return (b & 0x7fffffffu) > 0x7f800000u; }
MEASURE_FN int is_inf32(uint32_t b) { return (b & 0x7fffffffu) == 0x7f800000u; }

/* The binary64 value of a binary32 bit pattern (exact). */
MEASURE_FN double ms_f32(uint32_t b) { return (double)bnd_f32(b); }

/* RN24 of y, ties to even, subnormals and overflow included: the conversion both sides
 * round to nearest even (C on the host, __double2float_rn on the device), as bits. */
MEASURE_FN uint32_t ms_rn24(double y) { return f2u((float)y); }

/* RN24(z) of the exact value z from y = RN53(z) and t = sign(y - z).
 *
 * Claim: if y is not a binary32 rounding boundary (a midpoint between two consecutive
 * binary32 numbers, or 2^128 - 2^103 where rounding to infinity starts), then RN24(z) =
 * RN24(y). Proof: every boundary b is a binary64 number (25 bits suffice). If z and y
 * were on different sides of b (or z = b, y != b), b would lie between z and y, closer to
 * z than y is, contradicting y = RN53(z). If y is a boundary, z lies on the side t gives
 * (t = 0: z = y, a true tie, which IEEE 754 resolves to even). In the binary32 normal
 * range a boundary has 25 significant bits: its 29 low binary64 significand bits are 1
 * followed by 28 zeros; the test below sends those, and everything below the normal
 * range, to the exact treatment. */
MEASURE_FN uint32_t ms_rn32(double y, int t) {
  const uint64_t b = d2u(y);
  const uint32_t f = ms_rn24(y);
  if (t == 0 || ((b & 0x1fffffffu) != 0x10000000u && (b & 0x7ff0000000000000ull) >= (uint64_t)(1023 - 126) << 52))
    return f;
  if (ms_isnan64(y)) return 0x7fc00000u;
  const uint32_t sign = (uint32_t)(b >> 32) & 0x80000000u;
  const double ay = ms_fabs(y);
  /* the overflow boundary 0x1.ffffffp127 rounds (ties to even) to infinity; |z| < |y|
   * (t has the sign of y) means below it: the largest finite number */
  if (ay == 0x1.ffffffp127) return ((t > 0) == (sign == 0)) ? (sign | 0x7f7fffffu) : (sign | 0x7f800000u);
  if (is_inf32(f)) return f;
  const double fd = ms_f32(f);
  if (fd == y) return f; /* y is a binary32 number */
  /* the binary32 neighbour of f on y's side: one step of the magnitude up or down */
  const uint32_t nb = ms_fabs(y) > ms_fabs(fd) ? f + 1 : f - 1;
  if (2.0 * ms_fabs(y - fd) != ms_fabs(ms_f32(nb) - fd)) return f; /* not a midpoint */
  /* y is the midpoint of f and nb: z lies above y (in value) when t < 0 */
  const int z_above = t < 0, nb_above = ms_f32(nb) > fd;
  return z_above == nb_above ? nb : f;
}

/* The binary32 neighbours of bit pattern b on the line -inf < ... < -2^-149 < 0 < 2^-149
 * < ... < +inf, both zeros being the value 0: ms_pred32(b) is the next binary32 below b's
 * value, ms_succ32(b) the next above. pred(+-0) = -2^-149 and succ(+-0) = +2^-149; a step
 * from +-2^-149 to zero gives the zero of that sign (pred(2^-149) = +0, succ(-2^-149) =
 * -0), the sign IEEE 754 gives a result rounded to zero (the exact value's); succ(FLT_MAX) =
 * +inf, pred(+inf) = FLT_MAX and their mirrors. ms_round32 never asks for pred(-inf),
 * succ(+inf) or a NaN's neighbour. */
MEASURE_FN uint32_t ms_pred32(uint32_t b) {
  if ((b & 0x7fffffffu) == 0) return 0x80000001u;
  return (b & 0x80000000u) ? b + 1 : b - 1;
}
MEASURE_FN uint32_t ms_succ32(uint32_t b) {
  if ((b & 0x7fffffffu) == 0) return 0x00000001u;
  return (b & 0x80000000u) ? b - 1 : b + 1;
}

/* The rounding of the exact value z in mode (RND_N, RND_Z, RND_U, RND_D) to binary32, as
 * bits, from y = RN53(z) and t = sign(y - z) (binary64 with subnormals; y may be +-inf
 * when z overflows binary64, with t of its sign, and is NaN where z is undefined).
 * F is the binary32 numbers with +-inf; RD24(z) = max {f in F : f <= z} and
 * RU24(z) = min {f in F : f >= z} (IEEE 754: past FLT_MAX, RD gives FLT_MAX and RU +inf;
 * a result rounded to zero has z's sign), RZ24(z) = RD24(z) for z >= 0, RU24(z) for z <= 0.
 *
 * Lemma: for every binary64 number b (every element of F is one), b < z implies b <= y,
 * and b > z implies b >= y: RN53 is monotonic and leaves b unchanged.
 *
 * Claim: RD24(z) = RD24(y), except when y is in F and t > 0, where RD24(z) = pred(y);
 *        RU24(z) = RU24(y), except when y is in F and t < 0, where RU24(z) = succ(y).
 * Proof (RD; RU is its mirror). If t = 0, z = y. Otherwise z is not in F (z in F would
 * make z binary64, so y = z and t = 0).
 *  - y not in F: let f = RD24(z) and f' the next element of F above it; f < z < f'
 *    (z not in F). The lemma gives f <= y <= f', and both are strict since y is not in F:
 *    f < y < f', so RD24(y) = f.
 *  - y in F and t > 0 (y > z): p = pred(y) satisfies p <= z, else p > z and the lemma
 *    give p >= y. So p <= z < y: RD24(z) = p (no element of F lies between p and y).
 *  - y in F and t < 0 (y < z): the next element above y is > z by the same argument, so
 *    RD24(z) = y = RD24(y).
 * This is the double-rounding trap of directed modes: y = RN53(z) may land exactly on a
 * binary32 number (z within 2^-54 relative of it), where rounding y again would give that
 * number whichever side z lies on; t says which. Rounding y itself: f = RN24(y) (ms_rn24,
 * the same conversion on both sides); if f = y, y is in F; otherwise no element of F lies
 * strictly between f and y (f is the nearest), so RD24(y) = f when f < y, else pred(f), and
 * RU24(y) = f when f > y, else succ(f). This covers the edges: y between 0 and 2^-149 (f a
 * zero of y's sign: RD of a tiny negative y is -2^-149, RU gives -0), y above FLT_MAX
 * (f = FLT_MAX or +inf: RD gives FLT_MAX, RU +inf), y = +-inf (in F: RD(+inf) with t > 0
 * is pred(+inf) = FLT_MAX, RU(-inf) with t < 0 is -FLT_MAX), y = +-0 with t != 0 (z a
 * nonzero number below binary64's subnormals: pred(-0) = -2^-149, succ(+0) = 2^-149).
 * RZ: RN53 keeps the sign of z (an underflow to zero gives the zero of z's sign), so y's
 * sign bit is z's and RZ is RD for a clear sign bit, RU for a set one. */
MEASURE_FN uint32_t ms_round32(double y, int t, int mode) {
  if (mode == RND_N) return ms_rn32(y, t);
  if (ms_isnan64(y)) return 0x7fc00000u;
  if (mode == RND_Z) mode = (d2u(y) >> 63) ? RND_U : RND_D;
  const uint32_t f = ms_rn24(y);
  const double fd = ms_f32(f);
  if (fd == y) { /* y is in F (a zero compares equal to either zero; f keeps y's sign) */
    if (mode == RND_D) return t > 0 ? ms_pred32(f) : f;
    return t < 0 ? ms_succ32(f) : f;
  }
  if (mode == RND_D) return fd < y ? f : ms_pred32(f);
  return fd > y ? f : ms_succ32(f);
}

/* ms_round32 of (y, t) in the four modes at once, w[mode]: one conversion f = RN24(y) serves
 * the three directed modes (the same steps as above, the same bits). */
MEASURE_FN void ms_round32_all(double y, int t, uint32_t w[RND_COUNT]) {
  w[RND_N] = ms_rn32(y, t);
  if (ms_isnan64(y)) {
    w[RND_Z] = w[RND_U] = w[RND_D] = 0x7fc00000u;
    return;
  }
  const uint32_t f = ms_rn24(y);
  const double fd = ms_f32(f);
  uint32_t d, u;
  if (fd == y) d = t > 0 ? ms_pred32(f) : f, u = t < 0 ? ms_succ32(f) : f;
  else d = fd < y ? f : ms_pred32(f), u = fd > y ? f : ms_succ32(f);
  w[RND_D] = d, w[RND_U] = u, w[RND_Z] = (d2u(y) >> 63) ? u : d;
}

/* ulp(y) = 2^(max(floor(log2|y|), -126) - 23), y the exact value; returns 1/ulp(y) (a
 * power of two, so that e = |out - y| * (1/ulp) is exact given |out - y|). y = 0 gives
 * 2^149 (the subnormal ulp). */
MEASURE_FN double inv_ulp32(double y) {
  int e = (int)((d2u(y) >> 52) & 0x7ff) - 1023; /* floor(log2|y|) for normal binary64 y */
  if (e < -126) e = -126;                          /* also covers y = 0 and binary64 subnormals */
  int ue = e - 23;                                 /* -149 <= ue <= 1000 */
  return u2d((uint64_t)(1023 - ue) << 52);
}

MEASURE_FN int hist_bin(double e) {
  if (e == 0) return 0;
  int k = (int)((d2u(e) >> 52) & 0x7ff) - 1023;
  if (k < HIST_KMIN) return 1;
  if (k > HIST_KMAX) return HIST_N - 1;
  return 2 + k - HIST_KMIN;
}

/* (mix64, the bijection of 64-bit words the digests use: reference/bits.h) */
MEASURE_FN uint64_t digest_term(uint32_t x, uint32_t out) { return mix64(((uint64_t)x << 32) | out); }
/* The term of a two-argument input (x, partner): for a fixed pair, out -> term is still a
 * bijection (a mix of the one-argument term xor the partner); partner 0 gives the
 * one-argument term. */
MEASURE_FN uint64_t digest_term_at(uint32_t x, uint32_t partner, uint32_t out) {
  const uint64_t d = digest_term(x, out);
  return partner ? mix64(d ^ partner) : d;
}

/* The ternary value t of a reference the referee could not decide (y is then NaN); -t,
 * from a mirrored odd reference, means the same (REF_T_UNDECIDABLE, reference.h). */
#define MS_UNDECIDABLE 2

/* What the measures of a variant depend on besides the input. */
struct measure_cfg {
  double abs_lo, abs_hi; /* the absolute error is measured for x in [abs_lo, abs_hi] */
  int rounding;          /* enum rounding_mode: the rounding the outputs are compared with */
  int n_clauses;
  struct bound_clause clause[CLAUSE_MAX];
};

/* A maximum with its input (ties to the lowest), output and reference; v = -1: none.
 * For functions of two arguments, the input is the swept operand and partner the other
 * one; ties go to the lowest (input, partner). One-argument functions leave partner 0. */
struct measure_max {
  double v, ref;
  uint32_t input, output, partner;
};

/* (input, partner) as one key: the order of ties */
MEASURE_FN uint64_t measure_key(uint32_t x, uint32_t partner) { return ((uint64_t)x << 32) | partner; }

/* The scalar statistics of a run of inputs; they merge exactly in any order. */
struct measure_acc {
  uint64_t inputs, cr, faithful, above_1ulp, nonfinite, flushed, special_mismatches, digest;
  uint64_t undecidable; /* inputs whose reference was undecidable: counted, not measured */
  struct measure_max ulp, rel, abs;
  double bin_max; /* the largest ulp error, -1 for none */
  struct clause_acc cl[CLAUSE_MAX];
};

MEASURE_FN void measure_max_init(struct measure_max *m) {
  m->v = -1.0, m->ref = 0;
  m->input = 0xffffffffu, m->output = 0, m->partner = 0;
}

MEASURE_FN void measure_init(struct measure_acc *a) {
  a->inputs = a->cr = a->faithful = a->above_1ulp = a->nonfinite = a->flushed = a->special_mismatches = 0;
  a->undecidable = 0;
  a->digest = 0;
  measure_max_init(&a->ulp), measure_max_init(&a->rel), measure_max_init(&a->abs);
  a->bin_max = -1.0;
  for (int k = 0; k < CLAUSE_MAX; k++) clause_acc_init(&a->cl[k]);
}

/* m <- the larger of m and (v at (x, partner)), ties to the lowest (x, partner) */
MEASURE_FN void measure_max_note_at(struct measure_max *m, double v, uint32_t x, uint32_t partner, uint32_t out,
                                    double ref) {
  if (v > m->v || (v == m->v && measure_key(x, partner) < measure_key(m->input, m->partner)))
    m->v = v, m->input = x, m->partner = partner, m->output = out, m->ref = ref;
}
MEASURE_FN void measure_max_note(struct measure_max *m, double v, uint32_t x, uint32_t out, double ref) {
  measure_max_note_at(m, v, x, 0, out, ref);
}

MEASURE_FN void measure_max_merge(struct measure_max *a, const struct measure_max *b) {
  measure_max_note_at(a, b->v, b->input, b->partner, b->output, b->ref);
}

/* a <- merge(a, b): exact and commutative. */
MEASURE_FN void measure_merge(struct measure_acc *a, const struct measure_acc *b, int n_clauses) {
  a->inputs += b->inputs, a->cr += b->cr, a->faithful += b->faithful, a->above_1ulp += b->above_1ulp;
  a->nonfinite += b->nonfinite, a->flushed += b->flushed, a->special_mismatches += b->special_mismatches;
  a->digest += b->digest, a->undecidable += b->undecidable;
  measure_max_merge(&a->ulp, &b->ulp), measure_max_merge(&a->rel, &b->rel), measure_max_merge(&a->abs, &b->abs);
  if (b->bin_max > a->bin_max) a->bin_max = b->bin_max;
  for (int k = 0; k < n_clauses; k++) clause_acc_merge(&a->cl[k], &b->cl[k]);
}

/* The ulp error of out against the exact value, represented by its binary64 rounding y. */
MEASURE_FN double ulp_error(float out, double y) { return ms_fabs((double)out - y) * inv_ulp32(y); }

/* Whether the absolute error is measured at x: abs_lo <= x <= abs_hi (binary64 comparisons
 * of x's value; a NaN input is never in range). */
MEASURE_FN int measure_in_abs_range(const struct measure_cfg *c, uint32_t x) {
  const double xv = ms_f32(x);
  return xv >= c->abs_lo && xv <= c->abs_hi;
}

/* Whether the relative error RN(d / ay) (ay = |y| > 0) can reach the running maximum mv:
 * the division, the costliest operation of a measure, is skipped where it cannot, which
 * changes nothing. With p = RN(RN(v ay) (1 - 2^-50)) >= 2^-1000 (every product normal, so
 * each rounding is within a relative 2^-53), p >= v ay (1 - 2^-49.9), and d < p gives
 * d / ay < v (1 - 2^-49.9): at least four ulps of v below v, where rounding to nearest
 * cannot reach v, so RN(d / ay) < v and the maximum (ties included) stays. A maximum of
 * -1 (none yet) or 0, a tiny p or an overflowed one (p = inf: then d <= 2^129 is far below
 * v ay) are handled by the same comparison: p <= 2^-1000 always divides. */
MEASURE_FN int measure_rel_may_reach(double mv, double d, double ay) {
  const double p = (mv * ay) * (1.0 - 0x1p-50);
  return !(p > 0x1p-1000 && d < p);
}

/* What measure_input tells its caller besides the accumulator. */
struct measure_note {
  int hist;     /* histogram bin to count, or -1 */
  double e;     /* the ulp error (for the bins along x), or -1 */
  int special;  /* a special-value mismatch: the caller lists (x, out, cr) */
  uint32_t cr;  /* the correctly rounded result: f(x) rounded in the variant's mode (RN24 by default) */
  int nonfinite; /* a non-finite output where the correctly rounded result is finite: listed as (x, out, cr) */
};

/* Whether the symmetry check applies to a variant of an odd or even reference: an odd f
 * gives RD24(f(-x)) = -RU24(f(x)), so outputs correctly rounded downward or upward are not
 * odd; RN and RZ commute with negation, and every mode keeps an even f even. */
MEASURE_FN int measure_sym_applies(const struct measure_cfg *c, int odd) {
  return !odd || c->rounding == RND_N || c->rounding == RND_Z;
}

/* The full accumulator's maxima: ties to the lowest (input, partner); the ulp error's
 * maximum also sets bin_max (the largest ulp error, kept for the bins along x). */
#define MS_ULP_NOTE(a, e, x, partner, out, y)                                                                 \
  do {                                                                                                        \
    measure_max_note_at(&(a)->ulp, e, x, partner, out, y);                                                    \
    if ((e) > (a)->bin_max) (a)->bin_max = (e);                                                               \
  } while (0)

/* measure_input_at and clauses_add_at: the per-input measure (measure_core.h) on the full
 * accumulator. */
#define MC_ACC struct measure_acc
#define MC_CLAUSE struct clause_acc
#define MC_MAX_NOTE measure_max_note_at
#define MC_ULP_NOTE MS_ULP_NOTE
#define MC_CLAUSE_NOTE clause_note_at
#define MC_CLAUSES_ADD clauses_add_at
#define MC_INPUT measure_input_at
#include "src/measure/measure_core.h"

/* One input of a function of one argument (partner 0, the domains those of x). */
MEASURE_FN struct measure_note measure_input(struct measure_acc *a, const struct measure_cfg *c, uint32_t x,
                                             uint32_t out, double y, int t) {
  return measure_input_at(a, c, x, 0, x, out, y, t);
}

#endif
