/* silu: the reference, SiLU (swish), x sigmoid(x) = x/(1+exp(-x)) (the row of the expression table,
 * src/reference/expr.c), rounded by expr_mpfr; functions/activation_util.h says why the
 * balls decide at every nonzero finite x. */
#include "functions/activation_util.h"

ACT_EXPR(silu)

int ref_silu_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (mpfr_nan_p(x)) {
    mpfr_set_nan(y);
    return 0;
  }
  if (mpfr_inf_p(x) && mpfr_sgn(x) < 0) return act_signed_zero(y, x); /* x e^x -> -0 */
  return expr_mpfr(y, x, rnd, act_expr());
}
