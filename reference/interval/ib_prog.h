/* ib_prog.h: an expression as a small program the ball evaluator interprets, on the host
 * and the device (one struct, no per-expression compile), and the decision of a binary32
 * input: the program is evaluated in balls of 1, 2, 4, 8, 16 and 20 words (64 to 1280 bits);
 * the first ball that rounds to one pair (y, t) = (RN53 f(x), sign(y - f(x))) at every
 * point gives the answer (ib_round53). What the highest precision cannot decide is left
 * to the host's Arb, never guessed.
 *
 * The first precision is tried in double-word balls first (ib1.h: several times faster);
 * only where those have no rule does the generic 1-word level run.
 *
 * The program is a stack machine in postfix order (reference/expr/expr_ib.c compiles the
 * parsed expression into it). Constants are 1280-bit truncations with their exactness.
 *
 * Trusted: includes only ib_fn.h, ib_inv.h, ib_step.h, ib_gamma.h and ib_bessel.h. */
#ifndef ULPCERT_IB_PROG_H
#define ULPCERT_IB_PROG_H

#include "ib_fn.h"
#include "ib_inv.h"  /* erfinv, erfcinv, normcdfinv */
#include "ib_step.h" /* floor, ceil, trunc, round, rint, logb */
#include "ib_bessel.h" /* j0, j1, y0, y1, cyl_bessel_i0, cyl_bessel_i1 */

#define IB_PROG_MAX 96  /* instructions */
#define IB_CONST_MAX 12 /* constants */
#define IB_STACK 12     /* the depth of the stack */
#define IB_LEVELS 6     /* 1, 2, 4, 8, 16 and 20 words (IB_MAXL: the constants' 1280 bits) */

/* the words of level lev: doubling up to 16, then IB_MAXL. The last level reaches the
 * precision of the constants (ib_const.h, ib_load_const), so that a difference that cancels
 * up to about 1200 bits (1 - sigmoid(x) for x up to 745, where e^-x leaves binary64's range)
 * is still decided on the device. */
IB_HD int ib_level_words(int lev) { return lev < 5 ? 1 << lev : IB_MAXL; }

enum ib_op { IBO_X, IBO_CONST, IBO_NEG, IBO_ADD, IBO_SUB, IBO_MUL, IBO_DIV, IBO_POW, IBO_FN };
/* the functions of the grammar the evaluator has (any other makes no program) */
enum ib_fn {
  IBF_EXP, IBF_EXPM1, IBF_LOG, IBF_LOG1P, IBF_SQRT, IBF_RSQRT, IBF_RECIP, IBF_CBRT, IBF_SIN, IBF_COS,
  IBF_TAN, IBF_ATAN, IBF_SINH, IBF_COSH, IBF_TANH, IBF_ERF, IBF_ERFC, IBF_FABS, IBF_EXP2, IBF_EXP10,
  IBF_LOG2, IBF_LOG10, IBF_RCBRT, IBF_SINPI, IBF_COSPI, IBF_ASIN, IBF_ACOS, IBF_ASINH, IBF_ACOSH, IBF_ATANH,
  IBF_NORMCDF, IBF_ERFCX, IBF_ERFINV, IBF_ERFCINV, IBF_NORMCDFINV, IBF_FLOOR, IBF_CEIL, IBF_TRUNC, IBF_ROUND,
  IBF_RINT, IBF_LOGB, IBF_TGAMMA, IBF_LGAMMA,
  IBF_J0, IBF_J1, IBF_Y0, IBF_Y1, IBF_I0, IBF_I1, /* ib_bessel.h */
  IBF_ELU, IBF_N
};

/* Gamma and log|Gamma| (ib_lg.h's tgamma rule names them) */
#include "ib_gamma.h"

/* the rules for values kept as logarithms (they name the operations above) */
#include "ib_lg.h"
/* exact zeros and their signs (they name the operations above) */
#include "ib_zero.h"
/* exact infinities (poles) and the NaNs they lead to */
#include "ib_inf.h"

struct ib_ins {
  uint8_t op, fn;   /* enum ib_op; IBO_FN: enum ib_fn */
  int32_t p, q;     /* IBO_POW: the exponent p/q (q > 0, in lowest terms); IBO_CONST: p the index */
};
struct ib_constant {
  uint64_t d[IB_MAXL]; /* 0.d 2^e, truncated toward zero */
  int64_t e;
  int neg, zero, exact; /* exact: the truncation is the value */
};
/* an argument checked before the program runs (ib_pre_nan): instructions [start, end)
 * compute it alone, from an empty stack (a subtree: contiguous in postfix order), with no
 * function call (cheap); fn the function it goes to, -1 an even root */
