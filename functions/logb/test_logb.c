/* test_logb.c: the logb reference against the C library's logbf and hand values
 * (build line in tests/ref/elem.md). */
#include "tests/ref/exact.h"

int ref_logb_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_logb_shortcut(uint32_t xbits, double *y, int *t);

static const struct exact_case logb_case = {ref_logb_mpfr, ref_logb_shortcut, logbf, "logbf", RE_EVEN};

static void test_mpfr(void **state) {
  (void)state;
  /* by hand: +-0 (poles), +-inf, 2^-149, the largest subnormal (2^-126 - 2^-149), 2^-127, 2^-127 - 2^-149, 2^-126, 1, 2 - 2^-23, 2, -3, 1 - 2^-24, FLT_MAX */
  re_expect(ref_logb_mpfr, 0x00000000u, -INFINITY, 0);
  re_expect(ref_logb_mpfr, 0x80000000u, -INFINITY, 0);
  re_expect(ref_logb_mpfr, 0x7f800000u, INFINITY, 0);
  re_expect(ref_logb_mpfr, 0xff800000u, INFINITY, 0);
  re_expect(ref_logb_mpfr, 0x00000001u, -149.0, 0);
  re_expect(ref_logb_mpfr, 0x007fffffu, -127.0, 0);
  re_expect(ref_logb_mpfr, 0x00400000u, -127.0, 0);
  re_expect(ref_logb_mpfr, 0x003fffffu, -128.0, 0);
  re_expect(ref_logb_mpfr, 0x00800000u, -126.0, 0);
  re_expect(ref_logb_mpfr, 0x3f800000u, 0.0, 0);
  re_expect(ref_logb_mpfr, 0x3fffffffu, 0.0, 0);
  re_expect(ref_logb_mpfr, 0x40000000u, 1.0, 0);
  re_expect(ref_logb_mpfr, 0xc0400000u, 1.0, 0);
  re_expect(ref_logb_mpfr, 0x3f7fffffu, -1.0, 0);
  re_expect(ref_logb_mpfr, 0x7f7fffffu, 127.0, 0);
  re_expect(ref_logb_mpfr, 0x7fc00000u, NAN, 0);
  re_expect(ref_logb_mpfr, 0xffc00001u, NAN, 0);
  binade_test_libm(&logb_case);
}

static void test_shortcut(void **state) {
  (void)state;
  binade_test_shortcut(&logb_case);
}

RE_TEST_MAIN(cmocka_unit_test(test_mpfr), cmocka_unit_test(test_shortcut))
