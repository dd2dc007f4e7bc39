/* trigpi.h: what the tests of cospi and sinpi share (functions/<name>/test_<name>.c, on
 * tests/ref/elem_body.h): cos(pi x) and sin(pi x) evaluated independently in Arb, their
 * Taylor coefficients from one sine-cosine series, the referee where 2x is an integer by
 * hand, the shortcut at the integers and half-integers and on the exact reduction, and
 * the series balls; `cosine` picks the function. */
#ifndef ULPCERT_TESTS_REF_TRIGPI_H
#define ULPCERT_TESTS_REF_TRIGPI_H

#include "tests/ref/elem_body.h"

/* independent: cos(pi * x) or sin(pi * x) in Arb, pi x formed at the working precision
 * plus 160 bits (x < 2^128, so the retries up to 8192 bits leave enough bits after Arb's
 * argument reduction) */
static inline int trigpi_arb(arb_t r, const arb_t x, slong prec, int cosine) {
  arb_t a;
  arb_init(a);
  arb_const_pi(a, prec + 160);
  arb_mul(a, a, x, prec + 160);
  if (cosine) arb_cos(r, a, prec);
  else arb_sin(r, a, prec);
  arb_clear(a);
  return 0;
}

/* independent coefficients: cos or sin (pi p + pi t) as the cosine or sine series of
 * [pi p, pi] */
static inline int trigpi_coeffs(arb_ptr c, const arb_t p, slong len, slong prec, int cosine) {
  arb_poly_t h, s, co;
  arb_t pi, a;
  arb_poly_init(h);
  arb_poly_init(s);
  arb_poly_init(co);
  arb_init(pi);
  arb_init(a);
  arb_const_pi(pi, prec);
  arb_mul(a, pi, p, prec);
  arb_poly_set_coeff_arb(h, 0, a);
  arb_poly_set_coeff_arb(h, 1, pi);
  arb_poly_sin_cos_series(s, co, h, len, prec);
  for (slong k = 0; k < len; k++) arb_poly_get_coeff_arb(c + k, cosine ? co : s, k);
  arb_poly_clear(h);
  arb_poly_clear(s);
  arb_poly_clear(co);
  arb_clear(pi);
  arb_clear(a);
  return 0;
}

/* every integer and half-integer up to 64 with the sign sg answered by the shortcut, and
 * their neighbours checked (a sign_extra of struct elem_test) */
static inline void trigpi_check_halves(const struct elem_test *T, uint32_t sg) {
  for (int k = 1; k <= 128; k++) {
    uint32_t b = f2u(0.5f * (float)k);
    assert_true(re_check_one(T->mpfr, T->shortcut, T->sym, b | sg));
    for (int d = -2; d <= 2; d++) re_check_one(T->mpfr, T->shortcut, T->sym, (b + d) | sg);
  }
}

/* [2^10, 2^22), where the shortcut evaluates sin(pi x) or cos(pi x) by the exact reduction
 * 2x = n + f (trig_halfturns): per binade, 2000 random inputs of both signs and the
 * inputs within 2 ulps of 2^E + q/4 (q = 1 .. 7: f near +-1/2, and near 0 at the
 * half-integers), against MPFR; every answer equal (re_check_one), and at most one random
 * input in 1000 declined (the rounding test). An `after` of struct elem_test. */
static inline void trigpi_check_halfturns(const struct elem_test *T) {
  const re_mpfr_fn f = T->mpfr;
  const re_shortcut_fn s = T->shortcut;
  const int sym = T->sym;
  long asked = 0, answered = 0;
  for (int E = 10; E < 22; E++) {
    const uint32_t lo = f2u((float)ldexp(1.0, E));
    for (int i = 0; i < 2000; i++) {
      const uint32_t xb = re_rand_in(lo, lo + 0x7fffffu, 1);
      const double a = fabs((double)u2f(xb));
      if (2 * a == floor(2 * a)) continue; /* the exact cases */
      asked++;
      answered += re_check_one(f, s, sym, xb);
    }
    for (int q = 1; q <= 7; q++) {
      const uint32_t b = f2u((float)(ldexp(1.0, E) + 0.25 * q));
      for (int d = -2; d <= 2; d++) re_check_one(f, s, sym, b + (uint32_t)d), re_check_one(f, s, sym, (b + (uint32_t)d) | RE_SIGN32);
    }
  }
  assert_true(answered >= asked - asked / 1000);
}

/* The series balls: random ones (around 0 too, and far out) and one wide ball; the
 * non-finite ones refused. */
static const struct re_ball_random trigpi_balls_random[] = {
    {-10.0, 10.0, 0x1p-10, 300}, {-1e-6, 1e-6, 0.5, 100}, {1e5, 1e7, 0x1p-30, 50}};
static const struct re_ball_at trigpi_balls_at[] = {{0.25, 3.0, 8, 64}};

#endif
