/* ib_lg.h: values beyond the balls' exponent range kept as their logarithm, for the
 * program evaluator (ib_prog.h), on the host and the device.
 *
 * A ball's exponent is an int64 below 2^58, so e^x for |x| beyond 2^57 (sinh, cosh, 2^x,
 * 10^x alike) is only a bound in ib.h (sat: |v| >= 2^e, or 0 < |v| <= 2^e), and the
 * logarithm of a bound without its other side has none: log(sinh(x)/x) at x = 2^60
 * could not be decided, though its value x - log(2x) is an ordinary number. Here such a
 * value is kept exactly as a stack slot of the evaluator holding a ball L with the flag
 * lg: the value is (-1)^vneg e^L, for every point of L's ball. The operations whose
 * result is again such a value, or an ordinary ball, follow from the identities written
 * beside each rule; every other operation first turns the slot into what ib.h would have
 * had (ib_lg_demote: the ball e^L where L is within ib_exp's range, else the bound that
 * e^L gives), so nothing is decided that ib.h alone could not enclose.
 *
 * Proof obligations are the identities and the remainder bounds below; each ball
 * operation used encloses its exact result (ib.h, ib_fn.h).
 *
 * Trusted: includes only ib_fn.h; a part of ib_prog.h, which includes it after naming the
 * operations and functions (enum ib_op, enum ib_fn). */
#ifndef ULPCERT_IB_LG_H
#define ULPCERT_IB_LG_H

#include "ib_fn.h"

/* k with e^|L| >= 2^k at every point of L's ball (L's sign known): |L| >= lo (a binary64
 * lower bound, ib_lower_d), and lo log2(e) >= k. The binary64 constant 1.4426950408889634
 * is below log2(e) = 1.44269504088896340736 and the product's rounding is below 2^-53 of
 * it, so the product times (1 - 2^-50) is below lo log2(e); floor of that, capped at
 * 2^58 (a smaller k is still a true bound; radii such as 2^(1 - 2k) then keep their
 * exponents, and sums of a few of them, within int64). */
IB_HD int64_t ib_lg_log2_lower(const ib *L) {
  const double lo = ib_lower_d(L);
  const double k = floor(lo * 1.4426950408889634 * (1 - 0x1p-50));
  return k >= 0x1p58 ? (int64_t)1 << 58 : (int64_t)k;
}

/* The slot (L, vneg) as ib.h would hold its value: e^L (ib_exp) where |L| stays within
 * 2^57 at every point or L is a tiny bound (sat -1); else, with L's sign known, the bound |v| >= 2^k (L > 0) or
 * 0 < |v| <= 2^-k (L < 0), k from ib_lg_log2_lower; L's sign unknown fails (1). */
IB_HDN void ib_lg_demote(ib_ctx *c, ib *r, const ib *L, int vneg) {
  if (L->sat < 0 || (!L->sat && ibm_ceil_log2(ib_upper(L)) <= 57)) { /* (a tiny L: e^L = 1 + a side, ib_exp) */
    ib_exp(c, r, L);
    if (vneg) ib_neg(r, r);
    return;
  }
  const int s = ib_sign(L);
  if (!s) {
    ib_sat_fail(c, r, 1);
    return;
  }
  if (L->sat > 0) { /* |L| >= 2^e: e^|L| >= 2^(2^e), e clamped as ib_set_sat's bounds are */
    const int64_t k = (int64_t)1 << (L->e < 60 ? (L->e > 0 ? L->e : 0) : 60);
    ib_set_sat(r, s > 0 ? 1 : -1, s > 0 ? k : -k, vneg);
    return;
  }
  const int64_t k = ib_lg_log2_lower(L);
  ib_set_sat(r, s > 0 ? 1 : -1, s > 0 ? k : -k, vneg);
}

/* L + e with 0 < |e| <= rad of sign s: L's side when L is exact, else a radius */
IB_HD void ib_lg_err(ib *L, int s, ib_mag rad) {
  if (!L->sat && !L->zero && !L->r.m && !L->side) ib_set_side(L, s, rad);
  else ib_add_error(L, rad);
}

/* f(x) as a slot (L, *vneg) where the value leaves binary64's range: x an ordinary ball
 * whose sign is known and with |x| >= 2^9 at every point (e^|x| >= 2^738), or whose
 * magnitude may exceed 2^57 (where ib.h saturates: ib_exp's and ib_as_big's condition).
 * A slot loses nothing against the ordinary ball: where no rule applies it is demoted to
 * exactly that (ib_lg_demote), and the rules keep what a logarithm needs, e.g.
 * log(1 + e^x) = x + log1p(e^-x), above x by less than 2^-738. 1 when made; 0: f is not
 * one of these, or x does not qualify (the ordinary path runs).
 * Where L is exact and a remainder below has one sign, L keeps it as its side (ib_set_side)
 * instead of a radius, so that log(1 + e^x) rounds to x from below.
 *   e^x = e^L with L = x; 2^x: L = x log 2; 10^x: L = x log 10.
 *   sinh x = sign(x) e^|x| (1 - d) / 2 and cosh x = e^|x| (1 + d) / 2 with d = e^(-2|x|):
 *   L = |x| - log 2 + log(1 -+ d), |log(1 -+ d)| <= 2d for d <= 1/2, and d <= 2^(-2k)
 *   with e^|x| >= 2^k (k >= 1 required).
 *   expm1 x for x > 0: e^x (1 - e^-x), L = x + log(1 - e^-x), |log(1 - e^-x)| <= 2^(1 - k).
 *   tgamma x: L = log|Gamma(x)|, the sign Gamma's (ib_gamma.h).
 *   I0 and I1 for |x| >= 724: L = log |I_nu(x)| from their asymptotic expansion (ib_bessel.h (A)). */
