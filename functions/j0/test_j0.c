/* test_j0.c: the j0 reference (reference.c) against independent evaluations.
 *  (a) the referee against Arb's J0 at 192+ bits (rb_check_rn53 checks y against its
 *      binary64 neighbours), special values, hand-derived values, evenness;
 *  (b) the shortcut against the referee on every pattern within 64 of each boundary,
 *      both signs, plus random patterns; and that it answers where it claims to;
 *  (c) the series against exact derivatives from DLMF 10.6.7 with Arb point values.
 * Build: functions/TESTING-refbessel.md. */
#include "functions/bessel_j_test.h"

int ref_j0_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_j0_shortcut(uint32_t xb, double *y, int *t);
int ref_j0_series(arb_ptr res, const arb_t x, slong len, slong prec);

#define TINY 0x32800000u /* 2^-26 */

static const struct rb_j_case j0_case = {
    {"j0", 'J', 0, ref_j0_mpfr, ref_j0_shortcut, ref_j0_series},
    TINY,
    2.40482555769577f, /* j_{0,1} */
    0.7651976865579665514, /* J0(1) = 0.7651976865579665514... */
};

static void test_special(void **state) {
  (void)state;
  double y;
  int t;
  rb_expect(&j0_case.r, 0x00000000u, 1.0, 0);
  rb_expect(&j0_case.r, 0x80000000u, 1.0, 0);
  rb_expect(&j0_case.r, 0x7f800000u, 0.0, 0); /* +0 */
  rb_expect(&j0_case.r, 0xff800000u, 0.0, 0);
  rb_engine(ref_j0_mpfr, 0x7fc00000u, &y, &t);
  assert_true(isnan(y) && t == 0);
  /* hand values. x = 2^-20: J0 = 1 - 2^-42 + 2^-86 - ..., within 2^-85 of 1 - 2^-42 (a
   * binary64 number, ulp 2^-53 there) and above it: (1 - 2^-42, -1). */
  rb_expect(&j0_case.r, 0x35800000u, 1.0 - 0x1p-42, -1);
  /* x = 2^-26 (1 + 2^-23), just past the tiny range: 1 - J0 = 2^-54 + 2^-76 + 2^-100 -
   * O(2^-110), beyond half the gap below 1: (1 - 2^-53, -1). */
  rb_expect(&j0_case.r, TINY + 1, 1.0 - 0x1p-53, -1);
  rb_expect(&j0_case.r, TINY, 1.0, 1);
}

static void test_series(void **state) {
  (void)state;
  /* {mid, rad, tight}: power series (|x| <= 16), balls around 0, ODE, crude */
  static const double balls[][3] = {
    {0.0, 0.0, 20},       {0x1p-30, 0x1p-60, 20}, {0.3, 0x1p-40, 20},    {-1.7, 0x1p-40, 20},
    {2.404825557695773, 0x1p-30, 20}, {15.9, 0x1p-40, 20}, {0.0, 0.5, 0}, {1.0, 2.0, 0},
    {16.5, 0x1p-40, 20},  {-30.25, 0x1p-36, 20}, {100.0, 0x1p-30, 20}, {1e4, 0x1p-30, 20},
    {-3.3e6, 0x1p-20, 10}, {1e10, 0x1p-10, 0},   {20.0, 1.0, 0},        {10.0, 30.0, 0},
    {0.01, 0.005, 0},     {-8.0, 7.9, 0}};
  int fails = rb_series_balls(&j0_case.r, balls, sizeof balls / sizeof *balls);
  fails += rb_series_random(&j0_case.r, 12); /* random small balls */
  assert_int_equal(fails, 0);
}

RB_J_TEST_MAIN(j0_case, cmocka_unit_test(test_special))
