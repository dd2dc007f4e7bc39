/* test_log2.c: the log2 reference: every shortcut against MPFR at 1024 bits at and around
 * its boundaries, and random inputs. */
#include "tests/ref/reftest.h"

/* around powers of two and four, zeros, infinities, subnormals, and negatives */
static const uint32_t lb[] = {0x3f800000u, 0x40000000u, 0x40800000u, 0x00000001u, 0x00000004u, 0x00800000u,
                              0x7f7fffffu, 0x7f800000u, 0x00000000u, 0x80000000u, 0xbf800000u};

/* negative x other than -0: NaN, no MPFR value to compare */
static int not_negative(uint32_t x) { return !(x >> 31) || x == 0x80000000u; }

static void test_log2(void **state) {
  (void)state;
  const struct reference *r = ref_find("log2");
  assert_non_null(r);
  check_around(r, lb, sizeof lb / sizeof lb[0], 50, not_negative);
  double y;
  int t;
  assert_true(r->shortcut(0xbf800000u, &y, &t) && isnan(y));
  for (int i = 0; i < 3000; i++) {
    uint32_t x = (uint32_t)test_rand64();
    if ((x & 0x7fffffffu) <= 0x7f800000u) check_against_200_bits(r, x & 0x7fffffffu);
  }
  ref_thread_cleanup();
}

REFTEST_MAIN(cmocka_unit_test(test_log2))
