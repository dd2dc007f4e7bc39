/* softplus: the reference, softplus, log(1 + e^x) = log1p(exp(x)) (the row of the expression table,
 * src/reference/expr.c), rounded by expr_mpfr; functions/activation_util.h says why the
 * balls decide at every nonzero finite x. */
#include "functions/activation_util.h"

ACT_EXPR(softplus)

int ref_softplus_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (mpfr_nan_p(x)) {
    mpfr_set_nan(y);
    return 0;
  }
  /* exact at +-inf through the formula: log1p(exp(+inf)) = +inf, log1p(exp(-inf)) = +0 */
  return expr_mpfr(y, x, rnd, act_expr());
}
