/* exact.h: the one test body of the exact family (ceil, floor, trunc, round, rint,
 * nearbyint, fabs, logb: functions/<name>/test_<name>.c). Each function is exact, so the
 * C library's function gives every expected value; a test lists its values by hand (ties,
 * signed zeros, poles: y with t = 0) and names its shape, EXACT_ROUNDING (the rounding
 * functions: the fraction bits matter) or EXACT_BINADE (fabs, logb: every binade
 * matters), in EXACT_MAIN(name, symmetry, shape, hand values):
 *  test_mpfr      the referee at the values by hand, then against the C library's
 *                 name##f at the shape's edges and at random;
 *  test_shortcut  every non-NaN input answered, around the shape's edges, against the
 *                 referee and against the C library on a stride of the whole line. */
#ifndef ULPCERT_TESTS_REF_EXACT_H
#define ULPCERT_TESTS_REF_EXACT_H

#include "tests/ref/elem_body.h"

enum exact_shape { EXACT_ROUNDING, EXACT_BINADE };
/* a value by hand: the referee at x is (y, 0) */
struct exact_hand {
  uint32_t x;
  double y;
};

struct exact_case {
  re_mpfr_fn mpfr;         /* the referee, ref_<name>_mpfr */
  re_shortcut_fn shortcut; /* its shortcut, ref_<name>_shortcut */
  float (*libm)(float);    /* the C library's function */
  const char *libm_name;   /* its name, for messages */
  int sym;                 /* the engine's mirrored use: RE_ODD, RE_EVEN or RE_NONE */
  enum exact_shape shape;
  RE_LIST_OF(struct exact_hand) hand;
};

/* the C library's value (exact: a binary32 number), with t = 0 */
static inline void exact_check_libm(const struct exact_case *c, uint32_t xb) {
  float x = u2f(xb);
  re_expect(c->mpfr, xb, (double)c->libm(x), 0);
}

/* the shortcut answers every one of 50000 random patterns but the NaNs, as the engine
 * recipe does */
static inline void exact_check_answered(const struct exact_case *c) {
  for (int i = 0; i < 50000; i++) {
    uint32_t xb = (uint32_t)re_rand();
    int ans = re_check_one(c->mpfr, c->shortcut, RE_NONE, xb);
    assert_true(ans == ((xb & ~RE_SIGN32) <= RE_INF32));
  }
}

/* the engine's mirrored use (odd or even references) gives the same answers */
static inline void exact_check_mirrored(const struct exact_case *c) {
  for (int i = 0; i < 50000; i++)
    assert_true(re_check_one(c->mpfr, c->shortcut, c->sym, re_rand_in(0, 0x7f800000u, 1)));
}

/* against the C library on a stride of the whole line (both signs, NaNs skipped) */
static inline void exact_check_stride(const struct exact_case *c) {
  for (uint64_t b = 0; b < 0x100000000ull; b += 127) {
    uint32_t xb = (uint32_t)b;
    double y;
    int t;
    if ((xb & ~RE_SIGN32) > RE_INF32) continue;
    assert_true(c->shortcut(xb, &y, &t));
    double want = (double)c->libm(u2f(xb));
    if (t != 0 || d2u(y) != d2u(want))
      RE_FAIL("x = 0x%08x: shortcut (%a, %d), %s %a\n", xb, y, t, c->libm_name, want);
  }
}

/* ---- the rounding functions (ceil, floor, trunc, round, rint, nearbyint) ---- */

/* the patterns that matter: zeros, subnormals, 1/2 and its neighbours, 1, 2^22, 2^23,
 * 2^24 and their neighbours, the largest finite number, infinities */
static const uint32_t rounding_edges[] = {
    0x00000000u, 0x00000001u, 0x007fffffu, 0x00800000u, 0x3effffffu, 0x3f000000u, 0x3f000001u, 0x3f7fffffu,
    0x3f800000u, 0x3f800001u, 0x3fbfffffu, 0x3fc00000u, 0x3fc00001u, 0x4a7fffffu, 0x4a800000u, 0x4a800001u,
    0x4affffffu, 0x4b000000u, 0x4b000001u, 0x4b7fffffu, 0x4b800000u, 0x7f7fffffu, 0x7f800000u};
#define ROUNDING_NEDGES (sizeof rounding_edges / sizeof *rounding_edges)

/* The referee against the C library: the edges with both signs, then random patterns
 * over the line and in 1/4 .. 2^24 (where the fraction bits are). */
