/* test_sinpi.c: the sinpi reference against independent evaluations (build line in
 * tests/ref/elem.md). */
#include "tests/ref/trigpi.h"

int ref_sinpi_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_sinpi_shortcut(uint32_t xbits, double *y, int *t);
int ref_sinpi_series(arb_ptr res, const arb_t x, slong len, slong prec);

/* independent: sin(pi * x) in Arb (trigpi_arb) */
static int arb_sinpi_alt(arb_t r, const arb_t x, slong prec) { return trigpi_arb(r, x, prec, 0); }

/* by hand when 2x is an integer (Niven: the only exact points), else Arb. For |x| >= 2^23
 * x is an even or odd integer; below, 2x is computed exactly in binary64. */
static void check(uint32_t xb) {
  double x = (double)u2f(xb), a = fabs(x);
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
    trigpi_check_halves(ref_sinpi_mpfr, ref_sinpi_shortcut, RE_ODD, sg);
    for (int i = 0; i < 3000; i++)
      assert_true(re_check_one(ref_sinpi_mpfr, ref_sinpi_shortcut, RE_ODD, re_rand_in(0x4a800000u, 0x7f7fffffu, 0) | sg));
  }
  trigpi_check_halfturns(ref_sinpi_mpfr, ref_sinpi_shortcut, RE_ODD);
  re_check_random(ref_sinpi_mpfr, ref_sinpi_shortcut, RE_ODD, 60000);
}

/* independent coefficients: the sine series of [pi p, pi] (trigpi_coeffs) */
static int sinpi_alt(arb_ptr c, const arb_t p, slong len, slong prec) { return trigpi_coeffs(c, p, len, prec, 0); }

static void test_series(void **state) {
  (void)state;
  trigpi_test_series(ref_sinpi_series, sinpi_alt);
}

RE_TEST_MAIN(cmocka_unit_test(test_mpfr), cmocka_unit_test(test_shortcut), cmocka_unit_test(test_series))
