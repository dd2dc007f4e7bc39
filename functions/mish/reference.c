/* mish: the reference, mish, x tanh(softplus(x)), from its row
 * of the expression table (reference/expr/expr.c): x*tanh(log1p(exp(x))), rounded by
 * expr_mpfr_formula (exact MPFR operations, else Ziv's loop over Arb balls). This file adds what
 * the formula cannot decide: the limits at +-inf, signs of zeros, and the tail where the
 * value lies within 2^-80 relative of x (or 1), proved below (act_tail,
 * reference/shared/activation.h); test_activation checks all of it against naive MPFR
 * loops. */
#include "reference/shared/activation.h"
#include "functions/mish/shortcut.h"

ACT_EXPR(mish)

/* Shortcut (shortcut.h, sc_mish), for finite nonzero x (the gap lemma: functions/silu/
 * reference.c):
 *  - |x| < 2^-60: mish(x) = v + d, v = 3x/5 (tanh(log 2) = 3/5), d = x (tanh(softplus(x))
 *    - 3/5) > 0 (softplus and tanh increase) and d <= |x| |softplus(x) - log 2| <= x^2
 *    < |v| 2^-59 (softplus' = sigmoid <= 1). With x = m 2^q (|m| < 2^24) and 2^E <= |v| <
 *    2^(E+1), v / 2^(E-53) = 3m 2^(q-E+53) / 5 (q - E + 53 >= 30): an integer (v is then
 *    a binary64 number: 3m/5 has at most 24 bits) or at least 1/5 from one, so v is
 *    exact or at least |v| 2^-54/5 > |v| 2^-57 from every rounding boundary, never a
 *    midpoint. y = RN(3x/5) = (3x)/5 (3x exact, one division), and r = 5 y - 3x, a
 *    multiple of ulp(y) of at most 2.5 ulps, exact in one fma: r = 0 gives y = v, t = -1
 *    (f = y + d); else d < |y - v| and t = sign(y - v) = sign(r).
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
