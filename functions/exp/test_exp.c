/* test_exp.c: the e^x reference: every shortcut against MPFR at 1024 bits at and around
 * its boundaries (those of exp and exp10), and random inputs with |x| < 2^20. */
#include "tests/reftest.h"

/* f(x) for |x| >= 2^20 (finite) overflows even MPFR's widest exponent range at 1024 bits;
 * those inputs are covered by the boundary checks at the overflow and underflow limits. */
static int checkable(uint32_t x) {
  uint32_t m = x & 0x7fffffffu;
  return m < 0x49800000u || m == 0x7f800000u;
}

/* Every input within d of each base that is finite-or-infinite and of the base's sign. */
static void around(const struct reference *r, const uint32_t *base, size_t nb, int d, int (*keep)(uint32_t)) {
  for (size_t i = 0; i < nb; i++)
    for (int k = -d; k <= d; k++) {
      uint32_t x = base[i] + (uint32_t)k;
      if (((x ^ base[i]) & SIGN32) || (x & 0x7fffffffu) > 0x7f800000u || (keep && !keep(x))) continue;
      check_against_200_bits(r, x);
    }
}

/* 2^-55 and 2^-56 (either sign), 710, -746, 309, -324, 0 and the infinities */
static const uint32_t eb[] = {0x24000000u, 0xa4000000u, 0x23800000u, 0xa3800000u, 0x44318000u /* 710 */,
                              0xc43a8000u /* -746 */, 0x439a8000u /* 309 */, 0xc3a20000u /* -324 */, 0x00000000u,
                              0x7f800000u, 0xff800000u};

static void test_exp(void **state) {
  (void)state;
  const struct reference *r = ref_find("exp");
  assert_non_null(r);
  around(r, eb, sizeof eb / sizeof eb[0], 200, checkable);
  for (int i = 0; i < 2000; i++) {
    uint32_t x = (uint32_t)test_rand64();
    if ((x & 0x7fffffffu) <= 0x7f800000u && checkable(x)) check_against_200_bits(r, x);
  }
  ref_thread_cleanup();
}

REFTEST_MAIN(cmocka_unit_test(test_exp))
