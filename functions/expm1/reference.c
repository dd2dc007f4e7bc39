/* expm1: the reference for e^x - 1, with the ranges where MPFR is provably not needed.
 *
 * Reference: mpfr_expm1 at 53 bits, round to nearest, binary64 exponent range;
 * expm1(-0) = -0, expm1(-inf) = -1. Neither odd nor even (REF_SYM_NONE: the shortcut
 * sees both signs); increasing on the whole line.
 *
 * Shortcut (Lemmas L1, L2 and L3 are in reference/shared/elem.h):
 * (A) x = +-0: x exactly. x = +inf: +inf; x = -inf: -1 exactly (t = 0).
 * (B) 0 < |x| < T1 = 0x1.6a09e8p-53 (magnitudes below 0x253504f4): y = x, t = -1.
 *   expm1 x - x = sum_{n>=2} x^n/n! is positive for x != 0 (e^x > 1 + x).
 *   x > 0: the terms decrease with ratio x/(n+1) <= x/3, so
 *   expm1 x - x <= (x^2/2)/(1 - x/3) <= (x^2/2)(1 + 2^-50) for x < 2^-50. expm1 x lies
 *   above x, away from zero: by Lemma L1 it rounds to x when
 *   (x^2/2)(1 + 2^-50) <= 2^(e-53), e = e(x).
 *   - e <= -54: x <= 2^(e+1)(1 - 2^-24), x^2/2 <= 2^(2e+1)(1 - 2^-23), and
 *     (1 - 2^-23)(1 + 2^-50) < 1, 2^(2e+1) <= 2^(e-53).
 *   - e = -53, x < T1: x <= 0x1.6a09e6p-53 = 11863283 * 2^-76 and
 *     11863283^2 * 2^-152 / 2 = (1 - 3.42e-8) * 2^-106 < 2^-106 / (1 + 2^-50).
 *   x < 0: the series alternates with decreasing terms, so 0 < expm1 x - x < x^2/2;
 *   expm1 x lies above x, toward zero: by Lemma L1 it rounds to x when x^2/2 <= 2^(e-54)
 *   for |x| = 2^e, and x^2/2 <= 2^(e-53) otherwise.
 *   - |x| = 2^e, e <= -53: 2^(2e-1) <= 2^(e-54).
 *   - otherwise, e <= -54 or e = -53 and |x| < T1: as for x > 0.
 *   (At T1, x^2/2 exceeds 2^-106 by a factor 1 + 1.3e-7.) y = x < expm1 x: t = -1.
 * (C) x >= T2 = 0x1.62e43p+9 = 709.78271484375 (bits 0x44317218): +inf, t = +1.
 *   T2 > 1024 ln 2 = 709.782712893384..., so e^x > 2^1024 and
 *   expm1 x > 2^1024 - 1 > 2^1024 - 2^970: overflow (Lemma L3).
 * (D) x <= -T3, T3 = 0x1.2b708ap+5 = 37.42995071411133 (magnitudes 0x4215b845 and up,
 *   -inf excepted): y = -1, t = -1. T3 > 54 ln 2 = 37.42994775023704..., so
 *   0 < e^x < 2^-54 and expm1 x = -1 + e^x lies in (-1, -1 + 2^-54): RN53 = -1 (Lemma L2),
 *   below expm1 x.
 * Everything else and NaN: MPFR. (e^x - 1 is irrational for every rational x != 0.)
 * The code, for the host and the device, is in shortcut.h.
 *
 * Series: the exponential series of x + t (entire: only a non-finite ball is refused),
 * with res[0] = expm1(x) computed directly (no cancellation near 0). */
#include <math.h>
#include <stdint.h>
#include <mpfr.h>
#include <arb.h>
#include <arb_poly.h>

#include "reference/shared/elem.h"
#include "functions/expm1/shortcut.h"
#include "reference/series.h"

int ref_expm1_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_expm1(y, x, rnd); }

int ref_expm1_shortcut(uint32_t xb, double *y, int *t) { return sc_expm1(xb, y, t); }

int ref_expm1_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (!arb_is_finite(x)) return -1;
  if (len <= 0) return 0;
  ref_series_at(res, arb_poly_exp_series, x, len, prec);
  arb_expm1(res, x, prec); /* the value without the cancellation of e^x - 1 */
  return 0;
}
