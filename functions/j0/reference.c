/* reference.c (j0): the reference for J0, the Bessel function of the first kind of
 * order 0, with the ranges where MPFR is provably not needed.
 *
 * Referee: mpfr_j0 at 53 bits, round to nearest, binary64 exponent range (the engine
 * sets the range and subnormalizes). Special values, as C (POSIX j0) and CUDA's j0f
 * document them and as mpfr_j0 returns them: j0(+-0) = 1, j0(+-inf) = +0, j0(NaN) = NaN.
 * J0 is even (its power series, DLMF 10.2.2, is in x^2) and not monotone.
 * Exactness: J0(xi) is transcendental at every algebraic xi != 0 (Siegel, 1929), so for
 * every finite nonzero binary32 x, t != 0 and J0(x) is never a rounding midpoint.
 *
 * Shortcut. The engine asks it only for x with the sign bit clear (J0 is even; RN is
 * symmetric); it answers for both signs alike, J0 being even.
 *  (A) x = +-0: J0 = 1 exactly, t = 0. x = +-inf: +0 exactly, t = 0. NaN: 0 (the engine
 *      handles NaN inputs).
 *  (B) 0 < |x| <= 2^-26 (bits 0x00000001 .. 0x32800000): RN53(J0 x) = 1, t = +1.
 *      Proof: J0(x) = sum_j (-1)^j (x/2)^(2j) / (j!)^2 (DLMF 10.2.2). For 0 < x < 2 the
 *      terms decrease in magnitude (ratio (x/2)^2/(j+1)^2 < 1) and alternate, so
 *      1 - x^2/4 < J0(x) < 1. The binary64 number below 1 is 1 - 2^-53: every z in
 *      (1 - 2^-54, 1] rounds to 1. For x <= 2^-26, 1 - J0(x) < x^2/4 <= 2^-54: RN53 = 1,
 *      above J0(x): t = +1.
 *      The bound is sharp: the next binary32, x = 2^-26 (1 + 2^-23), has
 *      1 - J0(x) > x^2/4 - x^4/64 > 2^-54 (1 + 2^-22) - 2^-110 > 2^-54, so J0(x) rounds
 *      to 1 - 2^-53 there (test_j0.c checks the referee on both sides).
 *  (C) |x| >= 2^12 (bits 0x45800000 .. 0x7f7fffff): Hankel's large-argument expansion
 *      (reference/shared/bessel_hankel_hd.h, rb_hankel, with the proof: DLMF 10.17, the
 *      reduction, sin and cos of trig_reduce.h, a double-double evaluation with an error
 *      bound of 2^-98 on P cos w - Q sin w, Ziv's rounding test). It returns MPFR's pair
 *      or declines (x within about 2^-40 of a zero of J0, or a value within about
 *      2^-97 relative of a rounding boundary): rare, none in the tests. J0 is even: the
 *      same pair at -x.
 * The shortcut's code is functions/j0/shortcut.h (sc_j0, for the host and the device).
 * Everything else (2^-26 < |x| < 2^12) goes to the fast path's table (built from
 * ref_j0_series over the FAST_RANGE of j0.def), then to MPFR: the rare inputs the table
 * or (C) leave undecided. (MPFR 4.2 takes about 10 us a call from 2^11 to 2^127, (C)
 * about 0.4 us on the host, measured on one core.)
 *
 * Series: ref_j0_series(res, x, len, prec) encloses J0^(k)(xi)/k! for every xi in the
 * ball x, k < len (reference/shared/bessel.c: power series for |xi| <= 16, the Bessel ODE
 * recurrence from J0(c) and J0'(c) = -J1(c) elsewhere, crude bounds |a_k| <= 1/k! for
 * wide balls containing 0). J0 is entire: it always returns 0. */
#include <stdint.h>

#include <mpfr.h>
#include <arb.h>

#include "reference/shared/bessel.h"
#include "functions/j0/shortcut.h"

int ref_j0_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_j0(y, x, rnd); }

int ref_j0_shortcut(uint32_t xb, double *y, int *t) { return sc_j0(xb, y, t); }

int ref_j0_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  return rb_series(res, x, 'J', 0, len, prec);
}
