/* normcdf: the reference for the standard normal distribution function
 *   Phi(x) = (1/2) erfc(-x / sqrt(2)) = 1/2 + (1/2) erf(x / sqrt(2)).
 *
 * Referee: MPFR has no Phi; ref_arb_ziv (reference/arb_ziv.c) rounds Arb balls of
 * Q(|x|) = erfc(|x|/sqrt(2))/2 (x < 0) or 1 - Q(x) (x > 0, the subtraction at extra
 * precision) at 64, 128, ... bits. Special inputs first: Phi(+-0) = 1/2,
 * Phi(+inf) = 1, Phi(-inf) = +0 (exact), NaN -> NaN. For large x > 0, where a ball
 * around 1 - Q(x) cannot be told from 1, a proved proxy decides (ref_normcdf_mpfr).
 * Exact points: Phi(0) = 1/2 is the only one we know of. Whether Phi(x) can be a dyadic
 * rational for another rational x is, as far as we know, open (it is erf at an
 * algebraic point, times 1/2, plus 1/2; transcendence of erf at nonzero algebraic
 * points is not established); were it a 53-bit number for some binary32 x, the ball
 * would never decide and the referee returns REF_UNDECIDABLE with y = NaN, never a
 * guess. Results below 2^-1022 (x in (-38.4854, -37.5)) are subnormal: ref_arb_ziv
 * returns MPFR's pre-subnormalization result and the engine's mpfr_subnormalize rounds
 * it as binary64 does.
 *
 * Phi has no sign symmetry (Phi(-x) = 1 - Phi(x) is not a mirror); it increases on the
 * whole line. The shortcut is asked for both signs.
 *
 * Shortcut:
 *
 * (A) x = +-0: 1/2 exactly, t = 0. +inf: 1, t = 0. -inf: +0, t = 0.
 *
 * (B) 0 < |x| < 2^-12 (magnitude patterns below 0x39800000): Phi(x) = 1/2 + sigma g(|x|),
 *   sigma = sign(x), g(x) = (1/2) erf(x/sqrt(2)) = C x sum_n (-1)^n (s/2)^n/(n!(2n+1)),
 *   C = 1/sqrt(2 pi), s = x^2: g(x) = C x (1 + a1 s + a2 s^2 + a3 s^3) + R with
 *   a1 = -1/6, a2 = 1/40, a3 = -1/336. The series alternates with decreasing terms, so
 *   |R| <= C x (s/2)^4 / (4! 9) = (C/3456) x^9 <= 1.16e-4 x^9 <= 2^-13 x^9.
 *   rs_odd_small (reference/shared/special_hd.h, with its error analysis; its conditions hold:
 *   1/4 <= C <= 2, |a2|, |a3| <= |a1| <= 1) gives g = hi + lo + eps; rs_add_const(1/2,
 *   sigma, ...) forms 1/2 + sigma (hi + lo) (|hi| < 0.4 * 2^-12 <= 1/4), and rs_decide
 *   rounds when the bound decides. C_hi = RN(1/sqrt(2 pi)) = 0x1.9884533d43651p-2,
 *   C_lo = -0x1.cbc0d30ebfd15p-56 (test_normcdf checks them against MPFR).
 *
 * (C) x >= 8.2923669815063476563 (bits 0x4104ad89 and up): RN53(Phi x) = 1, t = +1.
 *   Proof: 1 - Phi(x) = Q(x) = erfc(x/sqrt 2)/2 <= Q(T), and with z = T/sqrt(2),
 *   erfc(z) < S3(z) = e^(-z^2) / (z sqrt(pi)) (1 - 1/(2z^2) + 3/(4z^4)) (DLMF 7.12.1
 *   and its remark: remainder bounded by the first neglected term, with its sign, for
 *   real positive argument; the fourth term is negative). S3(z)/2 = 0.99999290 * 2^-54
 *   (mpmath at 300 bits; test_normcdf re-evaluates with MPFR rounding upward). So
 *   Phi(x) > 1 - 2^-54; [1 - 2^-54, 1] rounds to 1 (the midpoint ties to 1, even) and
 *   Phi(x) < 1: y = 1, t = +1. (The exact first pattern is 0x4104ad83: 6 patterns go to
 *   the referee.)
 *
 * (D) x <= -38.485408782958984375 (bits 0xc219f10f and up): RN53(Phi x) = +0, t = -1.
 *   Proof: Phi(x) = Q(|x|) <= Q(T) < S3(T/sqrt 2)/2 = 0.99998278 * 2^-1075 (same
 *   bound): below half the smallest subnormal, so RN53 = +0 below the exact value.
 *   (The pattern below has Phi = 1.00012969 * 2^-1075: the threshold is exact.)
 *
 * Everything else goes to the referee (x in [2^-12, 8.29) and (-38.49, -2^-12]: about
 * 126 and 145 million patterns, at 10 to 40 us each).
 *
 * Series: arb_hypgeom_erfc_series of h(t) = -(x + t)/sqrt(2), halved: ball arithmetic
 * encloses Phi^(k)(xi)/k! for every xi in the ball. Phi is entire; -1 only for a
 * non-finite ball.
 */
#include <arb.h>
#include <arb_hypgeom.h>
#include <arb_poly.h>
#include <math.h>
#include <mpfr.h>
#include <stdint.h>

#include "reference/shared/special.h"
#include "functions/normcdf/shortcut.h"
#include "reference/arb_ziv.h"

