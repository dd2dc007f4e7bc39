/* test_sinpi.c: the sinpi reference against independent evaluations (build line in
 * functions/TESTING-refelem.md). */
#define REFELEM_TEST
#include "functions/refelem_util.h"

int ref_sinpi_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_sinpi_shortcut(uint32_t xbits, double *y, int *t);
int ref_sinpi_series(arb_ptr res, const arb_t x, slong len, slong prec);

/* independent: sin(pi * x) in Arb, pi x formed at the working precision (x < 2^128, so
 * the retries up to 8192 bits leave enough bits after Arb's argument reduction) */
static int arb_sinpi_alt(arb_t r, const arb_t x, slong prec) {
  arb_t a;
  arb_init(a);
  arb_const_pi(a, prec + 160);
  arb_mul(a, a, x, prec + 160);
  arb_sin(r, a, prec);
  arb_clear(a);
  return 0;
}

/* by hand when 2x is an integer (Niven: the only exact points), else Arb. For |x| >= 2^23
 * x is an even or odd integer; below, 2x is computed exactly in binary64. */
static void check(uint32_t xb) {
  double x = (double)re_u2f(xb), a = fabs(x);
  int neg = (xb & RE_SIGN32) != 0;
  if (a >= 0x1p23 || 2 * a == floor(2 * a)) {
    if (a == floor(a)) re_expect(ref_sinpi_mpfr, xb, neg ? -0.0 : 0.0, 0); /* IEEE sinPi(+-n) = +-0 */
    else {
      double n = floor(a); /* a = n + 1/2: sin(pi a) = (-1)^n */
      double v = fmod(n, 2.0) == 0.0 ? 1.0 : -1.0;
      re_expect(ref_sinpi_mpfr, xb, neg ? -v : v, 0);
    }
  } else
    re_check_arb(ref_sinpi_mpfr, arb_sinpi_alt, xb);
}

static void test_mpfr(void **state) {
  (void)state;
  re_expect(ref_sinpi_mpfr, 0x00000000u, 0.0, 0);
  re_expect(ref_sinpi_mpfr, 0x80000000u, -0.0, 0);
  re_expect(ref_sinpi_mpfr, 0x7f800000u, NAN, 0);
  re_expect(ref_sinpi_mpfr, 0xff800000u, NAN, 0);
  re_expect(ref_sinpi_mpfr, 0x7fc00000u, NAN, 0);
  re_expect(ref_sinpi_mpfr, 0x3f800000u, 0.0, 0);   /* sinpi(1) = +0 */
  re_expect(ref_sinpi_mpfr, 0xbf800000u, -0.0, 0);  /* sinpi(-1) = -0 */
  re_expect(ref_sinpi_mpfr, 0x3f000000u, 1.0, 0);   /* sinpi(1/2) */
  re_expect(ref_sinpi_mpfr, 0x3fc00000u, -1.0, 0);  /* sinpi(3/2) */
  re_expect(ref_sinpi_mpfr, 0xbfc00000u, 1.0, 0);   /* sinpi(-3/2) */
  re_expect(ref_sinpi_mpfr, 0x7f7fffffu, 0.0, 0);
  re_expect(ref_sinpi_mpfr, 0xff7fffffu, -0.0, 0);
  /* sinpi(1/4) = sqrt(2)/2 = 0.70710678118654752440...; binary64 0x1.6a09e667f3bcdp-1 =
   * 0.70710678118654757274... above it */
  re_expect(ref_sinpi_mpfr, 0x3e800000u, 0x1.6a09e667f3bcdp-1, 1);
  for (int i = 0; i < 3000; i++) check(re_rand_in(0, 0x7f7fffffu, 1));
  for (int i = 0; i < 1000; i++) check(re_rand_in(0x4a000000u, 0x4b800000u, 1)); /* 2^21 .. 2^24 */
  for (int i = 0; i < 1000; i++) check(re_rand_in(0x3f000000u, 0x41000000u, 1)); /* 0.5 .. 8 */
}

static void test_shortcut(void **state) {
  (void)state;
  for (int s = 0; s < 2; s++) {
    uint32_t sg = s ? RE_SIGN32 : 0;
    re_check_boundary(ref_sinpi_mpfr, ref_sinpi_shortcut, RE_ODD, 0x4b000000u | sg, 1);  /* 2^23 */
    re_check_boundary(ref_sinpi_mpfr, ref_sinpi_shortcut, RE_ODD, 0x4a800000u | sg, 1);  /* 2^22 */
    re_check_boundary(ref_sinpi_mpfr, ref_sinpi_shortcut, RE_ODD, 0x7f800000u | sg, -1);
    re_check_boundary(ref_sinpi_mpfr, ref_sinpi_shortcut, RE_ODD, 0x00000000u | sg, 0);
    assert_true(re_check_one(ref_sinpi_mpfr, ref_sinpi_shortcut, RE_ODD, 0x7f800000u | sg));
    assert_true(re_check_one(ref_sinpi_mpfr, ref_sinpi_shortcut, RE_ODD, 0x00000000u | sg));
    /* every integer and half-integer up to 64, and their neighbours */
    for (int k = 1; k <= 128; k++) {
      uint32_t b = re_f2u(0.5f * (float)k);
      assert_true(re_check_one(ref_sinpi_mpfr, ref_sinpi_shortcut, RE_ODD, b | sg));
      for (int d = -2; d <= 2; d++) re_check_one(ref_sinpi_mpfr, ref_sinpi_shortcut, RE_ODD, (b + d) | sg);
    }
    for (int i = 0; i < 3000; i++)
      assert_true(re_check_one(ref_sinpi_mpfr, ref_sinpi_shortcut, RE_ODD, re_rand_in(0x4a800000u, 0x7f7fffffu, 0) | sg));
  }
  re_check_random(ref_sinpi_mpfr, ref_sinpi_shortcut, RE_ODD, 60000);
}

/* independent coefficients: sin(pi p + pi t) as the sine series of [pi p, pi] */
static int sinpi_alt(arb_ptr c, const arb_t p, slong len, slong prec) {
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
  for (slong k = 0; k < len; k++) arb_poly_get_coeff_arb(c + k, s, k);
  arb_poly_clear(h);
  arb_poly_clear(s);
  arb_poly_clear(co);
  arb_clear(pi);
  arb_clear(a);
  return 0;
}

static void test_series(void **state) {
  (void)state;
  re_check_series_random(ref_sinpi_series, sinpi_alt, -10.0, 10.0, 0x1p-10, 300);
  re_check_series_random(ref_sinpi_series, sinpi_alt, -1e-6, 1e-6, 0.5, 100);
  re_check_series_random(ref_sinpi_series, sinpi_alt, 1e5, 1e7, 0x1p-30, 50);
  arb_t X;
  arb_init(X);
  re_ball(X, 0.25, 3.0);
  re_check_series_ball(ref_sinpi_series, sinpi_alt, X, 8, 64, 0);
  arb_clear(X);
  re_check_series_nonfinite(ref_sinpi_series);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_mpfr),
    cmocka_unit_test(test_shortcut),
    cmocka_unit_test(test_series),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
