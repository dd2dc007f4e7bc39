/* The reference for log = ln x: MPFR, with the inputs decided without it:
 * x < 0 NaN, +-0 -inf (a pole), +inf +inf, 1 -> 0 exactly. (ln x is irrational, so not a
 * binary64 number, at every other positive binary32 x: e^(p/q) is transcendental for a
 * rational p/q != 0, and x is rational.) The code, for the host and the device, is in
 * shortcut.h.
 *
 * Series: the logarithm series of x + t, on balls with every point > 0; a ball with no
 * point > 0 is nowhere usable (FAST_SERIES_NOWHERE: the table builder stops splitting
 * there), a ball reaching 0 from above is refused (-1). */
#include <arb_poly.h>

#include "reference/fast/fast.h"
#include "reference/reference.h"
#include "functions/log/shortcut.h"
#include "reference/series.h"

int ref_log_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_log(y, x, rnd); }

int ref_log_shortcut(uint32_t xb, double *y, int *t) { return sc_log(xb, y, t); }

int ref_log_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (!arb_is_finite(x)) return -1;
  if (arb_is_nonpositive(x)) return FAST_SERIES_NOWHERE;
  if (!arb_is_positive(x)) return -1;
  return ref_series_at(res, arb_poly_log_series, x, len, prec);
}
