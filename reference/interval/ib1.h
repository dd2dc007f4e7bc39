/* ib1.h: the ball evaluator's fast first precision, for the host and the device (the same
 * source). Included by ib_prog.h before its decision (ib_decide_level tries it first).
 *
 * A ball here is three binary64 numbers (h, l, r): the real numbers within r of h + l (the
 * sum exact, a double-word midpoint of up to 106 bits whose two words may lie any distance
 * apart, so 1 + 2^-200 is exact), r >= 0 an upper bound. Every operation forms its
 * midpoint with error-free transformations (two_sum, the exact residual of a product by
 * fma) and a few rounded-to-nearest operations whose errors are bounded in the comment
 * beside it; the bound, and the propagated radius, are computed rounding upward (ru_*), so
 * each result holds the exact result at every point of its operands' balls.
 *
 * The invariant each operation checks on its result (ib1_fits): h = 0 (then l = 0) or
 * 2^-480 <= |h| <= 2^480, |l| <= 2^-53 |h| (a two_sum's pair, or a table's RN pair, always
 * is: |l| <= half an ulp of h), and r <= 2^480. So every product of two midpoints' high words
 * lies in [2^-960, 2^960]: its fma residual is exact, nothing overflows. A result outside
 * that range is taken again with the exponent kept apart (ib1s_*, below: the program's
 * values are balls times 2^e). An operation without a rule here (a ball that may hold 0 as
 * a divisor, a logarithm's argument reaching 0, exp beyond |x| = 2^40) sets *ok = 0 and the
 * whole input goes to the generic 1-word level (ib_prog.h), which has saturated and
 * logarithmic slots; so does every input of a program calling a function without a fast
 * rule (erf, asin, ...: ib1_has_rule). Nothing here is
 * trusted beyond IEEE binary64 arithmetic rounding to nearest (the host's with
 * -ffp-contract=off, the device's with -fmad=false: no operation is fused unless written
 * as fma) and the elementary functions' results used only as seeds (never in a bound).
 *
 * Rounding facts used in the proofs (u = 2^-53, binary64, round to nearest):
 *  (R1) |RN(z) - z| <= u |RN(z)| and <= u |z| for z in the normal range; a sum or
 *       difference of two doubles that is subnormal is exact, so for + and - (R1) holds
 *       everywhere; a product may lose up to 2^-1075 (half the least subnormal) more.
 *  (R2) two_sum(a, b) = (s, e): s = RN(a + b), s + e = a + b exactly (Knuth), for all finite
 *       a, b whose sum does not overflow.
 *  (R3) p = RN(a b), q = fma(a, b, -p): p + q = a b exactly when the exponents of a and b
 *       sum to at least -970 (no underflow of the residual): here |a|, |b| >= 2^-480.
 *  (R4) for z > 0, next_up(RN(z)) >= z (RN(z) >= z, or z lies within half the gap above
 *       RN(z)), next_down(RN(z)) <= z likewise: ru_* and rd_* below.
 *
 * Trusted: includes only reference/bits.h, ib1_const.h and ib1_fn.h (and is included
 * after ib_prog.h's definitions, whose words and constants it uses). */
#ifndef ULPCERT_IB1_H
#define ULPCERT_IB1_H

#include "reference/bits.h" /* d2u, u2d */
#include "ib1_const.h"

typedef struct {
  double h, l, r;
} ib1;

#define IB1_MAX 0x1p480
#define IB1_MIN 0x1p-480

/* ---------------------------------------------------------------------------------
 * Bits and directed rounding. */

/* v >= 0 (finite): the least double above v; v > 0: the greatest below (R4) */
IB_HD double ib1_next_up(double v) { return v == 0 ? 0x1p-1074 : u2d(d2u(v) + 1); }
IB_HD double ib1_next_down(double v) { return u2d(d2u(v) - 1); }
/* upper bounds of a + b, a b, a / b for a, b >= 0 (b > 0 for a / b): next_up of the
 * rounded result (R4), exact where an operand makes the result an exact 0 */
