/* test_logb.c: the logb reference against the C library's logbf and hand values
 * (build line in functions/TESTING-refelem.md). */
#define REFELEM_TEST
#include "functions/refelem_util.h"

int ref_logb_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_logb_shortcut(uint32_t xbits, double *y, int *t);

/* the C library's value (exact), with t = 0 */
static void check_libm(uint32_t xb) { re_expect(ref_logb_mpfr, xb, (double)logbf(re_u2f(xb)), 0); }

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
  for (int e = 0; e < 256; e++)
    for (int d = -2; d <= 2; d++) {
      uint32_t b = (uint32_t)e << 23;
      if ((int64_t)b + d < 0 || b + d > RE_INF32) continue;
      check_libm(b + d);
      check_libm((b + d) | RE_SIGN32);
    }
  for (int i = 0; i < 30000; i++) check_libm(re_rand_in(0, 0x7f800000u, 1));
  for (int i = 0; i < 3000; i++) check_libm(re_rand_in(0, 0x00800000u, 1));
}

static void test_shortcut(void **state) {
  (void)state;
  for (int e = 0; e <= 255; e++)
    for (int s = 0; s < 2; s++) re_check_boundary(ref_logb_mpfr, ref_logb_shortcut, RE_NONE, ((uint32_t)e << 23) | (s ? RE_SIGN32 : 0), e == 0 ? 1 : -1);
  for (int i = 0; i < 50000; i++) {
    uint32_t xb = (uint32_t)re_rand();
    int ans = re_check_one(ref_logb_mpfr, ref_logb_shortcut, RE_NONE, xb);
    assert_true(ans == ((xb & ~RE_SIGN32) <= RE_INF32));
  }
  /* the engine's mirrored use (an even reference) gives the same answers */
  for (int i = 0; i < 50000; i++) assert_true(re_check_one(ref_logb_mpfr, ref_logb_shortcut, RE_EVEN, re_rand_in(0, 0x7f800000u, 1)));
  /* against the C library on a stride of the whole line (both signs, NaNs skipped) */
  for (uint64_t b = 0; b < 0x100000000ull; b += 127) {
    uint32_t xb = (uint32_t)b;
    double y;
    int t;
    if ((xb & ~RE_SIGN32) > RE_INF32) continue;
    assert_true(ref_logb_shortcut(xb, &y, &t));
    double want = (double)logbf(re_u2f(xb));
    if (t != 0 || re_d2u(y) != re_d2u(want)) RE_FAIL("x = 0x%08x: shortcut (%a, %d), logbf %a\n", xb, y, t, want);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_mpfr),
    cmocka_unit_test(test_shortcut),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
