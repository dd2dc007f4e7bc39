/* test_acos.c: the acos reference against independent evaluations (the shared body:
 * tests/ref/elem_body.h). */
#include "tests/ref/arcsin.h"

ELEM_DECLARE(acos)

/* independent: acos x = 2 atan(sqrt((1 - x)/(1 + x))) for -1 < x <= 1, in Arb */
static int arb_acos_alt(arb_t r, const arb_t x, slong prec) {
  arb_t a, b;
  arb_init(a);
  arb_init(b);
  arb_sub_ui(a, x, 1, prec);
  arb_neg(a, a);
  arb_add_ui(b, x, 1, prec);
  arb_div(a, a, b, prec);
  arb_sqrt(a, a, prec);
  arb_atan(r, a, prec);
  arb_mul_2exp_si(r, r, 1);
  arb_clear(a);
  arb_clear(b);
  return 0;
}

/* independent coefficients: c0 = arb_acos_alt(p), then the integral of -(1 - u^2)^(-1/2) */
static int acos_alt(arb_ptr c, const arb_t p, slong len, slong prec) {
  return arcsin_coeffs(c, p, len, prec, arb_acos_alt, -1);
}

static const struct re_hand hand[] = {
    /* acos(+-0) = pi/2 = 1.57079632679489661923...; RN53 = 0x1.921fb54442d18p+0 =
     * 1.57079632679489655799... below it */
    {0x00000000u, 0x1.921fb54442d18p+0, -1}, {0x80000000u, 0x1.921fb54442d18p+0, -1}, {0x3f800000u, 0.0, 0},
    /* acos(-1) = pi = 3.14159265358979323846...; RN53 = 0x1.921fb54442d18p+1 =
     * 3.14159265358979311599... below it */
    {0xbf800000u, 0x1.921fb54442d18p+1, -1},
    /* acos(1/2) = pi/3 = 1.04719755119659774615...; binary64 0x1.0c152382d7366p+0 =
     * 1.04719755119659785336... above it (RN: the gap is 2^-52, the distance 1.07e-16 is
     * below 2^-53 = 1.11e-16) */
    {0x3f000000u, 0x1.0c152382d7366p+0, 1},
    {0x3f800001u, NAN, 0}, {0xbf800001u, NAN, 0}, {0x7f800000u, NAN, 0}, {0xff800000u, NAN, 0}, {0x7fc00000u, NAN, 0}};
static const struct re_range arb_ranges[] = {
    {3000, 0, 0x3f7fffffu, RE_BOTH}, {300, 0x3f7f0000u, 0x3f7fffffu, RE_BOTH},
    {300, 0x24000000u, 0x25800000u, RE_BOTH}};
/* positive side: (Y0, -1) below 0x248c0000, (Y0, +1) on [0x24900000, 0x25400000);
 * negative side: (Y0, -1) for magnitudes below 0x24600000 */
static const struct re_bound pre_bounds[] = {{0x248c0000u, -1}, {0x24900000u, 1}, {0x25400000u, -1},
                                             {0x00000000u, 1},  {0xa4600000u, -1}, {0x80000000u, 1}};
/* +-1 and the exterior */
static const struct re_bound bounds[] = {{0x3f800000u, 1}, {0x7f800000u, -1}};
static const uint32_t answered[] = {0x7f800000u};
static const struct re_range mixed[] = {
    {1, 0x24900000u, 0x253fffffu, RE_POS}, {1, 0x24000000u, 0x248bffffu, RE_POS},
    {1, 0x24000000u, 0x245fffffu, RE_NEG}};
static const struct re_ball_at balls_at[] = {{0.0, 0.9, 8, 64}, {-0.999999, 0x1p-30, 8, 128}};
static const struct re_ball refuses[] = {ARCSIN_REFUSES, {2.0, 0.5} /* leaving [-1, 1] */};

static const struct elem_test acos_test = {
    ELEM_FUNCTIONS(acos), .sym = RE_NONE,
    .hand = RE_LIST(hand), .arb = arb_acos_alt, .arb_ranges = RE_LIST(arb_ranges),
    .pre_bounds = RE_LIST(pre_bounds), .signs = 2, .bounds = RE_LIST(bounds), .answered = RE_LIST(answered),
    .sweep_end = 0x24600000u, .n_mixed = 2000, .mixed_once = 1, .mixed = RE_LIST(mixed),
    .n_random = 60000, .random_min = 40000,
    .alt = acos_alt, .balls_random = RE_LIST(arcsin_balls_random), .balls_at = RE_LIST(balls_at),
    .refuses = RE_LIST(refuses), .nonfinite = 1, .nan_bits = 0x3f800001u};

ELEM_MAIN(acos_test, cmocka_unit_test(test_nan_bits))
