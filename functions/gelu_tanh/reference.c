/* gelu_tanh: the reference, GELU, the tanh form x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715
 * x^3))) as an exact function, from its row of the expression table
 * (src/catalogue/expr.c): x/(1+exp(-2*sqrt(2/pi)*(x+0.044715*x^3))), rounded by
 * expr_mpfr_formula (exact MPFR operations, else Ziv's loop over Arb balls). This file adds what
 * the formula cannot decide: the limits at +-inf, signs of zeros, and the tail where the
 * value lies within 2^-80 relative of x (or 1), proved below (act_tail,
 * functions/activation_util.h); test_activation checks all of it against naive MPFR
 * loops. */
#include "functions/activation_util.h"

ACT_EXPR(gelu_tanh)

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