IB_HDN int ib_lg_make(ib_ctx *c, int fn, const ib *x, ib *L, int *vneg) {
  int64_t lx;
  if (x->sat) return 0;
  const int s = ib_sign(x);
  if (!s || ((!ib_llog2(x, &lx) || lx < 9) && ibm_ceil_log2(ib_upper(x)) <= 57)) return 0;
  ib t, u;
  *vneg = 0;
  switch (fn) {
  case IBF_EXP: ib_copy(L, x); return 1;
  case IBF_EXP2:
  case IBF_EXP10: ib_mul_log_base(c, L, x, fn == IBF_EXP10); return 1;
  case IBF_SINH:
  case IBF_COSH: {
    const int64_t k = ib_lg_log2_lower(x);
    if (k < 1) return 0;
    ib_abs(&u, x);
    ib_ln2(c, &t);
    ib_sub(c, L, &u, &t);
    ib_add_error(L, ibm_pow2(1 - 2 * k));
    *vneg = fn == IBF_SINH && s < 0;
    return 1;
  }
  case IBF_EXPM1: { /* log(1 - e^-x) in [-2^(1-k), 0) */
    const int64_t k = ib_lg_log2_lower(x);
    if (s < 0 || k < 1) return 0;
    ib_copy(L, x);
    ib_lg_err(L, -1, ibm_pow2(1 - k));
    return 1;
  }
  case IBF_TGAMMA: return ib_tgamma_lg(c, x, L, vneg); /* L = log|Gamma(x)| (ib_gamma.h) */
  case IBF_I0:
  case IBF_I1: return ib_bes_i_lg(c, x, L, vneg, fn == IBF_I1); /* log I_nu, |x| >= 724 (ib_bessel.h) */
  default: return 0;
  }
}

/* log|b| of an ordinary ball b whose sign is known */
IB_HD void ib_lg_of(ib_ctx *c, ib *L, const ib *b) {
  ib a;
  ib_abs(&a, b);
  ib_log(c, L, &a);
}

/* a op b (op IBO_ADD, IBO_SUB, IBO_MUL, IBO_DIV) with a or b a slot: the result in
 * (a, *lga, *vna). Where no rule applies, both are demoted and ib.h's operation runs.
 *   products and quotients: |a b| = e^(La + Lb), |a / b| = e^(La - Lb), the sign the
 *     product of signs; an ordinary operand of known sign enters as L = log|b|; an exact
 *     zero times (or over) a slot is an exact zero;
 *   sums of two slots of one sign: e^La + e^Lb = e^(La + log1p(e^-(La - Lb))); of opposite
 *     signs: e^La - e^Lb = e^(La + log1p(-e^-(La - Lb))) with La - Lb > 0 at every point
 *     (else the one with the larger L is taken first; a difference whose sign is not
 *     known fails (1));
 *   a slot (La > 0, e^La >= 2^k) plus an ordinary b, |b| <= 2^u, u <= k - 2: the value is
 *     e^La (1 + d), |d| <= 2^(u - k) <= 1/4, and |log(1 + d)| <= 2 |d|: L = La with
 *     radius 2^(u - k + 1), the slot's sign. */
