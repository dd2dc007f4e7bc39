/* test_asin.c: the asin reference against independent evaluations (build line in
 * tests/ref/elem.md). */
#include "tests/ref/arcsin.h"

int ref_asin_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_asin_shortcut(uint32_t xbits, double *y, int *t);
int ref_asin_series(arb_ptr res, const arb_t x, slong len, slong prec);

/* independent: asin x = atan(x / sqrt(1 - x^2)) for |x| < 1, in Arb */
static int arb_asin_alt(arb_t r, const arb_t x, slong prec) {
  arb_t a;
  arb_init(a);
  arb_sqr(a, x, prec);
  arb_sub_ui(a, a, 1, prec);
  arb_neg(a, a);
  arb_sqrt(a, a, prec);
  arb_div(a, x, a, prec);
  arb_atan(r, a, prec);
  arb_clear(a);
  return 0;
}

static void test_mpfr(void **state) {
  (void)state;
  re_expect(ref_asin_mpfr, 0x00000000u, 0.0, 0);
  re_expect(ref_asin_mpfr, 0x80000000u, -0.0, 0);
  /* asin(+-1) = +-pi/2; RN53(pi/2) = 0x1.921fb54442d18p+0 lies below pi/2
   * (pi/2 = 1.57079632679489661923..., the binary64 number 1.57079632679489655799...) */
  re_expect(ref_asin_mpfr, 0x3f800000u, 0x1.921fb54442d18p+0, -1);
  re_expect(ref_asin_mpfr, 0xbf800000u, -0x1.921fb54442d18p+0, 1);
  /* asin(1/2) = pi/6 = 0.52359877559829887307...; binary64 0x1.0c152382d7366p-1 =
   * 0.52359877559829892668... lies above */
  re_expect(ref_asin_mpfr, 0x3f000000u, 0x1.0c152382d7366p-1, 1);
  re_expect(ref_asin_mpfr, 0x3f800001u, NAN, 0);
  re_expect(ref_asin_mpfr, 0xbf800001u, NAN, 0);
  re_expect(ref_asin_mpfr, 0x7f800000u, NAN, 0);
  re_expect(ref_asin_mpfr, 0xff800000u, NAN, 0);
  re_expect(ref_asin_mpfr, 0x7fc00000u, NAN, 0);
  for (int i = 0; i < 3000; i++) re_check_arb(ref_asin_mpfr, arb_asin_alt, re_rand_in(0, 0x3f7fffffu, 1));
  for (int i = 0; i < 300; i++) re_check_arb(ref_asin_mpfr, arb_asin_alt, re_rand_in(0x3f7f0000u, 0x3f7fffffu, 1));
  for (int i = 0; i < 300; i++) re_check_arb(ref_asin_mpfr, arb_asin_alt, re_rand_in(0x32800000u, 0x33000000u, 1));
}

static void test_shortcut(void **state) {
  (void)state;
  for (int s = 0; s < 2; s++) {
    uint32_t sg = s ? RE_SIGN32 : 0;
    re_check_boundary(ref_asin_mpfr, ref_asin_shortcut, RE_ODD, 0x32b89ba3u | sg, -1); /* T1 */
    re_check_boundary(ref_asin_mpfr, ref_asin_shortcut, RE_ODD, 0x00000000u | sg, 1);
    re_check_boundary(ref_asin_mpfr, ref_asin_shortcut, RE_ODD, 0x3f800000u | sg, 1); /* 1 and above */
    re_check_boundary(ref_asin_mpfr, ref_asin_shortcut, RE_ODD, 0x7f800000u | sg, -1);
    assert_true(re_check_one(ref_asin_mpfr, ref_asin_shortcut, RE_ODD, 0x7f800000u | sg));
    for (uint32_t b = 0x00800000u; b < 0x32b89ba3u; b += 0x00800000u)
      for (int d = -2; d <= 2; d++) assert_true(re_check_one(ref_asin_mpfr, ref_asin_shortcut, RE_ODD, (b + d) | sg));
  }
  long a = re_check_random(ref_asin_mpfr, ref_asin_shortcut, RE_ODD, 60000);
  assert_true(a > 40000); /* tiny inputs and the NaN exterior: about 3/4 of the line */
}

/* independent coefficients: c0 = arb_asin_alt(p), then the integral of (1 - u^2)^(-1/2) */
static int asin_alt(arb_ptr c, const arb_t p, slong len, slong prec) {
  return arcsin_coeffs(c, p, len, prec, arb_asin_alt, 1);
}

static void test_series(void **state) {
  (void)state;
  arcsin_test_series(ref_asin_series, asin_alt, 0.999999);
  /* balls leaving [-1, 1] */
  re_check_series_refuses(ref_asin_series, 1.5, 0.1);
  re_check_series_refuses(ref_asin_series, -3.0, 0.0);
  re_check_series_nonfinite(ref_asin_series);
}

/* NaN results carry MPFR's NaN bits (refcheck compares the bits) */
static void test_nan_bits(void **state) {
  (void)state;
  re_check_nan_bits(ref_asin_mpfr, ref_asin_shortcut, 0x40000000u);
}

RE_TEST_MAIN(cmocka_unit_test(test_mpfr), cmocka_unit_test(test_shortcut), cmocka_unit_test(test_nan_bits),
             cmocka_unit_test(test_series))
