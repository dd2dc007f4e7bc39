/* sigmoid: the reference, the logistic function, from its row
 * of the expression table (reference/expr/expr.c): 1/(1+exp(-x)), rounded by
 * expr_mpfr_formula (exact MPFR operations, else Ziv's loop over Arb balls). This file adds what
 * the formula cannot decide: the limits at +-inf, signs of zeros, and the tail where the
 * value lies within 2^-80 relative of x (or 1), proved below (act_tail,
 * reference/shared/activation.h); test_activation checks all of it against naive MPFR
 * loops. */
#include "reference/shared/activation.h"
#include "functions/sigmoid/shortcut.h"

ACT_EXPR(sigmoid)

/* Shortcut (shortcut.h, sc_sigmoid), for finite nonzero x:
 *  - |x| < 2^-25: sigmoid(x) = v - eps, v = 1/2 + x/4, eps = x/4 - tanh(x/2)/2 of x's sign
 *    with |eps| < |x|^3/48 (u - u^3/3 < tanh u < u for u > 0). Near 1/2 the rounding
 *    boundaries (binary64 numbers and midpoints) are multiples of 2^-55. With x = m 2^q
 *    (m an integer, q <= -48), v lies on that grid when q >= -53, else at least 2^(q-2)
 *    from it; and |eps| < 2^(3q+72)/48 < 2^(q-2) (q <= -35), so eps moves f across no
 *    boundary and changes the rounding only when v is one. With y0 = RN(v) (0.5 + 0.25x,
 *    one rounding of exact operands) and e = v - y0 (exact: Fast2Sum, |1/2| >= |x/4|):
 *    e = 0: v is a binary64 number, y = v, t = sign(eps) = sign(x); |e| below half the
 *    gap at y0 on e's side (2^-54 above 1/2, 2^-55 below): y = y0, t = -sign(e) (|eps|
 *    < |e|: e is 2^-55 at least on the grid, 2^(q-2) off it); |e| half that gap (v a
 *    midpoint): f = v - eps lies on the side opposite x's sign, so y is the neighbour
 *    below v (x > 0, t = -1) or above it (x < 0, t = +1), the neighbours being y0 and
 *    y0 + 2e.
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
