/* test_fabs.c: the fabs reference against the C library's fabsf and hand values
 * (build line in tests/ref/elem.md). */
#include "tests/ref/exact.h"

int ref_fabs_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_fabs_shortcut(uint32_t xbits, double *y, int *t);

static const struct exact_case fabs_case = {ref_fabs_mpfr, ref_fabs_shortcut, fabsf, "fabsf", RE_EVEN};

static void test_mpfr(void **state) {
  (void)state;
  /* by hand: -0, +0, -inf, -1, -2^-149, -FLT_MAX */
  re_expect(ref_fabs_mpfr, 0x80000000u, 0.0, 0);
  re_expect(ref_fabs_mpfr, 0x00000000u, 0.0, 0);
  re_expect(ref_fabs_mpfr, 0xff800000u, INFINITY, 0);
  re_expect(ref_fabs_mpfr, 0xbf800000u, 1.0, 0);
  re_expect(ref_fabs_mpfr, 0x80000001u, 0x1p-149, 0);
  re_expect(ref_fabs_mpfr, 0xff7fffffu, 0x1.fffffep+127, 0);
  re_expect(ref_fabs_mpfr, 0x7fc00000u, NAN, 0);
  re_expect(ref_fabs_mpfr, 0xffc00001u, NAN, 0);
  binade_test_libm(&fabs_case);
}

static void test_shortcut(void **state) {
  (void)state;
  binade_test_shortcut(&fabs_case);
}

RE_TEST_MAIN(cmocka_unit_test(test_mpfr), cmocka_unit_test(test_shortcut))
