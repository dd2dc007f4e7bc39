/* atanh: the reference for artanh x, with the ranges where MPFR is provably not needed.
 *
 * Reference: mpfr_atanh at 53 bits, round to nearest, binary64 exponent range; NaN for
 * |x| > 1, atanh(+-1) = +-inf exactly (poles, as IEEE 754 and C Annex F say),
 * atanh(-0) = -0. atanh is odd and increasing on [-1, 1]: the engine asks the shortcut
 * for x >= +0 only and mirrors (reference/shared/elem.h, "Mirroring").
 *
 * Shortcut, x >= +0 (Lemma L1 is in reference/shared/elem.h):
 * (A) x = +0: +0 exactly. x = 1: +inf exactly (t = 0). x > 1, +inf included: NaN.
 * (B) 0 < x < T1 = 0x1.d12ed2p-27 (bits below 0x32689769): y = x, t = -1.
 *   atanh x - x = sum_{n>=1} x^(2n+1)/(2n+1) lies in (0, (x^3/3)/(1 - x^2)], within
 *   (0, (x^3/3)(1 + 2^-39)] for x < 2^-20. atanh x lies above x, away from zero: by
 *   Lemma L1 it rounds to x when (x^3/3)(1 + 2^-39) <= 2^(e-53), e = e(x).
 *   - e <= -28: x^3 < 2^(3e+3), and 2^(3e+3)(1 + 2^-39)/3 <= 2^(e-53) iff
 *     2^(2e+56) <= 3/(1 + 2^-39), true since 2^(2e+56) <= 1.
 *   - e = -27 and x < T1: x <= 0x1.d12ed0p-27 = 15243112 * 2^-50 and
 *     15243112^3 * 2^-150 / 3 = (1 - 6.73e-8) * 2^-80, so
 *     (x^3/3)(1 + 2^-39) < 2^-80 = 2^(e-53).
 *   (At T1, x^3/3 exceeds 2^-80 by a factor 1 + 1.3e-7.) y = x < atanh x: t = -1.
 * Everything else (T1 <= x < 1) and NaN: MPFR.
 *
 * Series: on balls inside (-1, 1) (checked with the upper bound of |x|, rounded up):
 * res[0] = atanh(x), and the coefficients k >= 1 integrate the series of
 * atanh'(u) = 1/(1 - u^2) at u = x + t, the inverse series of [1 - x^2, -2x, -1]
 * (res[k] = (coefficient k-1 of it)/k). A ball reaching the poles +-1 is refused. */
#include <math.h>
#include <stdint.h>
#include <mpfr.h>
#include <arb.h>
#include <arb_poly.h>

#include "reference/shared/elem.h"
#include "functions/atanh/shortcut.h"
#include "reference/series.h"

int ref_atanh_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_atanh(y, x, rnd); }

int ref_atanh_shortcut(uint32_t xb, double *y, int *t) { return sc_atanh(xb, y, t); }

int ref_atanh_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (!ref_inside_unit(x)) return -1;
  if (len <= 0) return 0;
  arb_atanh(res, x, prec);
  if (len == 1) return 0;
  arb_t a, b;
  arb_init(a);
  arb_init(b);
  arb_sub_ui(a, x, 1, prec); /* 1 - (x + t)^2 = -(x - 1)(x + 1) - 2x t - t^2 */
  arb_add_ui(b, x, 1, prec);
  arb_mul(a, a, b, prec);
  arb_neg(a, a);
  arb_mul_si(b, x, -2, prec);
  ref_series_integral(res, arb_poly_inv_series, a, b, -1, len, prec);
  arb_clear(a);
  arb_clear(b);
  return 0;
}
