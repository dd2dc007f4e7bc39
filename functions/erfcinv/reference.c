/* erfcinv: the reference for the inverse complementary error function,
 *   y = erfcinv(x) <=> erfc(y) = x, for x in [0, 2].
 *
 * Referee: MPFR has no erfcinv; ref_arb_ziv (reference/arb_ziv.c) rounds the balls
 * of Arb's arb_hypgeom_erfcinv at 64, 128, ... bits. Special inputs first (CUDA's
 * erfcinvf: erfcinvf(0) = +inf, erfcinvf(2) = -inf, NaN outside [0, 2]):
 * erfcinv(+-0) = +inf (-0 is the zero of [0, 2]), erfcinv(2) = -inf, erfcinv(1) = +0
 * (exact, t = 0), NaN for x < 0 (-inf included), x > 2 (+inf included) and NaN.
 * Exact points: erfcinv(1) = 0 is the only one we know of. Another would be a binary32
 * x = erfc(y) with y a nonzero 53-bit number; transcendence of erfc at nonzero algebraic
 * points is, as far as we know, not established. Were there one, the referee returns
 * REF_UNDECIDABLE with y = NaN, never a guess.
 * Cost: 10 to 80 us a call (the most for tiny x: about 75 us at 64 bits for x = 1e-30).
 *
 * erfcinv has no sign symmetry (erfcinv(2 - x) = -erfcinv(x) is no mirror of binary32
 * patterns); it is decreasing on [0, 2] (NaN outside). The shortcut is asked for every x.
 *
 * Shortcut: only the special inputs above (A). Inputs in (0, 2) other than 1 go to the
 * referee: about 1.073 billion patterns (all positive patterns below 2.0 but 0 and 1).
 * (Near 1, erfcinv(1 - d) = erfinv(d) with d exact, but only 2^12 patterns per
 * binade there are close enough to 1 for a short series: not worth a filter.)
 *
 * Series: y = erfcinv(x) solves y' = -(sqrt(pi)/2) e^(y^2) (from erfc'(y) y' = 1);
 * rs_inverse_series (reference/shared/special.h) derives the Taylor coefficients from
 * a_0 = arb_hypgeom_erfcinv of the ball (Arb encloses erfcinv over the ball), so res[k]
 * encloses erfcinv^(k)(xi)/k! for every xi in it. -1 unless the ball lies inside (0, 2)
 * (branch points at 0 and 2, undefined beyond).
 */
#include <arb.h>
#include <arb_hypgeom.h>
#include <math.h>
#include <mpfr.h>
#include <stdint.h>

#include "reference/shared/special.h"
#include "functions/erfcinv/shortcut.h"
#include "reference/arb_ziv.h"

static int erfcinv_arb(arb_t r, const arb_t x, slong prec) {
  arb_hypgeom_erfcinv(r, x, prec);
  return 0;
}

int ref_erfcinv_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (mpfr_nan_p(x)) { mpfr_set_nan(y); return 0; }
  if (mpfr_zero_p(x)) { mpfr_set_inf(y, +1); return 0; }
  if (mpfr_sgn(x) < 0 || mpfr_cmp_ui(x, 2) > 0) { mpfr_set_nan(y); return 0; }
  if (mpfr_cmp_ui(x, 2) == 0) { mpfr_set_inf(y, -1); return 0; }
  if (mpfr_cmp_ui(x, 1) == 0) { mpfr_set_zero(y, +1); return 0; }
  return ref_arb_ziv(y, x, rnd, erfcinv_arb, RS_PREC_MAX);
}

int ref_erfcinv_shortcut(uint32_t xb, double *y, int *t) { return sc_erfcinv(xb, y, t); }

int ref_erfcinv_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (len <= 0) return 0;
  arb_t two, a0, c, q;
  arb_init(two);
  arb_init(a0);
  arb_init(c);
  arb_init(q);
  arb_set_ui(two, 2);
  int ok = arb_is_finite(x) && arb_is_positive(x) && arb_lt(x, two);
  if (ok) {
    slong wp = prec + 16;
    arb_hypgeom_erfcinv(a0, x, wp);
    arb_const_sqrt_pi(c, wp);
    arb_mul_2exp_si(c, c, -1);
    arb_neg(c, c);
    arb_one(q);
    rs_inverse_series(res, a0, c, q, len, wp);
    for (slong k = 0; k < len; k++) arb_set_round(res + k, res + k, prec);
  }
  arb_clear(two);
  arb_clear(a0);
  arb_clear(c);
  arb_clear(q);
  return ok ? 0 : -1;
}
