/* reference.c (y1): the reference for Y1, the Bessel function of the second kind of
 * order 1.
 *
 * Referee: mpfr_y1 at 53 bits, round to nearest, binary64 exponent range (the engine
 * sets the range and subnormalizes). Special values, as C (POSIX y1), CUDA's y1f and
 * mpfr_y1 agree: y1(+-0) = -inf (a pole, exact: t = 0), y1(x < 0) = NaN and y1(-inf) =
 * NaN (outside the domain), y1(+inf) = +0, y1(NaN) = NaN.
 * No symmetry, not monotone (Y1 oscillates on (0, inf)).
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
 *      or declines (x within about 2^-40 of a zero of Y1, or a value within about
 *      2^-97 relative of a rounding boundary): rare, none in the tests.
 * Below 2^11 Y1 has no range where the rounding is settled by a simple formula: near
 * 0, Y1(x) = -2/(pi x) (1 + O(x^2 ln x)) (DLMF 10.8.1) rounds as 2/(pi x) does, which
 * needs pi to well over 53 bits. The shortcut's code is
 * functions/y1/shortcut.h (sc_y1, from rb_sc_y_special in reference/shared/bessel_hd.h and
 * rb_hankel, for the host and the device). Every finite 0 < x < 2^11 goes to the fast
 * path's table (built from ref_y1_series over the FAST_RANGE of y1.def), then to MPFR:
 * the few inputs the table leaves undecided (the smallest subnormals) and the rare ones
 * (C) declines. (MPFR 4.2 takes about 10 us a call from 2^11 to 2^127, (C) about 0.4 us
 * on the host, measured on one core.)
 *
 * Series: ref_y1_series(res, x, len, prec) returns -1 (res indeterminate) unless the
 * ball x lies in (0, inf): Y1 has a pole and a logarithmic branch point at 0 and is
 * not real-analytic on any ball reaching 0. Otherwise it encloses Y1^(k)(xi)/k! for every xi in the ball
 * (reference/shared/bessel.c, rb_series: Taylor model at the midpoint from the Bessel ODE
 * recurrence started at Y1(m), Y1'(m) = Y0(m) - Y1(m)/m, remainder from the recurrence over the
 * whole ball started from the bound |Y0|, |Y1| <= sqrt(Y0(lo)^2 + Y1(lo)^2), rb_y_energy)
 * and returns 0. */
#include <stdint.h>

#include <mpfr.h>
#include <arb.h>

#include "reference/shared/bessel.h"
#include "functions/y1/shortcut.h"

int ref_y1_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_y1(y, x, rnd); }

int ref_y1_shortcut(uint32_t xb, double *y, int *t) { return sc_y1(xb, y, t); }

int ref_y1_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  return rb_series(res, x, 'Y', 1, len, prec);
}
