/* pair_ref.h: the fast reference of a / b for binary32 a, b (reference/shared/pair_hd.h's contract).
 *
 * Special operands (IEEE 754, as mpfr_div): a NaN operand, 0/0 and inf/inf give NaN;
 * x/0 = +-inf and inf/x = +-inf, x/inf = +-0 and 0/x = +-0, all exact (t = 0), the sign
 * the exclusive or of the operands' signs.
 *
 * Finite non-zero a, b: 2^-277 < |a/b| < 2^277, inside binary64's normal range, so
 * q = RN53(a/b) is the reference's y. Its ternary: the remainder r = a - q b is a binary64
 * number (the remainder of a correctly rounded quotient is representable when it does
 * not underflow: Boldo and Daumas, "Representable correcting terms for possibly
 * underflowing floating point operations", ARITH 2003; here |r| >= ulp(q) |b| / 2^53 >
 * 2^-500 unless r = 0), so one fma computes it exactly, and y - a/b = -r/b gives
 * t = -sign(r) sign(b). Every pair is decided. */
#include "reference/shared/pair_hd.h"

REF_HD int pairref_div(uint32_t a, uint32_t b, double *y, int *t) {
  const uint32_t sign = (a ^ b) & REF_SIGN32;
  const double s = sign ? -1.0 : 1.0;
  *t = 0;
  if (pr_isnan(a) || pr_isnan(b) || (pr_iszero(a) && pr_iszero(b)) || (pr_isinf(a) && pr_isinf(b))) {
    *y = REF_NAN;
  } else if (pr_isinf(a) || pr_iszero(b)) {
    *y = s * REF_INF;
  } else if (pr_isinf(b) || pr_iszero(a)) {
    *y = s * 0.0;
  } else {
    const double x = (double)u2f(a), d = (double)u2f(b);
    const double q = ref_div(x, d), r = ref_fma(-q, d, x);
    *y = q;
    *t = r == 0 ? 0 : (r > 0) == (d > 0) ? -1 : 1;
  }
  return 1;
}
