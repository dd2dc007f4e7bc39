/* erfinv: the reference for the inverse error function, y = erfinv(x) <=> erf(y) = x.
 *
 * Referee: MPFR has no erfinv; ref_arb_ziv (reference/arb_ziv.c) rounds the balls of
 * Arb's arb_hypgeom_erfinv at 64, 128, ... bits. Special inputs first (C Annex F style
 * and CUDA's erfinvf): erfinv(+-0) = +-0, erfinv(+-1) = +-inf (exact, t = 0),
 * NaN for |x| > 1 (infinities included) and for NaN.
 * Exact points: erfinv(0) = 0 is the only one we know of. Another would be a binary32
 * x = erf(y) with y a nonzero 53-bit number; transcendence of erf at nonzero algebraic
 * points is, as far as we know, not established, so we cannot exclude it. Were there
 * one, the ball would never decide and the referee returns REF_UNDECIDABLE with
 * y = NaN, never a guess.
 *
 * erfinv is odd and increasing on [-1, 1] (NaN outside): the engine asks the shortcut
 * only for x >= +0 and mirrors (RN is symmetric, the ternary flips).
 *
 * Shortcut, for x >= +0:
 *
 * (A) x = +0: +0 exactly. x = 1: +inf exactly (t = 0). x > 1 and +inf: NaN (t = 0).
 *
 * (B) 0 < x < 2^-12 (bit patterns below 0x39800000): the Maclaurin series
 *   erfinv(x) = sum_k c_k/(2k+1) (sqrt(pi) x/2)^(2k+1), c_0 = c_1 = 1, c_2 = 7/6,
 *   c_3 = 127/90 (DLMF 7.17.2), i.e. erfinv(x) = C x (1 + a1 s + a2 s^2 + a3 s^3) + R
 *   with C = sqrt(pi)/2, s = x^2, a1 = pi/12, a2 = 7 pi^2/480, a3 = 127 pi^3/40320, and
 *   by Taylor's theorem (Lagrange remainder; the x^8 coefficient is zero)
 *   R = erfinv^(9)(xi) x^9 / 9! for some xi in (0, x). ref_erfinv_series on the ball
 *   [0, 2^-12] encloses erfinv^(9)(xi)/9! for every xi there in [0.06495, 0.06497]
 *   (0.0649596 +- 1.3e-7 at 128 bits; test_erfinv recomputes it): |R| <= 2^-3 x^9.
 *   rs_odd_small (reference/shared/special_hd.h, with its error analysis; 1/4 <= C <= 2,
 *   |a2|, |a3| <= |a1| <= 1 hold) gives erfinv(x) = hi + lo + eps, |eps| <= err, and
 *   rs_decide rounds when the bound decides.
 *   Constants (RN of each, from MPFR at 400 bits; test_erfinv checks them):
 *   C_hi = 0x1.c5bf891b4ef6bp-1, C_lo = -0x1.618f13eb7ca89p-55, A1 = 0x1.0c152382d7366p-2,
 *   A2 = 0x1.26c5ade6d5247p-3, A3 = 0x1.9007ba3c74069p-4.
 *
 * Everything else (2^-12 <= x < 1: 100.7 million patterns, at 10 to 30 us each) goes to
 * the referee.
 *
 * Series: y = erfinv(x) solves y' = (sqrt(pi)/2) e^(y^2); rs_inverse_series
 * (reference/shared/special.h) derives the Taylor coefficients from a_0 = arb_hypgeom_erfinv of
 * the ball (Arb encloses erfinv over the ball), so res[k] encloses erfinv^(k)(xi)/k!
 * for every xi in it. -1 unless the ball lies inside (-1, 1) (erfinv has branch points
 * at +-1 and is undefined beyond).
 */
#include <arb.h>
#include <arb_hypgeom.h>
#include <math.h>
#include <mpfr.h>
#include <stdint.h>

#include "reference/shared/special.h"
#include "functions/erfinv/shortcut.h"
#include "reference/arb_ziv.h"

static int erfinv_arb(arb_t r, const arb_t x, slong prec) {
  arb_hypgeom_erfinv(r, x, prec);
  return 0;
}

int ref_erfinv_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (mpfr_nan_p(x)) { mpfr_set_nan(y); return 0; }
  int c = mpfr_cmpabs_ui(x, 1);
  if (c > 0) { mpfr_set_nan(y); return 0; } /* |x| > 1, infinities included */
  if (c == 0) { mpfr_set_inf(y, mpfr_sgn(x)); return 0; }
  if (mpfr_zero_p(x)) { mpfr_set(y, x, rnd); return 0; } /* +-0 */
  return ref_arb_ziv(y, x, rnd, erfinv_arb, RS_PREC_MAX);
}

int ref_erfinv_shortcut(uint32_t xb, double *y, int *t) { return sc_erfinv(xb, y, t); }

int ref_erfinv_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (len <= 0) return 0;
  arb_t one, a0, c, q;
  arb_init(one);
  arb_init(a0);
  arb_init(c);
  arb_init(q);
  int ok = 0;
  arb_one(one);
  if (arb_is_finite(x) && arb_lt(x, one)) {
    arb_neg(one, one);
    ok = arb_gt(x, one);
  }
  if (ok) {
    slong wp = prec + 16;
    arb_hypgeom_erfinv(a0, x, wp);
    arb_const_sqrt_pi(c, wp);
    arb_mul_2exp_si(c, c, -1);
    arb_one(q);
    rs_inverse_series(res, a0, c, q, len, wp);
    for (slong k = 0; k < len; k++) arb_set_round(res + k, res + k, prec);
  }
  arb_clear(one);
  arb_clear(a0);
  arb_clear(c);
  arb_clear(q);
  return ok ? 0 : -1;
}
