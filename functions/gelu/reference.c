/* gelu: the reference, GELU, x Phi(x) (the erf form: x/2 (1 + erf(x/sqrt 2))), from its row
 * of the expression table (reference/expr/expr.c): x/2*erfc(-x/sqrt(2)), rounded by
 * expr_mpfr_formula (exact MPFR operations, else Ziv's loop over Arb balls). This file adds what
 * the formula cannot decide: the limits at +-inf, signs of zeros, and the tail where the
 * value lies within 2^-80 relative of x (or 1), proved below (act_tail,
 * reference/shared/activation.h); test_activation checks all of it against naive MPFR
 * loops. */
#include "reference/shared/activation.h"
#include "functions/gelu/shortcut.h"

ACT_EXPR(gelu)

/* Shortcut (shortcut.h, sc_gelu), for finite nonzero x (the gap lemma: functions/silu/
 * reference.c; f = v + d with 0 < |d| < |v| 2^-54 rounds to v, t = -sign(d)):
 *  - |x| < 2^-55: gelu(x) = x/2 + d, d = (x/2) erf(x/sqrt 2) > 0, and |erf u| <= (2/sqrt
 *    pi)|u|, so d <= x^2/sqrt(2 pi) < x^2/2 = |x/2| |x| < |x/2| 2^-55: y = x/2, t = -1.
 *  - x >= 10: gelu(x) = x - x Phi(-x), x Phi(-x) < phi(x) < e^-50 < x 2^-72 (Mills' ratio:
 *    Phi(-x) < phi(x)/x): y = x, t = +1.
 *  - x <= -40: |gelu(x)| = |x| Phi(-|x|) < phi(x) < e^-800 < 2^-1154, below half the
 *    smallest subnormal: y = -0, t = +1. */
int ref_gelu_shortcut(uint32_t xb, double *y, int *t) { return sc_gelu(xb, y, t); }

int ref_gelu_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  int r;
  if (mpfr_nan_p(x)) {
    mpfr_set_nan(y);
    return 0;
  }
  if (mpfr_zero_p(x)) return act_signed_zero(y, x);
  if (mpfr_inf_p(x)) { /* +inf, and x Phi(x) -> -0 */
    if (mpfr_sgn(x) > 0) mpfr_set_inf(y, +1);
    else mpfr_set_zero(y, -1);
    return 0;
  }
  /* x >= 40: gelu(x) = x - x Phi(-x), and x Phi(-x) < phi(x) = e^(-x^2/2) / sqrt(2 pi) <
   * e^-800 < 2^-1154 (Mills' ratio: Phi(-x) < phi(x) / x), below x 2^-80 */
  if (mpfr_cmp_ui(x, 40) >= 0 && (r = act_tail(y, mpfr_get_d(x, MPFR_RNDN), +1, rnd)) != -2) return r;
  return expr_mpfr_formula(y, x, rnd, act_expr());
}