IB_HD double ib1_ru_add(double a, double b) { return a == 0 ? b : b == 0 ? a : ib1_next_up(a + b); }
IB_HD double ib1_ru_mul(double a, double b) { return a == 0 || b == 0 ? 0 : ib1_next_up(a * b); }
IB_HD double ib1_ru_div(double a, double b) { return a == 0 ? 0 : ib1_next_up(a / b); }
/* a lower bound of a - b for a, b >= 0, or 0 when a - b may be <= 0 */
IB_HD double ib1_rd_sub(double a, double b) {
  if (b == 0) return a;
  const double d = a - b;
  return d > 0 ? ib1_next_down(d) : 0;
}
IB_HD void ib1_two_sum(double a, double b, double *s, double *e) {
  const double x = a + b, bb = x - a;
  *s = x;
  *e = (a - (x - bb)) + (b - bb);
}
/* |x| <= this for every x of the ball */
IB_HD double ib1_upper(const ib1 *a) { return ib1_ru_add(ib1_ru_add(fabs(a->h), fabs(a->l)), a->r); }
/* |x| >= this > 0 for every x of the ball, or 0 when the ball may hold 0 */
IB_HD double ib1_lower(const ib1 *a) { return ib1_rd_sub(ib1_rd_sub(fabs(a->h), fabs(a->l)), a->r); }

IB_HD void ib1_fits(const ib1 *a, int *ok) {
  const double ah = fabs(a->h);
  if (!(ah <= IB1_MAX) || !(a->r <= IB1_MAX) || (ah != 0 && ah < IB1_MIN) || !(fabs(a->l) <= ah * 0x1p-53))
    *ok = 0; /* NaN fails too */
}
IB_HD ib1 ib1_exact(double v) {
  ib1 r = {v, 0, 0};
  return r;
}

/* ---------------------------------------------------------------------------------
 * Arithmetic. */

/* a + b. (s, e) = two_sum(a_h, b_h) (exact, R2); t = RN(a_l + b_l); t2 = RN(t + e);
 * (h, l) = two_sum(s, t2) (exact). The midpoint's error is that of t and t2 alone: by
 * (R1) |t - (a_l + b_l)| <= u |t|, zero when a_l or b_l is 0 (adding 0 is exact), and
 * |t2 - (t + e)| <= u |t2|, zero when t or e is 0. The radius: r_a + r_b + that error,
 * every sum rounded up. */
IB_HD void ib1_add(ib1 *r, const ib1 *a, const ib1 *b, int *ok) {
  double s, e, h, l;
  ib1_two_sum(a->h, b->h, &s, &e);
  const double t = a->l + b->l, t2 = t + e;
  ib1_two_sum(s, t2, &h, &l);
  double E = 0;
  if (a->l != 0 && b->l != 0) E = fabs(t);
  if (t != 0 && e != 0) E = ib1_ru_add(E, fabs(t2));
  const double rad = ib1_ru_add(ib1_ru_add(a->r, b->r), ib1_ru_mul(E, 0x1p-53));
  r->h = h, r->l = l, r->r = rad;
  ib1_fits(r, ok);
}
IB_HD void ib1_neg(ib1 *r, const ib1 *a) { r->h = -a->h, r->l = -a->l, r->r = a->r; }
IB_HD void ib1_sub(ib1 *r, const ib1 *a, const ib1 *b, int *ok) {
  ib1 nb;
  ib1_neg(&nb, b);
  ib1_add(r, a, &nb, ok);
}
/* |a|: (|m|, r) holds |x| for every x of (m, r), as ||x| - |m|| <= |x - m|; the sign of m
 * is h's (|l| <= half an ulp of h, or h = l = 0) */
IB_HD void ib1_abs(ib1 *r, const ib1 *a) {
  if (a->h < 0) ib1_neg(r, a);
  else *r = *a;
}

/* a b. The midpoints' product is (a_h + a_l)(b_h + b_l) = p + q + a_h b_l + a_l b_h + a_l b_l
 * with p = RN(a_h b_h), q = fma(a_h, b_h, -p) exact (R3: |a_h|, |b_h| >= 2^-480 by the
 * invariant, or one is 0 and p = q = 0). Computed: c1 = RN(a_h b_l), c2 = RN(a_l b_h),
 * c3 = RN(c1 + c2), t = RN(q + c3), (h, l) = two_sum(p, t) (exact). With A = |a_h b_l| +
 * |a_l b_h| and eta = 2^-1075 (a product's underflow, R1):
 *   |c1 - a_h b_l| <= u |a_h b_l| + eta, |c2 - a_l b_h| likewise,
 *   |c3 - (c1 + c2)| <= u (|c1| + |c2|) <= u ((1 + u) A + 2 eta),
 *   |t - (q + c3)| <= u (|q| + |c3|), |c3| <= (1 + u)^2 A + 3 eta,
 * so the midpoint's error is at most |a_l b_l| + u A (1 + (1 + u) + (1 + u)^2) + u |q| +
 * eta (2 + 2u + 3u) <= |a_l b_l| + 2^-51 (A + |q|) + 2^-1073, and 0 when a_l = b_l = 0
 * (then c1 = c2 = c3 = 0 and t = q exactly) or a_h or b_h is 0 (then so is its low word,
 * and every term is an exact 0). By the invariant |a_l| <= u |a_h|, so |a_l b_l| <= u A and
 * the bound is at most 2^-50 (A + |q|) + 2^-1073 (u + 2^-51 <= 2^-50). The radius: |x y - m_a m_b| <= |m_a| r_b + |m_b| r_a +
 * r_a r_b with |m| <= |h| + |l|, plus the midpoint's error, all rounded up. */
