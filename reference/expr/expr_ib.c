/* expr_ib.c: the parsed expression (expr_tree.h) compiled into the ball evaluator's
 * program (reference/interval/ib_prog.h): its nodes in postfix order, formula rows
 * followed into their expansion, each constant as a 1280-bit truncation with its
 * exactness (MPFR, rounded toward zero). */
#include <flint/fmpq.h>
#include <gmp.h>
#include <mpfr.h>
#include <stdio.h>
#include <string.h>

#include "reference/interval/ib_prog.h"
#include "reference/expr/expr.h"
#include "reference/expr/expr_fn.h"
#include "reference/expr/expr_tree.h"

static const struct {
  const char *name;
  int fn;
} ib_names[] = {{"exp", IBF_EXP},     {"expm1", IBF_EXPM1}, {"log", IBF_LOG},     {"log1p", IBF_LOG1P},
                {"sqrt", IBF_SQRT},   {"rsqrt", IBF_RSQRT}, {"recip", IBF_RECIP}, {"cbrt", IBF_CBRT},
                {"sin", IBF_SIN},     {"cos", IBF_COS},     {"tan", IBF_TAN},     {"atan", IBF_ATAN},
                {"sinh", IBF_SINH},   {"cosh", IBF_COSH},   {"tanh", IBF_TANH},   {"erf", IBF_ERF},
                {"erfc", IBF_ERFC},   {"fabs", IBF_FABS},   {"exp2", IBF_EXP2},   {"exp10", IBF_EXP10},
                {"log2", IBF_LOG2},   {"log10", IBF_LOG10}, {"rcbrt", IBF_RCBRT}, {"sinpi", IBF_SINPI},
                {"cospi", IBF_COSPI}, {"asin", IBF_ASIN},   {"acos", IBF_ACOS},   {"asinh", IBF_ASINH},
                {"acosh", IBF_ACOSH}, {"atanh", IBF_ATANH}, {"normcdf", IBF_NORMCDF}, {"erfcx", IBF_ERFCX},
                {"erfinv", IBF_ERFINV}, {"erfcinv", IBF_ERFCINV}, {"normcdfinv", IBF_NORMCDFINV},
                {"floor", IBF_FLOOR}, {"ceil", IBF_CEIL}, {"trunc", IBF_TRUNC}, {"round", IBF_ROUND},
                {"rint", IBF_RINT}, {"nearbyint", IBF_RINT}, {"logb", IBF_LOGB},
                {"tgamma", IBF_TGAMMA}, {"lgamma", IBF_LGAMMA},

                {"j0", IBF_J0},       {"j1", IBF_J1},       {"y0", IBF_Y0},       {"y1", IBF_Y1},
                {"cyl_bessel_i0", IBF_I0}, {"cyl_bessel_i1", IBF_I1}, {"elu", IBF_ELU}};

struct comp {
  struct ib_prog *P;
  int depth, max_depth;
  char *why;
  size_t whylen;
};

/* v (MPFR, any precision) as a constant: its 1280-bit truncation toward zero */
static int add_const(struct comp *c, mpfr_srcptr v) {
  struct ib_prog *P = c->P;
  if (P->n_const >= IB_CONST_MAX) {
    snprintf(c->why, c->whylen, "more than %d constants", IB_CONST_MAX);
    return -1;
  }
  struct ib_constant *k = &P->k[P->n_const];
  memset(k, 0, sizeof *k);
  mpfr_t t;
  mpfr_init2(t, 64 * IB_MAXL);
  const int tern = mpfr_set(t, v, MPFR_RNDZ);
  if (mpfr_zero_p(t)) k->zero = 1, k->exact = tern == 0;
  else {
    mpz_t z;
    mpz_init(z);
    const mpfr_exp_t ex = mpfr_get_z_2exp(z, t); /* t = z 2^ex, |z| < 2^1280 with its top bit at 1279 */
    k->neg = mpz_sgn(z) < 0;
    mpz_abs(z, z);
    uint64_t w[IB_MAXL] = {0};
    size_t cnt = 0;
    mpz_export(w, &cnt, 1, sizeof w[0], 0, 0, z); /* most significant word first */
    for (size_t i = 0; i < cnt && i < IB_MAXL; i++) k->d[i] = w[i]; /* cnt = IB_MAXL: 1280 bits */
    k->e = ex + 64 * IB_MAXL;
    k->exact = tern == 0;
    mpz_clear(z);
  }
  mpfr_clear(t);
  return P->n_const++;
}

static int emit(struct comp *c, int op, int fn, int32_t p, int32_t q, int push) {
  struct ib_prog *P = c->P;
  if (P->n_ins >= IB_PROG_MAX) {
    snprintf(c->why, c->whylen, "more than %d operations", IB_PROG_MAX);
    return -1;
  }
  P->ins[P->n_ins++] = (struct ib_ins){(uint8_t)op, (uint8_t)fn, p, q};
  c->depth += push;
  if (c->depth > c->max_depth) c->max_depth = c->depth;
  if (c->max_depth > IB_STACK) {
    snprintf(c->why, c->whylen, "nested deeper than %d", IB_STACK);
    return -1;
  }
  return 0;
}

