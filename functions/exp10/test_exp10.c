/* test_exp10.c: the 10^x reference: every shortcut against MPFR at 1024 bits at and around
 * its boundaries (those of exp and exp10), and random inputs with |x| < 2^20. */
#include "tests/ref/reftest.h"

static void test_exp10(void **state) {
  (void)state;
  reftest_exp_exp10("exp10");
}

REFTEST_MAIN(cmocka_unit_test(test_exp10))
