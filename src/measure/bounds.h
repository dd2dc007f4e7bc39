/* bounds.h: documented bounds that hold on part of the inputs, or depend on x, and
 * their per-input accounting. Shared by the host (metrics.h) and the device reduction
 * (src/kinds/binary32/device/eval.cu): both call these functions, so each input gives the same bits.
 *
 * A clause says: for every input x in its domain, error(x) <= c0 + floor(c1 |x|),
 * the error in one measure:
 *   BM_ULP     ulp error against the exact value, as metrics.h defines it;
 *   BM_ULP_CR  ulps from the correctly rounded result: the number of binary32 steps
 *              between the output and RN24(f(x)), |ord(out) - ord(RN24(f(x)))|, with
 *              ord(x) the bit pattern for x >= 0 and minus the magnitude's for x < 0
 *              (both zeros are 0). An integer, computed exactly. This is the measure
 *              of the CUDA Programming Guide's tables ("the absolute value of the
 *              difference in ulps between a correctly rounded single-precision result
 *              and the result returned") and of PTX ex2.approx ("2 ulp from the
 *              correctly rounded result");
 *   BM_REL     |out - y| / |y|;
 *   BM_ABS     |out - y|.
 * The domain is x in [lo, hi] minus x in [ex_lo, ex_hi] (binary64 comparisons of
 * x's value; a NaN input is in no domain). Inputs are those the ulp error measures
 * (finite output, finite exact value); BM_REL also needs y != 0. */
#ifndef ULPCERT_BOUNDS_H
#define ULPCERT_BOUNDS_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#ifdef __CUDACC__
#define BOUNDS_FN static __host__ __device__ __forceinline__
#else
#define BOUNDS_FN static inline
#endif

/* The functions of a measure's rare paths (a division that the tests before it mostly
 * skip, a maximum that moves): inline, or calls in a device translation unit that defines
 * MS_OUTOFLINE before it includes this (src/kinds/pair/pair_pipe.cu), so that their code
 * and registers stay out of the loop that measures. Their results are the same. */
#if defined(__CUDACC__) && defined(MS_OUTOFLINE)
#define RARE_FN static __host__ __device__ __noinline__
#else
#define RARE_FN BOUNDS_FN
#endif

/* a / b in binary64, rounded to nearest: the divisions of the measures */
RARE_FN double bnd_div(double a, double b) { return a / b; }

enum bound_measure { BM_ULP = 0, BM_ULP_CR, BM_REL, BM_ABS, BM_N };

/* clauses per variant */
#define CLAUSE_MAX 2

struct bound_clause {
  int measure;         /* enum bound_measure */
  double lo, hi;       /* x in [lo, hi] ... */
  double ex_lo, ex_hi; /* ... and not in [ex_lo, ex_hi]; ex_lo > ex_hi: nothing excluded */
  double c0;           /* bound(x) = c0 + floor(c1n |x| / c1d), c0 >= 0 (0: exact functions) */
  uint32_t c1n, c1d;   /* c1n = 0: the constant c0; else c1n < 2^27, c1d >= 1 */
};

/* What a clause's inputs gave: maxima break ties on the lowest input, so partial
 * accumulations merge exactly in any order (clause_acc_merge). */
struct clause_acc {
  uint64_t inputs; /* measured inputs in the domain */
  uint64_t over;   /* of which error(x) > bound(x) */
  double max;      /* largest error, -1 for none */
  double max_ref;  /* the reference y there */
  uint32_t max_input, max_output;
  double ratio; /* largest error(x) / bound(x) (binary64 division), -1 for none */
  uint32_t ratio_input, ratio_output;
  uint32_t max_partner, ratio_partner; /* two-argument functions: the other operand (else 0) */
};

/* (input, partner) as one key: ties go to the lowest */
BOUNDS_FN uint64_t clause_key(uint32_t x, uint32_t partner) { return ((uint64_t)x << 32) | partner; }

BOUNDS_FN float bnd_f32(uint32_t b) {
  float f;
  memcpy(&f, &b, sizeof f);
  return f;
}

BOUNDS_FN void clause_acc_init(struct clause_acc *a) {
  a->inputs = a->over = 0;
  a->max = a->ratio = -1.0;
  a->max_ref = 0;
  a->max_input = a->ratio_input = 0xffffffffu;
  a->max_output = a->ratio_output = 0;
  a->max_partner = a->ratio_partner = 0;
}

BOUNDS_FN int clause_in_domain(const struct bound_clause *c, uint32_t x) {
  const double v = (double)bnd_f32(x);
  return v >= c->lo && v <= c->hi && !(v >= c->ex_lo && v <= c->ex_hi);
}

/* c0 + floor(c1n |x| / c1d), exact while c1n |x| + c1d < 2^53 (c0 is a small integer
 * in practice). c1n |x| is exact in binary64 (at most 27 + 24 significant bits). Let
 * q = c1n |x| / c1d, not an integer, k = ceil(q), |x| = m 2^e with integer m < 2^24;
 * the division, correctly rounded, reaches k only if k - q <= 2^-53 k. But k - q >=
 * min(1, 2^e) / c1d (c1d q is a multiple of min(1, 2^e)) and k < q + 1:
 *   e >= 0: (k - q) / k > 1 / (c1n |x| + c1d) > 2^-53;
 *   e < 0: only q >= 1/2 can round to k >= 1, then k < 3q and (k - q) / k > 1 / (3 c1n m)
 *   > 2^-53 (c1n < 2^27).
 * An integral q is exact. So floor(RN(q)) = floor(q). */
