/* logb: the reference for logb(x), the unbiased exponent of x as a floating-point value
 * (IEEE 754 logB, C logb): floor(log2 |x|) for finite x != 0, subnormals included (the
 * exponent of the value, not of the encoding: logb(2^-149) = -149).
 *
 * Reference: MPFR has no logb; ref_logb_mpfr computes it from mpfr_get_exp, exactly
 * (t = 0): MPFR writes x = m 2^E with 1/2 <= |m| < 1, so floor(log2 |x|) = E - 1, an
 * integer of at most 8 bits, set exactly. Special values as IEEE 754 and C Annex F say:
 * logb(+-0) = -inf (a pole: exact, t = 0), logb(+-inf) = +inf, NaN gives NaN.
 * Even (REF_SYM_EVEN); not monotone over the line (REF_MONO_NONE).
 *
 * Shortcut: every input but NaN, both signs answered directly, from the bits (t = 0):
 * +-0: -inf. +-inf: +inf. Normal x (biased exponent b in 1..254): b - 127. Subnormal x
 * (encoding 0 < m < 2^23, value m 2^-149): the position of the top set bit of m,
 * re_bitlen32(m) - 1 (reference/shared/elem_hd.h: 31 - clz(m)), minus 149.
 *
 * Series: none (an exact reference; the catalogue entry has NULL). */
#include <math.h>
#include <stdint.h>
#include <mpfr.h>

#include "reference/shared/elem.h"
#include "functions/logb/shortcut.h"

int ref_logb_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (mpfr_nan_p(x)) {
    mpfr_set_nan(y);
    return 0;
  }
  if (mpfr_zero_p(x)) {
    mpfr_set_inf(y, -1);
    return 0;
  }
  if (mpfr_inf_p(x)) {
    mpfr_set_inf(y, 1);
    return 0;
  }
  return mpfr_set_si(y, (long)mpfr_get_exp(x) - 1, rnd);
}

int ref_logb_shortcut(uint32_t xb, double *y, int *t) { return sc_logb(xb, y, t); }
