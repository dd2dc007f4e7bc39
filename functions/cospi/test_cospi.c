/* test_cospi.c: the cospi reference against independent evaluations (build line in
 * functions/TESTING-refelem.md). */
#define REFELEM_TEST
#include "functions/refelem_util.h"

int ref_cospi_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_cospi_shortcut(uint32_t xbits, double *y, int *t);
int ref_cospi_series(arb_ptr res, const arb_t x, slong len, slong prec);

/* independent: cos(pi * x) in Arb, pi x formed with enough bits for x < 2^128 */
static int arb_cospi_alt(arb_t r, const arb_t x, slong prec) {
  arb_t a;
  arb_init(a);
  arb_const_pi(a, prec + 160);
  arb_mul(a, a, x, prec + 160);
  arb_cos(r, a, prec);
  arb_clear(a);
  return 0;
}

/* by hand when 2x is an integer (Niven: the only exact points), else Arb */
static void check(uint32_t xb) {
  double a = fabs((double)re_u2f(xb));
  if (a >= 0x1p23 || 2 * a == floor(2 * a)) {
    if (a == floor(a)) re_expect(ref_cospi_mpfr, xb, fmod(a, 2.0) == 0.0 ? 1.0 : -1.0, 0);
    else re_expect(ref_cospi_mpfr, xb, 0.0, 0); /* IEEE cosPi(n + 1/2) = +0 */
  } else
    re_check_arb(ref_cospi_mpfr, arb_cospi_alt, xb);
}

static void test_mpfr(void **state) {
  (void)state;
  re_expect(ref_cospi_mpfr, 0x00000000u, 1.0, 0);
  re_expect(ref_cospi_mpfr, 0x80000000u, 1.0, 0);
  re_expect(ref_cospi_mpfr, 0x7f800000u, NAN, 0);
  re_expect(ref_cospi_mpfr, 0xff800000u, NAN, 0);
  re_expect(ref_cospi_mpfr, 0x7fc00000u, NAN, 0);
  re_expect(ref_cospi_mpfr, 0x3f800000u, -1.0, 0);
  re_expect(ref_cospi_mpfr, 0xbf800000u, -1.0, 0);
  re_expect(ref_cospi_mpfr, 0x3f000000u, 0.0, 0);
  re_expect(ref_cospi_mpfr, 0xbf000000u, 0.0, 0);
  re_expect(ref_cospi_mpfr, 0xbfc00000u, 0.0, 0);
  re_expect(ref_cospi_mpfr, 0x4b000001u, -1.0, 0); /* 2^23 + 1, odd */
  re_expect(ref_cospi_mpfr, 0x7f7fffffu, 1.0, 0);
  /* cospi(1/4) = sqrt(2)/2, binary64 0x1.6a09e667f3bcdp-1 above it */
  re_expect(ref_cospi_mpfr, 0x3e800000u, 0x1.6a09e667f3bcdp-1, 1);
  for (int i = 0; i < 3000; i++) check(re_rand_in(0, 0x7f7fffffu, 1));
  for (int i = 0; i < 1000; i++) check(re_rand_in(0x4a000000u, 0x4b800000u, 1));
  for (int i = 0; i < 1000; i++) check(re_rand_in(0x3f000000u, 0x41000000u, 1));
  for (int i = 0; i < 300; i++) check(re_rand_in(0x31000000u, 0x32000000u, 1));
}

static void test_shortcut(void **state) {
  (void)state;
  for (int s = 0; s < 2; s++) {
    uint32_t sg = s ? RE_SIGN32 : 0;
    re_check_boundary(ref_cospi_mpfr, ref_cospi_shortcut, RE_EVEN, 0x31667b22u | sg, -1); /* T1 */
    re_check_boundary(ref_cospi_mpfr, ref_cospi_shortcut, RE_EVEN, 0x4b800000u | sg, 1);  /* 2^24 */
    re_check_boundary(ref_cospi_mpfr, ref_cospi_shortcut, RE_EVEN, 0x4b000000u | sg, 1);  /* 2^23 */
    re_check_boundary(ref_cospi_mpfr, ref_cospi_shortcut, RE_EVEN, 0x4a800000u | sg, 1);  /* 2^22 */
    re_check_boundary(ref_cospi_mpfr, ref_cospi_shortcut, RE_EVEN, 0x7f800000u | sg, -1);
    re_check_boundary(ref_cospi_mpfr, ref_cospi_shortcut, RE_EVEN, 0x00000000u | sg, 1);
    assert_true(re_check_one(ref_cospi_mpfr, ref_cospi_shortcut, RE_EVEN, 0x7f800000u | sg));
    for (int k = 1; k <= 128; k++) {
      uint32_t b = re_f2u(0.5f * (float)k);
      assert_true(re_check_one(ref_cospi_mpfr, ref_cospi_shortcut, RE_EVEN, b | sg));
      for (int d = -2; d <= 2; d++) re_check_one(ref_cospi_mpfr, ref_cospi_shortcut, RE_EVEN, (b + d) | sg);
    }
    for (uint32_t b = 0x00800000u; b < 0x31667b22u; b += 0x00800000u)
      for (int d = -2; d <= 2; d++) assert_true(re_check_one(ref_cospi_mpfr, ref_cospi_shortcut, RE_EVEN, (b + d) | sg));
    for (int i = 0; i < 3000; i++)
      assert_true(re_check_one(ref_cospi_mpfr, ref_cospi_shortcut, RE_EVEN, re_rand_in(0x4a800000u, 0x7f7fffffu, 0) | sg));
  }
  long a = re_check_random(ref_cospi_mpfr, ref_cospi_shortcut, RE_EVEN, 60000);
  assert_true(a > 25000);
}

/* independent coefficients: cos(pi p + pi t) as the cosine series of [pi p, pi] */
static int cospi_alt(arb_ptr c, const arb_t p, slong len, slong prec) {
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
  for (slong k = 0; k < len; k++) arb_poly_get_coeff_arb(c + k, co, k);
  arb_poly_clear(h);
  arb_poly_clear(s);
  arb_poly_clear(co);
  arb_clear(pi);
  arb_clear(a);
  return 0;
}

static void test_series(void **state) {
  (void)state;
  re_check_series_random(ref_cospi_series, cospi_alt, -10.0, 10.0, 0x1p-10, 300);
  re_check_series_random(ref_cospi_series, cospi_alt, -1e-6, 1e-6, 0.5, 100);
  re_check_series_random(ref_cospi_series, cospi_alt, 1e5, 1e7, 0x1p-30, 50);
  arb_t X;
  arb_init(X);
  re_ball(X, 0.25, 3.0);
  re_check_series_ball(ref_cospi_series, cospi_alt, X, 8, 64, 0);
  arb_clear(X);
  re_check_series_nonfinite(ref_cospi_series);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_mpfr),
    cmocka_unit_test(test_shortcut),
    cmocka_unit_test(test_series),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