static inline void rounding_test_libm(const struct exact_case *c) {
  for (unsigned i = 0; i < ROUNDING_NEDGES; i++) {
    exact_check_libm(c, rounding_edges[i]);
    exact_check_libm(c, rounding_edges[i] | RE_SIGN32);
  }
  for (int i = 0; i < 30000; i++) exact_check_libm(c, re_rand_in(0, 0x7f800000u, 1));
  for (int i = 0; i < 30000; i++) exact_check_libm(c, re_rand_in(0x3e800000u, 0x4b800000u, 1)); /* 1/4 .. 2^24 */
}

/* The shortcut: every non-NaN input answered, against the engine recipe and against the
 * C library on a stride of the whole line. */
static inline void rounding_test_shortcut(const struct exact_case *c) {
  /* against the engine recipe: every non-NaN input answered, directly for both signs */
  for (unsigned i = 0; i < ROUNDING_NEDGES; i++)
    for (int s = 0; s < 2; s++) {
      uint32_t xb = rounding_edges[i] | (s ? RE_SIGN32 : 0);
      re_check_boundary(c->mpfr, c->shortcut, RE_NONE, xb, rounding_edges[i] == 0 ? 1 : -1);
      assert_true(re_check_one(c->mpfr, c->shortcut, RE_NONE, xb));
    }
  exact_check_answered(c);
  for (int i = 0; i < 50000; i++)
    assert_true(re_check_one(c->mpfr, c->shortcut, RE_NONE, re_rand_in(0x3e800000u, 0x4b800000u, 1)));
  exact_check_mirrored(c);
  exact_check_stride(c);
}

/* ---- fabs and logb: every binade matters ---- */

/* The referee against the C library: within 2 of every power of two (and zero and the
 * infinity) with both signs, random patterns over the line and subnormal ones. */
static inline void binade_test_libm(const struct exact_case *c) {
  for (int e = 0; e < 256; e++)
    for (int d = -2; d <= 2; d++) {
      uint32_t b = (uint32_t)e << 23;
      if ((int64_t)b + d < 0 || b + d > RE_INF32) continue;
      exact_check_libm(c, b + d);
      exact_check_libm(c, (b + d) | RE_SIGN32);
    }
  for (int i = 0; i < 30000; i++) exact_check_libm(c, re_rand_in(0, 0x7f800000u, 1));
  for (int i = 0; i < 3000; i++) exact_check_libm(c, re_rand_in(0, 0x00800000u, 1));
}

/* The shortcut around every binade's start (both signs; answered from 0 on), every
 * non-NaN input answered, against the engine recipe and against the C library on a
 * stride of the whole line. */
static inline void binade_test_shortcut(const struct exact_case *c) {
  for (int e = 0; e <= 255; e++)
    for (int s = 0; s < 2; s++)
      re_check_boundary(c->mpfr, c->shortcut, RE_NONE, ((uint32_t)e << 23) | (s ? RE_SIGN32 : 0), e == 0 ? 1 : -1);
  exact_check_answered(c);
  exact_check_mirrored(c);
  exact_check_stride(c);
}

/* ---- the two tests ---- */

static inline void exact_test_mpfr(const struct exact_case *c) {
  for (size_t i = 0; i < c->hand.n; i++) re_expect(c->mpfr, c->hand.v[i].x, c->hand.v[i].y, 0);
  if (c->shape == EXACT_ROUNDING) rounding_test_libm(c);
  else binade_test_libm(c);
}

static inline void exact_test_shortcut(const struct exact_case *c) {
  if (c->shape == EXACT_ROUNDING) rounding_test_shortcut(c);
  else binade_test_shortcut(c);
}

/* The test program of the exact function name (its C library function name##f), with
 * the values by hand in the array hand_values. */
#define EXACT_MAIN(name, symmetry, shape, hand_values)                                                      \
  int ref_##name##_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);                                        \
  int ref_##name##_shortcut(uint32_t xbits, double *y, int *t);                                            \
  static const struct exact_case exact_##name = {ref_##name##_mpfr, ref_##name##_shortcut, name##f, #name "f", \
                                                 symmetry, shape, RE_LIST(hand_values)};                    \
  static void test_mpfr(void **state) {                                                                   \
    (void)state;                                                                                          \
    exact_test_mpfr(&exact_##name);                                                                       \
  }                                                                                                       \
  static void test_shortcut(void **state) {                                                               \
    (void)state;                                                                                          \
    exact_test_shortcut(&exact_##name);                                                                   \
  }                                                                                                       \
  RE_TEST_MAIN(cmocka_unit_test(test_mpfr), cmocka_unit_test(test_shortcut))

#endif
