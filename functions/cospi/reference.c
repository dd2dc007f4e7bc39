/* cospi: the reference for cos(pi x), with the ranges where MPFR is provably not needed.
 *
 * Reference: mpfr_cospi at 53 bits, round to nearest, binary64 exponent range; NaN at
 * +-inf. MPFR follows IEEE 754-2019 cosPi (checked by the tests): cospi(n + 1/2) = +0
 * for every integer n, cospi(n) = (-1)^n exactly. cospi is even: the engine asks the
 * shortcut for x >= +0 only and mirrors (reference/shared/elem.h, "Mirroring"). Not monotone.
 *
 * Shortcut, x >= +0 (Lemma L2 is in reference/shared/elem.h):
 * (A) x = +0: 1 exactly. x = +inf: NaN (t = 0).
 * (B) x an integer n: (-1)^n exactly; every x >= 2^24 (bits 0x4b800000 and up) is an
 *   even integer: +1; x in [2^23, 2^24) is an integer of the parity of its last
 *   significand bit.
 * (C) x = n + 1/2, n >= 0 an integer (every non-integer x >= 2^22 is one): +0 exactly.
 * (B) and (C) are all the exact points: cos(pi x) for rational x is rational only in
 * {0, +-1/2, +-1} (Niven's theorem), and +-1/2 needs x = +-1/3 or +-2/3 mod 2, which is
 * not dyadic. An irrational value is not a binary64 number.
 * (D) 0 < x < T1 = 0x1.ccf644p-29 (bits below 0x31667b22): y = 1, t = +1.
 *   0 < 1 - cos u <= u^2/2 for u = pi x != 0. x <= 0x1.ccf642p-29 = 3.35393957e-9 is below
 *   2^-26.5/pi = 3.35393964e-9, so (pi x)^2/2 < 2^-54 and 1 - 2^-54 < cospi x < 1:
 *   RN53 = 1 (Lemma L2), above cospi x. (At T1 = 3.35393979e-9, (pi x)^2/2 exceeds
 *   2^-54; not claimed.)
 * (D) 2^10 <= x < 2^22, 2x not an integer: cos(pi x) from the exact reduction 2x = n + f and
 *   the double-double evaluation and rounding test of cos, cos and tan of large arguments
 *   (trig_halfturns, reference/trig_reduce.h, with its proof (H)); it declines where
 *   the rounding test cannot decide.
 * Everything else (T1 <= x < 2^10 with 2x not an integer, which the fast path's table covers) and
 * NaN: MPFR.
 * The code, for the host and the device, is in shortcut.h.
 *
 * Series: Arb's cos(pi (x + t)) series; entire, so only a non-finite ball is refused. */
#include <math.h>
#include <stdint.h>
#include <mpfr.h>
#include <arb.h>
#include <arb_poly.h>

#include "reference/shared/elem.h"
#include "functions/cospi/shortcut.h"
#include "reference/series.h"

int ref_cospi_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_cospi(y, x, rnd); }

int ref_cospi_shortcut(uint32_t xb, double *y, int *t) { return sc_cospi(xb, y, t); }

int ref_cospi_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (!arb_is_finite(x)) return -1;
  return ref_series_at(res, arb_poly_cos_pi_series, x, len, prec);
}
