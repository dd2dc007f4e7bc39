/* erfc: the reference for the complementary error function erfc(x) = 1 - erf(x).
 *
 * Referee: mpfr_erfc (MPFR handles erfc(+-0) = 1, erfc(+inf) = +0, erfc(-inf) = 2, and
 * the underflow to binary64's subnormals through mpfr_subnormalize in the engine).
 * erfc has no sign symmetry (erfc(-x) = 2 - erfc(x) is not a mirror) and is decreasing
 * on the whole line. The shortcut is asked for every x, both signs.
 *
 * Shortcut:
 *
 * (A) x = +-0: erfc = 1 exactly, t = 0. x = +inf: +0 exactly; x = -inf: 2 exactly.
 *
 * (B) 0 < |x| < 2^-12 (magnitude patterns below 0x39800000): erfc(x) = 1 - sigma g(|x|),
 *   sigma = sign(x), g = erf on (0, 2^-12]. g(|x|) = hi + lo + eps from rs_odd_small with
 *   erf's data (see functions/erf/reference.c, range (B): C = 2/sqrt(pi), a1 = -1/3,
 *   a2 = 1/10, a3 = -1/42, tail 2^-7); rs_add_const(1, -sigma, ...) forms
 *   1 - sigma (hi + lo) = H + L with its error (|hi| <= 1.13 * 2^-12 <= 1/2), and
 *   rs_decide rounds when the bound decides (reference/shared/special_hd.h has both proofs). This
 *   covers the tiny inputs too: for |x| below about 2^-54 the answer is 1 with
 *   t = +1 (x > 0) or t = -1 (x < 0).
 *
 * (C) x >= 27.226018905639648438 (bits 0x41d9cee3 and up): RN53(erfc x) = +0, t = -1.
 *   Proof: erfc(x) <= erfc(T) < S3(T) = e^(-T^2) / (T sqrt(pi)) (1 - 1/(2T^2) +
 *   3/(4T^4)) (DLMF 7.12.1: for real positive argument the remainder is bounded by the
 *   first neglected term and has its sign; the term after the third, -15/(8T^6), is
 *   negative). S3(T) = 0.99990223 * 2^-1075 (mpmath, 300 bits; test_erfc re-evaluates it
 *   with MPFR rounding upward). So 0 < erfc(x) < 2^-1075, half the smallest subnormal:
 *   RN53 gives +0 below the exact value. (The pattern below, 0x41d9cee2, has
 *   erfc = 1.0000061 * 2^-1075: the threshold is exact.)
 *
 * (D) x <= -5.8635883331298828125 (bits 0xc0bba284 and up): RN53(erfc x) = 2, t = +1.
 *   Proof: erfc(x) = 2 - erfc(|x|) and erfc(|x|) <= erfc(T) < S3(T) = 0.99999993 * 2^-53
 *   at T = 5.86358833312988 (same bound). The binary64 number below 2 is 2 - 2^-52;
 *   everything in [2 - 2^-53, 2] rounds to 2 (the midpoint ties to 2, the even one), and
 *   erfc(x) < 2: y = 2, t = +1. (The exact first pattern is 0xc0bba27d: 7 patterns go
 *   to MPFR.)
 *
 * Everything else goes to MPFR: 2^-12 <= |x| with x < 27.226 and x > -5.8636 (140.1
 * million patterns for x > 0 and 121.3 million for x < 0, and the rare filter
 * failures). MPFR's erfc is slow between about 3 and 27 (up to 1 ms a call at 53 bits):
 * 26.9 million patterns.
 *
 * Series: arb_hypgeom_erfc_series of h(t) = x + t (ball arithmetic: every coefficient
 * encloses erfc^(k)(xi)/k! for every xi in the ball). erfc is entire; -1 only for a
 * non-finite ball.
 */
#include <arb.h>
#include <arb_hypgeom.h>
#include <arb_poly.h>
#include <math.h>
#include <mpfr.h>
#include <stdint.h>

#include "reference/shared/special.h"
#include "functions/erfc/shortcut.h"
#include "reference/series.h"

int ref_erfc_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  int r = mpfr_erfc(y, x, rnd);
  return (r > 0) - (r < 0);
}

int ref_erfc_shortcut(uint32_t xb, double *y, int *t) { return sc_erfc(xb, y, t); }

int ref_erfc_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (len <= 0) return 0;
  if (!arb_is_finite(x)) return -1;
  return ref_series_at(res, arb_hypgeom_erfc_series, x, len, prec);
}
