/* log10: the reference for log10 x, with the ranges where MPFR is provably not needed.
 *
 * Reference: mpfr_log10 at 53 bits, round to nearest, binary64 exponent range; NaN for
 * x < 0, log10(+-0) = -inf exactly (a pole), and MPFR returns exact results at powers of
 * ten. Neither odd nor even (REF_SYM_NONE: the shortcut sees both signs); increasing on
 * [0, +inf].
 *
 * Shortcut:
 * (A) x < 0, -inf included (not -0): NaN. x = +-0: -inf exactly. x = +inf: +inf exactly.
 * (B) x = 10^k, k = 0, 1, ..., 10: k exactly (t = 0). These are exactly the binary32
 *   numbers whose log10 is rational: if log10 x = p/q (q > 0) then x^q = 10^p; x is a
 *   dyadic rational m 2^j (m odd), so m^q 2^(jq) = 2^p 5^p forces m = 5^(p/q), an
 *   integer, and jq = p: x = 10^(p/q) with p/q an integer k. For k < 0, 10^k is not
 *   dyadic; 10^k = 5^k 2^k needs 5^k < 2^24, so k <= 10 (5^10 = 9765625 < 2^24 <
 *   5^11). log10 x irrational means not a binary64 number and not exact.
 * Everything else and NaN: MPFR. (log10 never overflows or rounds to a constant or to x
 * on binary32 inputs.) The code, for the host and the device, is in shortcut.h.
 *
 * Series: on balls with every point > 0 (arb_is_positive): the logarithm series of
 * x + t divided by ln 10. A ball reaching the pole 0 is refused. */
#include <math.h>
#include <stdint.h>
#include <mpfr.h>
#include <arb.h>
#include <arb_poly.h>

#include "reference/shared/elem.h"
#include "functions/log10/shortcut.h"
#include "reference/series.h"

int ref_log10_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_log10(y, x, rnd); }

int ref_log10_shortcut(uint32_t xb, double *y, int *t) { return sc_log10(xb, y, t); }

int ref_log10_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (!arb_is_finite(x) || !arb_is_positive(x)) return -1;
  arb_t L;
  arb_init(L);
  arb_log_ui(L, 10, prec);
  ref_series_at(res, arb_poly_log_series, x, len, prec); /* log10(x + t) = log(x + t) / log 10 */
  for (slong k = 0; k < len; k++) arb_div(res + k, res + k, L, prec);
  arb_clear(L);
  return 0;
}
