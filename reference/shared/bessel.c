/* bessel.c: what the Bessel references (functions/j0, j1, y0, y1, cyl_bessel_i0,
 * cyl_bessel_i1) share on the host: the Taylor-coefficient machinery behind
 * ref_<name>_series (rb_series), and the power series of I0 and I1 for their referees
 * (rb_i_series_ball). What their shortcuts share is in bessel_hd.h (host and device), what
 * their tests share in tests/ref/bessel.h.
 *
 * Taylor coefficients. For F = J_n, Y_n (s = +1) or I_n (s = -1), n = 0 or 1, F solves
 *   x^2 F'' + x F' + (s x^2 - n^2) F = 0.
 * Write F(c + h) = sum_k a_k h^k (a_k = F^(k)(c)/k!). Substituting x = c + h:
 *   (c+h)^2 F'' -> c^2 (k+2)(k+1) a_{k+2} + 2c (k+1)k a_{k+1} + k(k-1) a_k
 *   (c+h)   F'  -> c (k+1) a_{k+1} + k a_k
 *   (s(c+h)^2 - n^2) F -> (s c^2 - n^2) a_k + 2 s c a_{k-1} + s a_{k-2}
 * (coefficients of h^k), and the sum vanishes for every k >= 0 (a_{-1} = a_{-2} = 0):
 *   c^2 (k+2)(k+1) a_{k+2} = -[c (k+1)(2k+1) a_{k+1} + (k^2 + s c^2 - n^2) a_k
 *                              + 2 s c a_{k-1} + s a_{k-2}].                     (ODE)
 * Run in ball arithmetic with c a ball and a_0, a_1 balls enclosing F(xi), F'(xi) for
 * every xi in c, every step is an operation on balls that contain the exact operands
 * for that xi (c contains xi), so each result ball contains the exact a_k(xi): the
 * inclusion property of ball arithmetic, applied to one fixed xi at a time. The division
 * needs c^2 > 0 on the whole ball: rb_ode_taylor is only called when c excludes 0.
 * (Any loss of accuracy in the recurrence, e.g. from a second solution whose
 * coefficients grow faster, only widens the balls: the enclosures hold whatever the
 * conditioning; the tests check that they stay tight where they are used.)
 *
 * Near 0 (J_n and I_n only: entire functions), the power series
 *   F(x) = sum_j g^j (x/2)^(2j+n) / (j! (j+n)!) = sum_m b_m x^m,   g = -1 for J, +1 for I,
 * is shifted: P_N(xi + h) = sum_k (sum_{m<=N} b_m C(m,k) xi^(m-k)) h^k, computed with
 * arb_poly_taylor_shift at the ball xi (inclusion again), and the tail
 *   E_k = sum_{m>N} |b_m| C(m,k) R^(m-k),  R >= |xi| for every xi in the ball,
 * is added to each coefficient's radius. Bound of E_k: for consecutive nonzero terms
 * (m -> m+2, m = 2j+n), |b_{m+2}/b_m| = 1/(4(j+1)(j+1+n)) = 1/((m-n+2)(m+n+2))
 * <= 1/((m+1)(m+2)) and C(m+2,k)/C(m,k) = (m+2)(m+1)/((m+2-k)(m+1-k)), so with
 * T_m = |b_m| C(m,k) R^(m-k):  T_{m+2}/T_m <= R^2/((m+2-k)(m+1-k)). For m >= 2k both
 * factors of the denominator exceed (m+2)/2, so the ratio is <= 4R^2/(m+2)^2, and when
 * also m + 2 >= 3R it is <= 4/9. With N >= 2(len-1) and N >= 3R every m > N qualifies
 * (k <= len-1), so E_k <= T_{m1} / (1 - 4/9) <= 2 T_{m1}, m1 the first m > N with
 * b_m != 0.
 *
 * Crude bounds valid for every real x (for J_n and I_n: the Lagrange remainder of
 * rb_series, and whole answers for balls of radius > 4): by DLMF 10.6.7, J_n^(k)(x) = 2^-k sum_{j=0}^k (-1)^j C(k,j)
 * J_{n-k+2j}(x), and |J_m(x)| <= 1 for real x and integer m (DLMF 10.14.1 with
 * J_{-m} = (-1)^m J_m), so |a_k| <= 1/k!. By DLMF 10.29.5, I_n^(k) = 2^-k sum_j C(k,j)
 * I_{n-k+2j}, and |I_m(x)| <= I_0(|x|) for real x (from I_m(x) = (1/pi) int_0^pi
 * e^(x cos t) cos(mt) dt, DLMF 10.32.3, and I_m(-x) = (-1)^m I_m(x)), so
 * |a_k| <= I_0(R)/k!.
 *
 * The series of every reference (rb_series below) is a Taylor model: the coefficients at
 * the exact midpoint m of the ball, from the power series (J_n, I_n, |m| <= 16) or from
 * (ODE) at the point m, shifted over [-r, r] and completed by a Lagrange remainder that
 * encloses the derivative of order L over the whole ball (crude bounds for J_n, I_n;
 * (ODE) over the ball for Y_n, started from rb_y_energy's bounds). Evaluating Arb's Bessel functions directly over a ball
 * is valid but very loose (at x = 30 a radius of 2^-60 x comes back as ~1e-5), hence
 * the point evaluation. */
