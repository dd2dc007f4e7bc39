/* ib_fn.h: the elementary functions on balls (ib.h), for the host and the device.
 *
 * Each function reduces its argument with exact or ball operations, sums a power series
 * whose remainder is bounded in the comment beside it and added to the radius, and
 * undoes the reduction with ball operations. Ball arithmetic is inclusion-isotone, so
 * each result encloses f(x) for every x of the argument's ball; the only proofs to
 * check are the identities and the remainder bounds written here. Seeds of Newton
 * iterations come from binary64 (libm or the device's functions); they only set where
 * the ball is centred, never its radius.
 *
 * Trusted: includes only ib.h and ib_const.h. */
#ifndef ULPCERT_IB_FN_H
#define ULPCERT_IB_FN_H

#include "ib.h"
#include "ib_const.h"

/* a constant of the table (value = 0.D 2^E - delta, 0 <= delta < 2^(E - 1280)) at n
 * words: the truncation of ib_set_words and delta both go to the radius */
IB_HDN void ib_const_words(ib_ctx *c, ib *r, const uint64_t *D, int64_t E) {
  uint64_t X[IB_MAXL];
  for (int i = 0; i < IB_MAXL; i++) X[i] = D[i];
  ib_set_words(c, r, X, IB_MAXL, E, 0, ibm_pow2(E - 64 * IB_MAXL));
  /* the midpoint is the truncation, below the value: centre the ball on it */
}
IB_HD void ib_pi(ib_ctx *c, ib *r) { ib_const_words(c, r, IB_PI_D, IB_PI_E); }
IB_HD void ib_ln2(ib_ctx *c, ib *r) { ib_const_words(c, r, IB_LN2_D, IB_LN2_E); }

/* a binary64 number <= every |x| of the ball (0 when it may reach 0) */
IB_HD double ib_lower_d(const ib *x) {
  const ib_mag lo = ib_lower(x);
  if (!lo.m) return 0;
  return ldexp((double)lo.m, (int)(lo.e < -2000 ? -2000 : lo.e > 2000 ? 2000 : lo.e)); /* exact or 0 or inf */
}

/* x as a saturated big value (|x| >= 2^k, of x's sign) when |x| may exceed 2^57 and its
 * ball excludes 0: 1 and *big set; else 0. For functions that grow like e^|x|. */
IB_HD int ib_as_big(const ib *x, ib *big) {
  int64_t k;
  if (x->sat > 0) {
    ib_copy(big, x);
    return 1;
  }
  if (x->sat || ibm_ceil_log2(ib_upper(x)) <= 57 || !ib_llog2(x, &k)) return 0;
  ib_set_sat(big, 1, k, x->neg);
  return 1;
}

/* a context of more words (reductions), capped at IB_MAXL; its failures are merged back */
IB_HD ib_ctx ib_wider(const ib_ctx *c, int extra) {
  ib_ctx w = {c->n + extra < IB_MAXL ? c->n + extra : IB_MAXL, 0};
  return w;
}
IB_HD void ib_merge(ib_ctx *c, const ib_ctx *w) { ib_fail(c, w->fail); }

/* A series' stopping test: the tail bound tail is below 2^-(64 n + 8) times the sum's
 * magnitude (>= 2^(e - 1) for a non-zero midpoint), or the sum is exactly 0. */
IB_HD int ib_tail_small(const ib_ctx *c, const ib *sum, ib_mag tail) {
  if (!tail.m) return 1;
  if (sum->zero) return 0;
  return ibm_le_pow2(tail, sum->e - 64 * (int64_t)c->n - 8);
}

/* expm1(x) for |x| <= 2^4 (else fail 1). With u = x / 2^s, |u| <= 2^-S:
 *   E(u) = sum_{j>=1} u^j / j!; after the term T_j, the tail is at most
 *   |T_j| (U/(j+1)) / (1 - U/(j+1)) <= 2 |T_j| U / (j+1), U = max |u| <= 2^-S <= 1/2;
 * then s doublings E(2v) = E(v) (E(v) + 2) (e^2v - 1 = (e^v - 1)(e^v + 1)), whose
 * relative error does not grow beyond the rounding of each step (d(E^2 + 2E)/dE =
 * 2(E + 1), against (E^2 + 2E)/E = E + 2). */
IB_HDN void ib_expm1_small(ib_ctx *c, ib *r, const ib *x) {
  const int64_t ux = ibm_ceil_log2(ib_upper(x));
  if (ux > 4) {
    ib_fail(c, 1);
    ib_zero(r);
    r->r = ibm_pow2(IB_EMAX);
    return;
  }
  const int S = 8 + 2 * c->n;
  const int s = ux + S > 0 ? (int)(ux + S) : 0;
  ib u, sum, term, two;
  ib_mul_2exp(c, &u, x, -s);
  const ib_mag U = ib_upper(&u);
  ib_round(c, &sum, &u);
  ib_copy(&term, &sum);
  for (uint32_t j = 2;; j++) {
    ib_mul(c, &term, &term, &u);
    ib_div_ui(c, &term, &term, j);
    ib_add(c, &sum, &sum, &term);
    const ib_mag tail = ibm_div(ibm_mul(ibm_mul(ib_upper(&term), U), ibm_pow2(1)), ibm_make(j + 1, 0));
    if (ib_tail_small(c, &sum, tail) || j > 2000) {
      ib_add_error(&sum, tail);
      if (j > 2000) ib_fail(c, 1);
      break;
    }
  }
  ib_set_si(c, &two, 2);
  for (int i = 0; i < s; i++) {
    ib_add(c, &term, &sum, &two);
    ib_mul(c, &sum, &sum, &term);
  }
  ib_copy(r, &sum);
}

