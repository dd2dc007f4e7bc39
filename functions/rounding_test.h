/* rounding_test.h: what the tests of the rounding family share (ceil, floor, trunc,
 * round, rint, nearbyint: functions/<name>/test_<name>.c). Each function is exact, so
 * the C library's function gives every expected value; a test adds its hand values (the
 * ties and signed zeros of its mode) and names its functions in a struct rounding_case.
 * Build line: functions/TESTING-refelem.md. */
#ifndef ROUNDING_TEST_H
#define ROUNDING_TEST_H

#define REFELEM_TEST
#include "functions/refelem_util.h"

struct rounding_case {
  re_mpfr_fn mpfr;         /* the referee, ref_<name>_mpfr */
  re_shortcut_fn shortcut; /* its shortcut, ref_<name>_shortcut */
  float (*libm)(float);    /* the C library's function */
  const char *libm_name;   /* its name, for messages */
  int sym;                 /* the engine's mirrored use: RE_ODD for odd functions, else RE_NONE */
};

/* the C library's value (exact: a binary32 integer or x), with t = 0 */
static void rounding_check_libm(const struct rounding_case *rc, uint32_t xb) {
  float x = re_u2f(xb);
  re_expect(rc->mpfr, xb, (double)rc->libm(x), 0);
}

/* the patterns that matter: zeros, subnormals, 1/2 and its neighbours, 1, 2^22, 2^23,
 * 2^24 and their neighbours, the largest finite number, infinities */
static const uint32_t rounding_edges[] = {
    0x00000000u, 0x00000001u, 0x007fffffu, 0x00800000u, 0x3effffffu, 0x3f000000u, 0x3f000001u, 0x3f7fffffu,
    0x3f800000u, 0x3f800001u, 0x3fbfffffu, 0x3fc00000u, 0x3fc00001u, 0x4a7fffffu, 0x4a800000u, 0x4a800001u,
    0x4affffffu, 0x4b000000u, 0x4b000001u, 0x4b7fffffu, 0x4b800000u, 0x7f7fffffu, 0x7f800000u};
#define ROUNDING_NEDGES (sizeof rounding_edges / sizeof *rounding_edges)

/* The referee against the C library: the edges with both signs, then random patterns
 * over the line and in 1/4 .. 2^24 (where the fraction bits are). */
static void rounding_test_libm(const struct rounding_case *rc) {
  for (unsigned i = 0; i < ROUNDING_NEDGES; i++) {
    rounding_check_libm(rc, rounding_edges[i]);
    rounding_check_libm(rc, rounding_edges[i] | RE_SIGN32);
  }
  for (int i = 0; i < 30000; i++) rounding_check_libm(rc, re_rand_in(0, 0x7f800000u, 1));
  for (int i = 0; i < 30000; i++) rounding_check_libm(rc, re_rand_in(0x3e800000u, 0x4b800000u, 1)); /* 1/4 .. 2^24 */
}

/* The shortcut: every non-NaN input answered, against the engine recipe and against the
 * C library on a stride of the whole line. */
static void rounding_test_shortcut(const struct rounding_case *rc) {
  /* against the engine recipe: every non-NaN input answered, directly for both signs */
  for (unsigned i = 0; i < ROUNDING_NEDGES; i++)
    for (int s = 0; s < 2; s++) {
      uint32_t xb = rounding_edges[i] | (s ? RE_SIGN32 : 0);
      re_check_boundary(rc->mpfr, rc->shortcut, RE_NONE, xb, rounding_edges[i] == 0 ? 1 : -1);
      assert_true(re_check_one(rc->mpfr, rc->shortcut, RE_NONE, xb));
    }
  for (int i = 0; i < 50000; i++) {
    uint32_t xb = (uint32_t)re_rand();
    int ans = re_check_one(rc->mpfr, rc->shortcut, RE_NONE, xb);
    assert_true(ans == ((xb & ~RE_SIGN32) <= RE_INF32));
  }
  for (int i = 0; i < 50000; i++)
    assert_true(re_check_one(rc->mpfr, rc->shortcut, RE_NONE, re_rand_in(0x3e800000u, 0x4b800000u, 1)));
  /* the engine's mirrored use (odd or even references) gives the same answers */
  for (int i = 0; i < 50000; i++)
    assert_true(re_check_one(rc->mpfr, rc->shortcut, rc->sym, re_rand_in(0, 0x7f800000u, 1)));
  /* against the C library on a stride of the whole line (both signs, NaNs skipped) */
  for (uint64_t b = 0; b < 0x100000000ull; b += 127) {
    uint32_t xb = (uint32_t)b;
    double y;
    int t;
    if ((xb & ~RE_SIGN32) > RE_INF32) continue;
    assert_true(rc->shortcut(xb, &y, &t));
    double want = (double)rc->libm(re_u2f(xb));
    if (t != 0 || re_d2u(y) != re_d2u(want))
      RE_FAIL("x = 0x%08x: shortcut (%a, %d), %s %a\n", xb, y, t, rc->libm_name, want);
  }
}

/* The test program: test_mpfr (the test's hand values, then rounding_test_libm) and
 * test_shortcut. */
#define ROUNDING_TEST_MAIN                                                                                          \
  int main(void) {                                                                                                 \
    const struct CMUnitTest tests[] = {                                                                            \
        cmocka_unit_test(test_mpfr),                                                                               \
        cmocka_unit_test(test_shortcut),                                                                           \
    };                                                                                                             \
    return cmocka_run_group_tests(tests, NULL, NULL);                                                              \
  }

#endif
