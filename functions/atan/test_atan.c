/* test_atan.c: the atan reference against independent evaluations (the shared body:
 * tests/ref/elem_body.h). */
#include "tests/ref/elem_body.h"

ELEM_DECLARE(atan)

/* independent: atan x = asin(x / sqrt(1 + x^2)) in Arb for |x| <= 1, and
 * sign(x) pi/2 - asin(s / sqrt(1 + s^2)) with s = 1/x for |x| > 1 (the asin argument
 * then stays away from +-1, where asin loses accuracy). */
static int arb_atan_alt(arb_t r, const arb_t x, slong prec) {
  arb_t a, s, pi;
  arb_init(a);
  arb_init(s);
  arb_init(pi);
  int big = arf_cmpabs_2exp_si(arb_midref(x), 0) > 0;
  if (big) arb_inv(s, x, prec);
  else arb_set(s, x);
  arb_sqr(a, s, prec);
  arb_add_ui(a, a, 1, prec);
  arb_sqrt(a, a, prec);
  arb_div(a, s, a, prec);
  arb_asin(r, a, prec);
  if (big) {
    arb_const_pi(pi, prec);
    arb_mul_2exp_si(pi, pi, -1);
    if (arf_sgn(arb_midref(x)) < 0) arb_neg(pi, pi);
    arb_sub(r, pi, r, prec);
  }
  arb_clear(a);
  arb_clear(s);
  arb_clear(pi);
  return 0;
}

/* independent coefficients: c0 from arb_atan_alt; the others integrate 1/(1 + u^2),
 * u = p + t, the inverse series of [1 + p^2, 2p, 1]. */
static int atan_alt(arb_ptr c, const arb_t p, slong len, slong prec) {
  arb_poly_t q, r, I;
  arb_t a;
  arb_poly_init(q);
  arb_poly_init(r);
  arb_poly_init(I);
  arb_init(a);
  re_poly_shifted_square(q, a, p, +1, prec);
  arb_poly_inv_series(r, q, len, prec);
  arb_poly_integral(I, r, prec);
  for (slong k = 1; k < len; k++) arb_poly_get_coeff_arb(c + k, I, k);
  arb_atan_alt(c, p, prec);
  arb_poly_clear(q);
  arb_poly_clear(r);
  arb_poly_clear(I);
  arb_clear(a);
  return 0;
}

static const struct re_hand hand[] = {
    {0x00000000u, 0.0, 0}, {0x80000000u, -0.0, 0},
    /* atan(+-inf) = +-pi/2; RN53(pi/2) = 0x1.921fb54442d18p+0 below pi/2 */
    {0x7f800000u, 0x1.921fb54442d18p+0, -1}, {0xff800000u, -0x1.921fb54442d18p+0, 1},
    /* atan(1) = pi/4 = 0.78539816339744830961...; binary64 0x1.921fb54442d18p-1 below */
    {0x3f800000u, 0x1.921fb54442d18p-1, -1}, {0x7fc00000u, NAN, 0}};
static const struct re_range arb_ranges[] = {
    {3000, 0, 0x7f7fffffu, RE_BOTH}, {300, 0x59000000u, 0x5b000000u, RE_BOTH},
    {300, 0x32000000u, 0x33000000u, RE_BOTH}};
/* T1, 0, the ranges answered near the top, the infinity */
static const struct re_bound bounds[] = {{0x32689769u, -1}, {0x00000000u, 1}, {0x59b00000u, 1},
                                         {0x5a600000u, -1}, {0x5a700000u, 1}, {0x7f800000u, -1}};
static const uint32_t answered[] = {0x7f800000u};
static const struct re_range mixed[] = {{1, 0x59b00000u, 0x5a5fffffu, RE_POS}, {1, 0x5a700000u, 0x7f7fffffu, RE_POS}};
static const struct re_ball_random balls_random[] = {
    {-10.0, 10.0, 0x1p-10, 300}, {-1e-6, 1e-6, 0.5, 100}, {1e6, 1e9, 0x1p-20, 50}};
static const struct re_ball_at balls_at[] = {{0.0, 5.0, 8, 64}};

static const struct elem_test atan_test = {
    ELEM_FUNCTIONS(atan), .sym = RE_ODD,
    .hand = RE_LIST(hand), .arb = arb_atan_alt, .arb_ranges = RE_LIST(arb_ranges),
    .signs = 2, .bounds = RE_LIST(bounds), .answered = RE_LIST(answered), .sweep_end = 0x32689769u,
    .n_mixed = 1000, .mixed = RE_LIST(mixed), .n_random = 60000, .random_min = 30000,
    .alt = atan_alt, .balls_random = RE_LIST(balls_random), .balls_at = RE_LIST(balls_at), .nonfinite = 1};

ELEM_MAIN(atan_test)