#define IB_PRE_MAX 4
struct ib_pre {
  uint8_t start, end;
  int8_t fn;
};
struct ib_prog {
  int n_ins, n_const, n_pre;
  struct ib_ins ins[IB_PROG_MAX];
  struct ib_constant k[IB_CONST_MAX];
  struct ib_pre pre[IB_PRE_MAX];
};

IB_HD void ib_load_const(ib_ctx *c, ib *r, const struct ib_constant *k) {
  if (k->zero) {
    ib_zero(r);
    return;
  }
  uint64_t X[IB_MAXL];
  for (int i = 0; i < IB_MAXL; i++) X[i] = k->d[i];
  ib_set_words(c, r, X, IB_MAXL, k->e, k->neg, k->exact ? (ib_mag){0, 0} : ibm_pow2(k->e - 64 * IB_MAXL));
}

/* x^m for an integer m (binary powering: each product a ball product) */
IB_HDN void ib_pow_int(ib_ctx *c, ib *r, const ib *x, int64_t m) {
  ib b, acc;
  const uint64_t a = m < 0 ? (uint64_t)0 - (uint64_t)m : (uint64_t)m;
  ib_set_si(c, &acc, 1);
  ib_copy(&b, x);
  for (uint64_t k = a; k; k >>= 1) {
    if (k & 1) ib_mul(c, &acc, &acc, &b);
    if (k > 1) ib_mul(c, &b, &b, &b);
  }
  if (m < 0) {
    ib one;
    ib_set_si(c, &one, 1);
    ib_div(c, &acc, &one, &acc);
  }
  ib_copy(r, &acc);
}

/* x^(p/q), q > 1: the real q-th root of x (q odd: of either sign; q even: x >= 0) to the
 * power p. A root of an exact 0 is 0 (p > 0; p < 0 fails 2: a pole); otherwise
 * |x|^(1/q) = exp(log|x| / q), the sign of x's for odd q; a ball that may reach 0 fails
 * (1), a ball of negatives with even q fails (2: no real value). */
IB_HDN void ib_pow_frac(ib_ctx *c, ib *r, const ib *x, int32_t p, int32_t q) {
  if (x->sat) { /* |x| >= 2^e: |x|^(1/q) >= 2^floor(e/q); |x| <= 2^e: <= 2^ceil(e/q) */
    if (x->neg && !(q & 1)) {
      ib_sat_fail(c, r, 2);
      return;
    }
    const int64_t e = x->e, fl = e >= 0 ? e / q : -((-e + q - 1) / q), ce = e >= 0 ? (e + q - 1) / q : -(-e / q);
    ib a;
    ib_set_sat(&a, x->sat, x->sat > 0 ? fl : ce, x->neg);
    ib_pow_int(c, r, &a, p);
    return;
  }
  if (x->zero && !x->r.m) {
    if (p < 0) ib_fail(c, 2);
    ib_zero(r);
    return;
  }
  const int sg = ib_sign(x);
  if (sg == 0 || (sg < 0 && !(q & 1))) {
    ib_fail(c, sg < 0 ? 2 : 1);
    ib_zero(r);
    r->r = ibm_pow2(IB_EMAX);
    return;
  }
  ib a;
  ib_abs(&a, x);
  ib_log(c, &a, &a);
  ib_div_ui(c, &a, &a, (uint32_t)q);
  ib_exp(c, &a, &a);
  if (sg < 0) ib_neg(&a, &a);
  ib_pow_int(c, r, &a, p);
}