#include <math.h>
#include <stdint.h>

#include <mpfr.h>
#include <arb.h>
#include <arb_hypgeom.h>
#include <arb_poly.h>

#include "reference/shared/bessel.h"

/* F_nu(z) for F = 'J', 'Y', 'I' and integer nu, Arb's enclosure over the ball z. */
void rb_bessel(arb_t r, char kind, long nu, const arb_t z, slong prec) {
  arb_t v;
  arb_init(v);
  arb_set_si(v, nu);
  if (kind == 'J') arb_hypgeom_bessel_j(r, v, z, prec);
  else if (kind == 'Y') arb_hypgeom_bessel_y(r, v, z, prec);
  else arb_hypgeom_bessel_i(r, v, z, prec);
  arb_clear(v);
}

/* (ODE) above: a[0], a[1] set by the caller; fills a[2 .. len-1]. c must exclude 0. */
static void rb_ode_taylor(arb_ptr a, const arb_t c, int n, int s, slong len, slong prec) {
  arb_t c2, t, u;
  arb_init(c2);
  arb_init(t);
  arb_init(u);
  arb_mul(c2, c, c, prec);
  for (slong k = 0; k + 2 < len; k++) {
    arb_mul(t, a + k + 1, c, prec);
    arb_mul_ui(t, t, (ulong)((k + 1) * (2 * k + 1)), prec);
    arb_mul_si(u, c2, s, prec);
    arb_add_si(u, u, k * k - (slong)n * n, prec);
    arb_mul(u, u, a + k, prec);
    arb_add(t, t, u, prec);
    if (k >= 1) {
      arb_mul(u, a + k - 1, c, prec);
      arb_mul_si(u, u, 2 * s, prec);
      arb_add(t, t, u, prec);
    }
    if (k >= 2) {
      if (s > 0) arb_add(t, t, a + k - 2, prec);
      else arb_sub(t, t, a + k - 2, prec);
    }
    arb_mul_ui(u, c2, (ulong)((k + 2) * (k + 1)), prec);
    arb_div(a + k + 2, t, u, prec);
    arb_neg(a + k + 2, a + k + 2);
  }
  arb_clear(c2);
  arb_clear(t);
  arb_clear(u);
}

/* log2 of |b_m| C(m,k) R^(m-k) for m = 2j+n, in double: only steers the choice of N. */
static double rb_log2_term(long m, int n, long k, double log2R) {
  long j = (m - n) / 2;
  double lb = -(double)m - (lgamma((double)j + 1) + lgamma((double)(j + n) + 1)) / log(2.0);
  double lc = (lgamma((double)m + 1) - lgamma((double)k + 1) - lgamma((double)(m - k) + 1)) / log(2.0);
  return lb + lc + (double)(m - k) * log2R;
}

/* Power-series method for F = J_n (g = -1) or I_n (g = +1): res[k] encloses a_k(xi) for
 * every xi in x (see the header comment). */
