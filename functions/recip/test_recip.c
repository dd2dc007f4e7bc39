/* test_recip.c: the 1/x reference (binary64 division and FMA residual) against MPFR at
 * 1024 bits. */
#include "tests/ref/reftest.h"

static void test_recip(void **state) {
  (void)state;
  const struct reference *rc = ref_find("recip");
  assert_non_null(rc);
  const uint32_t spots[] = {0x00000000u, 0x00000001u, 0x00000003u, 0x007fffffu, 0x00800000u, 0x3f800000u,
                            0x40000000u, 0x40400000u /* 3 */, 0x40800000u /* 4 */, 0x41100000u /* 9 */,
                            0x3eaaaaabu, 0x7f7fffffu, 0x7f000000u, 0x7f800000u, 0x5f800000u, 0x1f800000u};
  for (size_t i = 0; i < sizeof spots / sizeof spots[0]; i++) {
    check_against_200_bits(rc, spots[i]);
    check_against_200_bits(rc, spots[i] | SIGN32);
  }
  for (int i = 0; i < 20000; i++) {
    uint32_t x = (uint32_t)test_rand64();
    if ((x & 0x7fffffffu) > 0x7f800000u) continue;
    check_against_200_bits(rc, x);
  }
  /* exact cases have t = 0 */
  double y;
  int t;
  assert_true(rc->shortcut(0x3f000000u /* 0.5 */, &y, &t) && y == 2.0 && t == 0);
  ref_thread_cleanup();
}

REFTEST_MAIN(cmocka_unit_test(test_recip))
