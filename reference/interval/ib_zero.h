/* ib_zero.h: exact zeros and their IEEE signs in the ball program (ib_prog.h).
 *
 * A ball that is an exact zero (midpoint 0, radius 0, not saturated, no side: ib_exact0)
 * says nothing of the zero's sign, which binary64 keeps (y = +0 or -0). The interpreter
 * therefore tracks, beside each stack slot, the sign the zero has (z: +1, -1, or 0 when no
 * rule gives it), computed operation by operation with the rules the host's exact path
 * applies (reference/expr/expr.c, exact_eval: MPFR in MPFR_RNDN on exact operands, IEEE 754
 * special values):
 *  - x is +-0 at the inputs +-0; a constant 0 is +0;
 *  - -a flips the sign (mpfr_neg);
 *  - a + b = 0 exactly: -0 when both are -0, else +0 (a, b exact zeros of known signs, or
 *    both nonzero: mpfr_add / mpfr_sub in RNDN, IEEE 754 6.3); a - b is a + (-b);
 *  - a * b, a / b with a zero operand: the product of the signs (mpfr_mul, mpfr_div); the
 *    nonzero operand's sign is its ball's when the ball excludes 0 (a slot kept as a
 *    logarithm, (-1)^vn e^L, has the sign of (-1)^vn), else none;
 *  - a^(p/q) (p > 0) of a zero: mpfr_rootn_ui then mpfr_pow_si, as the host: the root of
 *    -0 for an even q is +0 (MPFR's rootn_ui, IEEE 754 rootn), for an odd q -0; -0 to an
 *    odd p is -0, to an even p +0;
 *  - f(+-0) = +-0 for the odd functions with f(0) = 0 (expm1, log1p, sqrt, cbrt, sin, tan,
 *    atan, sinh, tanh, erf, sinpi, asin, asinh, atanh, erfinv) and the step functions
 *    (floor, ceil, trunc, round, rint: mpfr_floor etc. keep the sign of a zero); fabs(+-0)
 *    = +0;
 *  - a zero at a nonzero argument: the step functions give the argument's sign (floor(0.3)
 *    = +0, ceil(-0.3) = trunc(-0.3) = round(-0.3) = rint(-0.3) = -0: IEEE 754 5.3.1 and
 *    5.9), sinpi(n) the sign of n (IEEE 754 9.2.1: sinPi(-n) = -0); log, log2, log10,
 *    acosh at 1, acos(1), logb(+-1), erfcinv(1), normcdfinv(1/2) and cospi(n + 1/2) are +0
 *    (MPFR's log(1) = +0, acos(1) = +0, acosh(1) = +0; the others as the catalogue's
 *    referees return them: tests/unit/test_ibzero.c checks every rule against the host).
 * Any other way a zero arises gets no sign (0): it is left to the host, never guessed.
 *
 * Which path the host takes. The host's exact path runs at EXPR_EXACT_PREC (512) bits; it
 * gives the signed zero only where every operation is exact there. Where it is not, the
 * host's Arb balls decide an exactly-zero ball as +0 (ref_arb_round_ball), or cannot
 * decide. So beside z each slot keeps h: the host's exact path surely reaches this slot's
 * value exactly (the ball is exact and its midpoint has at most 512 significant bits, and
 * every operand's h; for 0 * b and 0 / b with b inexact, the host's rule asks b's sign of
 * Arb at 256 bits, taken here as the ball's). A zero is decided:
 *  - +0 whenever z = +1: the IEEE value; the host's exact path gives it, or its Arb path
 *    gives +0 or nothing (then the balls decide where MPFR cannot, with the value the
 *    reference defines: IEEE 754's rules applied to the exact operands);
 *  - -0 only where z = -1 and h: the host's exact path gives -0; where it cannot (h = 0),
 *    the host's Arb path would answer +0, so the input is left to the host.
 *
 * Trusted: included by ib_prog.h after its enums. */
#ifndef ULPCERT_IB_ZERO_H
#define ULPCERT_IB_ZERO_H

#define IB_Z_EXACT_BITS 512 /* EXPR_EXACT_PREC: the host's exact path's precision */

/* the ball is exact and its midpoint has at most IB_Z_EXACT_BITS significant bits */
IB_HD int ib_z_fits(const ib *a) {
  if (a->sat || a->side || a->r.m) return 0;
  if (a->zero) return 1;
  int i = a->l - 1;
  while (i > 0 && !a->d[i]) i--;
  const uint64_t w = a->d[i];
  int tz = 0;
  while (tz < 64 && !((w >> tz) & 1)) tz++;
  return 64 * i + 64 - tz <= IB_Z_EXACT_BITS;
}