IB_HD void ib1_mul(ib1 *r, const ib1 *a, const ib1 *b, int *ok) {
  const double p = a->h * b->h, q = p == 0 ? 0 : fma(a->h, b->h, -p);
  const double c1 = a->h * b->l, c2 = a->l * b->h, c3 = c1 + c2, t = q + c3;
  double h, l;
  ib1_two_sum(p, t, &h, &l);
  double E = 0;
  if ((a->l != 0 || b->l != 0) && a->h != 0 && b->h != 0) {
    const double A = ib1_ru_add(ib1_ru_mul(fabs(a->h), fabs(b->l)), ib1_ru_mul(fabs(a->l), fabs(b->h)));
    E = ib1_ru_add(ib1_ru_mul(ib1_ru_add(A, fabs(q)), 0x1p-50), 0x1p-1073);
  }
  double rad = E;
  if (b->r != 0) rad = ib1_ru_add(rad, ib1_ru_mul(ib1_ru_add(fabs(a->h), fabs(a->l)), b->r));
  if (a->r != 0) rad = ib1_ru_add(rad, ib1_ru_mul(ib1_ru_add(fabs(b->h), fabs(b->l)), a->r));
  rad = ib1_ru_add(rad, ib1_ru_mul(a->r, b->r));
  r->h = h, r->l = l, r->r = rad;
  ib1_fits(r, ok);
}

/* a 2^k, k an integer: h 2^k is exact within the range (checked after); l 2^k is exact
 * unless it lands below 2^-1022, where it loses less than 2^-1075 (added to the radius);
 * the radius is scaled rounding up */
IB_HD void ib1_scale(ib1 *r, const ib1 *a, int k, int *ok) {
  if (k > 960 || k < -960) {
    *ok = 0;
    return;
  }
  const double l = ldexp(a->l, k);
  double rad = a->r == 0 ? 0 : ib1_ru_mul(a->r, ldexp(1.0, k));
  if (a->l != 0 && fabs(l) < 0x1p-1021) rad = ib1_ru_add(rad, 0x1p-1074); /* l may even round to 0 */
  r->h = ldexp(a->h, k), r->l = l, r->r = rad;
  ib1_fits(r, ok);
}

/* a / b. For x in a and y in b, x/y - q = (x - q y) / y for any q, so with q = q_h + q_l
 * exact, |x/y - q| <= |R| / min|y| where the ball R = a - q b holds every x - q y and
 * min|y| >= ib1_lower(b) > 0 (a ball that may hold 0 has no rule here). q is a seed
 * (RN(a_h / b_h) corrected once by the residual's high word); no bound rests on it. */
IB_HDN void ib1_div(ib1 *r, const ib1 *a, const ib1 *b, int *ok) {
  const double lb = ib1_lower(b);
  if (!(lb > 0)) {
    *ok = 0;
    return;
  }
  ib1 Q = ib1_exact(a->h / b->h), R;
  ib1_fits(&Q, ok);
  if (!*ok) return;
  ib1_mul(&R, &Q, b, ok);
  ib1_sub(&R, a, &R, ok);
  double qh, ql;
  ib1_two_sum(Q.h, R.h / b->h, &qh, &ql);
  Q.h = qh, Q.l = ql;
  ib1_fits(&Q, ok);
  if (!*ok) return;
  ib1_mul(&R, &Q, b, ok);
  ib1_sub(&R, a, &R, ok);
  r->h = qh, r->l = ql, r->r = ib1_ru_div(ib1_upper(&R), lb);
  ib1_fits(r, ok);
}

/* sqrt(a) for a ball of positive numbers: with s = s_h + s_l > 0 exact, for x in a,
 * |sqrt(x) - s| = |x - s^2| / (sqrt(x) + s) <= |R| / s, R = a - s s holding every x - s^2;
 * s is a seed (RN(sqrt(a_h)) corrected once). */
