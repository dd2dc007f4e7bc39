/* test_fabs.c: the fabs reference against the C library's fabsf and hand values
 * (build line in functions/TESTING-refelem.md). */
#define REFELEM_TEST
#include "functions/refelem_util.h"

int ref_fabs_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_fabs_shortcut(uint32_t xbits, double *y, int *t);

/* the C library's value (exact), with t = 0 */
static void check_libm(uint32_t xb) { re_expect(ref_fabs_mpfr, xb, (double)fabsf(re_u2f(xb)), 0); }

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
    for (int s = 0; s < 2; s++) re_check_boundary(ref_fabs_mpfr, ref_fabs_shortcut, RE_NONE, ((uint32_t)e << 23) | (s ? RE_SIGN32 : 0), e == 0 ? 1 : -1);
  for (int i = 0; i < 50000; i++) {
    uint32_t xb = (uint32_t)re_rand();
    int ans = re_check_one(ref_fabs_mpfr, ref_fabs_shortcut, RE_NONE, xb);
    assert_true(ans == ((xb & ~RE_SIGN32) <= RE_INF32));
  }
  /* the engine's mirrored use (an even reference) gives the same answers */
  for (int i = 0; i < 50000; i++) assert_true(re_check_one(ref_fabs_mpfr, ref_fabs_shortcut, RE_EVEN, re_rand_in(0, 0x7f800000u, 1)));
  /* against the C library on a stride of the whole line (both signs, NaNs skipped) */
  for (uint64_t b = 0; b < 0x100000000ull; b += 127) {
    uint32_t xb = (uint32_t)b;
    double y;
    int t;
    if ((xb & ~RE_SIGN32) > RE_INF32) continue;
    assert_true(ref_fabs_shortcut(xb, &y, &t));
    double want = (double)fabsf(re_u2f(xb));
    if (t != 0 || re_d2u(y) != re_d2u(want)) RE_FAIL("x = 0x%08x: shortcut (%a, %d), fabsf %a\n", xb, y, t, want);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_mpfr),
    cmocka_unit_test(test_shortcut),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
