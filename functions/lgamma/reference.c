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
 * Shortcut:
 * (A) x = +-0: +inf, t = 0. x = +-inf: +inf, t = 0. x a negative integer (every binary32
 *   with |x| >= 2^23 is an integer): +inf, t = 0 (a pole of Gamma). x = 1, 2: +0, t = 0
 *   (Gamma(1) = Gamma(2) = 1). (Code: shortcut.h, for the host and the device.)
 * (B) every other finite x (x > 0 other than 1, 2; x < 0 not an integer, so -2^23 < x):
 *   a Ziv filter on log|Gamma(x)| evaluated in double-double arithmetic with a running
 *   error bound (rs_lgamma_core, reference/shared/special_hd.h, which has the proofs):
 *     x >= 32: Stirling's series with 10 terms (DLMF 5.11.1, remainder bounded by the
 *       first neglected term for real arguments, DLMF 5.11(ii): < 2^-101 here);
 *     -32 < x < 32: the recurrence to W = x + N in [32, 33): log Gamma(W) -
 *       log prod_{k<N} |x + k| (every factor and W exact as TwoSum pairs);
 *     x <= -32: the reflection formula, log pi - log sin(pi a) - log Gamma(1 - x),
 *       a = |x - rint(x)| (sin(pi a) by its Taylor series, or cos(pi (1/2 - a))).
 *   The logarithm (rs_dde_logd: m 2^k, log m = 2 atanh((m-1)/(m+1)) by 19 terms), the
 *   Horner sums and the constants (ln 2, pi, log pi, log(2 pi)/2, the series'
 *   coefficients, checked by test_lgamma against MPFR) carry triples (h, l, e): the
 *   exact value lies within e of h + l, every rounding accounted for at run time
 *   (reference/shared/special_hd.h, "Double-double numbers with running error bounds"). The result
 *   lgamma(x) = H + L + eps, |eps| <= E, goes to rs_decide (reference/shared/special_hd.h), which
 *   rounds when the bound decides and |H + L| is in [2^-1000, 2^1000] (lgamma(x) for
 *   binary32 x is below 2^135; it vanishes only at 1 and 2, and near its other zeros,
 *   two in each (-n-1, -n) for n >= 2, it is not that small at binary32 inputs).
 *   E is about 2^-100 times the largest intermediate term (below 2^136), so the filter
 *   declines only inputs whose lgamma lies within about 2^-90 of a rounding boundary or
 *   of 0: few inputs, near the negative zeros (measured: see lgamma.def).
 *   Cost on the host: about 1.2 us a call on average over the binary32 line (MPFR's
 *   lgamma: 20 to 600 us).
 * MPFR decides only what the filter declines.
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

#include "reference/shared/special.h"
#include "functions/lgamma/shortcut.h"

int ref_lgamma_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  int sign;
  int r = mpfr_lgamma(y, &sign, x, rnd);
  return (r > 0) - (r < 0);
}

int ref_lgamma_shortcut(uint32_t xb, double *y, int *t) { return sc_lgamma(xb, y, t); }

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
