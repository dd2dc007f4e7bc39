/* ib_bessel.h: the Bessel functions J0, J1, Y0, Y1 and the modified I0, I1 on balls
 * (ib.h), for the host and the device (the same source).
 *
 * Each rule encloses the exact value at every point of the argument's ball: the power
 * series and the asymptotic expansion are summed in ball arithmetic, and the remainder
 * of each, bounded below, is added to the radius. Where no rule applies (Y at or across
 * 0, an argument beyond the exponent range, a series that would need more than
 * IB_BES_KMAX terms) the function fails: 1 where more precision may help, 2 where none
 * does. Nothing is guessed.
 *
 * (S) Power series (DLMF 10.2.2 and 10.25.2; A&S 9.1.10, 9.6.10), q = x^2/4, nu = 0, 1:
 *   J_nu(x) = (x/2)^nu S_J(-q),  I_nu(x) = (x/2)^nu S_J(q),
 *   S_J(s q) = sum_{k>=0} s^k q^k / (k! (k+nu)!)   (s = -1 for J, +1 for I).
 *   The ratio of the terms k+1 and k is q / ((k+1)(k+1+nu)) in absolute value, which
 *   decreases with k; once rho_k = 2 Q / ((k+1)(k+1+nu)) <= 1/2 (Q >= q at every point of
 *   the ball), every later ratio is <= rho_k / 2, and the tail after the term t_k is at most
 *   |t_k| (rho_k + rho_k^2 + ...) <= |t_k| rho_k / (1 - rho_k) <= 2 rho_k |t_k|.
 * (Y) Y_nu for x > 0 (A&S 9.1.11 with psi(m+1) = -gamma + H_m, H_m = 1 + 1/2 + ... + 1/m;
 *   for nu = 0 it is DLMF 10.8.2):
 *   Y_nu(x) = (1/pi) [2 (log(x/2) + gamma) J_nu(x) - (x/2)^nu S_Y - nu 2/x],
 *   S_Y = sum_{k>=0} (-1)^k (H_k + H_{k+nu}) q^k / (k! (k+nu)!).
 *   (A&S 9.1.11: Y_n = -(1/pi)(x/2)^-n sum_{k<n} ... + (2/pi) log(x/2) J_n - (1/pi)(x/2)^n
 *   sum_k (psi(k+1) + psi(n+k+1)) (-q)^k / (k!(n+k)!); the -2 gamma of the psi's, summed,
 *   is (2 gamma / pi) J_n.) Its terms c_k = (H_k + H_{k+nu}) q^k / (k!(k+nu)!) have, for
 *   k >= 1, c_{k+1}/c_k = q/((k+1)(k+1+nu)) (1 + (1/(k+1) + 1/(k+1+nu)) / (H_k + H_{k+nu}))
 *   <= q/((k+1)(k+1+nu)) (1 + (2/(k+1)) / 2) <= rho_k (H_k + H_{k+nu} >= 2 for k >= 1), so the
 *   same tail bound 2 rho_k |c_k| holds after a term k >= 1.
 *   The alternating sums cancel: their largest term is about e^|x| / sqrt(2 pi |x|) while
 *   the value is at most 1, so they are summed with 1.45 |x| / 64 + 1 words more than the
 *   working precision (1.45 > log2(e)); the ball arithmetic accounts for every rounding.
 * (H) Hankel's expansion (DLMF 10.17.3-4), x > 0, w = x - (nu/2 + 1/4) pi:
 *   J_nu(x) = sqrt(2/(pi x)) (P cos w - Q sin w),  Y_nu(x) = sqrt(2/(pi x)) (P sin w + Q cos w),
 *   P = sum_j (-1)^j b_2j, Q = sum_j (-1)^j b_(2j+1), b_k = a_k(nu) / x^k,
 *   a_k(nu) = (4nu^2 - 1^2)(4nu^2 - 3^2)...(4nu^2 - (2k-1)^2) / (k! 8^k)   (DLMF 10.17.1),
 *   so b_k = b_(k-1) (4 nu^2 - (2k-1)^2) / (8 k x). The remainder bound of DLMF 10.17(iii)
 *   (for real nu >= 0 and x > 0): the remainder of P after its terms j < l does not exceed
 *   the first neglected term in absolute value when l >= max(nu/2 - 1/4, 1), that of Q when
 *   l >= max(nu/2 - 3/4, 1); for nu = 0 and 1 both conditions are l >= 1. The sum stops
 *   before some b_k with k >= 2 (P has b_0 and Q has b_1: l >= 1 for both); the first
 *   neglected terms of P and Q are then b_k and b_(k+1) in some order, and |b_k| + |b_(k+1)|
 *   is added to both radii. The bound holds wherever the sum stops; it stops where both
 *   terms are below 2^-(64 n + 8) or where the terms begin to grow (the expansion's best
 *   accuracy, about e^(-2x)). It is used from x >= 22.2 n + 6 on: the terms shrink at
 *   least until k ~ 2x and the least is then below 2^-(64 n + 8).
 *   With C = cos x, S = sin x (ib_sincos, whose reduction handles any x below 2^200):
 *   nu = 0: sqrt 2 cos w = C + S, sqrt 2 sin w = S - C;
 *   nu = 1: sqrt 2 cos w = S - C, sqrt 2 sin w = -(S + C);
 *   so J_nu = (P c_w - Q s_w) / sqrt(pi x), Y_nu = (P s_w + Q c_w) / sqrt(pi x) with
 *   (c_w, s_w) those sqrt 2 cos w, sqrt 2 sin w.
 * (I) I_nu for large |x|: the series (S) has positive terms only (no cancellation) and is
 *   used up to |x| < IB_BES_IMAX = 724. Beyond, the value lies beyond binary64's range and
 *   only a lower bound is kept: I0(x) = (1/pi) int_0^pi e^(x cos t) dt (DLMF 10.32.1) >=
 *   (1/pi) int_0^(1/8) e^(x (1 - t^2/2)) dt >= (1/(8 pi)) e^(x (1 - 1/128)) >= 2^(1.4314 x -
 *   4.66) (cos t >= 1 - t^2/2; log2(e) (1 - 1/128) = 1.43142...); I1(x) = (1/pi) int_0^pi
 *   e^(x cos t) cos t dt >= (cos(1/8)/(8 pi)) e^(x (1 - 1/128)) - 1/2 (the part over
 *   [pi/2, pi] is above -1/2, that over [1/8, pi/2] is >= 0) >= 2^(1.4314 x - 4.67) - 1/2
 *   >= 2^(1.43 x - 6) for x >= 8. So |I_nu(x)| >= 2^(floor(1.43 |x|) - 6) >= 2^1029 from
 *   |x| >= 724 on (I0 even, I1 odd: the sign of x for I1).
 * (A) log I_nu(|x|) for |x| >= 724, where ib_lg.h keeps I's value as its logarithm
 *   (ib_bes_i_lg; so I1(x)/I0(x) or I0(x) exp(-x) stay ordinary numbers). From I_nu(x) =
 *   (1/pi) int_0^pi e^(x cos t) cos(nu t) dt (DLMF 10.32.3, integer nu), with s = 1 - cos t:
 *   I_nu(x) = (e^x/pi) int_0^2 e^(-xs) T_nu(1 - s) (s (2 - s))^(-1/2) ds, T_0 = 1, T_1(z) = z.
 *   The part over [1, 2] lies within (1/pi) int_1^2 (s(2-s))^(-1/2) ds = 1/2 of 0 (e^(-xs) <=
 *   e^-x, |T_nu| <= 1). On [0, 1], (2 - s)^(-1/2) = 2^(-1/2) sum_k c_k (s/2)^k with c_k =
 *   binom(2k, k)/4^k, decreasing, so the remainder after k < K is at most c_K (s/2)^K /
 *   (1 - s/2) <= 2 c_K (s/2)^K. With int_0^inf e^(-xs) s^(k - 1/2) ds = Gamma(k + 1/2)/x^(k+1/2)
 *   and int_1^inf e^(-xs) s^m ds <= e^-x / (x - m) (s^m <= e^(m (s - 1)), m <= k + 1 < x):
 *     I_nu(x) = F (B + theta 2 d_K) + theta',  F = e^x / sqrt(2 pi x), |theta| <= 1,
 *     |theta'| <= 1/2 + 2 / (pi (x - K - 1)) <= 1 for K <= x - 3,
 *     d_k = c_k Gamma(k + 1/2) / (sqrt(pi) 2^k x^k): d_0 = 1, d_k = d_(k-1) (2k - 1)^2 / (8 k x),
 *     B = sum_{k<K} d_k (nu = 0),  B = sum_{k<K} d_k (1 - (2k + 1)/(2x)) (nu = 1: the factor
 *     1 - s turns s^(k - 1/2) into s^(k - 1/2) - s^(k + 1/2)).
 *   1/F <= e^(-x/2) <= 2^-floor(0.72 x) for x >= 5, so log I_nu(x) = x - log(2 pi x)/2 +
 *   log(B + delta), |delta| <= 2 d_K + 2^-floor(0.72 x). The sum stops before the first d_K
 *   below 2^-(64 n + 8), or where the terms begin to grow (the bound holds at any K <= x - 3).
 * Symmetries: J0, I0 even; J1, I1 odd (the series (S) are evaluated at x itself, any
 * sign; (H) and (I) at |x|). Y0, Y1 are real for x > 0 only: x < 0 is NaN by ib_prog.h's
 * domain check, a ball reaching 0 fails (1; an exact 0, the pole, fails 2).
 * (T) Tiny |x| (0 < |x| <= 2^u at every point, u <= -(32 n + 8): q = x^2/4 <= 2^(2u - 2) lies
 * below the working precision): the value is an exact number plus a deviation of known
 * sign (a side, ib.h), as the series alternate with decreasing terms or have positive ones:
 * J0 = 1 - d, 0 < d <= q; I0 = 1 + d, 0 < d <= 2q; and for an exact x, J1 = (x/2)(1 - d),
 * 0 < d <= q/2, I1 = (x/2)(1 + d), 0 < d <= q: the midpoint x/2, the side toward 0 for J1
 * and away from it for I1, the radius |x/2| q/2 <= 2^(3u - 4) or |x/2| q <= 2^(3u - 3). So
 * J0 and I0 round at one word where the plain series would need up to 16.
 * Tiny |x| kept as a bound (sat -1, 0 < |x| <= 2^e, e <= -1; q <= 1/16): J0 = 1 - d with
 * 0 < d <= q (the series alternates with decreasing terms), I0 = 1 + d with 0 < d <= 2q
 * (q + q^2/4 + ... <= q / (1 - q/4)), |J1| <= |x|/2 and |I1| <= |x| with x's sign; Y fails
 * (2). Huge |x| kept as a bound (sat +1): I as in (I), J and Y fail (2).
 *
 * Trusted: includes only ib_fn.h. */
