/* pair_ref.h: the fast reference of hypot(a, b) = sqrt(a^2 + b^2) (reference/shared/pair_hd.h's
 * contract; mpfr_hypot's special values: an infinite operand gives +inf, even with a NaN
 * one; otherwise a NaN operand gives NaN; a zero operand gives the other's magnitude,
 * exactly).
 *
 * Finite non-zero a, b: a^2 + b^2 = hi + lo exactly (pr_sumsq), and pr_sqrt_dd gives
 * sqrt(hi + lo) as a double-double within eps (at most 2^-102 s0, and 2^-50 of the
 * correction to s0 = RN(sqrt(hi))), or exactly. The result lies in [2^-149, 2^128.5],
 * normal in binary64, so Ziv's test (pr_ziv) decides every pair whose root is further than
 * eps from binary64 numbers and midpoints; exact roots
 * (Pythagorean pairs) are recognised exactly. What stays undecided is a root within that
 * distance of a midpoint or an inexact one within it of a binary64 number: MPFR decides. */
#include "reference/shared/pair_hd.h"

REF_HD int pairref_hypot(uint32_t a, uint32_t b, double *y, int *t) {
  *t = 0;
  if (pr_isinf(a) || pr_isinf(b)) {
    *y = REF_INF;
    return 1;
  }
  if (pr_isnan(a) || pr_isnan(b)) {
    *y = REF_NAN;
    return 1;
  }
  if (pr_iszero(a) || pr_iszero(b)) {
    *y = fabs((double)u2f(a)) + fabs((double)u2f(b)); /* one of them is 0: exact */
    return 1;
  }
  double hi, lo, rh, rl, eps;
  int exact;
  pr_sumsq(a, b, &hi, &lo);
  pr_sqrt_dd(hi, lo, &rh, &rl, &eps, &exact);
  if (exact) {
    *y = rh;
    return 1;
  }
  return pr_ziv(rh, rl, eps, y, t);
}