/* exp(x) = 2^k (1 + expm1(x - k log 2)), k the nearest integer to x / log 2 (from a
 * binary64 seed: any k would do, the reduction is a ball operation); k log 2 at n + 2
 * words, as |k| < 2^52 costs at most 52 bits of the reduced argument's precision.
 * |x| > 2^50 saturates: e^|x| >= 2^(2^50) and e^-|x| <= 2^-(2^50), far beyond any
 * binary64 (an exact exponent there, up to 2^57.5, left the sums that follow, e^x -
 * e^-x, with exponent gaps past IB_EMAX: (exp(x)-exp(-x))/2 over [2^56, 2^57) went to
 * the host). */
IB_HDN void ib_exp(ib_ctx *c, ib *r, const ib *x) {
  if (x->sat < 0) { /* |x| <= 2^e <= 1/2: |e^x - 1| <= |x| e^|x| <= 2 |x| */
    if (x->e > -1) ib_sat_fail(c, r, 2);
    else { /* and e^x - 1 has x's sign: the side */
      const int64_t e = x->e;
      const int s = x->neg ? -1 : 1;
      ib_set_si(c, r, 1);
      ib_set_side(r, s, ibm_pow2(e + 1));
    }
    return;
  }
  if (x->zero && !x->r.m) {
    ib_set_si(c, r, 1);
    return;
  }
  int64_t k2;
  if (x->sat > 0 || ibm_ceil_log2(ib_upper(x)) > 50) {
    /* |x| >= 2^k (k >= 0): e^|x| >= 2^|x| >= 2^(2^k) and e^-|x| <= 2^(-2^k) */
    if (!ib_llog2(x, &k2) || k2 < 0 || !ib_sign(x)) {
      ib_sat_fail(c, r, 2);
      return;
    }
    const int64_t b = (int64_t)1 << (k2 < 60 ? k2 : 60);
    ib_set_sat(r, x->neg ? -1 : 1, x->neg ? -b : b, 0);
    return;
  }
  const double xm = ib_mid_d(x);
  const int64_t k = (int64_t)llrint(xm * 1.4426950408889634);
  ib t, one;
  if (k) {
    ib_ctx w = ib_wider(c, 2);
    ib l, kk;
    ib_ln2(&w, &l);
    ib_set_si(&w, &kk, k);
    ib_mul(&w, &l, &l, &kk);
    ib_sub(&w, &t, x, &l);
    ib_merge(c, &w);
  } else {
    ib_copy(&t, x);
  }
  ib_expm1_small(c, &t, &t);
  ib_set_si(c, &one, 1);
  ib_add(c, &t, &t, &one);
  ib_mul_2exp(c, r, &t, k);
}

/* expm1(x): the series for |x| <= 1/2, else exp(x) - 1 (no cancellation: |exp(x) - 1|
 * >= 1 - e^(-1/2) > 1/3 there) */
IB_HDN void ib_expm1(ib_ctx *c, ib *r, const ib *x) {
  if (x->sat < 0) { /* |x| <= 2^e <= 1/2: |expm1 x| <= 2 |x|, of x's sign */
    if (x->e > -1) ib_sat_fail(c, r, 2);
    else ib_set_sat(r, -1, x->e + 1, x->neg);
    return;
  }
  if (!x->sat && ibm_le_pow2(ib_upper(x), -1)) {
    ib_expm1_small(c, r, x);
    return;
  }
  ib one;
  ib_exp(c, r, x);
  ib_set_si(c, &one, 1);
  ib_sub(c, r, r, &one);
}

/* log(1 + w) for |w| <= 1/2 as w plus an error: |log(1 + w) - w| = |sum_{j>=2}
 * (-w)^j / j| <= (w^2/2) / (1 - |w|) <= w^2. */
IB_HDN void ib_log1p_tiny(ib_ctx *c, ib *r, const ib *y, const ib *w) {
  const ib_mag W = ib_upper(w);
  if (!ibm_le_pow2(W, -1)) {
    ib_fail(c, 1);
    ib_zero(r);
    r->r = ibm_pow2(IB_EMAX);
    return;
  }
  ib_add(c, r, y, w);
  ib_add_error(r, ibm_mul(W, W));
}

/* log1p(x) for |x| <= 1/2: y ~ log1p(x) by Newton's iteration y += (1 + x) e^-y - 1 on
 * midpoints, the precision doubling from a binary64 seed; then log1p(x) = y +
 * log1p(w) with w = (1 + x) e^-y - 1 = x e^-y + expm1(-y) (no 1 + x is formed: x may
 * lie far below 1's last word), enclosed as a ball, and ib_log1p_tiny. */
