/* The reference for exp = e^x: MPFR, with the inputs decided without it.
 * +-0 -> 1 exactly; +inf -> +inf, -inf -> +0 exactly. x >= 710: e^x > e^709.79 = 2^1024
 * overflows binary64: +inf, t = +1. x <= -746: e^x < 2^-1076 < 2^-1075, the midpoint
 * below the smallest subnormal: +0, t = -1. 0 < |x| < 2^-55: |e^x - 1| < 2|x| < 2^-54,
 * within half the gap around 1 (2^-53 above, 2^-54 below): 1, with t = -1 for x > 0
 * (e^x > 1) and t = +1 for x < 0 (reference/shared/exp_hd.h). The code, for the host and the device, is
 * in shortcut.h. Compared with MPFR at and around each boundary in test_exp.c.
 *
 * Series: the exponential series of x + t (entire: only a non-finite ball is refused);
 * the fast path's table uses it over exp.def's FAST_RANGE lines, between the shortcut's
 * ranges. */
#include <arb_poly.h>

#include "reference/reference.h"
#include "functions/exp/shortcut.h"
#include "reference/series.h"

int ref_exp_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_exp(y, x, rnd); }

int ref_exp_shortcut(uint32_t xb, double *y, int *t) { return sc_exp(xb, y, t); }

int ref_exp_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (!arb_is_finite(x)) return -1;
  return ref_series_at(res, arb_poly_exp_series, x, len, prec);
}