#ifndef ULPCERT_IB_BESSEL_H
#define ULPCERT_IB_BESSEL_H

#include "ib_fn.h"

#define IB_BES_KMAX 4000 /* terms of a series at most (else fail 1) */
#define IB_BES_IMAX 724.0 /* (I): I_nu by its series below, a lower bound from there on */

/* a binary64 number >= every |x| of the ball (inf for a bound or beyond 2^1000) */
IB_HD double ib_upper_d(const ib *x) {
  if (x->sat > 0) return INFINITY;
  const ib_mag u = ib_upper(x);
  if (!u.m) return 0;
  return u.e > 960 ? INFINITY : ldexp((double)u.m, (int)(u.e < -2000 ? -2000 : u.e)); /* exact, or rounded up to inf */
}

/* a <= b for two upper bounds (a conservative test: a <= 2^(a.e + 32) <= 2^(b.e + 31) <= b) */
IB_HD int ibm_le(ib_mag a, ib_mag b) { return !a.m || (b.m && a.e + 32 <= b.e + 31); }

/* the tail bound is negligible for the sum s: below 2^-(64 n + 8) |s|, or below its radius */
IB_HD int ib_bes_small(const ib_ctx *w, const ib *s, ib_mag tail) {
  return ib_tail_small(w, s, tail) || ibm_le(tail, s->r);
}

