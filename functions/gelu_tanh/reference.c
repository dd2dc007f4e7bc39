/* gelu_tanh: the reference, GELU, the tanh form x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715
 * x^3))) as an exact function, from its row of the expression table
 * (reference/expr/expr.c): x/(1+exp(-2*sqrt(2/pi)*(x+0.044715*x^3))), rounded by
 * expr_mpfr_formula (exact MPFR operations, else Ziv's loop over Arb balls). This file adds what
 * the formula cannot decide: the limits at +-inf, signs of zeros, and the tail where the
 * value lies within 2^-80 relative of x (or 1), proved below (act_tail,
 * reference/shared/activation.h); test_activation checks all of it against naive MPFR
 * loops. */
#include "reference/shared/activation.h"
#include "functions/gelu_tanh/shortcut.h"

ACT_EXPR(gelu_tanh)

/* Shortcut (shortcut.h, sc_gelu_tanh), for finite nonzero x (the gap lemma: functions/
 * silu/reference.c), with u = sqrt(2/pi) (x + 0.044715 x^3), of x's sign:
 *  - |x| < 2^-55: gelu_tanh(x) = x/2 + d, d = (x/2) tanh(u) > 0, |tanh u| <= |u| < 0.8 |x|
 *    (sqrt(2/pi) = 0.79788...), so d < 0.4 x^2 < |x/2| 2^-55: y = x/2, t = -1.
 *  - x >= 8: the value is x/(1 + e^-2u), within x e^-2u below x, and u >= 0.7978 (8 +
 *    0.044715 8^3) > 24.6 (u grows with x), so x e^-2u < x e^-49 < x 2^-70: y = x,
 *    t = +1.
 *  - x <= -22: |value| = |x| e^-2|u|/(1 + e^-2|u|) < |x| e^(-0.0713 |x|^3) (2 sqrt(2/pi)
 *    0.044715 > 0.0713), which decreases for |x| >= 1: at most 22 e^-759 < 2^-1090, below
 *    half the smallest subnormal: y = -0, t = +1. */
int ref_gelu_tanh_shortcut(uint32_t xb, double *y, int *t) { return sc_gelu_tanh(xb, y, t); }

int ref_gelu_tanh_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  int r;
  if (mpfr_nan_p(x)) {
    mpfr_set_nan(y);
    return 0;
  }
  if (mpfr_zero_p(x)) return act_signed_zero(y, x);
  if (mpfr_inf_p(x)) { /* +inf, and -> -0 */
    if (mpfr_sgn(x) > 0) mpfr_set_inf(y, +1);
    else mpfr_set_zero(y, -1);
    return 0;
  }
  /* x >= 16: with u = sqrt(2/pi) (x + 0.044715 x^3) >= 0.79788 * 199.15 (u grows with x),
   * f = x - x e^(-2u) / (1 + e^(-2u)), the gap below x e^-317 < x 2^-457 */
  if (mpfr_cmp_ui(x, 16) >= 0 && (r = act_tail(y, mpfr_get_d(x, MPFR_RNDN), +1, rnd)) != -2) return r;
  return expr_mpfr_formula(y, x, rnd, act_expr());
}
