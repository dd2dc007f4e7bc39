/* pair_ref.h: the fast reference of remainder(a, b) = a - n b, n the integer nearest
 * a/b with ties to even (reference/shared/pair_hd.h's contract; mpfr_remainder's special values as
 * fmod's: NaN for a NaN operand, an infinite a or a zero b; a for an infinite b or a
 * zero a).
 *
 * The result is exact (t = 0). |a| < |b|: n is 0 when 2|a| <= |b| (a tie 1/2 goes to
 * the even 0), else +-1 and the result is a's sign times |a| - |b|, exact (Sterbenz).
 * |a| >= |b|: as in fmod (functions/fmod/pair_ref.h), |a| = A 2^d 2^Eb; reducing modulo
 * 2B instead of B gives both r = |a| mod |b| (in units of 2^Eb) and the parity of the
 * truncated quotient q (r2 = A 2^d mod 2B: q is odd when r2 >= B, and r = r2 - B then).
 * The nearest quotient is q + 1 when 2r > B, or 2r = B with q odd; the result is then
 * r - B, else r, with a's sign (also on a zero result). Every pair is decided. */
#include "reference/shared/pair_hd.h"

REF_HD int pairref_remainder(uint32_t a, uint32_t b, double *y, int *t) {
  *t = 0;
  if (pr_isnan(a) || pr_isnan(b) || pr_isinf(a) || pr_iszero(b)) {
    *y = REF_NAN;
    return 1;
  }
  const double s = (a & REF_SIGN32) ? -1.0 : 1.0;
  const double x = fabs((double)u2f(a)), z = fabs((double)u2f(b));
  if (pr_isinf(b) || ref_add(x, x) <= z) { /* also a zero a; 2|a| is exact */
    *y = (double)u2f(a);
    return 1;
  }
  if (x < z) {
    *y = s * ref_sub(x, z);
    return 1;
  }
  uint32_t A, B;
  int Ea, Eb;
  pr_split(a, &A, &Ea), pr_split(b, &B, &Eb);
  uint64_t r = pr_mod_pow2(A, Ea - Eb, 2ull * B);
  const int odd = r >= B;
  if (odd) r -= B;
  const int64_t n = (2 * r > B || (2 * r == B && odd)) ? (int64_t)r - (int64_t)B : (int64_t)r;
  *y = s * ref_mul((double)n, pr_pow2(Eb));
  return 1;
}
