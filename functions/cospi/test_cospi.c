/* test_cospi.c: the cospi reference against independent evaluations (build line in
 * tests/ref/elem.md). */
#include "tests/ref/trigpi.h"

int ref_cospi_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_cospi_shortcut(uint32_t xbits, double *y, int *t);
int ref_cospi_series(arb_ptr res, const arb_t x, slong len, slong prec);

/* independent: cos(pi * x) in Arb (trigpi_arb) */
static int arb_cospi_alt(arb_t r, const arb_t x, slong prec) { return trigpi_arb(r, x, prec, 1); }

/* by hand when 2x is an integer (Niven: the only exact points), else Arb */
static void check(uint32_t xb) {
  double a = fabs((double)u2f(xb));
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
    trigpi_check_halves(ref_cospi_mpfr, ref_cospi_shortcut, RE_EVEN, sg);
    for (uint32_t b = 0x00800000u; b < 0x31667b22u; b += 0x00800000u)
      for (int d = -2; d <= 2; d++) assert_true(re_check_one(ref_cospi_mpfr, ref_cospi_shortcut, RE_EVEN, (b + d) | sg));
    for (int i = 0; i < 3000; i++)
      assert_true(re_check_one(ref_cospi_mpfr, ref_cospi_shortcut, RE_EVEN, re_rand_in(0x4a800000u, 0x7f7fffffu, 0) | sg));
  }
  trigpi_check_halfturns(ref_cospi_mpfr, ref_cospi_shortcut, RE_EVEN);
  long a = re_check_random(ref_cospi_mpfr, ref_cospi_shortcut, RE_EVEN, 60000);
  assert_true(a > 25000);
}

/* independent coefficients: the cosine series of [pi p, pi] (trigpi_coeffs) */
static int cospi_alt(arb_ptr c, const arb_t p, slong len, slong prec) { return trigpi_coeffs(c, p, len, prec, 1); }

static void test_series(void **state) {
  (void)state;
  trigpi_test_series(ref_cospi_series, cospi_alt);
}

RE_TEST_MAIN(cmocka_unit_test(test_mpfr), cmocka_unit_test(test_shortcut), cmocka_unit_test(test_series))
