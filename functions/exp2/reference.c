/* The reference for exp2 = 2^x: MPFR, with the inputs decided without it.
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
 * Each range is compared with MPFR at and around its boundaries in tests/test_reference.c. */
#include <math.h>

#include "src/common.h"
#include "src/reference/reference.h"
#include "src/reference/shortcuts.h"

int ref_exp2_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_exp2(y, x, rnd); }

int ref_exp2_shortcut(uint32_t xb, double *y, int *t) {
  float x = u2f(xb);
  if ((xb & 0x7fffffffu) < 0x7f800000u && x == floorf(x) && x >= -1074.0f && x <= 1023.0f) { /* (b) */
    *y = ldexp(1.0, (int)x);
    *t = 0;
    return 1;
  }
  return ref_exp_like(xb, y, t, 1024.0f, -1076.0f, 0x24000000u); /* (a), (c), (d), (e) */
}
