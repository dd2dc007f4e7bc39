/* mish: the reference, mish, x tanh(softplus(x)), from its row
 * of the expression table (src/catalogue/expr.c): x*tanh(log1p(exp(x))), rounded by
 * expr_mpfr_formula (exact MPFR operations, else Ziv's loop over Arb balls). This file adds what
 * the formula cannot decide: the limits at +-inf, signs of zeros, and the tail where the
 * value lies within 2^-80 relative of x (or 1), proved below (act_tail,
 * functions/activation_util.h); test_activation checks all of it against naive MPFR
 * loops. */
#include "functions/activation_util.h"
#include "functions/mish/shortcut.h"

ACT_EXPR(mish)

/* Shortcut (shortcut.h, sc_mish), for finite nonzero x (the gap lemma: functions/silu/
 * reference.c); near 0 the table decides (mish(x) = 3x/5 + O(x^2), tanh(log 2) = 3/5):
 *  - x >= 20: as for the referee's tail below, s = softplus(x) > x and 1 - tanh(s) <
 *    2 e^-2s, so the gap below x is under 2x e^-40 < x 2^-56: y = x, t = +1.
 *  - x <= -800: |mish(x)| = |x| tanh(softplus(x)) < |x| softplus(x) < |x| e^x <= 800
 *    e^-800 < 2^-1144: y = -0, t = +1. */
int ref_mish_shortcut(uint32_t xb, double *y, int *t) { return sc_mish(xb, y, t); }

int ref_mish_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  int r;
  if (mpfr_nan_p(x)) {
    mpfr_set_nan(y);
    return 0;
  }
  if (mpfr_zero_p(x)) return act_signed_zero(y, x);
  if (mpfr_inf_p(x) && mpfr_sgn(x) < 0) return act_signed_zero(y, x); /* x e^x -> -0 */
  /* x >= 64: s = softplus(x) > x, 1 - tanh(s) = 2 e^(-2s) / (1 + e^(-2s)) < 2 e^-128, so
   * the gap below x is under x 2^-183 */
  if (mpfr_cmp_ui(x, 64) >= 0 && !mpfr_inf_p(x) && (r = act_tail(y, mpfr_get_d(x, MPFR_RNDN), +1, rnd)) != -2)
    return r;
  return expr_mpfr_formula(y, x, rnd, act_expr());
}
