/* ib_inv.h: inverses of monotone functions on balls by bracketing with the forward
 * function's enclosure (erfinv, erfcinv, normcdfinv), for the host and the device.
 *
 * The method (ib_inv_mono). G is continuous and strictly monotone on R (erf increasing,
 * erfc decreasing); the argument ball v lies inside G's range. A point y near G^-1(mid v)
 * is found by Newton's iteration on midpoints (a seed only: it sets where the result is
 * centred, never its radius); then the candidate [a, b] = [y - D, y + D] is PROVED with
 * G's own ball rules (ib_fn.h): for increasing G, if every point of the ball G(a) lies
 * below every point of v and every point of G(b) above, then for every point u of v,
 * G(a') < u < G(b') at every point a' of the ball a and b' of b, so the intermediate value
 * theorem and monotonicity put G^-1(u) in (a', b') within [a - rad a, b + rad b]; for
 * decreasing G the same with the comparisons turned. The result is y with radius D + rad a
 * + rad b. The comparisons are ball subtractions and ib_sign (every point's sign), so the
 * proof holds whatever the Newton steps and their binary64 seeds did. G(a) and G(b) are
 * first enclosed without evaluating G there, by the mean value theorem from Newton's last
 * evaluation (ib_inv_mvt: one exponential instead of two erf); where that does not prove
 * it, G is evaluated at a and b. Each is tried with D and 2^16 D; then the rule fails (1)
 * and more words may prove it.
 *
 * D (a guess: the proof decides): |G^-1(u) - y| <= |G(y) - u| / min |G'| near y, and
 * |G(y) - u| <= |G(y) - mid v| + rad G(y) + rad v; after Newton's steps have converged the
 * first term is negligible; 1/|G'(y)| = (sqrt pi / 2) e^(y^2) for erf and erfc. D is four
 * times that (G' varies by a factor e^(2|y| D) ~ 1 over [a, b], and G(a), G(b) carry radii
 * of their own), plus 2^-(64n - 2) |y|, the result's own precision.
 *
 * The three functions through it, each identity valid on its whole domain, chosen so that
 * the forward function keeps its relative accuracy where the value is decided:
 *   erfinv u = G^-1(u) with G = erf for |mid u| <= 1/2 (relative accuracy near 0, where
 *     erfinv u ~ (sqrt pi / 2) u: D is relative to |y|);
 *   erfinv u = sign(u) erfcinv(1 - |u|) otherwise (1 - |u| is formed exactly in balls for
 *     |u| >= 1/2, Sterbenz's lemma on the words; near 1, e.g. u = 1 - x, erfc is the
 *     accurate forward function: erf(a) < u <=> erfc(a) > 1 - u);
 *   erfcinv w = G^-1(w) with G = erfc for mid w < 1/2 (w down to 2^-(2^57): the tail,
 *     erfc(y) ~ e^(-y^2) / (y sqrt pi), ib_erfc_asym);
 *   erfcinv w = erfinv(1 - w) for 1/2 <= mid w <= 3/2; -erfcinv(2 - w) above (erfc(-y) =
 *     2 - erfc(y));
 *   normcdfinv p = -sqrt(2) erfcinv(2 p) (normcdf x = erfc(-x / sqrt 2) / 2), so the lower
 *     tail (p = 10^-30: 2p tiny) is the erfc tail.
 * Domain edges: an argument ball reaching the pole (erfinv at +-1, erfcinv at 0 or 2)
 * fails 1, one wholly at or beyond it fails 2 (the host gives +-inf or NaN; the program's
 * domain check, ib_prog.h, decides NaN first where the ball lies wholly outside). A
 * saturated small argument (0 < |u| <= 2^e, e <= -1): |erfinv u| < |u| (erfinv u / u
 * increases with |u| from sqrt(pi)/2 and is 0.954 < 1 at u = 1/2), so erfinv u is
 * saturated small with the same bound and sign; erfcinv of one is unbounded: fails 2.
 *
 * Trusted: includes only ib_fn.h. */
