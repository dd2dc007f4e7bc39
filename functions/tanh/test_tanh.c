/* test_tanh.c: the tanh reference against MPFR at 1024 bits, and every shortcut against
 * the MPFR referee at and around its boundaries. */
#include "tests/ref/reftest.h"

static void test_spot_values(void **state) {
  (void)state;
  const struct reference *r = ref_find("tanh");
  assert_non_null(r);
  const uint32_t spots[] = {
    0x00000001u, 0x00400000u, 0x00800000u, 0x2f800000u, 0x31ffffffu, 0x32000000u, 0x32000001u,
    0x3a000000u, 0x3b8f5c29u, 0x3d7fffffu, 0x3d800000u, 0x3e800000u, 0x3f000000u, 0x3f198000u /* 307/512 */,
    0x3f800000u, 0x40000000u, 0x41100000u /* 9 */, 0x41108000u /* 9.03125 */, 0x41987fffu, 0x41988000u,
    0x42c80000u, 0x7f7fffffu,
  };
  for (size_t i = 0; i < sizeof spots / sizeof spots[0]; i++) {
    check_against_200_bits(r, spots[i]);
    check_against_200_bits(r, spots[i] | SIGN32);
  }
  for (int i = 0; i < 2000; i++) {
    uint32_t x = (uint32_t)test_rand64();
    if ((x & 0x7fffffffu) > 0x7f800000u) continue;
    check_against_200_bits(r, x & 0x7fffffffu);
  }
  ref_thread_cleanup();
}

static void test_shortcut_boundaries(void **state) {
  (void)state;
  const struct reference *r = ref_find("tanh");
  const uint32_t bounds[] = {0x32000000u /* 2^-27 */, 0x3d800000u /* 2^-4 */, 0x41988000u /* 19.0625 */};
  const uint32_t n = 1u << 14;
  for (size_t i = 0; i < 3; i++) {
    uint64_t ans;
    assert_int_equal(compare_range(r, bounds[i] - n, bounds[i] + n, 1, &ans), 0);
    assert_true(ans > 0);
  }
  /* below 2^-27 and from 19.0625 on, every input is answered */
  double y;
  int t;
  assert_true(r->shortcut(0x31ffffffu, &y, &t) && y == (double)u2f(0x31ffffffu) && t == 1);
  assert_true(r->shortcut(0x41988000u, &y, &t) && y == 1.0 && t == 1);
  assert_true(r->shortcut(0x7f800000u, &y, &t) && y == 1.0 && t == 0);
  assert_true(r->shortcut(0, &y, &t) && y == 0.0 && t == 0);
  assert_false(r->shortcut(0x41987fffu, &y, &t)); /* just below 19.0625: MPFR */
  assert_false(r->shortcut(0x3d800000u, &y, &t)); /* 2^-4: MPFR */
  assert_false(r->shortcut(0xbf800000u, &y, &t)); /* negative: the engine mirrors */
}

/* The series filter (2^-27 <= x < 2^-4) on a sample across its whole range; it must
 * also answer most inputs, or the speed it exists for is gone. */
static void test_series_region_sample(void **state) {
  (void)state;
  const struct reference *r = ref_find("tanh");
  uint64_t ans;
  const uint32_t lo = 0x32000000u, hi = 0x3d800000u, stride = 397;
  assert_int_equal(compare_range(r, lo, hi, stride, &ans), 0);
  uint64_t tried = (hi - lo + stride - 1) / stride;
  printf("series filter answered %llu of %llu sampled inputs\n", (unsigned long long)ans, (unsigned long long)tried);
  assert_true(ans > tried * 95 / 100);
}

/* The engine evaluates x >= 0 and mirrors: MPFR's tanh must be odd bit for bit. */
static void test_mpfr_oddness(void **state) {
  (void)state;
  const struct reference *r = ref_find("tanh");
  for (int i = 0; i < 20000; i++) {
    uint32_t x = (uint32_t)test_rand64() & 0x7fffffffu;
    if (x > 0x7f800000u) continue;
    double yp, yn;
    int tp, tn;
    ref_mpfr(r, x, &yp, &tp);
    ref_mpfr(r, x | SIGN32, &yn, &tn);
    if (d2u(yn) != d2u(-yp) || tn != -tp) fail_msg("tanh not odd at 0x%08x", x);
  }
  ref_thread_cleanup();
}

REFTEST_MAIN(cmocka_unit_test(test_spot_values), cmocka_unit_test(test_shortcut_boundaries), cmocka_unit_test(test_series_region_sample), cmocka_unit_test(test_mpfr_oddness))
