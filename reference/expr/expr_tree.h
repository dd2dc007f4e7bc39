/* expr_tree.h: the parsed expression as its evaluators see it (expr.c, expr_anchor.c,
 * expr_limit.c, expr_ib.c). Private to reference/expr/: everything else goes through
 * expr.h. */
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

#endif
