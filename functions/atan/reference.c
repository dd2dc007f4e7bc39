/* atan: the reference for arctan x, with the ranges where MPFR is provably not needed.
 *
 * Reference: mpfr_atan at 53 bits, round to nearest, binary64 exponent range. atan is
 * odd and increasing on the whole line: the engine asks the shortcut for x >= +0 only
 * and mirrors (reference/shared/elem.h, "Mirroring").
 *
 * Shortcut, x >= +0 (Lemmas L1 and L4 are in reference/shared/elem.h; Y0 = RN53(pi/2)
 * = 0x1.921fb54442d18p+0, pi/2 = Y0 + D with D = 0.55153...*2^-53):
 * (A) x = +0: +0 exactly. x = +inf: pi/2, y = Y0, t = -1 (Lemma L4).
 * (B) 0 < x < T1 = 0x1.d12ed2p-27 (bits below 0x32689769): y = x, t = +1.
 *   x - atan x = int_0^x u^2/(1 + u^2) du lies in (0, x^3/3]. atan x lies below x, on the
 *   side toward zero: by Lemma L1 it rounds to x when x^3/3 <= 2^(e-54) for x = 2^e and
 *   x^3/3 <= 2^(e-53) otherwise, e = e(x).
 *   - x = 2^e, e <= -27: 2^(3e)/3 <= 2^(e-54) iff 2^(2e+54) <= 3, true (2^(2e+54) <= 1).
 *   - 2^e < x < 2^(e+1), e <= -28: x^3/3 < 2^(3e+3)/3 <= 2^(e-53) iff 2^(2e+56) <= 3, true.
 *   - e = -27, x < T1: x <= 0x1.d12ed0p-27 = 15243112 * 2^-50 and
 *     15243112^3 * 2^-150 / 3 = (1 - 6.73e-8) * 2^-80 < 2^-80 = 2^(e-53).
 *   (At T1, x^3/3 exceeds 2^-80 by a factor 1 + 1.3e-7.) y = x > atan x: t = +1.
 * For large x, atan x = pi/2 - atan(1/x) = Y0 + D - atan(1/x), with
 * 1/x - 1/(3x^3) < atan(1/x) < 1/x.
 * (C) x >= 0x1.ep53 (bits 0x5a700000 up to, not including, +inf): y = Y0, t = -1.
 *   0 < atan(1/x) < 1/x <= 2^-53/1.875 = 0.5334 * 2^-53 < D, so Y0 < atan x < Y0 + D, and
 *   D < 2^-53: RN53 = Y0 (Lemma L4), below atan x.
 * (D) 0x1.6p52 <= x < 0x1.cp53 (bits 0x59b00000 to 0x5a5fffff): y = Y0, t = +1.
 *   1/x lies in (2^-53/1.75, 2^-52/1.375] = (0.5714 * 2^-53, 1.4546 * 2^-53], and
 *   1/(3x^3) < 2^-150, so atan(1/x) lies in (D, D + 2^-53) = (0.5516, 1.5515) * 2^-53:
 *   Y0 - 2^-53 < atan x < Y0, RN53 = Y0 above atan x.
 * Everything else (T1 <= x < 0x1.6p52, 0x1.cp53 <= x < 0x1.ep53) and NaN: MPFR.
 *
 * Series: atan(x + t) from Arb's atan series; atan is analytic on the whole real line,
 * so only a non-finite ball is refused. */
#include <math.h>
#include <stdint.h>
#include <mpfr.h>
#include <arb.h>
#include <arb_poly.h>

#include "reference/shared/elem.h"
#include "functions/atan/shortcut.h"
#include "reference/series.h"

int ref_atan_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_atan(y, x, rnd); }

int ref_atan_shortcut(uint32_t xb, double *y, int *t) { return sc_atan(xb, y, t); }

int ref_atan_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (!arb_is_finite(x)) return -1;
  return ref_series_at(res, arb_poly_atan_series, x, len, prec);
}
