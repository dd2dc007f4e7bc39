/* reference.c (cyl_bessel_i1): the reference for I1, the modified Bessel function of
 * the first kind of order 1 (CUDA's cyl_bessel_i1f), with the ranges where the referee
 * is provably not needed.
 *
 * Referee: MPFR has no I1. ref_arb_ziv (reference/arb_ziv.c; the
 * reference/arb_ziv.c at integration) rounds enclosures of I1(x) = sign(x) I1(|x|)
 * to 53 bits in the caller's (binary64) range, at 64, 128, 256, ... bits, up to 2^15
 * bits: the power series summed in ball arithmetic for |x| < 4 (rb_i_series_ball,
 * reference/shared/bessel.c, with its proof; 2 to 5 times faster there), arb_hypgeom_bessel_i
 * elsewhere. Exact points are decided before:
 * I1(+-0) = +-0 (t = 0), I1(+-inf) = +-inf (t = 0), NaN -> NaN. Every other binary32 x
 * has I1(x) = -i J1(ix) transcendental (Siegel 1929: J0' = -J1 at a nonzero algebraic
 * point), so the loop ends; if it ever reached the cap (it cannot, short of a bug in
 * Arb), the referee aborts rather than return a wrong ternary.
 * CUDA documents no special values for cyl_bessel_i1f; these are the limits, with the
 * sign of zero kept as oddness requires.
 * I1 is odd (its power series, DLMF 10.25.2, has odd powers only) and increasing on
 * the whole line (I1' = (I0 + I2)/2 > 0, DLMF 10.29.1, I0 > 0 and I2 >= 0 on the reals).
 *
 * Shortcut. The engine asks it only for x with the sign bit clear (I1 is odd and RN
 * symmetric: RN53(I1(-x)) = -RN53(I1(x)), the ternary flips); it answers for both signs,
 * mirroring.
 *  (A) x = +-0: +-0 exactly, t = 0. x = +-inf: +-inf exactly, t = 0. NaN: 0 (the engine
 *      handles NaN inputs).
 *  (B) 0 < x <= X1 = 0x1.965feap-26 = 13316085 2^-49 (bits up to 0x32cb2ff5):
 *      RN53(I1 x) = x/2, t = -1 (x/2 is a binary64 number: x has 24 bits, x/2 >= 2^-150).
 *      Proof: I1(x) = (x/2) sum_j a^j / (j!(j+1)!) with a = (x/2)^2 (DLMF 10.25.2), so
 *      d := I1(x) - x/2 = (x/2)(a/2 + a^2/12 + ...) > 0, and since the ratio of
 *      consecutive terms, a/((j+1)(j+2)), is <= a/6 for j >= 1,
 *        0 < d <= (x/2)(a/2)/(1 - a/6) = (x/2)^3 / (2 (1 - a/6)).
 *      RN53 gives x/2 iff d is below half the gap from x/2 up to its successor; with
 *      x/2 = m 2^e, 1 <= m < 2, that is 2^(e-53) (the gap above a power of two is the
 *      full ulp too), and (x/2)^3/2 = m^3 2^(3e-1).
 *      - e <= -28 (x < 2^-26): d <= m^3 2^(3e-1) (1 + 2^-50) < 2^(3e+2) (1 + 2^-50)
 *        <= 2^(e-54) (1 + 2^-50) < 2^(e-53), as 2e <= -56.
 *      - e = -27 (2^-26 <= x <= X1): m = M 2^-23 with M <= 13316085, where
 *        4 - m^3 = (4 2^69 - M^3) 2^-69 >= 87106917692723 2^-69 > 1.47e-7, while
 *        m^3 / (1 - a/6) - m^3 <= 4 (a/6)(1 + 2^-50) < 2^-53 (a = m^2 2^-54 < 2^-52.6):
 *        so m^3/(1 - a/6) < 4 and d < 4 2^-82 = 2^-80 = 2^(e-53).
 *      RN53 = x/2, below I1(x): t = -1.
 *      Sharp: at M = 13316086, m^3 - 4 > 7.5e-7 and d > m^3 2^-82 > 2^-80: I1 rounds to
 *      x/2 + 2^-79 (test_cyl_bessel_i1.c checks the referee there).
 *  (C) x >= XOV = 713.98760986328125 = 0x1.64fe6ap9 (bits 0x44327f35 up to +inf
 *      excluded): RN53(I1 x) = +inf, t = +1.
 *      Proof: RN rounds to +inf every value >= B = 2^1024 - 2^970 (see
 *      cyl_bessel_i0/reference.c). From I1(x) = (1/pi) int_0^pi e^(x cos th) cos th dth
 *      (DLMF 10.32.3) and u = 1 - cos th:
 *        e^-x I1(x) = (1/pi) int_0^2 e^(-xu) (1-u) u^(-1/2) (2-u)^(-1/2) du.
 *      On [1, 2], the integrand is >= -e^-x u^(-1/2)(2-u)^(-1/2), whose integral there
 *      is pi/2: that part is >= -e^-x pi/2. On [0, 1], 1 - u >= 0 and
 *      (2-u)^(-1/2) >= 2^(-1/2) (1 + u/4 + 3u^2/32) (three terms of the binomial series
 *      of (1 - u/2)^(-1/2), all of whose coefficients are positive), so the integrand
 *      is >= 2^(-1/2) e^(-xu) u^(-1/2) p(u), p(u) = (1-u)(1 + u/4 + 3u^2/32)
 *      = 1 - 3u/4 - 5u^2/32 - 3u^3/32. p(1) = 0 and p' < 0 on (0, inf), so p <= 0 on
 *      [1, inf) and int_0^1 >= int_0^inf e^(-xu) u^(-1/2) p(u) du
 *        = Gamma(1/2) x^(-1/2) - (3/4) Gamma(3/2) x^(-3/2) - (5/32) Gamma(5/2) x^(-5/2)
 *          - (3/32) Gamma(7/2) x^(-7/2)
 *        = sqrt(pi/x) (1 - 3/(8x) - 15/(128x^2) - 45/(256x^3)).
 *      Hence I1(x) >= L1(x) := e^x / sqrt(2 pi x) (1 - 3/(8x) - 15/(128x^2) - 45/(256x^3))
 *                              - 1/2.
 *      At XOV, L1(XOV)/B - 1 = +4.45e-8 (ln L1(XOV) = 709.78271293789..., ln B =
 *      709.78271289338...; test_cyl_bessel_i1.c recomputes L1(XOV) with MPFR in directed
 *      rounding and checks it exceeds B). (Two terms of the binomial series would not
 *      do: that bound falls 9.3e-8 short of B at XOV.) I1 increases, so every x >= XOV
 *      has I1(x) > B: +inf, above I1(x): t = +1.
 *      Sharp: at the binary32 below, 713.987548828125, I1/B - 1 = -6.09e-5 (Arb).
 * The shortcut's code is functions/cyl_bessel_i1/shortcut.h (sc_cyl_bessel_i1, for the
 * host and the device). Everything else (X1 < |x| < XOV) goes to the fast path's table
 * (built from ref_cyl_bessel_i1_series over the same range: the FAST_RANGE of
 * cyl_bessel_i1.def), then to the referee for the rare inputs the table leaves.
 *
 * Series: ref_cyl_bessel_i1_series(res, x, len, prec) encloses I1^(k)(xi)/k! for every
 * xi in the ball x, k < len (reference/shared/bessel.c, rb_series: Taylor model at the midpoint,
 * from the power series for |mid| <= 16 and from the modified Bessel ODE recurrence
 * started at I1(m), I1'(m) = I0(m) - I1(m)/m elsewhere; remainder from |I1^(L)| <= I0(R);
 * crude bounds I0(R)/k! for balls of radius > 4, indeterminate for infinite ones). I1
 * is entire: it always returns 0. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <mpfr.h>
#include <arb.h>
#include <arb_hypgeom.h>

#include "reference/arb_ziv.h"
#include "reference/shared/bessel.h"
#include "functions/cyl_bessel_i1/shortcut.h"

#define I1_PREC_MAX 32768

static int i1_arb(arb_t r, const arb_t x, slong prec) {
  arb_t a, nu;
  arb_init(a);
  arb_init(nu);
  arb_abs(a, x);
  arb_one(nu);
  if (arf_cmpabs_2exp_si(arb_midref(a), 2) < 0) rb_i_series_ball(r, 1, a, prec); /* |x| < 4 */
  else arb_hypgeom_bessel_i(r, nu, a, prec);
  if (arf_sgn(arb_midref(x)) < 0) arb_neg(r, r); /* x is an exact point here */
  arb_clear(a);
  arb_clear(nu);
  return 0;
}

int ref_cyl_bessel_i1_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (mpfr_nan_p(x)) {
    mpfr_set_nan(y);
    return 0;
  }
  if (mpfr_inf_p(x)) {
    mpfr_set_inf(y, mpfr_signbit(x) ? -1 : 1);
    return 0;
  }
  if (mpfr_zero_p(x)) {
    mpfr_set_zero(y, mpfr_signbit(x) ? -1 : 1);
    return 0;
  }
  int t = ref_arb_ziv(y, x, rnd, i1_arb, I1_PREC_MAX);
  if (t == REF_UNDECIDABLE) {
    fprintf(stderr, "ulpcert: cyl_bessel_i1 reference undecided at x = %.9g (cannot happen)\n", mpfr_get_d(x, MPFR_RNDN));
    abort();
  }
  return t;
}

int ref_cyl_bessel_i1_shortcut(uint32_t xb, double *y, int *t) { return sc_cyl_bessel_i1(xb, y, t); }

int ref_cyl_bessel_i1_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  return rb_series(res, x, 'I', 1, len, prec);
}
