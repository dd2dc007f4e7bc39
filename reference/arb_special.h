/* arb_special.h: Arb enclosures of the special functions Arb has no single call for, written
 * once for every referee that needs them (the expression evaluator, reference/expr/expr.c;
 * the search kind's binary64 referee, reference/search/ref64_arb.c). Each returns in r a
 * ball that contains the value at every point of x, and 0; their domains are the callers'
 * to check. */
#ifndef ULPCERT_ARB_SPECIAL_H
#define ULPCERT_ARB_SPECIAL_H

#include <arb.h>
#include <arb_hypgeom.h>

/* erfcx(x) = exp(x^2) erfc(x) */
static inline int arb_special_erfcx(arb_t r, const arb_t x, slong prec) {
  arb_t s;
  arb_init(s);
  arb_sqr(s, x, prec + 16);
  arb_exp(s, s, prec + 16);
  arb_hypgeom_erfc(r, x, prec + 16);
  arb_mul(r, r, s, prec);
  arb_clear(s);
  return 0;
}

/* normcdf(x) = erfc(-x / sqrt 2) / 2 */
static inline int arb_special_normcdf(arb_t r, const arb_t x, slong prec) {
  arb_t s;
  arb_init(s);
  arb_sqrt_ui(s, 2, prec + 16);
  arb_div(s, x, s, prec + 16);
  arb_neg(s, s);
  arb_hypgeom_erfc(r, s, prec);
  arb_mul_2exp_si(r, r, -1);
  arb_clear(s);
  return 0;
}

/* normcdfinv(p) = -sqrt 2 erfcinv(2p) */
static inline int arb_special_normcdfinv(arb_t r, const arb_t x, slong prec) {
  arb_t s;
  arb_init(s);
  arb_mul_2exp_si(s, x, 1);
  arb_hypgeom_erfcinv(r, s, prec + 16);
  arb_sqrt_ui(s, 2, prec + 16);
  arb_mul(r, r, s, prec);
  arb_neg(r, r);
  arb_clear(s);
  return 0;
}

#endif
