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

#include "../src/common.h"
#include "reference.h"

int ref_exp2_shortcut(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & 0x7fffffffu;
  int neg = (xb >> 31) != 0;
  if (m > 0x7f800000u) return 0;
  if (m == 0) { *y = 1.0; *t = 0; return 1; }
  if (m == 0x7f800000u) { *y = neg ? 0.0 : INFINITY; *t = 0; return 1; }
  float x = u2f(xb);
  if (x == floorf(x) && x >= -1074.0f && x <= 1023.0f) { *y = ldexp(1.0, (int)x); *t = 0; return 1; }
  if (!neg && xb >= 0x44800000u) { *y = INFINITY; *t = 1; return 1; } /* x >= 1024 */
  if (neg && xb >= 0xc4868000u) { *y = 0.0; *t = -1; return 1; }      /* x <= -1076 */
  if (m < 0x24000000u) { *y = 1.0; *t = neg ? 1 : -1; return 1; }       /* |x| < 2^-55 */
  return 0;
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
