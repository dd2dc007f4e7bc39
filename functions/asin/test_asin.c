/* test_asin.c: the asin reference against independent evaluations (the shared body:
 * tests/ref/elem_body.h). */
#include "tests/ref/arcsin.h"

ELEM_DECLARE(asin)

/* independent: asin x = atan(x / sqrt(1 - x^2)) for |x| < 1, in Arb */
static int arb_asin_alt(arb_t r, const arb_t x, slong prec) {
  arb_t a;
  arb_init(a);
  arb_sqr(a, x, prec);
  arb_sub_ui(a, a, 1, prec);
  arb_neg(a, a);
  arb_sqrt(a, a, prec);
  arb_div(a, x, a, prec);
  arb_atan(r, a, prec);
  arb_clear(a);
  return 0;
}

/* independent coefficients: c0 = arb_asin_alt(p), then the integral of (1 - u^2)^(-1/2) */
static int asin_alt(arb_ptr c, const arb_t p, slong len, slong prec) {
  return arcsin_coeffs(c, p, len, prec, arb_asin_alt, 1);
}

static const struct re_hand hand[] = {
    {0x00000000u, 0.0, 0}, {0x80000000u, -0.0, 0},
    /* asin(+-1) = +-pi/2; RN53(pi/2) = 0x1.921fb54442d18p+0 lies below pi/2
     * (pi/2 = 1.57079632679489661923..., the binary64 number 1.57079632679489655799...) */
    {0x3f800000u, 0x1.921fb54442d18p+0, -1}, {0xbf800000u, -0x1.921fb54442d18p+0, 1},
    /* asin(1/2) = pi/6 = 0.52359877559829887307...; binary64 0x1.0c152382d7366p-1 =
     * 0.52359877559829892668... lies above */
    {0x3f000000u, 0x1.0c152382d7366p-1, 1},
    {0x3f800001u, NAN, 0}, {0xbf800001u, NAN, 0}, {0x7f800000u, NAN, 0}, {0xff800000u, NAN, 0}, {0x7fc00000u, NAN, 0}};
static const struct re_range arb_ranges[] = {
    {3000, 0, 0x3f7fffffu, RE_BOTH}, {300, 0x3f7f0000u, 0x3f7fffffu, RE_BOTH},
    {300, 0x32800000u, 0x33000000u, RE_BOTH}};
/* T1, 0, 1 and above, the infinity */
static const struct re_bound bounds[] = {{0x32b89ba3u, -1}, {0x00000000u, 1}, {0x3f800000u, 1}, {0x7f800000u, -1}};
static const uint32_t answered[] = {0x7f800000u};
static const struct re_ball_at balls_at[] = {{0.0, 0.9, 8, 64}, {0.999999, 0x1p-30, 8, 128}};
static const struct re_ball refuses[] = {ARCSIN_REFUSES, {1.5, 0.1}, {-3.0, 0.0} /* leaving [-1, 1] */};

/* tiny inputs and the NaN exterior: about 3/4 of the line is answered */
static const struct elem_test asin_test = {
    ELEM_FUNCTIONS(asin), .sym = RE_ODD,
    .hand = RE_LIST(hand), .arb = arb_asin_alt, .arb_ranges = RE_LIST(arb_ranges),
    .signs = 2, .bounds = RE_LIST(bounds), .answered = RE_LIST(answered), .sweep_end = 0x32b89ba3u,
    .n_random = 60000, .random_min = 40000,
    .alt = asin_alt, .balls_random = RE_LIST(arcsin_balls_random), .balls_at = RE_LIST(balls_at),
    .refuses = RE_LIST(refuses), .nonfinite = 1, .nan_bits = 0x40000000u};

ELEM_MAIN(asin_test, cmocka_unit_test(test_nan_bits))