IB_HDN void ib1_sqrt(ib1 *r, const ib1 *a, int *ok) {
  if (!(a->h > 0) || !(ib1_lower(a) > 0)) {
    *ok = 0;
    return;
  }
  ib1 S = ib1_exact(sqrt(a->h)), R;
  ib1_mul(&R, &S, &S, ok);
  ib1_sub(&R, a, &R, ok);
  double sh, sl;
  ib1_two_sum(S.h, R.h / (2 * S.h), &sh, &sl);
  S.h = sh, S.l = sl;
  ib1_mul(&R, &S, &S, ok);
  ib1_sub(&R, a, &R, ok);
  const double slow = ib1_rd_sub(sh, fabs(sl));
  if (!(slow > 0)) {
    *ok = 0;
    return;
  }
  r->h = sh, r->l = sl, r->r = ib1_ru_div(ib1_upper(&R), slow);
  ib1_fits(r, ok);
}

/* x^m for an integer m: binary powering with ball products, 1 / x^|m| for m < 0 */
IB_HDN void ib1_pow_int(ib1 *r, const ib1 *x, int64_t m, int *ok) {
  ib1 b = *x, acc = ib1_exact(1);
  const uint64_t a = m < 0 ? (uint64_t)0 - (uint64_t)m : (uint64_t)m;
  for (uint64_t k = a; k && *ok; k >>= 1) {
    if (k & 1) ib1_mul(&acc, &acc, &b, ok);
    if (k > 1) ib1_mul(&b, &b, &b, ok);
  }
  if (m < 0 && *ok) {
    const ib1 one = ib1_exact(1);
    ib1_div(&acc, &one, &acc, ok);
  }
  *r = acc;
}

/* ---------------------------------------------------------------------------------
 * Conversions. */

/* the value 0.D 2^e (D[0] with its top bit set, nw >= 1 words; the true value lies in
 * [0.D 2^e, 0.D 2^e + 2^(e - 64 nw)) when inexact, else is 0.D 2^e), negated if neg: its
 * first 53 bits are h and the next 53 are l (both exact, e within the range), and what
 * lies below, under 2^(e - 106) (with nw >= 2: the bits dropped and the inexactness,
 * each a truncation, sum to less than one unit 2^(e - 106)) or 2^(e - 64) (nw = 1: the
 * inexactness alone), is the radius. */
IB_HD void ib1_from_words(ib1 *r, const uint64_t *D, int nw, int64_t e, int neg, int inexact, int *ok) {
  if (e > 470 || e < -470) {
    *ok = 0;
    return;
  }
  const uint64_t d1 = nw > 1 ? D[1] : 0;
  int rest = (d1 & 0x3fffffu) != 0;
  for (int i = 2; i < nw; i++) rest |= D[i] != 0;
  const double h = ldexp((double)(D[0] >> 11), (int)e - 53);
  const double l = ldexp((double)(((D[0] & 0x7ffu) << 42) | (d1 >> 22)), (int)e - 106);
  double rad = 0;
  if (inexact) rad = ldexp(1.0, (int)e - (nw > 1 ? 106 : 64));
  else if (rest) rad = ldexp(1.0, (int)e - 106);
  ib1_two_sum(h, l, &r->h, &r->l);
  if (neg) r->h = -r->h, r->l = -r->l;
  r->r = rad;
  ib1_fits(r, ok);
}
/* a constant of the program (a 1280-bit truncation toward zero, or exact) */
IB_HD void ib1_const(ib1 *r, const struct ib_constant *k, int *ok) {
  if (k->zero) {
    *r = ib1_exact(0);
    if (!k->exact) *ok = 0; /* a value below every word: the generic level's */
    return;
  }
  ib1_from_words(r, k->d, IB_MAXL, k->e, k->neg, !k->exact, ok);
}
#include "ib1_fn.h"

/* ---------------------------------------------------------------------------------
 * The decision. */

/* RN53 of every point of the ball and the sign t of y minus the point, when the same for
 * all: with (y, d) = two_sum(h, l), the midpoint is y + d exactly and y = RN53(y + d).
 * A point is y + d + v with |v| <= r. If r < |d|, d + v has d's sign; if moreover |d| + r
 * is below half the gap from y to its neighbour on d's side, every point lies strictly
 * inside y's rounding interval (no tie): all round to y with t = -sign(d). r = d = 0: the
 * value is y exactly, t = 0. y is normal (the invariant), so the gap is exact. */
