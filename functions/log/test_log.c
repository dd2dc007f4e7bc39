/* test_log.c: the ln x reference: every shortcut against MPFR at 1024 bits at and around
 * its boundaries, and random inputs. */
#include "tests/ref/reftest.h"

/* 2^-27, 1, 0, the infinity, the least subnormal */
static const uint32_t tb[] = {0x32000000u, 0x3f800000u, 0x00000000u, 0x7f800000u, 0x00000001u};

static int not_inf(uint32_t x) { return x != 0x7f800000u; }

static void test_log(void **state) {
  (void)state;
  const struct reference *r = ref_find("log");
  assert_non_null(r);
  check_around(r, tb, sizeof tb / sizeof tb[0], 200, not_inf);
  for (int i = 0; i < 2000; i++) {
    uint32_t x = (uint32_t)test_rand64();
    if ((x & 0x7fffffffu) <= 0x7f800000u) check_against_200_bits(r, x & 0x7fffffffu);
  }
  ref_thread_cleanup();
}

REFTEST_MAIN(cmocka_unit_test(test_log))
