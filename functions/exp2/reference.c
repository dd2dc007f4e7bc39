/* exp2_log2_rsqrt.c: references for 2^x, log2(x) and 1/sqrt(x): MPFR, with the
 * ranges where its answer is known without calling it. Each range is compared with
 * MPFR at and around its boundaries in tests/test_reference.c.
 *
 * exp2 (x any binary32):
 *  (a) x = +-0: 2^0 = 1 exactly, t = 0; x = +inf: +inf exactly; x = -inf: +0 exactly.
 *  (b) x an integer in [-1074, 1023]: 2^x is a binary64 number (subnormal below
 *      -1022): exact, t = 0.
 *  (c) x >= 1024 (0x44800000): 2^x > the largest binary64, RN53 overflows to +inf
 *      (MPFR returns +inf with a positive ternary): y = +inf, t = +1.
 *  (d) x <= -1076 (0xc4868000): 2^x <= 2^-1076, below 2^-1075, the midpoint between
 *      +0 and the smallest subnormal 2^-1074: RN53 = +0, below the exact value: t = -1.
 *  (e) 0 < |x| < 2^-55 (bits below 0x24000000): with u = x ln 2, |u| < 2^-55.5 and
 *      e^u lies between 1 and 1 + 2u. For x > 0, 2^x - 1 < 2^-54.5 < 2^-53, half the gap
 *      above 1: RN53 = 1 < 2^x, t = -1. For x < 0, 1 - 2^x < |u| < 2^-54, half the gap
 *      below 1: RN53 = 1 > 2^x, t = +1.
 * log2 (x any binary32):
 *  x < 0 (and -inf): undefined, NaN. x = +-0: -inf exactly (a pole). x = +inf: +inf.
 *  x = 2^k (a power of two, subnormals included): k exactly, t = 0.
 * rsqrt = 1/sqrt(x), with IEEE 754's rSqrt at zero: rSqrt(+-0) = +-inf (MPFR's
 *  rec_sqrt gives +inf for -0: the shortcut decides -0 as IEEE does).
 *  x < 0: NaN. x = +inf: +0 exactly. x = 4^k: 2^-k exactly, t = 0. */
#include <math.h>

#include "src/common.h"
#include "src/reference/reference.h"

/* Shared by exp2, exp and exp10: +-0 -> 1 and +-inf exactly; x >= over overflows
 * binary64 (+inf, t = +1); x <= under underflows below half the smallest subnormal
 * (+0, t = -1); 0 < |x| below 'tiny' (a bit pattern) rounds to 1. */
static int tiny_one(uint32_t m, uint32_t below, int neg, double *y, int *t) {
  if (m >= below) return 0;
  *y = 1.0;
  *t = neg ? 1 : -1;
  return 1;
}

static int exp_like(uint32_t xb, double *y, int *t, float over, float under, uint32_t tiny) {
  uint32_t m = xb & 0x7fffffffu;
  int neg = (xb >> 31) != 0;
  if (m > 0x7f800000u) return 0;
  if (m == 0) { *y = 1.0; *t = 0; return 1; }
  if (m == 0x7f800000u) { *y = neg ? 0.0 : INFINITY; *t = 0; return 1; }
  float x = u2f(xb);
  if (x >= over) { *y = INFINITY; *t = 1; return 1; }
  if (x <= under) { *y = 0.0; *t = -1; return 1; }
  return tiny_one(m, tiny, neg, y, t);
}

int ref_exp2_shortcut(uint32_t xb, double *y, int *t) {
  float x = u2f(xb);
  if ((xb & 0x7fffffffu) < 0x7f800000u && x == floorf(x) && x >= -1074.0f && x <= 1023.0f) { /* (b) */
    *y = ldexp(1.0, (int)x);
    *t = 0;
    return 1;
  }
  return exp_like(xb, y, t, 1024.0f, -1076.0f, 0x24000000u); /* (a), (c), (d), (e) */
}

/* x = 2^k, subnormal or normal: k; else a non-integer marker */
static int pow2_exponent(uint32_t m, int *k) {
  if (m < 0x00800000u) { /* subnormal: one bit set */
    if (m & (m - 1)) return 0;
    *k = -149 + __builtin_ctz(m);
    return 1;
  }
  if (m & 0x007fffffu) return 0;
  *k = (int)(m >> 23) - 127;
  return 1;
}