#ifndef ULPCERT_IB_INV_H
#define ULPCERT_IB_INV_H

#include "ib_fn.h"

/* the forward functions the bracketing knows: G, and the direction of its monotony */
#define IB_INV_ERF 0  /* erf: increasing */
#define IB_INV_ERFC 1 /* erfc: decreasing */

/* G(y). erfc at y > 1 outside ib_erfc_asym's region is 1 - erf y there, which cancels
 * about y^2 log2(e) bits: it runs at that many more words (up to IB_MAXL) */
IB_HDN void ib_inv_fwd(ib_ctx *c, ib *r, const ib *y, int g) {
  if (g == IB_INV_ERF) {
    ib_erf(c, r, y);
    return;
  }
  const double m = ib_mid_d(y);
  if (y->sat || m <= 1 || ib_erfc_asym_ok(c, y)) {
    ib_erfc(c, r, y);
    return;
  }
  ib_ctx w = ib_wider(c, (int)(m * m * 1.4426950408889634 / 64) + 1);
  ib_erfc(&w, r, y);
  ib_merge(c, &w);
  ib_round(c, r, r);
}
IB_HD int ib_inv_dir(int g) { return g == IB_INV_ERF ? 1 : -1; }
/* 1 / |G'(y)| = (sqrt pi / 2) e^(y^2) for erf and erfc */
IB_HDN void ib_inv_rderiv(ib_ctx *c, ib *r, const ib *y) {
  ib t, k;
  ib_mul(c, &t, y, y);
  ib_exp(c, &t, &t);
  ib_two_rsqrtpi(c, &k);
  ib_div(c, r, &t, &k);
}

/* G'(t) over the ball h: (2/sqrt pi) e^(-t^2), negated for erfc (an enclosure at every
 * point t of h: ball operations) */
IB_HDN void ib_inv_deriv(ib_ctx *c, ib *r, const ib *h, int g) {
  ib t, k;
  ib_mul(c, &t, h, h);
  ib_neg(&t, &t);
  ib_exp(c, &t, &t);
  ib_two_rsqrtpi(c, &k);
  ib_mul(c, r, &t, &k);
  if (ib_inv_dir(g) < 0) ib_neg(r, r);
}

/* The proof for [y - D, y + D] without evaluating G there, by the mean value theorem
 * from the last evaluation F0 = G(y0) (y0 exact): every point p of the ball a = y - D has
 * G(p) = G(y0) + (p - y0) G'(xi) with xi between y0 and p, so within R = the larger of
 * |a - y0|, |b - y0| (upper bounds) of y0: G(p) lies in F0 + (a - y0) G'(H), H the ball
 * (y0, R); the same for b. 1 and *rad (the radii of a and b) when the comparisons hold. */
IB_HDN int ib_inv_mvt(ib_ctx *w, const ib *v, int g, const ib *y0, const ib *F0, const ib *y, ib_mag D, ib_mag *rad) {
  ib Db, a, b, H, Dg;
  ib_set_u64_2exp(w, &Db, D.m, D.e, 0);
  ib_sub(w, &a, y, &Db);
  ib_add(w, &b, y, &Db);
  *rad = ibm_add(a.r, b.r);
  ib_sub(w, &a, &a, y0);
  ib_sub(w, &b, &b, y0);
  ib_copy(&H, y0);
  ib_mid(&H);
  ib_add_error(&H, ibm_add(ib_upper(&a), ib_upper(&b)));
  ib_inv_deriv(w, &Dg, &H, g);
  ib_mul(w, &a, &a, &Dg);
  ib_add(w, &a, F0, &a); /* G(a) */
  ib_mul(w, &b, &b, &Dg);
  ib_add(w, &b, F0, &b); /* G(b) */
  ib_sub(w, &a, v, &a);
  ib_sub(w, &b, &b, v);
  const int dir = ib_inv_dir(g);
  return !w->fail && ib_sign(&a) == dir && ib_sign(&b) == dir;
}