IB_HDN void ib_log1p_small(ib_ctx *c, ib *r, const ib *x) {
  ib y, w, em, ex, one, xm;
  ib_set_d(c, &y, log1p(ib_mid_d(x)));
  ib_copy(&xm, x);
  ib_mid(&xm);
  ib_set_si(c, &one, 1);
  for (int bits = 40; bits < 64 * c->n + 16; bits *= 2) {
    ib_ctx p = {(2 * bits) / 64 + 1 < c->n ? (2 * bits) / 64 + 1 : c->n, 0};
    ib_neg(&w, &y);
    ib_expm1(&p, &em, &w);
    ib_add(&p, &ex, &em, &one);
    ib_mul(&p, &w, &xm, &ex);
    ib_add(&p, &w, &w, &em);
    ib_mid(&w);
    ib_add(&p, &y, &y, &w);
    ib_mid(&y);
  }
  ib_neg(&w, &y);
  ib_expm1(c, &em, &w);
  ib_add(c, &ex, &em, &one);
  ib_mul(c, &w, x, &ex);
  ib_add(c, &w, &w, &em);
  ib_log1p_tiny(c, r, &y, &w);
}

/* log(x) for x > 0 (a ball reaching 0 fails 1, one wholly <= 0 fails 2): x = 2^k v with
 * v in [1/sqrt 2, sqrt 2) (exact), log x = k log 2 + log1p(v - 1); v - 1 is exact (v
 * and 1 lie within a binade of each other: ib_add_sub keeps n + 1 words), |v - 1| <
 * 0.42 (the radius aside). */
IB_HDN void ib_log(ib_ctx *c, ib *r, const ib *x) {
  if (x->sat) { /* no bound on one side */
    ib_sat_fail(c, r, 2);
    return;
  }
  if (x->side && !x->neg && x->e == 1 && x->d[0] == 1ull << 63 && ibm_le_pow2(x->r, -2)) {
    /* x = 1 + d, 0 < |d| <= r <= 1/4 of sign s: log x has sign s and |log x| <= 2 |d| */
    int one = 1;
    for (int i = 1; i < x->l; i++) one &= x->d[i] == 0;
    if (one) {
      ib_set_sat(r, -1, ibm_ceil_log2(x->r) + 1, x->side < 0);
      return;
    }
  }
  const int sg = ib_sign(x);
  if (sg <= 0) {
    ib_fail(c, sg < 0 || (x->zero && !x->r.m) ? 2 : 1);
    ib_zero(r);
    r->r = ibm_pow2(IB_EMAX);
    return;
  }
  const int64_t k = x->d[0] < 0xb504f333f9de6484ull ? x->e - 1 : x->e; /* 0xb504... = 2^64/sqrt 2 */
  ib v, one;
  ib_mul_2exp(c, &v, x, -k);
  ib_set_si(c, &one, 1);
  ib_sub(c, &v, &v, &one);
  if (!ibm_le_pow2(ib_upper(&v), -1)) {
    ib_fail(c, 1);
    ib_zero(r);
    r->r = ibm_pow2(IB_EMAX);
    return;
  }
  ib_log1p_small(c, r, &v);
  if (k) {
    ib_ctx w = ib_wider(c, 1);
    ib l, kk;
    ib_ln2(&w, &l);
    ib_set_si(&w, &kk, k);
    ib_mul(&w, &l, &l, &kk);
    ib_merge(c, &w);
    ib_add(c, r, r, &l);
  }
}

/* log b for the base b = 2 or 10 (ten) of exp2, exp10, log2, log10 */
IB_HDN void ib_log_base(ib_ctx *c, ib *r, int ten) {
  if (!ten) {
    ib_ln2(c, r);
    return;
  }
  ib_set_si(c, r, 10);
  ib_log(c, r, r);
}
/* x log b at one word more (the argument of e^(x log b) = b^x) */
IB_HDN void ib_mul_log_base(ib_ctx *c, ib *r, const ib *x, int ten) {
  ib_ctx w = ib_wider(c, 1);
  ib t;
  ib_log_base(&w, &t, ten);
  ib_mul(&w, r, &t, x);
  ib_merge(c, &w);
}

/* log1p(x): the series' route for |x| <= 1/2, else log(1 + x) (1 + x >= 1/2 there, or
 * 1 + x < 1/2 where the sum loses nothing: |x| >= 1/2) */
IB_HDN void ib_log1p(ib_ctx *c, ib *r, const ib *x) {
  if (x->sat < 0) { /* |x| <= 2^e <= 1/2: |log1p x| <= 2 |x|, of x's sign */
    if (x->e > -1) ib_sat_fail(c, r, 2);
    else ib_set_sat(r, -1, x->e + 1, x->neg);
    return;
  }
  if (!x->sat && ibm_le_pow2(ib_upper(x), -1)) {
    ib_log1p_small(c, r, x);
    return;
  }
  ib one, t;
  ib_set_si(c, &one, 1);
  ib_add(c, &t, x, &one);
  ib_log(c, r, &t);
}

/* sin and vers = 1 - cos of a reduced argument t (|t| <= 2^3), with u = t / 2^s,
 * |u| <= U = 2^-S:
 *   sin u = sum_{j>=0} (-1)^j u^(2j+1)/(2j+1)!, vers u = sum_{j>=1} (-1)^(j+1) u^(2j)/(2j)!;
 * both alternate with terms decreasing from the first (U < 1), so after the term T_j the
 * tail is at most |T_{j+1}| <= |T_j| U^2 (bounded by twice that here). Then s doublings:
 * sin 2v = 2 sin v (1 - vers v), vers 2v = 2 sin^2 v; no step cancels. */
