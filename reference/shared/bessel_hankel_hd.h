/* bessel_hankel_hd.h: J0, J1, Y0 and Y1 at large binary32 arguments, correctly rounded
 * to binary64 with MPFR's ternary value, for the host and the device (reference/host_device.h;
 * called from functions/{j0,j1,y0,y1}/shortcut.h).
 *
 * Contract.
 *   rb_hankel(ax, nu, want_y, &y, &t)    nu = 0 or 1; want_y = 0 (J_nu) or 1 (Y_nu)
 * returns 1 with y = RN53(f(x)) and t = sign(y - f(x)), f = J_nu or Y_nu and x > 0 the
 * binary32 number with bits ax: what MPFR gives (mpfr_j0, j1, y0, y1 at 53 bits, emin =
 * -1073, emax = 1024, mpfr_subnormalize: here |f(x)| > 2^-110, far in the normal range,
 * where that is plain binary64 round to nearest even); or returns 0 (undecided: ask
 * MPFR). Never 1 with another pair. Domain: 2^11 <= x < 2^128 (RB_HK_MIN_BITS); it returns
 * 0 elsewhere, where |G| below is under 2^-40 (x within about 2^-40 of a zero of f), and
 * where the rounding test fails (f(x) within about 2^-97 |f(x)/G| of a binary64 number or
 * midpoint). The tests (tests/ref/bessel_hankel.h) count the declines.
 *
 * Method. Hankel's expansion (DLMF 10.17.3, 10.17.4; P and Q as in A&S 9.2.5, 9.2.6):
 *   J_nu(x) = sqrt(2/(pi x)) (P cos w - Q sin w),  Y_nu(x) = sqrt(2/(pi x)) (P sin w + Q cos w),
 *   w = x - nu pi/2 - pi/4,
 *   P(nu, x) ~ sum_k (-1)^k a_2k(nu) x^-2k,  Q(nu, x) ~ sum_k (-1)^k a_(2k+1)(nu) x^-(2k+1),
 *   a_k(nu) = (4nu^2 - 1^2)(4nu^2 - 3^2) ... (4nu^2 - (2k-1)^2) / (k! 8^k)   (DLMF 10.17.1).
 * (H) The remainder (DLMF 10.17(iii), error bounds for real argument and order): for nu >= 0
 * and x > 0, the remainder after the terms k < l of the sum of P does not exceed the first
 * neglected term in absolute value (and has its sign) when l >= max(nu/2 - 1/4, 1); for the
 * sum of Q, when l >= max(nu/2 - 3/4, 1). Here nu <= 1 and l = 6 for both: with x >= 2^11,
 *   |P - P_5| <= |a_12(nu)| x^-12 <= 3303 2^-132 < 2^-120.3,
 *   |Q - Q_5| <= |a_13(nu)| x^-13 < 2^-128.7       (P_5, Q_5: the sums truncated),
 * (a_12, a_13 by exact rational arithmetic; the test recomputes them). The margin is wide:
 * a bound a thousand times the first neglected term would change nothing below.
 * Phase. trig_reduce (reference/trig_reduce.h, (R1)-(R6)) gives x = (4n + k) pi/2 + z_t
 * exactly, |z_t| <= pi/4 (to 2^-166), and trig_sincos_dd ((P1)-(P5) there) c ~ cos z_t,
 * s ~ sin z_t with relative errors rho_c <= 2^-100.58, rho_s <= 2^-100.53 (proved there).
 * With phi = z_t - pi/4, w = 2 pi n + (k - nu) pi/2 + phi, and cos phi = (c + s)/sqrt2,
 * sin phi = (s - c)/sqrt2. Y_nu is J_nu's formula at w - pi/2 (P cos(w - pi/2) - Q sin(w -
 * pi/2) = P sin w + Q cos w). So with q = (k - nu - want_y) mod 4, A = c + s, B = c - s
 * (both in [0, sqrt2]: |s| <= c on |z| <= pi/4), and sqrt2 (cos, sin) of q pi/2 + phi =
 *   q = 0: (A, -B);  1: (B, A);  2: (-A, B);  3: (-B, -A),
 * f(x) = sigma G / sqrt(pi x),  G = P U + varsigma Q V,
 *   (U, V, varsigma) = (A, B, +1) for q even, (B, A, -1) for q odd; sigma = -1 iff q >= 2.
 * With x = X 4^s (X in [1, 4), s = floor(e/2) for x in [2^e, 2^(e+1))): f(x) = sigma 2^-s
 * G (pi X)^(-1/2); G (pi X)^(-1/2) is computed, rounded by trig_round, then scaled by 2^-s
 * (exact: the result stays above 2^-110, normal) and signed (RN is symmetric).
 *
 * Error bounds (u = 2^-53; every operation through ref_add/mul/fma..., correctly rounded on
 * host and device, never contracted: host_device.h; eta = 2^-1075 terms are dropped below, they are
 * 2^-600 times smaller than anything kept; nothing here is near underflow or overflow:
 * 2^-256 < 1/x^2, and every quantity, rounding errors included, lies within [2^-330,
 * 2^10] or is 0).
 * (E1) v = 1/x: vh = RN(1/x); r = 1 - vh x exactly (fma; the remainder of a correctly
 *   rounded division is a binary64 number), |r| <= u; vl = RN(r vh). 1/x = vh + r/x and
 *   r/x = r vh/(1 - r), so |vh + vl - 1/x| <= u^2|vh|(1 + 2u) + u|r vh| <= 2.01 u^2/x.
 * (E2) W = v^2 as trig's (P1): th = RN(vh^2), te = RN(vh^2 - th) (fma), tl = RN(2vh vl +
 *   te) (fma): |W - x^-2| <= 9 u^2 x^-2 (2 x 2.01u^2 from v, u^2 for the dropped vl^2,
 *   u(|2vh vl| + |te|) <= 3u^2 for tl, plus second order).
 * (E3) The polynomials P_5(t) = sum_(i<=5) p_i t^i, Q_5 = v sum_(i<=5) q_i t^i (t = x^-2 <=
 *   2^-22), coefficients p_i = (-1)^i a_2i, q_i = (-1)^i a_(2i+1): all binary64 numbers
 *   (numerators below 2^51, powers of two below: exact; the test checks them against exact
 *   rationals). |p_0| = 1, |p_i| <= 121.6, |q_0| <= 3/8, |q_i| <= 604, |c_(i+1)/c_i| <= 2^5.
 *   trig_horner (trig_reduce.h (P2), (P3)) with degree 5, NDD = 3, lo_i = 0, at (th, tl):
 *   stage 1 (i = 5, 4, 3) D_3 <= 1.02 u |c_3| <= 2^-51.9 (|c_3| <= 2); the Fast2Sum condition
 *   |ph| <= |hi_i| holds as |ph| <= 2^5 2^-22 |c_i|(1 + 2^-40); each stage-2 step adds
 *   e0 + .. + e4 <= u^2 |c_i| (1.01) + 2^-20 u^2 |c_(i+1)| (e3 = 0: lo_i = 0; |se| <=
 *   u|sh|), and D' <= t D + ...: D_0 <= 2^-22 (2^-22 (2^-22 2^-51.9 + 1.1 u^2 2^3) + 1.1 u^2
 *   2^3) + 1.02 u^2 |c_0| < 1.1 u^2 |c_0| + 2^-117. The step from W to t: |P_5'| <= 0.2 on
 *   [0, 2^-22], 0.2 x 9 u^2 2^-22 < 2^-127. So |S_P - P| <= 1.1 u^2 + 2^-117 + 2^-120.3 + 2^-127
 *   <= 2^-105 (with (H)) and |S_Q - Q/v| <= 2^-106, S = h + l the Horner pairs, |l| <= 1.02 u|h|.
 *   Q = v S_Q by the product below: |Q_c - Q| <= |Q| 2^-100 + 2^-128.7 <= 2^-112, |Q| <=
 *   (3/8) 2^-11 (1 + 2^-20) < 2^-12.41.
 * (E4) Double-double product (ah + al)(bh + bl) -> (mh, ml): mh = RN(ah bh), me = RN(ah bh
 *   - mh) (fma, exact), t1 = RN(al bh + me) (fma), ml = RN(ah bl + t1) (fma). With |al| <=
 *   alpha|ah|, |bl| <= beta|bh|: |mh + ml - (ah + al)(bh + bl)| <= |al bl| + u|al bh + me| +
 *   u|ah bl + t1| <= (alpha beta + u(2 alpha + beta + 2u))(1 + 4u)|ah bh|, and |ml| <=
 *   (alpha + beta + u)(1 + 2u)|mh| (1 + u).
 * (E5) A, B: (a1, a2) = TwoSum(ch, +-sh); a3 = RN(cl +- sl); al = RN(a2 + a3); ah = a1.
 *   |cl| <= u, |sl| <= 0.71u (TwoSum-normalized, |ch| <= 1, |sh| <= 0.7072): rounding errors
 *   <= u(1.71u) + u(1.42u + 1.72u) <= 5.2u^2, |al| <= 3.43u. With the errors of c and s:
 *   |A_c - A| <= 2^-100.58 + 2^-100.53 0.7072 + 5.2u^2 <= 1.242 2^-100, the same for B.
 * (E6) G: M1 = P U and M2 = Q V by (E4) (absolute, with |P_c| <= 1 + 2^-25, |U_c| <= 1.4143,
 *   |ul| <= 3.43u, |pl| <= 1.02u): |M1 - P_c U_c| <= 12.7u^2; |M2 - Q_c V_c| <= 2^-114.
 *   Sum: (g1, g2) = TwoSum(m1h, +-m2h), g3 = RN(m1l +- m2l) (|m1l|, |m2l| together <=
 *   6.31u), g4 = RN(g2 + g3): errors <= 6.31u^2 + u(1.415u + 6.32u) <= 14.1u^2; (gh, gl) =
 *   TwoSum(g1, g4), exact, |gl| <= u|gh|. Altogether, against G of the true P, Q, A, B:
 *   E_G = |G_c - G| <= (1 + 2^-25) 1.242 2^-100 + 2^-12.41 1.242 2^-100 + 1.4143 (2^-105 +
 *   2^-112) + 12.7u^2 + 2^-114 + 14.1u^2 <= 1.76 2^-100 < 2^-98.
 * (E7) R = (pi X)^(-1/2), X in [1, 4) (24 bits: exact). r0 = RN(1/RN(sqrt X)) = X^(-1/2)(1 +
 *   d), |d| <= 2u/(1 - u); e = 1 - X r0^2 = -2d - d^2, |e| <= 4.0003u. Computed: sq + sqe =
 *   r0^2 (fma, exact), m + me = X sq (fma, exact), n = RN(X sqe) (error <= 2u^2), e1 = RN(1 -
 *   m) (exact, Sterbenz: m in [1/2, 2]), e2 = RN(me + n) (<= 3.01u^2), E = RN(e1 - e2) (<=
 *   4.0004u^2): |E - e| <= 9.02u^2. corr = RN(r0 RN(E/2)) (<= 2.0003u^2 r0; E/2 exact).
 *   X^(-1/2) = r0 (1 - e)^(-1/2) = r0 (1 + e/2 + R2), |R2| <= 0.3751 e^2 <= 6.003u^2: so
 *   |r0 + corr - X^(-1/2)| <= 12.53u^2 X^(-1/2) (r0 <= X^(-1/2)(1 + 2.0001u)). K = kh + kl =
 *   pi^(-1/2) within u^2 (the test checks it); Rc = (r0, corr) x (kh, kl) by (E4) (alpha <=
 *   2.001u, beta <= u: 9.01u^2): |Rc - R| <= 22.6u^2 R, |rl| <= 4.02u|rh|.
 * (E8) H = (gh, gl) x (rh, rl) by (E4) (alpha <= u, beta <= 4.02u: 12.1u^2), (vh, vl) =
 *   TwoSum(hh, hl). With 2^eg <= |gh| < 2^(eg+1), -40 <= eg <= 0 (|G_c| < 1.42; the code
 *   declines eg < -40): |G_c| >= 2^eg (1 - u), |G| >= |G_c| - E_G, and
 *   |V - G R| <= |V - G_c Rc| + |G_c||Rc - R| + E_G R, so the relative error of V is
 *   (|G| >= 2^eg (1 - u - 2^(-98-eg)) >= 2^eg (1 - 2^-52) as eg >= -40)
 *   rho <= (12.1 + 22.6)u^2 (1 + 2^-51) + 2^(-98-eg)(1 + 2^-51) <= 1.142 2^(-98-eg)
 *   (35u^2 <= 2^-100.8 <= 0.142 2^(-98-eg) as eg <= 0).
 * (T) trig_round(vh, vl, -97 - eg): it needs EPS = 2^(-97-eg) >= rho (1 + u)/(1 - rho),
 *   true as 1.142 (1 + u)/(1 - 2^-57) < 2 (rho < 2^-57 as eg >= -40); 2^-60 <= |vh| < 2^60
 *   as |vh| >= 2^-40 0.28.
 *   Its answer (Y, t) is then RN53(G R) and sign(Y - G R); y = sigma Y 2^-s, t = sigma t.
 * Exactness: J_nu(x) and Y_nu(x) are transcendental at algebraic x != 0 (Siegel, 1929), so
 * (T) always has a margin to find; the proof does not need it: (T) decides t only when
 * the error interval excludes Y.
 */
