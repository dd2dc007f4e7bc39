/* ib_step.h: the piecewise-constant functions on balls (floor, ceil, trunc, round, rint =
 * nearbyint, logb), for the host and the device.
 *
 * Each is constant on pieces: floor = V on [V, V+1), ceil = V on (V-1, V], trunc = V on
 * [V, V+1) for V > 0, (V-1, V] for V < 0, (-1, 1) for V = 0; round (half-way cases away
 * from zero) = V on [V-1/2, V+1/2) for V > 0, (V-1/2, V+1/2] for V < 0, (-1/2, 1/2) for 0;
 * rint and nearbyint (half-way cases to even) = V on [V-1/2, V+1/2] for even V, (V-1/2,
 * V+1/2) for odd V; logb = k on |x| in [2^k, 2^(k+1)) (the expression engine's step
 * functions, reference/expr/expr_fn.c, define them the same way on the reals).
 *
 * A candidate V is read from the midpoint's words, exactly (the integer part, the half
 * bit and whether a bit below it is set), moved by the ball's side when the midpoint is
 * itself on a boundary (3 + (0, r] is in floor's piece of 3, 3 - (0, r] in that of 2).
 * How V was found does not matter for the proof: the rule then checks that every point of
 * the ball lies in V's piece, by ball subtractions (x - lo and hi - x at one word more than
 * the working precision, with lo and hi exact): every point > lo (ib_sign), or, at a closed
 * end, the difference exactly 0 (x is the end itself). Then the value is V at every point
 * of the ball: an exact result, radius 0. A ball that reaches past its midpoint's piece
 * gives the hull below instead (ib_step_hull): more words may narrow it, and an exact
 * boundary point with a radius but no side can never be decided (the host does). A saturated small value (0 < |x| <= 2^e,
 * e <= -2) lies in (-1/4, 1/4) minus 0: floor gives 0 or -1 and ceil 1 or 0 by its sign,
 * the others 0; a saturated big value (|x| >= 2^e, e >= 1) gives one (|g(x)| >= |x| - 1 >=
 * 2^(e-1), x's sign); any other saturated value fails (2). logb of a ball that reaches 0 fails
 * (1; an exact 0 is the pole -inf: 2).
 *
 * Trusted: includes only ib.h. */
#ifndef ULPCERT_IB_STEP_H
#define ULPCERT_IB_STEP_H

#include "ib.h"

#define IB_STEP_FLOOR 0
#define IB_STEP_CEIL 1
#define IB_STEP_TRUNC 2
#define IB_STEP_ROUND 3
#define IB_STEP_RINT 4

/* an exact integer ball is odd: its last set bit weighs 2^0 */
IB_HD int ib_int_odd(const ib *v) {
  if (v->zero || v->sat) return 0;
  int i = v->l - 1;
  while (i > 0 && !v->d[i]) i--;
  const uint64_t w = v->d[i];
  return v->e - 64 * (int64_t)(i + 1) + (63 - ib_clz64(w & (0 - w))) == 0;
}

/* The candidate V (exact) of kind at the midpoint m of x (not saturated), moved by x's
 * side: T = trunc|m| and the class of the fraction |m| - T: 0 exactly (Z), in (0, 1/2)
 * (L), 1/2 exactly (H), in (1/2, 1) (U); a side moves |m| by an infinitesimal: Z with
 * |x| below |m| is T - 1 and U, Z above is L, H below L and H above U. */
