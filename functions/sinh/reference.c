/* sinh: the reference for sinh x, with the ranges where MPFR is provably not needed.
 *
 * Reference: mpfr_sinh at 53 bits, round to nearest, binary64 exponent range. sinh is
 * odd (mpfr_sinh(-0) = -0) and increasing on the whole line: the engine asks the
 * shortcut for x >= +0 only and mirrors (reference/shared/elem.h, "Mirroring").
 *
 * Shortcut, x >= +0 (Lemmas L1 and L3 are in reference/shared/elem.h):
 * (A) x = +0: +0 exactly; x = +inf: +inf exactly (t = 0).
 * (B) 0 < x < T1 = 0x1.713746p-26 (bits below 0x32b89ba3): y = x, t = -1.
 *   For 0 < x < 2^-20, sinh x - x = sum_{n>=1} x^(2n+1)/(2n+1)! lies in
 *   (0, (x^3/6)(1 + 2^-40)]: the ratio of consecutive terms is
 *   x^2/((2n+2)(2n+3)) <= x^2/20 < 2^-44, so the sum is at most (x^3/6)/(1 - 2^-44).
 *   sinh x lies above x, on the side away from zero: by Lemma L1 it rounds to x when
 *   (x^3/6)(1 + 2^-40) <= 2^(e-53), e = e(x).
 *   - e <= -27: x^3 < 2^(3e+3), and 2^(3e+3)(1 + 2^-40)/6 <= 2^(e-53) iff
 *     2^(2e+56) <= 6/(1 + 2^-40), true since 2^(2e+56) <= 4.
 *   - e = -26 and x < T1: x <= 0x1.713745p-26 = 12098466 * 2^-49, and
 *     12098466^3 * 2^-147 / 6 = (1 - 7.03e-8) * 2^-79, so
 *     (x^3/6)(1 + 2^-40) < 2^-79 = 2^(e-53).
 *   (T1 is nearly the largest bound: at T1, x^3/6 exceeds 2^-79 by a factor 1 + 1.8e-7.)
 *   y = x < sinh x: t = -1.
 * (C) x >= T2 = 0x1.633ceap+9 = 710.47589111328125 (bits 0x44319e75), +inf included:
 *   +inf with t = +1. T2 > 1025 ln 2 = 710.4758600739439..., so e^x > 2^1025 and
 *   sinh x = (e^x - e^-x)/2 > 2^1024 - 1 > 2^1024 - 2^970: overflow (Lemma L3).
 *   (The binary32 number below T2, 710.47583..., is below 1025 ln 2; not claimed.)
 * Everything else (T1 <= x < T2) and NaN: MPFR. The code, for the host and
 * the device, is in shortcut.h.
 *
 * Series: sinh(x + t) from Arb's sinh/cosh series; entire, so only a non-finite ball is
 * refused. */
#include <math.h>
#include <stdint.h>
#include <mpfr.h>
#include <arb.h>
#include <arb_poly.h>

#include "reference/shared/elem.h"
#include "functions/sinh/shortcut.h"
#include "reference/series.h"

int ref_sinh_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_sinh(y, x, rnd); }

int ref_sinh_shortcut(uint32_t xb, double *y, int *t) { return sc_sinh(xb, y, t); }

int ref_sinh_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (!arb_is_finite(x)) return -1;
  return ref_series_at(res, arb_poly_sinh_series, x, len, prec);
}
