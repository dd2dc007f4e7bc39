/* normcdfinv: the reference for the inverse of the standard normal distribution
 * function, y = Phi^-1(x) <=> Phi(y) = x, Phi(y) = erfc(-y/sqrt(2))/2; equivalently
 * Phi^-1(x) = -sqrt(2) erfcinv(2x).
 *
 * Referee: MPFR has none; ref_arb_ziv (reference/arb_ziv.c) rounds Arb balls of
 * -sqrt(2) erfcinv(2x) (2x exact) at 64, 128, ... bits. Special inputs first (CUDA's
 * normcdfinvf: normcdfinvf(0) = -inf, normcdfinvf(1) = +inf, NaN outside [0, 1]):
 * Phi^-1(+-0) = -inf, Phi^-1(1) = +inf, Phi^-1(1/2) = +0 (exact, t = 0), NaN for x < 0
 * (-inf included), x > 1 (+inf included) and NaN.
 * Exact points: Phi^-1(1/2) = 0 is the only one we know of; another would be a binary32
 * x = Phi(y) with y a nonzero 53-bit number, i.e. erf at a nonzero algebraic point being
 * a rational, which is, as far as we know, not excluded by a theorem. Were there one,
 * the referee returns REF_UNDECIDABLE with y = NaN, never a guess.
 * Cost: like erfcinv's, 10 to 80 us a call.
 *
 * No sign symmetry; increasing on [0, 1] (NaN outside). The shortcut is asked for every
 * x and answers only the special inputs above. The 1.065 billion patterns of (0, 1)
 * other than 1/2 go to the referee.
 *
 * Series: y = Phi^-1(x) solves y' = 1/Phi'(y) = sqrt(2 pi) e^(y^2/2); rs_inverse_series
 * (reference/shared/special.h) derives the Taylor coefficients from a_0 = -sqrt(2)
 * erfcinv(2x) evaluated on the ball (Arb encloses it over the ball), so res[k] encloses
 * (Phi^-1)^(k)(xi)/k! for every xi in the ball. -1 unless the ball lies inside (0, 1).
 */
#include <arb.h>
#include <arb_hypgeom.h>
#include <math.h>
#include <mpfr.h>
#include <stdint.h>

#include "reference/shared/special.h"
#include "functions/normcdfinv/shortcut.h"
#include "reference/arb_ziv.h"

/* -sqrt(2) erfcinv(2x) on a ball */
static void normcdfinv_ball(arb_t r, const arb_t x, slong prec) {
  arb_t s;
  arb_init(s);
  arb_mul_2exp_si(r, x, 1);
  arb_hypgeom_erfcinv(r, r, prec);
  arb_sqrt_ui(s, 2, prec);
  arb_mul(r, r, s, prec);
  arb_neg(r, r);
  arb_clear(s);
}

static int normcdfinv_arb(arb_t r, const arb_t x, slong prec) {
  normcdfinv_ball(r, x, prec);
  return 0;
}

int ref_normcdfinv_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (mpfr_nan_p(x)) { mpfr_set_nan(y); return 0; }
  if (mpfr_zero_p(x)) { mpfr_set_inf(y, -1); return 0; }
  if (mpfr_sgn(x) < 0 || mpfr_cmp_ui(x, 1) > 0) { mpfr_set_nan(y); return 0; }
  if (mpfr_cmp_ui(x, 1) == 0) { mpfr_set_inf(y, +1); return 0; }
  if (mpfr_cmp_ui_2exp(x, 1, -1) == 0) { mpfr_set_zero(y, +1); return 0; }
  return ref_arb_ziv(y, x, rnd, normcdfinv_arb, RS_PREC_MAX);
}

int ref_normcdfinv_shortcut(uint32_t xb, double *y, int *t) { return sc_normcdfinv(xb, y, t); }

int ref_normcdfinv_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (len <= 0) return 0;
  arb_t one, a0, c, q;
  arb_init(one);
  arb_init(a0);
  arb_init(c);
  arb_init(q);
  arb_one(one);
  int ok = arb_is_finite(x) && arb_is_positive(x) && arb_lt(x, one);
  if (ok) {
    slong wp = prec + 16;
    normcdfinv_ball(a0, x, wp);
    arb_const_pi(c, wp);
    arb_mul_2exp_si(c, c, 1);
    arb_sqrt(c, c, wp); /* sqrt(2 pi) */
    arb_set_d(q, 0.5);
    rs_inverse_series(res, a0, c, q, len, wp);
    for (slong k = 0; k < len; k++) arb_set_round(res + k, res + k, prec);
  }
  arb_clear(one);
  arb_clear(a0);
  arb_clear(c);
  arb_clear(q);
  return ok ? 0 : -1;
}
