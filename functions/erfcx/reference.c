/* erfcx: the reference for the scaled complementary error function
 *   erfcx(x) = e^(x^2) erfc(x) = (2/sqrt(pi)) int_0^inf e^(-t^2 - 2xt) dt   (every real x).
 *
 * Referee: MPFR has no erfcx; ref_arb_ziv (reference/arb_ziv.c) rounds Arb balls
 * of it at 64, 128, ... bits:
 *   x < 1024: exp(x^2) * erfc(x), x^2 exact (48 bits). Arb's exponents are unbounded,
 *     so e^(x^2) does not overflow for x down to -3.4e38; the rounding of values beyond
 *     binary64 is decided by ref_arb_ziv (overflow to +inf, t = +1).
 *   x >= 1024: the asymptotic series DLMF 7.12.1,
 *     erfcx(x) = (1/(x sqrt(pi))) (sum_{m<n} (-1)^m (2m-1)!!/(2x^2)^m + R_n),
 *     |R_n| <= (2n-1)!!/(2x^2)^n (for real positive x the remainder is bounded by the
 *     first neglected term, DLMF 7.12(i)), n chosen so the bound is below 2^-(prec+8)
 *     (terms shrink at least by (2m+1)/(2x^2) <= 2^-20 * (2m+1)). Arb's erfc of
 *     x >= 1e20 returns [0 +- inf] at these precisions; the series has no such problem.
 * Special inputs: erfcx(+-0) = 1, erfcx(+inf) = +0, erfcx(-inf) = +inf (exact), NaN.
 * Exact points: erfcx(0) = 1 is the only one we know of; we know of no proof that
 * e^(x^2) erfc(x) is not a dyadic rational at another rational x. Were it a 53-bit
 * number for some binary32 x, the referee returns REF_UNDECIDABLE (y = NaN), never a
 * guess. Values never underflow: erfcx(x) > 2/(sqrt(pi) (x + sqrt(x^2 + 2))) (DLMF 7.8.2)
 * > 1/(sqrt(pi) (x + 1)) > 2^-130 for binary32 x > 0.
 *
 * erfcx has no sign symmetry; it is decreasing on the whole line (erfcx'(x) =
 * 2x erfcx(x) - 2/sqrt(pi) < 0: for x <= 0 both terms are <= 0 and the constant < 0;
 * for x > 0, x erfcx(x) < 1/sqrt(pi) by DLMF 7.12.1 with n = 1). The shortcut is asked
 * for both signs.
 *
 * Shortcut:
 *
 * (A) x = +-0: 1 exactly, t = 0. +inf: +0, t = 0. -inf: +inf, t = 0.
 *
 * (B) x <= -26.6288299560546875 (bits 0xc1d507d8 and up): RN53 = +inf, t = +1.
 *   Proof: for x < 0, erfc(x) = 2 - erfc(|x|) > 1.99 (erfc(|x|) < erfc(26) < 10^-295),
 *   so erfcx(x) > 1.99 e^(x^2) >= 1.99 e^(T^2) = 1.0000066 * 2^1024 (T = 26.62882995...,
 *   mpmath at 300 bits; test_erfcx re-evaluates with MPFR rounding downward). Values
 *   >= 2^1024 exceed DBL_MAX + ulp/2 = 2^1024 - 2^970, so RN53 overflows to +inf, above
 *   the exact value. (The exact first such pattern is 0xc1d507a7: 49 patterns go to the
 *   referee.)
 *
 * (C) 0 < |x| < 2^-12 (magnitude patterns below 0x39800000): the Maclaurin series
 *   erfcx(x) = sum_n (-x)^n / Gamma(n/2 + 1) splits into
 *     e^s - sigma g(|x|),  s = x^2, sigma = sign(x),
 *     g(x) = C x sum_k 2^k s^k / (2k+1)!!  (C = 2/sqrt(pi)),
 *   (the even terms x^(2k)/k! sum to e^s; the odd ones are x^(2k+1)/Gamma(k + 3/2)
 *   = C x 2^k s^k/(2k+1)!!). g(x) = C x (1 + a1 s + a2 s^2 + a3 s^3) + R with a1 = 2/3,
 *   a2 = 4/15, a3 = 8/105 and 0 <= R <= C x^9 (16/945) / (1 - s) <= 0.0192 x^9 <= 2^-5 x^9
 *   (the coefficient ratios 2/(2k+3) are < 1). rs_odd_small (reference/shared/special_hd.h, with
 *   its error analysis; 1/4 <= C <= 2 and |a2|, |a3| <= |a1| <= 1 hold) gives
 *   g = hi + lo + eps_g, |eps_g| <= err. Then:
 *     H = RN(1 - sigma hi), e1 = -sigma hi - (H - 1)      exact (Fast2Sum, hi < 1);
 *     e^s = 1 + s + s^2/2 + s^3/6 + R_e, 0 < R_e <= (s^4/24) e^s <= s^4/23 <= 2^-76 s;
 *     v = RN(s s), P = RN(v * fma(s, RN(1/6), 1/2)), |P - s^2/2 - s^3/6| <= 3.01 u s^2/2
 *       (three roundings and RN(1/6) on a quantity dominated by s^2/2) <= 2u v;
 *     P1 = RN(e1 + s), P2 = RN(P1 + P), L = RN(P2 - sigma lo): three roundings,
 *       at most u (|P1| + |P2| + |L|).
 *   So erfcx(x) = H + L + eps with |eps| <= err + 2u v + u (|P1| + |P2| + |L|) + 2^-76 s,
 *   evaluated with a factor (1 + 2^-20) for its own roundings; rs_decide rounds when the
 *   bound decides. All quantities are normal (s >= 2^-298).
 *
 * (D) x >= 2^12 (bits 0x45800000 up to 0x7f7fffff): the asymptotic series with four
 *   terms, erfcx(x) = (C/x)(1 + w + R4), C = 1/sqrt(pi), v = 1/(2x^2),
 *   w = -v + 3v^2 - 15v^3, 0 <= R4 <= 105 v^4 (DLMF 7.12.1 and 7.12(i): the remainder
 *   has the sign of the first neglected term and is bounded by it).
 *   Evaluation (u = 2^-53): h = RN(C_hi / x); rho = fma(-h, x, C_hi) is exact (the
 *   remainder of a correctly rounded division is representable: Muller et al.,
 *   Handbook of Floating-Point Arithmetic, 2nd ed., sec. 4.4; no underflow here), so
 *   C_hi/x = h + rho/x exactly, and C/x = h + l_ex + delta/x with l_ex = (rho + C_lo)/x,
 *   |delta| = |C - C_hi - C_lo| <= u^2 C_hi.
 *   l = RN(RN(rho + C_lo)/x): |l - l_ex| <= 2.0001 u |l_ex|, |l_ex| <= 2.0001 u h
 *     (|rho/x| <= u h, |C_lo / x| <= u C_hi/x <= 1.0001 u h), so |l - l_ex| <= 4.001 u^2 h.
 *   s = x*x exact (48 bits, at most 2^256); V = RN(0.5/s) = v(1 + e), |e| <= u;
 *   W = RN(V * fma(V, fma(-15, V, 3), -1)): |W - w| <= 3.01 u |w| (v <= 2^-25: the inner
 *   terms perturb the leading -1 by less than 4v u).
 *   t1 = RN(h W): |t1 - h w| <= 4.02 u |t1|.  lo = RN(l + t1), hi = h.
 *   Exact: f = h + l_ex + h w + [delta/x + (l_ex + delta/x)(w + R4) + h R4]. Hence
 *   |f - (hi + lo)| <= u^2 h (4.001 [l] + 1.0001 [delta] + 2.0003 [rounding of lo, its
 *     l part])
 *                    + u |t1| (4.02 [t1] + 1.0001 [rounding of lo] + 2.0003 [l_ex w])
 *                    + 105 v^4 h (1 + 2.1u)
 *   and 105 v^4 <= 105 * 2^-75 v <= 2^-68 |w| (1 + 3.1v) gives 105 v^4 h <= 2^-67.9 |t1|:
 *   |f - (hi + lo)| <= 7.002 u^2 h + 7.03 u |t1| + 2^-67.9 |t1| <= 2^-103 h + 2^-50 |t1|,
 *   evaluated with a factor (1 + 2^-20). |lo| <= |hi| (lo ~ h v). Ranges: h >= 2^-130,
 *   |t1| >= 2^-390, the bound >= 2^-233: all normal. rs_decide rounds when it decides.
 *   C_hi = RN(1/sqrt(pi)) = 0x1.20dd750429b6dp-1, C_lo = 0x1.1ae3a914fed80p-57.
 *
 * Everything else goes to the referee: x in (-26.63, -2^-12] and [2^-12, 2^12): about
 * 140 + 201 million patterns, at about 5 to 10 us each.
 *
 * Series: every Taylor coefficient a_k(xi) = erfcx^(k)(xi)/k!
 *   = (2/sqrt(pi)) (1/k!) int_0^inf (-2t)^k e^(-t^2 - 2 xi t) dt
 * has the sign (-1)^k and is monotone in xi (its derivative (k+1) a_{k+1}(xi) has the
 * constant sign (-1)^(k+1)). So over a ball [lo, hi], a_k lies between a_k(lo) and
 * a_k(hi): each end is an exact point where the coefficients follow from
 * erfcx' = 2 x erfcx - 2/sqrt(pi):  (k+1) a_{k+1} = 2 xi a_k + 2 a_{k-1} - (2/sqrt(pi))[k=0],
 * in ball arithmetic at a precision raised by the cancellation (about 2 log2|xi| bits per
 * coefficient for xi > 1). erfcx is entire; -1 only for a non-finite ball.
 */