#ifndef ULPCERT_SHARED_BESSEL_HANKEL_HD_H
#define ULPCERT_SHARED_BESSEL_HANKEL_HD_H

#include <stdint.h>

#include "reference/host_device.h"
#include "reference/trig_reduce.h"

#define RB_HK_MIN_BITS 0x45000000u /* 2^11: the smallest x of the domain */
#define RB_HK_DEG 5                /* P_5, Q_5: six terms each */
#define RB_HK_NDD 3                /* the three lowest Horner steps in double-double */
#define RB_HK_EPS_LOG2 (-97)       /* (T): EPS = 2^(-97 - eg) */

/* pi^(-1/2) = RB_HK_K_HI + RB_HK_K_LO within 2^-108 (relative) */
#define RB_HK_K_HI 0x1.20dd750429b6dp-1
#define RB_HK_K_LO 0x1.1ae3a914fed80p-57

/* The coefficients (E3), exact: [nu][i] = (-1)^i a_2i(nu) (p) and (-1)^i a_(2i+1)(nu) (q). */
struct rb_hk_poly {
  double p[2][RB_HK_DEG + 1], q[2][RB_HK_DEG + 1];
};
#define RB_HK_POLY_INIT                                                                                           \
  {{{1.0, -0x1.2p-4, 0x1.cb6p-4, -0x1.251ee8p-1, 0x1.84bd1aa98p+2, -0x1.b8118d37ff7p+6},                          \
    {1.0, 0x1.ep-4, -0x1.275p-3, 0x1.5a6a58p-1, -0x1.b8920d268p+2, 0x1.e6643dc4a11p+6}},                          \
   {{-0x1p-3, 0x1.2cp-4, -0x1.d11ep-3, 0x1.ba4c598p+0, -0x1.8616a64f6cp+4, 0x1.13aafea4e5774p+9},                 \
    {0x1.8p-2, -0x1.a4p-4, 0x1.1c3dp-2, -0x1.fe58188p+0, 0x1.b3fb3258c4p+4, -0x1.2dec0ab499cbcp+9}}}

