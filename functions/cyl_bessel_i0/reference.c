/* reference.c (cyl_bessel_i0): the reference for I0, the modified Bessel function of
 * the first kind of order 0 (CUDA's cyl_bessel_i0f), with the ranges where the referee
 * is provably not needed.
 *
 * Referee: MPFR has no I0. ref_arb_ziv (reference/arb_ziv.c
 * at integration) rounds enclosures of I0(|x|) to 53 bits in the caller's (binary64)
 * range, at 64, 128, 256, ... bits, up to 2^15 bits: the power series summed in ball
 * arithmetic for |x| < 4 (rb_i_series_ball, reference/shared/bessel.c, with its proof; 2 to 5
 * times faster there), arb_hypgeom_bessel_i elsewhere. Exact
 * points are decided before: I0(+-0) = 1 (t = 0), I0(+-inf) = +inf (t = 0), NaN -> NaN.
 * Every other binary32 x has I0(x) = J0(ix) transcendental (Siegel 1929: J0 at a nonzero
 * algebraic point), neither a binary64 number nor a midpoint, so the loop ends; if it
 * ever reached the cap (it cannot, short of a bug in Arb), the referee aborts rather
 * than return a wrong ternary.
 * CUDA documents no special values for cyl_bessel_i0f; these are the limits.
 * I0 is even (its power series, DLMF 10.25.2, is in x^2) and not monotone on the
 * whole line (decreasing on (-inf, 0], increasing on [0, inf)).
 *
 * Shortcut. The engine asks it only for x with the sign bit clear (I0 is even, RN
 * symmetric); it answers for both signs alike.
 *  (A) x = +-0: 1 exactly, t = 0. x = +-inf: +inf exactly, t = 0. NaN: 0 (the engine
 *      handles NaN inputs).
 *  (B) 0 < |x| <= X0 = 0x1.6a09e6p-26 = 11863283 2^-49 (bits up to 0x32b504f3):
 *      RN53(I0 x) = 1, t = -1.
 *      Proof: I0(x) = sum_j a^j/(j!)^2 with a = x^2/4 (DLMF 10.25.2), so
 *      0 < I0(x) - 1 <= a + a^2 + ... = a/(1-a). The binary64 number above 1 is
 *      1 + 2^-52: I0 rounds to 1 iff I0 - 1 < 2^-53 (a tie is impossible). With
 *      x = M 2^-49, M <= 11863283, M^2 <= 2^47 - 4817239 < 2^47, so a = M^2 2^-100
 *      <= 2^-53 - 2^-100 and a/(1-a) < a (1 + 2^-52) <= 2^-53 - 2^-100 + 2^-105 < 2^-53.
 *      RN53 = 1, below I0(x): t = -1.
 *      Sharp: from M = 11863284 on, M^2 > 2^47, I0 - 1 > a > 2^-53, and I0 rounds to
 *      1 + 2^-52 (test_cyl_bessel_i0.c checks the referee there).
 *  (C) |x| >= XOV = 713.9869384765625 = 0x1.64fe54p9 (bits 0x44327f2a up to +inf
 *      excluded): RN53(I0 x) = +inf, t = +1.
 *      Proof: RN (binary64) rounds to +inf every value >= B = 2^1024 - 2^970, the
 *      midpoint between DBL_MAX = 2^1024 - 2^971 and 2^1024 (IEEE 754 overflow under
 *      RN; at B itself the tie goes to 2^1024's even significand). A lower bound of I0,
 *      from I0(x) = (1/pi) int_0^pi e^(x cos th) dth (DLMF 10.32.1) and u = 1 - cos th,
 *      dth = du / sqrt(u (2-u)):
 *        e^-x I0(x) = (1/pi) int_0^2 e^(-xu) u^(-1/2) (2-u)^(-1/2) du.
 *      For 0 <= u < 2, (2-u)^(-1/2) = 2^(-1/2) (1 - u/2)^(-1/2) >= 2^(-1/2) (1 + u/4)
 *      (the binomial series of (1-w)^(-1/2) has positive coefficients). So
 *        e^-x I0(x) >= (1/(pi sqrt2)) [int_0^inf - int_2^inf] e^(-xu) (u^(-1/2) + u^(1/2)/4) du,
 *      int_0^inf = Gamma(1/2) x^(-1/2) + Gamma(3/2) x^(-3/2) / 4 = sqrt(pi/x) (1 + 1/(8x)),
 *      and int_2^inf <= int_2^inf e^(-xu) (1 + u/4) du = e^(-2x) (3/(2x) + 1/(4x^2)).
 *      Hence I0(x) >= L0(x) := e^x / sqrt(2 pi x) (1 + 1/(8x))
 *                              - e^-x (3/(2x) + 1/(4x^2)) / (pi sqrt2).
 *      At XOV, L0(XOV) / B - 1 = +2.977e-5 (ln L0(XOV) = 709.7827426669...,
 *      ln B = 709.7827128934...; test_cyl_bessel_i0.c recomputes L0(XOV) with MPFR in
 *      directed rounding and checks it exceeds B). I0 increases on [0, inf) (I0' = I1 > 0,
 *      DLMF 10.29.3), so I0(x) >= I0(XOV) >= L0(XOV) > B for every x >= XOV: +inf, above
 *      I0(x): t = +1.
 *      Sharp: at the binary32 below, 713.98687744140625, I0 / B - 1 = -3.11e-5 (Arb;
 *      the asymptotic series agrees): the result is finite there.
 * The shortcut's code is functions/cyl_bessel_i0/shortcut.h (sc_cyl_bessel_i0, for the
 * host and the device). Everything else (X0 < |x| < XOV) goes to the fast path's table
 * (built from ref_cyl_bessel_i0_series over the same range: the FAST_RANGE of
 * cyl_bessel_i0.def), then to the referee for the rare inputs the table leaves.
 *
 * Series: ref_cyl_bessel_i0_series(res, x, len, prec) encloses I0^(k)(xi)/k! for every
 * xi in the ball x, k < len (reference/shared/bessel.c, rb_series: Taylor model at the midpoint,
 * from the power series for |mid| <= 16 and from the modified Bessel ODE recurrence
 * started at I0(m), I0'(m) = I1(m) elsewhere; remainder from |I0^(L)| <= I0(R); crude
 * bounds I0(R)/k! for balls of radius > 4, indeterminate for infinite ones). I0 is
 * entire: it always returns 0. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <mpfr.h>
#include <arb.h>
#include <arb_hypgeom.h>

#include "reference/arb_ziv.h"
#include "reference/shared/bessel.h"
#include "functions/cyl_bessel_i0/shortcut.h"

#define I0_PREC_MAX 32768

static int i0_arb(arb_t r, const arb_t x, slong prec) {
  arb_t a, nu;
  arb_init(a);
  arb_init(nu);
  arb_abs(a, x);
  arb_zero(nu);
  if (arf_cmpabs_2exp_si(arb_midref(a), 2) < 0) rb_i_series_ball(r, 0, a, prec); /* |x| < 4 */
  else arb_hypgeom_bessel_i(r, nu, a, prec);
  arb_clear(a);
  arb_clear(nu);
  return 0;
}

int ref_cyl_bessel_i0_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (mpfr_nan_p(x)) {
    mpfr_set_nan(y);
    return 0;
  }
  if (mpfr_inf_p(x)) {
    mpfr_set_inf(y, 1);
    return 0;
  }
  if (mpfr_zero_p(x)) return mpfr_set_ui(y, 1, rnd);
  int t = ref_arb_ziv(y, x, rnd, i0_arb, I0_PREC_MAX);
  if (t == REF_UNDECIDABLE) {
    fprintf(stderr, "ulpcert: cyl_bessel_i0 reference undecided at x = %.9g (cannot happen)\n", mpfr_get_d(x, MPFR_RNDN));
    abort();
  }
  return t;
}

int ref_cyl_bessel_i0_shortcut(uint32_t xb, double *y, int *t) { return sc_cyl_bessel_i0(xb, y, t); }

int ref_cyl_bessel_i0_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  return rb_series(res, x, 'I', 0, len, prec);
}
