/* test_rsqrt.c: the 1/sqrt(x) reference: every shortcut against MPFR at 1024 bits at and
 * around its boundaries, and random inputs. */
#include "tests/reftest.h"

/* around powers of two and four, zeros, infinities, subnormals, and negatives */
static const uint32_t lb[] = {0x3f800000u, 0x40000000u, 0x40800000u, 0x00000001u, 0x00000004u, 0x00800000u,
                              0x7f7fffffu, 0x7f800000u, 0x00000000u, 0x80000000u, 0xbf800000u};

/* -0: IEEE's rSqrt(-0) = -inf, where MPFR's rec_sqrt says +inf (the reference follows IEEE) */
static int not_negative_nor_minus_zero(uint32_t x) { return !(x >> 31); }

static void test_rsqrt(void **state) {
  (void)state;
  const struct reference *r = ref_find("rsqrt");
  assert_non_null(r);
  check_around(r, lb, sizeof lb / sizeof lb[0], 50, not_negative_nor_minus_zero);
  double y;
  int t;
  assert_true(r->shortcut(0x80000000u, &y, &t) && isinf(y) && y < 0);
  for (int i = 0; i < 3000; i++) {
    uint32_t x = (uint32_t)test_rand64();
    if ((x & 0x7fffffffu) <= 0x7f800000u) check_against_200_bits(r, (x & 0x7fffffffu) | 1);
  }
  ref_thread_cleanup();
}

REFTEST_MAIN(cmocka_unit_test(test_rsqrt))
