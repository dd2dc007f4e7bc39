/* ib_prog.h: an expression as a small program the ball evaluator interprets, on the host
 * and the device (one struct, no per-expression compile), and the decision of a binary32
 * input: the program is evaluated in balls of 1, 2, 4, 8 and 16 words (64 to 1024 bits);
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
 * Trusted: includes only ib_fn.h. */
#ifndef ULPCERT_IB_PROG_H
#define ULPCERT_IB_PROG_H

#include "ib_fn.h"

#define IB_PROG_MAX 96  /* instructions */
#define IB_CONST_MAX 12 /* constants */
#define IB_STACK 12     /* the depth of the stack */
#define IB_LEVELS 5     /* 1, 2, 4, 8, 16 words */

enum ib_op { IBO_X, IBO_CONST, IBO_NEG, IBO_ADD, IBO_SUB, IBO_MUL, IBO_DIV, IBO_POW, IBO_FN };
/* the functions of the grammar the evaluator has (any other makes no program) */
enum ib_fn {
  IBF_EXP, IBF_EXPM1, IBF_LOG, IBF_LOG1P, IBF_SQRT, IBF_RSQRT, IBF_RECIP, IBF_CBRT, IBF_SIN, IBF_COS,
  IBF_TAN, IBF_ATAN, IBF_SINH, IBF_COSH, IBF_TANH, IBF_ERF, IBF_ERFC, IBF_FABS, IBF_EXP2, IBF_EXP10,
  IBF_LOG2, IBF_LOG10, IBF_RCBRT, IBF_SINPI, IBF_COSPI, IBF_ASIN, IBF_ACOS, IBF_ASINH, IBF_ACOSH, IBF_ATANH,
  IBF_NORMCDF, IBF_ERFCX, IBF_N
};

/* the rules for values kept as logarithms (they name the operations above) */
#include "ib_lg.h"

struct ib_ins {
  uint8_t op, fn;   /* enum ib_op; IBO_FN: enum ib_fn */
  int32_t p, q;     /* IBO_POW: the exponent p/q (q > 0, in lowest terms); IBO_CONST: p the index */
};
struct ib_constant {
  uint64_t d[IB_MAXL]; /* 0.d 2^e, truncated toward zero */
  int64_t e;
  int neg, zero, exact; /* exact: the truncation is the value */
};
struct ib_prog {
  int n_ins, n_const;
  struct ib_ins ins[IB_PROG_MAX];
  struct ib_constant k[IB_CONST_MAX];
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

/* The program at the input x (binary32 bits, finite) with n words: the result ball, or
 * c->fail set. A stack slot may hold a value beyond the exponent range as its logarithm
 * (lg[], vn[]: ib_lg.h); the result is turned back into an ordinary ball (or bound). */
IB_HDN void ib_eval(const struct ib_prog *P, uint32_t x, ib_ctx *c, ib *out) {
  ib st[IB_STACK];
  unsigned char lg[IB_STACK], vn[IB_STACK];
  int sp = 0;
  for (int i = 0; i < P->n_ins && !c->fail; i++) {
    const struct ib_ins in = P->ins[i];
    ib *a = sp >= 2 ? &st[sp - 2] : st, *b = sp >= 1 ? &st[sp - 1] : st;
    switch (in.op) {
    case IBO_X: ib_set_f32bits(c, &st[sp], x), lg[sp] = vn[sp] = 0, sp++; break;
    case IBO_CONST: ib_load_const(c, &st[sp], &P->k[in.p]), lg[sp] = vn[sp] = 0, sp++; break;
    case IBO_NEG:
      if (lg[sp - 1]) vn[sp - 1] ^= 1;
      else ib_neg(b, b);
      break;
    case IBO_ADD:
    case IBO_SUB:
    case IBO_MUL:
    case IBO_DIV:
      if (lg[sp - 2] || lg[sp - 1]) ib_lg_binop(c, in.op, a, &lg[sp - 2], &vn[sp - 2], b, lg[sp - 1], vn[sp - 1]);
      else if (in.op == IBO_ADD) ib_add(c, a, a, b);
      else if (in.op == IBO_SUB) ib_sub(c, a, a, b);
      else if (in.op == IBO_MUL) ib_mul(c, a, a, b);
      else ib_div(c, a, a, b);
      sp--;
      break;
    case IBO_POW:
      if (lg[sp - 1]) ib_lg_pow(c, b, &vn[sp - 1], in.p, in.q);
      else if (in.q == 1) ib_pow_int(c, b, b, in.p);
      else ib_pow_frac(c, b, b, in.p, in.q);
      break;
    case IBO_FN: {
      int v = 0;
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
      break;
    }
    default: ib_fail(c, 2);
    }
  }
  if (sp < 1) ib_fail(c, 2);
  else if (lg[0]) ib_lg_demote(c, out, &st[0], vn[0]);
  else ib_copy(out, &st[0]);
}

/* the fast first precision (double-word balls): ib1_decide */
#include "ib1.h"

/* One precision, 2^lev words: 1 and the pair (y, t) = (RN53 f(x), sign(y - f(x))) when the
 * ball rounds to one pair at every point; 0 when it does not (more words may); -1 when no
 * precision can (an exponent or a domain beyond the evaluator: fail 2), or the input is
 * not finite (the host's). */
IB_HDN int ib_decide_level(const struct ib_prog *P, uint32_t x, int lev, double *y, int *t) {
  if ((x & 0x7fffffffu) >= 0x7f800000u) return -1;
  if (lev == 0) { /* the fast level first; where it has no rule, the generic one word */
    const int f = ib1_decide(P, x, y, t);
    if (f >= 0) return f;
  }
  ib r;
  ib_ctx c = {1 << lev, 0};
  ib_eval(P, x, &c, &r);
  if (c.fail >= 2) return -1;
  return !c.fail && ib_round53(&r, y, t) ? 1 : 0;
}

/* (y, t) of the input x: 1 and the pair, with *words the precision that decided it; 0
 * when no precision decides (non-finite inputs are the host's). */
IB_HDN int ib_decide(const struct ib_prog *P, uint32_t x, double *y, int *t, int *words) {
  for (int lev = 0; lev < IB_LEVELS; lev++) {
    const int d = ib_decide_level(P, x, lev, y, t);
    if (d < 0) return 0;
    if (d) {
      *words = 1 << lev;
      return 1;
    }
  }
  return 0;
}

#endif