IB_HDN void ib_sinvers_small(ib_ctx *c, ib *S, ib *V, const ib *t) {
  const int64_t ut = ibm_ceil_log2(ib_upper(t));
  if (ut > 4) { /* |t| may exceed 16: a reduction that could not bring the argument near 0 (a
                 * ball wider than pi). sin t in [-1, 1], vers t in [0, 2] for every real t: the
                 * balls 0 +- 1 and 1 +- 1, enclosures at any precision (more words narrow the
                 * reduced argument). The doublings below would square a radius above 1 up to
                 * ut + 22 times: its exponent doubling each time, beyond int64_t. */
    ib_set_tiny(S, 0);
    ib_set_si(c, V, 1);
    ib_add_error(V, ibm_pow2(0));
    return;
  }
  const int SS = 6 + c->n;
  const int s = ut + SS > 0 ? (int)(ut + SS) : 0;
  ib u, u2, term, one;
  ib_mul_2exp(c, &u, t, -s);
  ib_mul(c, &u2, &u, &u);
  const ib_mag U2 = ibm_mul(ib_upper(&u2), ibm_pow2(1));
  ib_round(c, S, &u);
  ib_copy(&term, S);
  for (uint32_t j = 1;; j++) {
    ib_mul(c, &term, &term, &u2);
    ib_div_ui(c, &term, &term, (2 * j) * (2 * j + 1));
    ib_neg(&term, &term);
    ib_add(c, S, S, &term);
    const ib_mag tail = ibm_mul(ib_upper(&term), U2);
    if (ib_tail_small(c, S, tail) || j > 1000) {
      ib_add_error(S, tail);
      if (j > 1000) ib_fail(c, 1);
      break;
    }
  }
  ib_mul_2exp(c, V, &u2, -1);
  ib_copy(&term, V);
  for (uint32_t j = 2;; j++) {
    ib_mul(c, &term, &term, &u2);
    ib_div_ui(c, &term, &term, (2 * j - 1) * (2 * j));
    ib_neg(&term, &term);
    ib_add(c, V, V, &term);
    const ib_mag tail = ibm_mul(ib_upper(&term), U2);
    if (ib_tail_small(c, V, tail) || j > 1000) {
      ib_add_error(V, tail);
      if (j > 1000) ib_fail(c, 1);
      break;
    }
  }
  ib_set_si(c, &one, 1);
  for (int i = 0; i < s; i++) {
    ib_sub(c, &term, &one, V);
    ib_mul(c, &term, S, &term);
    ib_mul(c, V, S, S);
    ib_mul_2exp(c, V, V, 1);
    ib_mul_2exp(c, S, &term, 1);
  }
}

/* sin x and cos x. x = k pi/2 + t with k an integer (from a binary64 seed below 2^50,
 * else the integer part of x / (pi/2) in balls: any k is right, the reduction x - k
 * pi/2 is a ball operation, at enough words that k pi/2's radius stays below the
 * working precision); then by k mod 4: (sin, cos) = (S, C), (C, -S), (-S, -C), (-C, S)
 * with S = sin t, C = cos t = 1 - vers t. */
IB_HDN void ib_sincos(ib_ctx *c, ib *sn, ib *cs, const ib *x) {
  if (x->sat) { /* |x| <= 2^e <= 1: |sin x| <= |x|, of x's sign; 0 <= 1 - cos x <= x^2/2 */
    if (x->sat > 0 || x->e > 0) {
      ib_sat_fail(c, sn, 2);
      ib_copy(cs, sn);
      return;
    }
    const int64_t e = x->e;
    const int neg = x->neg;
    ib_set_sat(sn, -1, e, neg);
    ib_set_si(c, cs, 1);
    cs->r = ibm_pow2(2 * e);
    return;
  }
  const int64_t ux = ibm_ceil_log2(ib_upper(x));
  ib t, S, V, one;
  int q = 0;
  if (ux <= 0) {
    ib_copy(&t, x);
  } else if (ux > 200) {
    ib_fail(c, 2);
    ib_zero(sn);
    sn->r = ibm_pow2(1);
    ib_copy(cs, sn);
    return;
  } else {
    ib_ctx w = ib_wider(c, 1 + (int)((ux + 63) / 64) + 1);
    ib hp, kk;
    ib_pi(&w, &hp);
    ib_mul_2exp(&w, &hp, &hp, -1);
    if (ux <= 50) {
      const double k = nearbyint(ib_mid_d(x) * 0.63661977236758138);
      ib_set_d(&w, &kk, k);
      q = (int)((int64_t)k & 3);
    } else { /* k = trunc(m / (pi/2)); its last two bits */
      ib_div(&w, &kk, x, &hp);
      ib_mid(&kk);
      const int64_t fb = 64 * (int64_t)kk.l - kk.e; /* fraction bits in the words */
      if (fb > 0) {
        uint64_t Z[IB_MAXL];
        mant_shr(Z, kk.l, kk.d, kk.l, fb);
        mant_shl(Z, kk.l, fb);
        for (int i = 0; i < kk.l; i++) kk.d[i] = Z[i];
      }
      int st;
      q = (int)(ib_int_shr(kk.d, kk.l, 64 * (int64_t)kk.l - kk.e, &st) & 3);
      if (kk.neg) q = (4 - q) & 3;
    }
    ib_mul(&w, &hp, &hp, &kk);
    ib_sub(&w, &t, x, &hp);
    ib_merge(c, &w);
  }
  ib_sinvers_small(c, &S, &V, &t);
  ib_set_si(c, &one, 1);
  ib_sub(c, &V, &one, &V); /* C */
  switch (q) {
  case 0: ib_copy(sn, &S), ib_copy(cs, &V); break;
  case 1: ib_copy(sn, &V), ib_neg(cs, &S); break;
  case 2: ib_neg(sn, &S), ib_neg(cs, &V); break;
  default: ib_neg(sn, &V), ib_copy(cs, &S); break;
  }
}

