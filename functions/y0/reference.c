/* reference.c (y0): the reference for Y0, the Bessel function of the second kind of
 * order 0.
 *
 * Referee: mpfr_y0 at 53 bits, round to nearest, binary64 exponent range (the engine
 * sets the range and subnormalizes). Special values, as C (POSIX y0), CUDA's y0f and
 * mpfr_y0 agree: y0(+-0) = -inf (a pole, exact: t = 0), y0(x < 0) = NaN and y0(-inf) =
 * NaN (outside the domain), y0(+inf) = +0, y0(NaN) = NaN.
 * No symmetry, not monotone (Y0 oscillates on (0, inf)).
 *
 * Shortcut: the special inputs, the domain exterior and x >= 2^11.
 *  (A) x = +-0: -inf, t = 0. x = +inf: +0, t = 0.
 *  (B) sign bit set, x != -0 and not NaN (negative numbers and -inf): NaN with the
 *      bits mpfr_get_d gives (RB_NAN, reference/shared/bessel_hd.h), t = 0.
 *  NaN inputs: 0 (the engine handles them).
 *  (C) x >= 2^11 (bits 0x45000000 .. 0x7f7fffff): Hankel's large-argument expansion
 *      (reference/shared/bessel_hankel_hd.h, rb_hankel, with the proof: DLMF 10.17, the
 *      reduction, sin and cos of trig_reduce.h, a double-double evaluation with an error
 *      bound of 2^-98 on P sin w + Q cos w, Ziv's rounding test). It returns MPFR's pair
 *      or declines (x within about 2^-40 of a zero of Y0, or a value within about
 *      2^-97 relative of a rounding boundary): rare, none in the tests.
 * Below 2^11 Y0 has no range where the rounding is settled by a simple formula: near
 * 0, Y0(x) ~ (2/pi)(ln(x/2) + gamma) (DLMF 10.8.2) needs a correctly rounded logarithm.
 * The shortcut's code is
 * functions/y0/shortcut.h (sc_y0, from rb_sc_y_special in reference/shared/bessel_hd.h and
 * rb_hankel, for the host and the device). Every finite 0 < x < 2^11 goes to the fast
 * path's table (built from ref_y0_series over the FAST_RANGE of y0.def), then to MPFR:
 * the few inputs the table leaves undecided (the smallest subnormals) and the rare ones
 * (C) declines. (MPFR 4.2 takes about 10 us a call from 2^11 to 2^127, (C) about 0.4 us
 * on the host, measured on one core.)
 *
 * Series: ref_y0_series(res, x, len, prec) returns -1 (res indeterminate) unless the
 * ball x lies in (0, inf): Y0 has a logarithmic branch point at 0 and is not real-analytic
 * on any ball reaching 0. Otherwise it encloses Y0^(k)(xi)/k! for every xi in the ball
 * (reference/shared/bessel.c, rb_series: Taylor model at the midpoint from the Bessel ODE
 * recurrence started at Y0(m), Y0'(m) = -Y1(m), remainder from the recurrence over the
 * whole ball started from the bound |Y0|, |Y1| <= sqrt(Y0(lo)^2 + Y1(lo)^2), rb_y_energy)
 * and returns 0. */
#include <stdint.h>

#include <mpfr.h>
#include <arb.h>

#include "reference/shared/bessel.h"
#include "functions/y0/shortcut.h"

int ref_y0_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_y0(y, x, rnd); }

int ref_y0_shortcut(uint32_t xb, double *y, int *t) { return sc_y0(xb, y, t); }

int ref_y0_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  return rb_series(res, x, 'Y', 0, len, prec);
}
