/* elu: the reference, elu(x) = x for x > 0, expm1(x) for x <= 0 (alpha = 1): MPFR's
 * correctly rounded expm1 on the one side (expm1(-0) = -0, expm1(-inf) = -1 exactly), x
 * itself on the other. The expression table (src/catalogue/expr.c) has its Arb
 * enclosure for expressions that call elu. */
#include <mpfr.h>

int ref_elu_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (mpfr_nan_p(x)) {
    mpfr_set_nan(y);
    return 0;
  }
  if (mpfr_sgn(x) > 0) return mpfr_set(y, x, rnd);
  return mpfr_expm1(y, x, rnd);
}