static void rb_power_taylor(arb_ptr res, const arb_t x, int n, int g, slong len, slong prec) {
  mag_t Rm;
  mag_init(Rm);
  arb_get_mag(Rm, x); /* R >= |xi| for every xi in x */
  double R = mag_get_d(Rm);
  double log2R = R > 0 ? log2(R) : -1e9;
  slong wp = prec + 16 + (slong)(3 * R) + len;
  /* N: N >= 2(len-1), N >= 3R, and the tail small at working precision */
  long N = 2 * (len - 1);
  if (N < (long)ceil(3 * R)) N = (long)ceil(3 * R);
  if (N < n) N = n;
  for (;;) {
    long m1 = N + 1;
    if ((m1 - n) % 2) m1++;
    double worst = -1e300;
    for (long k = 0; k < len && k <= m1; k++) {
      double l = rb_log2_term(m1, n, k, log2R);
      if (l > worst) worst = l;
    }
    if (worst < -(double)(prec + 20) || N > 20000) break;
    N += 2;
  }
  long m1 = N + 1;
  if ((m1 - n) % 2) m1++;

  arb_poly_t P, Q;
  arb_poly_init(P);
  arb_poly_init(Q);
  arb_t b, t, u;
  arb_init(b);
  arb_init(t);
  arb_init(u);
  /* b_n = 1/(2^n n!), b_{m+2} = g b_m / (4 (j+1)(j+1+n)) */
  arb_one(b);
  if (n == 1) arb_mul_2exp_si(b, b, -1);
  for (long m = n, j = 0; m <= N; m += 2, j++) {
    arb_poly_set_coeff_arb(P, m, b);
    arb_div_ui(b, b, (ulong)(4 * (j + 1) * (j + 1 + n)), wp);
    if (g < 0) arb_neg(b, b);
  }
  /* here b = b_{m1} (m1 = the first m > N with m = n mod 2) */
  arb_poly_taylor_shift(Q, P, x, wp);
  arb_t Ra;
  arb_init(Ra);
  arf_set_mag(arb_midref(Ra), Rm);
  mag_zero(arb_radref(Ra));
  for (slong k = 0; k < len; k++) {
    arb_poly_get_coeff_arb(res + k, Q, k);
    /* E_k <= 2 |b_m1| C(m1,k) R^(m1-k) */
    arb_abs(t, b);
    arb_bin_uiui(u, (ulong)m1, (ulong)k, wp);
    arb_mul(t, t, u, wp);
    arb_pow_ui(u, Ra, (ulong)(m1 - k), wp);
    arb_mul(t, t, u, wp);
    arb_mul_2exp_si(t, t, 1);
    arb_add_error(res + k, t);
    arb_set_round(res + k, res + k, prec);
  }
  arb_clear(Ra);
  arb_clear(b);
  arb_clear(t);
  arb_clear(u);
  arb_poly_clear(P);
  arb_poly_clear(Q);
  mag_clear(Rm);
}

/* Crude enclosures valid for every real xi (header comment): |a_k| <= B/k!, B = 1 for
 * J_n, I_0(R) for I_n (indeterminate when R is infinite). */
static void rb_crude_taylor(arb_ptr res, const arb_t x, char kind, slong len, slong prec) {
  arb_t B, f;
  arb_init(B);
  arb_init(f);
  if (kind == 'J') {
    arb_one(B);
  } else {
    mag_t Rm;
    mag_init(Rm);
    arb_get_mag(Rm, x);
    if (mag_is_inf(Rm)) {
      arb_indeterminate(B);
    } else {
      arb_t Ra;
      arb_init(Ra);
      arf_set_mag(arb_midref(Ra), Rm);
      rb_bessel(B, 'I', 0, Ra, prec); /* I_0 increasing on [0, inf): I_0(R) bounds I_0(|xi|) */
      arb_clear(Ra);
    }
    mag_clear(Rm);
  }
  for (slong k = 0; k < len; k++) {
    arb_fac_ui(f, (ulong)k, prec);
    arb_div(f, B, f, prec);
    arb_zero(res + k);
    arb_add_error(res + k, f);
  }
  arb_clear(B);
  arb_clear(f);
}

