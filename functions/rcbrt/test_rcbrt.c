/* test_rcbrt.c: the rcbrt reference against independent evaluations (build line in
 * tests/ref/elem.md). */
#include "tests/ref/root3.h"

int ref_rcbrt_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_rcbrt_shortcut(uint32_t xbits, double *y, int *t);
int ref_rcbrt_series(arb_ptr res, const arb_t x, slong len, slong prec);

/* independent: sign(x) exp(-ln|x| / 3) in Arb */
static int arb_rcbrt_alt(arb_t r, const arb_t x, slong prec) { return root3_arb(r, x, prec, -1); }

static void test_mpfr(void **state) {
  (void)state;
  /* IEEE 754 rootn(x, -3): +-0 -> +-inf, +-inf -> +-0, real roots of negatives */
  re_expect(ref_rcbrt_mpfr, 0x00000000u, INFINITY, 0);
  re_expect(ref_rcbrt_mpfr, 0x80000000u, -INFINITY, 0);
  re_expect(ref_rcbrt_mpfr, 0x7f800000u, 0.0, 0);
  re_expect(ref_rcbrt_mpfr, 0xff800000u, -0.0, 0);
  re_expect(ref_rcbrt_mpfr, 0x7fc00000u, NAN, 0);
  re_expect(ref_rcbrt_mpfr, 0x41000000u, 0.5, 0);   /* 8 */
  re_expect(ref_rcbrt_mpfr, 0xc1000000u, -0.5, 0);  /* -8 */
  re_expect(ref_rcbrt_mpfr, 0x3e000000u, 2.0, 0);   /* 1/8 */
  re_expect(ref_rcbrt_mpfr, 0x00000004u, 0x1p+49, 0); /* 2^-147 */
  /* 27: 1/3 is not dyadic; RN53(1/3) = 0x1.5555555555555p-2 lies below 1/3 */
  re_expect(ref_rcbrt_mpfr, 0x41d80000u, 0x1.5555555555555p-2, -1);
  /* every power 2^(3k) of binary32, by hand */
  for (int k = -49; k <= 42; k++) {
    uint32_t b = f2u((float)ldexp(1.0, 3 * k));
    re_expect(ref_rcbrt_mpfr, b, ldexp(1.0, -k), 0);
    re_expect(ref_rcbrt_mpfr, b | RE_SIGN32, -ldexp(1.0, -k), 0);
    assert_true(re_check_one(ref_rcbrt_mpfr, ref_rcbrt_shortcut, RE_ODD, b));
    assert_true(re_check_one(ref_rcbrt_mpfr, ref_rcbrt_shortcut, RE_ODD, b | RE_SIGN32));
  }
  for (int i = 0; i < 3000; i++) re_check_arb(ref_rcbrt_mpfr, arb_rcbrt_alt, re_rand_in(1, 0x7f7fffffu, 1));
  for (int i = 0; i < 300; i++) re_check_arb(ref_rcbrt_mpfr, arb_rcbrt_alt, re_rand_in(1, 0x00800000u, 1));
}

static void test_shortcut(void **state) {
  (void)state;
  for (int s = 0; s < 2; s++) {
    uint32_t sg = s ? RE_SIGN32 : 0;
    root3_check_ends(ref_rcbrt_mpfr, ref_rcbrt_shortcut, sg);
    /* around every power of two, subnormal ones included, in the engine's mirrored use */
    for (int e = -149; e <= 127; e++) {
      uint32_t b = f2u((float)ldexp(1.0, e));
      for (int d = -2; d <= 2; d++) re_check_one(ref_rcbrt_mpfr, ref_rcbrt_shortcut, RE_ODD, (b + d) | sg);
    }
  }
  /* the shortcut answers every non-NaN input; where it says t = 0 the result is exact:
   * y^-3 = x, and only on the powers 2^(3k) */
  for (uint64_t b = 1; b < 0x7f800000u; b += 4093) {
    double y;
    int t;
    assert_true(ref_rcbrt_shortcut((uint32_t)b, &y, &t));
    if (t == 0) {
      int e;
      assert_true(frexp((double)u2f((uint32_t)b), &e) == 0.5 && (e - 1) % 3 == 0);
      assert_true(1.0 / (y * y * y) == (double)u2f((uint32_t)b));
    }
  }
  root3_check_answered(ref_rcbrt_mpfr, ref_rcbrt_shortcut);
}

/* independent coefficients of |x|^(-1/3) with the sign of x (root3_coeffs) */
static int rcbrt_alt(arb_ptr c, const arb_t p, slong len, slong prec) { return root3_coeffs(c, p, len, prec, -1); }

static void test_series(void **state) {
  (void)state;
  root3_test_series(ref_rcbrt_series, rcbrt_alt);
}

RE_TEST_MAIN(cmocka_unit_test(test_mpfr), cmocka_unit_test(test_shortcut), cmocka_unit_test(test_series))
