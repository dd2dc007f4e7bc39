/* ib_gamma.h: Gamma and log|Gamma| on balls (ib.h), for the host and the device: the rules
 * of the program's tgamma and lgamma (ib_prog.h), lgamma being C's: log|Gamma(x)| at every
 * real x that is not a pole (0, -1, -2, ...).
 *
 * Identities (each true at every real point where it is used, so the composition of ball
 * operations encloses the function at every point of the argument's ball):
 *  (S) Stirling's series, real z > 0 (DLMF 5.11.1 and 5.11(ii); Whittaker and Watson,
 *      A Course of Modern Analysis, 12.33):
 *        log Gamma(z) = (z - 1/2) log z - z + log(2 pi)/2 + sum_{k=1}^{K} c_k z^(1-2k) + R_K(z),
 *        c_k = B_2k / (2k (2k - 1)),
 *      and for real z > 0 the remainder R_K(z) is bounded in magnitude by the first term
 *      left out, |c_{K+1}| z^(-2K-1), and has its sign (DLMF 5.11(ii), after 5.11.10). The
 *      loop stops at the first term whose upper bound over the ball lies below 2^-(64 n + 8)
 *      of the sum (ib_tail_small) and adds that bound to the radius instead of the term.
 *  (R) the recurrence Gamma(x) = Gamma(x + m) / (x (x + 1) ... (x + m - 1)), x > 0:
 *        log Gamma(x) = log Gamma(x + m) - log(x (x + 1) ... (x + m - 1)),
 *      with m the least integer that takes every point of x to z = x + m >= N = 20 n + 8 (n
 *      the words of the precision it runs at: one more than the working precision, below).
 *      One logarithm serves the product and the constants: log Gamma(x) = A(z) +
 *      log(sqrt(2 pi) / P), A(z) the terms of (S) but log(2 pi)/2, P the product. The terms
 *      of (S) at z >= N fall below 2^-(64 n + 8) of the sum after about 13, 20, 34, 61 and 116
 *      terms at the 2, 3, 5, 9 and 17 words it runs at (estimated from |B_2k|, in exact
 *      arithmetic; 2 pi N log2(e) > 64 n bits: the smallest term is about e^(-2 pi z)); the
 *      table (ib_gamma_const.h) holds B_2 .. B_240, k <= 120 (beyond: fail 1, never a
 *      guess). A larger N would need fewer terms and more factors; 20 n + 8 keeps the cost
 *      (N products and K terms of 3 operations) within 10% of its least over N.
 *  (F) the reflection formula, x not an integer: Gamma(x) Gamma(1 - x) = pi / sin(pi x),
 *      so for x < 0 (1 - x > 1, Gamma(1 - x) > 0):
 *        log|Gamma(x)| = log pi - log|sin(pi x)| - log Gamma(1 - x),
 *      (one logarithm: log(pi P / (|sin(pi x)| sqrt(2 pi))) - A(1 - x + m)),
 *      and Gamma(x) has the sign of sin(pi x) (ib_sincospi: x reduced exactly by an even
 *      integer, so sin(pi x) keeps its relative accuracy next to the poles).
 *  (G) Gamma(x) = (-1)^s e^(log|Gamma(x)|), s the sign from (F) (Gamma > 0 for x > 0); at an
 *      exact integer v in [1, 200], Gamma(v) = (v - 1)! as a product of exact integers (exact
 *      where it fits the working precision, so that 1/tgamma(3) or tgamma(x+1)/tgamma(x) at
 *      integers may round exactly).
 * Exact values: lgamma(1) = lgamma(2) = 0 (Gamma(1) = Gamma(2) = 1), an exact zero.
 *
 * Where no rule encloses: an exact pole (x an integer <= 0: the host's MPFR gives tgamma NaN
 * or +-inf, lgamma +inf) fails 2 (but tgamma's NaN at the negative integers is decided by
 * ib_prog.h's domain check: ib_tgamma_nan); a ball that reaches 0 or a negative integer without being
 * it fails 1 (more precision may separate it); a saturated argument fails 2 but for
 * tgamma of 0 < |x| <= 2^e <= 1/2, where |Gamma(x)| = Gamma(1 + x)/|x| >= 0.8856/|x| >=
 * 2^(-e - 1) (Gamma's least value on (0, inf) is 0.8856... at 1.4616...), of x's sign.
 * Near the zeros of lgamma (1, 2, and one between each pair of negative poles) its value is
 * a difference of terms of size log N! (about 2^7); the absolute error 2^-(64 n) 2^7 then
 * leaves too wide a ball at 1 word for the inputs next to the zero, and the next precision
 * (2 words: 128 bits for a value of 2^-24 relative size) decides them.
 * Values beyond binary64: lgamma is an ordinary ball at every x the exponent range holds
 * (lgamma(2^127) is about 2^133.5); tgamma of |x| >= 2^9 is kept as its logarithm (ib_lg.h:
 * ib_lg_make's tgamma rule calls ib_lgamma_s), so tgamma(x)/tgamma(x+1) is decided at any x.
 *
 * No recursion; the stack holds a few balls per frame.
 * Trusted: includes only ib_fn.h and ib_gamma_const.h. */
