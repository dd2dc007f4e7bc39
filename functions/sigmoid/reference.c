/* sigmoid: the reference, the logistic function, from its row
 * of the expression table (src/catalogue/expr.c): 1/(1+exp(-x)), rounded by
 * expr_mpfr_formula (exact MPFR operations, else Ziv's loop over Arb balls). This file adds what
 * the formula cannot decide: the limits at +-inf, signs of zeros, and the tail where the
 * value lies within 2^-80 relative of x (or 1), proved below (act_tail,
 * functions/activation_util.h); test_activation checks all of it against naive MPFR
 * loops. */
#include "functions/activation_util.h"

ACT_EXPR(sigmoid)

int ref_sigmoid_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  int r;
  if (mpfr_nan_p(x)) {
    mpfr_set_nan(y);
    return 0;
  }
  /* exact through the formula at +-0 (1/2), +inf (1) and -inf (+0) */
  /* x >= 64: 1 - sigmoid(x) = e^-x / (1 + e^-x) < e^-64 < 2^-92 (act_tail: v = 1) */
  if (mpfr_cmp_ui(x, 64) >= 0 && !mpfr_inf_p(x) && (r = act_tail(y, 1.0, +1, rnd)) != -2) return r;
  return expr_mpfr_formula(y, x, rnd, act_expr());
}
