/* erf: the reference for the error function erf(x) = (2/sqrt(pi)) int_0^x e^(-t^2) dt.
 *
 * Referee: mpfr_erf (MPFR decides exactness and rounding; it knows erf(+-0) = +-0 and
 * erf(+-inf) = +-1). erf is odd and increasing on the whole line: the engine asks the
 * shortcut only for x >= +0 (bit patterns with the sign clear) and mirrors: RN is
 * symmetric, so RN53(erf(-x)) = -RN53(erf(x)) and the ternary flips sign.
 *
 * Shortcut, for x >= +0:
 *
 * (A) x = +0: erf(0) = 0 exactly, t = 0. x = +inf: 1 exactly, t = 0. NaN: the engine's.
 *
 * (B) 0 < x < 2^-12 (bit patterns below 0x39800000): a Ziv filter on the Maclaurin
 *   series erf(x) = C x sum_{n>=0} (-1)^n s^n / (n! (2n+1)), C = 2/sqrt(pi), s = x^2:
 *   erf(x) = C x (1 + a1 s + a2 s^2 + a3 s^3) + R with a1 = -1/3, a2 = 1/10,
 *   a3 = -1/42. The series alternates with terms decreasing in magnitude (the ratio of
 *   consecutive terms is s (2n+1) / ((n+1)(2n+3)) < 1), so |R| is at most the first
 *   omitted term C x s^4 / (4! 9) = (C/216) x^9 <= 0.00523 x^9 <= 2^-7 x^9.
 *   rs_odd_small (reference/shared/special_hd.h, with its error analysis) returns
 *   erf(x) = hi + lo + eps with |eps| <= err, and rs_decide rounds when the data decide.
 *   Constants: C_hi = RN(2/sqrt(pi)) = 0x1.20dd750429b6dp+0, C_lo = RN(C - C_hi) =
 *   0x1.1ae3a914fed80p-56; A1 = RN(-1/3), A2 = RN(1/10), A3 = RN(-1/42) (the compiler
 *   rounds the quotients to nearest; test_erf checks C_hi and C_lo against MPFR).
 *   The filter fails (returns 0, MPFR decides) for a few inputs near 2^-12 and for
 *   almost none below: the relative error bound is about 2^-50 s/3 + 2^-103.
 *
 * (C) x >= 5.9215908050537109375 (bits >= 0x40bd7dac): RN53(erf x) = 1, t = +1.
 *   Proof: 1 - erf(x) = erfc(x) <= erfc(T), T = 5.92159080505..., erfc decreasing. By
 *   DLMF 7.12.1 and the remark after it (for real positive argument the remainder of
 *   the asymptotic series is bounded by the first neglected term and has its sign),
 *   erfc(T) < S3(T) = e^(-T^2) / (T sqrt(pi)) (1 - 1/(2T^2) + 3/(4T^4)) (the term
 *   after it, -15/(8T^6), is negative). S3(T) = 0.99999684 * 2^-54 (mpmath at 300
 *   bits; test_erf re-evaluates it with MPFR rounding upward). So erf(x) > 1 - 2^-54.
 *   The binary64 number below 1 is 1 - 2^-53; every value in [1 - 2^-54, 1] rounds to 1
 *   (the midpoint 1 - 2^-54 ties to 1, the even one), and erf(x) < 1: y = 1, t = +1.
 *   (The exact first binary32 with RN53(erf x) = 1 is 0x40bd7da5, 7 patterns below;
 *   those 7 go to MPFR.)
 *
 * Everything else (2^-12 <= x < 5.92159...: about 122 million patterns, and the rare
 * filter failures) goes to MPFR.
 *
 * Series: arb_hypgeom_erf_series of h(t) = x + t, x a ball: Arb's ball arithmetic
 * makes every coefficient enclose erf^(k)(xi)/k! for every xi in x. erf is entire; -1
 * only for a non-finite ball.
 */
#include <arb.h>
#include <arb_hypgeom.h>
#include <arb_poly.h>
#include <math.h>
#include <mpfr.h>
#include <stdint.h>

#include "reference/shared/special.h"
#include "functions/erf/shortcut.h"
#include "reference/series.h"

/* MPFR's ternary reduced to its sign: every reference returns -1, 0, +1, or
 * REF_UNDECIDABLE (2, Arb-based ones only), never another value. */
int ref_erf_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  int r = mpfr_erf(y, x, rnd);
  return (r > 0) - (r < 0);
}

int ref_erf_shortcut(uint32_t xb, double *y, int *t) { return sc_erf(xb, y, t); }

int ref_erf_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (len <= 0) return 0;
  if (!arb_is_finite(x)) return -1;
  return ref_series_at(res, arb_hypgeom_erf_series, x, len, prec);
}
