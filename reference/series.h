/* series.h: the Taylor coefficients of a function that Arb gives as a power series, for
 * the references' series entries (functions/<name>/reference.c, ref_<name>_series).
 *
 * Arb's series functions (arb_poly_exp_series, arb_hypgeom_erf_series, ...) map a power
 * series h(t) to f(h(t)) mod t^len. With h = x + t for the ball x, the coefficients of
 * the image enclose f^(k)(x0)/k! for every point x0 of the ball: what the fast path's
 * table builder asks a series entry for. */
#ifndef REF_SERIES_H
#define REF_SERIES_H

#include <arb.h>
#include <arb_poly.h>

/* one of Arb's series functions: res = f(h) mod t^n at precision prec */
typedef void (*ref_arb_series_fn)(arb_poly_t res, const arb_poly_t h, slong n, slong prec);

/* res[k], k < len: the coefficients of f(c0 + c1 t) mod t^len (c1 NULL: 1; 0 past the
 * image's length). Returns 0 (the entry's "computed"); the caller refuses the balls
 * outside f's domain. */
static inline int ref_series_line(arb_ptr res, ref_arb_series_fn f, const arb_t c0, const arb_t c1, slong len,
                                  slong prec) {
  arb_poly_t h, s;
  arb_poly_init(h);
  arb_poly_init(s);
  arb_poly_set_coeff_arb(h, 0, c0);
  if (c1) arb_poly_set_coeff_arb(h, 1, c1);
  else arb_poly_set_coeff_si(h, 1, 1);
  f(s, h, len, prec);
  for (slong k = 0; k < len; k++) arb_poly_get_coeff_arb(res + k, s, k);
  arb_poly_clear(h);
  arb_poly_clear(s);
  return 0;
}

/* res[k], k < len: the coefficients of f(x + t) mod t^len, f's Taylor coefficients over
 * the ball x */
static inline int ref_series_at(arb_ptr res, ref_arb_series_fn f, const arb_t x, slong len, slong prec) {
  return ref_series_line(res, f, x, NULL, len, prec);
}

/* |x| < 1 on the whole ball (a finite ball): the domain of the series of asin, acos and
 * atanh */
static inline int ref_inside_unit(const arb_t x) {
  if (!arb_is_finite(x)) return 0;
  arf_t b;
  arf_init(b);
  arb_get_abs_ubound_arf(b, x, 64);
  int ok = arf_cmp_si(b, 1) < 0;
  arf_clear(b);
  return ok;
}

/* The coefficients 1 .. len-1 of the integral of g(q(t)) for the quadratic
 * q = q0 + q1 t + s t^2 (s = +1 or -1) and g one of Arb's series functions
 * (arb_poly_rsqrt_series, arb_poly_inv_series): the Taylor coefficients of asinh, acosh
 * and atanh from their derivatives 1/sqrt(x^2 + 1), 1/sqrt(x^2 - 1) and 1/(1 - x^2) at
 * x + t. Coefficient 0 (the value) is the caller's. */
static inline void ref_series_integral(arb_ptr res, ref_arb_series_fn g, const arb_t q0, const arb_t q1, int s,
                                       slong len, slong prec) {
  arb_poly_t q, r, I;
  arb_poly_init(q);
  arb_poly_init(r);
  arb_poly_init(I);
  arb_poly_set_coeff_arb(q, 0, q0);
  arb_poly_set_coeff_arb(q, 1, q1);
  arb_poly_set_coeff_si(q, 2, s);
  g(r, q, len - 1, prec);
  arb_poly_integral(I, r, prec);
  for (slong k = 1; k < len; k++) arb_poly_get_coeff_arb(res + k, I, k);
  arb_poly_clear(q);
  arb_poly_clear(r);
  arb_poly_clear(I);
}

#endif