IB_HDN int ib1_round53(const ib1 *a, double *y, int *t) {
  if (a->h == 0) return a->r == 0 ? -1 : 0; /* an exact zero: the generic level has its sign (ib_zero.h) */
  double yy, d;
  ib1_two_sum(a->h, a->l, &yy, &d);
  if (d == 0 && a->r == 0) {
    *y = yy, *t = 0;
    return 1;
  }
  if (!(a->r < fabs(d))) return 0;
  /* the neighbour on d's side: away from 0 (bits + 1) when d has y's sign */
  const uint64_t b = d2u(yy);
  const double nb = u2d((d > 0) == (yy > 0) ? b + 1 : b - 1);
  const double half = fabs(nb - yy) * 0.5;
  if (!(ib1_ru_add(fabs(d), a->r) < half)) return 0;
  *y = yy, *t = d > 0 ? -1 : 1;
  return 1;
}

/* ---------------------------------------------------------------------------------
 * The exponent apart. A value on the program's stack is v 2^e: v an ib1 ball (the
 * invariant above) and e an integer, |e| <= IB1_EAPART. e is 0 almost always: each
 * operation first runs as above on operands with e = 0, and only where its result leaves
 * ib1's range (above 2^480 or below 2^-480: e^x beyond x = 333, sinh and cosh there, a
 * product of large factors, a quotient of tiny ones) or an operand has e != 0 do the rules
 * below run. They normalise the operands (v scaled by an exact power of 2 so that
 * 1 <= |h| < 2, the power added to e: ib1_scale, exact for h and l but where l becomes
 * subnormal, which it bounds, the radius rounded up), apply the operation to the
 * normalised balls (which stay far inside the range), and combine the exponents exactly in
 * integers; a result back within [2^-400, 2^400] returns to e = 0. So v 2^e holds every
 * value the operation's exact result takes on its operands' balls, as each rule above
 * proves for v, with no intermediate overflow or underflow however far from binary64 the
 * values go (the generic level's exponent kept apart, ib.h, at ib1's speed). */
#define IB1_EAPART ((int64_t)1 << 60)

/* v 2^e as the same value with 1 <= |h| < 2 (a ball centred at 0 is left as it is) */
IB_HD void ib1s_norm(ib1 *v, int64_t *e, int *ok) {
  if (v->h == 0 || !*ok) return;
  int k;
  frexp(v->h, &k); /* 2^(k-1) <= |h| < 2^k */
  if (k == 1) return;
  ib1_scale(v, v, 1 - k, ok);
  *e += k - 1;
  if (*e > IB1_EAPART || *e < -IB1_EAPART) *ok = 0;
}
/* v 2^e back to e = 0 where its high word then lies within [2^-400, 2^400]: 1 when e is
 * 0 after (an exact 0 included), 0 when it stays apart */
IB_HD int ib1s_denorm(ib1 *v, int64_t *e, int *ok) {
  if (!*e) return 1;
  if (v->h == 0) {
    if (v->r != 0) return 0;
    *e = 0;
    return 1;
  }
  int k;
  frexp(v->h, &k);
  const int64_t lg = (int64_t)k + *e;
  if (lg < -400 || lg > 400) return 0;
  ib1_scale(v, v, (int)*e, ok); /* |e| = |lg - k| <= 400 + 481, within ib1_scale's 960 */
  *e = 0;
  return 1;
}

/* a 2^ea times (or, div, over) b 2^eb: on e = 0 operands ib1_mul (ib1_div) as it is; where
 * that leaves the range or an exponent is apart, on the normalised balls, the exponents
 * added (subtracted) */
IB_HDN void ib1s_muldiv(ib1 *r, int64_t *er, const ib1 *a, int64_t ea, const ib1 *b, int64_t eb, int div, int *ok) {
  if (!ea && !eb) {
    int ok1 = 1;
    ib1 t;
    if (div) ib1_div(&t, a, b, &ok1);
    else ib1_mul(&t, a, b, &ok1);
    if (ok1) {
      *r = t, *er = 0;
      return;
    }
  }
  ib1 A = *a, B = *b;
  ib1s_norm(&A, &ea, ok);
  ib1s_norm(&B, &eb, ok);
  if (div) ib1_div(r, &A, &B, ok);
  else ib1_mul(r, &A, &B, ok);
  *er = div ? ea - eb : ea + eb; /* each within 2^60: no overflow */
  if (*er > IB1_EAPART || *er < -IB1_EAPART) *ok = 0;
  ib1s_denorm(r, er, ok);
}
IB_HDN void ib1s_mul(ib1 *r, int64_t *er, const ib1 *a, int64_t ea, const ib1 *b, int64_t eb, int *ok) {
  ib1s_muldiv(r, er, a, ea, b, eb, 0, ok);
}
IB_HDN void ib1s_div(ib1 *r, int64_t *er, const ib1 *a, int64_t ea, const ib1 *b, int64_t eb, int *ok) {
  ib1s_muldiv(r, er, a, ea, b, eb, 1, ok);
}
/* a 2^ea + b 2^eb. Normalised, with ea >= eb and d = ea - eb: for d <= 400, a's ball
 * scaled by 2^d (|h| < 2^401, exact as ib1_scale says) is added to b's at exponent eb; for
 * d > 400, |b 2^eb| <= upper(b) 2^-d 2^ea, which joins a's radius (upper(b) < 2^k: 2^-1000
 * bounds it where k - d < -1000, else the scaling is exact, its result a normal number). */
