/* log1p: the reference for ln(1 + x), with the ranges where MPFR is provably not needed.
 *
 * Reference: mpfr_log1p at 53 bits, round to nearest, binary64 exponent range; NaN for
 * x < -1, log1p(-1) = -inf exactly (a pole), log1p(-0) = -0. Neither odd nor even
 * (REF_SYM_NONE: the shortcut sees both signs); increasing on [-1, +inf].
 *
 * Shortcut (Lemma L1 is in reference/shared/elem.h):
 * (A) x < -1, -inf included: NaN. x = -1: -inf exactly. x = +-0: x exactly.
 *   x = +inf: +inf exactly (t = 0).
 * (B) 0 < |x| < T1 = 0x1.6a09e8p-53 (magnitudes below 0x253504f4): y = x, t = +1.
 *   log1p x < x for x != 0 (ln(1 + x) < x).
 *   x > 0: x - log1p x = sum_{n>=2} (-1)^n x^n/n alternates with decreasing terms, so
 *   0 < x - log1p x < x^2/2. log1p x lies below x, toward zero: by Lemma L1 it rounds to
 *   x when x^2/2 <= 2^(e-54) for x = 2^e, and x^2/2 <= 2^(e-53) otherwise, e = e(x).
 *   - x = 2^e, e <= -53: 2^(2e-1) <= 2^(e-54).
 *   - 2^e < x < 2^(e+1), e <= -54: x <= 2^(e+1)(1 - 2^-24), so
 *     x^2/2 <= 2^(2e+1)(1 - 2^-23) < 2^(e-53).
 *   - e = -53, x < T1: x <= 0x1.6a09e6p-53 = 11863283 * 2^-76 and
 *     11863283^2 * 2^-152 / 2 = (1 - 3.42e-8) * 2^-106 < 2^-106 = 2^(e-53).
 *   x < 0: x - log1p x = sum_{n>=2} |x|^n/n lies in (0, (x^2/2)/(1 - |x|)], within
 *   (0, (x^2/2)(1 + 2^-50)] for |x| < 2^-51. log1p x lies below x, away from zero: by
 *   Lemma L1 it rounds to x when (x^2/2)(1 + 2^-50) <= 2^(e-53):
 *   - e <= -54: x^2/2 <= 2^(2e+1)(1 - 2^-23) and (1 - 2^-23)(1 + 2^-50) < 1.
 *   - e = -53, |x| < T1: (1 - 3.42e-8)(1 + 2^-50) 2^-106 < 2^-106.
 *   (At T1, x^2/2 exceeds 2^-106 by a factor 1 + 1.3e-7.) y = x > log1p x: t = +1.
 * Everything else and NaN: MPFR. (ln(1 + x) is irrational for every rational x != 0.)
 * The code, for the host and the device, is in shortcut.h.
 *
 * Series: on balls with every point > -1 (checked with the lower bound of x, rounded
 * down): the logarithm series of [1 + x, 1], with res[0] = log1p(x) computed directly
 * (no cancellation near 0). A ball reaching the pole -1 is refused. */
#include <math.h>
#include <stdint.h>
#include <mpfr.h>
#include <arb.h>
#include <arb_poly.h>

#include "reference/shared/elem.h"
#include "functions/log1p/shortcut.h"
#include "reference/series.h"

int ref_log1p_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_log1p(y, x, rnd); }

int ref_log1p_shortcut(uint32_t xb, double *y, int *t) { return sc_log1p(xb, y, t); }

int ref_log1p_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (!arb_is_finite(x)) return -1;
  arf_t lb;
  arf_init(lb);
  arb_get_lbound_arf(lb, x, 64);
  int inside = arf_cmp_si(lb, -1) > 0;
  arf_clear(lb);
  if (!inside) return -1;
  if (len <= 0) return 0;
  arb_t a;
  arb_init(a);
  arb_add_ui(a, x, 1, prec);
  ref_series_at(res, arb_poly_log_series, a, len, prec); /* log(1 + x + t) */
  arb_log1p(res, x, prec); /* the value without the rounding of 1 + x */
  arb_clear(a);
  return 0;
}