/* (S) and (Y): SJ = S_J(sgn q) and, when SY is not NULL, S_Y (sgn = -1), at w's precision,
 * each with its tail bound in its radius; x any real ball (not a bound) */
IB_HDN void ib_bes_sums(ib_ctx *w, ib *SJ, ib *SY, const ib *x, int nu, int sgn) {
  ib q, t, u, Hk, Hkn, h;
  ib_mul(w, &q, x, x);
  ib_mul_2exp(w, &q, &q, -2);
  const ib_mag Q2 = ibm_mul(ib_upper(&q), ibm_pow2(1));
  ib_set_si(w, SJ, 1); /* t_0 = 1 / nu! = 1 */
  ib_copy(&t, SJ);
  ib_zero(&Hk);
  ib_set_si(w, &Hkn, nu); /* H_nu: 0 or 1 */
  if (SY) ib_set_si(w, SY, nu); /* c_0 = (H_0 + H_nu) t_0 */
  for (uint32_t k = 1;; k++) {
    ib_mul(w, &t, &t, &q);
    ib_div_ui(w, &t, &t, k * (k + (uint32_t)nu));
    if (sgn < 0) ib_neg(&t, &t);
    ib_add(w, SJ, SJ, &t);
    if (SY) {
      ib_set_si(w, &h, 1);
      ib_div_ui(w, &h, &h, k);
      ib_add(w, &Hk, &Hk, &h);
      ib_set_si(w, &h, 1);
      ib_div_ui(w, &h, &h, k + (uint32_t)nu);
      ib_add(w, &Hkn, &Hkn, &h);
      ib_add(w, &u, &Hk, &Hkn);
      ib_mul(w, &u, &u, &t);
      ib_add(w, SY, SY, &u);
    }
    const ib_mag rho = ibm_div(Q2, ibm_make((uint64_t)(k + 1) * (k + 1 + nu), 0));
    if (ibm_le_pow2(rho, -1)) {
      const ib_mag tj = ibm_mul(ibm_mul(ib_upper(&t), rho), ibm_pow2(1));
      const ib_mag ty = SY ? ibm_mul(ibm_mul(ib_upper(&u), rho), ibm_pow2(1)) : tj;
      if (ib_bes_small(w, SJ, tj) && (!SY || ib_bes_small(w, SY, ty))) {
        ib_add_error(SJ, tj);
        if (SY) ib_add_error(SY, ty);
        return;
      }
    }
    if (k >= IB_BES_KMAX || w->fail) {
      ib_fail(w, 1);
      return;
    }
  }
}

