/* expr_tree.h: the parsed expression as its evaluators see it (expr.c, expr_anchor.c).
 * Private to src/catalogue/: everything else goes through expr.h. */
#ifndef ULPCERT_EXPR_TREE_H
#define ULPCERT_EXPR_TREE_H

#include <arb.h>
#include <arb_poly.h>
#include <flint/fmpq.h>
#include <mpfr.h>

typedef int (*mpfr_fn_t)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
/* f(h) mod t^len for a power series h whose value h(0) is a ball: 0; -1 where f is not
 * analytic at some point of h(0); FAST_SERIES_NOWHERE where f is defined at none (the
 * catalogue's series entries follow the same convention). Arb's functions of power
 * series enclose f(h) for every series whose coefficients lie in h's balls. */
typedef int (*ps_fn)(arb_poly_t r, const arb_poly_t h, slong len, slong prec);
typedef int (*ser_fn)(arb_ptr res, const arb_t x, slong len, slong prec);

enum op { OP_X, OP_Q, OP_PI, OP_E, OP_NEG, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_POW, OP_FN };

struct node {
  enum op op;
  int a, b;   /* children (node indices), -1 when absent; OP_FN of a formula row: b the
                 formula's expansion, which the evaluators follow */
  int fn;     /* OP_FN: the row of fn_table */
  fmpq_t q;   /* OP_Q: the value; OP_POW: the exponent */
  mpfr_fn_t ref; /* OP_FN: the catalogue's referee of the function (exact_eval) */
  ps_fn ps;      /* OP_FN: the function of a power series (ps_table), or NULL */
  ser_fn ser;    /* OP_FN: else the catalogue's series entry (ref_no_series: none) */
};

struct expr {
  struct node *n;
  int nn, cap, root;
};

/* The name of row fn of the function table ("exp", "tanh", ...). */
const char *expr_fn_name(int fn);
/* r = f(h) mod t^len for the function node n (its ps entry, else its catalogue series
 * composed with h): 0, -1 or FAST_SERIES_NOWHERE (ps_fn). */
int expr_fn_apply(arb_poly_t r, const struct node *n, const arb_poly_t h, slong len, slong prec);
/* The power series function of a name in Arb's set (exp, expm1, log, log1p, sqrt,
 * rsqrt, recip, fabs, sin, cos, sinh, cosh, atan, erf, erfc), else NULL. */
ps_fn expr_ps_find(const char *name);
/* h^q for a rational q (the expression's x^(n/d)): 0, -1 or FAST_SERIES_NOWHERE. */
int expr_ps_qpow(arb_poly_t r, const arb_poly_t h, const fmpq *q, slong len, slong prec);

#endif
