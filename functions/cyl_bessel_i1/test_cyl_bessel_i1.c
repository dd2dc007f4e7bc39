/* test_cyl_bessel_i1.c: the cyl_bessel_i1 reference against independent evaluations (the
 * shared body, with the data I0 and I1 share: tests/ref/bessel_body.h), and its thresholds
 * recomputed independently: an integer search for the tiny one, and for the overflow one
 * a lower bound L1 of I1 in MPFR with directed rounding and the power series around it. */
#include "tests/ref/bessel_body.h"

BESSEL_DECLARE(cyl_bessel_i1)

#define TINY 0x32cb2ff5u /* 13316085 2^-49 = 0xcb2ff5p-49 */
#define OVER 0x44327f35u
BESSEL_I_DATA(TINY, OVER)

static const struct bessel_value special[] = {
    {0x00000000u, 0.0, 0}, {0x80000000u, -0.0, 0}, {0x7f800000u, INFINITY, 0}, {0xff800000u, -INFINITY, 0},
    {0x7fc00000u, NAN, 0},
    /* x = 2^-20: I1 = 2^-21 + 2^-64 + 2^-100/384 + ...; 2^-21 + 2^-64 is a binary64 number
     * (ulp 2^-73 there), I1 above it by ~2^-108.6: (2^-21 + 2^-64, -1) */
    {0x35800000u, 0x1p-21 + 0x1p-64, -1}, {0xb5800000u, -(0x1p-21 + 0x1p-64), 1},
    /* last tiny pattern, x = TINY: (x/2, -1); the next, x = 13316086 2^-49: I1 - x/2 = m^3
     * 2^-82 (1 + O(2^-53)) with m^3 = 4 (1 + 1.9e-7): just over 2^-80, half the gap above x/2
     * (2^-79): (x/2 + 2^-79, +1) */
    {TINY, 0xcb2ff5p-50, -1}, {TINY + 1, 0xcb2ff6p-50 + 0x1p-79, 1},
    /* overflow: from XOV on, (+inf, +1), mirrored below -XOV */
    {OVER, INFINITY, 1}, {OVER | RB_SIGN32, -INFINITY, -1}, {OVER - 1, 0x1p1023, BESSEL_ABOVE},
    {0xff7fffffu, -INFINITY, -1}};

/* I1(1) = 0.5651591039924850272 (A&S table 9.8) */
static const struct bessel_test i1_test = {
    BESSEL_FUNCTIONS(cyl_bessel_i1), BESSEL_I(1, TINY, OVER), .value_at_1 = 0.5651591039924850272,
    .special = RE_LIST(special)};

static void test_thresholds_independent(void **state) {
  (void)state;
  /* tiny: the largest 24-bit M with M^3 <= 4 * 2^69, with room for the factor
   * 1/(1 - a/6) < 1 + 2^-53 of the proof: 4 2^69 - M^3 > 2^69 2^-50 */
  unsigned __int128 lim = (unsigned __int128)4 << 69;
  uint64_t M = 1u << 23;
  while ((unsigned __int128)(M + 1) * (M + 1) * (M + 1) <= lim) M++;
  assert_int_equal(0x32800000u + (uint32_t)(M - (1u << 23)), TINY);
  assert_true(lim - (unsigned __int128)M * M * M > ((unsigned __int128)1 << 19));
  /* overflow: L1(XOV), every operation rounded towards a smaller L1 */
  mpfr_t X, a, b;
  mpfr_inits2(128, X, a, b, (mpfr_ptr)0);
  mpfr_set_flt(X, u2f(OVER), MPFR_RNDN);
  mpfr_exp(a, X, MPFR_RNDD);          /* e^X down */
  mpfr_const_pi(b, MPFR_RNDU);        /* pi up */
  mpfr_mul(b, b, X, MPFR_RNDU);
  mpfr_mul_2ui(b, b, 1, MPFR_RNDU);
  mpfr_sqrt(b, b, MPFR_RNDU);         /* sqrt(2 pi X) up */
  mpfr_div(a, a, b, MPFR_RNDD);
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
  /* L1(XOV) > B, the ratio about 1 + 4.45e-8; the series on both sides of XOV */
  bessel_check_overflow(&i1_test, a, 4.45e-8, 1e-10);
  mpfr_clears(X, a, b, (mpfr_ptr)0);
}

BESSEL_MAIN(i1_test, cmocka_unit_test(test_thresholds_independent))
