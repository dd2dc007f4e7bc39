/* rcbrt: the reference for x^(-1/3), the reciprocal cube root, with the ranges where
 * MPFR is provably not needed.
 *
 * Reference: mpfr_rootn_si(y, x, -3) at 53 bits, round to nearest, binary64 exponent
 * range. MPFR follows IEEE 754's rootn here (checked by the tests): rcbrt(+-0) = +-inf
 * exactly (poles), rcbrt(+-inf) = +-0, and negative x have the real root,
 * rcbrt(-8) = -1/2. rcbrt is odd: the engine asks the shortcut for x >= +0 only and
 * mirrors (refelem_util.h, "Mirroring"). It decreases on each half line
 * (REF_MONO_DECREASING, as for recip: the engine checks monotonicity within one sign
 * half; across 0 it jumps from -inf to +inf).
 *
 * Shortcut, x >= +0:
 * (A) x = +0: +inf exactly; x = +inf: +0 exactly (t = 0).
 * (B) x = 2^(3k): y = 2^-k exactly (t = 0). These are all the binary32 x > 0 with an
 *   exact binary64 result: if x^(-1/3) = N 2^K (N odd) then cbrt x = 2^-K / N, a dyadic
 *   rational only when N = 1 (the cube root of a dyadic rational is either dyadic or
 *   irrational, functions/cbrt/reference.c (B)); so x = 2^(-3K). For binary32,
 *   3k in [-149, 127], subnormal powers of two included.
 * Everything else and NaN: MPFR. (x^(-1/3) lies in [2^-42.4, 2^49.7] for finite
 * binary32 x > 0: no overflow, no underflow, no rounding to a constant.)
 *
 * Series: analytic away from the pole 0: a ball containing 0 is refused. For a ball of
 * positive numbers, Arb's power series (x + t)^(-1/3), with res[0] = 1/cbrt(x); for a
 * ball of negative numbers, oddness: rcbrt(x + t) = -rcbrt(-x - t), the power series of
 * [-x, -1] negated. The exponent -1/3 is a ball containing -1/3. */
#include <math.h>
#include <stdint.h>
#include <mpfr.h>
#include <arb.h>
#include <arb_poly.h>

#include "functions/refelem_util.h"

int ref_rcbrt_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_rootn_si(y, x, -3, rnd); }

int ref_rcbrt_shortcut(uint32_t xb, double *y, int *t) {
  if (xb & RE_SIGN32) return 0; /* odd: the engine mirrors */
  if (xb > RE_INF32) return 0;  /* NaN */
  *t = 0;
  if (xb == 0) { *y = INFINITY; return 1; }
  if (xb == RE_INF32) { *y = 0.0; return 1; }
  int e; /* x = 2^e? */
  if (xb < 0x00800000u) {
    if (xb & (xb - 1)) return 0;
    e = -149 + __builtin_ctz(xb);
  } else {
    if (xb & 0x007fffffu) return 0;
    e = (int)(xb >> 23) - 127;
  }
  if (e % 3 != 0) return 0;
  *y = ldexp(1.0, -e / 3);
  return 1;
}

int ref_rcbrt_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (!arb_is_finite(x) || arb_contains_zero(x)) return -1;
  if (len <= 0) return 0;
  int neg = arb_is_negative(x);
  arb_poly_t h, s;
  arb_t a, g;
  arb_poly_init(h);
  arb_poly_init(s);
  arb_init(a);
  arb_init(g);
  arb_set_si(g, -1);
  arb_div_ui(g, g, 3, prec);
  if (neg) arb_neg(a, x);
  else arb_set(a, x);
  arb_poly_set_coeff_arb(h, 0, a);
  arb_poly_set_coeff_si(h, 1, neg ? -1 : 1);
  arb_poly_pow_arb_series(s, h, g, len, prec);
  re_poly_out(res, s, len);
  arb_root_ui(res, a, 3, prec);
  arb_inv(res, res, prec);
  if (neg) _arb_vec_neg(res, res, len);
  arb_poly_clear(h);
  arb_poly_clear(s);
  arb_clear(a);
  arb_clear(g);
  return 0;
}
