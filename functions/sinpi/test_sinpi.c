/* test_sinpi.c: the sinpi reference against independent evaluations (the shared body:
 * tests/ref/elem_body.h). */
#include "tests/ref/trigpi.h"

ELEM_DECLARE(sinpi)

/* independent: sin(pi * x) in Arb (trigpi_arb) */
static int arb_sinpi_alt(arb_t r, const arb_t x, slong prec) { return trigpi_arb(r, x, prec, 0); }

/* by hand when 2x is an integer (Niven: the only exact points), else Arb. For |x| >= 2^23
 * x is an even or odd integer; below, 2x is computed exactly in binary64. */
static void check(uint32_t xb) {
  double x = (double)u2f(xb), a = fabs(x);
  int neg = (xb & RE_SIGN32) != 0;
  if (a >= 0x1p23 || 2 * a == floor(2 * a)) {
    if (a == floor(a)) re_expect(ref_sinpi_mpfr, xb, neg ? -0.0 : 0.0, 0); /* IEEE sinPi(+-n) = +-0 */
    else {
      double n = floor(a); /* a = n + 1/2: sin(pi a) = (-1)^n */
      double v = fmod(n, 2.0) == 0.0 ? 1.0 : -1.0;
      re_expect(ref_sinpi_mpfr, xb, neg ? -v : v, 0);
    }
  } else
    re_check_arb(ref_sinpi_mpfr, arb_sinpi_alt, xb);
}

/* independent coefficients: the sine series of [pi p, pi] (trigpi_coeffs) */
static int sinpi_alt(arb_ptr c, const arb_t p, slong len, slong prec) { return trigpi_coeffs(c, p, len, prec, 0); }

static const struct re_hand hand[] = {
    {0x00000000u, 0.0, 0}, {0x80000000u, -0.0, 0}, {0x7f800000u, NAN, 0}, {0xff800000u, NAN, 0}, {0x7fc00000u, NAN, 0},
    {0x3f800000u, 0.0, 0} /* sinpi(1) = +0 */, {0xbf800000u, -0.0, 0} /* sinpi(-1) = -0 */,
    {0x3f000000u, 1.0, 0} /* sinpi(1/2) */, {0x3fc00000u, -1.0, 0} /* sinpi(3/2) */,
    {0xbfc00000u, 1.0, 0} /* sinpi(-3/2) */,
    {0x7f7fffffu, 0.0, 0}, {0xff7fffffu, -0.0, 0},
    /* sinpi(1/4) = sqrt(2)/2 = 0.70710678118654752440...; binary64 0x1.6a09e667f3bcdp-1 =
     * 0.70710678118654757274... above it */
    {0x3e800000u, 0x1.6a09e667f3bcdp-1, 1}};
/* the line, 2^21 .. 2^24, 0.5 .. 8 */
static const struct re_range arb_ranges[] = {
    {3000, 0, 0x7f7fffffu, RE_BOTH}, {1000, 0x4a000000u, 0x4b800000u, RE_BOTH},
    {1000, 0x3f000000u, 0x41000000u, RE_BOTH}};
static const struct re_bound bounds[] = {
    {0x4b000000u, 1} /* 2^23 */, {0x4a800000u, 1} /* 2^22 */, {0x7f800000u, -1}, {0x00000000u, 0}};
static const uint32_t answered[] = {0x7f800000u, 0x00000000u};
static const struct re_range mixed[] = {{1, 0x4a800000u, 0x7f7fffffu, RE_POS}};

static const struct elem_test sinpi_test = {
    ELEM_FUNCTIONS(sinpi), .sym = RE_ODD,
    .hand = RE_LIST(hand), .check = check, .arb_ranges = RE_LIST(arb_ranges),
    .signs = 2, .bounds = RE_LIST(bounds), .answered = RE_LIST(answered), .sign_extra = trigpi_check_halves,
    .n_mixed = 3000, .mixed = RE_LIST(mixed), .after = trigpi_check_halfturns, .n_random = 60000, .random_min = -1,
    .alt = sinpi_alt, .balls_random = RE_LIST(trigpi_balls_random), .balls_at = RE_LIST(trigpi_balls_at),
    .nonfinite = 1};

ELEM_MAIN(sinpi_test)
