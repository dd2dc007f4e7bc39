/* The reference for sqrt(x), answered without MPFR on every input.
 *
 * sqrt is an IEEE 754 basic operation, correctly rounded in binary64: for a binary32 x,
 * y = sqrt(x) computed in binary64 is RN53(sqrt x) exactly. r = fma(-y, y, x) = x - y^2
 * is exactly representable for y = RN(sqrt x) (Boldo and Daumas; Muller et al., Handbook
 * of Floating-Point Arithmetic, 2nd ed., section 4.2), so y - sqrt x has the sign of
 * y^2 - x: t = -sign(r).
 *
 * Special inputs: sqrt(-0) = -0, sqrt(+inf) = +inf, sqrt of x < 0 is undefined (NaN).
 * tests/test_reference.c compares it with MPFR at 1024 bits. */
#include <math.h>

#include "src/common.h"
#include "src/reference/reference.h"

int ref_sqrt_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_sqrt(y, x, rnd); }

int ref_sqrt_shortcut(uint32_t xb, double *y, int *t) {
  if ((xb & 0x7fffffffu) > 0x7f800000u) return 0;
  double x = (double)u2f(xb);
  if (x < 0) {
    *y = NAN;
    *t = 0;
    return 1;
  }
  *y = sqrt(x);
  if (x == 0 || isinf(x)) {
    *t = 0;
    return 1;
  }
  *t = -ref_sign(fma(-*y, *y, x));
  return 1;
}
