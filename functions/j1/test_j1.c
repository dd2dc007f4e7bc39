/* test_j1.c: the j1 reference (reference.c) against independent evaluations.
 *  (a) the referee against Arb's J1 at 192+ bits (rb_check_rn53), special values,
 *      hand-derived values, oddness;
 *  (b) the shortcut against the referee on every pattern within 64 of each boundary,
 *      both signs, plus random patterns; the threshold recomputed by integer search;
 *  (c) the series against exact derivatives from DLMF 10.6.7 with Arb point values.
 * Build: tests/ref/bessel.md. */
#include "tests/ref/bessel.h"
#include "tests/ref/bessel_hankel.h"

int ref_j1_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_j1_shortcut(uint32_t xb, double *y, int *t);
int ref_j1_series(arb_ptr res, const arb_t x, slong len, slong prec);

#define LARGE 0x45800000u /* 2^12 */
#define TINY 0x32cb2ff5u

static void test_checker_rejects(void **state) {
  (void)state;
  arb_t v, x;
  arb_init(v);
  arb_init(x);
  arb_one(x);
  rb_bessel(v, 'J', 1, x, 200);
  double y;
  int t;
  rb_engine(ref_j1_mpfr, 0x3f800000u, &y, &t);
  assert_int_equal(rb_check_rn53(y, t, v), 1);
  assert_int_equal(rb_check_rn53(nextafter(y, 1.0), t, v), 0);
  assert_int_equal(rb_check_rn53(nextafter(y, 0.0), t, v), 0);
  assert_int_equal(rb_check_rn53(y, -t, v), 0);
  assert_true(fabs(y - 0.44005058574493351596) < 1e-15); /* J1(1), DLMF table / A&S 9.1 */
  arb_clear(v);
  arb_clear(x);
}

static void test_special(void **state) {
  (void)state;
  double y;
  int t;
  rb_engine(ref_j1_mpfr, 0x00000000u, &y, &t);
  assert_true(rb_same(y, t, 0.0, 0));
  rb_engine(ref_j1_mpfr, 0x80000000u, &y, &t);
  assert_true(rb_same(y, t, -0.0, 0));
  rb_engine(ref_j1_mpfr, 0x7f800000u, &y, &t);
  assert_true(rb_same(y, t, 0.0, 0));
  rb_engine(ref_j1_mpfr, 0xff800000u, &y, &t);
  assert_true(rb_same(y, t, -0.0, 0)); /* CUDA: j1f(-inf) = -0 */
  rb_engine(ref_j1_mpfr, 0x7fc00000u, &y, &t);
  assert_true(isnan(y) && t == 0);
  /* x = 2^-20: J1 = 2^-21 - 2^-64 + 2^-100/384 - ...; 2^-21 - 2^-64 is a binary64 number
   * (ulp 2^-74 there) within 2^-108 below J1: (2^-21 - 2^-64, -1). */
  rb_engine(ref_j1_mpfr, 0x35800000u, &y, &t);
  assert_true(rb_same(y, t, 0x1p-21 - 0x1p-64, -1));
  rb_engine(ref_j1_mpfr, 0xb5800000u, &y, &t);
  assert_true(rb_same(y, t, -(0x1p-21 - 0x1p-64), 1));
  /* last shortcut pattern: x/2, t = +1; next one, x = 13316086 2^-49: x/2 - J1 =
   * m^3 2^-82 (1 - O(2^-53)) with m^3 = 4 (1 + 1.9e-7): just over 2^-80, half the gap
   * (2^-79) below x/2, and under 2^-79 - ...: J1 rounds to x/2 - 2^-79, which lies
   * below J1: t = -1. */
  rb_engine(ref_j1_mpfr, TINY, &y, &t);
  assert_true(rb_same(y, t, (double)u2f(TINY) / 2, 1));
  rb_engine(ref_j1_mpfr, TINY + 1, &y, &t);
  assert_true(rb_same(y, t, (double)u2f(TINY + 1) / 2 - 0x1p-79, -1));
}

static void test_threshold_integer(void **state) {
  (void)state;
  /* the largest 24-bit M with M^3 <= 4 * 2^69, by search from 2^23 */
  unsigned __int128 lim = (unsigned __int128)4 << 69;
  uint64_t M = 1u << 23;
  while ((unsigned __int128)(M + 1) * (M + 1) * (M + 1) <= lim) M++;
  assert_int_equal(M, 0xcb2ff5u);
  assert_int_equal(0x32800000u + (uint32_t)(M - (1u << 23)), TINY);
}

static void test_referee_random(void **state) {
  (void)state;
  static const int ranges[][3] = {{-149, -26, 80}, {-26, -1, 150}, {-1, 3, 500}, {3, 7, 400}, {7, 20, 150}, {20, 128, 150}};
  long bad = 0, undecided = 0;
  for (size_t r = 0; r < sizeof ranges / sizeof *ranges; r++)
    for (int i = 0; i < ranges[r][2]; i++) {
      uint32_t xb = rb_rand_in(ranges[r][0], ranges[r][1], 1);
      int c = rb_check_referee_arb(ref_j1_mpfr, 'J', 1, xb);
      bad += c == 0;
      undecided += c < 0;
      double y1, y2;
      int t1, t2;
      rb_engine(ref_j1_mpfr, xb, &y1, &t1);
      rb_engine(ref_j1_mpfr, xb ^ RB_SIGN32, &y2, &t2);
      bad += !rb_same(y1, t1, -y2, -t2); /* oddness */
    }
  for (uint32_t b = 0x7f7ffff0u; b <= 0x7f7fffffu; b++) bad += rb_check_referee_arb(ref_j1_mpfr, 'J', 1, b) != 1;
  float z = 3.83170597020751f; /* j_{1,1} */
  for (int d = -8; d <= 8; d++) bad += rb_check_referee_arb(ref_j1_mpfr, 'J', 1, f2u(z) + d) != 1;
  assert_int_equal(undecided, 0);
  assert_int_equal(bad, 0);
}