IB_HDN void ib_apply(ib_ctx *c, ib *r, const ib *x, int fn) {
  ib t, u;
  switch (fn) {
  case IBF_EXP: ib_exp(c, r, x); return;
  case IBF_EXPM1: ib_expm1(c, r, x); return;
  case IBF_LOG: ib_log(c, r, x); return;
  case IBF_LOG1P: ib_log1p(c, r, x); return;
  case IBF_SQRT: ib_sqrt(c, r, x); return;
  case IBF_RSQRT:
    ib_sqrt(c, &t, x);
    ib_set_si(c, &u, 1);
    ib_div(c, r, &u, &t);
    return;
  case IBF_RECIP:
    ib_set_si(c, &u, 1);
    ib_div(c, r, &u, x);
    return;
  case IBF_CBRT: ib_pow_frac(c, r, x, 1, 3); return;
  case IBF_SIN: ib_sincos(c, r, &t, x); return;
  case IBF_COS: ib_sincos(c, &t, r, x); return;
  case IBF_TAN:
    ib_sincos(c, &t, &u, x);
    ib_div(c, r, &t, &u);
    return;
  case IBF_ATAN: ib_atan(c, r, x); return;
  case IBF_SINH: ib_sinh(c, r, x); return;
  case IBF_COSH: ib_cosh(c, r, x); return;
  case IBF_TANH: ib_tanh(c, r, x); return;
  case IBF_ERF: ib_erf(c, r, x); return;
  case IBF_ERFC: ib_erfc(c, r, x); return;
  case IBF_ERFCX: ib_erfcx(c, r, x); return;
  case IBF_NORMCDF: ib_normcdf(c, r, x); return;
  case IBF_RCBRT: ib_pow_frac(c, r, x, -1, 3); return;
  case IBF_SINPI: ib_sincospi(c, r, x, 0); return;
  case IBF_COSPI: ib_sincospi(c, r, x, 1); return;
  case IBF_ASIN: ib_asin(c, r, x); return;
  case IBF_ACOS: ib_acos(c, r, x); return;
  case IBF_ASINH: ib_asinh(c, r, x); return;
  case IBF_ACOSH: ib_acosh(c, r, x); return;
  case IBF_ATANH: ib_atanh(c, r, x); return;
  case IBF_FABS: ib_abs(r, x); return;
  case IBF_ELU: /* x for x > 0, expm1(x) for x <= 0 (alpha = 1, the catalogue's elu): a ball
                 * of one sign takes that branch; an exact 0 is 0 (both branches agree); a ball
                 * around 0 fails (1): more words may give it a sign */
    if (!x->sat && x->zero && !x->r.m) {
      ib_zero(r);
      return;
    }
    if (ib_sign(x) > 0) ib_copy(r, x);
    else if (ib_sign(x) < 0) ib_expm1(c, r, x);
    else {
      ib_fail(c, 1);
      ib_zero(r);
      r->r = ibm_pow2(IB_EMAX);
    }
    return;
  case IBF_ERFINV: ib_erfinv(c, r, x); return;
  case IBF_ERFCINV: ib_erfcinv(c, r, x); return;
  case IBF_NORMCDFINV: ib_normcdfinv(c, r, x); return;
  case IBF_FLOOR: ib_step(c, r, x, IB_STEP_FLOOR); return;
  case IBF_CEIL: ib_step(c, r, x, IB_STEP_CEIL); return;
  case IBF_TRUNC: ib_step(c, r, x, IB_STEP_TRUNC); return;
  case IBF_ROUND: ib_step(c, r, x, IB_STEP_ROUND); return;
  case IBF_RINT: ib_step(c, r, x, IB_STEP_RINT); return;
  case IBF_LOGB: ib_logb(c, r, x); return;
  case IBF_TGAMMA: ib_tgamma(c, r, x); return;
  case IBF_LGAMMA: ib_lgamma(c, r, x); return;
  case IBF_J0: case IBF_J1: case IBF_Y0: case IBF_Y1: case IBF_I0: case IBF_I1: /* the order is J, Y, I; nu 0, 1 */
    ib_bessel(c, r, x, "JJYYII"[fn - IBF_J0], (fn - IBF_J0) & 1);
    return;
  case IBF_EXP2: /* 2^x = e^(x log 2) */
  case IBF_EXP10: /* 10^x = e^(x log 10) */
    ib_mul_log_base(c, &t, x, fn == IBF_EXP10);
    ib_exp(c, r, &t);
    return;
  case IBF_LOG2:
  case IBF_LOG10:
    ib_log(c, &t, x);
    ib_log_base(c, &u, fn == IBF_LOG10);
    ib_div(c, r, &t, &u);
    return;
  default: ib_fail(c, 2); ib_zero(r);
  }
}