BOUNDS_FN double clause_bound(const struct bound_clause *c, uint32_t x) {
  if (!c->c1n) return c->c0;
  const double ax = fabs((double)bnd_f32(x));
  return c->c0 + floor(bnd_div((double)c->c1n * ax, (double)c->c1d));
}

/* ord(b): the bit pattern as a signed position on the binary32 line (both zeros 0) */
BOUNDS_FN int64_t bnd_ord(uint32_t b) {
  return (b & 0x80000000u) ? -(int64_t)(b & 0x7fffffffu) : (int64_t)b;
}

/* The error of one measured input in the clause's measure: e the ulp error, d = |out - y|,
 * rn = RN24(f(x)) (or, for a variant documented to round in a directed mode, f(x) rounded in
 * that mode: ulps from the correctly rounded result in that mode). Returns -1 where the measure is undefined (BM_REL with y = 0). */
BOUNDS_FN double clause_error(const struct bound_clause *c, double e, double d, double y, uint32_t out, uint32_t rn) {
  switch (c->measure) {
  case BM_ULP: return e;
  case BM_ULP_CR: {
    const int64_t k = bnd_ord(out) - bnd_ord(rn);
    return (double)(k < 0 ? -k : k);
  }
  case BM_REL: return y != 0 ? bnd_div(d, fabs(y)) : -1.0;
  default: return d;
  }
}

/* The divisions of the clauses' measures are skipped where their result cannot reach the
 * running maxima, which changes nothing:
 *  - clause_below(n, den, m): RN(n / den) < m is certain (den > 0). With p = RN(RN(den m)
 *    (1 - 2^-50)) >= 2^-1000 (products normal: each rounding within a relative 2^-53),
 *    p >= den m (1 - 2^-49.9), so n < p gives n / den < m (1 - 2^-49.9), at least four
 *    ulps of m below m, where rounding to nearest cannot reach m. A maximum of -1 (none
 *    yet) or 0 gives p <= 2^-1000: no skip. With den = 1 it reads: n < m, n already a
 *    computed binary64 number.
 *  - bnd_ratio_limit(ratio, bp) = RN(RN(ratio bp) (1 - 2^-50)) <= ratio bp (1 - 2^-49.9)
 *    (when >= 2^-1000): an error below it has err / bp < ratio (1 - 2^-49.9), so its ratio
 *    RN(err / bp) < ratio, below the ratio maximum. */
BOUNDS_FN int clause_below(double n, double den, double m) {
  const double p = (den * m) * (1.0 - 0x1p-50);
  return p > 0x1p-1000 && n < p;
}
BOUNDS_FN double bnd_ratio_limit(double ratio, double bp) { return (ratio * bp) * (1.0 - 0x1p-50); }

/* One measured input x (with partner, 0 for one-argument functions) into a clause whose
 * bound is evaluated at dom (x for one-argument functions). */
BOUNDS_FN void clause_note_at(struct clause_acc *a, const struct bound_clause *c, uint32_t x, uint32_t partner,
                              uint32_t dom, uint32_t out, double y, double err) {
  const double b = clause_bound(c, dom);
  /* a zero bound (an exact function) has the error itself as its ratio: over iff > 0 */
  const double bp = b > 0 ? b : 1.0;
  const uint64_t key = clause_key(x, partner);
  a->inputs++;
  a->over += err > b;
  if (err > a->max || (err == a->max && key < clause_key(a->max_input, a->max_partner)))
    a->max = err, a->max_input = x, a->max_partner = partner, a->max_output = out, a->max_ref = y;
  if (!clause_below(err, 1.0, bnd_ratio_limit(a->ratio, bp))) { /* else r < a->ratio: nothing to note */
    const double r = err / bp;
    if (r > a->ratio || (r == a->ratio && key < clause_key(a->ratio_input, a->ratio_partner)))
      a->ratio = r, a->ratio_input = x, a->ratio_partner = partner, a->ratio_output = out;
  }
}

/* a <- merge(a, b) */
BOUNDS_FN void clause_acc_merge(struct clause_acc *a, const struct clause_acc *b) {
  a->inputs += b->inputs;
  a->over += b->over;
  if (b->max > a->max ||
      (b->max == a->max && clause_key(b->max_input, b->max_partner) < clause_key(a->max_input, a->max_partner)))
    a->max = b->max, a->max_input = b->max_input, a->max_partner = b->max_partner, a->max_output = b->max_output,
    a->max_ref = b->max_ref;
  if (b->ratio > a->ratio || (b->ratio == a->ratio && clause_key(b->ratio_input, b->ratio_partner) <
                                                          clause_key(a->ratio_input, a->ratio_partner)))
    a->ratio = b->ratio, a->ratio_input = b->ratio_input, a->ratio_partner = b->ratio_partner,
    a->ratio_output = b->ratio_output;
}

BOUNDS_FN int clause_same(const struct bound_clause *a, const struct bound_clause *b) {
  return a->measure == b->measure && a->lo == b->lo && a->hi == b->hi && a->ex_lo == b->ex_lo &&
         a->ex_hi == b->ex_hi && a->c0 == b->c0 && a->c1n == b->c1n && a->c1d == b->c1d;
}

#endif
