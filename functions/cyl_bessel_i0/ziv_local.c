/* ziv_local.c: a private copy of ref_arb_ziv, with the interface of the shared
 * src/reference/arb_ziv.{c,h} being written in another branch; it is to be replaced by
 * the shared one when the Bessel references are wired in (cyl_bessel_i0 and
 * cyl_bessel_i1 use it).
 *
 *   int ref_arb_ziv(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd,
 *                   int (*f)(arb_t r, const arb_t x, slong prec), slong prec_max);
 *
 * Sets y to f(x) rounded in direction rnd to y's precision within the caller's exponent
 * range (overflow and underflow as MPFR rounds them there) and returns MPFR's ternary
 * value, or REF_UNDECIDABLE (2) when no working precision up to prec_max decided the
 * rounding (y is then unspecified). f(r, X, prec) must set r to a ball that contains
 * f(xi) for every xi in the ball X (Arb's contract), and return 0; a nonzero return, or
 * a ball that is not finite, is taken as no answer at that precision. f is called with
 * the widest exponent range MPFR allows, in case Arb calls MPFR internally; the caller's
 * range is restored before returning.
 *
 * Decision rule: at working precision p = max(64, prec(y) + 16), 2p, 4p, ... <= prec_max,
 * take the ball R = f(x) and its end points lo <= hi (Arb's lower and upper bounds,
 * rounded outwards, so lo <= f(x) <= hi). Round both to y's precision in direction rnd
 * within the caller's range: Ylo = o(lo) with ternary tl, Yhi = o(hi) with ternary th.
 * Accept iff Ylo = Yhi =: Y and tl, th are both > 0 or both < 0; the answer is (Y, tl).
 * Proof. Let v = f(x), lo <= v <= hi. Rounding o (any MPFR direction, including
 * overflow to +-inf or the largest finite number, and underflow) is a non-decreasing
 * function of the real argument, so o(lo) <= o(v) <= o(hi); with o(lo) = o(hi) = Y this
 * forces o(v) = Y. If tl, th > 0 then Y > hi >= v; if tl, th < 0 then Y < lo <= v: the
 * sign of Y - v, MPFR's ternary for v, is that common sign. (When the signs differ or
 * one is 0, Y lies in [lo, hi] and the sign of Y - v is unknown: refine.)
 * Exactness cannot be decided by the loop: when v is itself a number of y's format
 * (ternary 0), Y = v lies in [lo, hi] at every precision and the loop never accepts; it
 * also never accepts when v is a rounding boundary (a midpoint in RN). Callers decide
 * exact points before calling (for I0 and I1: x = 0 and +-inf; I0(x), I1(x) are
 * transcendental at every other binary32 x, Siegel 1929, so neither case occurs).
 * Rounding an end point a = m 2^e (arf, exact integers m, e): mpfr_set_z_2exp rounds
 * m 2^e once to y's precision in the widest exponent range, then mpfr_check_range in
 * the caller's range applies overflow/underflow to that correctly rounded value with
 * its ternary (MPFR's documented use of mpfr_check_range). An end point whose binary
 * exponent is beyond +-2^40 (outside the widest MPFR range possibly) is replaced by
 * +-2^(+-2^40) with ternary 0: for any caller range inside (-2^40, 2^40) both the true
 * and the replaced value overflow (or underflow below half the smallest number) alike,
 * and mpfr_check_range then sets the result and the ternary from the sign and rnd
 * alone. */
#include <stdio.h>

#include "functions/refbessel_util.h"

#define ZIV_EXP_CLAMP ((slong)1 << 40)

/* o(a) into y in the widest range: the ternary before mpfr_check_range */
static int ziv_round_arf(mpfr_ptr y, const arf_t a, mpfr_rnd_t rnd) {
  if (arf_is_zero(a)) {
    mpfr_set_zero(y, 1);
    return 0;
  }
  if (arf_is_pos_inf(a) || arf_is_neg_inf(a)) {
    mpfr_set_inf(y, arf_is_pos_inf(a) ? 1 : -1);
    return 0;
  }
  if (arf_is_nan(a)) {
    mpfr_set_nan(y);
    return 0;
  }
  int sign = arf_sgn(a);
  fmpz_t m, e;
  fmpz_init(m);
  fmpz_init(e);
  arf_get_fmpz_2exp(m, e, a); /* a = m 2^e exactly */
  int t, out = 0; /* out: +1 exponent beyond 2^40, -1 below -2^40 */
  slong bits = (slong)fmpz_bits(m); /* |a| in [2^(e+bits-1), 2^(e+bits)) */
  if (!fmpz_fits_si(e)) {
    out = fmpz_sgn(e) > 0 ? 1 : -1;
  } else {
    slong ee = fmpz_get_si(e);
    if (ee > ZIV_EXP_CLAMP || ee + bits > ZIV_EXP_CLAMP) out = 1;
    else if (ee + bits < -ZIV_EXP_CLAMP) out = -1;
  }
  if (out) {
    t = mpfr_set_si_2exp(y, sign, out * ZIV_EXP_CLAMP, rnd); /* exact; out of range later */
  } else {
    mpz_t z;
    mpz_init(z);
    fmpz_get_mpz(z, m);
    t = mpfr_set_z_2exp(y, z, (mpfr_exp_t)fmpz_get_si(e), rnd);
    mpz_clear(z);
  }
  fmpz_clear(m);
  fmpz_clear(e);
  return t;
}

int ref_arb_ziv(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd, int (*f)(arb_t r, const arb_t x, slong prec),
                slong prec_max) {
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_prec_t py = mpfr_get_prec(y);
  int result = REF_UNDECIDABLE;
  arb_t X, R;
  arf_t lo, hi;
  mpfr_t ylo, yhi;
  arb_init(X);
  arb_init(R);
  arf_init(lo);
  arf_init(hi);
  mpfr_init2(ylo, py);
  mpfr_init2(yhi, py);
  mpfr_set_emin(mpfr_get_emin_min());
  mpfr_set_emax(mpfr_get_emax_max());
  arf_set_mpfr(arb_midref(X), x); /* exact */
  mag_zero(arb_radref(X));
  slong p = py + 16 > 64 ? py + 16 : 64;
  for (; p <= prec_max; p *= 2) {
    if (f(R, X, p) != 0 || !arb_is_finite(R)) continue;
    arb_get_lbound_arf(lo, R, p + 64); /* rounded down: lo <= f(x) */
    arb_get_ubound_arf(hi, R, p + 64); /* rounded up: hi >= f(x) */
    int tl = ziv_round_arf(ylo, lo, rnd);
    int th = ziv_round_arf(yhi, hi, rnd);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    tl = mpfr_check_range(ylo, tl, rnd);
    th = mpfr_check_range(yhi, th, rnd);
    int same = mpfr_equal_p(ylo, yhi) && mpfr_signbit(ylo) == mpfr_signbit(yhi);
    if (same && ((tl > 0 && th > 0) || (tl < 0 && th < 0))) {
      mpfr_set(y, ylo, rnd); /* exact: same precision, in range */
      result = tl > 0 ? 1 : -1;
      break;
    }
    mpfr_set_emin(mpfr_get_emin_min());
    mpfr_set_emax(mpfr_get_emax_max());
  }
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  arb_clear(X);
  arb_clear(R);
  arf_clear(lo);
  arf_clear(hi);
  mpfr_clear(ylo);
  mpfr_clear(yhi);
  return result;
}
