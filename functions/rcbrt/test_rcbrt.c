/* test_rcbrt.c: the rcbrt reference against independent evaluations (build line in
 * functions/TESTING-refelem.md). */
#define REFELEM_TEST
#include "functions/refelem_util.h"

int ref_rcbrt_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_rcbrt_shortcut(uint32_t xbits, double *y, int *t);
int ref_rcbrt_series(arb_ptr res, const arb_t x, slong len, slong prec);

/* independent: sign(x) exp(-ln|x| / 3) in Arb */
static int arb_rcbrt_alt(arb_t r, const arb_t x, slong prec) {
  arb_t a;
  arb_init(a);
  arb_abs(a, x);
  arb_log(a, a, prec);
  arb_div_si(a, a, -3, prec);
  arb_exp(r, a, prec);
  if (arf_sgn(arb_midref(x)) < 0) arb_neg(r, r);
  arb_clear(a);
  return 0;
}

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
    uint32_t b = re_f2u((float)ldexp(1.0, 3 * k));
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
    re_check_boundary(ref_rcbrt_mpfr, ref_rcbrt_shortcut, RE_ODD, 0x00000000u | sg, 0);
    re_check_boundary(ref_rcbrt_mpfr, ref_rcbrt_shortcut, RE_ODD, 0x7f800000u | sg, 0);
    assert_true(re_check_one(ref_rcbrt_mpfr, ref_rcbrt_shortcut, RE_ODD, 0x00000000u | sg));
    assert_true(re_check_one(ref_rcbrt_mpfr, ref_rcbrt_shortcut, RE_ODD, 0x7f800000u | sg));
    /* around every power of two, subnormal ones included; the shortcut answers all of
     * them, also called directly on negative inputs (RE_NONE: no mirroring) */
    for (int e = -149; e <= 127; e++) {
      uint32_t b = re_f2u((float)ldexp(1.0, e));
      for (int d = -2; d <= 2; d++) re_check_one(ref_rcbrt_mpfr, ref_rcbrt_shortcut, RE_ODD, (b + d) | sg);
      for (int d = -3; d <= 3; d++)
        if ((int64_t)b + d > 0 && b + d < RE_INF32) {
          assert_true(re_check_one(ref_rcbrt_mpfr, ref_rcbrt_shortcut, RE_NONE, (b + d) | sg));
        }
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
      assert_true(frexp((double)re_u2f((uint32_t)b), &e) == 0.5 && (e - 1) % 3 == 0);
      assert_true(1.0 / (y * y * y) == (double)re_u2f((uint32_t)b));
    }
  }
  for (uint64_t b = 0; b <= RE_INF32; b += 65521) {
    assert_true(re_check_one(ref_rcbrt_mpfr, ref_rcbrt_shortcut, RE_NONE, (uint32_t)b));
    assert_true(re_check_one(ref_rcbrt_mpfr, ref_rcbrt_shortcut, RE_NONE, (uint32_t)b | RE_SIGN32));
  }
  for (int i = 0; i < 20000; i++) assert_true(re_check_one(ref_rcbrt_mpfr, ref_rcbrt_shortcut, RE_NONE, re_rand_in(0, RE_INF32, 1)));
  assert_true(re_check_random(ref_rcbrt_mpfr, ref_rcbrt_shortcut, RE_ODD, 60000) > 59000);
}

/* independent coefficients, by hand: for p > 0, c_k = binom(-1/3, k) p^(-1/3 - k) with
 * binom(a, k) = prod_{j<k} (a - j)/(j + 1); for p < 0, oddness gives
 * c_k = -(-1)^k binom(-1/3, k) (-p)^(-1/3 - k). */
static int rcbrt_alt(arb_ptr c, const arb_t p, slong len, slong prec) {
  arb_t q, ap, b, a, f;
  arb_init(q);
  arb_init(ap);
  arb_init(b);
  arb_init(a);
  arb_init(f);
  int neg = arf_sgn(arb_midref(p)) < 0;
  arb_abs(ap, p);
  arb_rcbrt_alt(q, ap, prec); /* |p|^(-1/3) */
  arb_one(b);
  arb_set_si(a, -1);
  arb_div_ui(a, a, 3, prec);
  for (slong k = 0; k < len; k++) {
    if (k > 0) {
      arb_sub_si(f, a, k - 1, prec);
      arb_mul(b, b, f, prec);
      arb_div_ui(b, b, (ulong)k, prec);
      arb_div(q, q, ap, prec);
    }
    arb_mul(c + k, b, q, prec);
    if (neg && !(k & 1)) arb_neg(c + k, c + k);
  }
  arb_clear(q);
  arb_clear(ap);
  arb_clear(b);
  arb_clear(a);
  arb_clear(f);
  return 0;
}

static void test_series(void **state) {
  (void)state;
  re_check_series_random(ref_rcbrt_series, rcbrt_alt, 0.01, 100.0, 0x1p-10, 200);
  re_check_series_random(ref_rcbrt_series, rcbrt_alt, -100.0, -0.01, 0x1p-10, 200);
  re_check_series_random(ref_rcbrt_series, rcbrt_alt, 1e-30, 1e-20, 0.5, 50);
  arb_t X;
  arb_init(X);
  re_ball(X, 5.0, 4.9);
  re_check_series_ball(ref_rcbrt_series, rcbrt_alt, X, 8, 64, 0);
  re_ball(X, -5.0, 4.9);
  re_check_series_ball(ref_rcbrt_series, rcbrt_alt, X, 8, 64, 0);
  arb_clear(X);
  re_check_series_refuses(ref_rcbrt_series, 0.0, 0.0);
  re_check_series_refuses(ref_rcbrt_series, 0.001, 0.002);
  re_check_series_refuses(ref_rcbrt_series, -0.001, 0.002);
  re_check_series_nonfinite(ref_rcbrt_series);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_mpfr),
    cmocka_unit_test(test_shortcut),
    cmocka_unit_test(test_series),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