IB_HDN void ib1s_add(ib1 *r, int64_t *er, const ib1 *a, int64_t ea, const ib1 *b, int64_t eb, int *ok) {
  if (ea == eb) {
    int ok1 = 1;
    ib1 t;
    ib1_add(&t, a, b, &ok1);
    if (ok1) {
      *r = t, *er = ea;
      if (ea) ib1s_denorm(r, er, ok);
      return;
    }
  }
  ib1 A = *a, B = *b;
  ib1s_norm(&A, &ea, ok);
  ib1s_norm(&B, &eb, ok);
  if (!*ok) return;
  if (A.h == 0 || B.h == 0) { /* an exact 0 adds nothing; a ball centred at 0 has no rule */
    if (A.h == 0 && A.r == 0) *r = B, *er = eb;
    else if (B.h == 0 && B.r == 0) *r = A, *er = ea;
    else *ok = 0;
    return;
  }
  if (ea < eb) {
    const ib1 T = A;
    const int64_t te = ea;
    A = B, ea = eb, B = T, eb = te;
  }
  const int64_t d = ea - eb;
  if (d <= 400) {
    ib1_scale(&A, &A, (int)d, ok);
    ib1_add(r, &A, &B, ok);
    *er = eb;
  } else {
    const double ub = ib1_upper(&B);
    int k;
    frexp(ub, &k);
    const double add = (int64_t)k - d < -1000 ? 0x1p-1000 : ldexp(ub, (int)-d);
    *r = A;
    r->r = ib1_ru_add(A.r, add);
    *er = ea;
    ib1_fits(r, ok);
  }
  ib1s_denorm(r, er, ok);
}
/* x^m by binary powering, every product through ib1s_mul */
IB_HDN void ib1s_pow_int(ib1 *r, int64_t *er, const ib1 *x, int64_t ex, int64_t m, int *ok) {
  if (!ex) {
    int ok1 = 1;
    ib1 t;
    ib1_pow_int(&t, x, m, &ok1);
    if (ok1) {
      *r = t, *er = 0;
      return;
    }
  }
  ib1 b = *x, acc = ib1_exact(1);
  int64_t eb = ex, eacc = 0;
  const uint64_t a = m < 0 ? (uint64_t)0 - (uint64_t)m : (uint64_t)m;
  for (uint64_t k = a; k && *ok; k >>= 1) {
    if (k & 1) ib1s_mul(&acc, &eacc, &acc, eacc, &b, eb, ok);
    if (k > 1) ib1s_mul(&b, &eb, &b, eb, &b, eb, ok);
  }
  if (m < 0 && *ok) {
    const ib1 one = ib1_exact(1);
    ib1s_div(&acc, &eacc, &one, 0, &acc, eacc, ok);
  }
  *r = acc, *er = eacc;
}
/* e^x = 2^k e^(x - k log 2) as ib1_exp, for |x| up to 2^40, the power 2^k kept apart:
 * k = RN(x_h / log 2), |k| < 2^41 exact; k log 2 from the 106-bit ball of log 2, its error
 * at most 2^41 2^-106 (the reduced argument keeps 2^-65 absolute); expm1_small needs
 * |x - k log 2| <= 0.36 at every point (it fails otherwise). */
