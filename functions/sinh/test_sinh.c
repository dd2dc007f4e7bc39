/* test_sinh.c: the sinh reference against independent evaluations (build line in
 * tests/ref/elem.md). */
#include "tests/ref/hyperbolic.h"

int ref_sinh_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_sinh_shortcut(uint32_t xbits, double *y, int *t);
int ref_sinh_series(arb_ptr res, const arb_t x, slong len, slong prec);

/* independent: sinh x = (e^x - e^-x)/2 in Arb */
static int arb_sinh_alt(arb_t r, const arb_t x, slong prec) { return hyp_arb(r, x, prec, 0); }

/* (a) the referee at special points (by hand) and at random inputs (Arb) */
static void test_mpfr(void **state) {
  (void)state;
  re_expect(ref_sinh_mpfr, 0x00000000u, 0.0, 0);
  re_expect(ref_sinh_mpfr, 0x80000000u, -0.0, 0);
  re_expect(ref_sinh_mpfr, 0x7f800000u, INFINITY, 0);
  re_expect(ref_sinh_mpfr, 0xff800000u, -INFINITY, 0);
  re_expect(ref_sinh_mpfr, 0x7fc00000u, NAN, 0);
  /* 2^-149: sinh = 2^-149 + 2^-447/6 rounds down to 2^-149 */
  re_expect(ref_sinh_mpfr, 0x00000001u, 0x1p-149, -1);
  /* sinh(FLT_MAX) = +inf, overflow */
  re_expect(ref_sinh_mpfr, 0x7f7fffffu, INFINITY, 1);
  re_expect(ref_sinh_mpfr, 0xff7fffffu, -INFINITY, -1);
  for (int i = 0; i < 3000; i++) re_check_arb(ref_sinh_mpfr, arb_sinh_alt, re_rand_in(0, 0x7f7fffffu, 1));
  /* near the overflow threshold and the tiny threshold */
  for (int i = 0; i < 400; i++) re_check_arb(ref_sinh_mpfr, arb_sinh_alt, re_rand_in(0x44310000u, 0x44320000u, 1));
  for (int i = 0; i < 400; i++) re_check_arb(ref_sinh_mpfr, arb_sinh_alt, re_rand_in(0x32800000u, 0x33000000u, 1));
}

/* (b) the shortcut against the engine recipe */
static void test_shortcut(void **state) {
  (void)state;
  static const uint32_t below[] = {0x32b89ba3u /* T1 */, 0x7f800000u /* inf: the finite values below it */};
  static const uint32_t from[] = {0x00000000u, 0x44319e75u /* T2 */};
  for (int s = 0; s < 2; s++) {
    uint32_t sg = s ? RE_SIGN32 : 0;
    for (unsigned i = 0; i < sizeof below / sizeof *below; i++) re_check_boundary(ref_sinh_mpfr, ref_sinh_shortcut, RE_ODD, below[i] | sg, -1);
    for (unsigned i = 0; i < sizeof from / sizeof *from; i++) re_check_boundary(ref_sinh_mpfr, ref_sinh_shortcut, RE_ODD, from[i] | sg, 1);
    assert_true(re_check_one(ref_sinh_mpfr, ref_sinh_shortcut, RE_ODD, 0x7f800000u | sg));
    /* powers of two in the tiny range, both sides */
    for (uint32_t b = 0x00800000u; b < 0x32b89ba3u; b += 0x00800000u)
      for (int d = -2; d <= 2; d++) assert_true(re_check_one(ref_sinh_mpfr, ref_sinh_shortcut, RE_ODD, (b + d) | sg));
  }
  long a = re_check_random(ref_sinh_mpfr, ref_sinh_shortcut, RE_ODD, 60000);
  assert_true(a > 20000); /* about 40% of the line is in range (B) */
}

/* independent coefficients: (exp(p + t) - exp(-p - t))/2 */
static int sinh_alt(arb_ptr c, const arb_t p, slong len, slong prec) { return hyp_coeffs(c, p, len, prec, 0); }

/* (c) the series */
static void test_series(void **state) {
  (void)state;
  /* a wide ball across zero */
  hyp_test_series(ref_sinh_series, sinh_alt, 700.0, 720.0, 0.0);
}

RE_TEST_MAIN(cmocka_unit_test(test_mpfr), cmocka_unit_test(test_shortcut), cmocka_unit_test(test_series))
