/* test_expm1.c: the expm1 reference against independent evaluations (the shared body:
 * tests/ref/elem_body.h). */
#include "tests/ref/elem_body.h"

ELEM_DECLARE(expm1)

/* independent: e^x - 1 in Arb (the ball retries in precision absorb the cancellation) */
static int arb_expm1_alt(arb_t r, const arb_t x, slong prec) {
  arb_exp(r, x, prec);
  arb_sub_ui(r, r, 1, prec);
  return 0;
}

/* One input: for x <= -64, 0 < e^x < 2^-92 and expm1 x lies in (-1, -1 + 2^-92), so
 * RN53 = -1 below it (by hand: Arb cannot separate -1 + e^x from -1 at a feasible
 * precision when x is hugely negative); otherwise Arb. */
static void check(uint32_t xb) {
  if ((xb & RE_SIGN32) && u2f(xb) <= -64.0f) re_expect(ref_expm1_mpfr, xb, -1.0, -1);
  else re_check_arb(ref_expm1_mpfr, arb_expm1_alt, xb);
}

/* independent coefficients, by hand: c0 = e^p - 1, c_k = e^p / k! */
static int expm1_alt(arb_ptr c, const arb_t p, slong len, slong prec) {
  arb_t e;
  arb_init(e);
  arb_exp(e, p, prec);
  for (slong k = 1; k < len; k++) {
    arb_set(c + k, e);
    for (slong j = 2; j <= k; j++) arb_div_ui(c + k, c + k, (ulong)j, prec);
  }
  if (len > 0) arb_expm1_alt(c, p, prec);
  arb_clear(e);
  return 0;
}

static const struct re_hand hand[] = {
    {0x00000000u, 0.0, 0}, {0x80000000u, -0.0, 0}, {0x7f800000u, INFINITY, 0}, {0xff800000u, -1.0, 0},
    {0x7fc00000u, NAN, 0}, {0x7f7fffffu, INFINITY, 1}, {0xff7fffffu, -1.0, -1},
    /* -2^-53: expm1 = -2^-53 + 2^-107 - 2^-159/6 + ..., just inside the half gap 2^-107
     * toward zero: rounds to -2^-53 */
    {0xa5000000u, -0x1p-53, -1},
    /* -2^-52: expm1 = -2^-52 + 2^-105 - 2^-156/6 + ...; -2^-52 + 2^-105 is a binary64
     * number (the spacing below 2^-52 in magnitude is 2^-105) about 2^-158.6 above it */
    {0xa5800000u, -0x1p-52 + 0x1p-105, 1}};
static const struct re_range arb_ranges[] = {{3000, 0, 0x7f7fffffu, RE_BOTH},
                                             {300, 0x44310000u, 0x44320000u, RE_POS},
                                             {300, 0x42150000u, 0x42160000u, RE_NEG},
                                             {300, 0x24800000u, 0x26000000u, RE_BOTH}};
static const struct re_bound bounds[] = {{0x253504f4u, -1} /* T1 */, {0x00000000u, 1}, {0x7f800000u, -1}};
static const uint32_t answered[] = {0x7f800000u};
static const struct re_bound post_bounds[] = {{0x44317218u, 1} /* T2 */, {0x4215b845u | RE_SIGN32, 1} /* -T3 */};
static const struct re_ball_random balls_random[] = {{-40.0, 40.0, 0x1p-10, 300}, {-1e-8, 1e-8, 0.5, 100}};
static const struct re_ball_at balls_at[] = {{0.0, 3.0, 8, 64}};

static const struct elem_test expm1_test = {
    ELEM_FUNCTIONS(expm1), .sym = RE_NONE,
    .hand = RE_LIST(hand), .check = check, .arb_ranges = RE_LIST(arb_ranges),
    .signs = 2, .bounds = RE_LIST(bounds), .answered = RE_LIST(answered), .sweep_end = 0x25000000u, .sweep_incl = 1,
    .post_bounds = RE_LIST(post_bounds), .n_random = 60000, .random_min = 40000,
    .alt = expm1_alt, .balls_random = RE_LIST(balls_random), .balls_at = RE_LIST(balls_at), .nonfinite = 1};

ELEM_MAIN(expm1_test)