/* binary64 seeds (never part of a bound). Winitzki's closed form for erfinv, in terms of
 * l = log(1 - u^2) < 0 (relative error below 2e-3 on (-1, 1), a = 0.147):
 *   erfinv u ~ sign(u) sqrt(sqrt(t^2 - l / a) - t), t = 2 / (pi a) + l / 2. */
IB_HD double ib_winitzki(double l) {
  const double a = 0.147, t = 2 / (3.141592653589793 * a) + l / 2;
  return sqrt(sqrt(t * t - l / a) - t);
}
/* erfinv u for |u| < 1 (binary64): the closed form, then four Newton steps on erf */
IB_HD double ib_erfinv_seed(double u) {
  double y = ib_winitzki(log1p(-u * u));
  if (u < 0) y = -y;
  for (int i = 0; i < 4; i++) y -= (erf(y) - u) * 0.88622692545275801 * exp(y * y);
  return y;
}
/* erfcinv w for 0 < w < 1 from lw = log w (w may lie far below binary64's range): the
 * closed form and Newton steps on erfc where erfc(y) is a normal binary64 number (lw >
 * -600, y < 26), else Newton's iteration on the logarithm of the asymptotic form
 * log erfc y ~ -y^2 - log(y sqrt pi) + log(1 - 1/(2 y^2)). */
IB_HD double ib_erfcinv_seed(double lw) {
  if (lw > -600) {
    const double w = exp(lw);
    double y = ib_winitzki(lw + log(2 - w)); /* 1 - u^2 = w (2 - w), u = 1 - w */
    for (int i = 0; i < 5; i++) y += (erfc(y) - w) * 0.88622692545275801 * exp(y * y);
    return y;
  }
  double y = sqrt(-lw);
  for (int i = 0; i < 8; i++) {
    const double h = -y * y - log(y) - 0.57236494292470008 /* log sqrt pi */ + log1p(-0.5 / (y * y)) - lw;
    y += h / (2 * y + 1 / y);
  }
  return y;
}
/* log of a ball's midpoint (> 0), roughly: m = 0.d 2^e */
IB_HD double ib_mid_log(const ib *a) {
  return log(ldexp((double)(a->d[0] >> 11), -53)) + (double)a->e * 0.69314718055994531;
}

/* G^-1(v) by the bracketing above, from the seed y (a ball: its midpoint is used). The
 * work runs at N = n + 1 words (the forward function's radius and y's last bits then lie
 * far below the result's 64 n bits); the result is rounded to n words. */
