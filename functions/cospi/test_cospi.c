/* test_cospi.c: the cospi reference against independent evaluations (the shared body:
 * tests/ref/elem_body.h). */
#include "tests/ref/trigpi.h"

ELEM_DECLARE(cospi)

/* independent: cos(pi * x) in Arb (trigpi_arb) */
static int arb_cospi_alt(arb_t r, const arb_t x, slong prec) { return trigpi_arb(r, x, prec, 1); }

/* by hand when 2x is an integer (Niven: the only exact points), else Arb */
static void check(uint32_t xb) {
  double a = fabs((double)u2f(xb));
  if (a >= 0x1p23 || 2 * a == floor(2 * a)) {
    if (a == floor(a)) re_expect(ref_cospi_mpfr, xb, fmod(a, 2.0) == 0.0 ? 1.0 : -1.0, 0);
    else re_expect(ref_cospi_mpfr, xb, 0.0, 0); /* IEEE cosPi(n + 1/2) = +0 */
  } else
    re_check_arb(ref_cospi_mpfr, arb_cospi_alt, xb);
}

/* independent coefficients: the cosine series of [pi p, pi] (trigpi_coeffs) */
static int cospi_alt(arb_ptr c, const arb_t p, slong len, slong prec) { return trigpi_coeffs(c, p, len, prec, 1); }

static const struct re_hand hand[] = {
    {0x00000000u, 1.0, 0}, {0x80000000u, 1.0, 0}, {0x7f800000u, NAN, 0}, {0xff800000u, NAN, 0}, {0x7fc00000u, NAN, 0},
    {0x3f800000u, -1.0, 0}, {0xbf800000u, -1.0, 0}, {0x3f000000u, 0.0, 0}, {0xbf000000u, 0.0, 0}, {0xbfc00000u, 0.0, 0},
    {0x4b000001u, -1.0, 0} /* 2^23 + 1, odd */, {0x7f7fffffu, 1.0, 0},
    /* cospi(1/4) = sqrt(2)/2, binary64 0x1.6a09e667f3bcdp-1 above it */
    {0x3e800000u, 0x1.6a09e667f3bcdp-1, 1}};
static const struct re_range arb_ranges[] = {{3000, 0, 0x7f7fffffu, RE_BOTH},
                                             {1000, 0x4a000000u, 0x4b800000u, RE_BOTH},
                                             {1000, 0x3f000000u, 0x41000000u, RE_BOTH},
                                             {300, 0x31000000u, 0x32000000u, RE_BOTH}};
static const struct re_bound bounds[] = {{0x31667b22u, -1} /* T1 */, {0x4b800000u, 1} /* 2^24 */,
    {0x4b000000u, 1} /* 2^23 */,
                                         {0x4a800000u, 1} /* 2^22 */, {0x7f800000u, -1}, {0x00000000u, 1}};
static const uint32_t answered[] = {0x7f800000u};
static const struct re_range mixed[] = {{1, 0x4a800000u, 0x7f7fffffu, RE_POS}};

static const struct elem_test cospi_test = {
    ELEM_FUNCTIONS(cospi), .sym = RE_EVEN,
    .hand = RE_LIST(hand), .check = check, .arb_ranges = RE_LIST(arb_ranges),
    .signs = 2, .bounds = RE_LIST(bounds), .answered = RE_LIST(answered), .sign_extra = trigpi_check_halves,
    .sweep_end = 0x31667b22u, .n_mixed = 3000, .mixed = RE_LIST(mixed), .after = trigpi_check_halfturns,
    .n_random = 60000, .random_min = 25000,
    .alt = cospi_alt, .balls_random = RE_LIST(trigpi_balls_random), .balls_at = RE_LIST(trigpi_balls_at),
    .nonfinite = 1};

ELEM_MAIN(cospi_test)
