/* test_acos.c: the acos reference against independent evaluations (build line in
 * tests/ref/elem.md). */
#include "tests/ref/arcsin.h"

int ref_acos_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_acos_shortcut(uint32_t xbits, double *y, int *t);
int ref_acos_series(arb_ptr res, const arb_t x, slong len, slong prec);

/* independent: acos x = 2 atan(sqrt((1 - x)/(1 + x))) for -1 < x <= 1, in Arb */
static int arb_acos_alt(arb_t r, const arb_t x, slong prec) {
  arb_t a, b;
  arb_init(a);
  arb_init(b);
  arb_sub_ui(a, x, 1, prec);
  arb_neg(a, a);
  arb_add_ui(b, x, 1, prec);
  arb_div(a, a, b, prec);
  arb_sqrt(a, a, prec);
  arb_atan(r, a, prec);
  arb_mul_2exp_si(r, r, 1);
  arb_clear(a);
  arb_clear(b);
  return 0;
}

static void test_mpfr(void **state) {
  (void)state;
  /* acos(+-0) = pi/2 = 1.57079632679489661923...; RN53 = 0x1.921fb54442d18p+0 =
   * 1.57079632679489655799... below it */
  re_expect(ref_acos_mpfr, 0x00000000u, 0x1.921fb54442d18p+0, -1);
  re_expect(ref_acos_mpfr, 0x80000000u, 0x1.921fb54442d18p+0, -1);
  re_expect(ref_acos_mpfr, 0x3f800000u, 0.0, 0);
  /* acos(-1) = pi = 3.14159265358979323846...; RN53 = 0x1.921fb54442d18p+1 =
   * 3.14159265358979311599... below it */
  re_expect(ref_acos_mpfr, 0xbf800000u, 0x1.921fb54442d18p+1, -1);
  /* acos(1/2) = pi/3 = 1.04719755119659774615...; binary64 0x1.0c152382d7366p+0 =
   * 1.04719755119659785336... above it (RN: the gap is 2^-52, the distance 1.07e-16 is
   * below 2^-53 = 1.11e-16) */
  re_expect(ref_acos_mpfr, 0x3f000000u, 0x1.0c152382d7366p+0, 1);
  re_expect(ref_acos_mpfr, 0x3f800001u, NAN, 0);
  re_expect(ref_acos_mpfr, 0xbf800001u, NAN, 0);
  re_expect(ref_acos_mpfr, 0x7f800000u, NAN, 0);
  re_expect(ref_acos_mpfr, 0xff800000u, NAN, 0);
  re_expect(ref_acos_mpfr, 0x7fc00000u, NAN, 0);
  for (int i = 0; i < 3000; i++) re_check_arb(ref_acos_mpfr, arb_acos_alt, re_rand_in(0, 0x3f7fffffu, 1));
  for (int i = 0; i < 300; i++) re_check_arb(ref_acos_mpfr, arb_acos_alt, re_rand_in(0x3f7f0000u, 0x3f7fffffu, 1));
  for (int i = 0; i < 300; i++) re_check_arb(ref_acos_mpfr, arb_acos_alt, re_rand_in(0x24000000u, 0x25800000u, 1));
}

static void test_shortcut(void **state) {
  (void)state;
  /* positive side: (Y0, -1) below 0x248c0000, (Y0, +1) on [0x24900000, 0x25400000) */
  re_check_boundary(ref_acos_mpfr, ref_acos_shortcut, RE_NONE, 0x248c0000u, -1);
  re_check_boundary(ref_acos_mpfr, ref_acos_shortcut, RE_NONE, 0x24900000u, 1);
  re_check_boundary(ref_acos_mpfr, ref_acos_shortcut, RE_NONE, 0x25400000u, -1);
  re_check_boundary(ref_acos_mpfr, ref_acos_shortcut, RE_NONE, 0x00000000u, 1);
  /* negative side: (Y0, -1) for magnitudes below 0x24600000 */
  re_check_boundary(ref_acos_mpfr, ref_acos_shortcut, RE_NONE, 0xa4600000u, -1);
  re_check_boundary(ref_acos_mpfr, ref_acos_shortcut, RE_NONE, 0x80000000u, 1);
  /* +-1 and the exterior */
  for (int s = 0; s < 2; s++) {
    uint32_t sg = s ? RE_SIGN32 : 0;
    re_check_boundary(ref_acos_mpfr, ref_acos_shortcut, RE_NONE, 0x3f800000u | sg, 1);
    re_check_boundary(ref_acos_mpfr, ref_acos_shortcut, RE_NONE, 0x7f800000u | sg, -1);
    assert_true(re_check_one(ref_acos_mpfr, ref_acos_shortcut, RE_NONE, 0x7f800000u | sg));
  }
  for (uint32_t b = 0x00800000u; b < 0x24600000u; b += 0x00800000u)
    for (int d = -2; d <= 2; d++) {
      assert_true(re_check_one(ref_acos_mpfr, ref_acos_shortcut, RE_NONE, b + d));
      assert_true(re_check_one(ref_acos_mpfr, ref_acos_shortcut, RE_NONE, (b + d) | RE_SIGN32));
    }
  for (int i = 0; i < 2000; i++) {
    assert_true(re_check_one(ref_acos_mpfr, ref_acos_shortcut, RE_NONE, re_rand_in(0x24900000u, 0x253fffffu, 0)));
    assert_true(re_check_one(ref_acos_mpfr, ref_acos_shortcut, RE_NONE, re_rand_in(0x24000000u, 0x248bffffu, 0)));
    assert_true(re_check_one(ref_acos_mpfr, ref_acos_shortcut, RE_NONE, re_rand_in(0x24000000u, 0x245fffffu, 0) | RE_SIGN32));
  }
  long a = re_check_random(ref_acos_mpfr, ref_acos_shortcut, RE_NONE, 60000);
  assert_true(a > 40000);
}

/* independent coefficients: c0 = arb_acos_alt(p), then the integral of -(1 - u^2)^(-1/2) */
static int acos_alt(arb_ptr c, const arb_t p, slong len, slong prec) {
  return arcsin_coeffs(c, p, len, prec, arb_acos_alt, -1);
}

static void test_series(void **state) {
  (void)state;
  arcsin_test_series(ref_acos_series, acos_alt, -0.999999);
  /* balls leaving [-1, 1] */
  re_check_series_refuses(ref_acos_series, 2.0, 0.5);
  re_check_series_nonfinite(ref_acos_series);
}

/* NaN results carry MPFR's NaN bits (refcheck compares the bits) */
static void test_nan_bits(void **state) {
  (void)state;
  re_check_nan_bits(ref_acos_mpfr, ref_acos_shortcut, 0x3f800001u);
}

RE_TEST_MAIN(cmocka_unit_test(test_mpfr), cmocka_unit_test(test_shortcut), cmocka_unit_test(test_nan_bits),
             cmocka_unit_test(test_series))