IB_HDN void ib_inv_mono(ib_ctx *c, ib *r, const ib *v, int g, const ib *seed) {
  const int n = c->n, dir = ib_inv_dir(g);
  /* the result's relative width is about rad v / (|G'(y)| |y|) <= rad v e^(y^2) / |y| (the
   * seed's y): beyond 2^-20 no rounding can follow, more words first (fail 1) */
  const double ys = ib_mid_d(seed);
  if (v->r.m && !seed->zero && !seed->sat &&
      (double)(v->r.e + 32) + ys * ys * 1.4426950408889634 - (double)(seed->e - 1) > -20) {
    ib_fail(c, 1);
    ib_zero(r);
    return;
  }
  ib_ctx wc = ib_wider(c, 1);
  const int N = wc.n;
  ib y, F, t, k, vm, y0, F0;
  ib_copy(&y, seed);
  ib_mid(&y);
  ib_copy(&vm, v);
  ib_mid(&vm);
  /* Newton's steps y -= (G(y) - v) / G'(y) at the words the bits need: after a step of
   * 2^-s |y|, about 2 s - log2(y^2 + 1) - 4 bits are right (the quadratic term G''/2G' ~
   * y for erf and erfc), at most 64 wn - 8 at wn words; the seed is taken as 40 bits */
  int bits = 40;
  ib_mag radF = {0, 0}, last = {0, 0};
  const int curv = (int)(2 * log2(fabs(ib_mid_d(&y)) + 1)) + 4;
  for (int it = 0; it < 16 && bits < 64 * n + 16; it++) {
    int wn = bits * 2 / 64 + 1;
    if (wn > N) wn = N;
    ib_ctx w = {wn, 0};
    ib_round(&w, &y, &y);
    ib_mid(&y);
    ib_inv_fwd(&w, &F, &y, g);
    ib_copy(&y0, &y);
    ib_copy(&F0, &F);
    radF = F.r;
    ib_mid(&F);
    ib_sub(&w, &t, &F, &vm);
    ib_inv_rderiv(&w, &k, &y);
    ib_mid(&k);
    ib_mul(&w, &t, &t, &k); /* the step (G(y) - v) / |G'(y)|: down for erf, up for erfc */
    if (dir > 0) ib_sub(&w, &y, &y, &t);
    else ib_add(&w, &y, &y, &t);
    ib_mid(&y);
    last = ib_upper(&t);
    if (w.fail || t.sat || y.sat) {
      ib_merge(c, &w);
      break;
    }
    int nb = 64 * wn - 8;
    if (!t.zero && !y.zero) {
      const int64_t s2 = 2 * (y.e - t.e) - curv;
      if (s2 < nb) nb = s2 < 0 ? 0 : (int)s2;
    }
    if (nb <= bits && wn == N) break; /* no progress at the full words */
    bits = nb > bits ? nb : bits + 1;
  }
  ib_round(&wc, &y, &y);
  ib_mid(&y);
  /* D = 4 (rad G(y) + rad v) / |G'(y)| + 2^-(64n - 2) |y|, and 4 times the last step
   * where the steps stopped short of 64 n + 16 bits (a seed's guess: the proof below
   * decides) */
  ib_inv_rderiv(&wc, &k, &y);
  ib_mag D = ibm_mul(ibm_mul(ibm_add(radF, v->r), ib_upper(&k)), ibm_pow2(2));
  if (bits < 64 * n + 16) D = ibm_add(D, ibm_mul(last, ibm_pow2(2)));
  if (!y.zero) D = ibm_add(D, ibm_pow2(y.e - 64 * (int64_t)n + 2));
  if (c->fail || wc.fail || !D.m) { /* D = 0: y = 0 exactly, no radius (v = 0 exactly) */
    ib_merge(c, &wc);
    if (!c->fail) ib_round(c, r, &y);
    else ib_zero(r);
    return;
  }
  ib_mag rad;
  for (int attempt = 0; attempt < 2; attempt++) /* cheap: from the last evaluation */
    if (radF.m && ib_inv_mvt(&wc, v, g, &y0, &F0, &y, attempt ? ibm_mul(D, ibm_pow2(16)) : D, &rad)) {
      ib_round(c, r, &y);
      ib_add_error(r, ibm_add(attempt ? ibm_mul(D, ibm_pow2(16)) : D, rad));
      return;
    }
  wc.fail = 0;
  for (int attempt = 0; attempt < 2; attempt++, D.e += 16) { /* G at a and b */
    ib Db, a, b, Ga, Gb;
    ib_set_u64_2exp(&wc, &Db, D.m, D.e, 0);
    ib_sub(&wc, &a, &y, &Db);
    ib_add(&wc, &b, &y, &Db);
    ib_inv_fwd(&wc, &Ga, &a, g);
    ib_inv_fwd(&wc, &Gb, &b, g);
    ib_sub(&wc, &Ga, v, &Ga); /* v - G(a): > 0 at every point for increasing G */
    ib_sub(&wc, &Gb, &Gb, v); /* G(b) - v */
    if (wc.fail) break;
    if (ib_sign(&Ga) == dir && ib_sign(&Gb) == dir) {
      ib_round(c, r, &y);
      ib_add_error(r, ibm_add(D, ibm_add(a.r, b.r)));
      return;
    }
  }
  ib_merge(c, &wc);
  ib_fail(c, 1);
  ib_zero(r);
}

/* 0 < every point of w < 2 (1), else fail: 2 where the ball lies wholly at or beyond an
 * end, 1 where it reaches one */
