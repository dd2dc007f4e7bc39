/* asinh: the reference for arsinh x, with the ranges where MPFR is provably not needed.
 *
 * Reference: mpfr_asinh at 53 bits, round to nearest, binary64 exponent range. asinh is
 * odd (asinh(-0) = -0) and increasing on the whole line: the engine asks the shortcut
 * for x >= +0 only and mirrors (reference/shared/elem.h, "Mirroring").
 *
 * Shortcut, x >= +0 (Lemma L1 is in reference/shared/elem.h):
 * (A) x = +0: +0 exactly; x = +inf: +inf exactly (t = 0).
 * (B) 0 < x < T1 = 0x1.713746p-26 (bits below 0x32b89ba3): y = x, t = +1.
 *   x - asinh x = int_0^x (1 - (1 + u^2)^(-1/2)) du lies in (0, x^3/6]: for s > 0,
 *   0 < 1 - (1 + s)^(-1/2) <= s/2 ((1 + s)^(-1/2) >= 1 - s/2 by convexity). asinh x lies
 *   below x, toward zero: by Lemma L1 it rounds to x when x^3/6 <= 2^(e-54) for x = 2^e,
 *   and x^3/6 <= 2^(e-53) otherwise, e = e(x).
 *   - x = 2^e, e <= -26: 2^(3e)/6 <= 2^(e-54) iff 2^(2e+54) <= 6, true (2^(2e+54) <= 4).
 *   - 2^e < x < 2^(e+1), e <= -27: x^3/6 < 2^(3e+3)/6 <= 2^(e-53) iff 2^(2e+56) <= 6,
 *     true (2^(2e+56) <= 4).
 *   - e = -26 and x < T1: x <= 0x1.713745p-26 = 12098466 * 2^-49 and
 *     12098466^3 * 2^-147 / 6 = (1 - 7.03e-8) * 2^-79 < 2^-79 = 2^(e-53).
 *   (At T1, x^3/6 exceeds 2^-79 by a factor 1 + 1.8e-7.) y = x > asinh x: t = +1.
 * Everything else (T1 <= x < +inf) and NaN: MPFR. (asinh never overflows: asinh of the
 * largest binary32 is about 89.4.)
 *
 * Series: asinh is analytic on the real line (its singularities are at +-i): only a
 * non-finite ball is refused. res[0] = asinh(x), and the coefficients k >= 1 integrate
 * the series of asinh'(u) = (1 + u^2)^(-1/2) at u = x + t, Arb's 1/sqrt series of
 * [1 + x^2, 2x, 1] (res[k] = (coefficient k-1 of it)/k). */
#include <math.h>
#include <stdint.h>
#include <mpfr.h>
#include <arb.h>
#include <arb_poly.h>

#include "reference/shared/elem.h"
#include "functions/asinh/shortcut.h"
#include "reference/series.h"

int ref_asinh_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_asinh(y, x, rnd); }

int ref_asinh_shortcut(uint32_t xb, double *y, int *t) { return sc_asinh(xb, y, t); }

int ref_asinh_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (!arb_is_finite(x)) return -1;
  if (len <= 0) return 0;
  arb_asinh(res, x, prec);
  if (len == 1) return 0;
  arb_t a, b;
  arb_init(a);
  arb_init(b);
  arb_sqr(a, x, prec); /* (x + t)^2 + 1 = (x^2 + 1) + 2x t + t^2 */
  arb_add_ui(a, a, 1, prec);
  arb_mul_2exp_si(b, x, 1);
  ref_series_integral(res, arb_poly_rsqrt_series, a, b, 1, len, prec);
  arb_clear(a);
  arb_clear(b);
  return 0;
}
