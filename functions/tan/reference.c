/* tan: the reference for tan x, with the ranges where MPFR is provably not needed.
 *
 * Reference: mpfr_tan at 53 bits, round to nearest, binary64 exponent range; NaN at
 * +-inf. tan is odd (tan(-0) = -0): the engine asks the shortcut for x >= +0 only and
 * mirrors (reference/shared/elem.h, "Mirroring"). Not monotone (REF_MONO_NONE).
 *
 * Shortcut, x >= +0 (Lemma L1 is in reference/shared/elem.h):
 * (A) x = +0: +0 exactly. x = +inf: NaN (t = 0).
 * (B) 0 < x < T1 = 0x1.d12ed2p-27 (bits below 0x32689769): y = x, t = -1.
 *   For 0 < x < 2^-20, tan x - x = int_0^x tan^2 u du, and u <= tan u <= u/(1 - u^2/2)
 *   <= u (1 + u^2) (sin u <= u, cos u >= 1 - u^2/2), so
 *   x^3/3 <= tan x - x <= int_0^x u^2 (1 + 3u^2) du = (x^3/3)(1 + 9x^2/5)
 *   <= (x^3/3)(1 + 2^-39). tan x lies above x, away from zero: by Lemma L1 it rounds to x
 *   when (x^3/3)(1 + 2^-39) <= 2^(e-53), e = e(x).
 *   - e <= -28: x^3 < 2^(3e+3), and 2^(3e+3)(1 + 2^-39)/3 <= 2^(e-53) iff
 *     2^(2e+56) <= 3/(1 + 2^-39), true since 2^(2e+56) <= 1.
 *   - e = -27 and x < T1: x <= 0x1.d12ed0p-27 = 15243112 * 2^-50 and
 *     15243112^3 * 2^-150 / 3 = (1 - 6.73e-8) * 2^-80, so
 *     (x^3/3)(1 + 2^-39) < 2^-80 = 2^(e-53).
 *   (At T1, x^3/3 exceeds 2^-80 by a factor 1 + 1.3e-7.) y = x < tan x: t = -1.
 * (C) x >= 2^10 (finite): trig_large (reference/trig_reduce.h, with its proof: a
 *   Payne-Hanek reduction by pi/2 with exact integer arithmetic, double-double sin and
 *   cos of the reduced argument and their quotient, with a proved relative error bound,
 *   and Ziv's rounding test with that bound, which declines, leaving the input to MPFR,
 *   when it cannot decide).
 * Everything else (T1 <= x < 2^10, what (C) declines) and NaN: MPFR. (tan x is irrational
 * at every nonzero rational x, so there are no other exact points.) The code, for the host
 * and the device, is in shortcut.h.
 *
 * Series: tan(x + t) from Arb's tan series, on balls where Arb's enclosure of cos x
 * excludes zero; a ball that may contain a pole pi/2 + k pi is refused. */
#include <math.h>
#include <stdint.h>
#include <mpfr.h>
#include <arb.h>
#include <arb_poly.h>

#include "reference/shared/elem.h"
#include "functions/tan/shortcut.h"
#include "reference/series.h"

int ref_tan_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_tan(y, x, rnd); }

int ref_tan_shortcut(uint32_t xb, double *y, int *t) { return sc_tan(xb, y, t); }

int ref_tan_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (!arb_is_finite(x)) return -1;
  arb_t c;
  arb_init(c);
  arb_cos(c, x, prec > 64 ? prec : 64); /* encloses cos over the whole ball */
  int pole = arb_contains_zero(c);
  arb_clear(c);
  if (pole) return -1;
  return ref_series_at(res, arb_poly_tan_series, x, len, prec);
}
