/* reference.c (y0): the reference for Y0, the Bessel function of the second kind of
 * order 0.
 *
 * Referee: mpfr_y0 at 53 bits, round to nearest, binary64 exponent range (the engine
 * sets the range and subnormalizes). Special values, as C (POSIX y0), CUDA's y0f and
 * mpfr_y0 agree: y0(+-0) = -inf (a pole, exact: t = 0), y0(x < 0) = NaN and y0(-inf) =
 * NaN (outside the domain), y0(+inf) = +0, y0(NaN) = NaN.
 * No symmetry, not monotone (Y0 oscillates on (0, inf)).
 *
 * Shortcut: the special inputs and the domain exterior, nothing else.
 *  (A) x = +-0: -inf, t = 0. x = +inf: +0, t = 0.
 *  (B) sign bit set, x != -0 and not NaN (negative numbers and -inf): NaN, t = 0.
 *  NaN inputs: 0 (the engine handles them).
 * Y0 has no range where the rounding is settled by a simple formula: near 0,
 * Y0(x) ~ (2/pi)(ln(x/2) + gamma) (DLMF 10.8.2) needs a correctly rounded logarithm, and
 * at large x it oscillates; MPFR decides every finite x > 0.
 *
 * Series: ref_y0_series(res, x, len, prec) returns -1 (res indeterminate) unless the
 * ball x lies in (0, inf): Y0 has a logarithmic branch point at 0 and is not real-analytic
 * on any ball reaching 0. Otherwise it encloses Y0^(k)(xi)/k! for every xi in the ball
 * (refbessel_util.h, rb_series: Taylor model at the midpoint from the Bessel ODE
 * recurrence started at Y0(m), Y0'(m) = -Y1(m), remainder from the recurrence over the
 * whole ball) and returns 0. */
#include <stdint.h>

#include "functions/refbessel_util.h"

int ref_y0_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_y0(y, x, rnd); }

int ref_y0_shortcut(uint32_t xb, double *y, int *t) { return rb_y_shortcut(xb, y, t); }

int ref_y0_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  return rb_series(res, x, 'Y', 0, len, prec);
}