/* I_n(|x|), n = 0 or 1, by its power series in ball arithmetic (for the I0 and I1
 * referees at small |x|, where it is several times faster than arb_hypgeom_bessel_i):
 *   I_n(|x|) = sum_j t_j,  t_0 = (|x|/2)^n,  t_{j+1} = t_j q / ((j+1)(j+1+n)),  q = x^2/4
 * (DLMF 10.25.2; n! = 1 for n <= 1). Every term is positive. Once (J+1)(J+1+n) >= 2q,
 * every later ratio t_{i+1}/t_i = q/((i+1)(i+1+n)) is <= 1/2, so the tail after t_J lies
 * in [0, t_J]: adding t_J to the radius of the partial sum (which contains t_0 + ... + t_J
 * by the inclusion property) encloses I_n(|x|). The loop stops at the first such J with
 * t_J below 2^-(prec+16) of the sum. x must be finite. */
void rb_i_series_ball(arb_t r, int n, const arb_t x, slong prec) {
  slong wp = prec + 16;
  arb_t q, t;
  mag_t tm, sm;
  arf_t u;
  arb_init(q);
  arb_init(t);
  mag_init(tm);
  mag_init(sm);
  arf_init(u);
  arb_abs(q, x);
  arb_mul_2exp_si(q, q, -1);
  if (n == 0) arb_one(t);
  else arb_set(t, q);
  arb_sqr(q, q, wp);
  arb_get_ubound_arf(u, q, 53);
  double q2 = 2 * arf_get_d(u, ARF_RND_UP); /* >= 2q */
  arb_set(r, t);
  for (ulong j = 0;; j++) {
    double d = (double)(j + 1) * (double)(j + 1 + n); /* exact below 2^53 */
    if (d >= q2) {
      arb_get_mag(tm, t);
      mag_mul_2exp_si(tm, tm, wp);
      arb_get_mag_lower(sm, r);
      if (mag_cmp(tm, sm) < 0) {
        arb_add_error(r, t); /* the tail, in [0, t_J] */
        break;
      }
    }
    arb_mul(t, t, q, wp);
    arb_div_ui(t, t, (ulong)d, wp);
    arb_add(r, r, t, wp);
  }
  arb_clear(q);
  arb_clear(t);
  mag_clear(tm);
  mag_clear(sm);
  arf_clear(u);
}

/* F_nu(c), nu = 0 or 1, F = J or Y, at an exact point c (radius 0, c > 0 for Y), from
 * MPFR, 2 to 10 times faster than Arb there (it steers the cost of the fast path's table
 * at large x). MPFR rounds every function correctly (its documented contract, which the
 * referees rely on too): mpfr_j0 (j1, y0, y1) at prec bits to nearest returns v with
 * |v - F(c)| <= ulp(v)/2, ulp(v) = 2^(EXP(v) - prec) (2^(EXP(v)-1) <= |v| < 2^EXP(v)),
 * so the ball v +- ulp(v) encloses F(c). The exponent range is widened to MPFR's
 * largest around the call (it is per thread: MPFR is built thread-safe) so that v is
 * neither an underflow nor an overflow; then F(c) != 0 (c != 0 is algebraic, F(c)
 * transcendental: Siegel) and v is a regular number. Returns 0, or -1 (I, a ball that
 * is not a point, c out of the domain, or a result that is not a regular number: the
 * caller uses Arb). */