#ifndef ULPCERT_IB_GAMMA_H
#define ULPCERT_IB_GAMMA_H

#include "ib_fn.h"
#include "ib_gamma_const.h"

/* c_k = B_2k / (2k (2k - 1)), 1 <= k <= IB_BERN_K, at the working precision: the exact
 * numerator, truncated to n words (ib_set_words: the dropped part to the radius), divided by
 * the denominator's two factors and by 2k (2k - 1) < 2^32 (ib_div_ui: each quotient encloses) */
IB_HDN void ib_stirling_coef(ib_ctx *c, ib *r, int k) {
  const uint32_t off = IB_BERN_META[k - 1][0], nw = IB_BERN_META[k - 1][1];
  uint64_t X[IB_MAXL];
  for (uint32_t i = 0; i < nw; i++) X[i] = IB_BERN_WORDS[off + i];
  ib_set_words(c, r, X, (int)nw, (int64_t)IB_BERN_META[k - 1][2], (int)IB_BERN_META[k - 1][3], (ib_mag){0, 0});
  ib_div_ui(c, r, r, IB_BERN_META[k - 1][4]);
  if (IB_BERN_META[k - 1][5] > 1) ib_div_ui(c, r, r, IB_BERN_META[k - 1][5]);
  ib_div_ui(c, r, r, (uint32_t)(2 * k * (2 * k - 1)));
}

/* A(z) = (z - 1/2) log z - z + sum_k c_k z^(1-2k) of (S) at a ball z0 > 0 (every point), the
 * remainder's bound in the radius (log Gamma(z) = A(z) + log sqrt(2 pi)); the caller takes z0
 * large enough for the terms to fall (else the table runs out: fail 1). r may be z0. */
IB_HDN void ib_stirling_a(ib_ctx *c, ib *r, const ib *z0) {
  ib z[1], lz, t, w, w2, pw, ck, term;
  ib_copy(z, z0);
  ib_log(c, &lz, z);
  ib_set_si(c, &t, 1);
  ib_mul_2exp(c, &t, &t, -1);
  ib_sub(c, &t, z, &t);
  ib_mul(c, r, &t, &lz);
  ib_sub(c, r, r, z);
  ib_set_si(c, &t, 1);
  ib_div(c, &w, &t, z);
  ib_mul(c, &w2, &w, &w);
  ib_copy(&pw, &w);
  for (int k = 1;; k++) {
    if (k > IB_BERN_K || c->fail) {
      ib_fail(c, 1);
      return;
    }
    ib_stirling_coef(c, &ck, k);
    ib_mul(c, &term, &ck, &pw); /* encloses c_k z^(1-2k) at every z of the ball */
    const ib_mag T = ib_upper(&term);
    if (ib_tail_small(c, r, T)) { /* |R_{k-1}(z)| <= |c_k| z^(1-2k) <= T */
      ib_add_error(r, T);
      return;
    }
    ib_add(c, r, r, &term);
    ib_mul(c, &pw, &pw, &w2);
  }
}

