/* test_atanh.c: the atanh reference against independent evaluations (the shared body:
 * tests/ref/elem_body.h). */
#include "tests/ref/elem_body.h"

ELEM_DECLARE(atanh)

/* independent: atanh x = (log1p(x) - log1p(-x))/2, in Arb */
static int arb_atanh_alt(arb_t r, const arb_t x, slong prec) {
  arb_t a, b;
  arb_init(a);
  arb_init(b);
  arb_log1p(a, x, prec);
  arb_neg(b, x);
  arb_log1p(b, b, prec);
  arb_sub(r, a, b, prec);
  arb_mul_2exp_si(r, r, -1);
  arb_clear(a);
  arb_clear(b);
  return 0;
}

/* independent coefficients: (log(1 + u) - log(1 - u))/2 at u = p + t, as series of the
 * logarithms of [1 + p, 1] and [1 - p, -1] */
static int atanh_alt(arb_ptr c, const arb_t p, slong len, slong prec) {
  arb_poly_t h, a, b;
  arb_t v;
  arb_poly_init(h);
  arb_poly_init(a);
  arb_poly_init(b);
  arb_init(v);
  arb_add_ui(v, p, 1, prec);
  arb_poly_set_coeff_arb(h, 0, v);
  arb_poly_set_coeff_si(h, 1, 1);
  arb_poly_log_series(a, h, len, prec);
  arb_neg(v, p);
  arb_add_ui(v, v, 1, prec);
  arb_poly_set_coeff_arb(h, 0, v);
  arb_poly_set_coeff_si(h, 1, -1);
  arb_poly_log_series(b, h, len, prec);
  arb_poly_sub(a, a, b, prec);
  arb_poly_scalar_mul_2exp_si(a, a, -1);
  for (slong k = 0; k < len; k++) arb_poly_get_coeff_arb(c + k, a, k);
  arb_atanh_alt(c, p, prec); /* the same value, without the cancellation near 0 */
  arb_poly_clear(h);
  arb_poly_clear(a);
  arb_poly_clear(b);
  arb_clear(v);
  return 0;
}

static const struct re_hand hand[] = {
    {0x00000000u, 0.0, 0}, {0x80000000u, -0.0, 0}, {0x3f800000u, INFINITY, 0}, {0xbf800000u, -INFINITY, 0} /* poles */,
    {0x3f800001u, NAN, 0}, {0xbf800001u, NAN, 0}, {0x7f800000u, NAN, 0}, {0xff800000u, NAN, 0}, {0x7fc00000u, NAN, 0},
    /* atanh(1/2) = ln(3)/2 = 0.54930614433405484570...; binary64 0x1.193ea7aad030bp-1 =
     * 0.54930614433405489... above it (by 4.5e-17 < 2^-54 = 5.55e-17, half the gap) */
    {0x3f000000u, 0x1.193ea7aad030bp-1, 1}};
static const struct re_range arb_ranges[] = {
    {3000, 0, 0x3f7fffffu, RE_BOTH}, {300, 0x3f7f0000u, 0x3f7fffffu, RE_BOTH},
    {300, 0x32000000u, 0x33000000u, RE_BOTH}};
static const struct re_bound bounds[] = {{0x32689769u, -1} /* T1 */, {0x00000000u, 1}, {0x3f800000u, 1},
    {0x7f800000u, -1}};
static const uint32_t answered[] = {0x7f800000u};
static const struct re_ball_random balls_random[] = {{-0.999, 0.999, 0x1p-12, 300}, {-1e-6, 1e-6, 0.5, 100}};
static const struct re_ball_at balls_at[] = {{0.0, 0.9, 8, 64}, {0.999999, 0x1p-30, 8, 128}};
static const struct re_ball refuses[] = {{1.0, 0.0}, {-1.0, 0.0}, {0.999, 0.002}, {-0.999, 0.002}, {0.0, 1.0},
    {3.0, 0.5}};

static const struct elem_test atanh_test = {
    ELEM_FUNCTIONS(atanh), .sym = RE_ODD,
    .hand = RE_LIST(hand), .arb = arb_atanh_alt, .arb_ranges = RE_LIST(arb_ranges),
    .signs = 2, .bounds = RE_LIST(bounds), .answered = RE_LIST(answered), .sweep_end = 0x32689769u,
    .n_random = 60000, .random_min = 40000,
    .alt = atanh_alt, .balls_random = RE_LIST(balls_random), .balls_at = RE_LIST(balls_at),
    .refuses = RE_LIST(refuses), .nonfinite = 1, .nan_bits = 0x7f800000u};

ELEM_MAIN(atanh_test, cmocka_unit_test(test_nan_bits))
