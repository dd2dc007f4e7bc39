/* lgamma: the reference for log|Gamma(x)| (C's lgamma, CUDA's lgammaf).
 *
 * Referee: mpfr_lgamma, which returns log|Gamma(x)| and the sign of Gamma(x) separately
 * (the sign is dropped here: lgamma is the logarithm of the absolute value). MPFR
 * decides exactness (lgamma(1) = lgamma(2) = +0) and its special values are C Annex F's:
 * lgamma(+-0) = +inf, lgamma(x) = +inf at the negative integers (poles; exact, t = 0),
 * lgamma(+-inf) = +inf. lgamma never overflows binary64 (x log x < 4e40 for binary32
 * x); near its zeros (1, 2, and two in each (-n-1, -n) for n >= 2) MPFR rounds the small
 * results, subnormal or not, with the binary64 range the engine sets.
 * No sign symmetry, not monotone: the shortcut is asked for every x.
 *
 * Shortcut (special inputs only):
 * (A) x = +-0: +inf, t = 0. x = +-inf: +inf, t = 0. x a negative integer (every binary32
 *   with |x| >= 2^23 is an integer): +inf, t = 0 (a pole of Gamma). x = 1, 2: +0, t = 0
 *   (Gamma(1) = Gamma(2) = 1).
 * Everything else goes to MPFR (about 2.1 billion patterns, positive and negative).
 * MPFR's lgamma costs 20 to 60 us a call for most x, and about 300 us for
 * 1e-10 < |x| < 1e-4; no proved shortcut for those yet (lgamma(x) = -log|x| - gamma x +
 * ... would need a correctly rounded log with an error bound).
 *
 * Series: for a positive ball, arb_poly_lgamma_series of h(t) = x + t (Arb's lgamma
 * series is log Gamma, defined only for positive arguments; it returns indeterminate
 * otherwise). For a ball inside (f, f+1), f <= -1 an integer, the reflection formula
 *   log|Gamma(x)| = log(pi) - log|sin(pi x)| - log Gamma(1 - x)
 * as a series composition: arb_poly_sin_pi_series of x + t, negated when its constant
 * term is certified negative (sin(pi x) has the constant sign (-1)^(f+1) on (f, f+1)),
 * arb_poly_log_series, and
 * arb_poly_lgamma_series of (1 - x) - t (positive). Ball arithmetic encloses
 * (d/dx)^k log|Gamma|(xi)/k! for every xi in the ball. -1 for balls that contain a
 * pole (a non-positive integer), or are not finite.
 */
#include <arb.h>
#include <arb_hypgeom.h>
#include <arb_poly.h>
#include <math.h>
#include <mpfr.h>
#include <stdint.h>

#include "functions/refspecial_util.h"

#define ONE32 0x3f800000u
#define TWO32 0x40000000u
#define INT32 0x4b000000u /* 2^23: every binary32 from here on is an integer */

int ref_lgamma_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  int sign;
  int r = mpfr_lgamma(y, &sign, x, rnd);
  return (r > 0) - (r < 0);
}

int ref_lgamma_shortcut(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & ~RS_SIGN32;
  int neg = (xb & RS_SIGN32) != 0;
  if (m > RS_INF32) return 0; /* NaN */
  *t = 0;
  if (m == 0 || m == RS_INF32) { *y = INFINITY; return 1; }
  if (xb == ONE32 || xb == TWO32) { *y = 0.0; return 1; }
  if (neg) {
    float x = rs_u2f(xb);
    if (m >= INT32 || floorf(x) == x) { *y = INFINITY; return 1; }
  }
  return 0;
}

int ref_lgamma_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (len <= 0) return 0;
  if (!rs_ball_avoids_poles(x)) return -1;
  arb_poly_t h, g, s, l;
  arb_poly_init(h);
  arb_poly_init(g);
  arb_poly_init(s);
  arb_poly_init(l);
  slong wp = prec + 16;
  int ok = 1;
  if (arb_is_positive(x)) {
    arb_poly_set_coeff_arb(h, 0, x);
    arb_poly_set_coeff_si(h, 1, 1);
    arb_poly_lgamma_series(g, h, len, wp);
  } else {
    /* log pi - log|sin(pi (x + t))| - log Gamma(1 - x - t) */
    arb_t c;
    arb_init(c);
    arb_poly_set_coeff_arb(h, 0, x);
    arb_poly_set_coeff_si(h, 1, 1);
    arb_poly_sin_pi_series(s, h, len, wp);
    arb_poly_get_coeff_arb(c, s, 0);
    if (arb_is_negative(c)) arb_poly_neg(s, s);
    else if (!arb_is_positive(c)) ok = 0; /* cannot happen inside (f, f+1); be safe */
    if (ok) {
      arb_poly_log_series(l, s, len, wp);
      arb_sub_si(c, x, 1, wp);
      arb_neg(c, c); /* 1 - x */
      arb_poly_zero(h);
      arb_poly_set_coeff_arb(h, 0, c);
      arb_poly_set_coeff_si(h, 1, -1);
      arb_poly_lgamma_series(g, h, len, wp);
      arb_poly_add(g, g, l, wp);
      arb_poly_neg(g, g);
      arb_t lp;
      arb_init(lp);
      arb_const_pi(lp, wp);
      arb_log(lp, lp, wp);
      arb_poly_get_coeff_arb(c, g, 0);
      arb_add(c, c, lp, wp);
      arb_poly_set_coeff_arb(g, 0, c);
      arb_clear(lp);
    }
    arb_clear(c);
  }
  if (ok)
    for (slong k = 0; k < len; k++) {
      arb_poly_get_coeff_arb(res + k, g, k);
      arb_set_round(res + k, res + k, prec);
    }
  arb_poly_clear(h);
  arb_poly_clear(g);
  arb_poly_clear(s);
  arb_poly_clear(l);
  return ok ? 0 : -1;
}
