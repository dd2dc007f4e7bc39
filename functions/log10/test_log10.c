/* test_log10.c: the log10 reference against independent evaluations (build line in
 * tests/ref/elem.md). */
#include "tests/ref/elem.h"

int ref_log10_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_log10_shortcut(uint32_t xbits, double *y, int *t);
int ref_log10_series(arb_ptr res, const arb_t x, slong len, slong prec);

/* independent: ln x / ln 10 in Arb */
static int arb_log10_alt(arb_t r, const arb_t x, slong prec) {
  arb_t a, b;
  arb_init(a);
  arb_init(b);
  arb_log(a, x, prec);
  arb_log_ui(b, 10, prec);
  arb_div(r, a, b, prec);
  arb_clear(a);
  arb_clear(b);
  return 0;
}

static void test_mpfr(void **state) {
  (void)state;
  re_expect(ref_log10_mpfr, 0x00000000u, -INFINITY, 0);
  re_expect(ref_log10_mpfr, 0x80000000u, -INFINITY, 0);
  re_expect(ref_log10_mpfr, 0x7f800000u, INFINITY, 0);
  re_expect(ref_log10_mpfr, 0xff800000u, NAN, 0);
  re_expect(ref_log10_mpfr, 0x80000001u, NAN, 0);
  re_expect(ref_log10_mpfr, 0xbf800000u, NAN, 0);
  re_expect(ref_log10_mpfr, 0x7fc00000u, NAN, 0);
  /* powers of ten: 1, 10, ..., 10^10 = 0x1.2a05f2p+33 (exact in binary32) */
  double p = 1.0;
  for (int k = 0; k <= 10; k++, p *= 10.0) re_expect(ref_log10_mpfr, f2u((float)p), (double)k, 0);
  /* log10(2) = 0.30102999566398119521...; binary64 0x1.34413509f79ffp-2 =
   * 0.30102999566398119802... above it */
  re_expect(ref_log10_mpfr, 0x40000000u, 0x1.34413509f79ffp-2, 1);
  for (int i = 0; i < 3000; i++) re_check_arb(ref_log10_mpfr, arb_log10_alt, re_rand_in(1, 0x7f7fffffu, 0));
  for (int i = 0; i < 300; i++) re_check_arb(ref_log10_mpfr, arb_log10_alt, re_rand_in(0x3f7f0000u, 0x3f810000u, 0));
}

static void test_shortcut(void **state) {
  (void)state;
  re_check_boundary(ref_log10_mpfr, ref_log10_shortcut, RE_NONE, 0x00000000u, 0);
  re_check_boundary(ref_log10_mpfr, ref_log10_shortcut, RE_NONE, 0x80000000u, 1);
  re_check_boundary(ref_log10_mpfr, ref_log10_shortcut, RE_NONE, 0xff800000u, -1);
  re_check_boundary(ref_log10_mpfr, ref_log10_shortcut, RE_NONE, 0x7f800000u, 0);
  assert_true(re_check_one(ref_log10_mpfr, ref_log10_shortcut, RE_NONE, 0x00000000u));
  assert_true(re_check_one(ref_log10_mpfr, ref_log10_shortcut, RE_NONE, 0x7f800000u));
  assert_true(re_check_one(ref_log10_mpfr, ref_log10_shortcut, RE_NONE, 0xff800000u));
  double p = 1.0;
  for (int k = 0; k <= 12; k++, p *= 10.0) {
    uint32_t b = f2u((float)p); /* for k >= 11, the binary32 number nearest 10^k */
    re_check_boundary(ref_log10_mpfr, ref_log10_shortcut, RE_NONE, b, 0);
    if (k <= 10) assert_true(re_check_one(ref_log10_mpfr, ref_log10_shortcut, RE_NONE, b));
  }
  for (int i = 0; i < 5000; i++)
    assert_true(re_check_one(ref_log10_mpfr, ref_log10_shortcut, RE_NONE, re_rand_in(1, 0x7f800000u, 0) | RE_SIGN32));
  long a = re_check_random(ref_log10_mpfr, ref_log10_shortcut, RE_NONE, 60000);
  assert_true(a > 25000);
}

/* independent coefficients, by hand: c0 = ln p / ln 10, c_k = (-1)^(k-1) / (k p^k ln 10) */
static int log10_alt(arb_ptr c, const arb_t p, slong len, slong prec) {
  arb_t q, w, l;
  arb_init(q);
  arb_init(w);
  arb_init(l);
  arb_log_ui(l, 10, prec);
  arb_inv(q, p, prec);
  arb_inv(w, l, prec);
  for (slong k = 1; k < len; k++) {
    arb_mul(w, w, q, prec);
    arb_div_ui(c + k, w, (ulong)k, prec);
    if (!(k & 1)) arb_neg(c + k, c + k);
  }
  if (len > 0) arb_log10_alt(c, p, prec);
  arb_clear(q);
  arb_clear(w);
  arb_clear(l);
  return 0;
}

static void test_series(void **state) {
  (void)state;
  re_check_series_random(ref_log10_series, log10_alt, 0.001, 100.0, 0x1p-12, 300);
  re_check_series_random(ref_log10_series, log10_alt, 1e-30, 1e-20, 0.5, 50);
  re_check_series_random(ref_log10_series, log10_alt, 1e20, 1e30, 0.5, 50);
  re_check_series_at(ref_log10_series, log10_alt, 5.0, 4.9, 8, 64);
  re_check_series_refuses(ref_log10_series, 0.0, 0.0);
  re_check_series_refuses(ref_log10_series, 0.001, 0.002);
  re_check_series_refuses(ref_log10_series, -2.0, 0.5);
  re_check_series_nonfinite(ref_log10_series);
}

RE_TEST_MAIN(cmocka_unit_test(test_mpfr), cmocka_unit_test(test_shortcut), cmocka_unit_test(test_series))
