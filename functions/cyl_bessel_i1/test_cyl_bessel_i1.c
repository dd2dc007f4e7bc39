/* test_cyl_bessel_i1.c: the cyl_bessel_i1 reference (reference.c, ziv_local.c) against
 * independent evaluations.
 *  (a) the referee against the power series of I1 summed in MPFR with directed rounding
 *      (rb_i_series_mpfr: no Arb) and against Arb's I1 at 192+ bits (not the series the
 *      referee sums below 4), special values, hand-derived values,
 *      oddness and monotonicity, the Ziv loop in the directed rounding modes;
 *  (b) the shortcut against the referee on every pattern within 64 of each boundary,
 *      both signs, plus random patterns; the thresholds recomputed independently (integer
 *      search; the overflow bound L1 in MPFR with directed rounding; the series around
 *      the overflow threshold);
 *  (c) the series against exact derivatives from DLMF 10.29.5 with Arb point values.
 * Build: functions/TESTING-refbessel.md. */
#include "functions/bessel_i_test.h"

int ref_cyl_bessel_i1_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_cyl_bessel_i1_shortcut(uint32_t xb, double *y, int *t);
int ref_cyl_bessel_i1_series(arb_ptr res, const arb_t x, slong len, slong prec);

#define TINY 0x32cb2ff5u
#define OVER 0x44327f35u

static const struct rb_i_case i1_case = {
    {"cyl_bessel_i1", 'I', 1, ref_cyl_bessel_i1_mpfr, ref_cyl_bessel_i1_shortcut, ref_cyl_bessel_i1_series},
    TINY,
    OVER,
    0.5651591039924850272, /* I1(1), A&S table 9.8 */
};

static void test_special(void **state) {
  (void)state;
  double y;
  int t;
  rb_expect(&i1_case.r, 0x00000000u, 0.0, 0);
  rb_expect(&i1_case.r, 0x80000000u, -0.0, 0);
  rb_expect(&i1_case.r, 0x7f800000u, INFINITY, 0);
  rb_expect(&i1_case.r, 0xff800000u, -INFINITY, 0);
  rb_engine(ref_cyl_bessel_i1_mpfr, 0x7fc00000u, &y, &t);
  assert_true(isnan(y) && t == 0);
  /* x = 2^-20: I1 = 2^-21 + 2^-64 + 2^-100/384 + ...; 2^-21 + 2^-64 is a binary64 number
   * (ulp 2^-73 there), I1 above it by ~2^-108.6: (2^-21 + 2^-64, -1) */
  rb_expect(&i1_case.r, 0x35800000u, 0x1p-21 + 0x1p-64, -1);
  rb_expect(&i1_case.r, 0xb5800000u, -(0x1p-21 + 0x1p-64), 1);
  /* last tiny pattern: (x/2, -1); the next, x = 13316086 2^-49: I1 - x/2 = m^3 2^-82
   * (1 + O(2^-53)) with m^3 = 4 (1 + 1.9e-7): just over 2^-80, half the gap above x/2
   * (2^-79): (x/2 + 2^-79, +1) */
  rb_expect(&i1_case.r, TINY, (double)rb_u2f(TINY) / 2, -1);
  rb_expect(&i1_case.r, TINY + 1, (double)rb_u2f(TINY + 1) / 2 + 0x1p-79, 1);
  /* overflow: from XOV on, (+inf, +1), mirrored below -XOV */
  rb_expect(&i1_case.r, OVER, INFINITY, 1);
  rb_expect(&i1_case.r, OVER | RB_SIGN32, -INFINITY, -1);
  rb_engine(ref_cyl_bessel_i1_mpfr, OVER - 1, &y, &t);
  assert_true(isfinite(y) && y > 0x1p1023);
  rb_expect(&i1_case.r, 0xff7fffffu, -INFINITY, -1);
}

static void test_thresholds_independent(void **state) {
  (void)state;
  /* tiny: the largest 24-bit M with M^3 <= 4 * 2^69, with room for the factor
   * 1/(1 - a/6) < 1 + 2^-53 of the proof: 4 2^69 - M^3 > 2^69 2^-50 */
  unsigned __int128 lim = (unsigned __int128)4 << 69;
  uint64_t M = 1u << 23;
  while ((unsigned __int128)(M + 1) * (M + 1) * (M + 1) <= lim) M++;
  assert_int_equal(0x32800000u + (uint32_t)(M - (1u << 23)), TINY);
  assert_true(lim - (unsigned __int128)M * M * M > ((unsigned __int128)1 << 19));
  /* overflow: L1(XOV) > B in MPFR, every operation rounded towards a smaller L1 */
  mpfr_t X, a, b, c, B;
  mpfr_inits2(128, X, a, b, c, B, (mpfr_ptr)0);
  rb_set_B(B);
  mpfr_set_flt(X, rb_u2f(OVER), MPFR_RNDN);
  rb_i_leading_down(a, b, X); /* e^X / sqrt(2 pi X) down */
  /* s = 3/(8X) + 15/(128X^2) + 45/(256X^3), rounded up; factor 1 - s rounded down */
  mpfr_t s, u;
  mpfr_inits2(128, s, u, (mpfr_ptr)0);
  mpfr_ui_div(s, 3, X, MPFR_RNDU);
  mpfr_div_ui(s, s, 8, MPFR_RNDU);
  mpfr_sqr(u, X, MPFR_RNDD);
  mpfr_ui_div(u, 15, u, MPFR_RNDU);
  mpfr_div_ui(u, u, 128, MPFR_RNDU);
  mpfr_add(s, s, u, MPFR_RNDU);
  mpfr_pow_ui(u, X, 3, MPFR_RNDD);
  mpfr_ui_div(u, 45, u, MPFR_RNDU);
  mpfr_div_ui(u, u, 256, MPFR_RNDU);
  mpfr_add(s, s, u, MPFR_RNDU);
  mpfr_ui_sub(s, 1, s, MPFR_RNDD);
  mpfr_mul(a, a, s, MPFR_RNDD);
  mpfr_sub_d(a, a, 0.5, MPFR_RNDD);
  mpfr_clears(s, u, (mpfr_ptr)0);
  assert_true(mpfr_cmp(a, B) > 0);
  mpfr_div(a, a, B, MPFR_RNDN);
  assert_true(fabs(mpfr_get_d(a, MPFR_RNDN) - 1 - 4.45e-8) < 1e-10);
  (void)c;
  /* and the power series: I1(XOV) > B > I1(previous binary32) */
  rb_i_series_brackets(1, OVER, B);
  mpfr_clears(X, a, b, c, B, (mpfr_ptr)0);
}

RB_I_TEST_MAIN(i1_case)
