/* recip_sqrt.c: references for 1/x and sqrt(x), answered without MPFR on every input.
 *
 * Both are IEEE 754 basic operations, correctly rounded in binary64: for a binary32
 * x (exact in binary64), y = 1.0 / x and y = sqrt(x) computed in binary64 are
 * RN53(1/x) and RN53(sqrt x) exactly (the host's SSE2 division and square root
 * round to nearest; the build has no fast-math). The ternary t = sign(y - f(x)) comes
 * from the exact residual:
 *
 *   recip: r = fma(-x, y, 1) = 1 - x y. The remainder of a correctly rounded division
 *     is a binary64 number (Boldo and Daumas; Muller et al., Handbook of
 *     Floating-Point Arithmetic, 2nd ed., section 4.2), so the fma computes it
 *     exactly. y - 1/x = -(1 - x y) / x, hence t = -sign(r) sign(x).
 *     No underflow: |x| <= 2^128 gives |y| >= 2^-128, far above binary64's range end.
 *   sqrt: r = fma(-y, y, x) = x - y^2, exactly representable for y = RN(sqrt x)
 *     (same references), so y - sqrt x has the sign of y^2 - x: t = -sign(r).
 *
 * Special inputs: 1/(+-0) = +-inf exactly (a pole), 1/(+-inf) = +-0 exactly;
 * sqrt(-0) = -0, sqrt(+inf) = +inf, sqrt of x < 0 is undefined (NaN).
 * tests/test_reference.c compares both with MPFR at 1024 bits. */
#include <math.h>

#include "src/common.h"
#include "src/reference/reference.h"

static int sgn(double v) { return (v > 0) - (v < 0); }

int ref_recip_shortcut(uint32_t xb, double *y, int *t) {
  if ((xb & 0x7fffffffu) > 0x7f800000u) return 0; /* NaN: the engine handles it */
  double x = (double)u2f(xb);
  *y = 1.0 / x;
  if (x == 0 || isinf(x)) {
    *t = 0;
    return 1;
  }
  double r = fma(-x, *y, 1.0);
  *t = -sgn(r) * sgn(x);
  return 1;
}

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
  *t = -sgn(fma(-*y, *y, x));
  return 1;
}
