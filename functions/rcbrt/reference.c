/* rcbrt: the reference for x^(-1/3), the reciprocal cube root, with the ranges where
 * MPFR is provably not needed.
 *
 * Reference: mpfr_rootn_si(y, x, -3) at 53 bits, round to nearest, binary64 exponent
 * range. MPFR follows IEEE 754's rootn here (checked by the tests): rcbrt(+-0) = +-inf
 * exactly (poles), rcbrt(+-inf) = +-0, and negative x have the real root,
 * rcbrt(-8) = -1/2. rcbrt is odd: the engine asks the shortcut for x >= +0 only and
 * mirrors (reference/shared/elem.h, "Mirroring"). It decreases on each half line
 * (REF_MONO_DECREASING, as for recip: the engine checks monotonicity within one sign
 * half; across 0 it jumps from -inf to +inf).
 *
 * Shortcut (functions/rcbrt/shortcut.h), every input but NaN, both signs (the negative
 * ones by oddness, as the engine would mirror them: RN53(-z) = -RN53(z), t changes sign):
 * (A) x = +-0: +-inf exactly; x = +-inf: +-0 exactly (t = 0).
 * (B) 0 < x < inf: re_alg_round (reference/shared/elem_hd.h, where the proof is): from the
 *   estimate y = RN(1/c) 2^-q of x^(-1/3) (c 2^q an estimate of x^(1/3), re_cbrt_estimate;
 *   only the number of steps depends on its accuracy), exact integer comparisons of x v^3
 *   with 1 at y and at the midpoints between y and its neighbours give RN53(x^(-1/3)) and
 *   t. x^(-1/3) lies in [2^-42.4, 2^49.7], inside binary64's normal range. The shortcut
 *   declines (MPFR decides) only if the walk took more than 8 steps, which never happens:
 *   the estimate was within 2 ulps of the result on every 101st positive input, and
 *   refcheck --fast-path over whole binades leaves nothing to MPFR.
 *   t = 0 exactly on x = 2^(3k) (y = 2^-k): these are all the binary32 x > 0 with an exact
 *   binary64 result: if x^(-1/3) = N 2^K (N odd) then cbrt x = 2^-K / N, a dyadic
 *   rational only when N = 1 (the cube root of a dyadic rational is either dyadic or
 *   irrational, functions/cbrt/reference.c (B)); so x = 2^(-3K). For binary32,
 *   3k in [-149, 127], subnormal powers of two included. No tie either: a dyadic result is
 *   a power of two, never a midpoint.
 * Nothing is left to MPFR but NaN.
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

#include "reference/shared/elem.h"
#include "functions/rcbrt/shortcut.h"

int ref_rcbrt_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_rootn_si(y, x, -3, rnd); }

int ref_rcbrt_shortcut(uint32_t xb, double *y, int *t) { return sc_rcbrt(xb, y, t); }

int ref_rcbrt_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  return re_root3_series(res, x, len, prec, -1);
}
