/* pair_ref.h: the fast reference of fmod(a, b) = a - trunc(a/b) b (reference/shared/pair_hd.h's
 * contract; mpfr_fmod's special values: a NaN operand, an infinite a or a zero b give
 * NaN; an infinite b gives a; a zero a gives a).
 *
 * The result is exact (t = 0) and a binary32 number: with |a| = A 2^Ea, |b| = B 2^Eb
 * (pr_split: integers below 2^24, exponents of the last significand bits), |a| < |b|
 * gives a itself; otherwise Ea >= Eb (the exponent of the last bit grows with the
 * magnitude) and |a| = A 2^(Ea - Eb) 2^Eb, so
 *   fmod(|a|, |b|) = (A 2^(Ea - Eb) mod B) 2^Eb,
 * computed exactly in integers (pr_mod_pow2), with a's sign (also on a zero result).
 * Every pair is decided. */
#include "reference/shared/pair_hd.h"

REF_HD int pairref_fmod(uint32_t a, uint32_t b, double *y, int *t) {
  *t = 0;
  if (pr_isnan(a) || pr_isnan(b) || pr_isinf(a) || pr_iszero(b)) {
    *y = REF_NAN;
    return 1;
  }
  const double s = (a & REF_SIGN32) ? -1.0 : 1.0;
  if (pr_isinf(b) || (a & 0x7fffffffu) < (b & 0x7fffffffu)) { /* also a zero a */
    *y = (double)u2f(a);
    return 1;
  }
  uint32_t A, B;
  int Ea, Eb;
  pr_split(a, &A, &Ea), pr_split(b, &B, &Eb);
  const uint64_t R = pr_mod_pow2(A, Ea - Eb, B);
  *y = s * ref_mul((double)R, pr_pow2(Eb));
  return 1;
}
