/* test_sqrt.c: the sqrt reference (binary64 square root and FMA residual) against MPFR
 * at 1024 bits. */
#include "tests/ref/reftest.h"

static void test_sqrt(void **state) {
  (void)state;
  const struct reference *sq = ref_find("sqrt");
  assert_non_null(sq);
  const uint32_t spots[] = {0x00000000u, 0x00000001u, 0x00000003u, 0x007fffffu, 0x00800000u, 0x3f800000u,
                            0x40000000u, 0x40400000u /* 3 */, 0x40800000u /* 4 */, 0x41100000u /* 9 */,
                            0x3eaaaaabu, 0x7f7fffffu, 0x7f000000u, 0x7f800000u, 0x5f800000u, 0x1f800000u};
  for (size_t i = 0; i < sizeof spots / sizeof spots[0]; i++) check_against_200_bits(sq, spots[i]);
  for (int i = 0; i < 20000; i++) {
    uint32_t x = (uint32_t)test_rand64();
    if ((x & 0x7fffffffu) > 0x7f800000u) continue;
    check_against_200_bits(sq, x & 0x7fffffffu);
  }
  double y;
  int t;
  assert_true(sq->shortcut(0x41100000u /* 9 */, &y, &t) && y == 3.0 && t == 0);
  assert_true(sq->shortcut(0xbf800000u /* -1 */, &y, &t) && isnan(y));
  double ym;
  int tm;
  ref_mpfr(sq, 0xbf800000u, &ym, &tm); /* NaN results carry MPFR's NaN bits */
  assert_true(d2u(y) == d2u(ym) && t == tm);
  assert_true(sq->shortcut(0x80000000u /* -0 */, &y, &t) && y == 0 && signbit(y) && t == 0);
  ref_thread_cleanup();
}

REFTEST_MAIN(cmocka_unit_test(test_sqrt))