IB_HDN void ib_step_guess(ib_ctx *c, ib *V, const ib *x, int kind) {
  enum { Z, L, H, U };
  if (x->zero) {
    ib_zero(V);
    return;
  }
  const int l = x->l;
  const int64_t e = x->e; /* |m| = 0.d 2^e */
  uint64_t T[IB_MAXL];
  int cls, half = 0, rest = 0;
  for (int i = 0; i < l; i++) T[i] = 0;
  if (e <= 0) {
    half = e == 0, rest = e < 0;
    if (e == 0) { /* |m| in [1/2, 1): the half bit is d's top bit */
      rest = (x->d[0] << 1) != 0;
      for (int i = 1; i < l; i++) rest |= x->d[i] != 0;
    }
  } else if (e >= 64 * (int64_t)l) {
    for (int i = 0; i < l; i++) T[i] = x->d[i];
  } else { /* the integer bits are the top e of the 64 l */
    const int w = (int)(e >> 6), b = (int)(e & 63);
    for (int i = 0; i < w; i++) T[i] = x->d[i];
    if (b) T[w] = x->d[w] & ~(~(uint64_t)0 >> b);
    const uint64_t hb = (uint64_t)1 << (63 - b); /* the half bit, in word w */
    half = (x->d[w] & hb) != 0;
    rest = (x->d[w] & (hb - 1)) != 0;
    for (int i = w + 1; i < l; i++) rest |= x->d[i] != 0;
  }
  cls = half ? (rest ? U : H) : (rest ? L : Z);
  ib t, one;
  ib_ctx w = ib_wider(c, 1);
  if (mant_clz(T, l) == 64 * (int64_t)l) ib_zero(&t);
  else ib_set_words(&w, &t, T, l, e, 0, (ib_mag){0, 0}); /* e >= 1: T keeps d's top bit */
  const int s = x->neg ? -x->side : x->side; /* the side of |x| against |m| */
  ib_set_si(&w, &one, 1);
  if (cls == Z && s < 0) ib_sub(&w, &t, &t, &one), cls = U;
  else if (cls == Z && s > 0) cls = L;
  else if (cls == H && s) cls = s < 0 ? L : U;
  int inc = 0;
  switch (kind) {
  case IB_STEP_FLOOR: inc = x->neg && cls != Z; break;
  case IB_STEP_CEIL: inc = !x->neg && cls != Z; break;
  case IB_STEP_ROUND: inc = cls >= H; break;
  case IB_STEP_RINT: inc = cls == U || (cls == H && ib_int_odd(&t)); break;
  default: break;
  }
  if (inc) ib_add(&w, &t, &t, &one);
  if (x->neg) ib_neg(&t, &t);
  ib_merge(c, &w);
  ib_copy(V, &t);
}

/* every point of d is > 0, or (closed) d is exactly 0 */
IB_HD int ib_step_above(const ib *d, int closed) { return ib_sign(d) > 0 || (closed && ib_exact0(d)); }

/* x - lo > 0 (or >= 0) and hi - x > 0 (or >= 0) at every point, lo = V + lo2/2 and hi =
 * V + hi2/2 formed exactly (else 0) */
IB_HDN int ib_step_within(ib_ctx *c, const ib *x, const ib *V, int lo2, int lc, int hi2, int hc) {
  ib_ctx w = ib_wider(c, 1);
  ib k, b, d;
  ib_set_si(&w, &k, lo2);
  ib_mul_2exp(&w, &k, &k, -1);
  ib_add(&w, &b, V, &k);
  if (b.r.m) return 0;
  ib_sub(&w, &d, x, &b);
  if (w.fail || !ib_step_above(&d, lc)) return 0;
  ib_set_si(&w, &k, hi2);
  ib_mul_2exp(&w, &k, &k, -1);
  ib_add(&w, &b, V, &k);
  if (b.r.m) return 0;
  ib_sub(&w, &d, &b, x);
  return !w.fail && ib_step_above(&d, hc);
}

/* Where the ball is not inside one piece: the hull. At every point t, floor t is in
 * [t - 1, t], ceil t in [t, t + 1], trunc t in floor's interval for t > 0 and ceil's for
 * t < 0 (either for a ball of one sign, else [t - 1, t + 1]), round t and rint t in
 * [t - 1/2, t + 1/2]: so g over the ball lies in the ball shifted by the interval's centre
 * with its half-width added to the radius (ball operations: an enclosure). It rounds to
 * binary64 where the value is far above 2^53 (floor(exp(x)) at x = 100), never where the
 * ball straddles a boundary at a small value (floor(sqrt(2)^2)). */