IB_HDN void ib_lg_binop(ib_ctx *c, int op, ib *a, unsigned char *lga, unsigned char *vna, const ib *b0, int lgb,
                        int vnb) {
  ib b, t, u;
  ib_copy(&b, b0);
  if (op == IBO_SUB) {
    if (lgb) vnb ^= 1;
    else ib_neg(&b, &b);
    op = IBO_ADD;
  }
  int la = *lga, va = *vna;
  if (op == IBO_MUL || op == IBO_DIV) {
    if ((!la && ib_exact0(a)) || (!lgb && ib_exact0(&b) && op == IBO_MUL)) {
      ib_zero(a), *lga = 0, *vna = 0;
      return;
    }
    const int ok_a = la || (!a->sat && ib_sign(a)), ok_b = lgb || (!b.sat && ib_sign(&b));
    if (ok_a && ok_b) {
      if (!la) va = ib_sign(a) < 0, ib_lg_of(c, &t, a);
      else ib_copy(&t, a);
      if (!lgb) vnb = ib_sign(&b) < 0, ib_lg_of(c, &u, &b);
      else ib_copy(&u, &b);
      if (op == IBO_MUL) ib_add(c, a, &t, &u);
      else ib_sub(c, a, &t, &u);
      *lga = 1, *vna = (unsigned char)(va ^ vnb);
      return;
    }
  } else if (la && lgb) {
    ib_sub(c, &t, a, &b); /* D = La - Lb */
    int ds = ib_sign(&t);
    const ib *big = a;
    int vbig = va;
    if (ds < 0) big = &b, vbig = vnb, ib_neg(&t, &t);
    if (ds || va == vnb) {
      ib_neg(&t, &t);
      ib_exp(c, &t, &t); /* e^-D */
      if (va != vnb) ib_neg(&t, &t);
      ib_log1p(c, &t, &t);
      ib_add(c, &u, big, &t);
      ib_copy(a, &u);
      *lga = 1, *vna = (unsigned char)vbig;
      return;
    }
  } else {
    const ib *s = la ? a : &b, *o = la ? &b : a;
    const int vs = la ? va : vnb;
    if (ib_exact0(o)) {
      if (!la) ib_copy(a, &b);
      *lga = 1, *vna = (unsigned char)vs;
      return;
    }
    if (o->sat <= 0 && !s->sat && ib_sign(s) > 0) {
      const int64_t k = ib_lg_log2_lower(s), ub = o->sat < 0 ? o->e : ib_ulog2(o);
      if (ub <= k - 2) { /* log(1 + d) has the sign of d: of b's sign times the slot's */
        const int sb = o->sat ? (o->neg ? -1 : 1) : ib_sign(o);
        ib_copy(&t, s);
        ib_lg_err(&t, sb ? (((sb < 0) != vs) ? -1 : 1) : 0, ibm_pow2(ub - k + 1));
        ib_copy(a, &t);
        *lga = 1, *vna = (unsigned char)vs;
        return;
      }
    }
  }
  /* no rule: as ib.h would have it */
  if (la) ib_lg_demote(c, &t, a, va), ib_copy(a, &t);
  if (lgb) ib_lg_demote(c, &u, &b, vnb), ib_copy(&b, &u);
  *lga = 0, *vna = 0;
  switch (op) {
  case IBO_ADD: ib_add(c, a, a, &b); break;
  case IBO_MUL: ib_mul(c, a, a, &b); break;
  default: ib_div(c, a, a, &b);
  }
}

/* x^(p/q) of a slot: |x|^(p/q) = e^(L p / q); a negative value has a real root only for
 * odd q, of its sign when p is odd. */
IB_HDN void ib_lg_pow(ib_ctx *c, ib *x, unsigned char *vn, int32_t p, int32_t q) {
  if (*vn && !(q & 1)) {
    ib_fail(c, 2);
    return;
  }
  ib t;
  ib_set_si(c, &t, p);
  ib_mul(c, x, x, &t);
  if (q != 1) ib_div_ui(c, x, x, (uint32_t)q);
  *vn = (unsigned char)(*vn && (p & 1));
}

/* fn of a slot: 1 when a rule gave the result in (x, *lg, *vn), 0 when there is none
 * (the caller demotes and applies fn).
 *   log v = L (v > 0); log2 v = L / log 2, log10 v = L / log 10;
 *   log1p v = L + log1p(e^-L) for v > 0 with e^L >= 2^k, k >= 2: 0 < log1p(e^-L) <= 2^-k;
 *   sqrt v = e^(L/2), rsqrt v = e^(-L/2) (v > 0), cbrt v = e^(L/3) of v's sign,
 *   1/v = e^-L of v's sign, |v| = e^L. */
IB_HDN int ib_lg_fn(ib_ctx *c, ib *x, unsigned char *lg, unsigned char *vn, int fn) {
  ib t;
  switch (fn) {
  case IBF_LOG:
  case IBF_LOG2:
  case IBF_LOG10:
    if (*vn) {
      ib_fail(c, 2);
      return 1;
    }
    if (fn != IBF_LOG) {
      ib_log_base(c, &t, fn == IBF_LOG10);
      ib_div(c, x, x, &t);
    }
    *lg = 0;
    return 1;
  case IBF_LOG1P: {
    if (*vn || x->sat || ib_sign(x) <= 0) return 0;
    const int64_t k = ib_lg_log2_lower(x);
    if (k < 2) return 0;
    ib_lg_err(x, 1, ibm_pow2(-k));
    *lg = 0;
    return 1;
  }
  case IBF_SQRT:
  case IBF_RSQRT:
    if (*vn) {
      ib_fail(c, 2);
      return 1;
    }
    ib_mul_2exp(c, x, x, -1);
    if (fn == IBF_RSQRT) ib_neg(x, x);
    return 1;
  case IBF_CBRT: ib_div_ui(c, x, x, 3); return 1;
  case IBF_RECIP: ib_neg(x, x); return 1;
  case IBF_FABS: *vn = 0; return 1;
  default: return 0;
  }
}

#endif
