/* test_asinh.c: the asinh reference against independent evaluations (the shared body:
 * tests/ref/elem_body.h). */
#include "tests/ref/elem_body.h"

ELEM_DECLARE(asinh)

/* independent: asinh |x| = log(|x| + sqrt(x^2 + 1)) in Arb, odd (the formula has no
 * cancellation for x >= 0; Arb's ball retries in precision near zero) */
static int arb_asinh_alt(arb_t r, const arb_t x, slong prec) {
  arb_t a, ax;
  arb_init(a);
  arb_init(ax);
  arb_abs(ax, x);
  arb_sqr(a, ax, prec);
  arb_add_ui(a, a, 1, prec);
  arb_sqrt(a, a, prec);
  arb_add(a, a, ax, prec);
  arb_log(r, a, prec);
  if (arf_sgn(arb_midref(x)) < 0) arb_neg(r, r);
  arb_clear(a);
  arb_clear(ax);
  return 0;
}

/* independent coefficients: log(u + sqrt(u^2 + 1)) at u = p + t, as series. For p < 0
 * the sum u + sqrt(u^2 + 1) cancels, losing about 2 log2|p| bits: harmless at 640 bits
 * for the |p| <= 1e6 used here. */
static int asinh_alt(arb_ptr c, const arb_t p, slong len, slong prec) {
  return re_log_sqrt_coeffs(c, p, len, prec, +1);
}

static const struct re_hand hand[] = {
    {0x00000000u, 0.0, 0}, {0x80000000u, -0.0, 0}, {0x7f800000u, INFINITY, 0}, {0xff800000u, -INFINITY, 0},
    {0x7fc00000u, NAN, 0},
    /* 2^-149: asinh = 2^-149 - 2^-447/6 rounds up to 2^-149 */
    {0x00000001u, 0x1p-149, 1}};
static const struct re_range arb_ranges[] = {{3000, 0, 0x7f7fffffu, RE_BOTH}, {300, 0x32000000u, 0x33000000u, RE_BOTH}};
static const struct re_bound bounds[] = {{0x32b89ba3u, -1} /* T1 */, {0x00000000u, 1}, {0x7f800000u, 0}};
static const uint32_t answered[] = {0x7f800000u};
static const struct re_ball_random balls_random[] = {
    {-20.0, 20.0, 0x1p-10, 300}, {-1e-6, 1e-6, 0.5, 100}, {-1e6, 1e6, 0x1p-20, 60}};
static const struct re_ball_at balls_at[] = {{0.0, 5.0, 8, 64}};

/* the sweep: powers of two (the narrow side toward zero) and their neighbours, 2^-26
 * included */
static const struct elem_test asinh_test = {
    ELEM_FUNCTIONS(asinh), .sym = RE_ODD,
    .hand = RE_LIST(hand), .arb = arb_asinh_alt, .arb_ranges = RE_LIST(arb_ranges),
    .signs = 2, .bounds = RE_LIST(bounds), .answered = RE_LIST(answered), .sweep_end = 0x32800000u, .sweep_incl = 1,
    .n_random = 60000, .random_min = 20000,
    .alt = asinh_alt, .balls_random = RE_LIST(balls_random), .balls_at = RE_LIST(balls_at), .nonfinite = 1};

ELEM_MAIN(asinh_test)
