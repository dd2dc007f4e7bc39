/* test_lgamma.c: the lgamma reference against independent evaluations.
 *  (a) the referee (mpfr_lgamma, sign dropped) against Arb at 256+ bits: arb_hypgeom_lgamma
 *      for x > 0, log|arb_hypgeom_gamma| for x < 0;
 *  (b) the shortcut against the referee around each special input (both signs): +-0, 1,
 *      2, the negative integers, 2^23, +-inf;
 *  (c) the series against finite differences of MPFR's lgamma at 400 bits (both signs,
 *      so the reflection branch too); -1 on balls containing poles.
 * Build: see functions/TESTING-refspecial.md. */
#define RS_TEST_HELPERS /* the test helpers, with cmocka and Arb */
#include "functions/refspecial_util.h"

int ref_lgamma_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_lgamma_shortcut(uint32_t xbits, double *y, int *t);
int ref_lgamma_series(arb_ptr res, const arb_t x, slong len, slong prec);

#define ONE 0x3f800000u
#define TWO 0x40000000u
#define INT 0x4b000000u /* 2^23 */
#define SMALL 0x39800000u /* 2^-12 */

/* log|Gamma(x)| by Arb at p bits */
static int lgamma_at(arb_t V, arb_t X, float x, double y, int t, slong p) {
  if (x > 0) {
    arb_hypgeom_lgamma(V, X, p);
  } else {
    arb_hypgeom_gamma(V, X, p);
    arb_abs(V, V);
    arb_log(V, V, p);
  }
  return rs_check_ball(V, y, t);
}

static void check_referee(uint32_t xb) {
  double y;
  int t;
  int raw = rs_ref_call(ref_lgamma_mpfr, xb, &y, &t);
  assert_true(raw >= -1 && raw <= 1);
  float x = rs_u2f(xb);
  if (isnan(x)) { assert_true(isnan(y)); return; }
  if (isinf(x) || x == 0 || (x < 0 && floorf(x) == x)) { assert_true(rs_same(y, INFINITY) && t == 0); return; }
  if (x == 1 || x == 2) { assert_true(rs_same(y, 0.0) && t == 0); return; }
  rs_check_against_arb("lgamma", xb, y, t, lgamma_at);
}

static void test_referee(void **state) {
  (void)state;
  const uint32_t pts[] = {0, RS_INF32, 0x7fc00000u, 1, 0x007fffffu, 0x00800000u, 0x3f000000u, ONE, ONE - 1, ONE + 1,
                          TWO, TWO - 1, TWO + 1, INT, INT - 1, 0x7f7fffffu, 0x401d3e2fu /* 2.457 */, 0x40400000u,
                          0x40200000u, 0x3fbc5ee6u};
  rs_each_sign(check_referee, pts, sizeof pts / sizeof pts[0]);
  for (int i = 0; i < 150; i++) check_referee(rs_rand_bits(0, 0xff800000u));
  for (int i = 0; i < 100; i++) check_referee(rs_rand_bits(0x3c000000u, 0x42000000u) | (rs_rand64() & 1 ? RS_SIGN32 : 0));
  /* near the zeros 1 and 2 and the negative ones near -2.457 and -2.747 */
  for (int i = 0; i < 40; i++) check_referee(rs_rand_bits(ONE - 0x100, ONE + 0x100));
  for (int i = 0; i < 40; i++) check_referee(rs_rand_bits(TWO - 0x100, TWO + 0x100));
  for (int i = 0; i < 40; i++) check_referee(rs_rand_bits(0x401d3e2fu - 0x100, 0x401d3e2fu + 0x100) | RS_SIGN32);
}

static int must_sc(uint32_t xb) {
  uint32_t m = xb & ~RS_SIGN32;
  if (m > RS_INF32) return 0;
  if (m == 0 || m == RS_INF32 || xb == ONE || xb == TWO) return 1;
  if (m < SMALL) return -1; /* the filter */
  float x = rs_u2f(xb);
  if (x < 0 && floorf(x) == x) return 1;
  return 0;
}

static void test_shortcut_boundaries(void **state) {
  (void)state;
  const uint32_t b[] = {0, SMALL, ONE, TWO, INT, RS_INF32};
  rs_sweep_bounds("lgamma", ref_lgamma_shortcut, ref_lgamma_mpfr, b, sizeof b / sizeof b[0], must_sc);
  for (int n = 1; n <= 12; n++) rs_sweep("lgamma", ref_lgamma_shortcut, ref_lgamma_mpfr, rs_f2u((float)-n), 16, must_sc);
  double y;
  int t;
  for (int i = 0; i < 2000; i++) { /* random inputs: answered exactly where must_sc says */
    uint32_t xb = rs_rand_bits(0, 0xff800000u);
    int a = ref_lgamma_shortcut(xb, &y, &t);
    if (must_sc(xb) >= 0) assert_int_equal(a, must_sc(xb));
    if (a && i < 200) rs_check_shortcut("lgamma", ref_lgamma_shortcut, ref_lgamma_mpfr, xb);
  }
}