static int rb_bessel_point_mpfr(arb_t r, char kind, int nu, const arb_t c, slong prec) {
  if (kind == 'I' || !mag_is_zero(arb_radref(c)) || !arf_is_finite(arb_midref(c)) || arf_is_zero(arb_midref(c)))
    return -1;
  if (kind == 'Y' && arf_sgn(arb_midref(c)) < 0) return -1;
  slong bits = arf_bits(arb_midref(c));
  if (bits > 4096) return -1;
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(mpfr_get_emin_min());
  mpfr_set_emax(mpfr_get_emax_max());
  mpfr_t X, V;
  mpfr_init2(X, bits < 2 ? 2 : (mpfr_prec_t)bits);
  mpfr_init2(V, (mpfr_prec_t)prec);
  arf_get_mpfr(X, arb_midref(c), MPFR_RNDN); /* exact: X has arf_bits(c) bits */
  if (kind == 'J') (nu ? mpfr_j1 : mpfr_j0)(V, X, MPFR_RNDN);
  else (nu ? mpfr_y1 : mpfr_y0)(V, X, MPFR_RNDN);
  int ok = mpfr_regular_p(V);
  if (ok) {
    arf_set_mpfr(arb_midref(r), V);
    mag_set_ui_2exp_si(arb_radref(r), 1, (slong)mpfr_get_exp(V) - prec);
  }
  mpfr_clear(X);
  mpfr_clear(V);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  return ok ? 0 : -1;
}

/* F_n(c), F_n'(c) into a[0], a[1] (c must exclude 0 for n = 1; MPFR at an exact point
 * for J and Y, rb_bessel_point_mpfr, else Arb at the ball c):
 *   J0' = -J1, J1' = J0 - J1/c, I0' = I1, I1' = I0 - I1/c, Y0' = -Y1, Y1' = Y0 - Y1/c
 * (DLMF 10.6.2, 10.29.2). */
static void rb_value_deriv(arb_ptr a, const arb_t c, char kind, int n, slong prec) {
  arb_t f0, f1;
  arb_init(f0);
  arb_init(f1);
  if (rb_bessel_point_mpfr(f0, kind, 0, c, prec) != 0) rb_bessel(f0, kind, 0, c, prec);
  if (rb_bessel_point_mpfr(f1, kind, 1, c, prec) != 0) rb_bessel(f1, kind, 1, c, prec);
  if (n == 0) {
    arb_set(a, f0);
    if (kind == 'I') arb_set(a + 1, f1);
    else arb_neg(a + 1, f1);
  } else {
    arb_set(a, f1);
    arb_div(a + 1, f1, c, prec);
    arb_sub(a + 1, f0, a + 1, prec);
  }
  arb_clear(f0);
  arb_clear(f1);
}

/* Enclosures of Y_n(xi) and Y_n'(xi) (n = 0, 1) for every xi in the ball x (x > 0) into
 * a[0], a[1], from Y0 and Y1 at one point lo, 0 < lo <= every xi: on (0, inf),
 *   E = Y0^2 + Y1^2  has  E' = 2 Y0 Y0' + 2 Y1 Y1' = -2 Y0 Y1 + 2 Y1 (Y0 - Y1/x) = -2 Y1^2/x <= 0
 * (Y0' = -Y1, Y1' = Y0 - Y1/x, DLMF 10.6.2), so E is non-increasing and |Y0(xi)|,
 * |Y1(xi)| <= S = sqrt(E(lo)) for every xi >= lo. Hence Y0(xi), Y1(xi) lie in [-S, S],
 * Y0'(xi) = -Y1(xi) in [-S, S], and Y1'(xi) = Y0(xi) - Y1(xi)/xi in [-S, S] - [-S, S]/x
 * (ball arithmetic over x). Crude (no better than the amplitude of Y), but cheap, and
 * enough for the Lagrange remainder of rb_series, which multiplies it by r^(L-k). */
static void rb_y_energy(arb_ptr a, const arb_t x, int n) {
  const slong p = 64;
  arb_t c, f0, f1, S;
  arf_t lo;
  mag_t Sm;
  arb_init(c);
  arb_init(f0);
  arb_init(f1);
  arb_init(S);
  arf_init(lo);
  mag_init(Sm);
  arb_get_lbound_arf(lo, x, 53); /* rounded down: at or below every xi, and > 0 (x > 0) */
  arb_set_arf(c, lo);            /* a point */
  if (rb_bessel_point_mpfr(f0, 'Y', 0, c, p) != 0) rb_bessel(f0, 'Y', 0, c, p);
  if (rb_bessel_point_mpfr(f1, 'Y', 1, c, p) != 0) rb_bessel(f1, 'Y', 1, c, p);
  arb_sqr(f0, f0, p);
  arb_sqr(f1, f1, p);
  arb_add(S, f0, f1, p);
  arb_sqrtpos(S, S, p);
  arb_get_mag(Sm, S); /* >= S */
  arb_zero(a);
  arb_add_error_mag(a, Sm); /* [-S, S]: Y_n(xi) */
  if (n == 0) {
    arb_set(a + 1, a); /* -Y1(xi) */
  } else {
    arb_div(S, a, x, p); /* Y1(xi)/xi */
    arb_sub(a + 1, a, S, p);
  }
  arb_clear(c);
  arb_clear(f0);
  arb_clear(f1);
  arb_clear(S);
  arf_clear(lo);
  mag_clear(Sm);
}

