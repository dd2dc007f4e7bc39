/* test_sinh.c: the sinh reference against independent evaluations (the shared body:
 * tests/ref/elem_body.h). */
#include "tests/ref/hyperbolic.h"

ELEM_DECLARE(sinh)

/* independent: sinh x = (e^x - e^-x)/2 in Arb */
static int arb_sinh_alt(arb_t r, const arb_t x, slong prec) { return hyp_arb(r, x, prec, 0); }
/* independent coefficients: (exp(p + t) - exp(-p - t))/2 */
static int sinh_alt(arb_ptr c, const arb_t p, slong len, slong prec) { return hyp_coeffs(c, p, len, prec, 0); }

static const struct re_hand hand[] = {
    {0x00000000u, 0.0, 0}, {0x80000000u, -0.0, 0}, {0x7f800000u, INFINITY, 0}, {0xff800000u, -INFINITY, 0},
    {0x7fc00000u, NAN, 0},
    /* 2^-149: sinh = 2^-149 + 2^-447/6 rounds down to 2^-149 */
    {0x00000001u, 0x1p-149, -1},
    /* sinh(FLT_MAX) = +inf, overflow */
    {0x7f7fffffu, INFINITY, 1}, {0xff7fffffu, -INFINITY, -1}};
/* the line, then near the overflow threshold and the tiny threshold */
static const struct re_range arb_ranges[] = {
    {3000, 0, 0x7f7fffffu, RE_BOTH}, {400, 0x44310000u, 0x44320000u, RE_BOTH},
    {400, 0x32800000u, 0x33000000u, RE_BOTH}};
/* below T1 and below the infinity (the finite values), from 0 and from T2 */
static const struct re_bound bounds[] = {{0x32b89ba3u, -1}, {0x7f800000u, -1}, {0x00000000u, 1}, {0x44319e75u, 1}};
static const uint32_t answered[] = {0x7f800000u};
static const struct re_ball_random balls_random[] = {HYP_BALLS_RANDOM(700.0, 720.0)};
static const struct re_ball_at balls_at[] = {HYP_BALL_AT(0.0) /* a wide ball across zero */};

/* about 40% of the line is in range (B) */
static const struct elem_test sinh_test = {
    ELEM_FUNCTIONS(sinh), .sym = RE_ODD,
    .hand = RE_LIST(hand), .arb = arb_sinh_alt, .arb_ranges = RE_LIST(arb_ranges),
    .signs = 2, .bounds = RE_LIST(bounds), .answered = RE_LIST(answered), .sweep_end = 0x32b89ba3u,
    .n_random = 60000, .random_min = 20000,
    .alt = sinh_alt, .balls_random = RE_LIST(balls_random), .balls_at = RE_LIST(balls_at), .nonfinite = 1};

ELEM_MAIN(sinh_test)
