/* test_nearbyint.c: the nearbyint reference against the C library's nearbyintf and hand values
 * (build line in functions/TESTING-refelem.md). */
#define REFELEM_TEST
#include "functions/refelem_util.h"

int ref_nearbyint_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_nearbyint_shortcut(uint32_t xbits, double *y, int *t);

/* the C library's value (exact: a binary32 integer or x), with t = 0 */
static void check_libm(uint32_t xb) {
  float x = re_u2f(xb);
  re_expect(ref_nearbyint_mpfr, xb, (double)nearbyintf(x), 0);
}

/* the patterns that matter: zeros, subnormals, 1/2 and its neighbours, 1, 2^22, 2^23,
 * 2^24 and their neighbours, the largest finite number, infinities */
static const uint32_t edges[] = {0x00000000u, 0x00000001u, 0x007fffffu, 0x00800000u, 0x3effffffu, 0x3f000000u,
                                 0x3f000001u, 0x3f7fffffu, 0x3f800000u, 0x3f800001u, 0x3fbfffffu, 0x3fc00000u,
                                 0x3fc00001u, 0x4a7fffffu, 0x4a800000u, 0x4a800001u, 0x4affffffu, 0x4b000000u,
                                 0x4b000001u, 0x4b7fffffu, 0x4b800000u, 0x7f7fffffu, 0x7f800000u};

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
  for (unsigned i = 0; i < sizeof edges / sizeof *edges; i++) {
    check_libm(edges[i]);
    check_libm(edges[i] | RE_SIGN32);
  }
  for (int i = 0; i < 30000; i++) check_libm(re_rand_in(0, 0x7f800000u, 1));
  for (int i = 0; i < 30000; i++) check_libm(re_rand_in(0x3e800000u, 0x4b800000u, 1)); /* 1/4 .. 2^24 */
}

static void test_shortcut(void **state) {
  (void)state;
  /* against the engine recipe: every non-NaN input answered, directly for both signs */
  for (unsigned i = 0; i < sizeof edges / sizeof *edges; i++)
    for (int s = 0; s < 2; s++) {
      re_check_boundary(ref_nearbyint_mpfr, ref_nearbyint_shortcut, RE_NONE, edges[i] | (s ? RE_SIGN32 : 0), edges[i] == 0 ? 1 : -1);
      assert_true(re_check_one(ref_nearbyint_mpfr, ref_nearbyint_shortcut, RE_NONE, edges[i] | (s ? RE_SIGN32 : 0)));
    }
  for (int i = 0; i < 50000; i++) {
    uint32_t xb = (uint32_t)re_rand();
    int ans = re_check_one(ref_nearbyint_mpfr, ref_nearbyint_shortcut, RE_NONE, xb);
    assert_true(ans == ((xb & ~RE_SIGN32) <= RE_INF32));
  }
  for (int i = 0; i < 50000; i++) assert_true(re_check_one(ref_nearbyint_mpfr, ref_nearbyint_shortcut, RE_NONE, re_rand_in(0x3e800000u, 0x4b800000u, 1)));
  /* the engine's mirrored use (odd or even references) gives the same answers */
  for (int i = 0; i < 50000; i++) assert_true(re_check_one(ref_nearbyint_mpfr, ref_nearbyint_shortcut, RE_ODD, re_rand_in(0, 0x7f800000u, 1)));
  /* against the C library on a stride of the whole line (both signs, NaNs skipped) */
  for (uint64_t b = 0; b < 0x100000000ull; b += 127) {
    uint32_t xb = (uint32_t)b;
    double y;
    int t;
    if ((xb & ~RE_SIGN32) > RE_INF32) continue;
    assert_true(ref_nearbyint_shortcut(xb, &y, &t));
    double want = (double)nearbyintf(re_u2f(xb));
    if (t != 0 || re_d2u(y) != re_d2u(want)) RE_FAIL("x = 0x%08x: shortcut (%a, %d), nearbyintf %a\n", xb, y, t, want);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_mpfr),
    cmocka_unit_test(test_shortcut),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
