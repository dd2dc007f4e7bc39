/* test_ceil.c: the ceil reference against the C library's ceilf and hand values
 * (build line in tests/ref/elem.md). */
#include "tests/ref/exact.h"

int ref_ceil_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_ceil_shortcut(uint32_t xbits, double *y, int *t);

static const struct exact_case ceil_case = {ref_ceil_mpfr, ref_ceil_shortcut, ceilf, "ceilf", RE_NONE};

static void test_mpfr(void **state) {
  (void)state;
  /* by hand: 0.5, -0.5, -0, 1.5, -1.5, 2^-149, -2^-149, 2^23 - 0.5, -(2^23 - 0.5) */
  re_expect(ref_ceil_mpfr, 0x3f000000u, 1.0, 0);
  re_expect(ref_ceil_mpfr, 0xbf000000u, -0.0, 0);
  re_expect(ref_ceil_mpfr, 0x80000000u, -0.0, 0);
  re_expect(ref_ceil_mpfr, 0x3fc00000u, 2.0, 0);
  re_expect(ref_ceil_mpfr, 0xbfc00000u, -1.0, 0);
  re_expect(ref_ceil_mpfr, 0x00000001u, 1.0, 0);
  re_expect(ref_ceil_mpfr, 0x80000001u, -0.0, 0);
  re_expect(ref_ceil_mpfr, 0x4affffffu, 8388608.0, 0);
  re_expect(ref_ceil_mpfr, 0xcaffffffu, -8388607.0, 0);
  re_expect(ref_ceil_mpfr, 0x7f800000u, INFINITY, 0);
  re_expect(ref_ceil_mpfr, 0xff800000u, -INFINITY, 0);
  re_expect(ref_ceil_mpfr, 0x7fc00000u, NAN, 0);
  rounding_test_libm(&ceil_case);
}

static void test_shortcut(void **state) {
  (void)state;
  rounding_test_shortcut(&ceil_case);
}

RE_TEST_MAIN(cmocka_unit_test(test_mpfr), cmocka_unit_test(test_shortcut))
