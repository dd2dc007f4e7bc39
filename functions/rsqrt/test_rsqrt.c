/* test_rsqrt.c: the 1/sqrt(x) reference: every shortcut against MPFR at 1024 bits at and
 * around its boundaries, and random inputs. */
#include "tests/ref/reftest.h"

/* around powers of two and four, zeros, infinities, subnormals, and negatives */
static const uint32_t lb[] = {0x3f800000u, 0x40000000u, 0x40800000u, 0x00000001u, 0x00000004u, 0x00800000u,
                              0x7f7fffffu, 0x7f800000u, 0x00000000u, 0x80000000u, 0xbf800000u};

/* -0: IEEE's rSqrt(-0) = -inf, where MPFR's rec_sqrt says +inf (the reference follows IEEE) */
static int not_negative_nor_minus_zero(uint32_t x) { return !(x >> 31); }

static void test_rsqrt(void **state) {
  (void)state;
  const struct reference *r = ref_find("rsqrt");
  assert_non_null(r);
  check_around(r, lb, sizeof lb / sizeof lb[0], 50, not_negative_nor_minus_zero);
  double y;
  int t;
  assert_true(r->shortcut(0x80000000u, &y, &t) && isinf(y) && y < 0);
  for (int i = 0; i < 3000; i++) {
    uint32_t x = (uint32_t)test_rand64();
    if ((x & 0x7fffffffu) <= 0x7f800000u) check_against_200_bits(r, (x & 0x7fffffffu) | 1);
  }
  ref_thread_cleanup();
}

/* The shortcut answers every non-NaN input (exact integer comparisons): on a stride of
 * the whole line, both signs, on two whole windows of 2^16 inputs around 1 and at the
 * bottom of the subnormals, each answer equal to MPFR's; and t = 0 only at x = 4^k, with
 * y^-2 = x exactly. NaN results carry MPFR's NaN bits. */
static void test_rsqrt_everywhere(void **state) {
  (void)state;
  const struct reference *r = ref_find("rsqrt");
  uint64_t ans;
  assert_int_equal(compare_range(r, 0x00000000u, 0x7f800001u, 8191, &ans), 0);
  assert_int_equal(ans, (0x7f800001ull + 8190) / 8191);
  assert_int_equal(compare_range(r, 0x80000001u, 0xff800001u, 8191, &ans), 0);
  assert_int_equal(ans, (0x7f800000ull + 8190) / 8191);
  assert_int_equal(compare_range(r, 0x3f7f8000u, 0x3f808000u, 1, &ans), 0);
  assert_int_equal(ans, 0x10000u);
  assert_int_equal(compare_range(r, 0x00000001u, 0x00010001u, 1, &ans), 0);
  assert_int_equal(ans, 0x10000u);
  for (uint64_t b = 1; b < 0x7f800000u; b += 4093) {
    double y;
    int t;
    assert_true(r->shortcut((uint32_t)b, &y, &t));
    if (t == 0) {
      int e;
      assert_true(frexp((double)u2f((uint32_t)b), &e) == 0.5 && (e - 1) % 2 == 0);
      assert_true(1.0 / (y * y) == (double)u2f((uint32_t)b));
    }
  }
  double y, ym;
  int t, tm;
  assert_true(r->shortcut(0xbf800000u, &y, &t));
  ref_mpfr(r, 0xbf800000u, &ym, &tm);
  assert_true(isnan(y) && d2u(y) == d2u(ym) && t == tm);
  ref_thread_cleanup();
}

REFTEST_MAIN(cmocka_unit_test(test_rsqrt), cmocka_unit_test(test_rsqrt_everywhere))
