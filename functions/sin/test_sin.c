/* test_sin.c: the sin reference: every shortcut against MPFR at 1024 bits at and around
 * its boundaries, and random inputs below 2^23 (the engine asks for x >= 0 only). */
#include "tests/reftest.h"

static void test_sin(void **state) {
  (void)state;
  reftest_cos_sin("sin");
}

REFTEST_MAIN(cmocka_unit_test(test_sin))
