/* The reference for exp10 = 10^x: MPFR, with the inputs decided without it, as for exp
 * (functions/exp/reference.c) with 10^309 > DBL_MAX (x >= 309), 10^-324 < 2^-1075
 * (x <= -324) and |10^x - 1| < 3|x| < 2^-54 for |x| < 2^-56 (reference/shared/exp_hd.h). The code, for
 * the host and the device, is in shortcut.h. (10^k for the integers 1 <= k <= 22 is exact
 * in binary64; the shortcut leaves those 22 inputs to MPFR.)
 *
 * Series: 10^(x + t) = exp(L x + L t), L = ln 10, the exponential series of the polynomial
 * [L x, L] (entire: only a non-finite ball is refused). */
#include <arb_poly.h>

#include "reference/reference.h"
#include "functions/exp10/shortcut.h"
#include "reference/series.h"

int ref_exp10_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_exp10(y, x, rnd); }

int ref_exp10_shortcut(uint32_t xb, double *y, int *t) { return sc_exp10(xb, y, t); }

int ref_exp10_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (!arb_is_finite(x)) return -1;
  arb_t L, c;
  arb_init(L);
  arb_init(c);
  arb_log_ui(L, 10, prec);
  arb_mul(c, x, L, prec); /* 10^(x + t) = e^(x L + L t), L = log 10 */
  ref_series_line(res, arb_poly_exp_series, c, L, len, prec);
  arb_clear(L);
  arb_clear(c);
  return 0;
}
