/* test_cos.c: the cos reference: every shortcut against MPFR at 1024 bits at and around
 * its boundaries, and random inputs below 2^23 (the engine asks for x >= 0 only); from 2^10
 * up (trig_large, reference/trig_reduce.h, tested itself by tests/unit/test_trig_reduce.c)
 * the inputs around 2^10 and FLT_MAX, and a sample of the whole range against MPFR. */
#include "tests/ref/reftest.h"

static void test_cos(void **state) {
  (void)state;
  reftest_cos_sin("cos");
}

static void test_cos_large(void **state) {
  (void)state;
  reftest_cos_sin_large("cos");
}

REFTEST_MAIN(cmocka_unit_test(test_cos), cmocka_unit_test(test_cos_large))