IB_HDN int ib_inv_in02(ib_ctx *c, const ib *w) {
  ib two, d;
  ib_ctx k = {c->n, 0};
  ib_set_si(&k, &two, 2);
  ib_sub(&k, &d, &two, w);
  const int lo = ib_sign(w), hi = k.fail ? 0 : ib_sign(&d);
  if (lo > 0 && hi > 0) return 1;
  ib_fail(c, lo < 0 || hi < 0 || ib_exact0(w) || ib_exact0(&d) ? 2 : 1);
  return 0;
}

/* erfcinv w = G^-1(w), G = erfc, for mid w < 1/2 (the tail) */
IB_HDN void ib_erfcinv_tail(ib_ctx *c, ib *r, const ib *w) {
  ib s;
  ib_set_d(c, &s, ib_erfcinv_seed(ib_mid_log(w)));
  ib_inv_mono(c, r, w, IB_INV_ERFC, &s);
}

/* erfinv u (ib_inv.h's top: the identities and the domain) */
IB_HDN void ib_erfinv(ib_ctx *c, ib *r, const ib *u) {
  if (u->sat) {
    if (u->sat < 0 && u->e <= -1) ib_set_sat(r, -1, u->e, u->neg);
    else ib_sat_fail(c, r, 2);
    return;
  }
  if (u->zero && !u->r.m) {
    ib_zero(r);
    return;
  }
  const double m = ib_mid_d(u);
  ib one, w, s;
  ib_set_si(c, &one, 1);
  if (fabs(m) <= 0.5) {
    ib_add(c, &w, &one, u); /* 1 + u > 0 and 1 - u > 0 at every point (|u| < 1) */
    if (!ib_inv_in02(c, &w)) {
      ib_zero(r);
      return;
    }
    if (fabs(m) < 0x1p-20) { /* erfinv u ~ (sqrt pi / 2) u: the seed's product in balls */
      ib_set_d(c, &s, 0.88622692545275801);
      ib_copy(&w, u);
      ib_mid(&w);
      ib_mul(c, &s, &s, &w);
    } else ib_set_d(c, &s, ib_erfinv_seed(m));
    ib_inv_mono(c, r, u, IB_INV_ERF, &s);
    return;
  }
  const int sg = ib_sign(u);
  if (!sg) { /* |mid u| > 1/2 and u reaches 0: a radius beyond 1/2 */
    ib_fail(c, 1);
    ib_zero(r);
    return;
  }
  ib_abs(&w, u);
  ib_sub(c, &w, &one, &w); /* 1 - |u| */
  if (!ib_inv_in02(c, &w)) {
    ib_zero(r);
    return;
  }
  ib_erfcinv_tail(c, r, &w);
  if (sg < 0) ib_neg(r, r);
}

/* erfcinv w (ib_inv.h's top) */
IB_HDN void ib_erfcinv(ib_ctx *c, ib *r, const ib *w) {
  if (w->sat) { /* 0 < w <= 2^e: erfcinv w unbounded above; w >= 2^e: outside */
    ib_sat_fail(c, r, 2);
    return;
  }
  if (!ib_inv_in02(c, w)) {
    ib_zero(r);
    return;
  }
  const double m = ib_mid_d(w);
  ib t, k;
  ib_set_si(c, &k, m > 1.5 ? 2 : 1);
  if (m < 0.5) ib_erfcinv_tail(c, r, w);
  else if (m > 1.5) {
    ib_sub(c, &t, &k, w); /* 2 - w */
    ib_erfcinv_tail(c, r, &t);
    ib_neg(r, r);
  } else {
    ib_sub(c, &t, &k, w); /* 1 - w */
    ib_erfinv(c, r, &t);
  }
}

/* normcdfinv p = -sqrt(2) erfcinv(2 p) */
IB_HDN void ib_normcdfinv(ib_ctx *c, ib *r, const ib *p) {
  ib t, s;
  ib_mul_2exp(c, &t, p, 1);
  ib_erfcinv(c, &t, &t);
  ib_set_si(c, &s, 2);
  ib_sqrt(c, &s, &s);
  ib_mul(c, r, &t, &s);
  ib_neg(r, r);
}

#endif