/* the argument just compiled, instructions [start, P->n_ins), as one the evaluator
 * checks before the program (struct ib_pre) when fn has a domain (fn = -1: an even root)
 * and the argument calls no function (cheap to compute twice) */
static void add_pre(struct ib_prog *P, int start, int fn) {
  if (P->n_pre >= IB_PRE_MAX || P->n_ins <= start) return;
  if (fn >= 0 && !ib_fn_domain(fn)) return;
  for (int i = start; i < P->n_ins; i++)
    if (P->ins[i].op == IBO_FN) return;
  P->pre[P->n_pre++] = (struct ib_pre){(uint8_t)start, (uint8_t)P->n_ins, (int8_t)fn};
}

static int comp_const(struct comp *c, const struct node *n) {
  mpfr_t v;
  mpfr_init2(v, 64 * IB_MAXL + 64);
  if (n->op == OP_PI) mpfr_const_pi(v, MPFR_RNDZ);
  else if (n->op == OP_E) {
    mpfr_set_ui(v, 1, MPFR_RNDN);
    mpfr_exp(v, v, MPFR_RNDZ);
  } else {
    mpq_t q;
    mpq_init(q);
    fmpq_get_mpq(q, n->q);
    mpfr_set_q(v, q, MPFR_RNDZ);
    mpq_clear(q);
  }
  /* the extra 64 bits only matter through RNDZ twice: a truncation of a truncation is the
   * truncation; exactness is decided at 1280 bits below (mpfr_set's ternary) unless the
   * value has more bits than v holds, caught here */
  int k = -1;
  if (n->op == OP_Q) {
    mpq_t q, w;
    mpq_init(q), mpq_init(w);
    fmpq_get_mpq(q, n->q);
    mpfr_get_q(w, v);
    const int exact_v = mpq_equal(q, w);
    mpq_clear(q), mpq_clear(w);
    k = add_const(c, v);
    if (k >= 0 && !exact_v) c->P->k[k].exact = 0;
  } else {
    k = add_const(c, v);
    if (k >= 0) c->P->k[k].exact = 0; /* pi and e are irrational */
  }
  mpfr_clear(v);
  return k < 0 ? -1 : emit(c, IBO_CONST, 0, k, 0, 1);
}

static int comp_node(struct comp *c, const struct expr *e, int i) {
  const struct node *n = &e->n[i];
  switch (n->op) {
  case OP_X: return emit(c, IBO_X, 0, 0, 0, 1);
  case OP_Q:
  case OP_PI:
  case OP_E: return comp_const(c, n);
  case OP_NEG: return comp_node(c, e, n->a) || emit(c, IBO_NEG, 0, 0, 0, 0) ? -1 : 0;
  case OP_ADD:
  case OP_SUB:
  case OP_MUL:
  case OP_DIV: {
    const int op = n->op == OP_ADD ? IBO_ADD : n->op == OP_SUB ? IBO_SUB : n->op == OP_MUL ? IBO_MUL : IBO_DIV;
    return comp_node(c, e, n->a) || comp_node(c, e, n->b) || emit(c, op, 0, 0, 0, -1) ? -1 : 0;
  }
  case OP_POW: {
    if (fmpz_bits(fmpq_numref(n->q)) > 30 || fmpz_bits(fmpq_denref(n->q)) > 30) {
      snprintf(c->why, c->whylen, "an exponent beyond 2^30");
      return -1;
    }
    const int32_t p = (int32_t)fmpz_get_si(fmpq_numref(n->q)), q = (int32_t)fmpz_get_ui(fmpq_denref(n->q));
    const int start = c->P->n_ins;
    if (comp_node(c, e, n->a)) return -1;
    if (!(q & 1)) add_pre(c->P, start, -1);
    return emit(c, IBO_POW, 0, p, q, 0);
  }
  case OP_FN: {
    if (n->b >= 0) return comp_node(c, e, n->b); /* a formula row: its expansion */
    const char *name = expr_fn_name(n->fn);
    for (size_t k = 0; k < sizeof ib_names / sizeof ib_names[0]; k++)
      if (!strcmp(ib_names[k].name, name)) {
        const int start = c->P->n_ins;
        if (comp_node(c, e, n->a)) return -1;
        add_pre(c->P, start, ib_names[k].fn);
        return emit(c, IBO_FN, ib_names[k].fn, 0, 0, 0);
      }
    snprintf(c->why, c->whylen, "calls %s, which the ball evaluator does not have", name);
    return -1;
  }
  }
  snprintf(c->why, c->whylen, "an unknown node");
  return -1;
}

int expr_ib_compile(const struct expr *e, struct ib_prog *P, char *why, size_t whylen) {
  memset(P, 0, sizeof *P);
  struct comp c = {P, 0, 0, why, whylen};
  if (why && whylen) why[0] = 0;
  if (comp_node(&c, e, e->root)) {
    P->n_ins = 0;
    return -1;
  }
  return 0;
}

int expr_ib_fast_decides(uint32_t x, const void *P) {
  double y;
  int t;
  return ib1_decide((const struct ib_prog *)P, x, &y, &t) == 1;
}
