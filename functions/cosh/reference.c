/* cosh: the reference for cosh x, with the ranges where MPFR is provably not needed.
 *
 * Reference: mpfr_cosh at 53 bits, round to nearest, binary64 exponent range. cosh is
 * even (REF_SYM_EVEN: the engine asks the shortcut for x >= +0 only and mirrors,
 * reference/shared/elem.h "Mirroring"); it decreases on the negative half and increases on the
 * positive one, so it is not monotone over the whole line (REF_MONO_NONE).
 *
 * Shortcut, x >= +0 (Lemmas L2 and L3 are in reference/shared/elem.h):
 * (A) x = +0: 1 exactly; x = +inf: +inf exactly (t = 0).
 * (B) 0 < x < 2^-26 (bits below 0x32800000): y = 1, t = -1.
 *   For 0 < x < 2^-20, cosh x - 1 = sum_{n>=1} x^(2n)/(2n)! lies in (0, (x^2/2)(1 + 2^-40)]:
 *   consecutive terms have ratio x^2/((2n+1)(2n+2)) <= x^2/12 < 2^-43. With
 *   x <= 2^-26 (1 - 2^-24), the largest binary32 below 2^-26,
 *   x^2/2 <= 2^-53 (1 - 2^-24)^2 < 2^-53 (1 - 2^-24), so 1 < cosh x < 1 + 2^-53 and
 *   RN53 = 1 (Lemma L2), below cosh x: t = -1.
 *   (2^-26 is the exact end: cosh(2^-26) - 1 > 2^-53, past the midpoint above 1.)
 * (C) x >= T2 = 0x1.633ceap+9 = 710.47589111328125 (bits 0x44319e75): +inf, t = +1.
 *   T2 > 1025 ln 2 = 710.4758600739439..., so cosh x > e^x/2 > 2^1024 > 2^1024 - 2^970:
 *   overflow (Lemma L3). (The binary32 number below T2 is below 1025 ln 2.)
 * Everything else (2^-26 <= x < T2) and NaN: MPFR. The code, for the host and
 * the device, is in shortcut.h.
 *
 * Series: cosh(x + t) from Arb's sinh/cosh series; entire, so only a non-finite ball is
 * refused. */
#include <math.h>
#include <stdint.h>
#include <mpfr.h>
#include <arb.h>
#include <arb_poly.h>

#include "reference/shared/elem.h"
#include "functions/cosh/shortcut.h"
#include "reference/series.h"

int ref_cosh_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_cosh(y, x, rnd); }

int ref_cosh_shortcut(uint32_t xb, double *y, int *t) { return sc_cosh(xb, y, t); }

int ref_cosh_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (!arb_is_finite(x)) return -1;
  return ref_series_at(res, arb_poly_cosh_series, x, len, prec);
}
