/* bessel_j_test.h: the tests that j0 and j1 share (functions/j<n>/test_j<n>.c), each
 * given the program's struct rb_j_case as cmocka's initial state; the programs keep the
 * tests of their own values (test_special, test_series and, for J1,
 * test_threshold_integer). Build: functions/TESTING-refbessel.md. */
#ifndef BESSEL_J_TEST_H
#define BESSEL_J_TEST_H

#include "functions/refbessel_test.h"

struct rb_j_case {
  struct rb_ref r;  /* kind 'J', order 0 or 1 */
  uint32_t tiny;    /* the last pattern of the tiny range the shortcut answers */
  float first_zero; /* j_{n,1} */
  double value_at_1; /* J_n(1), DLMF table / A&S 9.1 */
};

/* the checker itself must be able to fail, at J_n(1) */
static void test_checker_rejects(void **state) {
  const struct rb_j_case *c = *state;
  rb_check_checker_arb(&c->r, c->value_at_1);
}

static void test_referee_random(void **state) {
  const struct rb_j_case *c = *state;
  static const int ranges[][3] = {{-149, -26, 80}, {-26, -1, 150}, {-1, 3, 500}, {3, 7, 400}, {7, 20, 150}, {20, 128, 150}};
  long bad = 0, undecided = 0;
  /* random patterns (both signs for J1), with the symmetry: the referee at -x gives the
   * same pair for the even J0, the opposite one for the odd J1 */
  rb_referee_symmetric(&c->r, ranges, sizeof ranges / sizeof *ranges, &bad, &undecided);
  /* the largest binary32 and its neighbours, and near the first zero */
  for (uint32_t b = 0x7f7ffff0u; b <= 0x7f7fffffu; b++) bad += rb_check_referee_arb(c->r.mpfr, 'J', c->r.n, b) != 1;
  for (int d = -8; d <= 8; d++) bad += rb_check_referee_arb(c->r.mpfr, 'J', c->r.n, rb_f2u(c->first_zero) + d) != 1;
  assert_int_equal(undecided, 0);
  assert_int_equal(bad, 0);
}

static void test_shortcut_windows(void **state) {
  const struct rb_j_case *c = *state;
  rb_shortcut_fn sc = c->r.shortcut;
  long bad = 0;
  const uint32_t bounds[] = {0, c->tiny, RB_INF32};
  rb_windows(&c->r, bounds, 3, 1, &bad);
  assert_int_equal(bad, 0);
  /* it answers exactly on its claimed ranges: |x| <= tiny and +-inf, not beyond */
  for (int s = 0; s < 2; s++) {
    uint32_t sg = s ? RB_SIGN32 : 0;
    double y;
    int t;
    rb_answers_tiny(&c->r, sg, c->tiny);
    for (uint32_t b = RB_INF32 - 64; b < RB_INF32; b++) assert_int_equal(sc(sg | b, &y, &t), 0);
    assert_int_equal(sc(sg | RB_INF32, &y, &t), 1);
    assert_int_equal(sc(sg | 0x7fc00000u, &y, &t), 0);
  }
}

static void test_shortcut_random(void **state) {
  const struct rb_j_case *c = *state;
  long bad = 0;
  long answered = rb_shortcut_random(&c->r, c->tiny, 3000, 2, &bad); /* half in the tiny range */
  assert_true(answered > 1500);
  assert_int_equal(bad, 0);
}

/* referee cost (--bench): binade ranges of positive x */
static const int rb_j_bench_ranges[][2] = {{-60, -26}, {-26, -1}, {-1, 3}, {3, 7}, {7, 20}, {20, 127}};

/* The test program of the struct rb_j_case c: test_checker_rejects, the program's own
 * tests listed, the shared ones, then the program's test_series. */
#define RB_J_TEST_MAIN(c, ...)                                                                                      \
  RB_TEST_MAIN((c).r, rb_j_bench_ranges, cmocka_unit_test_prestate(test_checker_rejects, (void *)&(c)), __VA_ARGS__, \
               cmocka_unit_test_prestate(test_referee_random, (void *)&(c)),                                       \
               cmocka_unit_test_prestate(test_shortcut_windows, (void *)&(c)),                                     \
               cmocka_unit_test_prestate(test_shortcut_random, (void *)&(c)), cmocka_unit_test(test_series))

#endif