/* (H): P and Q at x > 0 (every point of the ball), each with the remainder bound */
IB_HD void ib_bes_hankel_next(ib_ctx *w, ib *b, const ib *inv, int64_t k, int nu) { /* b_(k-1) -> b_k */
  ib m;
  ib_set_si(w, &m, 4 * nu * nu - (2 * k - 1) * (2 * k - 1));
  ib_mul(w, b, b, &m);
  ib_div_ui(w, b, b, (uint32_t)(8 * k));
  ib_mul(w, b, b, inv);
}
IB_HDN void ib_bes_hankel_pq(ib_ctx *w, ib *P, ib *Q, const ib *x, int nu) {
  ib inv, cand, next, s;
  ib_set_si(w, P, 1); /* b_0 */
  ib_zero(Q);
  ib_div(w, &inv, P, x);
  ib_copy(&cand, P);
  ib_bes_hankel_next(w, &cand, &inv, 1, nu); /* b_1 */
  ib_copy(&next, &cand);
  ib_bes_hankel_next(w, &next, &inv, 2, nu); /* b_2 */
  for (int64_t k = 1;; k++) { /* cand = b_k, not yet added; next = b_(k+1) */
    if (k >= 2) { /* P has b_0 and Q has b_1: l >= 1 for both */
      const ib_mag bc = ib_upper(&cand), bn = ib_upper(&next);
      const int64_t lim = -64 * (int64_t)w->n - 8;
      const int tiny = ibm_le_pow2(bc, lim) && ibm_le_pow2(bn, lim);
      const int grows = fabs(ib_mid_d(&next)) >= fabs(ib_mid_d(&cand));
      if (tiny || grows) { /* the first neglected terms of P and Q are b_k and b_(k+1) */
        const ib_mag e = ibm_add(bc, bn);
        ib_add_error(P, e);
        ib_add_error(Q, e);
        return;
      }
    }
    if ((k >> 1) & 1) ib_neg(&s, &cand); /* sign (-1)^floor(k/2) */
    else ib_copy(&s, &cand);
    if (k & 1) ib_add(w, Q, Q, &s);
    else ib_add(w, P, P, &s);
    if (k >= IB_BES_KMAX || w->fail) {
      ib_fail(w, 1);
      return;
    }
    ib_copy(&cand, &next);
    ib_bes_hankel_next(w, &next, &inv, k + 2, nu);
  }
}