/* atan(x). |x| > 1 (every point): atan x = sign(x) pi/2 - atan(1/x). Then s halvings
 * atan v = 2 atan(v / (1 + sqrt(1 + v^2))) (true for every real v) down to |u| <= 2^-S,
 * and atan u = sum_{j>=0} (-1)^j u^(2j+1)/(2j+1), alternating with decreasing terms:
 * after the term T_j the tail is at most |T_j| U^2 (twice that here). */
IB_HDN void ib_atan(ib_ctx *c, ib *r, const ib *x) {
  ib v, one, t, u2, pw, term;
  int flip = 0;
  if (x->sat < 0) { /* 0 < |atan x| <= |x| */
    ib_copy(r, x);
    return;
  }
  ib_set_si(c, &one, 1);
  const ib_mag lo = ib_lower(x);
  if (lo.m && !ibm_le_pow2(lo, 0)) { /* |x| > 1 */
    ib_div(c, &v, &one, x);
    flip = x->neg ? -1 : 1;
  } else {
    if (ibm_ceil_log2(ib_upper(x)) > 2) {
      ib_fail(c, 1);
      ib_zero(r);
      r->r = ibm_pow2(IB_EMAX);
      return;
    }
    ib_copy(&v, x);
  }
  if (v.sat) { /* |v| <= 2^e: 0 < |atan v| <= |v|, of v's sign (v = 1/x for a big x) */
    ib_copy(r, &v);
  } else {
    const int SS = 4 + c->n / 2;
    int s = 0;
    while (ibm_ceil_log2(ib_upper(&v)) > -SS && s < 64) {
      ib_mul(c, &t, &v, &v);
      ib_add(c, &t, &t, &one);
      ib_sqrt(c, &t, &t);
      ib_add(c, &t, &t, &one);
      ib_div(c, &v, &v, &t);
      s++;
    }
    ib_mul(c, &u2, &v, &v);
    const ib_mag U2 = ibm_mul(ib_upper(&u2), ibm_pow2(1));
    ib_round(c, r, &v);
    ib_copy(&pw, r);
    for (uint32_t j = 1;; j++) {
      ib_mul(c, &pw, &pw, &u2);
      ib_neg(&pw, &pw);
      ib_div_ui(c, &term, &pw, 2 * j + 1);
      ib_add(c, r, r, &term);
      const ib_mag tail = ibm_mul(ib_upper(&term), U2);
      if (ib_tail_small(c, r, tail) || j > 4000) {
        ib_add_error(r, tail);
        if (j > 4000) ib_fail(c, 1);
        break;
      }
    }
    ib_mul_2exp(c, r, r, s);
  }
  if (flip) {
    ib hp;
    ib_pi(c, &hp);
    ib_mul_2exp(c, &hp, &hp, -1);
    if (flip < 0) ib_neg(&hp, &hp);
    ib_sub(c, r, &hp, r);
  }
}

/* tanh x = E / (E + 2), E = expm1(2x) (e^2x - 1 over e^2x + 1). For |x| >= 32 n + 16 at
 * every point, |tanh x - sign x| = 2 e^(-2|x|) / (1 + e^(-2|x|)) < 2^(1 - 2.88 (32 n + 16))
 * < 2^(-64 n - 16): the ball (sign x, 2^(-64 n - 16)). */
IB_HDN void ib_tanh(ib_ctx *c, ib *r, const ib *x) {
  if (x->sat < 0) { /* 0 < |tanh x| <= |x| */
    ib_copy(r, x);
    return;
  }
  const double lo = ib_lower_d(x);
  if (lo >= 22.0 * c->n + 8) {
    /* |tanh x| < 1, and 1 - |tanh x| = 2/(e^2|x| + 1) < 2 e^(-2|x|) = 2^(1 - 2.8853.. |x|)
     * <= 2^(1 - floor(2.885 lo)) (< 2^(-64 n - 16) here): the side toward 0 */
    const int neg = x->neg;
    const int64_t k = lo > 1e18 ? (int64_t)1 << 60 : (int64_t)floor(2.885 * lo);
    ib_set_si(c, r, neg ? -1 : 1);
    ib_set_side(r, neg ? 1 : -1, ibm_pow2(1 - k));
    return;
  }
  ib E, two, d;
  ib_mul_2exp(c, &E, x, 1);
  ib_expm1(c, &E, &E);
  ib_set_si(c, &two, 2);
  ib_add(c, &d, &E, &two);
  ib_div(c, r, &E, &d);
}

/* sinh x = (E + E/(E + 1)) / 2, E = expm1(x) (e^x - e^-x = (e^x - 1) + (1 - e^-x)); both
 * terms have the sign of x, no cancellation. Odd: for a midpoint below -1/2,
 * -sinh(-x), so that E + 1 = e^x is never formed near 0. */
