/* acosh: the reference for arcosh x, with the ranges where MPFR is provably not needed.
 *
 * Reference: mpfr_acosh at 53 bits, round to nearest, binary64 exponent range; NaN for
 * x < 1 (both zeros and -inf included). acosh is neither odd nor even (REF_SYM_NONE: the
 * shortcut sees both signs) and increasing on [1, +inf] (NaN elsewhere).
 *
 * Shortcut:
 * (A) x < 1, -0 and +0 and every negative x included: NaN (t = 0).
 * (B) x = 1: +0 exactly. x = +inf: +inf exactly (t = 0).
 * Everything else (1 < x < +inf) and NaN: MPFR. acosh x is irrational for every
 * rational x > 1 (x + sqrt(x^2 - 1) is algebraic and not 1, so its logarithm is
 * transcendental by Lindemann-Weierstrass), so there are no other exact points; near 1,
 * acosh(1 + d) ~ sqrt(2d) does not round to a constant or to x; and acosh never
 * overflows (acosh of the largest binary32 is about 89.4).
 *
 * Series: on balls with every point > 1 (checked with the lower bound of x, rounded
 * down): res[0] = acosh(x), and the coefficients k >= 1 integrate the series of
 * acosh'(u) = (u^2 - 1)^(-1/2) at u = x + t, Arb's 1/sqrt series of [x^2 - 1, 2x, 1]
 * (res[k] = (coefficient k-1 of it)/k). A ball reaching the branch point 1 is refused. */
#include <math.h>
#include <stdint.h>
#include <mpfr.h>
#include <arb.h>
#include <arb_poly.h>

#include "reference/shared/elem.h"
#include "functions/acosh/shortcut.h"
#include "reference/series.h"

int ref_acosh_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_acosh(y, x, rnd); }

int ref_acosh_shortcut(uint32_t xb, double *y, int *t) { return sc_acosh(xb, y, t); }

int ref_acosh_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (!arb_is_finite(x)) return -1;
  arf_t lb;
  arf_init(lb);
  arb_get_lbound_arf(lb, x, 64);
  int inside = arf_cmp_si(lb, 1) > 0;
  arf_clear(lb);
  if (!inside) return -1;
  if (len <= 0) return 0;
  arb_acosh(res, x, prec);
  if (len == 1) return 0;
  arb_t a, b;
  arb_init(a);
  arb_init(b);
  arb_sub_ui(a, x, 1, prec); /* (x + t)^2 - 1 = (x - 1)(x + 1) + 2x t + t^2 */
  arb_add_ui(b, x, 1, prec);
  arb_mul(a, a, b, prec);
  arb_mul_2exp_si(b, x, 1);
  ref_series_integral(res, arb_poly_rsqrt_series, a, b, 1, len, prec);
  arb_clear(a);
  arb_clear(b);
  return 0;
}