IB_HDN void ib_step_hull(ib_ctx *c, ib *r, const ib *x, int kind) {
  int lo2 = -1, hi2 = 1; /* the interval [t + lo2/2, t + hi2/2] */
  const int s = ib_sign(x);
  if (kind == IB_STEP_FLOOR || (kind == IB_STEP_TRUNC && s > 0)) lo2 = -2, hi2 = 0;
  else if (kind == IB_STEP_CEIL || (kind == IB_STEP_TRUNC && s < 0)) lo2 = 0, hi2 = 2;
  else if (kind == IB_STEP_TRUNC) lo2 = -2, hi2 = 2;
  ib k;
  ib_set_si(c, &k, lo2 + hi2);
  ib_mul_2exp(c, &k, &k, -2);
  ib_add(c, r, x, &k);
  ib_add_error(r, ibm_make((uint64_t)(hi2 - lo2), -2));
}

IB_HDN void ib_step(ib_ctx *c, ib *r, const ib *x, int kind) {
  if (x->sat > 0) { /* |t| >= 2^e, e >= 1: |g(t)| >= |t| - 1 >= 2^(e-1), t's sign */
    if (x->e >= 1) ib_set_sat(r, 1, x->e - 1, x->neg);
    else ib_sat_fail(c, r, 2);
    return;
  }
  if (x->sat) {
    if (x->e > -2) {
      ib_sat_fail(c, r, 2);
      return;
    }
    int v = 0;
    if (kind == IB_STEP_FLOOR && x->neg) v = -1;
    if (kind == IB_STEP_CEIL && !x->neg) v = 1;
    ib_set_si(c, r, v);
    return;
  }
  ib V;
  ib_step_guess(c, &V, x, kind);
  if (c->fail || V.r.m || V.side) {
    if (!c->fail) ib_step_hull(c, r, x, kind);
    return;
  }
  const int sv = V.zero ? 0 : V.neg ? -1 : 1;
  /* the piece of V: its ends in halves from V, and whether each is closed */
  int lo2 = 0, lc = 1, hi2 = 2, hc = 0; /* floor: [V, V+1) */
  switch (kind) {
  case IB_STEP_CEIL: lo2 = -2, lc = 0, hi2 = 0, hc = 1; break;
  case IB_STEP_TRUNC:
    if (sv < 0) lo2 = -2, lc = 0, hi2 = 0, hc = 1;
    else if (sv == 0) lo2 = -2, lc = 0, hi2 = 2, hc = 0;
    break;
  case IB_STEP_ROUND:
    lo2 = -1, hi2 = 1;
    lc = sv > 0, hc = sv < 0;
    break;
  case IB_STEP_RINT:
    lo2 = -1, hi2 = 1;
    lc = hc = !ib_int_odd(&V);
    break;
  default: break;
  }
  if (!ib_step_within(c, x, &V, lo2, lc, hi2, hc)) {
    ib_step_hull(c, r, x, kind);
    return;
  }
  ib_round(c, r, &V);
}

/* logb x = k on |x| in [2^k, 2^(k+1)): k = e - 1 for |m| = 0.d 2^e, e - 2 where |m| is
 * 2^(e-1) exactly and |x| lies below it (its side); then 2^k <= |x| < 2^(k+1) is checked
 * as above */
IB_HDN void ib_logb(ib_ctx *c, ib *r, const ib *x) {
  if (x->sat || ib_exact0(x)) {
    ib_sat_fail(c, r, 2);
    return;
  }
  if (!ib_sign(x)) {
    ib_fail(c, 1);
    ib_zero(r);
    return;
  }
  ib a, p, d;
  ib_abs(&a, x);
  int64_t k = a.e - 1;
  int pow2 = a.d[0] == (uint64_t)1 << 63;
  for (int i = 1; i < a.l; i++) pow2 &= a.d[i] == 0;
  if (pow2 && a.side < 0) k--;
  ib_ctx w = ib_wider(c, 1);
  int ok = 1;
  ib_set_u64_2exp(&w, &p, 1, k, 0); /* 2^k */
  ib_sub(&w, &d, &a, &p);
  ok = ib_step_above(&d, 1);
  ib_set_u64_2exp(&w, &p, 1, k + 1, 0);
  ib_sub(&w, &d, &p, &a);
  ok = ok && ib_step_above(&d, 0) && !w.fail;
  if (!ok) {
    ib_fail(c, 1);
    ib_zero(r);
    return;
  }
  ib_set_si(c, r, k);
}

#endif