#include <arb.h>
#include <arb_hypgeom.h>
#include <math.h>
#include <mpfr.h>
#include <stdint.h>

#include "reference/shared/special.h"
#include "functions/erfcx/shortcut.h"
#include "reference/arb_ziv.h"

/* erfcx at an exact point x (a point ball), at prec bits */
static void erfcx_point(arb_t r, const arb_t x, slong prec) {
  if (arf_cmp_si(arb_midref(x), 1024) < 0) {
    arb_t e;
    arb_init(e);
    arb_sqr(e, x, 2 * prec + 64); /* exact for our inputs */
    arb_exp(e, e, prec);
    arb_hypgeom_erfc(r, x, prec);
    arb_mul(r, r, e, prec);
    arb_clear(e);
    return;
  }
  /* asymptotic series with DLMF's remainder bound */
  arb_t v, term, sum;
  mag_t bound;
  arb_init(v);
  arb_init(term);
  arb_init(sum);
  mag_init(bound);
  arb_sqr(v, x, prec);
  arb_mul_2exp_si(v, v, 1);
  arb_inv(v, v, prec); /* 1/(2x^2) */
  arb_one(term);
  arb_zero(sum);
  for (slong m = 0;; m++) {
    /* term = (-1)^m (2m-1)!! v^m; stop when |term| < 2^-(prec+8) */
    arb_get_mag(bound, term);
    if (mag_cmp_2exp_si(bound, -prec - 8) < 0 || m > 100000) {
      arb_add_error_mag(sum, bound); /* |R_m| <= |term_m| */
      break;
    }
    arb_add(sum, sum, term, prec);
    arb_mul(term, term, v, prec);
    arb_mul_si(term, term, -(2 * m + 1), prec);
  }
  arb_const_sqrt_pi(v, prec);
  arb_mul(v, v, x, prec);
  arb_div(r, sum, v, prec);
  arb_clear(v);
  arb_clear(term);
  arb_clear(sum);
  mag_clear(bound);
}

