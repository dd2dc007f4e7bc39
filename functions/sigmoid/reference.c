/* sigmoid: the reference, the logistic function 1/(1+e^-x) = 1/(1+exp(-x)) (the row of the expression table,
 * src/reference/expr.c), rounded by expr_mpfr; functions/activation_util.h says why the
 * balls decide at every nonzero finite x. */
#include "functions/activation_util.h"

ACT_EXPR(sigmoid)

int ref_sigmoid_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (mpfr_nan_p(x)) {
    mpfr_set_nan(y);
    return 0;
  }
  /* the formula is exact at the special points: sigmoid(+-0) = 1/2 (exp(-0) = 1),
   * sigmoid(+inf) = 1/(1+0) = 1, sigmoid(-inf) = 1/(1+inf) = +0 */
  return expr_mpfr(y, x, rnd, act_expr());
}
