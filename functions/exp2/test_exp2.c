/* test_exp2.c: the 2^x reference: every shortcut against MPFR at 1024 bits at and around
 * its boundaries, and MPFR-decided inputs on a random sample. */
#include "tests/ref/reftest.h"

static void test_exp2(void **state) {
  (void)state;
  const struct reference *r = ref_find("exp2");
  assert_non_null(r);
  /* 2^-55, 1024, -1076, the integers -1074 and -1075, 0 and inf */
  const uint32_t eb[] = {0x24000000u, 0xa4000000u, 0x44800000u, 0xc4868000u, 0xc4864000u /* -1074 */,
                         0xc4866000u /* -1075 */, 0x00000000u, 0x7f800000u, 0xff800000u, 0x447fc000u /* 1023 */};
  check_around(r, eb, sizeof eb / sizeof eb[0], 300, reftest_exp_checkable);
  for (int i = 0; i < 3000; i++) {
    uint32_t x = (uint32_t)test_rand64();
    if ((x & 0x7fffffffu) <= 0x7f800000u && reftest_exp_checkable(x)) check_against_200_bits(r, x);
  }
  ref_thread_cleanup();
}

REFTEST_MAIN(cmocka_unit_test(test_exp2))