/* L = len + K for rb_series: K such that (L-k) log2(q) + log2 C(L,k) - log2 L! lies below
 * -(prec+10) for every k < len, with q = r (J, I) or r / (lower bound of x) (Y: its
 * coefficients grow like 1/x^k). In logarithms (r may lie outside the double range); only
 * steers the choice of L: any L > len is correct when r > 0, L = len only when r = 0.
 * lf[i] = log2(i!). */
static slong rb_series_order(const arb_t x, int is_y, slong len, slong prec) {
  slong L = len;
  if (!mag_is_zero(arb_radref(x))) {
    double lf[len + 65];
    lf[0] = 0;
    for (slong i = 1; i < len + 65; i++) lf[i] = lf[i - 1] + log2((double)i);
    double lq = mag_get_d_log2_approx(arb_radref(x));
    if (is_y) {
      arf_t lo;
      arf_init(lo);
      arb_get_lbound_arf(lo, x, 53);
      lq -= (double)(arf_abs_bound_lt_2exp_si(lo) - 1); /* lo >= 2^(that - 1) */
      arf_clear(lo);
    }
    for (L = len + 4; L < len + 64; L++) {
      double worst = -1e300;
      for (slong k = 0; k < len; k++) {
        double lc = lf[L] - lf[k] - lf[L - k];
        double l = (double)(L - k) * lq + lc - (is_y ? 0 : lf[L]);
        if (l > worst) worst = l;
      }
      if (worst < -(double)(prec + 10)) break;
    }
  }
  return L;
}

/* A encloses a_L(eta) for every eta in x (rb_series): (ODE) over the whole ball from
 * rb_y_energy's enclosures for Y_n, the crude bounds for J_n and I_n. */
static void rb_series_remainder(arb_t A, const arb_t x, char kind, int n, slong L, slong wp) {
  arb_ptr q = _arb_vec_init(L + 1);
  if (kind == 'Y') {
    rb_y_energy(q, x, n);
    rb_ode_taylor(q, x, n, 1, L + 1, wp);
  } else {
    rb_crude_taylor(q, x, kind, L + 1, wp);
  }
  arb_set(A, q + L);
  _arb_vec_clear(q, L + 1);
}

/* Taylor coefficients over a ball, as a Taylor model. Let m be the midpoint of x and r
 * its radius; every xi in x is m + d with |d| <= r. Taylor's theorem with Lagrange
 * remainder, applied to the real function a_k(.) = F^(k)(.)/k! (analytic on x), gives
 * for some eta between m and xi
 *   a_k(xi) = sum_{j=k}^{L-1} C(j,k) a_j(m) d^(j-k) + C(L,k) a_L(eta) d^(L-k)
 * (the (L-k)-th derivative of F^(k)/k! is F^(L)/k! = a_L L!/k!, divided by (L-k)!).
 * So with p_j enclosing a_j(m) (a point: tight), D = [-r, r] and A enclosing a_L(eta)
 * for every eta in x,
 *   res[k] = [coefficient k of P(D + h), P(h) = sum_{j<L} p_j h^j] + C(L,k) A D^(L-k)
 * contains a_k(xi) (inclusion property; the Taylor shift by the ball D encloses the sum
 * for every d in D). p_j: the power series at the point m for J_n, I_n with |m| <= 16,
 * else (ODE) at the point m from the point values F(m), F'(m) (rb_value_deriv: MPFR for
 * J and Y, Arb for I). A: |a_L| <= 1/L! for J_n, I_0(R)/L! for I_n (crude bounds above,
 * R >= |xi| on x); for Y_n, (ODE) run over the whole ball x from the enclosures of
 * Y_n, Y_n' over x given by rb_y_energy (wide, but A is multiplied by D^(L-k), tiny
 * when r is). L = len + K, K chosen so that the remainder is below 2^-(prec+10) in the
 * common case (it is included whatever its size). */