/* (H): J_nu (y = 0) or Y_nu (y = 1) at |x|, x's ball away from 0 with |x| >= 22.2 n + 6 */
IB_HDN void ib_bes_hankel(ib_ctx *c, ib *r, const ib *ax, int nu, int y) {
  ib_ctx w = ib_wider(c, 1);
  ib P, Q, S, C, cw, sw, t;
  ib_bes_hankel_pq(&w, &P, &Q, ax, nu);
  ib_sincos(&w, &S, &C, ax);
  if (nu == 0) {
    ib_add(&w, &cw, &C, &S);
    ib_sub(&w, &sw, &S, &C);
  } else {
    ib_sub(&w, &cw, &S, &C);
    ib_add(&w, &sw, &S, &C);
    ib_neg(&sw, &sw);
  }
  if (y) { /* P s_w + Q c_w */
    ib_mul(&w, &P, &P, &sw);
    ib_mul(&w, &Q, &Q, &cw);
    ib_add(&w, &t, &P, &Q);
  } else { /* P c_w - Q s_w */
    ib_mul(&w, &P, &P, &cw);
    ib_mul(&w, &Q, &Q, &sw);
    ib_sub(&w, &t, &P, &Q);
  }
  ib_pi(&w, &S);
  ib_mul(&w, &S, &S, ax);
  ib_sqrt(&w, &S, &S);
  ib_div(&w, &t, &t, &S);
  ib_merge(c, &w);
  ib_round(c, r, &t);
}

/* (A): L = log |I_nu(x)| and *vneg its sign (I1 odd) for every point of x, |x| >= 724;
 * 0 (nothing written) elsewhere or where K would pass x - 3 */