/* the sign of a slot (a ball, or (-1)^vn e^L when lg) where it excludes 0, else 0 */
IB_HD int ib_z_sign(const ib *a, int lg, int vn) {
  if (lg) return vn ? -1 : 1;
  return ib_sign(a);
}

/* the slot is an exact zero */
IB_HD int ib_z_is0(const ib *a, int lg) { return !lg && ib_exact0(a); }

/* what a slot's operands were, taken before the operation overwrites them */
struct ib_z_in {
  signed char e, z, h, s; /* an exact zero; its sign; the host's exact path reaches it; the nonzero sign */
};
IB_HD struct ib_z_in ib_z_take(const ib *a, int lg, int vn, signed char z, signed char h) {
  struct ib_z_in t;
  t.e = (signed char)ib_z_is0(a, lg);
  t.z = t.e ? z : 0;
  t.h = h;
  t.s = t.e ? 0 : (signed char)ib_z_sign(a, lg, vn);
  return t;
}

/* a binary operation's result r (slot lg rl): its zero sign *z and *h */
IB_HD void ib_z_binop(int op, const ib *r, int rl, struct ib_z_in a, struct ib_z_in b, signed char *z,
                      signed char *h) {
  const int r0 = ib_z_is0(r, rl);
  *z = 0;
  *h = (signed char)(a.h && b.h && !rl && ib_z_fits(r));
  if (!r0) return;
  if (op == IBO_ADD || op == IBO_SUB) {
    const int zb = op == IBO_SUB ? -b.z : b.z;
    if (a.e && b.e) *z = (signed char)(a.z && zb ? (a.z < 0 && zb < 0 ? -1 : 1) : 0);
    else if (!a.e && !b.e) *z = 1; /* x - x = +0: two exact nonzero operands */
    return;
  }
  if (op != IBO_MUL && op != IBO_DIV) return;
  if (a.e) { /* 0 * b, 0 / b: the host's rule asks b's sign where b is not exact */
    const int sb = b.e ? (op == IBO_MUL ? b.z : 0) : b.s;
    *z = (signed char)(a.z * sb);
    *h = (signed char)(a.h && (b.e ? b.h : b.h || sb != 0));
  } else if (b.e && op == IBO_MUL) {
    *z = (signed char)(a.s * b.z);
  }
}

/* fn's result r (slot lg rl) from the argument a */
IB_HD void ib_z_fn(int fn, const ib *r, int rl, struct ib_z_in a, signed char *z, signed char *h) {
  *z = 0;
  *h = (signed char)(a.h && !rl && ib_z_fits(r));
  if (!ib_z_is0(r, rl)) return;
  switch (fn) {
  case IBF_EXPM1: case IBF_LOG1P: case IBF_SQRT: case IBF_CBRT: case IBF_SIN: case IBF_TAN: case IBF_ATAN:
  case IBF_SINH: case IBF_TANH: case IBF_ERF: case IBF_ASIN: case IBF_ASINH: case IBF_ATANH: case IBF_ERFINV:
    *z = a.e ? a.z : 0;
    return;
  case IBF_SINPI: case IBF_FLOOR: case IBF_CEIL: case IBF_TRUNC: case IBF_ROUND: case IBF_RINT:
    *z = a.e ? a.z : a.s;
    return;
  case IBF_FABS: *z = 1; return;
  case IBF_LOG: case IBF_LOG2: case IBF_LOG10: case IBF_ACOS: case IBF_ACOSH: case IBF_LOGB: case IBF_ERFCINV:
  case IBF_NORMCDFINV: case IBF_COSPI:
    *z = a.e ? 0 : 1;
    return;
  default: return;
  }
}

/* a^(p/q) of the argument a */
IB_HD void ib_z_pow(int32_t p, int32_t q, const ib *r, int rl, struct ib_z_in a, signed char *z, signed char *h) {
  *z = 0;
  *h = (signed char)(a.h && !rl && ib_z_fits(r));
  if (!ib_z_is0(r, rl) || !a.e || p <= 0) return;
  *z = (signed char)(!(q & 1) || !(p & 1) ? 1 : a.z);
}

/* the decision of a result that is an exact zero: +1 (+0), -1 (-0), 0 none */
IB_HD int ib_z_decide(signed char z, signed char h) { return z > 0 ? 1 : z < 0 && h ? -1 : 0; }

#endif