static void test_shortcut_windows(void **state) {
  (void)state;
  long bad = 0;
  static const uint32_t bounds[] = {0, TINY, LARGE, RB_INF32};
  for (size_t i = 0; i < 4; i++)
    for (int s = 0; s < 2; s++) rb_window(ref_j1_shortcut, ref_j1_mpfr, bounds[i] | (s ? RB_SIGN32 : 0), 64, &bad);
  assert_int_equal(bad, 0);
  for (int s = 0; s < 2; s++) {
    uint32_t sg = s ? RB_SIGN32 : 0;
    double y;
    int t;
    for (uint32_t b = 0; b <= 64; b++) assert_int_equal(ref_j1_shortcut(sg | b, &y, &t), 1);
    for (uint32_t b = TINY - 64; b <= TINY; b++) assert_int_equal(ref_j1_shortcut(sg | b, &y, &t), 1);
    for (uint32_t b = TINY + 1; b <= TINY + 64; b++) assert_int_equal(ref_j1_shortcut(sg | b, &y, &t), 0);
    /* Hankel (C) from 2^12 on (src/reference/shared/bessel_hankel_hd.h): not below, and from there it answers
     * (declines are rare: none here) what MPFR gives (rb_window, above) */
    for (uint32_t b = LARGE - 64; b < LARGE; b++) assert_int_equal(ref_j1_shortcut(sg | b, &y, &t), 0);
    for (uint32_t b = LARGE; b <= LARGE + 64; b++) assert_int_equal(ref_j1_shortcut(sg | b, &y, &t), 1);
    for (uint32_t b = RB_INF32 - 64; b < RB_INF32; b++) assert_int_equal(ref_j1_shortcut(sg | b, &y, &t), 1);
    assert_int_equal(ref_j1_shortcut(sg | RB_INF32, &y, &t), 1);
    assert_int_equal(ref_j1_shortcut(sg | 0x7fc00000u, &y, &t), 0);
  }
}

static void test_shortcut_random(void **state) {
  (void)state;
  long bad = 0, answered = 0;
  for (int i = 0; i < 3000; i++) {
    uint32_t b = rb_rand32();
    if (i % 2) b = (b % (TINY + 1)) | (b & RB_SIGN32);
    answered += rb_window(ref_j1_shortcut, ref_j1_mpfr, b, 0, &bad);
  }
  assert_true(answered > 1500);
  assert_int_equal(bad, 0);
}

static void test_series(void **state) {
  (void)state;
  static const double balls[][3] = {
    {0.0, 0.0, 20},       {0x1p-30, 0x1p-60, 20}, {0.3, 0x1p-40, 20},    {-1.7, 0x1p-40, 20},
    {3.831705970207512, 0x1p-30, 20}, {15.9, 0x1p-40, 20}, {0.0, 0.5, 0}, {1.0, 2.0, 0},
    {16.5, 0x1p-40, 20},  {-30.25, 0x1p-36, 20}, {100.0, 0x1p-30, 20}, {1e4, 0x1p-30, 20},
    {-3.3e6, 0x1p-20, 10}, {1e10, 0x1p-10, 0},   {20.0, 1.0, 0},        {10.0, 30.0, 0},
    {0.01, 0.005, 0},     {-8.0, 3.9, 0}};
  int fails = 0;
  for (size_t i = 0; i < sizeof balls / sizeof *balls; i++) {
    int rc = rb_check_series(ref_j1_series, 'J', 1, balls[i][0], balls[i][1], 8, 128, (int)balls[i][2]);
    if (rc != 0) fprintf(stderr, "ball %zu rc %d\n", i, rc);
    fails += rc != 0;
  }
  for (int i = 0; i < 8; i++) {
    double mid = ldexp((double)(rb_rand64() >> 11) * 0x1p-53, (int)(rb_rand64() % 12)) * ((rb_rand64() & 1) ? 1 : -1);
    int rc = rb_check_series(ref_j1_series, 'J', 1, mid, ldexp(fabs(mid) + 1, -35), 6, 100, 15);
    if (rc != 0) fprintf(stderr, "random ball %a rc %d\n", mid, rc);
    fails += rc != 0;
  }
  fails += rb_check_builder_balls(ref_j1_series, 'J', 1);
  assert_int_equal(fails, 0);
}

/* the large-argument path (tests/ref/bessel_hankel.h says what it checks) */
static void test_hankel(void **state) {
  (void)state;
  hk_test(ref_j1_shortcut, 1, 0, 12);
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "--bench") == 0) { /* referee cost, not a test */
    static const int ranges[][2] = {{-60, -26}, {-26, -1}, {-1, 3}, {3, 7}, {7, 20}, {20, 127}};
    rb_bench("j1", ref_j1_mpfr, ranges, (int)(sizeof ranges / sizeof *ranges), 2000);
    return 0;
  }
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_checker_rejects),  cmocka_unit_test(test_special),
    cmocka_unit_test(test_threshold_integer), cmocka_unit_test(test_referee_random),
    cmocka_unit_test(test_shortcut_windows), cmocka_unit_test(test_shortcut_random),
    cmocka_unit_test(test_series), cmocka_unit_test(test_hankel),
  };
  int rc = cmocka_run_group_tests_name("j1", tests, NULL, NULL);
  flint_cleanup();
  mpfr_free_cache();
  return rc;
}