IB_HDN void ib1s_exp(ib1 *r, int64_t *er, const ib1 *x, int *ok) {
  if (!(ib1_upper(x) <= 0x1p40)) {
    *ok = 0;
    return;
  }
  const double kd = nearbyint(x->h * 1.4426950408889634);
  const ib1 ln2 = ib1_table_const(IB_LN2_D, IB_LN2_E, ok), K = ib1_exact(kd), one = ib1_exact(1);
  ib1 P, t;
  ib1_mul(&P, &K, &ln2, ok);
  ib1_sub(&t, x, &P, ok);
  ib1_expm1_small(&t, &t, ok);
  ib1_add(r, &t, &one, ok);
  *er = (int64_t)kd;
  ib1s_denorm(r, er, ok);
}
/* sinh and cosh for |x| >= 40 at every point: (e^|x| +- e^-|x|)/2 = (e^|x|/2)(1 +- e^-2|x|)
 * with e^-2|x| <= e^-80 < 2^-115: e^|x|/2, its radius grown by 2^-115 of its magnitude;
 * sinh takes x's sign */
IB_HDN void ib1s_hyp(ib1 *r, int64_t *er, const ib1 *x, int fn, int *ok) {
  ib1 ax;
  ib1_abs(&ax, x);
  const int neg = x->h < 0; /* r may be x */
  if (!(ib1_lower(&ax) >= 40)) {
    *ok = 0;
    return;
  }
  ib1s_exp(r, er, &ax, ok);
  if (!*ok) return;
  r->r = ib1_ru_add(r->r, ib1_ru_mul(ib1_upper(r), 0x1p-115));
  ib1_fits(r, ok);
  *er -= 1;
  if (fn == IBF_SINH && neg) ib1_neg(r, r);
  ib1s_denorm(r, er, ok);
}
/* fn(x 2^ex): where ex = 0 (or x 2^ex returns to it), ib1_fn, and where that fails, e^x,
 * e^x - 1, sinh and cosh beyond ib1's range; where ex stays apart, the rules that carry
 * the exponent exactly: |x|, 1/x, sqrt (an odd exponent moved into the ball first) and
 * 1/sqrt, log (log(v 2^e) = log v + e log 2, e < 2^53 exact) */
IB_HDN void ib1s_fn(ib1 *r, int64_t *er, const ib1 *x, int64_t ex, int fn, int *ok) {
  ib1 v = *x;
  int64_t e = ex;
  const ib1 one = ib1_exact(1);
  if (!ib1s_denorm(&v, &e, ok)) {
    switch (fn) {
    case IBF_FABS: ib1_abs(r, &v), *er = e; return;
    case IBF_RECIP: ib1s_div(r, er, &one, 0, &v, e, ok); return;
    case IBF_SQRT:
    case IBF_RSQRT: {
      ib1s_norm(&v, &e, ok);
      if (e & 1) { /* an odd exponent, either sign: v 2, e - 1 */
        ib1_scale(&v, &v, 1, ok);
        e -= 1;
      }
      ib1 s;
      ib1_sqrt(&s, &v, ok);
      if (fn == IBF_SQRT) *r = s, *er = e / 2;
      else ib1s_div(r, er, &one, 0, &s, e / 2, ok);
      return;
    }
    case IBF_LOG: {
      ib1s_norm(&v, &e, ok);
      if (e > ((int64_t)1 << 52) || e < -((int64_t)1 << 52)) *ok = 0;
      const ib1 ln2 = ib1_table_const(IB_LN2_D, IB_LN2_E, ok), K = ib1_exact((double)e);
      ib1 L, P;
      ib1_log(&L, &v, ok);
      ib1_mul(&P, &K, &ln2, ok);
      ib1_add(r, &L, &P, ok);
      *er = 0;
      return;
    }
    default: *ok = 0; return;
    }
  }
  int ok1 = 1;
  ib1 t;
  ib1_fn(&t, &v, fn, &ok1);
  if (ok1) {
    *r = t, *er = 0;
    return;
  }
  switch (fn) {
  case IBF_EXP: ib1s_exp(r, er, &v, ok); return;
  case IBF_EXPM1: { /* beyond the range only for x > 333: e^x - 1 */
    const ib1 m1 = ib1_exact(-1);
    ib1s_exp(r, er, &v, ok);
    if (*ok) ib1s_add(r, er, r, *er, &m1, 0, ok);
    return;
  }
  case IBF_SINH:
  case IBF_COSH: ib1s_hyp(r, er, &v, fn, ok); return;
  default: *ok = 0;
  }
}
/* RN53 of v 2^e where e stays apart. Beyond binary64 at every point of the ball, as the
 * generic level's ib_round53 answers: |x| >= 2^1024, an infinity of x's sign, t its sign;
 * |x| <= 2^-1076 (below half the least subnormal), a zero of x's sign, t opposite. Normal
 * at every point: RN53(v) scaled (0 where v does not round to one pair). -1 otherwise (the
 * generic level decides). */
