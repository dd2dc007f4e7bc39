/* silu: the reference, SiLU (swish), x sigmoid(x), from its row
 * of the expression table (reference/expr/expr.c): x/(1+exp(-x)), rounded by
 * expr_mpfr_formula (exact MPFR operations, else Ziv's loop over Arb balls). This file adds what
 * the formula cannot decide: the limits at +-inf, signs of zeros, and the tail where the
 * value lies within 2^-80 relative of x (or 1), proved below (act_tail,
 * reference/shared/activation.h); test_activation checks all of it against naive MPFR
 * loops. */
#include "reference/shared/activation.h"
#include "functions/silu/shortcut.h"

ACT_EXPR(silu)

/* Shortcut (shortcut.h, sc_silu), for finite nonzero x. The gap lemma: a nonzero binary64
 * number v has both neighbours at least |v| 2^-53 away (2^(e-53) toward zero from v =
 * 2^e, 2^(e-52) otherwise, for 2^e <= |v| < 2^(e+1)), so f = v + d with 0 < |d| < |v|
 * 2^-54 rounds to v, with the ternary value sign(v - f) = -sign(d).
 *  - |x| < 2^-53: silu(x) = x/2 + (x/2) tanh(x/2) (sigmoid(x) = (1 + tanh(x/2))/2), so
 *    d = (x/2) tanh(x/2) has 0 < d <= x^2/4 = |x/2| |x|/2 < |x/2| 2^-54: y = x/2 (exact
 *    in binary64, normal), t = -1.
 *  - x >= 40: d = -x e^-x/(1 + e^-x), |d| < x e^-40 < x 2^-57: y = x, t = +1.
 *  - x <= -800: |silu(x)| < |x| e^x <= 800 e^-800 < 2^-1144 (|x| e^-|x| decreases for
 *    |x| > 1), below half the smallest subnormal 2^-1075: y = -0, t = +1 (f < 0). */
int ref_silu_shortcut(uint32_t xb, double *y, int *t) { return sc_silu(xb, y, t); }

int ref_silu_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  int r;
  if (mpfr_nan_p(x)) {
    mpfr_set_nan(y);
    return 0;
  }
  if (mpfr_inf_p(x) && mpfr_sgn(x) < 0) return act_signed_zero(y, x); /* x e^x -> -0 */
  /* x >= 64: silu(x) = x - x e^-x / (1 + e^-x), the gap below x e^-64 < x 2^-92 */
  if (mpfr_cmp_ui(x, 64) >= 0 && !mpfr_inf_p(x) && (r = act_tail(y, mpfr_get_d(x, MPFR_RNDN), +1, rnd)) != -2)
    return r;
  return expr_mpfr_formula(y, x, rnd, act_expr());
}
