/* test_cyl_bessel_i0.c: the cyl_bessel_i0 reference against independent evaluations (the
 * shared body, with the data I0 and I1 share: tests/ref/bessel_body.h), and its thresholds
 * recomputed independently: an integer search for the tiny one, and for the overflow one
 * a lower bound L0 of I0 in MPFR with directed rounding and the power series around it. */
#include "tests/ref/bessel_body.h"

BESSEL_DECLARE(cyl_bessel_i0)

#define TINY 0x32b504f3u
#define OVER 0x44327f2au
BESSEL_I_DATA(TINY, OVER)

static const struct bessel_value special[] = {
    {0x00000000u, 1.0, 0}, {0x80000000u, 1.0, 0}, {0x7f800000u, INFINITY, 0}, {0xff800000u, INFINITY, 0},
    {0x7fc00000u, NAN, 0},
    /* x = 2^-20: I0 = 1 + 2^-42 + 2^-86 + ...; 1 + 2^-42 is a binary64 number (ulp 2^-52
     * above 1), I0 above it by ~2^-86: (1 + 2^-42, -1) */
    {0x35800000u, 1.0 + 0x1p-42, -1},
    /* last tiny pattern: (1, -1); the next: a = x^2/4 = (2^47 + 18909328) 2^-100 > 2^-53,
     * I0 - 1 = a (1 + a/4 + ...) in (2^-53, 2^-52 - 2^-60): (1 + 2^-52, +1) */
    {TINY, 1.0, -1}, {TINY + 1, 1.0 + 0x1p-52, 1},
    /* overflow: from XOV on, (+inf, +1); below, the largest values are finite */
    {OVER, INFINITY, 1}, {OVER - 1, 0x1p1023, BESSEL_ABOVE}, {0x7f7fffffu, INFINITY, 1}};

/* I0(1) = 1.2660658777520083356 (A&S table 9.8) */
static const struct bessel_test i0_test = {
    BESSEL_FUNCTIONS(cyl_bessel_i0), BESSEL_I(0, TINY, OVER), .value_at_1 = 1.2660658777520083356,
    .special = RE_LIST(special)};

static void test_thresholds_independent(void **state) {
  (void)state;
  /* tiny: the largest 24-bit M with M^2 < 2^47 */
  uint64_t M = 1u << 23;
  while ((M + 1) * (M + 1) < ((uint64_t)1 << 47)) M++;
  assert_int_equal(0x32800000u + (uint32_t)(M - (1u << 23)), TINY);
  /* overflow: L0(XOV), every operation rounded towards a smaller L0 */
  mpfr_t X, a, b, c;
  mpfr_inits2(128, X, a, b, c, (mpfr_ptr)0);
  mpfr_set_flt(X, u2f(OVER), MPFR_RNDN);
  mpfr_exp(a, X, MPFR_RNDD);          /* e^X down */
  mpfr_const_pi(b, MPFR_RNDU);        /* pi up */
  mpfr_mul(b, b, X, MPFR_RNDU);
  mpfr_mul_2ui(b, b, 1, MPFR_RNDU);
  mpfr_sqrt(b, b, MPFR_RNDU);         /* sqrt(2 pi X) up */
  mpfr_div(a, a, b, MPFR_RNDD);
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
  /* L0(XOV) > B, the ratio about 1 + 2.977e-5; the series on both sides of XOV */
  bessel_check_overflow(&i0_test, a, 2.977e-5, 1e-8);
  mpfr_clears(X, a, b, c, (mpfr_ptr)0);
}

BESSEL_MAIN(i0_test, cmocka_unit_test(test_thresholds_independent))