int ref_log2_shortcut(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & 0x7fffffffu;
  if (m > 0x7f800000u) return 0;
  int k;
  *t = 0;
  if (m == 0) { *y = -INFINITY; return 1; }
  if (xb >> 31) { *y = NAN; return 1; }
  if (m == 0x7f800000u) { *y = INFINITY; return 1; }
  if (pow2_exponent(m, &k)) { *y = (double)k; return 1; }
  return 0;
}

int ref_rsqrt_shortcut(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & 0x7fffffffu;
  if (m > 0x7f800000u) return 0;
  int k;
  *t = 0;
  if (m == 0) { *y = (xb >> 31) ? -INFINITY : INFINITY; return 1; }
  if (xb >> 31) { *y = NAN; return 1; }
  if (m == 0x7f800000u) { *y = 0.0; return 1; }
  if (pow2_exponent(m, &k) && !(k & 1)) { *y = ldexp(1.0, -k / 2); return 1; }
  return 0;
}

/* exp (e^x), exp10 (10^x), log (ln x), sin, cos: MPFR, with the ranges decided here.
 *
 * exp: +-0 -> 1 exactly; +inf -> +inf, -inf -> +0 exactly. x >= 710: e^x > e^709.79 =
 *   2^1024 overflows binary64: +inf, t = +1. x <= -746: e^x < 2^-1076 < 2^-1075, the
 *   midpoint below the smallest subnormal: +0, t = -1. 0 < |x| < 2^-55: |e^x - 1| < 2|x|
 *   < 2^-54, within half the gap around 1 (2^-53 above, 2^-54 below): 1, with t = -1
 *   for x > 0 (e^x > 1) and t = +1 for x < 0.
 * exp10: likewise with 10^309 > DBL_MAX (x >= 309), 10^-324 < 2^-1075 (x <= -324) and
 *   |10^x - 1| < 3|x| < 2^-54 for |x| < 2^-56.
 * log: x < 0 NaN, +-0 -inf (a pole), +inf +inf, 1 -> 0 exactly.
 * sin (odd): +-0 exact; +-inf NaN; 0 < x < 2^-27: x - x^3/6 < sin x < x and
 *   x^3/6 < 2^(e-54) as for tanh (reference/tanh.c, range B): x, t = +1.
 * cos (even): 0 -> 1 exactly; +-inf NaN; 0 < x < 2^-27: 1 - x^2/2 < cos x < 1 and
 *   x^2/2 < 2^-55, below half the gap under 1 (2^-54): 1, t = +1. */
int ref_exp_shortcut(uint32_t xb, double *y, int *t) { return exp_like(xb, y, t, 710.0f, -746.0f, 0x24000000u); }
int ref_exp10_shortcut(uint32_t xb, double *y, int *t) { return exp_like(xb, y, t, 309.0f, -324.0f, 0x23800000u); }

int ref_log_shortcut(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & 0x7fffffffu;
  if (m > 0x7f800000u) return 0;
  *t = 0;
  if (m == 0) { *y = -INFINITY; return 1; }
  if (xb >> 31) { *y = NAN; return 1; }
  if (m == 0x7f800000u) { *y = INFINITY; return 1; }
  if (xb == 0x3f800000u) { *y = 0.0; return 1; }
  return 0;
}

int ref_sin_shortcut(uint32_t xb, double *y, int *t) {
  if (xb & SIGN32) return 0; /* odd: the engine mirrors */
  if (xb == 0) { *y = 0.0; *t = 0; return 1; }
  if (xb == 0x7f800000u) { *y = NAN; *t = 0; return 1; }
  if (xb < 0x32000000u) { *y = (double)u2f(xb); *t = 1; return 1; }
  return 0;
}

int ref_cos_shortcut(uint32_t xb, double *y, int *t) {
  if (xb & SIGN32) return 0; /* even: the engine mirrors */
  if (xb == 0) { *y = 1.0; *t = 0; return 1; }
  if (xb == 0x7f800000u) { *y = NAN; *t = 0; return 1; }
  if (xb < 0x32000000u) { *y = 1.0; *t = 1; return 1; }
  return 0;
}
