/* test_exp.c: the e^x reference: every shortcut against MPFR at 1024 bits at and around
 * its boundaries (those of exp and exp10), and random inputs with |x| < 2^20. */
#include "tests/ref/reftest.h"

static void test_exp(void **state) {
  (void)state;
  reftest_exp_exp10("exp");
}

REFTEST_MAIN(cmocka_unit_test(test_exp))
