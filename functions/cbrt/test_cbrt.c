/* test_cbrt.c: the cbrt reference against independent evaluations (build line in
 * functions/TESTING-refelem.md). */
#include "functions/cbrt_test.h"

int ref_cbrt_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_cbrt_shortcut(uint32_t xbits, double *y, int *t);
int ref_cbrt_series(arb_ptr res, const arb_t x, slong len, slong prec);

/* independent: sign(x) exp(ln|x| / 3) in Arb */
static int arb_cbrt_alt(arb_t r, const arb_t x, slong prec) { return root3_arb(r, x, prec, 1); }

/* every perfect cube n^3 2^(3k) in binary32 (n odd <= 255), found independently of the
 * shortcut by cubing: count them and check the exact results */
static void test_cubes(void **state) {
  (void)state;
  long count = 0;
  for (uint32_t n = 1; n < 256; n += 2)
    for (int k = -60; k <= 50; k++) {
      double x = ldexp((double)(n * n * n), 3 * k); /* exact: n^3 < 2^24 */
      float xf = (float)x;
      if ((double)xf != x || isinf(xf)) continue; /* not a binary32 number */
      count++;
      re_expect(ref_cbrt_mpfr, re_f2u(xf), ldexp((double)n, k), 0);
      re_expect(ref_cbrt_mpfr, re_f2u(-xf), -ldexp((double)n, k), 0);
      assert_true(re_check_one(ref_cbrt_mpfr, ref_cbrt_shortcut, RE_ODD, re_f2u(xf)));
      assert_true(re_check_one(ref_cbrt_mpfr, ref_cbrt_shortcut, RE_ODD, re_f2u(-xf)));
      for (int d = -3; d <= 3; d++) re_check_one(ref_cbrt_mpfr, ref_cbrt_shortcut, RE_ODD, re_f2u(xf) + d);
    }
  /* whatever the shortcut answers on a stride of the line is an exact cube root:
   * y^3 = x exactly (y has at most 8 significant bits, so y^3 is exact in binary64) */
  for (uint64_t b = 1; b < 0x7f800000u; b += 4093) {
    double y;
    int t;
    if (ref_cbrt_shortcut((uint32_t)b, &y, &t)) {
      assert_true(t == 0);
      assert_true(y * y * y == (double)re_u2f((uint32_t)b));
    }
  }
  assert_true(count > 1000);
}

static void test_mpfr(void **state) {
  (void)state;
  re_expect(ref_cbrt_mpfr, 0x00000000u, 0.0, 0);
  re_expect(ref_cbrt_mpfr, 0x80000000u, -0.0, 0);
  re_expect(ref_cbrt_mpfr, 0x7f800000u, INFINITY, 0);
  re_expect(ref_cbrt_mpfr, 0xff800000u, -INFINITY, 0);
  re_expect(ref_cbrt_mpfr, 0x7fc00000u, NAN, 0);
  /* cbrt(2) = 1.25992104989487316476...; binary64 0x1.428a2f98d728bp+0 =
   * 1.25992104989487319066... above it */
  re_expect(ref_cbrt_mpfr, 0x40000000u, 0x1.428a2f98d728bp+0, 1);
  for (int i = 0; i < 3000; i++) re_check_arb(ref_cbrt_mpfr, arb_cbrt_alt, re_rand_in(1, 0x7f7fffffu, 1));
  for (int i = 0; i < 300; i++) re_check_arb(ref_cbrt_mpfr, arb_cbrt_alt, re_rand_in(1, 0x00800000u, 1));
}

static void test_shortcut(void **state) {
  (void)state;
  for (int s = 0; s < 2; s++) {
    uint32_t sg = s ? RE_SIGN32 : 0;
    root3_check_ends(ref_cbrt_mpfr, ref_cbrt_shortcut, sg);
  }
  re_check_random(ref_cbrt_mpfr, ref_cbrt_shortcut, RE_ODD, 60000);
}

/* independent coefficients of |x|^(1/3) with the sign of x (root3_coeffs) */
static int cbrt_alt(arb_ptr c, const arb_t p, slong len, slong prec) { return root3_coeffs(c, p, len, prec, 1); }

static void test_series(void **state) {
  (void)state;
  root3_test_series(ref_cbrt_series, cbrt_alt);
}

RE_TEST_MAIN(cmocka_unit_test(test_cubes), cmocka_unit_test(test_mpfr), cmocka_unit_test(test_shortcut),
             cmocka_unit_test(test_series))
