/* ib_inf.h: exact infinities (poles) and the NaNs they lead to in the ball program
 * (ib_prog.h), with the values the host's exact path gives.
 *
 * A ball cannot be an infinity. Where an operation's exact operands give an infinity
 * (1/+-0, log(+-0), lgamma at 0 and the negative integers, atanh(+-1), ...), the
 * interpreter keeps beside the slot its state f: +1 (+inf), -1 (-inf) or IB_INF_NAN (a
 * NaN met on the host's exact path), the ball itself a placeholder (an exact 0) that no
 * operation reads. Every operation on such a slot is decided here, by the rules the host's
 * exact path applies (reference/expr/expr.c, exact_eval: each operation an MPFR call or the
 * catalogue's referee in MPFR_RNDN on exact operands; an infinity is exact, ternary 0), or
 * left to the host (the evaluation fails 2). The host reaches an infinity only by its
 * exact path: where any operation is inexact there, it turns to Arb balls, which have no
 * exact infinity (an indeterminate ball: the host cannot decide). So every rule here asks
 * that every operand be on the host's exact path (ib_zero.h's h), and a result that is an
 * inexact function of an infinity (atan(+inf) = pi/2) is left to the host.
 *
 * Where an infinity arises, from exact operands (a zero's sign z from ib_zero.h):
 *  - a / b with b an exact zero of sign z: +-inf of the sign of a times z (a nonzero,
 *    of known sign); 0 / 0 is NaN;
 *  - a^(p/q), p < 0, of an exact zero: the root (mpfr_rootn_ui: +0 for an even q, the
 *    zero's sign for an odd q), then mpfr_pow_si: +inf for an even p, the root's sign
 *    for an odd p;
 *  - f at its pole: log, log2, log10, logb, y0, y1 at +-0: -inf; lgamma at +-0 and at
 *    every negative integer: +inf; recip, rsqrt, rcbrt, tgamma at +-0: +-inf (the zero's
 *    sign); log1p(-1), normcdfinv(+-0), erfcinv(2): -inf; erfcinv(+-0), normcdfinv(1):
 *    +inf; atanh(+-1), erfinv(+-1): +-inf.
 * How an infinity or a NaN goes on (IEEE 754 / MPFR special values):
 *  - -(+-inf) = -+inf; NaN op anything = NaN (but x^0: left to the host, pow_si(NaN, 0) = 1);
 *  - inf + finite = inf; inf + inf of one sign = inf, of opposite signs NaN (a - b is
 *    a + (-b));
 *  - inf * b: the signs' product for b nonzero or infinite; inf * 0 = NaN;
 *  - inf / b: the signs' product for b finite (a zero of known sign included); b / inf:
 *    a zero of the signs' product for b finite; inf / inf = NaN;
 *  - inf^(p/q): the root of -inf for an even q is NaN; p > 0: inf (the sign for an odd
 *    p); p < 0: a zero (likewise);
 *  - f(+-inf): the table in ib_inf_at (exp(-inf) = +0, tanh(+-inf) = +-1, erfc(-inf) =
 *    2, sin(inf) = NaN, ...); each entry checked against the host by
 *    tests/unit/test_ibinf.c. atan's pi/2 and every function without an entry: the host's.
 * Any operand off the host's exact path (h = 0: an inexact ball, a value kept as a
 * logarithm) next to an infinity: the host's.
 *
 * The result of a program in such a state: y = +-inf or the NaN (IB_NAN_BITS), t = 0.
 *
 * Trusted: included by ib_prog.h after ib_zero.h. */
#ifndef ULPCERT_IB_INF_H
#define ULPCERT_IB_INF_H

#define IB_INF_NAN 2 /* a slot's state: a NaN on the host's exact path */

/* what an operation gives (IBI_NO: not an infinity's operation, the balls go on) */
enum { IBI_NO, IBI_HOST, IBI_PINF, IBI_NINF, IBI_NAN, IBI_P0, IBI_N0, IBI_P1, IBI_N1, IBI_P2 };