REF_HD double rb_hk_sqrt(double a) {
#if defined(__CUDA_ARCH__)
  return __dsqrt_rn(a);
#else
  return sqrt(a); /* correctly rounded (IEEE 754; C11 F.10.4.5) */
#endif
}

/* (E4): (mh, ml) ~ (ah + al)(bh + bl) */
REF_HD void rb_hk_mul(double ah, double al, double bh, double bl, double *mh, double *ml) {
  const double h = ref_mul(ah, bh);
  const double me = ref_fma(ah, bh, trig_neg(h));
  *ml = ref_fma(ah, bl, ref_fma(al, bh, me));
  *mh = h;
}

/* (E5) and (E6)'s sum: (a1, al) ~ (xh + xl) + (yh + yl), the high parts by TwoSum */
REF_HD void rb_hk_add(double xh, double xl, double yh, double yl, double *sh, double *sl) {
  double a1, a2;
  ref_two_sum(xh, yh, &a1, &a2);
  *sl = ref_add(a2, ref_add(xl, yl));
  *sh = a1;
}

/* (E7): (rh, rl) ~ (pi X)^(-1/2), 1 <= X < 4 */
REF_HD void rb_hk_rsqrt_pi(double X, double *rh, double *rl) {
  const double r0 = ref_div(1.0, rb_hk_sqrt(X));
  const double sq = ref_mul(r0, r0);
  const double sqe = ref_fma(r0, r0, trig_neg(sq));
  const double m = ref_mul(X, sq);
  const double me = ref_fma(X, sq, trig_neg(m));
  const double e2 = ref_add(me, ref_mul(X, sqe));
  const double e = ref_sub(ref_sub(1.0, m), e2);
  const double corr = ref_mul(r0, ref_mul(e, 0.5));
  rb_hk_mul(r0, corr, RB_HK_K_HI, RB_HK_K_LO, rh, rl);
}

