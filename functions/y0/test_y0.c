/* test_y0.c: the y0 reference (reference.c) against independent evaluations.
 *  (a) the referee against Arb's Y0 at 192+ bits (rb_check_rn53), special values;
 *  (b) the shortcut against the referee on every pattern within 64 of each boundary
 *      (+-0, +-inf), plus random patterns; and that it answers exactly where it claims;
 *  (c) the series against exact derivatives from DLMF 10.6.7 with Arb point values, and
 *      -1 on balls reaching 0 or below.
 * Build: tests/ref/bessel.md. */
#include "tests/ref/bessel.h"
#include "tests/ref/bessel_hankel.h"

int ref_y0_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_y0_shortcut(uint32_t xb, double *y, int *t);
int ref_y0_series(arb_ptr res, const arb_t x, slong len, slong prec);

#define LARGE 0x45000000u /* 2^11 */

#define ORDER 0
#define FIRST_ZERO 0.89357696627916752158f /* y_{0,1}, DLMF 10.21(vi) / A&S table 9.5 */
#define VALUE_AT_1 0.08825696421567695798  /* Y0(1), A&S table 9.1 */

static void test_checker_rejects(void **state) {
  (void)state;
  arb_t v, x;
  arb_init(v);
  arb_init(x);
  arb_one(x);
  rb_bessel(v, 'Y', ORDER, x, 200);
  double y;
  int t;
  rb_engine(ref_y0_mpfr, 0x3f800000u, &y, &t);
  assert_int_equal(rb_check_rn53(y, t, v), 1);
  assert_int_equal(rb_check_rn53(nextafter(y, 1.0), t, v), 0);
  assert_int_equal(rb_check_rn53(nextafter(y, -1.0), t, v), 0);
  assert_int_equal(rb_check_rn53(y, -t, v), 0);
  assert_true(fabs(y - VALUE_AT_1) < 1e-15);
  arb_clear(v);
  arb_clear(x);
}

static void test_special(void **state) {
  (void)state;
  double y;
  int t;
  rb_engine(ref_y0_mpfr, 0x00000000u, &y, &t);
  assert_true(rb_same(y, t, -INFINITY, 0));
  rb_engine(ref_y0_mpfr, 0x80000000u, &y, &t);
  assert_true(rb_same(y, t, -INFINITY, 0));
  rb_engine(ref_y0_mpfr, 0x7f800000u, &y, &t);
  assert_true(rb_same(y, t, 0.0, 0));
  static const uint32_t nans[] = {0xff800000u, 0xbf800000u, 0x80000001u, 0xff7fffffu, 0x7fc00000u, 0xffc00000u};
  for (size_t i = 0; i < sizeof nans / sizeof *nans; i++) {
    rb_engine(ref_y0_mpfr, nans[i], &y, &t);
    assert_true(isnan(y) && t == 0);
  }
}

static void test_referee_random(void **state) {
  (void)state;
  static const int ranges[][3] = {{-149, -26, 40}, {-26, -1, 60}, {-1, 3, 200}, {3, 7, 150}, {7, 20, 60}, {20, 128, 60}};
  long bad = 0, undecided = 0;
  for (size_t r = 0; r < sizeof ranges / sizeof *ranges; r++)
    for (int i = 0; i < ranges[r][2]; i++) {
      int c = rb_check_referee_arb(ref_y0_mpfr, 'Y', ORDER, rb_rand_in(ranges[r][0], ranges[r][1], 0));
      bad += c == 0;
      undecided += c < 0;
    }
  for (uint32_t b = 0x7f7ffff0u; b <= 0x7f7fffffu; b++) bad += rb_check_referee_arb(ref_y0_mpfr, 'Y', ORDER, b) != 1;
  for (uint32_t b = 1; b <= 16; b++) bad += rb_check_referee_arb(ref_y0_mpfr, 'Y', ORDER, b) != 1;
  for (int d = -8; d <= 8; d++) bad += rb_check_referee_arb(ref_y0_mpfr, 'Y', ORDER, f2u(FIRST_ZERO) + d) != 1;
  assert_int_equal(undecided, 0);
  assert_int_equal(bad, 0);
}