IB_HDN int ib_bes_i_lg(ib_ctx *c, const ib *x, ib *L, int *vneg, int nu) {
  const double lo = ib_lower_d(x);
  if (x->sat || !(lo >= IB_BES_IMAX)) return 0;
  ib_ctx w = ib_wider(c, 1);
  ib ax, inv, d, nx, B, t, u;
  ib_abs(&ax, x);
  ib_set_si(&w, &u, 1);
  ib_div(&w, &inv, &u, &ax);
  ib_copy(&d, &u); /* d_0 */
  ib_copy(&B, &u);
  if (nu) { /* d_0 (1 - 1/(2x)) */
    ib_mul_2exp(&w, &t, &inv, -1);
    ib_sub(&w, &B, &B, &t);
  }
  for (int64_t k = 1;; k++) { /* d = d_(k-1), added; nx = d_k */
    ib_set_si(&w, &t, (2 * k - 1) * (2 * k - 1));
    ib_mul(&w, &nx, &d, &t);
    ib_div_ui(&w, &nx, &nx, (uint32_t)(8 * k));
    ib_mul(&w, &nx, &nx, &inv);
    const ib_mag bn = ib_upper(&nx);
    if (ibm_le_pow2(bn, -64 * (int64_t)w.n - 8) || fabs(ib_mid_d(&nx)) >= fabs(ib_mid_d(&d))) {
      const double z = floor(0.72 * lo);
      ib_add_error(&B, ibm_add(ibm_mul(bn, ibm_pow2(1)), ibm_pow2(-(int64_t)(z > 0x1p60 ? 0x1p60 : z))));
      break;
    }
    if ((double)k > lo - 4 || k >= IB_BES_KMAX) return 0;
    if (nu) { /* d_k (1 - (2k + 1)/(2x)) */
      ib_set_si(&w, &t, 2 * k + 1);
      ib_mul(&w, &t, &t, &inv);
      ib_mul_2exp(&w, &t, &t, -1);
      ib_mul(&w, &t, &t, &nx);
      ib_sub(&w, &t, &nx, &t);
      ib_add(&w, &B, &B, &t);
    } else ib_add(&w, &B, &B, &nx);
    ib_copy(&d, &nx);
  }
  ib_log(&w, &B, &B);
  ib_pi(&w, &t); /* x - log(2 pi x)/2 */
  ib_mul(&w, &t, &t, &ax);
  ib_mul_2exp(&w, &t, &t, 1);
  ib_log(&w, &t, &t);
  ib_mul_2exp(&w, &t, &t, -1);
  ib_sub(&w, &t, &ax, &t);
  ib_add(&w, &t, &t, &B);
  if (w.fail) return 0;
  ib_round(c, L, &t);
  *vneg = nu && x->neg;
  return 1;
}

/* the arguments kept as bounds (sat): the rules of the header; kind 'J', 'Y' or 'I' */
IB_HDN void ib_bes_sat(ib_ctx *c, ib *r, const ib *x, int kind, int nu) {
  const int neg = x->neg;
  const int64_t e = x->e;
  if (kind == 'Y' || (x->sat > 0 && kind == 'J') || (x->sat < 0 && e > -1)) {
    ib_sat_fail(c, r, 2);
    return;
  }
  if (x->sat > 0) { /* |x| >= 2^e >= 16: |I| >= 2^(1.43 |x| - 6) >= 2^|x| >= 2^(2^e) */
    if (e < 4) {
      ib_sat_fail(c, r, 2);
      return;
    }
    ib_set_sat(r, 1, (int64_t)1 << (e < 60 ? e : 60), nu ? neg : 0);
    return;
  }
  /* |x| <= 2^e, q = x^2/4 <= 2^(2e - 2) */
  if (nu) ib_set_sat(r, -1, kind == 'J' ? e - 1 : e, neg);
  else {
    ib_set_si(c, r, 1);
    ib_set_side(r, kind == 'J' ? -1 : 1, ibm_pow2(kind == 'J' ? 2 * e - 2 : 2 * e - 1));
  }
}

/* Y_nu by (Y) at x > 0 (every point), the sums at w's precision */
IB_HDN void ib_bes_y_series(ib_ctx *c, ib *r, const ib *x, int nu, int extra) {
  ib_ctx w = ib_wider(c, extra);
  ib SJ, SY, L, g, t;
  ib_bes_sums(&w, &SJ, &SY, x, nu, -1);
  if (nu) {
    ib_mul_2exp(&w, &t, x, -1);
    ib_mul(&w, &SJ, &SJ, &t);
    ib_mul(&w, &SY, &SY, &t);
  }
  ib_mul_2exp(&w, &L, x, -1);
  ib_log(&w, &L, &L);
  ib_const_words(&w, &g, IB_EULER_D, IB_EULER_E); /* gamma (ib_const.h) */
  ib_add(&w, &L, &L, &g);
  ib_mul(&w, &L, &L, &SJ);
  ib_mul_2exp(&w, &L, &L, 1);
  ib_sub(&w, &L, &L, &SY);
  if (nu) { /* - 2/x */
    ib_set_si(&w, &t, 2);
    ib_div(&w, &t, &t, x);
    ib_sub(&w, &L, &L, &t);
  }
  ib_pi(&w, &g);
  ib_div(&w, &t, &L, &g);
  ib_merge(c, &w);
  ib_round(c, r, &t);
}

