/* arcsin.h: what the tests of acos and asin share (functions/<name>/test_<name>.c, on
 * tests/ref/elem_body.h): both have the derivative +-(1 - x^2)^(-1/2), so one set of
 * Taylor coefficients (the function's own value, then the integral of that series) and
 * one set of series balls serve both. */
#ifndef ULPCERT_TESTS_REF_ARCSIN_H
#define ULPCERT_TESTS_REF_ARCSIN_H

#include "tests/ref/elem_body.h"

/* independent coefficients: c0 = value(p), an independent evaluation; the others
 * integrate sign (1 - u^2)^(-1/2), u = p + t, built as sign/sqrt of [1 - p^2, -2p, -1]
 * (sign = -1 for acos, +1 for asin). */
static inline int arcsin_coeffs(arb_ptr c, const arb_t p, slong len, slong prec, re_arb_fn value, int sign) {
  arb_poly_t q, r, I;
  arb_t a;
  arb_poly_init(q);
  arb_poly_init(r);
  arb_poly_init(I);
  arb_init(a);
  arb_sqr(a, p, prec);
  arb_sub_ui(a, a, 1, prec);
  arb_neg(a, a);
  arb_poly_set_coeff_arb(q, 0, a);
  arb_mul_si(a, p, -2, prec);
  arb_poly_set_coeff_arb(q, 1, a);
  arb_poly_set_coeff_si(q, 2, -1);
  arb_poly_sqrt_series(r, q, len, prec);
  arb_poly_inv_series(r, r, len, prec);
  if (sign < 0) arb_poly_neg(r, r);
  arb_poly_integral(I, r, prec);
  for (slong k = 1; k < len; k++) arb_poly_get_coeff_arb(c + k, I, k);
  value(c, p, prec);
  arb_poly_clear(q);
  arb_poly_clear(r);
  arb_poly_clear(I);
  arb_clear(a);
  return 0;
}

/* The series balls: random ones in (-1, 1) and around 0; then (each test) a wide ball and
 * a narrow one next to the branch point +-0.999999; refused: the balls that reach +-1 or
 * 0 +- 1, then (each test) those outside [-1, 1]. */
static const struct re_ball_random arcsin_balls_random[] = {{-0.999, 0.999, 0x1p-12, 300}, {-1e-6, 1e-6, 0.5, 100}};
#define ARCSIN_REFUSES {1.0, 0.0}, {-1.0, 0.0}, {0.999, 0.002}, {-0.999, 0.002}, {0.0, 1.0}

#endif