/* ---------------------------------------------------------------------------------
 * Arguments wholly outside a function's real domain: the value is NaN.
 *
 * The host decides an expression (reference/expr/expr.c, expr_mpfr_formula) by exact MPFR
 * operations when each is exact, else by Arb balls; either gives NaN at an input where the
 * exact argument of an operation lies outside the domain below, whatever the rest of the
 * expression is, except through x^0:
 *  - exact operations: the argument is then exact, the catalogue's referee gives NaN for
 *    it (mpfr_log(-2), mpfr_asin(2), mpfr_rootn_ui(-2, 2), ...), and every later MPFR
 *    operation and referee maps NaN to NaN, exactly (ternary 0: the path goes on) or not
 *    (the path falls to the balls, below); but mpfr_pow_si(NaN, 0) = 1;
 *  - Arb balls (eval_arb): the domain's adapter returns -1 once the argument's ball lies
 *    outside, every node above returns -1, and Ziv's loop answers NaN with ternary 0
 *    (ref_arb_ziv_arg); at a precision where the ball still straddles the edge, Arb's
 *    function gives an indeterminate ball (nan +- inf), which every later Arb operation
 *    keeps indeterminate, so nothing rounds before the NaN is seen, except
 *    arb_pow_fmpz(x, 0) = 1 again.
 * So the NaN is decided only for a program without x^0 (ib_keeps_nan), and only where
 * the ball proves the exact argument outside, with the edges as the host's adapters have
 * them (all_below / all_above: strict): log, log2, log10, sqrt, rsqrt, y0, y1 and even roots below
 * 0, log1p below -1, asin, acos, atanh and erfinv outside [-1, 1], acosh below 1, erfcinv
 * outside [0, 2], normcdfinv outside [0, 1]; tgamma at an exact negative integer (a point,
 * formed exactly on the host too: ib_tgamma_nan). A ball that
 * reaches an edge (log(0) = -inf, atanh(1) = +inf, the poles; sqrt(-0) = -0) is left to the
 * function as before: it fails 1 or 2, never NaN. The pair of a NaN is the host's for a NaN
 * reference: y the binary64 NaN mpfr_get_d gives (IB_NAN_BITS; test_ibnan checks the bits
 * against the host's), t 0. */
#define IB_NAN_BITS 0xfff8000000000000ull

/* every point of a stack slot's value is below k (-1) or above k (+1), or neither is
 * proved (0); k is -1, 0, 1 or 2 (2: not for a slot kept as a logarithm). A slot kept as a logarithm (lg) is (-1)^vn e^L with L the
 * ball x: e^L > 0, and |e^L| > 1 where every point of L is > 0, < 1 where every point is
 * < 0. A ball (or a bound) x: ib_sign of x - k, computed with k exact in a context of its
 * own (the sum encloses xi - k for every point xi, so its sign is every xi's against k;
 * a failure there proves nothing and leaves c as it was). */
IB_HDN int ib_cmp_k(const ib_ctx *c, const ib *x, int lg, int vn, int k) {
  if (lg) {
    if (!k) return vn ? -1 : 1;
    const int s = ib_sign(x);
    if (s > 0) return vn ? -1 : 1;    /* |v| > 1: v < -1 or v > 1 */
    if (s < 0) return k > 0 ? -1 : 1; /* |v| < 1: -1 < v < 1 */
    return 0;
  }
  if (!k) return ib_sign(x);
  ib_ctx w = {c->n, 0};
  ib kb, d;
  ib_set_si(&w, &kb, k);
  ib_sub(&w, &d, x, &kb);
  return w.fail ? 0 : ib_sign(&d);
}

/* fn's argument (the slot x, lg, vn) lies wholly outside fn's real domain (the edges
 * above); fn = -1: an even root */
IB_HDN int ib_outside(const ib_ctx *c, const ib *x, int lg, int vn, int fn) {
  switch (fn) {
  case -1:
  case IBF_LOG:
  case IBF_LOG2:
  case IBF_LOG10:
  case IBF_SQRT:
  case IBF_RSQRT:
  case IBF_Y0:
  case IBF_Y1: return ib_cmp_k(c, x, lg, vn, 0) < 0;
  case IBF_LOG1P: return ib_cmp_k(c, x, lg, vn, -1) < 0;
  case IBF_ASIN:
  case IBF_ACOS:
  case IBF_ATANH: return ib_cmp_k(c, x, lg, vn, -1) < 0 || ib_cmp_k(c, x, lg, vn, 1) > 0;
  case IBF_ACOSH: return ib_cmp_k(c, x, lg, vn, 1) < 0;
  case IBF_ERFINV: return ib_cmp_k(c, x, lg, vn, -1) < 0 || ib_cmp_k(c, x, lg, vn, 1) > 0;
  case IBF_NORMCDFINV: return ib_cmp_k(c, x, lg, vn, 0) < 0 || ib_cmp_k(c, x, lg, vn, 1) > 0;
  case IBF_ERFCINV: return ib_cmp_k(c, x, lg, vn, 0) < 0 || (!lg && ib_cmp_k(c, x, 0, 0, 2) > 0);
  case IBF_TGAMMA: return !lg && ib_tgamma_nan(c, x); /* a negative integer, exactly (ib_gamma.h) */
  default: return 0;
  }
}

