/* div.c: references for x / d, d one of the fixed binary32 divisors of divisors.def,
 * answered without MPFR on every input.
 *
 * x and d are binary32, so exact in binary64, and q = x / d computed in binary64 is
 * RN53(x / d) (an IEEE division, no underflow or overflow: 2^-149 / 2^127 = 2^-276 and
 * 2^128 / 2^-130 = 2^258 lie well inside binary64's normal range). The ternary
 * t = sign(q - x/d) = sign((q d - x) / d) = -sign(r) sign(d) comes from the remainder
 * r = x - q d, which fma(-q, d, x) computes exactly because r is a binary64 number:
 *
 *   Write x = X 2^ex, d = D 2^ed, q = Q 2^eq with integers 2^23 <= |X|, |D| < 2^24 and
 *   2^52 <= |Q| < 2^53 (every value here is normal in binary64). Then
 *   2^(eq+52) <= |q| <= RN53(2^(ex+24) / 2^(ed+23)) = 2^(ex-ed+1), so eq + ed <= ex - 51,
 *   and r = x - q d is an integer multiple of 2^(eq+ed) (both terms are). Since q is the
 *   rounding to nearest of x/d, |x/d - q| <= 2^(eq-1), so |r| <= 2^(eq-1) |d| < 2^(eq+ed+23):
 *   r = R 2^(eq+ed) with |R| < 2^23. Its exponent is at least
 *   eq + ed >= (-276 - 52) + (-130 - 23) > -1074, so r is a binary64 number, and the fma,
 *   which rounds x - q d once, returns it exactly.
 *
 * Special inputs: x = +-0 gives a zero of sign sign(x) sign(d), exact; x = +-inf an
 * infinity, exact (an infinite exact value: only that infinity is correct). NaN inputs
 * are left to the engine. functions/div/test_div.c compares every divisor with MPFR at
 * 1024 bits. */
#include <math.h>

#include "reference/bits.h"
#include "reference/reference.h"

static int div_shortcut(uint32_t xb, double d, double *y, int *t) {
  if ((xb & 0x7fffffffu) > 0x7f800000u) return 0;
  const double x = (double)u2f(xb);
  *y = x / d;
  if (x == 0 || isinf(x)) {
    *t = 0;
    return 1;
  }
  *t = -ref_sign(fma(-*y, d, x)) * ref_sign(d);
  return 1;
}

#define DIVISOR(id, name, d)                                                                   \
  int ref_div_##id##_shortcut(uint32_t xb, double *y, int *t) { return div_shortcut(xb, d, y, t); } \
  int ref_div_##id##_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_div_d(y, x, (double)(d), rnd); }
#include "functions/div/divisors.def"
#undef DIVISOR