static void test_shortcut_windows(void **state) {
  (void)state;
  long bad = 0;
  static const uint32_t bounds[] = {0, RB_SIGN32, LARGE, RB_INF32, RB_SIGN32 | RB_INF32};
  for (size_t i = 0; i < 5; i++) rb_window(ref_y0_shortcut, ref_y0_mpfr, bounds[i], 64, &bad);
  assert_int_equal(bad, 0);
  double y;
  int t;
  /* answers: +-0, +inf, every negative non-NaN pattern; nothing else */
  assert_int_equal(ref_y0_shortcut(0, &y, &t), 1);
  assert_int_equal(ref_y0_shortcut(RB_INF32, &y, &t), 1);
  for (uint32_t b = 1; b <= 64; b++) assert_int_equal(ref_y0_shortcut(b, &y, &t), 0);
  /* Hankel from 2^11 on (src/reference/shared/bessel_hankel_hd.h): not below, and from there it answers
   * (declines are rare: none here) what MPFR gives (rb_window, above) */
  for (uint32_t b = LARGE - 64; b < LARGE; b++) assert_int_equal(ref_y0_shortcut(b, &y, &t), 0);
  for (uint32_t b = LARGE; b <= LARGE + 64; b++) assert_int_equal(ref_y0_shortcut(b, &y, &t), 1);
  for (uint32_t b = RB_INF32 - 64; b < RB_INF32; b++) assert_int_equal(ref_y0_shortcut(b, &y, &t), 1);
  for (uint32_t b = RB_SIGN32; b <= (RB_SIGN32 | 64); b++) assert_int_equal(ref_y0_shortcut(b, &y, &t), 1);
  for (uint32_t b = (RB_SIGN32 | RB_INF32) - 64; b <= (RB_SIGN32 | RB_INF32); b++)
    assert_int_equal(ref_y0_shortcut(b, &y, &t), 1);
  assert_int_equal(ref_y0_shortcut(0x7fc00000u, &y, &t), 0);
  assert_int_equal(ref_y0_shortcut(0xff800001u, &y, &t), 0);
  /* the NaN of x < 0 has the bits of MPFR's NaN through mpfr_get_d (refcheck compares bits) */
  mpfr_t nan;
  mpfr_init2(nan, 53);
  mpfr_set_nan(nan);
  double mnan = mpfr_get_d(nan, MPFR_RNDN);
  mpfr_clear(nan);
  assert_int_equal(ref_y0_shortcut(0xbf800000u, &y, &t), 1);
  assert_true(d2u(y) == d2u(mnan) && t == 0);
}

static void test_shortcut_random(void **state) {
  (void)state;
  long bad = 0, answered = 0;
  for (int i = 0; i < 3000; i++) answered += rb_window(ref_y0_shortcut, ref_y0_mpfr, rb_rand32(), 0, &bad);
  assert_true(answered > 1300); /* the negative half */
  assert_int_equal(bad, 0);
}

static void test_series(void **state) {
  (void)state;
  static const double balls[][3] = {
    {1.0, 0.0, 20},      {0x1p-30, 0x1p-60, 20}, {1e-30, 1e-40, 20}, {0.3, 0x1p-40, 20},
    {FIRST_ZERO, 0x1p-30, 20}, {15.9, 0x1p-40, 20}, {16.5, 0x1p-40, 20}, {30.25, 0x1p-36, 20},
    {100.0, 0x1p-30, 20}, {1e4, 0x1p-30, 20},    {3.3e6, 0x1p-20, 10}, {1e10, 0x1p-10, 0},
    {2.0, 1.0, 0},        {20.0, 10.0, 0},       {0.01, 0.005, 0},     {1e-5, 0.9e-5, 0}};
  int fails = 0;
  for (size_t i = 0; i < sizeof balls / sizeof *balls; i++) {
    int rc = rb_check_series(ref_y0_series, 'Y', ORDER, balls[i][0], balls[i][1], 8, 128, (int)balls[i][2]);
    if (rc != 0) fprintf(stderr, "ball %zu rc %d\n", i, rc);
    fails += rc != 0;
  }
  for (int i = 0; i < 8; i++) {
    double mid = ldexp(0.5 + (double)(rb_rand64() >> 11) * 0x1p-54, (int)(rb_rand64() % 24) - 12);
    int rc = rb_check_series(ref_y0_series, 'Y', ORDER, mid, ldexp(mid, -35), 6, 100, 15);
    if (rc != 0) fprintf(stderr, "random ball %a rc %d\n", mid, rc);
    fails += rc != 0;
  }
  /* -1 where Y0 is not analytic on the whole ball: reaching 0 or below */
  static const double outside[][2] = {{0.0, 0.0}, {0.0, 1.0}, {0.5, 0.5}, {-1.0, 0.1}, {1e-30, 2e-30}, {3.0, 5.0}};
  for (size_t i = 0; i < sizeof outside / sizeof *outside; i++) {
    int rc = rb_check_series(ref_y0_series, 'Y', ORDER, outside[i][0], outside[i][1], 4, 64, 0);
    if (rc != -1) fprintf(stderr, "outside ball %zu rc %d\n", i, rc);
    fails += rc != -1;
  }
  arb_ptr res = _arb_vec_init(2);
  arb_t x;
  arb_init(x);
  arb_pos_inf(x);
  fails += ref_y0_series(res, x, 2, 64) != -1;
  arb_indeterminate(x);
  fails += ref_y0_series(res, x, 2, 64) != -1;
  arb_clear(x);
  _arb_vec_clear(res, 2);
  fails += rb_check_builder_balls(ref_y0_series, 'Y', ORDER);
  assert_int_equal(fails, 0);
}

/* the large-argument path (tests/ref/bessel_hankel.h says what it checks) */
static void test_hankel(void **state) {
  (void)state;
  hk_test(ref_y0_shortcut, 0, 1, 11);
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "--bench") == 0) { /* referee cost, not a test */
    static const int ranges[][2] = {{-149, -26}, {-26, -1}, {-1, 3}, {3, 7}, {7, 20}, {20, 127}};
    rb_bench("y0", ref_y0_mpfr, ranges, (int)(sizeof ranges / sizeof *ranges), 2000);
    return 0;
  }
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_checker_rejects), cmocka_unit_test(test_special),
    cmocka_unit_test(test_referee_random),  cmocka_unit_test(test_shortcut_windows),
    cmocka_unit_test(test_shortcut_random), cmocka_unit_test(test_series), cmocka_unit_test(test_hankel),
  };
  int rc = cmocka_run_group_tests_name("y0", tests, NULL, NULL);
  flint_cleanup();
  mpfr_free_cache();
  return rc;
}