IB_HDN int ib1s_round53_far(const ib1 *a, int64_t e, double *y, int *t) {
  const double lo = ib1_lower(a), up = ib1_upper(a);
  if (a->h == 0 || !(lo > 0)) return -1;
  int kl, ku;
  frexp(lo, &kl); /* lo >= 2^(kl - 1) */
  frexp(up, &ku); /* up < 2^ku */
  const int neg = a->h < 0;
  if ((int64_t)kl - 1 + e >= 1024) {
    *y = neg ? -INFINITY : INFINITY, *t = neg ? -1 : 1;
    return 1;
  }
  if ((int64_t)ku + e <= -1076) {
    *y = neg ? -0.0 : 0.0, *t = neg ? 1 : -1;
    return 1;
  }
  if ((int64_t)kl - 1 + e >= -1022 && (int64_t)ku + e <= 1024) {
    /* every point normal in binary64 (at most 2^1024 in magnitude): RN53 commutes with
     * the scaling by 2^e there, so RN53(x) = RN53(v) 2^e with the same t; a y of 2 at
     * 2^1023 is 2^1024, RN53's infinity (t: above x, as for RN53(v) = 2) */
    double yv;
    int tv;
    const int d = ib1_round53(a, &yv, &tv);
    if (d == 1) *y = ldexp(yv, (int)e), *t = tv;
    return d;
  }
  return -1;
}

/* The program at x (binary32 bits, finite) in ib1 with the exponent apart: 1 and *out 2^*eout,
 * or 0 when it calls a function without a rule here or an operation has no rule for its
 * operands (the generic level decides). */
IB_HDN int ib1_eval(const struct ib_prog *P, uint32_t x, ib1 *out, int64_t *eout) {
  for (int i = 0; i < P->n_ins; i++)
    if (P->ins[i].op == IBO_FN && !ib1_has_rule(P->ins[i].fn)) return 0;
  ib1 st[IB_STACK];
  int64_t se[IB_STACK];
  int sp = 0, ok = 1;
  for (int i = 0; i < P->n_ins && ok; i++) {
    const struct ib_ins in = P->ins[i];
    ib1 *a = sp >= 2 ? &st[sp - 2] : st, *b = sp >= 1 ? &st[sp - 1] : st;
    int64_t *ea = sp >= 2 ? &se[sp - 2] : se, *eb = sp >= 1 ? &se[sp - 1] : se;
    switch (in.op) {
    case IBO_X: {
      float f;
      memcpy(&f, &x, 4);
      se[sp] = 0;
      st[sp++] = ib1_exact((double)f);
      break;
    }
    case IBO_CONST:
      se[sp] = 0;
      ib1_const(&st[sp++], &P->k[in.p], &ok);
      break;
    case IBO_NEG: ib1_neg(b, b); break;
    case IBO_ADD: ib1s_add(a, ea, a, *ea, b, *eb, &ok), sp--; break;
    case IBO_SUB: {
      ib1 nb;
      ib1_neg(&nb, b);
      ib1s_add(a, ea, a, *ea, &nb, *eb, &ok), sp--;
      break;
    }
    case IBO_MUL: ib1s_mul(a, ea, a, *ea, b, *eb, &ok), sp--; break;
    case IBO_DIV: ib1s_div(a, ea, a, *ea, b, *eb, &ok), sp--; break;
    case IBO_POW:
      if (in.q == 1) ib1s_pow_int(b, eb, b, *eb, in.p, &ok);
      else if (ib1s_denorm(b, eb, &ok)) ib1_pow_frac(b, b, in.p, in.q, &ok);
      else ok = 0;
      break;
    case IBO_FN: ib1s_fn(b, eb, b, *eb, in.fn, &ok); break;
    default: ok = 0;
    }
  }
  if (sp != 1) ok = 0;
  if (ok) *out = st[0], *eout = se[0];
  return ok;
}

/* The fast first precision of input x: 1 and (y, t) when its ball rounds to one pair at
 * every point; 0 when it does not (more words may: the caller goes on to 2 words); -1 when
 * the program or an operation has no fast rule here (the caller runs the generic 1-word
 * level). */
IB_HDN int ib1_decide(const struct ib_prog *P, uint32_t x, double *y, int *t) {
  ib1 r;
  int64_t e;
  int ok = 1;
  if (!ib1_eval(P, x, &r, &e)) return -1;
  if (e && !ib1s_denorm(&r, &e, &ok)) return ib1s_round53_far(&r, e, y, t);
  if (!ok) return -1;
  return ib1_round53(&r, y, t);
}

#endif
