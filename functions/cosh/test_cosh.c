/* test_cosh.c: the cosh reference against independent evaluations (build line in
 * tests/ref/elem.md). */
#include "tests/ref/hyperbolic.h"

int ref_cosh_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_cosh_shortcut(uint32_t xbits, double *y, int *t);
int ref_cosh_series(arb_ptr res, const arb_t x, slong len, slong prec);

/* independent: cosh x = (e^x + e^-x)/2 in Arb */
static int arb_cosh_alt(arb_t r, const arb_t x, slong prec) { return hyp_arb(r, x, prec, 1); }

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
static int cosh_alt(arb_ptr c, const arb_t p, slong len, slong prec) { return hyp_coeffs(c, p, len, prec, 1); }

static void test_series(void **state) {
  (void)state;
  hyp_test_series(ref_cosh_series, cosh_alt, -720.0, -700.0, 0.5);
}

RE_TEST_MAIN(cmocka_unit_test(test_mpfr), cmocka_unit_test(test_shortcut), cmocka_unit_test(test_series))