IB_HDN void ib_sinh(ib_ctx *c, ib *r, const ib *x) {
  ib a, E, t, one;
  if (x->sat || ib_as_big(x, &a)) { /* small: |sinh x| <= 2 |x| (|x| <= 1); big (|x| >= 2^e >= 4):
                                       |sinh x| >= e^|x| / 4 >= 2^(|x| - 2) >= 2^(2^e - 2) */
    if (!x->sat) x = &a;
    if (x->sat < 0 && x->e <= 0) ib_set_sat(r, -1, x->e + 1, x->neg);
    else if (x->sat > 0 && x->e >= 2) ib_set_sat(r, 1, ((int64_t)1 << (x->e < 60 ? x->e : 60)) - 2, x->neg);
    else ib_sat_fail(c, r, 2);
    return;
  }
  const int flip = x->neg && !ibm_le_pow2(ib_lower(x), -1);
  if (flip) ib_neg(&a, x);
  else ib_copy(&a, x);
  ib_expm1(c, &E, &a);
  ib_set_si(c, &one, 1);
  ib_add(c, &t, &E, &one);
  ib_div(c, &t, &E, &t);
  ib_add(c, &t, &E, &t);
  ib_mul_2exp(c, r, &t, -1);
  if (flip) ib_neg(r, r);
}

/* cosh x = 1 + E^2 / (2 (E + 1)), E = expm1(|x|) (cosh x - 1 = (e^x + e^-x - 2)/2 =
 * (e^x - 1)^2 / (2 e^x)); the ball of |x| holds |v| for each v of x's, and the identity
 * holds for every real v, so E + 1 = e^v > 0 with v >= -radius. */
IB_HDN void ib_cosh(ib_ctx *c, ib *r, const ib *x) {
  ib a, E, t, d, one;
  if (x->sat || ib_as_big(x, &a)) { /* small: 0 <= cosh x - 1 <= x^2 (|x| <= 1); big (|x| >=
                                       2^e >= 2): cosh x >= e^|x| / 2 >= 2^(2^e - 1) */
    if (!x->sat) x = &a;
    if (x->sat < 0 && x->e <= 0) {
      const int64_t e = x->e;
      ib_set_si(c, r, 1);
      r->r = ibm_pow2(2 * e);
    } else if (x->sat > 0 && x->e >= 1) ib_set_sat(r, 1, ((int64_t)1 << (x->e < 60 ? x->e : 60)) - 1, 0);
    else ib_sat_fail(c, r, 2);
    return;
  }
  ib_abs(&a, x);
  ib_expm1(c, &E, &a);
  ib_set_si(c, &one, 1);
  ib_add(c, &d, &E, &one);
  ib_mul_2exp(c, &d, &d, 1);
  ib_mul(c, &t, &E, &E);
  ib_div(c, &t, &t, &d);
  ib_add(c, r, &t, &one);
}

/* 2/sqrt(pi) */
IB_HDN void ib_two_rsqrtpi(ib_ctx *c, ib *r) {
  ib p, two;
  ib_pi(c, &p);
  ib_sqrt(c, &p, &p);
  ib_set_si(c, &two, 2);
  ib_div(c, r, &two, &p);
}

/* erfc(a) for a >= A (every point of the ball a, a > 0), with a^2 >= (64 n + 10) 0.7:
 *   erfc a = e^(-a^2) / (a sqrt pi) (sum_{k<N} b_k + R_N), b_0 = 1, b_k = -b_{k-1} (2k - 1)
 *   / (2 a^2), |R_N| <= |b_N| (DLMF 7.12.1 and the bound of 7.12(i) for real a > 0: the
 * remainder is at most the first neglected term). Stops at the first |b_N| below
 * 2^-(64 n + 8) |sum| (the terms decrease until k ~ a^2 > 64 n ln 2 + 7, where |b_k| ~
 * e^-k is already below that), else fails (1). */
IB_HDN void ib_erfcx_asym(ib_ctx *c, ib *r, const ib *a);
IB_HDN void ib_erfc_asym(ib_ctx *c, ib *r, const ib *a) {
  ib a2, t;
  ib_erfcx_asym(c, &t, a);
  ib_mul(c, &a2, a, a);
  ib_neg(&a2, &a2);
  ib_exp(c, &a2, &a2);
  ib_mul(c, r, &t, &a2);
}
/* erfcx a = e^(a^2) erfc a = (sum_{k<N} b_k + R_N) / (a sqrt pi): the same series and
 * bound, without the factor e^(-a^2) */
IB_HDN void ib_erfcx_asym(ib_ctx *c, ib *r, const ib *a) {
  ib a2, inv, sum, b, t;
  ib_mul(c, &a2, a, a);
  ib_mul_2exp(c, &a2, &a2, 1);
  ib_set_si(c, &sum, 1);
  ib_div(c, &inv, &sum, &a2);
  ib_copy(&b, &sum);
  for (uint32_t k = 1;; k++) {
    ib_mul(c, &b, &b, &inv);
    ib_set_si(c, &t, -(int64_t)(2 * k - 1));
    ib_mul(c, &b, &b, &t);
    const ib_mag B = ib_upper(&b);
    if (ib_tail_small(c, &sum, B)) {
      ib_add_error(&sum, B);
      break;
    }
    if (k > 4000) {
      ib_fail(c, 1);
      break;
    }
    ib_add(c, &sum, &sum, &b);
  }
  ib_two_rsqrtpi(c, &b);
  ib_mul_2exp(c, &b, &b, -1);
  ib_mul(c, &t, &sum, &b);
  ib_div(c, r, &t, a);
}

