/* elu: the reference, elu(x) = x for x > 0, expm1(x) for x <= 0 (alpha = 1): MPFR's
 * correctly rounded expm1 on the one side (expm1(-0) = -0, expm1(-inf) = -1 exactly), x
 * itself on the other. The expression table (reference/expr/expr.c) has its Arb
 * enclosure for expressions that call elu.
 *
 * Series: on a ball of positive points elu is x (series x + t), on a ball of negative
 * points expm1 (its series entry, functions/expm1); a ball around 0 meets the kink
 * (elu'(0-) = 1 = elu'(0+) but elu''(0-) = 1 != 0): not analytic there, -1. */
#include <arb.h>
#include <mpfr.h>

#include "functions/elu/shortcut.h"

/* Shortcut (shortcut.h, sc_elu), for finite nonzero x:
 *  - x > 0: elu(x) = x: y = x, t = 0.
 *  - -2^-53 < x < 0: expm1(x) = x + d, 0 < d < x^2/2 = |x| |x|/2 < |x| 2^-54: y = x,
 *    t = -1 (the gap lemma, functions/silu/reference.c).
 *  - x <= -40: expm1(x) = -1 + e^x, 0 < e^x < e^-40 < 2^-57, within half the gap 2^-53
 *    above -1 (toward zero): y = -1, t = -1. */
int ref_elu_shortcut(uint32_t xb, double *y, int *t) { return sc_elu(xb, y, t); }

int ref_expm1_series(arb_ptr res, const arb_t x, slong len, slong prec);

int ref_elu_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (!arb_is_finite(x)) return -1;
  if (arb_is_negative(x)) return ref_expm1_series(res, x, len, prec);
  if (!arb_is_positive(x)) return -1;
  for (slong k = 0; k < len; k++) arb_zero(res + k);
  if (len > 0) arb_set_round(res, x, prec);
  if (len > 1) arb_one(res + 1);
  return 0;
}

int ref_elu_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (mpfr_nan_p(x)) {
    mpfr_set_nan(y);
    return 0;
  }
  if (mpfr_sgn(x) > 0) return mpfr_set(y, x, rnd);
  return mpfr_expm1(y, x, rnd);
}