/* For a ball x > 0 (every point): log Gamma(x) = A(x + m) + log(sqrt(2 pi) / P) by (R) and
 * (S), P = x (x + 1) ... (x + m - 1) (P = 1, m = 0, where x >= N already): A and P. The
 * callers take one logarithm of a product of P with the constants, not one each. */
IB_HDN void ib_lgamma_parts(ib_ctx *c, ib *A, ib *P, const ib *x) {
  const double N = 20.0 * c->n + 8, lo = ib_lower_d(x); /* lo <= every point of x */
  if (lo >= N) {
    ib_stirling_a(c, A, x);
    ib_set_si(c, P, 1);
    return;
  }
  const int m = (int)(N - floor(lo)); /* x + m >= lo + N - floor(lo) >= N */
  ib z, one;
  ib_set_si(c, &one, 1);
  ib_copy(P, x);
  ib_add(c, &z, x, &one);
  for (int i = 1; i < m; i++) { /* P = x (x + 1) ... (x + i), z = x + i + 1 */
    ib_mul(c, P, P, &z);
    ib_add(c, &z, &z, &one);
  }
  ib_stirling_a(c, A, &z);
}

/* sqrt(2 pi) */
IB_HDN void ib_sqrt2pi(ib_ctx *c, ib *r) {
  ib_pi(c, r);
  ib_mul_2exp(c, r, r, 1);
  ib_sqrt(c, r, r);
}

/* x is exactly an integer v with |v| < 2^31 (no radius, no side): 1 and *v */
IB_HDN int ib_exact_int(const ib *x, int64_t *v) {
  if (x->sat || x->r.m || x->side) return 0;
  if (x->zero) {
    *v = 0;
    return 1;
  }
  const double d = nearbyint(ib_mid_d(x)); /* the candidate; the exact test follows */
  if (!(fabs(d) < 0x1p31)) return 0;
  ib_ctx w = {IB_MAXL, 0};
  ib k, diff;
  ib_set_si(&w, &k, (int64_t)d);
  ib_sub(&w, &diff, x, &k);
  if (w.fail || !ib_exact0(&diff)) return 0;
  *v = (int64_t)d;
  return 1;
}

/* log|Gamma(x)| in r and the sign of Gamma(x) in *neg (1: negative), by (R), (S), (F) */
IB_HDN void ib_lgamma_s_at(ib_ctx *c, ib *r, const ib *x, int *neg) {
  int64_t v;
  *neg = 0;
  if (x->sat) {
    ib_sat_fail(c, r, 2);
    return;
  }
  if (ib_exact_int(x, &v)) {
    if (v <= 0) { /* a pole: the host's value */
      ib_sat_fail(c, r, 2);
      return;
    }
    if (v <= 2) { /* Gamma(1) = Gamma(2) = 1 */
      ib_zero(r);
      return;
    }
  }
  const int s = ib_sign(x);
  ib A, P, t;
  if (s > 0) { /* A + log(sqrt(2 pi) / P) */
    ib_lgamma_parts(c, &A, &P, x);
    ib_sqrt2pi(c, &t);
    ib_div(c, &t, &t, &P);
    ib_log(c, &t, &t);
    ib_add(c, r, &A, &t);
    return;
  }
  if (!s) { /* the ball reaches 0 */
    ib_sat_fail(c, r, 1);
    return;
  }
  ib sn, one;
  ib_sincospi(c, &sn, x, 0);
  if (ib_exact0(&sn)) { /* an exact integer beyond ib_exact_int's range: a pole */
    ib_sat_fail(c, r, 2);
    return;
  }
  const int ss = ib_sign(&sn);
  if (!ss || c->fail) { /* the ball reaches a pole */
    ib_sat_fail(c, r, 1);
    return;
  }
  *neg = ss < 0;
  ib_abs(&sn, &sn);
  ib_set_si(c, &one, 1);
  ib_sub(c, &t, &one, x);
  ib_lgamma_parts(c, &A, &P, &t); /* log Gamma(1 - x) = A + log(sqrt(2 pi) / P) */
  ib_pi(c, &t); /* log pi - log|sin(pi x)| - log Gamma(1 - x) = log(pi P / (|sin(pi x)| sqrt(2 pi))) - A */
  ib_mul(c, &P, &P, &t);
  ib_sqrt2pi(c, &t);
  ib_mul(c, &sn, &sn, &t);
  ib_div(c, &P, &P, &sn);
  ib_log(c, &P, &P);
  ib_sub(c, r, &P, &A);
}

