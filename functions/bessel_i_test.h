/* bessel_i_test.h: the tests that cyl_bessel_i0 and cyl_bessel_i1 share
 * (functions/cyl_bessel_i<n>/test_cyl_bessel_i<n>.c), each given the program's struct
 * rb_i_case as cmocka's initial state; the programs keep the tests of their own values
 * (test_special, test_thresholds_independent).
 * Build: functions/TESTING-refbessel.md. */
#ifndef BESSEL_I_TEST_H
#define BESSEL_I_TEST_H

#include "functions/refbessel_test.h"

struct rb_i_case {
  struct rb_ref r; /* kind 'I', order 0 or 1 */
  uint32_t tiny;   /* the last pattern of the tiny range the shortcut answers */
  uint32_t over;   /* XOV, the first pattern where I_n overflows */
  double value_at_1; /* I_n(1), A&S table 9.8 */
};

/* the checker itself must be able to fail, at I_n(1) (the MPFR power series) */
static void test_checker_rejects(void **state) {
  const struct rb_i_case *c = *state;
  arb_t v;
  arb_init(v);
  rb_i_series_mpfr(v, c->r.n, 1.0, 256);
  rb_check_checker(&c->r, v, c->value_at_1);
  arb_clear(v);
}

static void test_referee_random(void **state) {
  const struct rb_i_case *c = *state;
  /* {lo exponent, hi exponent, count}; [2^7, 2^9.48) lies below the overflow threshold */
  static const int ranges[][3] = {{-149, -26, 80}, {-26, -1, 160}, {-1, 3, 400}, {3, 7, 300}, {7, 9, 80}};
  long bad = 0, undecided = 0;
  rb_i_referee_ranges(&c->r, ranges, sizeof ranges / sizeof *ranges, &bad, &undecided);
  /* up to the overflow threshold, and beyond: +inf */
  rb_i_referee_overflow(&c->r, c->over, &bad, &undecided);
  assert_int_equal(undecided, 0);
  assert_int_equal(bad, 0);
}

/* ref_arb_ziv in the directed modes: RNDD and RNDU bracket the value by one ulp */
static void test_ziv_directed(void **state) {
  const struct rb_i_case *c = *state;
  rb_i_ziv_directed(&c->r);
}

static void test_shortcut_windows(void **state) {
  const struct rb_i_case *c = *state;
  rb_shortcut_fn sc = c->r.shortcut;
  long bad = 0;
  const uint32_t bounds[] = {0, c->tiny, c->over, RB_INF32};
  rb_windows(&c->r, bounds, 4, 1, &bad);
  assert_int_equal(bad, 0);
  for (int s = 0; s < 2; s++) {
    uint32_t sg = s ? RB_SIGN32 : 0;
    double y;
    int t;
    rb_answers_tiny(&c->r, sg, c->tiny);
    for (uint32_t b = c->over - 64; b < c->over; b++) assert_int_equal(sc(sg | b, &y, &t), 0);
    for (uint32_t b = c->over; b < c->over + 64; b++) assert_int_equal(sc(sg | b, &y, &t), 1);
    for (uint32_t b = RB_INF32 - 64; b <= RB_INF32; b++) assert_int_equal(sc(sg | b, &y, &t), 1);
    assert_int_equal(sc(sg | 0x7fc00000u, &y, &t), 0);
  }
}

static void test_shortcut_random(void **state) {
  const struct rb_i_case *c = *state;
  long bad = 0;
  long answered = rb_shortcut_random(&c->r, c->tiny, 1500, 3, &bad); /* a third in the tiny range */
  assert_true(answered > 900);
  assert_int_equal(bad, 0);
}

static void test_series(void **state) {
  const struct rb_i_case *c = *state;
  static const double balls[][3] = {
    {0.0, 0.0, 20},       {0x1p-30, 0x1p-60, 20}, {0.3, 0x1p-40, 20},    {-1.7, 0x1p-40, 20},
    {15.9, 0x1p-40, 20},  {16.5, 0x1p-40, 20},    {-30.25, 0x1p-36, 20}, {100.0, 0x1p-30, 20},
    {713.5, 0x1p-30, 20}, {1e4, 0x1p-30, 20},     {0.0, 0.5, 0},         {1.0, 2.0, 0},
    {20.0, 1.0, 0},       {10.0, 30.0, 0},        {0.01, 0.005, 0},      {-8.0, 3.9, 0}};
  int fails = rb_series_balls(&c->r, balls, sizeof balls / sizeof *balls);
  fails += rb_series_random(&c->r, 10);
  assert_int_equal(fails, 0);
}

/* referee cost (--bench): binade ranges of positive x */
static const int rb_i_bench_ranges[][2] = {{-60, -26}, {-26, -1}, {-1, 3}, {3, 7}, {7, 9}, {9, 10}, {10, 127}};

/* The test program of the struct rb_i_case c: the program's own tests, then the shared
 * ones. */
#define RB_I_TEST_MAIN(c)                                                                                           \
  RB_TEST_MAIN((c).r, rb_i_bench_ranges, cmocka_unit_test_prestate(test_checker_rejects, (void *)&(c)),            \
               cmocka_unit_test(test_special), cmocka_unit_test(test_thresholds_independent),                      \
               cmocka_unit_test_prestate(test_referee_random, (void *)&(c)),                                       \
               cmocka_unit_test_prestate(test_ziv_directed, (void *)&(c)),                                         \
               cmocka_unit_test_prestate(test_shortcut_windows, (void *)&(c)),                                     \
               cmocka_unit_test_prestate(test_shortcut_random, (void *)&(c)),                                      \
               cmocka_unit_test_prestate(test_series, (void *)&(c)))

#endif
