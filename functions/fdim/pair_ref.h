/* pair_ref.h: the fast reference of fdim(a, b) = a - b when a > b, else +0
 * (reference/shared/pair_hd.h's contract; mpfr_dim's definition: a NaN operand gives NaN, and
 * fdim(+inf, +inf) = fdim(-inf, -inf) = +0 since a > b fails).
 *
 * a > b, both finite: a - b is a positive multiple of 2^-149 below 2^129, so its
 * RN53 is normal or exact and TwoSum (host_device.h) gives s = RN53(a - b) with the exact error
 * e = (a - b) - s: y = s, t = sign(s - (a - b)) = -sign(e). With an infinite operand the
 * difference is +inf, exactly. Every pair is decided. */
#include "reference/shared/pair_hd.h"

REF_HD int pairref_fdim(uint32_t a, uint32_t b, double *y, int *t) {
  *t = 0;
  if (pr_isnan(a) || pr_isnan(b)) {
    *y = REF_NAN;
    return 1;
  }
  const double x = (double)u2f(a), z = (double)u2f(b);
  if (!(x > z)) {
    *y = 0.0;
  } else if (pr_isinf(a) || pr_isinf(b)) {
    *y = REF_INF;
  } else {
    double s, e;
    ref_two_sum(x, -z, &s, &e);
    *y = s;
    *t = e > 0 ? -1 : e < 0 ? 1 : 0;
  }
  return 1;
}