/* Q(|x|) = erfc(|x|/sqrt(2))/2 on a point ball x, at prec bits. z = |x|/sqrt(2) is
 * only known as a ball [zlo, zhi]; erfc is decreasing, so Q lies between erfc(zhi)/2
 * and erfc(zlo)/2, each evaluated at an exact point. (erfc of the ball itself would
 * lose everything for large |x|: over a ball of radius 2^-prec |z| it varies by a
 * factor e^(2^(1-prec) z^2).) */
static void upper_tail(arb_t w, const arb_t x, slong prec) {
  arb_t z, a, b;
  arf_t e;
  arb_init(z);
  arb_init(a);
  arb_init(b);
  arf_init(e);
  arb_sqrt_ui(z, 2, prec);
  arb_div(z, x, z, prec);
  arb_abs(z, z);
  arb_get_lbound_arf(e, z, prec);
  arb_set_arf(a, e);
  arb_hypgeom_erfc(a, a, prec);
  arb_get_ubound_arf(e, z, prec);
  arb_set_arf(b, e);
  arb_hypgeom_erfc(b, b, prec);
  arb_union(w, a, b, prec);
  arb_mul_2exp_si(w, w, -1);
  arb_clear(z);
  arb_clear(a);
  arb_clear(b);
  arf_clear(e);
}

/* Phi(x) on a point ball: for x <= 0, Q(|x|); for x > 0, 1 - Q(x), the subtraction
 * carried out with enough extra bits that the ball keeps Q's information (Arb would
 * round 1 - Q to 1 at prec bits once Q < 2^-prec). */
static int normcdf_arb(arb_t r, const arb_t x, slong prec) {
  slong wp = prec + 16;
  upper_tail(r, x, wp);
  if (arf_sgn(arb_midref(x)) > 0) {
    slong extra = 0;
    if (arb_is_positive(r)) {
      extra = -arf_abs_bound_lt_2exp_si(arb_midref(r)) + 16;
      if (extra < 0) extra = 0;
      if (extra > 8 * wp) extra = 8 * wp;
    }
    arb_neg(r, r);
    arb_add_ui(r, r, 1, wp + extra);
  }
  return 0;
}

int ref_normcdf_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (mpfr_nan_p(x)) { mpfr_set_nan(y); return 0; }
  if (mpfr_inf_p(x)) {
    if (mpfr_sgn(x) > 0) mpfr_set_ui(y, 1, rnd); else mpfr_set_zero(y, +1);
    return 0;
  }
  if (mpfr_zero_p(x)) { mpfr_set_ui_2exp(y, 1, -1, rnd); return 0; }
  if (mpfr_sgn(x) > 0) {
    /* Large x: Phi(x) = 1 - Q(x) with Q(x) below anything a ball around 1 can show.
     * If Q(x) < 2^-(p+3) (p = precision of y; Q(x) > 0 for finite x), Phi(x) lies in the open interval
     * (1 - 2^-(p+3), 1), inside (1 - 2^-(p+1), 1), which holds no p-bit number and no
     * rounding midpoint (the nearest p-bit numbers are 1 - 2^-p and 1, their midpoint
     * 1 - 2^-(p+1)): every point of it rounds alike, with the same ternary, in every
     * direction (1 is far inside the exponent range). The proxy 1 - 2^-(p+2) is such a
     * point, exact at p + 2 bits. */
    arb_t X, W;
    arb_init(X);
    arb_init(W);
    arf_set_mpfr(arb_midref(X), x);
    upper_tail(W, X, 64);
    const mpfr_prec_t p = mpfr_get_prec(y);
    /* Q(x) > 0 always; tiny when the ball's upper end is below 2^-(p+3) */
    arf_t ub;
    arf_init(ub);
    arb_get_ubound_arf(ub, W, 64);
    int tiny = arf_cmp_2exp_si(ub, -(slong)p - 3) < 0;
    arf_clear(ub);
    arb_clear(X);
    arb_clear(W);
    if (tiny) {
      mpfr_t v;
      mpfr_init2(v, p + 2);
      mpfr_set_ui(v, 1, MPFR_RNDN);
      mpfr_sub_d(v, v, ldexp(1.0, -(int)p - 2), MPFR_RNDN); /* exact */
      int r = mpfr_set(y, v, rnd);
      mpfr_clear(v);
      return (r > 0) - (r < 0);
    }
  }
  return ref_arb_ziv(y, x, rnd, normcdf_arb, RS_PREC_MAX);
}

int ref_normcdf_shortcut(uint32_t xb, double *y, int *t) { return sc_normcdf(xb, y, t); }

int ref_normcdf_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (len <= 0) return 0;
  if (!arb_is_finite(x)) return -1;
  arb_poly_t h, g;
  arb_t c;
  arb_poly_init(h);
  arb_poly_init(g);
  arb_init(c);
  slong wp = prec + 16;
  arb_rsqrt_ui(c, 2, wp);
  arb_neg(c, c); /* -1/sqrt(2) */
  arb_poly_set_coeff_arb(h, 1, c);
  arb_mul(c, c, x, wp);
  arb_poly_set_coeff_arb(h, 0, c);
  arb_hypgeom_erfc_series(g, h, len, wp);
  for (slong k = 0; k < len; k++) {
    arb_poly_get_coeff_arb(res + k, g, k);
    arb_mul_2exp_si(res + k, res + k, -1);
    arb_set_round(res + k, res + k, prec);
  }
  arb_poly_clear(h);
  arb_poly_clear(g);
  arb_clear(c);
  return 0;
}
