/* test_cosh.c: the cosh reference against independent evaluations (the shared body:
 * tests/ref/elem_body.h). */
#include "tests/ref/hyperbolic.h"

ELEM_DECLARE(cosh)

/* independent: cosh x = (e^x + e^-x)/2 in Arb */
static int arb_cosh_alt(arb_t r, const arb_t x, slong prec) { return hyp_arb(r, x, prec, 1); }
/* independent coefficients: (exp(p + t) + exp(-p - t))/2 */
static int cosh_alt(arb_ptr c, const arb_t p, slong len, slong prec) { return hyp_coeffs(c, p, len, prec, 1); }

static const struct re_hand hand[] = {
    {0x00000000u, 1.0, 0}, {0x80000000u, 1.0, 0}, {0x7f800000u, INFINITY, 0}, {0xff800000u, INFINITY, 0},
    {0xffc00000u, NAN, 0},
    /* cosh(2^-26) = 1 + 2^-53 + 2^-104/24 + ...: just past the midpoint, rounds up */
    {0x32800000u, 1.0 + 0x1p-52, 1}, {0xb2800000u, 1.0 + 0x1p-52, 1}, {0x7f7fffffu, INFINITY, 1}};
static const struct re_range arb_ranges[] = {
    {3000, 0, 0x7f7fffffu, RE_BOTH}, {400, 0x44310000u, 0x44320000u, RE_BOTH},
    {400, 0x32000000u, 0x33000000u, RE_BOTH}};
static const struct re_bound bounds[] = {{0x32800000u, -1}, {0x7f800000u, -1}, {0x00000000u, 1}, {0x44319e75u, 1}};
static const uint32_t answered[] = {0x7f800000u};
static const struct re_ball_random balls_random[] = {HYP_BALLS_RANDOM(-720.0, -700.0)};
static const struct re_ball_at balls_at[] = {HYP_BALL_AT(0.5)};

static const struct elem_test cosh_test = {
    ELEM_FUNCTIONS(cosh), .sym = RE_EVEN,
    .hand = RE_LIST(hand), .arb = arb_cosh_alt, .arb_ranges = RE_LIST(arb_ranges),
    .signs = 2, .bounds = RE_LIST(bounds), .answered = RE_LIST(answered), .sweep_end = 0x32800000u,
    .n_random = 60000, .random_min = 20000,
    .alt = cosh_alt, .balls_random = RE_LIST(balls_random), .balls_at = RE_LIST(balls_at), .nonfinite = 1};

ELEM_MAIN(cosh_test)
