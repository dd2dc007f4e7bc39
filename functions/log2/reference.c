/* The reference for log2: MPFR, with the inputs decided without it:
 * x < 0 (and -inf): undefined, NaN. x = +-0: -inf exactly (a pole). x = +inf: +inf.
 * x = 2^k (a power of two, subnormals included): k exactly, t = 0. (At every other
 * positive binary32 x, log2 x is irrational: x = 2^(p/q) with q > 1 would make x^q = 2^p
 * with x = m 2^j, m odd, forcing m = 1.) The code, for the host and the device, is in
 * shortcut.h.
 *
 * Series: the logarithm series of x + t divided by ln 2, on balls with every point > 0;
 * a ball with no point > 0 is nowhere usable (FAST_SERIES_NOWHERE), a ball reaching 0
 * from above is refused (-1). */
#include <arb_poly.h>

#include "reference/fast/fast.h"
#include "reference/reference.h"
#include "functions/log2/shortcut.h"
#include "reference/series.h"

int ref_log2_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_log2(y, x, rnd); }

int ref_log2_shortcut(uint32_t xb, double *y, int *t) { return sc_log2(xb, y, t); }

int ref_log2_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (!arb_is_finite(x)) return -1;
  if (arb_is_nonpositive(x)) return FAST_SERIES_NOWHERE;
  if (!arb_is_positive(x)) return -1;
  arb_t L;
  arb_init(L);
  arb_const_log2(L, prec);
  ref_series_at(res, arb_poly_log_series, x, len, prec); /* log2(x + t) = log(x + t) / log 2 */
  for (slong k = 0; k < len; k++) arb_div(res + k, res + k, L, prec);
  arb_clear(L);
  return 0;
}
