/* arcsin_test.h: what the tests of acos and asin share (functions/<name>/test_<name>.c):
 * both have the derivative +-(1 - x^2)^(-1/2), so one set of Taylor coefficients (the
 * function's own value, then the integral of that series) and one series test serve
 * both. Build line: tests/ref/elem.md. */
#ifndef ARCSIN_TEST_H
#define ARCSIN_TEST_H

#include "tests/ref/elem.h"

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

/* The series against alt at random balls in (-1, 1) and around 0, at a wide ball and at
 * a narrow one next to the branch point `edge` (+-0.999999), and refusing the balls that
 * reach +-1 or 0 +- 1; each test adds the balls outside [-1, 1] and the non-finite
 * ones. */
static inline void arcsin_test_series(re_series_fn series, re_alt_fn alt, double edge) {
  re_check_series_random(series, alt, -0.999, 0.999, 0x1p-12, 300);
  re_check_series_random(series, alt, -1e-6, 1e-6, 0.5, 100);
  re_check_series_at(series, alt, 0.0, 0.9, 8, 64);
  re_check_series_at(series, alt, edge, 0x1p-30, 8, 128);
  /* balls reaching the branch points +-1 */
  re_check_series_refuses(series, 1.0, 0.0);
  re_check_series_refuses(series, -1.0, 0.0);
  re_check_series_refuses(series, 0.999, 0.002);
  re_check_series_refuses(series, -0.999, 0.002);
  re_check_series_refuses(series, 0.0, 1.0);
}

#endif
