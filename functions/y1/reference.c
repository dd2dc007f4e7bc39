/* reference.c (y1): the reference for Y1, the Bessel function of the second kind of
 * order 1.
 *
 * Referee: mpfr_y1 at 53 bits, round to nearest, binary64 exponent range (the engine
 * sets the range and subnormalizes). Special values, as C (POSIX y1), CUDA's y1f and
 * mpfr_y1 agree: y1(+-0) = -inf (a pole, exact: t = 0), y1(x < 0) = NaN and y1(-inf) =
 * NaN (outside the domain), y1(+inf) = +0, y1(NaN) = NaN.
 * No symmetry, not monotone (Y1 oscillates on (0, inf)).
 *
 * Shortcut: the special inputs and the domain exterior, nothing else.
 *  (A) x = +-0: -inf, t = 0. x = +inf: +0, t = 0.
 *  (B) sign bit set, x != -0 and not NaN (negative numbers and -inf): NaN, t = 0.
 *  NaN inputs: 0 (the engine handles them).
 * Y1 has no range where the rounding is settled by a simple formula: near 0,
 * Y1(x) = -2/(pi x) (1 + O(x^2 ln x)) (DLMF 10.8.1) rounds as 2/(pi x) does, which
 * needs pi to well over 53 bits, and at large x Y1 oscillates; MPFR decides every
 * finite x > 0 (it is fast near 0: about 1 us a call below 2^-30).
 *
 * Series: ref_y1_series(res, x, len, prec) returns -1 (res indeterminate) unless the
 * ball x lies in (0, inf): Y1 has a pole and a logarithmic branch point at 0 and is
 * not real-analytic on any ball reaching 0. Otherwise it encloses Y1^(k)(xi)/k! for every xi in the ball
 * (refbessel_util.h, rb_series: Taylor model at the midpoint from the Bessel ODE
 * recurrence started at Y1(m), Y1'(m) = Y0(m) - Y1(m)/m, remainder from the recurrence over the
 * whole ball) and returns 0. */
#include <stdint.h>

#include "functions/refbessel_util.h"

int ref_y1_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_y1(y, x, rnd); }

int ref_y1_shortcut(uint32_t xb, double *y, int *t) { return rb_y_shortcut(xb, y, t); }

int ref_y1_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  return rb_series(res, x, 'Y', 1, len, prec);
}