/* fn has a domain ib_outside checks */
IB_HD int ib_fn_domain(int fn) {
  return fn == IBF_LOG || fn == IBF_LOG2 || fn == IBF_LOG10 || fn == IBF_SQRT || fn == IBF_RSQRT || fn == IBF_LOG1P ||
         fn == IBF_ASIN || fn == IBF_ACOS || fn == IBF_ATANH || fn == IBF_ACOSH || fn == IBF_ERFINV ||
         fn == IBF_ERFCINV || fn == IBF_NORMCDFINV || fn == IBF_TGAMMA || fn == IBF_Y0 ||
         fn == IBF_Y1;
}

/* no instruction of P can turn a NaN into a number on the host: no x^0 */
IB_HD int ib_keeps_nan(const struct ib_prog *P) {
  for (int i = 0; i < P->n_ins; i++)
    if (P->ins[i].op == IBO_POW && P->ins[i].p == 0) return 0;
  return 1;
}

/* Instructions [from, to) of the program at the input x (binary32 bits, finite) with n
 * words, from an empty stack: the value they leave (the whole program: the result ball),
 * or c->fail set. A stack slot may hold a value beyond the exponent range as its logarithm
 * (lg[], vn[]: ib_lg.h); the result is turned back into an ordinary ball (or bound).
 * Beside each slot, the sign of an exact zero (zs[]) and whether the host's exact path
 * reaches it (hx[]: ib_zero.h); *zd (when not NULL): the result's zero decision. */
