/* test_nearbyint.c: the nearbyint reference against the C library's nearbyintf and hand values
 * (build line in tests/ref/elem.md). */
#include "tests/ref/exact.h"

int ref_nearbyint_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_nearbyint_shortcut(uint32_t xbits, double *y, int *t);

static const struct exact_case nearbyint_case = {ref_nearbyint_mpfr, ref_nearbyint_shortcut,
                                                 nearbyintf, "nearbyintf", RE_ODD};

static void test_mpfr(void **state) {
  (void)state;
  /* by hand: 0.5, -0.5, 0.5 + 2^-24, 2.5, 3.5, -2.5, 1.5, 2^-149, 2^23 - 0.5 (even 2^23), 2^23 - 1.5 (even 2^23 - 2) */
  re_expect(ref_nearbyint_mpfr, 0x3f000000u, 0.0, 0);
  re_expect(ref_nearbyint_mpfr, 0xbf000000u, -0.0, 0);
  re_expect(ref_nearbyint_mpfr, 0x3f000001u, 1.0, 0);
  re_expect(ref_nearbyint_mpfr, 0x40200000u, 2.0, 0);
  re_expect(ref_nearbyint_mpfr, 0x40600000u, 4.0, 0);
  re_expect(ref_nearbyint_mpfr, 0xc0200000u, -2.0, 0);
  re_expect(ref_nearbyint_mpfr, 0x3fc00000u, 2.0, 0);
  re_expect(ref_nearbyint_mpfr, 0x00000001u, 0.0, 0);
  re_expect(ref_nearbyint_mpfr, 0x4affffffu, 8388608.0, 0);
  re_expect(ref_nearbyint_mpfr, 0x4afffffdu, 8388606.0, 0);
  re_expect(ref_nearbyint_mpfr, 0x7f800000u, INFINITY, 0);
  re_expect(ref_nearbyint_mpfr, 0xff800000u, -INFINITY, 0);
  re_expect(ref_nearbyint_mpfr, 0x7fc00000u, NAN, 0);
  rounding_test_libm(&nearbyint_case);
}

static void test_shortcut(void **state) {
  (void)state;
  rounding_test_shortcut(&nearbyint_case);
}

RE_TEST_MAIN(cmocka_unit_test(test_mpfr), cmocka_unit_test(test_shortcut))
