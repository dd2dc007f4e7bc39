/* test_atan.c: the atan reference against independent evaluations (build line in
 * tests/ref/elem.md). */
#include "tests/ref/elem.h"

int ref_atan_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_atan_shortcut(uint32_t xbits, double *y, int *t);
int ref_atan_series(arb_ptr res, const arb_t x, slong len, slong prec);

/* independent: atan x = asin(x / sqrt(1 + x^2)) in Arb for |x| <= 1, and
 * sign(x) pi/2 - asin(s / sqrt(1 + s^2)) with s = 1/x for |x| > 1 (the asin argument
 * then stays away from +-1, where asin loses accuracy). */
static int arb_atan_alt(arb_t r, const arb_t x, slong prec) {
  arb_t a, s, pi;
  arb_init(a);
  arb_init(s);
  arb_init(pi);
  int big = arf_cmpabs_2exp_si(arb_midref(x), 0) > 0;
  if (big) arb_inv(s, x, prec);
  else arb_set(s, x);
  arb_sqr(a, s, prec);
  arb_add_ui(a, a, 1, prec);
  arb_sqrt(a, a, prec);
  arb_div(a, s, a, prec);
  arb_asin(r, a, prec);
  if (big) {
    arb_const_pi(pi, prec);
    arb_mul_2exp_si(pi, pi, -1);
    if (arf_sgn(arb_midref(x)) < 0) arb_neg(pi, pi);
    arb_sub(r, pi, r, prec);
  }
  arb_clear(a);
  arb_clear(s);
  arb_clear(pi);
  return 0;
}

static void test_mpfr(void **state) {
  (void)state;
  re_expect(ref_atan_mpfr, 0x00000000u, 0.0, 0);
  re_expect(ref_atan_mpfr, 0x80000000u, -0.0, 0);
  /* atan(+-inf) = +-pi/2; RN53(pi/2) = 0x1.921fb54442d18p+0 below pi/2 */
  re_expect(ref_atan_mpfr, 0x7f800000u, 0x1.921fb54442d18p+0, -1);
  re_expect(ref_atan_mpfr, 0xff800000u, -0x1.921fb54442d18p+0, 1);
  /* atan(1) = pi/4 = 0.78539816339744830961...; binary64 0x1.921fb54442d18p-1 below */
  re_expect(ref_atan_mpfr, 0x3f800000u, 0x1.921fb54442d18p-1, -1);
  re_expect(ref_atan_mpfr, 0x7fc00000u, NAN, 0);
  for (int i = 0; i < 3000; i++) re_check_arb(ref_atan_mpfr, arb_atan_alt, re_rand_in(0, 0x7f7fffffu, 1));
  for (int i = 0; i < 300; i++) re_check_arb(ref_atan_mpfr, arb_atan_alt, re_rand_in(0x59000000u, 0x5b000000u, 1));
  for (int i = 0; i < 300; i++) re_check_arb(ref_atan_mpfr, arb_atan_alt, re_rand_in(0x32000000u, 0x33000000u, 1));
}

static void test_shortcut(void **state) {
  (void)state;
  for (int s = 0; s < 2; s++) {
    uint32_t sg = s ? RE_SIGN32 : 0;
    re_check_boundary(ref_atan_mpfr, ref_atan_shortcut, RE_ODD, 0x32689769u | sg, -1); /* T1 */
    re_check_boundary(ref_atan_mpfr, ref_atan_shortcut, RE_ODD, 0x00000000u | sg, 1);
    re_check_boundary(ref_atan_mpfr, ref_atan_shortcut, RE_ODD, 0x59b00000u | sg, 1);
    re_check_boundary(ref_atan_mpfr, ref_atan_shortcut, RE_ODD, 0x5a600000u | sg, -1);
    re_check_boundary(ref_atan_mpfr, ref_atan_shortcut, RE_ODD, 0x5a700000u | sg, 1);
    re_check_boundary(ref_atan_mpfr, ref_atan_shortcut, RE_ODD, 0x7f800000u | sg, -1);
    assert_true(re_check_one(ref_atan_mpfr, ref_atan_shortcut, RE_ODD, 0x7f800000u | sg));
    for (uint32_t b = 0x00800000u; b < 0x32689769u; b += 0x00800000u)
      for (int d = -2; d <= 2; d++) assert_true(re_check_one(ref_atan_mpfr, ref_atan_shortcut, RE_ODD, (b + d) | sg));
    for (int i = 0; i < 1000; i++) {
      assert_true(re_check_one(ref_atan_mpfr, ref_atan_shortcut, RE_ODD, re_rand_in(0x59b00000u, 0x5a5fffffu, 0) | sg));
      assert_true(re_check_one(ref_atan_mpfr, ref_atan_shortcut, RE_ODD, re_rand_in(0x5a700000u, 0x7f7fffffu, 0) | sg));
    }
  }
  long a = re_check_random(ref_atan_mpfr, ref_atan_shortcut, RE_ODD, 60000);
  assert_true(a > 30000);
}

/* independent coefficients: c0 from arb_atan_alt; the others integrate 1/(1 + u^2),
 * u = p + t, the inverse series of [1 + p^2, 2p, 1]. */
static int atan_alt(arb_ptr c, const arb_t p, slong len, slong prec) {
  arb_poly_t q, r, I;
  arb_t a;
  arb_poly_init(q);
  arb_poly_init(r);
  arb_poly_init(I);
  arb_init(a);
  re_poly_shifted_square(q, a, p, +1, prec);
  arb_poly_inv_series(r, q, len, prec);
  arb_poly_integral(I, r, prec);
  for (slong k = 1; k < len; k++) arb_poly_get_coeff_arb(c + k, I, k);
  arb_atan_alt(c, p, prec);
  arb_poly_clear(q);
  arb_poly_clear(r);
  arb_poly_clear(I);
  arb_clear(a);
  return 0;
}

static void test_series(void **state) {
  (void)state;
  re_check_series_random(ref_atan_series, atan_alt, -10.0, 10.0, 0x1p-10, 300);
  re_check_series_random(ref_atan_series, atan_alt, -1e-6, 1e-6, 0.5, 100);
  re_check_series_random(ref_atan_series, atan_alt, 1e6, 1e9, 0x1p-20, 50);
  re_check_series_at(ref_atan_series, atan_alt, 0.0, 5.0, 8, 64);
  re_check_series_nonfinite(ref_atan_series);
}

RE_TEST_MAIN(cmocka_unit_test(test_mpfr), cmocka_unit_test(test_shortcut), cmocka_unit_test(test_series))