IB_HDN void ib_eval_span_z(const struct ib_prog *P, int from, int to, uint32_t x, ib_ctx *c, ib *out, int *zd) {
  ib st[IB_STACK];
  unsigned char lg[IB_STACK], vn[IB_STACK];
  signed char zs[IB_STACK], hx[IB_STACK], fi[IB_STACK]; /* fi: an infinity's state (ib_inf.h) */
  int sp = 0, k;
  for (int i = from; i < to && !c->fail; i++) {
    const struct ib_ins in = P->ins[i];
    ib *a = sp >= 2 ? &st[sp - 2] : st, *b = sp >= 1 ? &st[sp - 1] : st;
    struct ib_z_in za = {0, 0, 0, 0}, zb = {0, 0, 0, 0};
    if (in.op >= IBO_ADD && in.op <= IBO_DIV) za = ib_z_take(a, lg[sp - 2], vn[sp - 2], zs[sp - 2], hx[sp - 2]);
    if (in.op >= IBO_ADD) zb = ib_z_take(b, lg[sp - 1], vn[sp - 1], zs[sp - 1], hx[sp - 1]);
    switch (in.op) {
    case IBO_X:
      ib_set_f32bits(c, &st[sp], x), lg[sp] = vn[sp] = 0, fi[sp] = 0;
      zs[sp] = (signed char)(x & 0x80000000u ? -1 : 1), hx[sp] = 1, sp++;
      break;
    case IBO_CONST:
      ib_load_const(c, &st[sp], &P->k[in.p]), lg[sp] = vn[sp] = 0, fi[sp] = 0;
      zs[sp] = 1, hx[sp] = (signed char)ib_z_fits(&st[sp]), sp++;
      break;
    case IBO_NEG:
      if (lg[sp - 1]) vn[sp - 1] ^= 1;
      else ib_neg(b, b);
      zs[sp - 1] = (signed char)-zs[sp - 1];
      if (fi[sp - 1] != IB_INF_NAN) fi[sp - 1] = (signed char)-fi[sp - 1];
      break;
    case IBO_ADD:
    case IBO_SUB:
    case IBO_MUL:
    case IBO_DIV:
      if ((k = ib_inf_binop(in.op, fi[sp - 2], fi[sp - 1], za, zb))) {
        ib_inf_put(c, k, a, &lg[sp - 2], &vn[sp - 2], &fi[sp - 2], &zs[sp - 2], &hx[sp - 2]), sp--;
        break;
      }
      if (lg[sp - 2] || lg[sp - 1]) ib_lg_binop(c, in.op, a, &lg[sp - 2], &vn[sp - 2], b, lg[sp - 1], vn[sp - 1]);
      else if (in.op == IBO_ADD) ib_add(c, a, a, b);
      else if (in.op == IBO_SUB) ib_sub(c, a, a, b);
      else if (in.op == IBO_MUL) ib_mul(c, a, a, b);
      else ib_div(c, a, a, b);
      ib_z_binop(in.op, a, lg[sp - 2], za, zb, &zs[sp - 2], &hx[sp - 2]);
      sp--;
      break;
    case IBO_POW:
      if ((k = ib_inf_pow(in.p, in.q, fi[sp - 1], zb))) {
        ib_inf_put(c, k, b, &lg[sp - 1], &vn[sp - 1], &fi[sp - 1], &zs[sp - 1], &hx[sp - 1]);
        break;
      }
      if (!(in.q & 1) && ib_outside(c, b, lg[sp - 1], vn[sp - 1], -1)) ib_fail(c, IB_FAIL_NAN);
      else if (lg[sp - 1]) ib_lg_pow(c, b, &vn[sp - 1], in.p, in.q);
      else if (in.q == 1) ib_pow_int(c, b, b, in.p);
      else ib_pow_frac(c, b, b, in.p, in.q);
      ib_z_pow(in.p, in.q, b, lg[sp - 1], zb, &zs[sp - 1], &hx[sp - 1]);
      break;
    case IBO_FN: {
      int v = 0;
      if ((k = ib_inf_fn(c, in.fn, b, fi[sp - 1], zb))) {
        ib_inf_put(c, k, b, &lg[sp - 1], &vn[sp - 1], &fi[sp - 1], &zs[sp - 1], &hx[sp - 1]);
        break;
      }
      zs[sp - 1] = hx[sp - 1] = 0; /* until ib_z_fn: a value kept as a logarithm is never zero */
      if (ib_outside(c, b, lg[sp - 1], vn[sp - 1], in.fn)) {
        ib_fail(c, IB_FAIL_NAN);
        break;
      }
      if (lg[sp - 1]) {
        if (ib_lg_fn(c, b, &lg[sp - 1], &vn[sp - 1], in.fn)) break;
        ib t;
        ib_lg_demote(c, &t, b, vn[sp - 1]);
        ib_copy(b, &t);
        lg[sp - 1] = vn[sp - 1] = 0;
      } else {
        ib t;
        if (ib_lg_make(c, in.fn, b, &t, &v)) {
          ib_copy(b, &t);
          lg[sp - 1] = 1, vn[sp - 1] = (unsigned char)v;
          break;
        }
      }
      ib_apply(c, b, b, in.fn);
      ib_z_fn(in.fn, b, lg[sp - 1], zb, &zs[sp - 1], &hx[sp - 1]);
      break;
    }
    default: ib_fail(c, 2);
    }
  }
  if (sp < 1) ib_fail(c, 2);
  else if (fi[0] && !zd) ib_fail(c, 2); /* an infinity or NaN: only the decision has it */
  else if (lg[0]) ib_lg_demote(c, out, &st[0], vn[0]);
  else ib_copy(out, &st[0]);
  if (zd) *zd = !c->fail && sp >= 1 && ib_z_is0(&st[0], lg[0]) ? ib_z_decide(zs[0], hx[0]) : 0;
  if (zd && !c->fail && sp >= 1 && fi[0]) *zd = fi[0] == IB_INF_NAN ? 3 : 2 * fi[0]; /* ib_inf.h */
}
IB_HDN void ib_eval_span(const struct ib_prog *P, int from, int to, uint32_t x, ib_ctx *c, ib *out) {
  ib_eval_span_z(P, from, to, x, c, out, 0);
}
IB_HD void ib_eval(const struct ib_prog *P, uint32_t x, ib_ctx *c, ib *out) { ib_eval_span(P, 0, P->n_ins, x, c, out); }

