/* test_cyl_bessel_i0.c: the cyl_bessel_i0 reference (reference.c, ziv_local.c) against
 * independent evaluations.
 *  (a) the referee against the power series of I0 summed in MPFR with directed rounding
 *      (rb_i_series_mpfr: no Arb) and against Arb's I0 at 192+ bits (not the series the
 *      referee sums below 4), special values, hand-derived values,
 *      evenness, the Ziv loop in the directed rounding modes;
 *  (b) the shortcut against the referee on every pattern within 64 of each boundary,
 *      both signs, plus random patterns; the thresholds recomputed independently (integer
 *      search; the overflow bound L0 in MPFR with directed rounding; the series around
 *      the overflow threshold);
 *  (c) the series against exact derivatives from DLMF 10.29.5 with Arb point values.
 * Build: functions/TESTING-refbessel.md. */
#include "functions/bessel_i_test.h"

int ref_cyl_bessel_i0_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_cyl_bessel_i0_shortcut(uint32_t xb, double *y, int *t);
int ref_cyl_bessel_i0_series(arb_ptr res, const arb_t x, slong len, slong prec);

#define TINY 0x32b504f3u
#define OVER 0x44327f2au

static const struct rb_i_case i0_case = {
    {"cyl_bessel_i0", 'I', 0, ref_cyl_bessel_i0_mpfr, ref_cyl_bessel_i0_shortcut, ref_cyl_bessel_i0_series},
    TINY,
    OVER,
    1.2660658777520083356, /* I0(1), A&S table 9.8 */
};

static void test_special(void **state) {
  (void)state;
  double y;
  int t;
  rb_expect(&i0_case.r, 0x00000000u, 1.0, 0);
  rb_expect(&i0_case.r, 0x80000000u, 1.0, 0);
  rb_expect(&i0_case.r, 0x7f800000u, INFINITY, 0);
  rb_expect(&i0_case.r, 0xff800000u, INFINITY, 0);
  rb_engine(ref_cyl_bessel_i0_mpfr, 0x7fc00000u, &y, &t);
  assert_true(isnan(y) && t == 0);
  /* x = 2^-20: I0 = 1 + 2^-42 + 2^-86 + ...; 1 + 2^-42 is a binary64 number (ulp 2^-52
   * above 1), I0 above it by ~2^-86: (1 + 2^-42, -1) */
  rb_expect(&i0_case.r, 0x35800000u, 1.0 + 0x1p-42, -1);
  /* last tiny pattern: (1, -1); the next: a = x^2/4 = (2^47 + 18909328) 2^-100 > 2^-53,
   * I0 - 1 = a (1 + a/4 + ...) in (2^-53, 2^-52 - 2^-60): (1 + 2^-52, +1) */
  rb_expect(&i0_case.r, TINY, 1.0, -1);
  rb_expect(&i0_case.r, TINY + 1, 1.0 + 0x1p-52, 1);
  /* overflow: from XOV on, (+inf, +1); below, the largest values are finite */
  rb_expect(&i0_case.r, OVER, INFINITY, 1);
  rb_engine(ref_cyl_bessel_i0_mpfr, OVER - 1, &y, &t);
  assert_true(isfinite(y) && y > 0x1p1023);
  rb_expect(&i0_case.r, 0x7f7fffffu, INFINITY, 1);
}

static void test_thresholds_independent(void **state) {
  (void)state;
  /* tiny: the largest 24-bit M with M^2 < 2^47 */
  uint64_t M = 1u << 23;
  while ((M + 1) * (M + 1) < ((uint64_t)1 << 47)) M++;
  assert_int_equal(0x32800000u + (uint32_t)(M - (1u << 23)), TINY);
  /* overflow: L0(XOV) > B in MPFR, every operation rounded towards a smaller L0 */
  mpfr_t X, a, b, c, B;
  mpfr_inits2(128, X, a, b, c, B, (mpfr_ptr)0);
  rb_set_B(B);
  mpfr_set_flt(X, rb_u2f(OVER), MPFR_RNDN);
  rb_i_leading_down(a, b, X); /* e^X / sqrt(2 pi X) down */
  mpfr_mul_2ui(b, X, 3, MPFR_RNDU);   /* 8X */
  mpfr_ui_div(b, 1, b, MPFR_RNDD);
  mpfr_add_ui(b, b, 1, MPFR_RNDD);    /* 1 + 1/(8X) down */
  mpfr_mul(a, a, b, MPFR_RNDD);
  /* minus e^-X (3/(2X) + 1/(4X^2)) / (pi sqrt2), that term rounded up */
  mpfr_neg(c, X, MPFR_RNDN);
  mpfr_exp(c, c, MPFR_RNDU);
  mpfr_ui_div(b, 3, X, MPFR_RNDU);
  mpfr_mul(c, c, b, MPFR_RNDU);       /* generous: 3/X >= 3/(2X) + 1/(4X^2) for X >= 1 */
  mpfr_sub(a, a, c, MPFR_RNDD);
  assert_true(mpfr_cmp(a, B) > 0);
  /* the ratio, for the record: about 1 + 2.977e-5 */
  mpfr_div(a, a, B, MPFR_RNDN);
  assert_true(fabs(mpfr_get_d(a, MPFR_RNDN) - 1 - 2.977e-5) < 1e-8);
  /* and the power series: I0(XOV) > B > I0(previous binary32) */
  rb_i_series_brackets(0, OVER, B);
  mpfr_clears(X, a, b, c, B, (mpfr_ptr)0);
}

RB_I_TEST_MAIN(i0_case)
