/* test_asinh.c: the asinh reference against independent evaluations (build line in
 * tests/ref/elem.md). */
#include "tests/ref/elem.h"

int ref_asinh_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_asinh_shortcut(uint32_t xbits, double *y, int *t);
int ref_asinh_series(arb_ptr res, const arb_t x, slong len, slong prec);

/* independent: asinh |x| = log(|x| + sqrt(x^2 + 1)) in Arb, odd (the formula has no
 * cancellation for x >= 0; Arb's ball retries in precision near zero) */
static int arb_asinh_alt(arb_t r, const arb_t x, slong prec) {
  arb_t a, ax;
  arb_init(a);
  arb_init(ax);
  arb_abs(ax, x);
  arb_sqr(a, ax, prec);
  arb_add_ui(a, a, 1, prec);
  arb_sqrt(a, a, prec);
  arb_add(a, a, ax, prec);
  arb_log(r, a, prec);
  if (arf_sgn(arb_midref(x)) < 0) arb_neg(r, r);
  arb_clear(a);
  arb_clear(ax);
  return 0;
}

static void test_mpfr(void **state) {
  (void)state;
  re_expect(ref_asinh_mpfr, 0x00000000u, 0.0, 0);
  re_expect(ref_asinh_mpfr, 0x80000000u, -0.0, 0);
  re_expect(ref_asinh_mpfr, 0x7f800000u, INFINITY, 0);
  re_expect(ref_asinh_mpfr, 0xff800000u, -INFINITY, 0);
  re_expect(ref_asinh_mpfr, 0x7fc00000u, NAN, 0);
  /* 2^-149: asinh = 2^-149 - 2^-447/6 rounds up to 2^-149 */
  re_expect(ref_asinh_mpfr, 0x00000001u, 0x1p-149, 1);
  for (int i = 0; i < 3000; i++) re_check_arb(ref_asinh_mpfr, arb_asinh_alt, re_rand_in(0, 0x7f7fffffu, 1));
  for (int i = 0; i < 300; i++) re_check_arb(ref_asinh_mpfr, arb_asinh_alt, re_rand_in(0x32000000u, 0x33000000u, 1));
}

static void test_shortcut(void **state) {
  (void)state;
  for (int s = 0; s < 2; s++) {
    uint32_t sg = s ? RE_SIGN32 : 0;
    re_check_boundary(ref_asinh_mpfr, ref_asinh_shortcut, RE_ODD, 0x32b89ba3u | sg, -1); /* T1 */
    re_check_boundary(ref_asinh_mpfr, ref_asinh_shortcut, RE_ODD, 0x00000000u | sg, 1);
    re_check_boundary(ref_asinh_mpfr, ref_asinh_shortcut, RE_ODD, 0x7f800000u | sg, 0);
    assert_true(re_check_one(ref_asinh_mpfr, ref_asinh_shortcut, RE_ODD, 0x7f800000u | sg));
    /* powers of two (the narrow side toward zero) and their neighbours */
    for (uint32_t b = 0x00800000u; b <= 0x32800000u; b += 0x00800000u)
      for (int d = -2; d <= 2; d++) assert_true(re_check_one(ref_asinh_mpfr, ref_asinh_shortcut, RE_ODD, (b + d) | sg));
  }
  long a = re_check_random(ref_asinh_mpfr, ref_asinh_shortcut, RE_ODD, 60000);
  assert_true(a > 20000);
}

/* independent coefficients: log(u + sqrt(u^2 + 1)) at u = p + t, as series. For p < 0
 * the sum u + sqrt(u^2 + 1) cancels, losing about 2 log2|p| bits: harmless at 640 bits
 * for the |p| <= 1e6 used here. */
static int asinh_alt(arb_ptr c, const arb_t p, slong len, slong prec) {
  return re_log_sqrt_coeffs(c, p, len, prec, +1);
}

static void test_series(void **state) {
  (void)state;
  re_check_series_random(ref_asinh_series, asinh_alt, -20.0, 20.0, 0x1p-10, 300);
  re_check_series_random(ref_asinh_series, asinh_alt, -1e-6, 1e-6, 0.5, 100);
  re_check_series_random(ref_asinh_series, asinh_alt, -1e6, 1e6, 0x1p-20, 60);
  re_check_series_at(ref_asinh_series, asinh_alt, 0.0, 5.0, 8, 64);
  re_check_series_nonfinite(ref_asinh_series);
}

RE_TEST_MAIN(cmocka_unit_test(test_mpfr), cmocka_unit_test(test_shortcut), cmocka_unit_test(test_series))