int rb_series(arb_ptr res, const arb_t x, char kind, int n, slong len, slong prec) {
  int is_y = kind == 'Y';
  if (len <= 0) return is_y && !(arb_is_finite(x) && arb_is_positive(x)) ? -1 : 0;
  if (is_y && (!arb_is_finite(x) || !arb_is_positive(x))) { /* a branch point at 0 */
    for (slong k = 0; k < len; k++) arb_indeterminate(res + k);
    return -1;
  }
  if (!is_y && (!arb_is_finite(x) || mag_cmp_2exp_si(arb_radref(x), 2) > 0)) { /* J, I, r > 4: crude */
    rb_crude_taylor(res, x, kind, len, prec);
    return 0;
  }
  /* A ball of radius r spreads every coefficient over about r times the next one: beyond
   * 128 bits more than -log2(r), a higher precision only narrows what the spread hides
   * (the table builder retries at 256 and 512 bits whenever the value's enclosure
   * contains 0, which near each zero of J or Y it always does). The precision is capped
   * there; this steers the cost only, every enclosure below holds at any precision. */
  if (!mag_is_zero(arb_radref(x))) {
    double lr = mag_get_d_log2_approx(arb_radref(x));
    slong cap = 128 + (lr < 0 ? (slong)(-lr) : 0);
    if (prec > cap) prec = cap;
  }
  slong wp = prec + 20;
  slong L = rb_series_order(x, is_y, len, prec);
  arb_ptr p = _arb_vec_init(L + 1);
  arb_t m, D, A, t, u;
  arb_init(m);
  arb_init(D);
  arb_init(A);
  arb_init(t);
  arb_init(u);
  arf_set(arb_midref(m), arb_midref(x)); /* the exact midpoint */
  mag_zero(arb_radref(m));
  arb_zero(D);
  mag_set(arb_radref(D), arb_radref(x));

  /* p_j = a_j(m), j < L */
  int small = arf_cmpabs_2exp_si(arb_midref(m), 4) <= 0; /* |m| <= 16 */
  if (!is_y && small) {
    rb_power_taylor(p, m, n, kind == 'J' ? -1 : 1, L, wp);
  } else {
    rb_value_deriv(p, m, kind, n, wp);
    rb_ode_taylor(p, m, n, kind == 'I' ? -1 : 1, L, wp);
  }
  if (L > len) rb_series_remainder(A, x, kind, n, L, wp); /* A encloses a_L(eta), eta in x */
  /* res[k] = coeff_k P(D + h) + C(L,k) A D^(L-k) */
  arb_poly_t P, Q;
  arb_poly_init(P);
  arb_poly_init(Q);
  for (slong j = 0; j < L; j++) arb_poly_set_coeff_arb(P, j, p + j);
  arb_poly_taylor_shift(Q, P, D, wp);
  for (slong k = 0; k < len; k++) {
    arb_poly_get_coeff_arb(res + k, Q, k);
    if (L > len) {
      arb_bin_uiui(t, (ulong)L, (ulong)k, wp);
      arb_mul(t, t, A, wp);
      arb_pow_ui(u, D, (ulong)(L - k), wp);
      arb_mul(t, t, u, wp);
      arb_add(res + k, res + k, t, wp);
    }
    arb_set_round(res + k, res + k, prec);
  }
  arb_poly_clear(P);
  arb_poly_clear(Q);
  _arb_vec_clear(p, L + 1);
  arb_clear(m);
  arb_clear(D);
  arb_clear(A);
  arb_clear(t);
  arb_clear(u);
  return 0;
}
