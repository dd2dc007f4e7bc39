/* hyperbolic.h: what the tests of cosh and sinh share (functions/<name>/test_<name>.c, on
 * tests/ref/elem_body.h): both are (e^x +- e^-x)/2, so one independent Arb evaluation, one
 * set of Taylor coefficients and one set of series balls serve both; `plus` picks cosh (1)
 * or sinh (0). */
#ifndef ULPCERT_TESTS_REF_HYPERBOLIC_H
#define ULPCERT_TESTS_REF_HYPERBOLIC_H

#include "tests/ref/elem_body.h"

/* independent: (e^x + e^-x)/2 or (e^x - e^-x)/2 in Arb */
static inline int hyp_arb(arb_t r, const arb_t x, slong prec, int plus) {
  arb_t a, b;
  arb_init(a);
  arb_init(b);
  arb_exp(a, x, prec);
  arb_neg(b, x);
  arb_exp(b, b, prec);
  if (plus) arb_add(r, a, b, prec);
  else arb_sub(r, a, b, prec);
  arb_mul_2exp_si(r, r, -1);
  arb_clear(a);
  arb_clear(b);
  return 0;
}

/* independent coefficients: (exp(p + t) +- exp(-p - t))/2 */
static inline int hyp_coeffs(arb_ptr c, const arb_t p, slong len, slong prec, int plus) {
  arb_poly_t h, a, b;
  arb_poly_init(h);
  arb_poly_init(a);
  arb_poly_init(b);
  arb_poly_set_coeff_arb(h, 0, p);
  arb_poly_set_coeff_si(h, 1, 1);
  arb_poly_exp_series(a, h, len, prec);
  arb_poly_neg(h, h);
  arb_poly_exp_series(b, h, len, prec);
  if (plus) arb_poly_add(a, a, b, prec);
  else arb_poly_sub(a, a, b, prec);
  arb_poly_scalar_mul_2exp_si(a, a, -1);
  for (slong k = 0; k < len; k++) arb_poly_get_coeff_arb(c + k, a, k);
  arb_poly_clear(h);
  arb_poly_clear(a);
  arb_poly_clear(b);
  return 0;
}

/* The series balls: random ones (around 0 too, and near the overflow threshold in
 * [far_lo, far_hi]) and the wide ball [wide +- 3]; the non-finite ones refused. */
#define HYP_BALLS_RANDOM(far_lo, far_hi) \
  {-30.0, 30.0, 0x1p-8, 300}, {-1e-5, 1e-5, 0.5, 100}, {far_lo, far_hi, 0x1p-20, 50}
#define HYP_BALL_AT(wide) {wide, 3.0, 10, 64}

#endif
