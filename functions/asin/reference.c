/* asin: the reference for arcsin x, with the ranges where MPFR is provably not needed.
 *
 * Reference: mpfr_asin at 53 bits, round to nearest, binary64 exponent range; NaN for
 * |x| > 1, asin(-0) = -0. asin is odd and increasing on [-1, 1] (NaN outside): the
 * engine asks the shortcut for x >= +0 only and mirrors (reference/shared/elem.h, "Mirroring").
 *
 * Shortcut, x >= +0 (Lemmas L1 and L4 are in reference/shared/elem.h):
 * (A) x = +0: +0 exactly (t = 0).
 * (B) 0 < x < T1 = 0x1.713746p-26 (bits below 0x32b89ba3): y = x, t = -1.
 *   asin x - x = sum_{n>=1} a_n x^(2n+1) with a_n = (2n)!/(4^n (n!)^2 (2n+1)) > 0,
 *   a_1 = 1/6 and a_(n+1)/a_n = (2n+1)^2/((2n+2)(2n+3)) < 1, so for 0 < x < 2^-20
 *   0 < asin x - x <= (x^3/6)/(1 - x^2) <= (x^3/6)(1 + 2^-39). asin x lies above x, away
 *   from zero: by Lemma L1 it rounds to x when (x^3/6)(1 + 2^-39) <= 2^(e-53), e = e(x).
 *   - e <= -27: x^3 < 2^(3e+3), and 2^(3e+3)(1 + 2^-39)/6 <= 2^(e-53) iff
 *     2^(2e+56) <= 6/(1 + 2^-39), true since 2^(2e+56) <= 4.
 *   - e = -26 and x < T1: x <= 0x1.713745p-26 = 12098466 * 2^-49 and
 *     12098466^3 * 2^-147 / 6 = (1 - 7.03e-8) * 2^-79, so
 *     (x^3/6)(1 + 2^-39) < 2^-79 = 2^(e-53).
 *   (At T1, x^3/6 already exceeds 2^-79 by a factor 1 + 1.8e-7.) y = x < asin x: t = -1.
 * (C) x = 1: asin 1 = pi/2 = Y0 + D (Lemma L4): y = Y0 = 0x1.921fb54442d18p+0, t = -1.
 * (D) x > 1, +inf included: NaN (t = 0).
 * Everything else (T1 <= x < 1) and NaN: MPFR.
 *
 * Series: asin(x + t) from Arb's asin series, on balls inside (-1, 1) (checked with the
 * upper bound of |x|, rounded up); a ball reaching +-1 (branch points) or beyond is
 * refused. */
#include <math.h>
#include <stdint.h>
#include <mpfr.h>
#include <arb.h>
#include <arb_poly.h>

#include "reference/shared/elem.h"
#include "functions/asin/shortcut.h"
#include "reference/series.h"

int ref_asin_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_asin(y, x, rnd); }

int ref_asin_shortcut(uint32_t xb, double *y, int *t) { return sc_asin(xb, y, t); }

int ref_asin_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (!ref_inside_unit(x)) return -1;
  return ref_series_at(res, arb_poly_asin_series, x, len, prec);
}