/* every |x| of the ball is in ib_erfc_asym's region: |x| >= 1, x^2 >= (64 n + 10) 0.7 */
IB_HD int ib_erfc_asym_ok(const ib_ctx *c, const ib *x) {
  const double lod = ib_lower_d(x);
  return lod >= 1 && lod * lod >= (64.0 * c->n + 10) * 0.7;
}

/* erf x. Where x^2 <= (64 n + 10) 0.7 somewhere in the ball: the series of positive terms
 *   erf x = (2/sqrt pi) e^(-x^2) sum_{j>=0} a_j, a_0 = x, a_j = a_{j-1} 2 x^2 / (2j + 1),
 * (no cancellation); the ratio of successive terms, 2 x^2 / (2j + 1), decreases, so once
 * it is <= 1/2 from term J + 1 on, the tail after a_J is at most 2 |a_{J+1}|. Elsewhere
 * erf x = sign(x) (1 - erfc |x|) with ib_erfc_asym. */
IB_HDN void ib_erf(ib_ctx *c, ib *r, const ib *x) {
  if (x->sat) { /* small: |erf x| <= (2/sqrt pi) |x| < 2 |x|; big (|x| >= 2^e >= 32):
                   1 - erf|x| < e^(-x^2) < 2^-1400 < 2^(-64 n - 16) */
    const int neg = x->neg;
    if (x->sat < 0) ib_set_sat(r, -1, x->e + 1, neg);
    else if (x->e >= 5) { /* |erf x| < 1: the side toward 0 */
      ib_set_si(c, r, neg ? -1 : 1);
      ib_set_side(r, neg ? 1 : -1, ibm_pow2(-64 * (int64_t)c->n - 16));
    } else ib_sat_fail(c, r, 2);
    return;
  }
  if (ib_erfc_asym_ok(c, x)) {
    const int neg = x->neg;
    ib a, one;
    ib_abs(&a, x);
    ib_erfc_asym(c, &a, &a);
    ib_set_si(c, &one, 1);
    ib_sub(c, r, &one, &a);
    if (neg) ib_neg(r, r);
    return;
  }
  ib x2, t2, sum, term, e, k;
  ib_mul(c, &x2, x, x);
  ib_mul_2exp(c, &t2, &x2, 1);
  const ib_mag X2 = ib_upper(&t2);
  ib_round(c, &sum, x);
  ib_copy(&term, &sum);
  for (uint32_t j = 1;; j++) {
    ib_mul(c, &term, &term, &t2);
    ib_div_ui(c, &term, &term, 2 * j + 1);
    ib_add(c, &sum, &sum, &term);
    /* ratio bound for the next terms: 2 x^2 / (2j + 3) <= 1/2 */
    const ib_mag q = ibm_div(X2, ibm_make(2 * j + 3, 0));
    if (ibm_le_pow2(q, -1)) {
      const ib_mag tail = ibm_mul(ibm_mul(ib_upper(&term), q), ibm_pow2(1));
      if (ib_tail_small(c, &sum, tail)) {
        ib_add_error(&sum, tail);
        break;
      }
    }
    if (j > 6000) {
      ib_fail(c, 1);
      break;
    }
  }
  ib_neg(&x2, &x2);
  ib_exp(c, &e, &x2);
  ib_mul(c, &sum, &sum, &e);
  ib_two_rsqrtpi(c, &k);
  ib_mul(c, r, &sum, &k);
}


/* ---------------------------------------------------------------------------------
 * Functions by identities over the ones above, each valid at every real point of its
 * domain (so each composition of ball operations encloses the function, inclusion
 * isotony); written so that no step cancels where the function is small.
 *   asin x = 2 atan(x / (1 + sqrt((1 - x)(1 + x)))), |x| <= 1 (the half-angle formula);
 *   acos x = 2 atan(sqrt((1 - x) / (1 + x))), -1 < x <= 1;
 *   asinh x = log1p(x + x^2 / (1 + sqrt(1 + x^2))), x >= 0, odd
 *     (sqrt(1 + x^2) - 1 = x^2 / (1 + sqrt(1 + x^2)));
 *   acosh x = log1p((x - 1) + sqrt((x - 1)(x + 1))), x >= 1;
 *   atanh x = log1p(2x / (1 - x)) / 2, |x| < 1;
 *   sinpi x = sin(pi (x - 2k)), cospi x = cos(pi (x - 2k)) for an integer k (exact: x - 2k
 *     is formed exactly where x is exact and |x| < 2^52; else k = 0);
 *   normcdf x = erfc(-x / sqrt 2) / 2;
 *   erfc x = ib_erfc_asym for x in its region, else 1 - erf x;
 *   erfcx x = ib_erfcx_asym for x in that region, else e^(x^2) erfc x. */
