/* bessel_y_test.h: the tests of the y0 and y1 references (functions/y0/test_y0.c,
 * functions/y1/test_y1.c), the same for both orders; each program passes its struct
 * rb_y_case to every test as cmocka's initial state.
 *  (a) the referee against Arb's Y_n at 192+ bits (rb_check_rn53), special values;
 *  (b) the shortcut against the referee on every pattern within 64 of each boundary
 *      (+-0, +-inf), plus random patterns; and that it answers exactly where it claims;
 *  (c) the series against exact derivatives from DLMF 10.6.7 with Arb point values, and
 *      -1 on balls reaching 0 or below.
 * Build: functions/TESTING-refbessel.md. */
#ifndef BESSEL_Y_TEST_H
#define BESSEL_Y_TEST_H

#include "functions/refbessel_test.h"

struct rb_y_case {
  struct rb_ref r;   /* kind 'Y', order 0 or 1 */
  float first_zero;  /* y_{n,1}, DLMF 10.21(vi) / A&S table 9.5 */
  double value_at_1; /* Y_n(1), A&S table 9.1 */
};

static void test_checker_rejects(void **state) {
  const struct rb_y_case *c = *state;
  rb_check_checker_arb(&c->r, c->value_at_1);
}

static void test_special(void **state) {
  const struct rb_y_case *c = *state;
  double y;
  int t;
  rb_expect(&c->r, 0x00000000u, -INFINITY, 0);
  rb_expect(&c->r, 0x80000000u, -INFINITY, 0);
  rb_expect(&c->r, 0x7f800000u, 0.0, 0);
  static const uint32_t nans[] = {0xff800000u, 0xbf800000u, 0x80000001u, 0xff7fffffu, 0x7fc00000u, 0xffc00000u};
  for (size_t i = 0; i < sizeof nans / sizeof *nans; i++) {
    rb_engine(c->r.mpfr, nans[i], &y, &t);
    assert_true(isnan(y) && t == 0);
  }
}

static void test_referee_random(void **state) {
  const struct rb_y_case *c = *state;
  static const int ranges[][3] = {{-149, -26, 40}, {-26, -1, 60}, {-1, 3, 200}, {3, 7, 150}, {7, 20, 60}, {20, 128, 60}};
  long bad = 0, undecided = 0;
  for (size_t r = 0; r < sizeof ranges / sizeof *ranges; r++)
    for (int i = 0; i < ranges[r][2]; i++) {
      int v = rb_check_referee_arb(c->r.mpfr, 'Y', c->r.n, rb_rand_in(ranges[r][0], ranges[r][1], 0));
      bad += v == 0;
      undecided += v < 0;
    }
  for (uint32_t b = 0x7f7ffff0u; b <= 0x7f7fffffu; b++) bad += rb_check_referee_arb(c->r.mpfr, 'Y', c->r.n, b) != 1;
  for (uint32_t b = 1; b <= 16; b++) bad += rb_check_referee_arb(c->r.mpfr, 'Y', c->r.n, b) != 1;
  for (int d = -8; d <= 8; d++) bad += rb_check_referee_arb(c->r.mpfr, 'Y', c->r.n, rb_f2u(c->first_zero) + d) != 1;
  assert_int_equal(undecided, 0);
  assert_int_equal(bad, 0);
}

static void test_shortcut_windows(void **state) {
  const struct rb_y_case *c = *state;
  rb_shortcut_fn sc = c->r.shortcut;
  long bad = 0;
  static const uint32_t bounds[] = {0, RB_SIGN32, RB_INF32, RB_SIGN32 | RB_INF32};
  rb_windows(&c->r, bounds, 4, 0, &bad);
  assert_int_equal(bad, 0);
  double y;
  int t;
  /* answers: +-0, +inf, every negative non-NaN pattern; nothing else */
  assert_int_equal(sc(0, &y, &t), 1);
  assert_int_equal(sc(RB_INF32, &y, &t), 1);
  for (uint32_t b = 1; b <= 64; b++) assert_int_equal(sc(b, &y, &t), 0);
  for (uint32_t b = RB_INF32 - 64; b < RB_INF32; b++) assert_int_equal(sc(b, &y, &t), 0);
  for (uint32_t b = RB_SIGN32; b <= (RB_SIGN32 | 64); b++) assert_int_equal(sc(b, &y, &t), 1);
  for (uint32_t b = (RB_SIGN32 | RB_INF32) - 64; b <= (RB_SIGN32 | RB_INF32); b++) assert_int_equal(sc(b, &y, &t), 1);
  assert_int_equal(sc(0x7fc00000u, &y, &t), 0);
  assert_int_equal(sc(0xff800001u, &y, &t), 0);
}