IB_HD int ib_inf_of(int s) { return s > 0 ? IBI_PINF : IBI_NINF; }
IB_HD int ib_inf_zero(int s) { return s > 0 ? IBI_P0 : IBI_N0; }

/* a binary operation on slots of states fa, fb (operands a, b as ib_z_take saw them) */
IB_HD int ib_inf_binop(int op, int fa, int fb, struct ib_z_in a, struct ib_z_in b) {
  if (!fa && !fb) { /* a division by an exact zero on the host's exact path */
    if (op != IBO_DIV || !b.e || !a.h || !b.h) return IBI_NO;
    if (a.e) return IBI_NAN;
    return a.s && b.z ? ib_inf_of(a.s * b.z) : IBI_NO;
  }
  if (!a.h || !b.h) return IBI_HOST;
  if (fa == IB_INF_NAN || fb == IB_INF_NAN) return IBI_NAN;
  if (op == IBO_ADD || op == IBO_SUB) {
    const int sb = op == IBO_SUB ? -fb : fb;
    if (fa && fb) return fa == sb ? ib_inf_of(fa) : IBI_NAN;
    return ib_inf_of(fa ? fa : sb);
  }
  if (op == IBO_MUL) {
    if (fa && fb) return ib_inf_of(fa * fb);
    const struct ib_z_in o = fa ? b : a;
    if (o.e) return IBI_NAN;
    return o.s ? ib_inf_of((fa ? fa : fb) * o.s) : IBI_HOST;
  }
  if (fa && fb) return IBI_NAN; /* inf / inf */
  if (fa) {
    const int s = b.e ? b.z : b.s;
    return s ? ib_inf_of(fa * s) : IBI_HOST;
  }
  const int s = a.e ? a.z : a.s;
  return s ? ib_inf_zero(s * fb) : IBI_HOST;
}

/* a^(p/q) of a slot of state f (the operand a) */
IB_HD int ib_inf_pow(int32_t p, int32_t q, int f, struct ib_z_in a) {
  if (!f) {
    if (p >= 0 || !a.e || !a.h) return IBI_NO;
    const int r = q & 1 ? a.z : 1; /* the root of the zero */
    if (!(p & 1)) return IBI_PINF;
    return r ? ib_inf_of(r) : IBI_HOST;
  }
  if (p == 0) return IBI_HOST; /* pow_si(inf or NaN, 0) = 1 */
  if (f == IB_INF_NAN || (f < 0 && !(q & 1))) return IBI_NAN;
  const int s = p & 1 ? f : 1;
  return p > 0 ? ib_inf_of(s) : ib_inf_zero(s);
}

/* fn(s inf), s = +-1 */
IB_HD int ib_inf_at(int fn, int s) {
  const int pos = s > 0;
  switch (fn) {
  case IBF_EXP: case IBF_EXP2: case IBF_EXP10: return pos ? IBI_PINF : IBI_P0;
  case IBF_EXPM1: case IBF_ELU: return pos ? IBI_PINF : IBI_N1;
  case IBF_LOG: case IBF_LOG2: case IBF_LOG10: case IBF_LOG1P: case IBF_SQRT: case IBF_ACOSH: case IBF_TGAMMA:
    return pos ? IBI_PINF : IBI_NAN;
  case IBF_RSQRT: case IBF_Y0: case IBF_Y1: return pos ? IBI_P0 : IBI_NAN;
  case IBF_RECIP: case IBF_RCBRT: case IBF_J1: return ib_inf_zero(s);
  case IBF_CBRT: case IBF_SINH: case IBF_ASINH: case IBF_FLOOR: case IBF_CEIL: case IBF_TRUNC: case IBF_ROUND:
  case IBF_RINT: case IBF_I1: return ib_inf_of(s);
  case IBF_COSH: case IBF_FABS: case IBF_LOGB: case IBF_LGAMMA: case IBF_I0: return IBI_PINF;
  case IBF_TANH: case IBF_ERF: return pos ? IBI_P1 : IBI_N1;
  case IBF_ERFC: return pos ? IBI_P0 : IBI_P2;
  case IBF_NORMCDF: return pos ? IBI_P1 : IBI_P0;
  case IBF_ERFCX: return pos ? IBI_P0 : IBI_PINF;
  case IBF_J0: return IBI_P0;
  case IBF_SIN: case IBF_COS: case IBF_TAN: case IBF_SINPI: case IBF_COSPI: case IBF_ASIN: case IBF_ACOS:
  case IBF_ATANH: case IBF_ERFINV: case IBF_ERFCINV: case IBF_NORMCDFINV: return IBI_NAN;
  default: return IBI_HOST; /* atan: pi/2, inexact */
  }
}

