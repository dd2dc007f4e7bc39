/* test_tan.c: the tan reference against independent evaluations (build line in
 * tests/ref/elem.md). */
#include "tests/ref/elem.h"

int ref_tan_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_tan_shortcut(uint32_t xbits, double *y, int *t);
int ref_tan_series(arb_ptr res, const arb_t x, slong len, slong prec);

/* independent: tan x = sin x / cos x, in Arb */
static int arb_tan_alt(arb_t r, const arb_t x, slong prec) {
  arb_t s, c;
  arb_init(s);
  arb_init(c);
  arb_sin_cos(s, c, x, prec);
  arb_div(r, s, c, prec);
  arb_clear(s);
  arb_clear(c);
  return 0;
}

static void test_mpfr(void **state) {
  (void)state;
  re_expect(ref_tan_mpfr, 0x00000000u, 0.0, 0);
  re_expect(ref_tan_mpfr, 0x80000000u, -0.0, 0);
  re_expect(ref_tan_mpfr, 0x7f800000u, NAN, 0);
  re_expect(ref_tan_mpfr, 0xff800000u, NAN, 0);
  re_expect(ref_tan_mpfr, 0x7fc00000u, NAN, 0);
  /* 2^-149: tan = 2^-149 + 2^-447/3 + ... rounds down to 2^-149 */
  re_expect(ref_tan_mpfr, 0x00000001u, 0x1p-149, -1);
  for (int i = 0; i < 3000; i++) re_check_arb(ref_tan_mpfr, arb_tan_alt, re_rand_in(0, 0x7f7fffffu, 1));
  /* the binary32 numbers nearest pi/2 (0x3fc90fdb = 1.57079637...) and 3 pi/2, large tan */
  for (uint32_t b = 0x3fc90fd0u; b < 0x3fc90fe8u; b++) re_check_arb(ref_tan_mpfr, arb_tan_alt, b);
  for (uint32_t b = 0x4096cbe0u; b < 0x4096cbf0u; b++) re_check_arb(ref_tan_mpfr, arb_tan_alt, b);
  for (int i = 0; i < 300; i++) re_check_arb(ref_tan_mpfr, arb_tan_alt, re_rand_in(0x32000000u, 0x33000000u, 1));
}

static void test_shortcut(void **state) {
  (void)state;
  for (int s = 0; s < 2; s++) {
    uint32_t sg = s ? RE_SIGN32 : 0;
    re_check_boundary(ref_tan_mpfr, ref_tan_shortcut, RE_ODD, 0x32689769u | sg, -1); /* T1 */
    re_check_boundary(ref_tan_mpfr, ref_tan_shortcut, RE_ODD, 0x00000000u | sg, 1);
    re_check_boundary(ref_tan_mpfr, ref_tan_shortcut, RE_ODD, 0x7f800000u | sg, 0);
    assert_true(re_check_one(ref_tan_mpfr, ref_tan_shortcut, RE_ODD, 0x7f800000u | sg));
    for (uint32_t b = 0x00800000u; b < 0x32689769u; b += 0x00800000u)
      for (int d = -2; d <= 2; d++) assert_true(re_check_one(ref_tan_mpfr, ref_tan_shortcut, RE_ODD, (b + d) | sg));
  }
  long a = re_check_random(ref_tan_mpfr, ref_tan_shortcut, RE_ODD, 60000);
  assert_true(a > 20000);
}

/* From 2^10 up, trig_large (src/reference/trig_reduce.h, tested itself by
 * tests/test_trig_reduce.c): around 2^10 and FLT_MAX, both signs, and every 15013th input
 * from 2^10 to FLT_MAX (65934 inputs, every binade): each answered, and as MPFR. */
static void test_large(void **state) {
  (void)state;
  for (int s = 0; s < 2; s++) {
    uint32_t sg = s ? RE_SIGN32 : 0;
    re_check_boundary(ref_tan_mpfr, ref_tan_shortcut, RE_ODD, 0x44800000u | sg, 1);
    for (uint32_t p = 0x7f7fff00u; p <= 0x7f7fffffu; p++)
      assert_true(re_check_one(ref_tan_mpfr, ref_tan_shortcut, RE_ODD, p | sg));
  }
  long n = 0, a = 0;
  for (uint32_t p = 0x44800000u; p < 0x7f800000u; p += 15013u, n++) a += re_check_one(ref_tan_mpfr, ref_tan_shortcut, RE_ODD, p);
  printf("tan: %ld of %ld sampled inputs from 2^10 to FLT_MAX decided by the shortcut\n", a, n);
  assert_true(a == n);
}

/* independent coefficients: sin(p + t) / cos(p + t) as series */
static int tan_alt(arb_ptr c, const arb_t p, slong len, slong prec) {
  arb_poly_t h, s, co;
  arb_poly_init(h);
  arb_poly_init(s);
  arb_poly_init(co);
  arb_poly_set_coeff_arb(h, 0, p);
  arb_poly_set_coeff_si(h, 1, 1);
  arb_poly_sin_cos_series(s, co, h, len, prec);
  arb_poly_div_series(s, s, co, len, prec);
  for (slong k = 0; k < len; k++) arb_poly_get_coeff_arb(c + k, s, k);
  arb_poly_clear(h);
  arb_poly_clear(s);
  arb_poly_clear(co);
  return 0;
}

static void test_series(void **state) {
  (void)state;
  re_check_series_random(ref_tan_series, tan_alt, -1.5, 1.5, 0x1p-10, 300);
  re_check_series_random(ref_tan_series, tan_alt, 1.6, 4.6, 0x1p-12, 100);
  re_check_series_random(ref_tan_series, tan_alt, -1e-6, 1e-6, 0.5, 100);
  re_check_series_at(ref_tan_series, tan_alt, 0.0, 1.2, 8, 64);
  /* just below pi/2 = 0x1.921fb54442d18p+0 */
  re_check_series_at(ref_tan_series, tan_alt, 0x1.921fb4p+0, 0x1p-30, 8, 128);
  /* balls containing the poles pi/2, -pi/2, 3 pi/2, or wider than the period */
  re_check_series_refuses(ref_tan_series, 1.5707963267948966, 1e-15); /* pi/2 - 6.1e-17 */
  re_check_series_refuses(ref_tan_series, 1.57, 0.001);
  re_check_series_refuses(ref_tan_series, -1.571, 0.001);
  re_check_series_refuses(ref_tan_series, 4.71238898038469, 1e-9);
  re_check_series_refuses(ref_tan_series, 0.0, 2.0);
  re_check_series_refuses(ref_tan_series, 100.0, 4.0);
  re_check_series_nonfinite(ref_tan_series);
}

RE_TEST_MAIN(cmocka_unit_test(test_mpfr), cmocka_unit_test(test_shortcut), cmocka_unit_test(test_large),
             cmocka_unit_test(test_series))
