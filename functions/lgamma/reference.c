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
 *   (Gamma(1) = Gamma(2) = 1).
 * (B) 0 < |x| < 2^-12 (magnitude patterns below 0x39800000, both signs): a Ziv filter.
 *   Gamma(x) = Gamma(1+x)/x with Gamma(1+x) > 0, so lgamma(x) = -log|x| + c(x),
 *   c(x) = log Gamma(1+x) = -gamma x + sum_{k>=2} (-1)^k zeta(k)/k x^k (DLMF 5.7.3,
 *   |x| < 1; gamma is Euler's constant). With the terms up to x^5,
 *   c(x) = x P(x) + R6, P(x) = -gamma + x (z2 + x (-z3 + x (z4 - z5 x))), z_k = zeta(k)/k,
 *   and |R6| <= sum_{k>=6} z_k |x|^k <= z6 |x|^6 / (1 - |x|) <= 0.171 |x|^6
 *   <= 2^-62.5 |x| (z_k decreases; |x| <= 2^-12).
 *   log|x|: L = mpfr_log at 128 bits (correctly rounded: |L - log|x|| <= 2^-128 |L|;
 *   log|x| is irrational for x != 1, and MPFR rounds it correctly), Lh = RN53(L),
 *   Ll = RN53(L - Lh) (L - Lh is exact at 128 bits): |log|x| - Lh - Ll| <=
 *   2^-128 |L| + u |Ll| <= 2^-127 |Lh| + u |Ll| (u = 2^-53).
 *   c: Horner with fma from the binary64 roundings Z_k = RN(z_k), G = RN(gamma):
 *   p1 = fma(fma(fma(fma(-Z5, x, Z4), x, -Z3), x, Z2), x, -G) and C = RN(x p1). The
 *   inner value p2 ~ z2 = 0.82 carries at most u z2 + u |p2| + |x| O(u) <= 1.65u;
 *   |p1 - P| <= |G - gamma| + u|p1| + |x| 1.65u <= 2^-54 + 0.5775u + 2^-12 1.65u
 *   <= 1.078u, and |P| >= gamma - 0.83 * 2^-12 >= 0.5770, so |p1 - P| <= 1.869u |P|;
 *   then |C - x P| <= 1.869u |x P| + u |C| <= 2.871u |C| <= 2^-51 |C|.
 *   hi = -Lh, lo = RN(C - Ll) (error <= u |lo|). So lgamma(x) = hi + lo + eps with
 *   |eps| <= 2^-127 |Lh| + u |Ll| + 2^-51 |C| + u |lo| + 2^-62 |x|, evaluated with a
 *   factor (1 + 2^-20); |lo| < 0.01 < |hi| (|hi| >= 12 log 2 > 8). rs_decide
 *   (refspecial_util.h) rounds when the bound decides; lgamma(x) lies in [8.3, 104]
 *   there, far inside the normal range. The bound is about 2^-62 |x| + 2^-100 in
 *   absolute terms against an ulp of at least 2^-50: the filter declines about one
 *   input in 4000 near 2^-12 and almost none below. Constants (RN of each, test_lgamma
 *   checks them against MPFR): G = 0x1.2788cfc6fb619p-1, Z2 = 0x1.a51a6625307d3p-1,
 *   Z3 = 0x1.9a4d55beab2d7p-2, Z4 = 0x1.151322ac7d848p-2, Z5 = 0x1.a8b9c17aa6149p-3.
 *   MPFR's lgamma is at its slowest there (about 150 to 300 us a call for
 *   1e-10 < |x| < 1e-3); the filter costs one 128-bit mpfr_log (a microsecond or two).
 * Everything else goes to MPFR: x in [2^-12, inf) other than 1, 2 (1.18 billion
 * patterns), and the non-integers of (-2^23, -2^-12] (0.28 billion), at 20 to 60 us.
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
#define SMALL32 0x39800000u /* 2^-12 */

int ref_lgamma_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  int sign;
  int r = mpfr_lgamma(y, &sign, x, rnd);
  return (r > 0) - (r < 0);
}

/* (B): 0 < |x| < 2^-12 */
static int lgamma_small(float xf, double *y, int *t) {
  const double G = 0x1.2788cfc6fb619p-1, Z2 = 0x1.a51a6625307d3p-1, Z3 = 0x1.9a4d55beab2d7p-2,
               Z4 = 0x1.151322ac7d848p-2, Z5 = 0x1.a8b9c17aa6149p-3;
  double x = (double)xf;
  mpfr_t X, L;
  mpfr_init2(X, 24);
  mpfr_init2(L, 128);
  mpfr_set_flt(X, xf, MPFR_RNDN);
  mpfr_abs(X, X, MPFR_RNDN);
  mpfr_log(L, X, MPFR_RNDN); /* |x| in [2^-149, 2^-12): log|x| in [-103.3, -8.3] */
  double Lh = mpfr_get_d(L, MPFR_RNDN);
  mpfr_sub_d(L, L, Lh, MPFR_RNDN); /* exact */
  double Ll = mpfr_get_d(L, MPFR_RNDN);
  mpfr_clear(X);
  mpfr_clear(L);
  double p1 = fma(fma(fma(fma(-Z5, x, Z4), x, -Z3), x, Z2), x, -G);
  double C = x * p1;
  double hi = -Lh;
  double lo = C - Ll;
  double err = (0x1p-127 * fabs(Lh) + 0x1p-53 * fabs(Ll) + 0x1p-51 * fabs(C) + 0x1p-53 * fabs(lo) + 0x1p-62 * fabs(x)) *
               (1.0 + 0x1p-20);
  return rs_decide(hi, lo, err, y, t);
}

int ref_lgamma_shortcut(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & ~RS_SIGN32;
  int neg = (xb & RS_SIGN32) != 0;
  if (m > RS_INF32) return 0; /* NaN */
  *t = 0;
  if (m == 0 || m == RS_INF32) { *y = INFINITY; return 1; }
  if (xb == ONE32 || xb == TWO32) { *y = 0.0; return 1; }
  if (m < SMALL32) return lgamma_small(rs_u2f(xb), y, t);
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
