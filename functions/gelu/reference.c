/* gelu: the reference, GELU, x Phi(x) (the erf form) = x/2*(1+erf(x/sqrt(2))) (the row of the expression table,
 * src/reference/expr.c), rounded by expr_mpfr; functions/activation_util.h says why the
 * balls decide at every nonzero finite x. */
#include "functions/activation_util.h"

ACT_EXPR(gelu)

int ref_gelu_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
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
  return expr_mpfr(y, x, rnd, act_expr());
}