/* The arguments of P->pre, each alone: 1 when one lies wholly outside its domain. The
 * whole program's value is then NaN as when the program's own pass finds it (the rule
 * above: any argument outside gives the host's NaN, in a program without x^0, whatever
 * the other operands do), without first evaluating what comes before it in postfix
 * order (exp10(x) in exp10(x)-log2(x)). */
IB_HDN int ib_pre_nan(const struct ib_prog *P, uint32_t x, int n) {
  for (int k = 0; k < P->n_pre; k++) {
    ib_ctx w = {n, 0};
    ib a;
    ib_eval_span(P, P->pre[k].start, P->pre[k].end, x, &w, &a);
    if (!w.fail && ib_outside(&w, &a, 0, 0, P->pre[k].fn)) return 1;
  }
  return 0;
}

/* the fast first precision (double-word balls): ib1_decide */
#include "ib1.h"

/* One precision, 2^lev words: 1 and the pair (y, t) = (RN53 f(x), sign(y - f(x))) when the
 * ball rounds to one pair at every point, or (NaN, 0) when an argument lies wholly
 * outside its domain (IB_FAIL_NAN, in a program that keeps NaN); 0 when it does not (more
 * words may); -1 when no precision can (an exponent or a domain edge beyond the
 * evaluator: fail 2; a NaN that x^0 may swallow), or the input is not finite (the
 * host's). */
/* An evaluation that did not fail and still does not round, where more words cannot help: an
 * exact zero (radius 0: every operation was exact, so the value is exactly 0 at every
 * precision), whose sign is the host's (ib_round53). The input goes to the host at once
 * instead of after the 2, 4, 8, 16 and 20 word levels (x-floor(x) at every integer x). A ball
 * that is merely narrow is not such a case: in an expression's tails the value lies within
 * 2^-200 or less of a binary64 number (sin(x)/x at x = 2^-100 is 1 - 2^-201.6) and only
 * more words decide it; an expression whose value is exactly a binary64 number that no ball
 * can pin (tgamma(x+1)/tgamma(x) = x) runs every level before the host. */
IB_HD int ib_hopeless(const ib *r) { return !r->sat && r->zero && !r->r.m; }

IB_HDN int ib_decide_level(const struct ib_prog *P, uint32_t x, int lev, double *y, int *t) {
  if ((x & 0x7fffffffu) >= 0x7f800000u) return -1;
  if (lev == 0) { /* the fast level first; where it has no rule, the generic one word */
    const int f = ib1_decide(P, x, y, t);
    if (f >= 0) return f;
  }
  ib r;
  ib_ctx c = {ib_level_words(lev), 0};
  int zd = 0;
  if (!lev && P->n_pre && ib_pre_nan(P, x, 1)) c.fail = IB_FAIL_NAN; /* the cheap arguments first */
  else ib_eval_span_z(P, 0, P->n_ins, x, &c, &r, &zd);
  if (c.fail == IB_FAIL_NAN && ib_keeps_nan(P)) {
    const uint64_t nan = IB_NAN_BITS;
    memcpy(y, &nan, sizeof nan);
    *t = 0;
    return 1;
  }
  if (c.fail >= 2) return -1;
  if (c.fail) return 0;
  if (zd) { /* an exact zero of a known sign (ib_zero.h), an exact infinity or NaN (ib_inf.h) */
    const uint64_t inf = zd == 3 ? IB_NAN_BITS : zd == 2 ? 0x7ff0000000000000ull : 0xfff0000000000000ull;
    if (zd == 3 || zd == 2 || zd == -2) memcpy(y, &inf, sizeof inf);
    else *y = zd < 0 ? -0.0 : 0.0;
    *t = 0;
    return 1;
  }
  if (ib_round53(&r, y, t)) return 1;
  return ib_hopeless(&r) ? -1 : 0;
}

/* (y, t) of the input x: 1 and the pair, with *words the precision that decided it; 0
 * when no precision decides (non-finite inputs are the host's). */
IB_HDN int ib_decide(const struct ib_prog *P, uint32_t x, double *y, int *t, int *words) {
  for (int lev = 0; lev < IB_LEVELS; lev++) {
    const int d = ib_decide_level(P, x, lev, y, t);
    if (d < 0) return 0;
    if (d) {
      *words = ib_level_words(lev);
      return 1;
    }
  }
  return 0;
}

#endif