/* the exact ball x is the integer k exactly */
IB_HDN int ib_inf_is(const ib_ctx *c, const ib *x, int k) {
  ib_ctx w = {c->n, 0};
  ib kb, d;
  ib_set_si(&w, &kb, k);
  ib_sub(&w, &d, x, &kb);
  return !w.fail && ib_exact0(&d);
}

/* the exact ball x is a negative integer */
IB_HD int ib_inf_negint(const ib *x) {
  if (x->sat || x->r.m || x->side || x->zero || !x->neg) return 0;
  int i = x->l - 1;
  while (i > 0 && !x->d[i]) i--;
  const uint64_t v = x->d[i];
  return v && x->e - 64 * (int64_t)(i + 1) + (63 - ib_clz64(v & (0 - v))) >= 0;
}

/* fn of a slot of state f (the ball x, the operand a as ib_z_take saw it) */
IB_HDN int ib_inf_fn(const ib_ctx *c, int fn, const ib *x, int f, struct ib_z_in a) {
  if (f == IB_INF_NAN) return IBI_NAN;
  if (f) return ib_inf_at(fn, f);
  if (!a.h) return IBI_NO;
  if (a.e) switch (fn) { /* at +-0 */
    case IBF_LOG: case IBF_LOG2: case IBF_LOG10: case IBF_LOGB: case IBF_Y0: case IBF_Y1: case IBF_NORMCDFINV:
      return IBI_NINF;
    case IBF_LGAMMA: case IBF_ERFCINV: return IBI_PINF;
    case IBF_RECIP: case IBF_RSQRT: case IBF_RCBRT: case IBF_TGAMMA: return a.z ? ib_inf_of(a.z) : IBI_NO;
    default: return IBI_NO;
    }
  switch (fn) {
  case IBF_LOG1P: return ib_inf_is(c, x, -1) ? IBI_NINF : IBI_NO;
  case IBF_ATANH: case IBF_ERFINV:
    return ib_inf_is(c, x, 1) ? IBI_PINF : ib_inf_is(c, x, -1) ? IBI_NINF : IBI_NO;
  case IBF_ERFCINV: return ib_inf_is(c, x, 2) ? IBI_NINF : IBI_NO;
  case IBF_NORMCDFINV: return ib_inf_is(c, x, 1) ? IBI_PINF : IBI_NO;
  case IBF_LGAMMA: return ib_inf_negint(x) ? IBI_PINF : IBI_NO;
  default: return IBI_NO;
  }
}

/* the slot (ball s, lg, vn, state f, zero sign z, h) takes the outcome k (not IBI_NO) */
IB_HD void ib_inf_put(ib_ctx *c, int k, ib *s, unsigned char *lg, unsigned char *vn, signed char *f,
                      signed char *z, signed char *h) {
  *lg = *vn = 0, *f = 0, *z = 1, *h = 1;
  switch (k) {
  case IBI_PINF: case IBI_NINF: case IBI_NAN:
    ib_zero(s);
    *f = (signed char)(k == IBI_NAN ? IB_INF_NAN : k == IBI_PINF ? 1 : -1), *z = 0;
    return;
  case IBI_P0: case IBI_N0: ib_zero(s), *z = (signed char)(k == IBI_P0 ? 1 : -1); return;
  case IBI_P1: case IBI_N1: case IBI_P2: ib_set_si(c, s, k == IBI_P1 ? 1 : k == IBI_N1 ? -1 : 2); return;
  default: ib_fail(c, 2), *h = 0; return;
  }
}

#endif