/* ib_lgamma_s_at at one word more than the working precision (the recurrence's product and
 * the difference of terms of size log N! cost about 2^7 in absolute error against a
 * result of size 1: the extra word lets the first precision decide most inputs) */
IB_HDN void ib_lgamma_s(ib_ctx *c, ib *r, const ib *x, int *neg) {
  ib_ctx w = ib_wider(c, 1);
  ib_lgamma_s_at(&w, r, x, neg);
  ib_merge(c, &w);
}

IB_HDN void ib_lgamma(ib_ctx *c, ib *r, const ib *x) {
  int neg;
  ib_lgamma_s(c, r, x, &neg);
}

/* Gamma(x) by (G) */
IB_HDN void ib_tgamma(ib_ctx *c, ib *r, const ib *x) {
  int64_t v;
  if (x->sat < 0 && x->e <= -1) { /* 0 < |x| <= 2^e <= 1/2: |Gamma(x)| >= 2^(-e-1), x's sign */
    ib_set_sat(r, 1, -x->e - 1, x->neg);
    return;
  }
  if (ib_exact_int(x, &v) && v >= 1 && v <= 200) {
    ib t;
    ib_set_si(c, r, 1);
    for (int64_t j = 2; j < v; j++) {
      ib_set_si(c, &t, j);
      ib_mul(c, r, r, &t);
    }
    return;
  }
  int neg;
  ib L;
  ib_ctx w = ib_wider(c, 1); /* e^L at the precision of L: |L| up to about 2^9 costs 9 bits */
  ib_lgamma_s_at(&w, &L, x, &neg);
  if (!w.fail) ib_exp(&w, r, &L);
  ib_merge(c, &w);
  if (c->fail) {
    ib_sat_fail(c, r, c->fail);
    return;
  }
  if (neg) ib_neg(r, r);
}

/* tgamma's argument x is a pole where the host's value is NaN (ib_prog.h's domain check):
 * x exactly a negative integer (at +-0 the host gives +-inf: left to it). The host gives NaN
 * there on both of its paths: exact MPFR operations (mpfr_gamma's NaN) and Arb balls (the
 * adapter a_tgamma, reference/expr/expr_fn.c, answers -1, outside the domain, for an exact
 * negative integer ball). Decided only from a ball computed exactly at no more than 8
 * words: every operation that made it then had an exact result of at most 512 bits, so the
 * host forms the same argument exactly (MPFR at EXPR_EXACT_PREC = 512 bits; Arb from 512
 * bits of Ziv's loop on); a ball exact only at 16 words may be inexact on the host.
 * x is an integer when the lowest set bit of its midpoint weighs 2^0 or more. */
IB_HD int ib_tgamma_nan(const ib_ctx *c, const ib *x) {
  if (c->n > 8 || x->sat || x->r.m || x->side || x->zero || !x->neg) return 0;
  int i = x->l - 1;
  while (i > 0 && !x->d[i]) i--;
  const uint64_t v = x->d[i];
  if (!v) return 0;
  return x->e - 64 * (int64_t)(i + 1) + (63 - ib_clz64(v & (0 - v))) >= 0;
}

/* tgamma of |x| >= 2^9 as a value kept by its logarithm (ib_lg.h): L = log|Gamma(x)|, the
 * sign Gamma's; 1 (made, or c->fail set) */
IB_HDN int ib_tgamma_lg(ib_ctx *c, const ib *x, ib *L, int *vneg) {
  ib_lgamma_s(c, L, x, vneg);
  return 1;
}

#endif
