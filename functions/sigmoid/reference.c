/* sigmoid: the reference, the logistic function, from its row
 * of the expression table (src/catalogue/expr.c): 1/(1+exp(-x)), rounded by
 * expr_mpfr_formula (exact MPFR operations, else Ziv's loop over Arb balls). This file adds what
 * the formula cannot decide: the limits at +-inf, signs of zeros, and the tail where the
 * value lies within 2^-80 relative of x (or 1), proved below (act_tail,
 * functions/activation_util.h); test_activation checks all of it against naive MPFR
 * loops. */
#include "functions/activation_util.h"
#include "functions/sigmoid/shortcut.h"

ACT_EXPR(sigmoid)

/* Shortcut (shortcut.h, sc_sigmoid), for finite nonzero x:
 *  - |x| < 2^-53: sigmoid(x) = 1/2 + d, d = tanh(x/2)/2, 0 < |d| <= |x|/4 < 2^-55 with
 *    x's sign. The neighbours of 1/2 are 2^-53 above and 2^-54 below it, so the value
 *    rounds to 1/2 on either side: y = 1/2, t = -1 for x > 0, +1 for x < 0.
 *  - x >= 40: 1 - sigmoid(x) = e^-x/(1 + e^-x) < e^-40 < 2^-57, within half the gap
 *    2^-53 below 1: y = 1, t = +1.
 *  - x <= -800: 0 < sigmoid(x) < e^x <= e^-800 < 2^-1154, below half the smallest
 *    subnormal 2^-1075: y = +0, t = -1. */
int ref_sigmoid_shortcut(uint32_t xb, double *y, int *t) { return sc_sigmoid(xb, y, t); }

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
