/* test_log1p.c: the log1p reference against independent evaluations (build line in
 * tests/ref/elem.md). */
#include "tests/ref/elem.h"

int ref_log1p_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_log1p_shortcut(uint32_t xbits, double *y, int *t);
int ref_log1p_series(arb_ptr res, const arb_t x, slong len, slong prec);

/* independent: ln(1 + x) in Arb, 1 + x formed exactly (x is a binary32 number) */
static int arb_log1p_alt(arb_t r, const arb_t x, slong prec) {
  arb_t a;
  arb_init(a);
  arb_add_ui(a, x, 1, ARF_PREC_EXACT);
  arb_log(r, a, prec);
  arb_clear(a);
  return 0;
}

static void test_mpfr(void **state) {
  (void)state;
  re_expect(ref_log1p_mpfr, 0x00000000u, 0.0, 0);
  re_expect(ref_log1p_mpfr, 0x80000000u, -0.0, 0);
  re_expect(ref_log1p_mpfr, 0xbf800000u, -INFINITY, 0); /* pole */
  re_expect(ref_log1p_mpfr, 0xbf800001u, NAN, 0);
  re_expect(ref_log1p_mpfr, 0xff800000u, NAN, 0);
  re_expect(ref_log1p_mpfr, 0x7f800000u, INFINITY, 0);
  re_expect(ref_log1p_mpfr, 0x7fc00000u, NAN, 0);
  /* log1p(1) = ln 2 = 0.69314718055994530942...; binary64 0x1.62e42fefa39efp-1 =
   * 0.69314718055994528623... below it */
  re_expect(ref_log1p_mpfr, 0x3f800000u, 0x1.62e42fefa39efp-1, -1);
  for (int i = 0; i < 3000; i++) re_check_arb(ref_log1p_mpfr, arb_log1p_alt, re_rand_in(0, 0x7f7fffffu, 0));
  for (int i = 0; i < 2000; i++) re_check_arb(ref_log1p_mpfr, arb_log1p_alt, re_rand_in(0, 0x3f7fffffu, 0) | RE_SIGN32);
  for (int i = 0; i < 300; i++) re_check_arb(ref_log1p_mpfr, arb_log1p_alt, re_rand_in(0x24800000u, 0x26000000u, 1));
}

static void test_shortcut(void **state) {
  (void)state;
  for (int s = 0; s < 2; s++) {
    uint32_t sg = s ? RE_SIGN32 : 0;
    re_check_boundary(ref_log1p_mpfr, ref_log1p_shortcut, RE_NONE, 0x253504f4u | sg, -1); /* T1 */
    re_check_boundary(ref_log1p_mpfr, ref_log1p_shortcut, RE_NONE, 0x00000000u | sg, 1);
    for (uint32_t b = 0x00800000u; b <= 0x25000000u; b += 0x00800000u)
      for (int d = -2; d <= 2; d++) assert_true(re_check_one(ref_log1p_mpfr, ref_log1p_shortcut, RE_NONE, (b + d) | sg));
  }
  re_check_boundary(ref_log1p_mpfr, ref_log1p_shortcut, RE_NONE, 0xbf800000u, 1); /* -1 and below */
  re_check_boundary(ref_log1p_mpfr, ref_log1p_shortcut, RE_NONE, 0xff800000u, -1);
  re_check_boundary(ref_log1p_mpfr, ref_log1p_shortcut, RE_NONE, 0x7f800000u, 0);
  assert_true(re_check_one(ref_log1p_mpfr, ref_log1p_shortcut, RE_NONE, 0x7f800000u));
  assert_true(re_check_one(ref_log1p_mpfr, ref_log1p_shortcut, RE_NONE, 0xff800000u));
  long a = re_check_random(ref_log1p_mpfr, ref_log1p_shortcut, RE_NONE, 60000);
  assert_true(a > 25000); /* tiny inputs and x < -1: about 54% of the line */
}

/* independent coefficients, by hand: c0 = ln(1 + p), c_k = (-1)^(k-1) / (k (1 + p)^k) */
static int log1p_alt(arb_ptr c, const arb_t p, slong len, slong prec) {
  arb_t q, w;
  arb_init(q);
  arb_init(w);
  arb_add_ui(q, p, 1, prec);
  arb_inv(q, q, prec);
  arb_one(w);
  for (slong k = 1; k < len; k++) {
    arb_mul(w, w, q, prec);
    arb_div_ui(c + k, w, (ulong)k, prec);
    if (!(k & 1)) arb_neg(c + k, c + k);
  }
  if (len > 0) arb_log1p_alt(c, p, prec);
  arb_clear(q);
  arb_clear(w);
  return 0;
}

static void test_series(void **state) {
  (void)state;
  re_check_series_random(ref_log1p_series, log1p_alt, -0.999, 30.0, 0x1p-12, 300);
  re_check_series_random(ref_log1p_series, log1p_alt, -1e-8, 1e-8, 0.5, 100);
  re_check_series_at(ref_log1p_series, log1p_alt, 0.0, 0.9, 8, 64);
  re_check_series_at(ref_log1p_series, log1p_alt, -0.999999, 0x1p-30, 8, 128);
  re_check_series_refuses(ref_log1p_series, -1.0, 0.0);
  re_check_series_refuses(ref_log1p_series, -0.999, 0.002);
  re_check_series_refuses(ref_log1p_series, -2.0, 0.5);
  re_check_series_refuses(ref_log1p_series, 0.0, 1.5);
  re_check_series_nonfinite(ref_log1p_series);
}

RE_TEST_MAIN(cmocka_unit_test(test_mpfr), cmocka_unit_test(test_shortcut), cmocka_unit_test(test_series))
