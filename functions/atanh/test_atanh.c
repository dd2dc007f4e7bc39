/* test_atanh.c: the atanh reference against independent evaluations (build line in
 * tests/ref/elem.md). */
#include "tests/ref/elem.h"

int ref_atanh_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_atanh_shortcut(uint32_t xbits, double *y, int *t);
int ref_atanh_series(arb_ptr res, const arb_t x, slong len, slong prec);

/* independent: atanh x = (log1p(x) - log1p(-x))/2, in Arb */
static int arb_atanh_alt(arb_t r, const arb_t x, slong prec) {
  arb_t a, b;
  arb_init(a);
  arb_init(b);
  arb_log1p(a, x, prec);
  arb_neg(b, x);
  arb_log1p(b, b, prec);
  arb_sub(r, a, b, prec);
  arb_mul_2exp_si(r, r, -1);
  arb_clear(a);
  arb_clear(b);
  return 0;
}

static void test_mpfr(void **state) {
  (void)state;
  re_expect(ref_atanh_mpfr, 0x00000000u, 0.0, 0);
  re_expect(ref_atanh_mpfr, 0x80000000u, -0.0, 0);
  re_expect(ref_atanh_mpfr, 0x3f800000u, INFINITY, 0); /* poles */
  re_expect(ref_atanh_mpfr, 0xbf800000u, -INFINITY, 0);
  re_expect(ref_atanh_mpfr, 0x3f800001u, NAN, 0);
  re_expect(ref_atanh_mpfr, 0xbf800001u, NAN, 0);
  re_expect(ref_atanh_mpfr, 0x7f800000u, NAN, 0);
  re_expect(ref_atanh_mpfr, 0xff800000u, NAN, 0);
  re_expect(ref_atanh_mpfr, 0x7fc00000u, NAN, 0);
  /* atanh(1/2) = ln(3)/2 = 0.54930614433405484570...; binary64 0x1.193ea7aad030bp-1 =
   * 0.54930614433405489... above it (by 4.5e-17 < 2^-54 = 5.55e-17, half the gap) */
  re_expect(ref_atanh_mpfr, 0x3f000000u, 0x1.193ea7aad030bp-1, 1);
  for (int i = 0; i < 3000; i++) re_check_arb(ref_atanh_mpfr, arb_atanh_alt, re_rand_in(0, 0x3f7fffffu, 1));
  for (int i = 0; i < 300; i++) re_check_arb(ref_atanh_mpfr, arb_atanh_alt, re_rand_in(0x3f7f0000u, 0x3f7fffffu, 1));
  for (int i = 0; i < 300; i++) re_check_arb(ref_atanh_mpfr, arb_atanh_alt, re_rand_in(0x32000000u, 0x33000000u, 1));
}

static void test_shortcut(void **state) {
  (void)state;
  for (int s = 0; s < 2; s++) {
    uint32_t sg = s ? RE_SIGN32 : 0;
    re_check_boundary(ref_atanh_mpfr, ref_atanh_shortcut, RE_ODD, 0x32689769u | sg, -1); /* T1 */
    re_check_boundary(ref_atanh_mpfr, ref_atanh_shortcut, RE_ODD, 0x00000000u | sg, 1);
    re_check_boundary(ref_atanh_mpfr, ref_atanh_shortcut, RE_ODD, 0x3f800000u | sg, 1);
    re_check_boundary(ref_atanh_mpfr, ref_atanh_shortcut, RE_ODD, 0x7f800000u | sg, -1);
    assert_true(re_check_one(ref_atanh_mpfr, ref_atanh_shortcut, RE_ODD, 0x7f800000u | sg));
    for (uint32_t b = 0x00800000u; b < 0x32689769u; b += 0x00800000u)
      for (int d = -2; d <= 2; d++) assert_true(re_check_one(ref_atanh_mpfr, ref_atanh_shortcut, RE_ODD, (b + d) | sg));
  }
  long a = re_check_random(ref_atanh_mpfr, ref_atanh_shortcut, RE_ODD, 60000);
  assert_true(a > 40000);
}

/* independent coefficients: (log(1 + u) - log(1 - u))/2 at u = p + t, as series of the
 * logarithms of [1 + p, 1] and [1 - p, -1] */
static int atanh_alt(arb_ptr c, const arb_t p, slong len, slong prec) {
  arb_poly_t h, a, b;
  arb_t v;
  arb_poly_init(h);
  arb_poly_init(a);
  arb_poly_init(b);
  arb_init(v);
  arb_add_ui(v, p, 1, prec);
  arb_poly_set_coeff_arb(h, 0, v);
  arb_poly_set_coeff_si(h, 1, 1);
  arb_poly_log_series(a, h, len, prec);
  arb_neg(v, p);
  arb_add_ui(v, v, 1, prec);
  arb_poly_set_coeff_arb(h, 0, v);
  arb_poly_set_coeff_si(h, 1, -1);
  arb_poly_log_series(b, h, len, prec);
  arb_poly_sub(a, a, b, prec);
  arb_poly_scalar_mul_2exp_si(a, a, -1);
  for (slong k = 0; k < len; k++) arb_poly_get_coeff_arb(c + k, a, k);
  arb_atanh_alt(c, p, prec); /* the same value, without the cancellation near 0 */
  arb_poly_clear(h);
  arb_poly_clear(a);
  arb_poly_clear(b);
  arb_clear(v);
  return 0;
}

static void test_series(void **state) {
  (void)state;
  re_check_series_random(ref_atanh_series, atanh_alt, -0.999, 0.999, 0x1p-12, 300);
  re_check_series_random(ref_atanh_series, atanh_alt, -1e-6, 1e-6, 0.5, 100);
  re_check_series_at(ref_atanh_series, atanh_alt, 0.0, 0.9, 8, 64);
  re_check_series_at(ref_atanh_series, atanh_alt, 0.999999, 0x1p-30, 8, 128);
  re_check_series_refuses(ref_atanh_series, 1.0, 0.0);
  re_check_series_refuses(ref_atanh_series, -1.0, 0.0);
  re_check_series_refuses(ref_atanh_series, 0.999, 0.002);
  re_check_series_refuses(ref_atanh_series, -0.999, 0.002);
  re_check_series_refuses(ref_atanh_series, 0.0, 1.0);
  re_check_series_refuses(ref_atanh_series, 3.0, 0.5);
  re_check_series_nonfinite(ref_atanh_series);
}

/* NaN results carry MPFR's NaN bits (refcheck compares the bits) */
static void test_nan_bits(void **state) {
  (void)state;
  re_check_nan_bits(ref_atanh_mpfr, ref_atanh_shortcut, 0x7f800000u);
}

RE_TEST_MAIN(cmocka_unit_test(test_mpfr), cmocka_unit_test(test_shortcut), cmocka_unit_test(test_nan_bits),
             cmocka_unit_test(test_series))