/* J_nu, Y_nu or I_nu (kind 'J', 'Y', 'I'; nu 0 or 1) of the ball x (r may be x) */
IB_HDN void ib_bessel(ib_ctx *c, ib *r, const ib *x, int kind, int nu) {
  if (x->sat) {
    ib_bes_sat(c, r, x, kind, nu);
    return;
  }
  const double lo = ib_lower_d(x), up = ib_upper_d(x);
  if (kind != 'Y' && ib_sign(x) && ib_ulog2(x) <= -(32 * (int64_t)c->n + 8) && (!nu || (!x->r.m && !x->side))) {
    const int64_t u = ib_ulog2(x); /* (T) */
    const int neg = x->neg, J = kind == 'J';
    if (!nu) ib_set_si(c, r, 1);
    else ib_mul_2exp(c, r, x, -1);
    if (!nu) ib_set_side(r, J ? -1 : 1, ibm_pow2(J ? 2 * u - 2 : 2 * u - 1));
    else ib_set_side(r, J == neg ? 1 : -1, ibm_pow2(J ? 3 * u - 4 : 3 * u - 3));
    return;
  }
  if (kind == 'Y' && (ib_sign(x) <= 0 || x->neg)) { /* the pole at 0, or no real value */
    ib_sat_fail(c, r, (x->zero && !x->r.m) || ib_sign(x) < 0 ? 2 : 1);
    return;
  }
  if (kind == 'I') {
    if (lo >= IB_BES_IMAX) { /* (I) */
      const double k = lo > 0x1p61 ? 0x1p61 : floor(1.43 * lo) - 6;
      ib_set_sat(r, 1, (int64_t)k, nu ? x->neg : 0);
      return;
    }
    if (up > 1024) {
      ib_sat_fail(c, r, 1);
      return;
    }
    ib_ctx w = ib_wider(c, 1);
    ib S, t;
    ib_bes_sums(&w, &S, 0, x, nu, 1);
    if (nu) {
      ib_mul_2exp(&w, &t, x, -1);
      ib_mul(&w, &S, &S, &t);
    }
    ib_merge(c, &w);
    ib_round(c, r, &S);
    return;
  }
  if (lo >= 22.2 * c->n + 6) { /* (H) */
    ib ax;
    if (up > 0x1p190) { /* beyond ib_sincos's reduction */
      ib_sat_fail(c, r, 2);
      return;
    }
    const int flip = kind == 'J' && nu && x->neg; /* J1 odd (read before r, which may be x, is written) */
    ib_abs(&ax, x);
    ib_bes_hankel(c, r, &ax, nu, kind == 'Y');
    if (flip) ib_neg(r, r);
    return;
  }
  const int extra = (int)(1.45 * up / 64) + 1; /* up < 22.2 * 16 + 6 + radius: a few words */
  if (!(up < 2048)) {
    ib_sat_fail(c, r, 1);
    return;
  }
  if (kind == 'Y') {
    ib_bes_y_series(c, r, x, nu, extra);
    return;
  }
  ib_ctx w = ib_wider(c, extra);
  ib S, t;
  ib_bes_sums(&w, &S, 0, x, nu, -1);
  if (nu) {
    ib_mul_2exp(&w, &t, x, -1);
    ib_mul(&w, &S, &S, &t);
  }
  ib_merge(c, &w);
  ib_round(c, r, &S);
}

#endif
