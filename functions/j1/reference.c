/* reference.c (j1): the reference for J1, the Bessel function of the first kind of
 * order 1, with the ranges where MPFR is provably not needed.
 *
 * Referee: mpfr_j1 at 53 bits, round to nearest, binary64 exponent range (the engine
 * sets the range and subnormalizes), except at -inf. Special values, as CUDA's j1f
 * documents them: j1(+-0) = +-0, j1(+-inf) = +-0, j1(NaN) = NaN. mpfr_j1 gives +0 at
 * -inf; the referee returns -0 there, as CUDA does and as oddness (the engine mirrors
 * negative inputs) requires.
 * J1 is odd (its power series, DLMF 10.2.2, has odd powers only) and not monotone.
 * Exactness: J1(xi) is transcendental at every algebraic xi != 0 (Siegel, 1929: J0(xi)
 * and J0'(xi) = -J1(xi) are algebraically independent there), so t != 0 for every
 * finite nonzero binary32 x.
 *
 * Shortcut. The engine asks it only for x with the sign bit clear (J1 is odd and RN
 * symmetric: RN53(J1(-x)) = -RN53(J1(x)), the ternary flips); it answers for both signs,
 * mirroring.
 *  (A) x = +-0: +-0 exactly, t = 0. x = +-inf: +-0, t = 0. NaN: 0 (the engine handles
 *      NaN inputs).
 *  (B) 0 < x <= X1 = 0x1.965feap-26 (bits 0x00000001 .. 0x32cb2ff5): RN53(J1 x) = x/2,
 *      t = +1 (x/2 is a binary64 number: x has 24 bits and x/2 >= 2^-150).
 *      Proof: J1(x) = sum_j (-1)^j (x/2)^(2j+1) / (j!(j+1)!) (DLMF 10.2.2); for 0 < x < 2
 *      the terms alternate and decrease (ratio (x/2)^2/((j+1)(j+2)) < 1), so
 *        x/2 - x^3/16 < J1(x) < x/2,  i.e.  0 < d := x/2 - J1(x) < (x/2)^3 / 2.
 *      RN53 gives x/2 iff d is below half the gap from x/2 down to its predecessor. Let
 *      x/2 = m 2^e, 1 <= m < 2: that half gap is 2^(e-53) when m > 1 and 2^(e-54) when
 *      m = 1 (the gap below a power of two is half as wide), and (x/2)^3/2 = m^3 2^(3e-1).
 *      - e <= -28 (x < 2^-26): m^3 2^(3e-1) < 2^(3e+2) <= 2^(e-54), since 2e <= -56.
 *      - e = -27 (2^-26 <= x < 2^-25): m = 1 gives 2^-82 < 2^-81 = 2^(e-54); m > 1 needs
 *        m^3 2^-82 <= 2^-80, i.e. m^3 <= 4. With m = M 2^-23 (M the 24-bit significand)
 *        that is M^3 <= 4 2^69, true up to M = 13316085 = 0xcb2ff5 (4 2^69 - M^3 =
 *        87106917692723 > 0) and false from M = 13316086 on.
 *      In both cases d < half gap: RN53 = x/2, above J1(x): t = +1.
 *      Sharp: at the next pattern, x = 13316086 2^-49, m^3 - 4 = 444847481437208 2^-69
 *      > 7.5e-7 while the next series term changes d by a factor 1 - O(2^-53), so
 *      d > 2^-80: J1 rounds below x/2 (test_j1.c checks the referee there).
 *  (C) |x| >= 2^12 (bits 0x45800000 .. 0x7f7fffff): Hankel's large-argument expansion
 *      (reference/shared/bessel_hankel_hd.h, rb_hankel, with the proof: DLMF 10.17, the
 *      reduction, sin and cos of trig_reduce.h, a double-double evaluation with an error
 *      bound of 2^-98 on P cos w - Q sin w, Ziv's rounding test). It returns MPFR's pair
 *      or declines (x within about 2^-40 of a zero of J1, or a value within about
 *      2^-97 relative of a rounding boundary): rare, none in the tests. J1 is odd: the
 *      pair at -x is (-y, -t).
 * The shortcut's code is functions/j1/shortcut.h (sc_j1, for the host and the device).
 * Everything else (X1 < |x| < 2^12) goes to the fast path's table (built from
 * ref_j1_series over the FAST_RANGE of j1.def), then to MPFR: the rare inputs the table
 * or (C) leave undecided. (MPFR 4.2 takes about 10 us a call from 2^11 to 2^127, (C)
 * about 0.5 us on the host, measured on one core.)
 *
 * Series: ref_j1_series(res, x, len, prec) encloses J1^(k)(xi)/k! for every xi in the
 * ball x, k < len (reference/shared/bessel.c, rb_series: Taylor model at the midpoint, from the
 * power series for |mid| <= 16 and the Bessel ODE recurrence from J1, J1' = J0 - J1/x
 * elsewhere; crude bounds |a_k| <= 1/k! for balls of radius > 4). J1 is entire: it
 * always returns 0. */
#include <stdint.h>

#include <mpfr.h>
#include <arb.h>

#include "reference/shared/bessel.h"
#include "functions/j1/shortcut.h"

int ref_j1_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (mpfr_inf_p(x)) { /* +-0, as CUDA's j1f */
    mpfr_set_zero(y, mpfr_signbit(x) ? -1 : 1);
    return 0;
  }
  return mpfr_j1(y, x, rnd);
}

int ref_j1_shortcut(uint32_t xb, double *y, int *t) { return sc_j1(xb, y, t); }

int ref_j1_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  return rb_series(res, x, 'J', 1, len, prec);
}