static int erfcx_arb(arb_t r, const arb_t x, slong prec) {
  erfcx_point(r, x, prec);
  return 0;
}

int ref_erfcx_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (mpfr_nan_p(x)) { mpfr_set_nan(y); return 0; }
  if (mpfr_inf_p(x)) {
    if (mpfr_sgn(x) > 0) mpfr_set_zero(y, +1); else mpfr_set_inf(y, +1);
    return 0;
  }
  if (mpfr_zero_p(x)) { mpfr_set_ui(y, 1, rnd); return 0; }
  return ref_arb_ziv(y, x, rnd, erfcx_arb, RS_PREC_MAX);
}

int ref_erfcx_shortcut(uint32_t xb, double *y, int *t) { return sc_erfcx(xb, y, t); }

/* Taylor coefficients at an exact point p: c[0..len-1] */
static void erfcx_coeffs_at(arb_ptr c, const arf_t p, slong len, slong prec) {
  slong lg = arf_cmpabs_2exp_si(p, 1) > 0 ? arf_abs_bound_lt_2exp_si(p) : 1;
  slong wp = prec + 2 * lg * len + 32;
  arb_t x, k2;
  arb_init(x);
  arb_init(k2);
  arb_set_arf(x, p);
  erfcx_point(c, x, wp);
  if (len > 1) {
    /* a1 = 2 x a0 - 2/sqrt(pi) */
    arb_const_sqrt_pi(k2, wp);
    arb_inv(k2, k2, wp);
    arb_mul_2exp_si(k2, k2, 1);
    arb_mul(c + 1, c, x, wp);
    arb_mul_2exp_si(c + 1, c + 1, 1);
    arb_sub(c + 1, c + 1, k2, wp);
  }
  for (slong k = 1; k + 1 < len; k++) {
    /* (k+1) a_{k+1} = 2 x a_k + 2 a_{k-1} */
    arb_mul(c + k + 1, c + k, x, wp);
    arb_add(c + k + 1, c + k + 1, c + k - 1, wp);
    arb_mul_2exp_si(c + k + 1, c + k + 1, 1);
    arb_div_si(c + k + 1, c + k + 1, k + 1, wp);
  }
  arb_clear(x);
  arb_clear(k2);
}

int ref_erfcx_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (len <= 0) return 0;
  if (!arb_is_finite(x)) return -1;
  arf_t lo, hi;
  arf_init(lo);
  arf_init(hi);
  arb_get_lbound_arf(lo, x, ARF_PREC_EXACT);
  arb_get_ubound_arf(hi, x, ARF_PREC_EXACT);
  arb_ptr a = _arb_vec_init(len), b = _arb_vec_init(len);
  erfcx_coeffs_at(a, lo, len, prec);
  if (arf_equal(lo, hi)) {
    _arb_vec_set(b, a, len);
  } else {
    erfcx_coeffs_at(b, hi, len, prec);
  }
  for (slong k = 0; k < len; k++) {
    arb_union(res + k, a + k, b + k, prec);
  }
  _arb_vec_clear(a, len);
  _arb_vec_clear(b, len);
  arf_clear(lo);
  arf_clear(hi);
  return 0;
}
