/* test_expm1.c: the expm1 reference against independent evaluations (build line in
 * tests/ref/elem.md). */
#include "tests/ref/elem.h"

int ref_expm1_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_expm1_shortcut(uint32_t xbits, double *y, int *t);
int ref_expm1_series(arb_ptr res, const arb_t x, slong len, slong prec);

/* independent: e^x - 1 in Arb (the ball retries in precision absorb the cancellation) */
static int arb_expm1_alt(arb_t r, const arb_t x, slong prec) {
  arb_exp(r, x, prec);
  arb_sub_ui(r, r, 1, prec);
  return 0;
}

/* One input: for x <= -64, 0 < e^x < 2^-92 and expm1 x lies in (-1, -1 + 2^-92), so
 * RN53 = -1 below it (by hand: Arb cannot separate -1 + e^x from -1 at a feasible
 * precision when x is hugely negative); otherwise Arb. */
static void check(uint32_t xb) {
  if ((xb & RE_SIGN32) && u2f(xb) <= -64.0f) re_expect(ref_expm1_mpfr, xb, -1.0, -1);
  else re_check_arb(ref_expm1_mpfr, arb_expm1_alt, xb);
}

static void test_mpfr(void **state) {
  (void)state;
  re_expect(ref_expm1_mpfr, 0x00000000u, 0.0, 0);
  re_expect(ref_expm1_mpfr, 0x80000000u, -0.0, 0);
  re_expect(ref_expm1_mpfr, 0x7f800000u, INFINITY, 0);
  re_expect(ref_expm1_mpfr, 0xff800000u, -1.0, 0);
  re_expect(ref_expm1_mpfr, 0x7fc00000u, NAN, 0);
  re_expect(ref_expm1_mpfr, 0x7f7fffffu, INFINITY, 1);
  re_expect(ref_expm1_mpfr, 0xff7fffffu, -1.0, -1);
  /* -2^-53: expm1 = -2^-53 + 2^-107 - 2^-159/6 + ..., just inside the half gap 2^-107
   * toward zero: rounds to -2^-53 */
  re_expect(ref_expm1_mpfr, 0xa5000000u, -0x1p-53, -1);
  /* -2^-52: expm1 = -2^-52 + 2^-105 - 2^-156/6 + ...; -2^-52 + 2^-105 is a binary64
   * number (the spacing below 2^-52 in magnitude is 2^-105) about 2^-158.6 above it */
  re_expect(ref_expm1_mpfr, 0xa5800000u, -0x1p-52 + 0x1p-105, 1);
  for (int i = 0; i < 3000; i++) check(re_rand_in(0, 0x7f7fffffu, 1));
  for (int i = 0; i < 300; i++) re_check_arb(ref_expm1_mpfr, arb_expm1_alt, re_rand_in(0x44310000u, 0x44320000u, 0));
  for (int i = 0; i < 300; i++) re_check_arb(ref_expm1_mpfr, arb_expm1_alt, re_rand_in(0x42150000u, 0x42160000u, 0) | RE_SIGN32);
  for (int i = 0; i < 300; i++) re_check_arb(ref_expm1_mpfr, arb_expm1_alt, re_rand_in(0x24800000u, 0x26000000u, 1));
}

static void test_shortcut(void **state) {
  (void)state;
  for (int s = 0; s < 2; s++) {
    uint32_t sg = s ? RE_SIGN32 : 0;
    re_check_boundary(ref_expm1_mpfr, ref_expm1_shortcut, RE_NONE, 0x253504f4u | sg, -1); /* T1 */
    re_check_boundary(ref_expm1_mpfr, ref_expm1_shortcut, RE_NONE, 0x00000000u | sg, 1);
    re_check_boundary(ref_expm1_mpfr, ref_expm1_shortcut, RE_NONE, 0x7f800000u | sg, -1);
    assert_true(re_check_one(ref_expm1_mpfr, ref_expm1_shortcut, RE_NONE, 0x7f800000u | sg));
    for (uint32_t b = 0x00800000u; b <= 0x25000000u; b += 0x00800000u)
      for (int d = -2; d <= 2; d++) assert_true(re_check_one(ref_expm1_mpfr, ref_expm1_shortcut, RE_NONE, (b + d) | sg));
  }
  re_check_boundary(ref_expm1_mpfr, ref_expm1_shortcut, RE_NONE, 0x44317218u, 1);              /* T2 */
  re_check_boundary(ref_expm1_mpfr, ref_expm1_shortcut, RE_NONE, 0x4215b845u | RE_SIGN32, 1);  /* -T3 */
  long a = re_check_random(ref_expm1_mpfr, ref_expm1_shortcut, RE_NONE, 60000);
  assert_true(a > 40000);
}

/* independent coefficients, by hand: c0 = e^p - 1, c_k = e^p / k! */
static int expm1_alt(arb_ptr c, const arb_t p, slong len, slong prec) {
  arb_t e;
  arb_init(e);
  arb_exp(e, p, prec);
  for (slong k = 1; k < len; k++) {
    arb_set(c + k, e);
    for (slong j = 2; j <= k; j++) arb_div_ui(c + k, c + k, (ulong)j, prec);
  }
  if (len > 0) arb_expm1_alt(c, p, prec);
  arb_clear(e);
  return 0;
}

static void test_series(void **state) {
  (void)state;
  re_check_series_random(ref_expm1_series, expm1_alt, -40.0, 40.0, 0x1p-10, 300);
  re_check_series_random(ref_expm1_series, expm1_alt, -1e-8, 1e-8, 0.5, 100);
  re_check_series_at(ref_expm1_series, expm1_alt, 0.0, 3.0, 8, 64);
  re_check_series_nonfinite(ref_expm1_series);
}

RE_TEST_MAIN(cmocka_unit_test(test_mpfr), cmocka_unit_test(test_shortcut), cmocka_unit_test(test_series))
