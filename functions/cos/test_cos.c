/* test_cos.c: the cos reference: every shortcut against MPFR at 1024 bits at and around
 * its boundaries, and random inputs below 2^23 (the engine asks for x >= 0 only); from 2^10
 * up (trig_large, src/reference/trig_reduce.h, tested itself by tests/test_trig_reduce.c)
 * the inputs around 2^10 and FLT_MAX, and a sample of the whole range against MPFR. */
#include "tests/reftest.h"

/* Every input within d of each base that is finite-or-infinite and of the base's sign. */
static void around(const struct reference *r, const uint32_t *base, size_t nb, int d, int (*keep)(uint32_t)) {
  for (size_t i = 0; i < nb; i++)
    for (int k = -d; k <= d; k++) {
      uint32_t x = base[i] + (uint32_t)k;
      if (((x ^ base[i]) & SIGN32) || (x & 0x7fffffffu) > 0x7f800000u || (keep && !keep(x))) continue;
      check_against_200_bits(r, x);
    }
}

/* 2^-27, 1, 0, the infinity, the least subnormal */
static const uint32_t tb[] = {0x32000000u, 0x3f800000u, 0x00000000u, 0x7f800000u, 0x00000001u};

static int below_2(uint32_t x) { return x < 0x40000000u; }

static void test_cos(void **state) {
  (void)state;
  const struct reference *r = ref_find("cos");
  assert_non_null(r);
  around(r, tb, sizeof tb / sizeof tb[0], 200, below_2);
  for (int i = 0; i < 2000; i++) {
    uint32_t x = (uint32_t)test_rand64() & 0x7fffffffu;
    if (x < 0x4b000000u) check_against_200_bits(r, x);
  }
  ref_thread_cleanup();
}

/* 2^10 (where trig_large starts) and the largest finite binary32 */
static const uint32_t tl[] = {0x44800000u, 0x7f7fffffu};
static int below_inf(uint32_t x) { return x < 0x7f800000u; }

static void test_cos_large(void **state) {
  (void)state;
  const struct reference *r = ref_find("cos");
  assert_non_null(r);
  around(r, tl, sizeof tl / sizeof tl[0], 100, below_inf);
  /* every 15013th input from 2^10 to FLT_MAX (65934 inputs, every binade): the shortcut
   * answers each (its rounding test fails about once in 2^45 at random) and agrees */
  uint64_t answered;
  const uint32_t lo = 0x44800000u, hi = 0x7f800000u, stride = 15013u;
  assert_int_equal(compare_range(r, lo, hi, stride, &answered), 0);
  printf("cos: %llu of %u sampled inputs from 2^10 to FLT_MAX decided by the shortcut\n", (unsigned long long)answered,
         (hi - lo + stride - 1) / stride);
  assert_true(answered == (hi - lo + stride - 1) / stride);
  ref_thread_cleanup();
}

REFTEST_MAIN(cmocka_unit_test(test_cos), cmocka_unit_test(test_cos_large))
