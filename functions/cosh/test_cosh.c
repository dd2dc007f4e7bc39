/* test_cosh.c: the cosh reference against independent evaluations (build line in
 * functions/TESTING-refelem.md). */
#define REFELEM_TEST
#include "functions/refelem_util.h"

int ref_cosh_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_cosh_shortcut(uint32_t xbits, double *y, int *t);
int ref_cosh_series(arb_ptr res, const arb_t x, slong len, slong prec);

/* independent: cosh x = (e^x + e^-x)/2 in Arb */
static int arb_cosh_alt(arb_t r, const arb_t x, slong prec) {
  arb_t a, b;
  arb_init(a);
  arb_init(b);
  arb_exp(a, x, prec);
  arb_neg(b, x);
  arb_exp(b, b, prec);
  arb_add(r, a, b, prec);
  arb_mul_2exp_si(r, r, -1);
  arb_clear(a);
  arb_clear(b);
  return 0;
}

static void test_mpfr(void **state) {
  (void)state;
  re_expect(ref_cosh_mpfr, 0x00000000u, 1.0, 0);
  re_expect(ref_cosh_mpfr, 0x80000000u, 1.0, 0);
  re_expect(ref_cosh_mpfr, 0x7f800000u, INFINITY, 0);
  re_expect(ref_cosh_mpfr, 0xff800000u, INFINITY, 0);
  re_expect(ref_cosh_mpfr, 0xffc00000u, NAN, 0);
  /* cosh(2^-26) = 1 + 2^-53 + 2^-104/24 + ...: just past the midpoint, rounds up */
  re_expect(ref_cosh_mpfr, 0x32800000u, 1.0 + 0x1p-52, 1);
  re_expect(ref_cosh_mpfr, 0xb2800000u, 1.0 + 0x1p-52, 1);
  re_expect(ref_cosh_mpfr, 0x7f7fffffu, INFINITY, 1);
  for (int i = 0; i < 3000; i++) re_check_arb(ref_cosh_mpfr, arb_cosh_alt, re_rand_in(0, 0x7f7fffffu, 1));
  for (int i = 0; i < 400; i++) re_check_arb(ref_cosh_mpfr, arb_cosh_alt, re_rand_in(0x44310000u, 0x44320000u, 1));
  for (int i = 0; i < 400; i++) re_check_arb(ref_cosh_mpfr, arb_cosh_alt, re_rand_in(0x32000000u, 0x33000000u, 1));
}

static void test_shortcut(void **state) {
  (void)state;
  for (int s = 0; s < 2; s++) {
    uint32_t sg = s ? RE_SIGN32 : 0;
    re_check_boundary(ref_cosh_mpfr, ref_cosh_shortcut, RE_EVEN, 0x32800000u | sg, -1);
    re_check_boundary(ref_cosh_mpfr, ref_cosh_shortcut, RE_EVEN, 0x7f800000u | sg, -1);
    re_check_boundary(ref_cosh_mpfr, ref_cosh_shortcut, RE_EVEN, 0x00000000u | sg, 1);
    re_check_boundary(ref_cosh_mpfr, ref_cosh_shortcut, RE_EVEN, 0x44319e75u | sg, 1);
    assert_true(re_check_one(ref_cosh_mpfr, ref_cosh_shortcut, RE_EVEN, 0x7f800000u | sg));
    for (uint32_t b = 0x00800000u; b < 0x32800000u; b += 0x00800000u)
      for (int d = -2; d <= 2; d++) assert_true(re_check_one(ref_cosh_mpfr, ref_cosh_shortcut, RE_EVEN, (b + d) | sg));
  }
  long a = re_check_random(ref_cosh_mpfr, ref_cosh_shortcut, RE_EVEN, 60000);
  assert_true(a > 20000);
}

/* independent coefficients: (exp(p + t) + exp(-p - t))/2 */
static int cosh_alt(arb_ptr c, const arb_t p, slong len, slong prec) {
  arb_poly_t h, a, b;
  arb_poly_init(h);
  arb_poly_init(a);
  arb_poly_init(b);
  arb_poly_set_coeff_arb(h, 0, p);
  arb_poly_set_coeff_si(h, 1, 1);
  arb_poly_exp_series(a, h, len, prec);
  arb_poly_neg(h, h);
  arb_poly_exp_series(b, h, len, prec);
  arb_poly_add(a, a, b, prec);
  arb_poly_scalar_mul_2exp_si(a, a, -1);
  for (slong k = 0; k < len; k++) arb_poly_get_coeff_arb(c + k, a, k);
  arb_poly_clear(h);
  arb_poly_clear(a);
  arb_poly_clear(b);
  return 0;
}

static void test_series(void **state) {
  (void)state;
  re_check_series_random(ref_cosh_series, cosh_alt, -30.0, 30.0, 0x1p-8, 300);
  re_check_series_random(ref_cosh_series, cosh_alt, -1e-5, 1e-5, 0.5, 100);
  re_check_series_random(ref_cosh_series, cosh_alt, -720.0, -700.0, 0x1p-20, 50);
  arb_t X;
  arb_init(X);
  re_ball(X, 0.5, 3.0);
  re_check_series_ball(ref_cosh_series, cosh_alt, X, 10, 64, 0);
  arb_clear(X);
  re_check_series_nonfinite(ref_cosh_series);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_mpfr),
    cmocka_unit_test(test_shortcut),
    cmocka_unit_test(test_series),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
