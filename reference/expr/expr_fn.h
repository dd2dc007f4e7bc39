/* expr_fn.h: the functions an expression may call (expr_fn.c), as the parser and the
 * evaluators of reference/expr/ see them: one table of names with their Arb enclosures
 * or defining formulas, their functions of power series, rational powers. Private to
 * reference/expr/. */
#ifndef ULPCERT_EXPR_FN_H
#define ULPCERT_EXPR_FN_H

#include <arb.h>
#include <arb_poly.h>
#include <flint/fmpq.h>

#include "reference/expr/expr_tree.h"

/* Every adapter sets r to a ball containing f(xi) for every xi of x where f is defined,
 * and returns 0; or returns -1 when no point of x is in f's domain (the value is then
 * undefined: NaN). A ball partly outside the domain gives a non-finite or wide ball. */
typedef int (*arb_fn)(arb_t r, const arb_t x, slong prec);

/* A row of the table: a name of the catalogue with its Arb enclosure, or a defining
 * formula in x (expanded where it is called). */
struct expr_fnrow {
  const char *name;
  arb_fn arb;
  const char *formula;
  /* its symmetry, for the parity of an expression (expr.c, expr_parity): EXPR_FN_ODD,
   * EXPR_FN_EVEN, 0 none (a formula row: its formula's) */
  signed char parity;
  /* its direction on its domain, for the range of an expression (expr_range.c): 1
   * increasing, -1 decreasing, 2 decreasing then increasing with its least value at 0 (cosh,
   * fabs), -2 decreasing on each side of a pole at 0 (recip, rsqrt, rcbrt), 0 none known */
  signed char dir;
  /* 1 for a step function (floor, ceil, trunc, round, rint): monotone but constant on
   * intervals; every other monotone row is strictly so (expr_range's open endpoints) */
  signed char step;
};
#define EXPR_FN_ODD 1
#define EXPR_FN_EVEN 2
extern const struct expr_fnrow expr_fn_table[];
extern const int expr_fn_count;

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
/* h(0): 0 positive, 1 negative, 2 neither, 3 not finite (the whole ball) */
int expr_ps_sign(const arb_poly_t h);
/* r = a^(n/d) at every point of ball a (q = n/d): d = 1 an integer power, d odd the real
 * root, d even defined for a >= 0 only; 0, or -1 where no point of a is in the domain. */
int expr_arb_qpow(arb_t r, const arb_t a, const fmpq_t q, slong prec);

#endif
