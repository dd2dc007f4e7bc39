/* sinpi: the reference for sin(pi x), with the ranges where MPFR is provably not needed.
 *
 * Reference: mpfr_sinpi at 53 bits, round to nearest, binary64 exponent range; NaN at
 * +-inf. MPFR follows IEEE 754-2019 sinPi at the zeros (checked by the tests):
 * sinpi(+-0) = +-0, sinpi(n) = +0 for integers n > 0 and -0 for n < 0. sinpi is odd: the
 * engine asks the shortcut for x >= +0 only and mirrors (reference/shared/elem.h, "Mirroring"),
 * which gives -0 at the negative integers as IEEE wants. Not monotone.
 *
 * Shortcut, x >= +0:
 * (A) x = +0: +0 exactly. x = +inf: NaN (t = 0).
 * (B) x an integer (every x >= 2^23, bits 0x4b000000 and up, included): +0 exactly.
 * (C) x = n + 1/2, n >= 0 an integer (every non-integer x >= 2^22 is one): (-1)^n
 *   exactly.
 * (B) and (C) are all the exact points: sin(pi x) for rational x is rational only in
 * {0, +-1/2, +-1} (Niven's theorem), and +-1/2 needs x = +-1/6 or +-5/6 mod 2, which is
 * not dyadic. An irrational value is not a binary64 number.
 * (D) 2^10 <= x < 2^22, 2x not an integer: sin(pi x) from the exact reduction 2x = n + f and
 *   the double-double evaluation and rounding test of sin, cos and tan of large arguments
 *   (trig_halfturns, reference/trig_reduce.h, with its proof (H)); it declines where
 *   the rounding test cannot decide.
 * Everything else (0 < x < 2^10 with 2x not an integer, which the fast path's table covers) and
 * NaN: MPFR.
 * The code, for the host and the device, is in shortcut.h.
 *
 * Series: Arb's sin(pi (x + t)) series; entire, so only a non-finite ball is refused. */
#include <math.h>
#include <stdint.h>
#include <mpfr.h>
#include <arb.h>
#include <arb_poly.h>

#include "reference/shared/elem.h"
#include "functions/sinpi/shortcut.h"
#include "reference/series.h"

int ref_sinpi_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_sinpi(y, x, rnd); }

int ref_sinpi_shortcut(uint32_t xb, double *y, int *t) { return sc_sinpi(xb, y, t); }

int ref_sinpi_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (!arb_is_finite(x)) return -1;
  return ref_series_at(res, arb_poly_sin_pi_series, x, len, prec);
}