/* the small-argument filter against the referee, and its constants against MPFR */
static void test_filter(void **state) {
  (void)state;
  int declined = 0, n = 0;
  declined += rs_filter_below("lgamma", ref_lgamma_shortcut, ref_lgamma_mpfr, SMALL, 1500, 100, &n);
  fprintf(stderr, "lgamma filter declined %d of %d\n", declined, n);
  assert_true(declined < n / 100 + 5);
  /* RN of gamma and zeta(k)/k */
  const double Z[6] = {0, 0, 0x1.a51a6625307d3p-1, 0x1.9a4d55beab2d7p-2, 0x1.151322ac7d848p-2, 0x1.a8b9c17aa6149p-3};
  mpfr_t a;
  mpfr_init2(a, 256);
  mpfr_const_euler(a, MPFR_RNDN);
  assert_true(mpfr_get_d(a, MPFR_RNDN) == 0x1.2788cfc6fb619p-1);
  for (int k = 2; k <= 5; k++) {
    mpfr_zeta_ui(a, (unsigned long)k, MPFR_RNDN);
    mpfr_div_ui(a, a, (unsigned long)k, MPFR_RNDN);
    assert_true(mpfr_get_d(a, MPFR_RNDN) == Z[k]);
  }
  /* zeta(6)/6 <= 0.1696 for the remainder bound */
  mpfr_zeta_ui(a, 6, MPFR_RNDU);
  mpfr_div_ui(a, a, 6, MPFR_RNDU);
  assert_true(mpfr_cmp_d(a, 0.1696) < 0);
  mpfr_clear(a);
}

static int lgamma400(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  int s;
  return mpfr_lgamma(y, &s, x, rnd);
}

/* the series against finite differences of lgamma400 (rs_check_series_fd) */
static void check_series_at(double m, double r) {
  rs_check_series_fd("lgamma", ref_lgamma_series, lgamma400, 0x1p-70, m, r);
}

static void test_series(void **state) {
  (void)state;
  check_series_at(1.0, 0.0);
  check_series_at(2.0, 0x1p-30);
  check_series_at(-0.5, 0x1p-30);   /* Gamma < 0 on (-1, 0) */
  check_series_at(-1.5, 0x1p-30);   /* Gamma > 0 on (-2, -1) */
  check_series_at(-2.457, 0x1p-30); /* near a zero of lgamma */
  rs_series_random(check_series_at, 20, 0x3c000000u, 0x42000000u, 1, 1, 34); /* 2^-7 .. 32 */
  /* lgamma'(1) = -gamma, lgamma''(1)/2 = zeta(2)/2 = pi^2/12, by hand */
  arb_t X;
  arb_init(X);
  arb_ptr c = _arb_vec_init(3);
  rs_ball(X, 1.0, 0.0);
  assert_int_equal(ref_lgamma_series(c, X, 3, 64), 0);
  assert_true(arb_contains_si(c + 0, 0));
  assert_true(arf_cmp_d(arb_midref(c + 1), -0.5772156650) > 0 && arf_cmp_d(arb_midref(c + 1), -0.5772156649) < 0);
  assert_true(arf_cmp_d(arb_midref(c + 2), 0.8224670334) > 0 && arf_cmp_d(arb_midref(c + 2), 0.8224670335) < 0);
  /* poles */
  const double bad[][2] = {{0.0, 0.0}, {0.0, 0.5}, {-1.0, 0.0}, {-0.9, 0.2}, {-7.0, 0x1p-40}, {-6.5, 0.5}, {0.1, 0.2}};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    rs_ball(X, bad[i][0], bad[i][1]);
    assert_int_equal(ref_lgamma_series(c, X, 3, 64), -1);
  }
  arb_indeterminate(X);
  assert_int_equal(ref_lgamma_series(c, X, 3, 64), -1);
  const double good[][2] = {{-6.5, 0.49}, {-0.5, 0.49}, {0.5, 0.49}, {1e-30, 0}, {1e30, 1e20}};
  for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
    rs_ball(X, good[i][0], good[i][1]);
    assert_int_equal(ref_lgamma_series(c, X, 3, 64), 0);
  }
  _arb_vec_clear(c, 3);
  arb_clear(X);
}

RS_TEST_MAIN(cmocka_unit_test(test_referee), cmocka_unit_test(test_shortcut_boundaries),
             cmocka_unit_test(test_filter), cmocka_unit_test(test_series))
