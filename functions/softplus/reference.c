/* softplus: the reference, softplus, log(1 + e^x), from its row
 * of the expression table (reference/expr/expr.c): log1p(exp(x)), rounded by
 * expr_mpfr_formula (exact MPFR operations, else Ziv's loop over Arb balls). This file adds what
 * the formula cannot decide: the limits at +-inf, signs of zeros, and the tail where the
 * value lies within 2^-80 relative of x (or 1), proved below (act_tail,
 * reference/shared/activation.h); test_activation checks all of it against naive MPFR
 * loops. */
#include "reference/shared/activation.h"
#include "functions/softplus/shortcut.h"

ACT_EXPR(softplus)

/* Shortcut (shortcut.h, sc_softplus), for finite x:
 *  - |x| < 2^-56 (zeros included): log 2 = L + 0.2088... 2^-53 with L = RN53(log 2) =
 *    0x1.62e42fefa39efp-1 (log 2 = 0x1.62e42fefa39ef357...p-1), and |softplus(x) - log
 *    2| <= |x| max sigmoid < |x| (1/2 + |x|) < 2^-57 + 2^-112 < 0.063 2^-53 (softplus' =
 *    sigmoid <= 1/2 + |xi|/4 between 0 and x), so the value lies in L + [0.145, 0.272]
 *    2^-53, inside (L, L + 2^-54): y = L, t = -1.
 *  - x >= 40: softplus(x) = x + log1p(e^-x), 0 < log1p(e^-x) < e^-40 < x 2^-57: y = x,
 *    t = -1 (the gap lemma, functions/silu/reference.c).
 *  - x <= -800: 0 < softplus(x) < e^x < 2^-1154: y = +0, t = -1. */
int ref_softplus_shortcut(uint32_t xb, double *y, int *t) { return sc_softplus(xb, y, t); }

int ref_softplus_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  int r;
  if (mpfr_nan_p(x)) {
    mpfr_set_nan(y);
    return 0;
  }
  /* exact through the formula at +inf (+inf) and -inf (+0) */
  /* x >= 64: softplus(x) = x + log1p(e^-x), the gap above x below e^-64 < x 2^-92 */
  if (mpfr_cmp_ui(x, 64) >= 0 && !mpfr_inf_p(x) && (r = act_tail(y, mpfr_get_d(x, MPFR_RNDN), -1, rnd)) != -2)
    return r;
  return expr_mpfr_formula(y, x, rnd, act_expr());
}
