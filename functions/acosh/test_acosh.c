/* test_acosh.c: the acosh reference against independent evaluations (build line in
 * tests/ref/elem.md). */
#include "tests/ref/elem.h"

int ref_acosh_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_acosh_shortcut(uint32_t xbits, double *y, int *t);
int ref_acosh_series(arb_ptr res, const arb_t x, slong len, slong prec);

/* independent: acosh x = log(x + sqrt((x - 1)(x + 1))) for x >= 1, in Arb */
static int arb_acosh_alt(arb_t r, const arb_t x, slong prec) {
  arb_t a, b;
  arb_init(a);
  arb_init(b);
  arb_sub_ui(a, x, 1, prec);
  arb_add_ui(b, x, 1, prec);
  arb_mul(a, a, b, prec);
  arb_sqrt(a, a, prec);
  arb_add(a, a, x, prec);
  arb_log(r, a, prec);
  arb_clear(a);
  arb_clear(b);
  return 0;
}

static void test_mpfr(void **state) {
  (void)state;
  re_expect(ref_acosh_mpfr, 0x3f800000u, 0.0, 0);
  re_expect(ref_acosh_mpfr, 0x7f800000u, INFINITY, 0);
  re_expect(ref_acosh_mpfr, 0x00000000u, NAN, 0);
  re_expect(ref_acosh_mpfr, 0x80000000u, NAN, 0);
  re_expect(ref_acosh_mpfr, 0x3f7fffffu, NAN, 0);
  re_expect(ref_acosh_mpfr, 0xbf800000u, NAN, 0);
  re_expect(ref_acosh_mpfr, 0xff800000u, NAN, 0);
  re_expect(ref_acosh_mpfr, 0x7fc00000u, NAN, 0);
  /* acosh(2) = ln(2 + sqrt 3) = 1.31695789692481670862...; binary64
   * 0x1.5124271980435p+0 = 1.3169578969248168... above it */
  re_expect(ref_acosh_mpfr, 0x40000000u, 0x1.5124271980435p+0, 1);
  for (int i = 0; i < 3000; i++) re_check_arb(ref_acosh_mpfr, arb_acosh_alt, re_rand_in(0x3f800001u, 0x7f7fffffu, 0));
  for (int i = 0; i < 300; i++) re_check_arb(ref_acosh_mpfr, arb_acosh_alt, re_rand_in(0x3f800001u, 0x3f810000u, 0));
}

static void test_shortcut(void **state) {
  (void)state;
  re_check_boundary(ref_acosh_mpfr, ref_acosh_shortcut, RE_NONE, 0x3f800000u, -1);
  re_check_boundary(ref_acosh_mpfr, ref_acosh_shortcut, RE_NONE, 0x00000000u, 1);
  re_check_boundary(ref_acosh_mpfr, ref_acosh_shortcut, RE_NONE, 0x7f800000u, 0);
  re_check_boundary(ref_acosh_mpfr, ref_acosh_shortcut, RE_NONE, 0x80000000u, 1);
  re_check_boundary(ref_acosh_mpfr, ref_acosh_shortcut, RE_NONE, 0xff800000u, -1);
  re_check_boundary(ref_acosh_mpfr, ref_acosh_shortcut, RE_NONE, 0xbf800000u, 1);
  assert_true(re_check_one(ref_acosh_mpfr, ref_acosh_shortcut, RE_NONE, 0x3f800000u));
  assert_true(re_check_one(ref_acosh_mpfr, ref_acosh_shortcut, RE_NONE, 0x7f800000u));
  assert_true(re_check_one(ref_acosh_mpfr, ref_acosh_shortcut, RE_NONE, 0xff800000u));
  for (int i = 0; i < 5000; i++) {
    assert_true(re_check_one(ref_acosh_mpfr, ref_acosh_shortcut, RE_NONE, re_rand_in(0, 0x7f800000u, 0) | RE_SIGN32));
    assert_true(re_check_one(ref_acosh_mpfr, ref_acosh_shortcut, RE_NONE, re_rand_in(0, 0x3f800000u, 0)));
  }
  long a = re_check_random(ref_acosh_mpfr, ref_acosh_shortcut, RE_NONE, 60000);
  assert_true(a > 40000);
}

/* independent coefficients: log(u + sqrt(u^2 - 1)) at u = p + t, as series */
static int acosh_alt(arb_ptr c, const arb_t p, slong len, slong prec) {
  return re_log_sqrt_coeffs(c, p, len, prec, -1);
}

static void test_series(void **state) {
  (void)state;
  re_check_series_random(ref_acosh_series, acosh_alt, 1.001, 30.0, 0x1p-12, 300);
  re_check_series_random(ref_acosh_series, acosh_alt, 1e3, 1e8, 0x1p-20, 60);
  re_check_series_at(ref_acosh_series, acosh_alt, 5.0, 3.5, 8, 64);
  re_check_series_at(ref_acosh_series, acosh_alt, 1.000001, 0x1p-30, 8, 128);
  re_check_series_refuses(ref_acosh_series, 1.0, 0.0);
  re_check_series_refuses(ref_acosh_series, 1.001, 0.002);
  re_check_series_refuses(ref_acosh_series, 0.5, 0.1);
  re_check_series_refuses(ref_acosh_series, -3.0, 0.5);
  re_check_series_refuses(ref_acosh_series, 3.0, 2.5);
  re_check_series_nonfinite(ref_acosh_series);
}

/* NaN results carry MPFR's NaN bits (refcheck compares the bits) */
static void test_nan_bits(void **state) {
  (void)state;
  re_check_nan_bits(ref_acosh_mpfr, ref_acosh_shortcut, 0x3f000000u);
}

RE_TEST_MAIN(cmocka_unit_test(test_mpfr), cmocka_unit_test(test_shortcut), cmocka_unit_test(test_nan_bits),
             cmocka_unit_test(test_series))
