/* acos: the reference for arccos x, with the ranges where MPFR is provably not needed.
 *
 * Reference: mpfr_acos at 53 bits, round to nearest, binary64 exponent range; NaN for
 * |x| > 1. acos is neither odd nor even (REF_SYM_NONE: the shortcut sees both signs) and
 * decreasing on [-1, 1] (NaN outside).
 *
 * Shortcut (Lemmas L1 and L4 are in reference/shared/elem.h; Y0 = RN53(pi/2) =
 * 0x1.921fb54442d18p+0, pi/2 = Y0 + D, D = 1.10306...*2^-54 = 0.55153...*2^-53):
 * (A) |x| > 1, +-inf included: NaN (t = 0).
 * (B) x = 1: +0 exactly. x = -1: acos(-1) = pi, RN53(pi) = 2 Y0 with t = -1 (Lemma L4).
 * Near zero, acos x = pi/2 - asin x = Y0 + D - asin x, and for |x| < 2^-50,
 * |x| <= |asin x| <= |x| (1 + 2^-100) (asin x - x is at most (x^3/6)/(1 - x^2), as in
 * functions/asin/reference.c (B)).
 * (C) -0x1.cp-55 < x < 0x1.18p-54 (magnitudes below 0x24600000 for x <= -0, below
 *   0x248c0000 for x >= +0): y = Y0, t = -1.
 *   x >= +0: x < 0x1.18p-54 = 1.09375 * 2^-54, so asin x < 1.0938 * 2^-54 < D and
 *   acos x lies in (Y0, Y0 + D], within 2^-53 of Y0: RN53 = Y0 (Lemma L4), below acos x.
 *   (x = +-0 gives exactly pi/2 = Y0 + D.)
 *   x < 0: |x| < 0x1.cp-55 = 0.875 * 2^-54, so acos x = Y0 + D + asin|x| lies in
 *   (Y0, Y0 + (1.1031 + 0.8751) * 2^-54) and 1.9782 * 2^-54 < 2^-53: RN53 = Y0, t = -1.
 * (D) 0x1.2p-54 <= x < 0x1.8p-53 (bits 0x24900000 to 0x253fffff): y = Y0, t = +1.
 *   asin x >= x >= 1.125 * 2^-54 > D, so acos x < Y0; asin x < 1.5 * 2^-53 (1 + 2^-100)
 *   < D + 2^-53 = 1.5515 * 2^-53, so acos x > Y0 - 2^-53: RN53 = Y0 above acos x.
 * Everything else (0x1.18p-54 <= x < 0x1.2p-54, and 0x1.8p-53 <= |x| < 1 for x > 0,
 * 0x1.cp-55 <= |x| < 1 for x < 0) and NaN: MPFR.
 *
 * Series: acos(x + t) from Arb's acos series, on balls inside (-1, 1) (checked with the
 * upper bound of |x|, rounded up); a ball reaching +-1 (branch points) or beyond is
 * refused. */
#include <math.h>
#include <stdint.h>
#include <mpfr.h>
#include <arb.h>
#include <arb_poly.h>

#include "reference/shared/elem.h"
#include "functions/acos/shortcut.h"
#include "reference/series.h"

int ref_acos_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_acos(y, x, rnd); }

int ref_acos_shortcut(uint32_t xb, double *y, int *t) { return sc_acos(xb, y, t); }

int ref_acos_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (!ref_inside_unit(x)) return -1;
  return ref_series_at(res, arb_poly_acos_series, x, len, prec);
}
