/* special.h: what the references of the special functions
 * (functions/{erf,erfc,erfcx,erfinv,erfcinv,normcdf,normcdfinv,lgamma,tgamma}/) share on
 * the host: the precision cap of the Arb referees and two series helpers. What the
 * shortcuts need on the host and the device (rs_decide, rs_odd_small, rs_add_const, the
 * double-double triples, with the rounding model of their proofs) is in special_hd.h,
 * included here; the tests' helpers are in tests/ref/special.h. */
#ifndef ULPCERT_SHARED_SPECIAL_H
#define ULPCERT_SHARED_SPECIAL_H

#include <arb.h>

#include "reference/shared/special_hd.h"

/* Precision cap of the Arb-based referees: far beyond what any non-exact binary32
 * input needs (a value within 2^-k of a binary64 rounding boundary needs about
 * 53 + k bits; over 2^32 inputs one expects k near 32 + a few). */
#define RS_PREC_MAX 4096

/* ---------------------------------------------------------------------------------
 * rs_inverse_series: Taylor coefficients of a solution of y' = c exp(q y^2) around a
 * point where y = y0 (a ball): res[k] = y^(k)/k!, k < len.
 * Used for erfinv (c = sqrt(pi)/2, q = 1), erfcinv (c = -sqrt(pi)/2, q = 1) and
 * normcdfinv (c = sqrt(2 pi), q = 1/2): each inverts a function g with
 * g'(y) = exp(-q y^2)/c, so y = g^-1(x) has y' = 1/g'(y) = c exp(q y^2).
 * With y(x0 + t) = sum a_k t^k, U = q y^2 = sum u_k t^k, E = exp(U) = sum E_k t^k:
 *   u_k = q sum_{i=0..k} a_i a_{k-i},  E_0 = exp(u_0),  k E_k = sum_{j=1..k} j u_j E_{k-j}
 * (from E' = U' E), and (k+1) a_{k+1} = c E_k (from y' = c E). E_k needs u_1..u_k, which
 * need a_0..a_k: the recurrence is explicit. Every step is ball arithmetic on a_0's
 * ball, so when a_0 encloses y(xi) for every xi of a ball, each res[k] encloses
 * y^(k)(xi)/k! for every such xi (the coefficients at xi are this same composition of
 * operations applied to the point y(xi)).
 * --------------------------------------------------------------------------------- */
static inline void rs_inverse_series(arb_ptr res, const arb_t y0, const arb_t c, const arb_t q, slong len, slong prec) {
  if (len <= 0) return;
  arb_ptr u = _arb_vec_init(len), E = _arb_vec_init(len);
  arb_t s;
  arb_init(s);
  arb_set(res, y0);
  for (slong k = 0; k + 1 < len; k++) {
    /* u_k */
    arb_zero(s);
    for (slong i = 0; i <= k; i++) arb_addmul(s, res + i, res + k - i, prec);
    arb_mul(u + k, s, q, prec);
    /* E_k */
    if (k == 0) {
      arb_exp(E, u, prec);
    } else {
      arb_zero(s);
      for (slong j = 1; j <= k; j++) {
        arb_t w;
        arb_init(w);
        arb_mul_si(w, u + j, j, prec);
        arb_addmul(s, w, E + k - j, prec);
        arb_clear(w);
      }
      arb_div_si(E + k, s, k, prec);
    }
    /* a_{k+1} */
    arb_mul(res + k + 1, c, E + k, prec);
    arb_div_si(res + k + 1, res + k + 1, k + 1, prec);
  }
  arb_clear(s);
  _arb_vec_clear(u, len);
  _arb_vec_clear(E, len);
}

/* Is the ball finite and free of the non-positive integers (the poles of Gamma, the
 * singularities of log|Gamma|)? Either positive, or inside (f, f+1) for an integer
 * f <= -1 (ends compared exactly). */
static inline int rs_ball_avoids_poles(const arb_t x) {
  if (!arb_is_finite(x)) return 0;
  if (arb_is_positive(x)) return 1;
  arf_t lo, hi, f;
  arf_init(lo);
  arf_init(hi);
  arf_init(f);
  arb_get_lbound_arf(lo, x, ARF_PREC_EXACT);
  arb_get_ubound_arf(hi, x, ARF_PREC_EXACT);
  arf_floor(f, lo);
  int ok = arf_cmp(lo, f) > 0; /* lo is not an integer */
  arf_add_ui(f, f, 1, ARF_PREC_EXACT, ARF_RND_DOWN);
  ok = ok && arf_cmp(hi, f) < 0 && arf_sgn(f) <= 0; /* hi < f + 1 <= 0 */
  arf_clear(lo);
  arf_clear(hi);
  arf_clear(f);
  return ok;
}

#endif