/* (E1)-(E3): P ~ ph + pl, Q ~ qh + ql at x >= 2^11 */
REF_HD void rb_hk_pq(const struct rb_hk_poly *C, int nu, double x, double *ph, double *pl, double *qh,
                     double *ql) {
  const double zero[RB_HK_NDD] = {0.0, 0.0, 0.0};
  const double vh = ref_div(1.0, x);
  const double vl = ref_mul(ref_fma(trig_neg(vh), x, 1.0), vh);
  const double th = ref_mul(vh, vh);
  const double te = ref_fma(vh, vh, trig_neg(th));
  const double tl = ref_fma(ref_add(vh, vh), vl, te);
  trig_horner(C->p[nu], zero, RB_HK_DEG, RB_HK_NDD, th, tl, ph, pl);
  double sh, sl;
  trig_horner(C->q[nu], zero, RB_HK_DEG, RB_HK_NDD, th, tl, &sh, &sl);
  rb_hk_mul(vh, vl, sh, sl, qh, ql);
}

/* cos z_t ~ ch + cl and sin z_t ~ sh + sl (trig_reduce.h); 0 where trig_reduce declines */
REF_HD int rb_hk_phase(uint32_t ax, int *k, double *ch, double *cl, double *sh, double *sl) {
#if defined(__CUDA_ARCH__)
  const struct trig_poly T = TRIG_POLY_INIT;
#else
  static const struct trig_poly T = TRIG_POLY_INIT;
#endif
  struct trig_red rd;
  if (!trig_reduce(ax, &rd)) return 0;
  const double zh = rd.zh, zl = rd.zl;
  const double wh = ref_mul(zh, zh); /* (P1) */
  const double we = ref_fma(zh, zh, trig_neg(wh));
  const double wl = ref_fma(ref_add(zh, zh), zl, we);
  trig_sincos_dd(&T, 1, zh, zl, wh, wl, ch, cl);
  trig_sincos_dd(&T, 0, zh, zl, wh, wl, sh, sl);
  *k = rd.k;
  return 1;
}