static void test_shortcut_random(void **state) {
  const struct rb_y_case *c = *state;
  long bad = 0, answered = 0;
  for (int i = 0; i < 3000; i++) answered += rb_window(c->r.shortcut, c->r.mpfr, rb_rand32(), 0, &bad);
  assert_true(answered > 1300); /* the negative half */
  assert_int_equal(bad, 0);
}

static void test_series(void **state) {
  const struct rb_y_case *c = *state;
  const double balls[][3] = {
    {1.0, 0.0, 20},      {0x1p-30, 0x1p-60, 20}, {1e-30, 1e-40, 20}, {0.3, 0x1p-40, 20},
    {c->first_zero, 0x1p-30, 20}, {15.9, 0x1p-40, 20}, {16.5, 0x1p-40, 20}, {30.25, 0x1p-36, 20},
    {100.0, 0x1p-30, 20}, {1e4, 0x1p-30, 20},    {3.3e6, 0x1p-20, 10}, {1e10, 0x1p-10, 0},
    {2.0, 1.0, 0},        {20.0, 10.0, 0},       {0.01, 0.005, 0},     {1e-5, 0.9e-5, 0}};
  int fails = rb_series_balls(&c->r, balls, sizeof balls / sizeof *balls);
  for (int i = 0; i < 8; i++) {
    double mid = ldexp(0.5 + (double)(rb_rand64() >> 11) * 0x1p-54, (int)(rb_rand64() % 24) - 12);
    int rc = rb_check_series(c->r.series, 'Y', c->r.n, mid, ldexp(mid, -35), 6, 100, 15);
    if (rc != 0) fprintf(stderr, "random ball %a rc %d\n", mid, rc);
    fails += rc != 0;
  }
  /* -1 where Y_n is not analytic on the whole ball: reaching 0 or below */
  static const double outside[][2] = {{0.0, 0.0}, {0.0, 1.0}, {0.5, 0.5}, {-1.0, 0.1}, {1e-30, 2e-30}, {3.0, 5.0}};
  for (size_t i = 0; i < sizeof outside / sizeof *outside; i++) {
    int rc = rb_check_series(c->r.series, 'Y', c->r.n, outside[i][0], outside[i][1], 4, 64, 0);
    if (rc != -1) fprintf(stderr, "outside ball %zu rc %d\n", i, rc);
    fails += rc != -1;
  }
  arb_ptr res = _arb_vec_init(2);
  arb_t x;
  arb_init(x);
  arb_pos_inf(x);
  fails += c->r.series(res, x, 2, 64) != -1;
  arb_indeterminate(x);
  fails += c->r.series(res, x, 2, 64) != -1;
  arb_clear(x);
  _arb_vec_clear(res, 2);
  assert_int_equal(fails, 0);
}

/* referee cost (--bench): binade ranges of positive x */
static const int rb_y_bench_ranges[][2] = {{-149, -26}, {-26, -1}, {-1, 3}, {3, 7}, {7, 20}, {20, 127}};

/* The test program of the struct rb_y_case c. */
#define RB_Y_TEST_MAIN(c)                                                                                           \
  RB_TEST_MAIN((c).r, rb_y_bench_ranges, cmocka_unit_test_prestate(test_checker_rejects, (void *)&(c)),            \
               cmocka_unit_test_prestate(test_special, (void *)&(c)),                                              \
               cmocka_unit_test_prestate(test_referee_random, (void *)&(c)),                                       \
               cmocka_unit_test_prestate(test_shortcut_windows, (void *)&(c)),                                     \
               cmocka_unit_test_prestate(test_shortcut_random, (void *)&(c)),                                      \
               cmocka_unit_test_prestate(test_series, (void *)&(c)))

#endif
