/* The reference for exp2 = 2^x: MPFR, with the inputs decided without it.
 *  (a) x = +-0: 2^0 = 1 exactly, t = 0; x = +inf: +inf exactly; x = -inf: +0 exactly.
 *  (b) x an integer in [-1074, 1023]: 2^x is a binary64 number (subnormal below
 *      -1022): exact, t = 0. (Its bits: biased exponent x + 1023 for x >= -1022, else the
 *      significand bit x + 1074 of a subnormal.)
 *  (c) x >= 1024 (0x44800000): 2^x > the largest binary64, RN53 overflows to +inf
 *      (MPFR returns +inf with a positive ternary): y = +inf, t = +1.
 *  (d) x <= -1076 (0xc4868000): 2^x <= 2^-1076, below 2^-1075, the midpoint between
 *      +0 and the smallest subnormal 2^-1074: RN53 = +0, below the exact value: t = -1.
 *  (e) 0 < |x| < 2^-55 (bits below 0x24000000): with u = x ln 2, |u| < 2^-55.5 and
 *      e^u lies between 1 and 1 + 2u. For x > 0, 2^x - 1 < 2^-54.5 < 2^-53, half the gap
 *      above 1: RN53 = 1 < 2^x, t = -1. For x < 0, 1 - 2^x < |u| < 2^-54, half the gap
 *      below 1: RN53 = 1 > 2^x, t = +1.
 * The code, for the host and the device, is in shortcut.h. Each range is compared with
 * MPFR at and around its boundaries in test_exp2.c.
 *
 * Series: 2^(x + t) = exp(L x + L t), L = ln 2, the exponential series of the polynomial
 * [L x, L] (entire: only a non-finite ball is refused). Every point xi of the ball x
 * has L xi in the ball L x, so each coefficient encloses (L^k/k!) 2^xi. */
#include <arb_poly.h>

#include "reference/reference.h"
#include "functions/exp2/shortcut.h"
#include "reference/series.h"

int ref_exp2_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_exp2(y, x, rnd); }

int ref_exp2_shortcut(uint32_t xb, double *y, int *t) { return sc_exp2(xb, y, t); }

int ref_exp2_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (!arb_is_finite(x)) return -1;
  arb_t L, c;
  arb_init(L);
  arb_init(c);
  arb_const_log2(L, prec);
  arb_mul(c, x, L, prec); /* 2^(x + t) = e^(x L + L t), L = log 2 */
  ref_series_line(res, arb_poly_exp_series, c, L, len, prec);
  arb_clear(L);
  arb_clear(c);
  return 0;
}