/* G = P U + varsigma Q V (E6), normalized; q the quadrant of the phase */
REF_HD void rb_hk_g(const struct rb_hk_poly *C, uint32_t ax, int nu, int q, const double *cs, double *gh,
                    double *gl) {
  double ah, al, bh, bl, ph, pl, qh, ql, m1h, m1l, m2h, m2l, g1, g4;
  rb_hk_add(cs[0], cs[1], cs[2], cs[3], &ah, &al);                       /* A = c + s */
  rb_hk_add(cs[0], cs[1], trig_neg(cs[2]), trig_neg(cs[3]), &bh, &bl);   /* B = c - s */
  rb_hk_pq(C, nu, (double)u2f(ax), &ph, &pl, &qh, &ql);
  const int odd = q & 1;
  rb_hk_mul(ph, pl, odd ? bh : ah, odd ? bl : al, &m1h, &m1l);
  rb_hk_mul(qh, ql, odd ? ah : bh, odd ? al : bl, &m2h, &m2l);
  if (odd) {
    m2h = trig_neg(m2h);
    m2l = trig_neg(m2l);
  }
  rb_hk_add(m1h, m1l, m2h, m2l, &g1, &g4);
  ref_two_sum(g1, g4, gh, gl);
}

/* The whole computation, with the coefficients as a parameter (the tests perturb them). */
REF_HD int rb_hankel_p(const struct rb_hk_poly *C, uint32_t ax, int nu, int want_y, double *y, int *t) {
  if (ax < RB_HK_MIN_BITS || ax >= 0x7f800000u) return 0;
  int k;
  double cs[4];
  if (!rb_hk_phase(ax, &k, &cs[0], &cs[1], &cs[2], &cs[3])) return 0;
  const int q = (k - nu - want_y) & 3;
  double gh, gl;
  rb_hk_g(C, ax, nu, q, cs, &gh, &gl);
  const int eg = (int)((d2u(gh) >> 52) & 0x7ffu) - 1023; /* gh = 0: -1023 */
  if (eg < -40 || eg > 0) return 0;
  /* x = X 4^s, X in [1, 4) (E7) */
  const int e = (int)(ax >> 23) - 127, s = e >> 1;
  const double X = ref_mul((double)((ax & 0x7fffffu) | 0x800000u), trig_pow2(e - 2 * s - 23));
  double rh, rl, hh, hl, vh, vl;
  rb_hk_rsqrt_pi(X, &rh, &rl);
  rb_hk_mul(gh, gl, rh, rl, &hh, &hl); /* (E8) */
  ref_two_sum(hh, hl, &vh, &vl);
  double yy;
  int tt;
  if (!trig_round(vh, vl, RB_HK_EPS_LOG2 - eg, &yy, &tt)) return 0;
  yy = ref_mul(yy, trig_pow2(-s)); /* exact */
  if (q >= 2) {
    yy = trig_neg(yy);
    tt = -tt;
  }
  *y = yy;
  *t = tt;
  return 1;
}

/* The entry point (the contract above): the coefficients of (E3). */
REF_HD int rb_hankel(uint32_t ax, int nu, int want_y, double *y, int *t) {
#if defined(__CUDA_ARCH__)
  const struct rb_hk_poly C = RB_HK_POLY_INIT;
#else
  static const struct rb_hk_poly C = RB_HK_POLY_INIT;
#endif
  return rb_hankel_p(&C, ax, nu, want_y, y, t);
}

#endif