IB_HDN void ib_erfc(ib_ctx *c, ib *r, const ib *x) {
  ib t, u;
  if (!x->sat && ib_sign(x) > 0 && ib_erfc_asym_ok(c, x)) {
    ib_erfc_asym(c, r, x);
    return;
  }
  ib_erf(c, &t, x);
  ib_set_si(c, &u, 1);
  ib_sub(c, r, &u, &t);
}
IB_HDN void ib_erfcx(ib_ctx *c, ib *r, const ib *x) {
  ib t, u;
  if (!x->sat && ib_sign(x) > 0 && ib_erfc_asym_ok(c, x)) {
    ib_erfcx_asym(c, r, x);
    return;
  }
  ib_mul(c, &t, x, x);
  ib_exp(c, &t, &t);
  ib_erfc(c, &u, x);
  ib_mul(c, r, &t, &u);
}
IB_HDN void ib_asin(ib_ctx *c, ib *r, const ib *x) {
  ib one, a, b;
  ib_set_si(c, &one, 1);
  ib_sub(c, &a, &one, x);
  ib_add(c, &b, &one, x);
  ib_mul(c, &a, &a, &b);
  ib_sqrt(c, &a, &a);
  ib_add(c, &a, &a, &one);
  ib_div(c, &a, x, &a);
  ib_atan(c, &a, &a);
  ib_mul_2exp(c, r, &a, 1);
}
IB_HDN void ib_acos(ib_ctx *c, ib *r, const ib *x) {
  ib one, a, b;
  ib_set_si(c, &one, 1);
  ib_sub(c, &a, &one, x);
  ib_add(c, &b, &one, x);
  ib_div(c, &a, &a, &b);
  ib_sqrt(c, &a, &a);
  ib_atan(c, &a, &a);
  ib_mul_2exp(c, r, &a, 1);
}
IB_HDN void ib_asinh(ib_ctx *c, ib *r, const ib *x) {
  ib one, a, b;
  const int neg = ib_sign(x) < 0;
  ib_copy(&b, x);
  if (neg) ib_neg(&b, &b);
  ib_set_si(c, &one, 1);
  ib_mul(c, &a, &b, &b);
  ib_add(c, r, &a, &one);
  ib_sqrt(c, r, r);
  ib_add(c, r, r, &one);
  ib_div(c, &a, &a, r);
  ib_add(c, &a, &a, &b);
  ib_log1p(c, r, &a);
  if (neg) ib_neg(r, r);
}
IB_HDN void ib_acosh(ib_ctx *c, ib *r, const ib *x) {
  ib one, a, b;
  ib_set_si(c, &one, 1);
  ib_sub(c, &a, x, &one);
  ib_add(c, &b, x, &one);
  ib_mul(c, &b, &a, &b);
  ib_sqrt(c, &b, &b);
  ib_add(c, &a, &a, &b);
  ib_log1p(c, r, &a);
}
IB_HDN void ib_atanh(ib_ctx *c, ib *r, const ib *x) {
  ib one, a;
  ib_set_si(c, &one, 1);
  ib_sub(c, &a, &one, x);
  ib_div(c, &a, x, &a);
  ib_mul_2exp(c, &a, &a, 1);
  ib_log1p(c, &a, &a);
  ib_mul_2exp(c, r, &a, -1);
}
/* sin(pi x) (cosine: cos) with x reduced by an even integer first: an exact x whose last
 * set bit has a weight of 2 or more is an even integer, a = 0;
 * else k = nearest(x/2) for |x| < 2^52. An exact reduced a of 0, +-1/2 or +-1 gives the
 * exact value (sin: 0, +-1, 0; cos: 1, 0, -1). */
IB_HDN void ib_sincospi(ib_ctx *c, ib *r, const ib *x, int cosine) {
  ib a, k, t;
  ib_copy(&a, x);
  const double m = ib_mid_d(x);
  const int exact = !x->sat && !x->r.m && !x->side;
  int64_t low = 0; /* the exponent of the last set bit of an exact x: x is even when it is >= 1 */
  if (exact && !x->zero) {
    int i = x->l - 1;
    while (i > 0 && !x->d[i]) i--;
    const uint64_t v = x->d[i];
    low = x->e - 64 * (int64_t)(i + 1) + (63 - ib_clz64(v & (0 - v)));
  }
  if (exact && !x->zero && low >= 1) ib_zero(&a);
  else if (!x->sat && fabs(m) < 0x1p52) {
    const double kk = 2 * nearbyint(m / 2);
    if (kk != 0) {
      ib_set_d(c, &k, kk);
      ib_sub(c, &a, x, &k);
    }
  }
  if (!a.sat && !a.r.m && !a.side) {
    const double ad = a.zero ? 0 : ib_mid_d(&a);
    if (ad == 0 || ad == 0.5 || ad == -0.5 || ad == 1 || ad == -1) {
      ib_set_d(c, &t, ad);
      ib_sub(c, &k, &a, &t);
      if (ib_exact0(&k)) { /* a is ad exactly */
        const double v = cosine ? (ad == 0 ? 1 : fabs(ad) == 1 ? -1 : 0) : (fabs(ad) == 0.5 ? 2 * ad : 0);
        if (v == 0) ib_zero(r);
        else ib_set_si(c, r, (int64_t)v);
        return;
      }
    }
  }
  ib_pi(c, &k);
  ib_mul(c, &a, &a, &k);
  if (cosine) ib_sincos(c, &t, r, &a);
  else ib_sincos(c, r, &t, &a);
}
IB_HDN void ib_normcdf(ib_ctx *c, ib *r, const ib *x) {
  ib a, t;
  ib_set_si(c, &t, 2);
  ib_sqrt(c, &t, &t);
  ib_div(c, &a, x, &t);
  ib_neg(&a, &a);
  ib_erfc(c, &a, &a);
  ib_mul_2exp(c, r, &a, -1);
}

#endif
