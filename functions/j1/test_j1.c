/* test_j1.c: the j1 reference (reference.c) against independent evaluations.
 *  (a) the referee against Arb's J1 at 192+ bits (rb_check_rn53), special values,
 *      hand-derived values, oddness;
 *  (b) the shortcut against the referee on every pattern within 64 of each boundary,
 *      both signs, plus random patterns; the threshold recomputed by integer search;
 *  (c) the series against exact derivatives from DLMF 10.6.7 with Arb point values.
 * Build: functions/TESTING-refbessel.md. */
#include "functions/bessel_j_test.h"

int ref_j1_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_j1_shortcut(uint32_t xb, double *y, int *t);
int ref_j1_series(arb_ptr res, const arb_t x, slong len, slong prec);

#define TINY 0x32cb2ff5u

static const struct rb_j_case j1_case = {
    {"j1", 'J', 1, ref_j1_mpfr, ref_j1_shortcut, ref_j1_series},
    TINY,
    3.83170597020751f, /* j_{1,1} */
    0.44005058574493351596, /* J1(1), DLMF table / A&S 9.1 */
};

static void test_special(void **state) {
  (void)state;
  double y;
  int t;
  rb_expect(&j1_case.r, 0x00000000u, 0.0, 0);
  rb_expect(&j1_case.r, 0x80000000u, -0.0, 0);
  rb_expect(&j1_case.r, 0x7f800000u, 0.0, 0);
  rb_expect(&j1_case.r, 0xff800000u, -0.0, 0); /* CUDA: j1f(-inf) = -0 */
  rb_engine(ref_j1_mpfr, 0x7fc00000u, &y, &t);
  assert_true(isnan(y) && t == 0);
  /* x = 2^-20: J1 = 2^-21 - 2^-64 + 2^-100/384 - ...; 2^-21 - 2^-64 is a binary64 number
   * (ulp 2^-74 there) within 2^-108 below J1: (2^-21 - 2^-64, -1). */
  rb_expect(&j1_case.r, 0x35800000u, 0x1p-21 - 0x1p-64, -1);
  rb_expect(&j1_case.r, 0xb5800000u, -(0x1p-21 - 0x1p-64), 1);
  /* last shortcut pattern: x/2, t = +1; next one, x = 13316086 2^-49: x/2 - J1 =
   * m^3 2^-82 (1 - O(2^-53)) with m^3 = 4 (1 + 1.9e-7): just over 2^-80, half the gap
   * (2^-79) below x/2, and under 2^-79 - ...: J1 rounds to x/2 - 2^-79, which lies
   * below J1: t = -1. */
  rb_expect(&j1_case.r, TINY, (double)rb_u2f(TINY) / 2, 1);
  rb_expect(&j1_case.r, TINY + 1, (double)rb_u2f(TINY + 1) / 2 - 0x1p-79, -1);
}

static void test_threshold_integer(void **state) {
  (void)state;
  /* the largest 24-bit M with M^3 <= 4 * 2^69, by search from 2^23 */
  unsigned __int128 lim = (unsigned __int128)4 << 69;
  uint64_t M = 1u << 23;
  while ((unsigned __int128)(M + 1) * (M + 1) * (M + 1) <= lim) M++;
  assert_int_equal(M, 0xcb2ff5u);
  assert_int_equal(0x32800000u + (uint32_t)(M - (1u << 23)), TINY);
}

static void test_series(void **state) {
  (void)state;
  static const double balls[][3] = {
    {0.0, 0.0, 20},       {0x1p-30, 0x1p-60, 20}, {0.3, 0x1p-40, 20},    {-1.7, 0x1p-40, 20},
    {3.831705970207512, 0x1p-30, 20}, {15.9, 0x1p-40, 20}, {0.0, 0.5, 0}, {1.0, 2.0, 0},
    {16.5, 0x1p-40, 20},  {-30.25, 0x1p-36, 20}, {100.0, 0x1p-30, 20}, {1e4, 0x1p-30, 20},
    {-3.3e6, 0x1p-20, 10}, {1e10, 0x1p-10, 0},   {20.0, 1.0, 0},        {10.0, 30.0, 0},
    {0.01, 0.005, 0},     {-8.0, 3.9, 0}};
  int fails = rb_series_balls(&j1_case.r, balls, sizeof balls / sizeof *balls);
  fails += rb_series_random(&j1_case.r, 12);
  assert_int_equal(fails, 0);
}

RB_J_TEST_MAIN(j1_case, cmocka_unit_test(test_special), cmocka_unit_test(test_threshold_integer))
