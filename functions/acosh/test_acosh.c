/* test_acosh.c: the acosh reference against independent evaluations (the shared body:
 * tests/ref/elem_body.h). */
#include "tests/ref/elem_body.h"

ELEM_DECLARE(acosh)

/* independent: acosh x = log(x + sqrt((x - 1)(x + 1))) for x >= 1, in Arb */
static int arb_acosh_alt(arb_t r, const arb_t x, slong prec) {
  arb_t a, b;
  arb_init(a);
  arb_init(b);
  arb_sub_ui(a, x, 1, prec);
  arb_add_ui(b, x, 1, prec);
  arb_mul(a, a, b, prec);
  arb_sqrt(a, a, prec);
  arb_add(a, a, x, prec);
  arb_log(r, a, prec);
  arb_clear(a);
  arb_clear(b);
  return 0;
}

/* independent coefficients: log(u + sqrt(u^2 - 1)) at u = p + t, as series */
static int acosh_alt(arb_ptr c, const arb_t p, slong len, slong prec) {
  return re_log_sqrt_coeffs(c, p, len, prec, -1);
}

static const struct re_hand hand[] = {
    {0x3f800000u, 0.0, 0}, {0x7f800000u, INFINITY, 0}, {0x00000000u, NAN, 0}, {0x80000000u, NAN, 0},
    {0x3f7fffffu, NAN, 0}, {0xbf800000u, NAN, 0}, {0xff800000u, NAN, 0}, {0x7fc00000u, NAN, 0},
    /* acosh(2) = ln(2 + sqrt 3) = 1.31695789692481670862...; binary64
     * 0x1.5124271980435p+0 = 1.3169578969248168... above it */
    {0x40000000u, 0x1.5124271980435p+0, 1}};
static const struct re_range arb_ranges[] = {{3000, 0x3f800001u, 0x7f7fffffu, RE_POS},
    {300, 0x3f800001u, 0x3f810000u, RE_POS}};
static const struct re_bound bounds[] = {{0x3f800000u, -1}, {0x00000000u, 1},  {0x7f800000u, 0},
                                         {0x80000000u, 1},  {0xff800000u, -1}, {0xbf800000u, 1}};
static const uint32_t answered[] = {0x3f800000u, 0x7f800000u, 0xff800000u};
static const struct re_range mixed[] = {{1, 0, 0x7f800000u, RE_NEG}, {1, 0, 0x3f800000u, RE_POS}};
static const struct re_ball_random balls_random[] = {{1.001, 30.0, 0x1p-12, 300}, {1e3, 1e8, 0x1p-20, 60}};
static const struct re_ball_at balls_at[] = {{5.0, 3.5, 8, 64}, {1.000001, 0x1p-30, 8, 128}};
static const struct re_ball refuses[] = {{1.0, 0.0}, {1.001, 0.002}, {0.5, 0.1}, {-3.0, 0.5}, {3.0, 2.5}};

static const struct elem_test acosh_test = {
    ELEM_FUNCTIONS(acosh), .sym = RE_NONE,
    .hand = RE_LIST(hand), .arb = arb_acosh_alt, .arb_ranges = RE_LIST(arb_ranges),
    .signs = 1, .bounds = RE_LIST(bounds), .answered = RE_LIST(answered),
    .n_mixed = 5000, .mixed = RE_LIST(mixed), .n_random = 60000, .random_min = 40000,
    .alt = acosh_alt, .balls_random = RE_LIST(balls_random), .balls_at = RE_LIST(balls_at),
    .refuses = RE_LIST(refuses), .nonfinite = 1, .nan_bits = 0x3f000000u};

ELEM_MAIN(acosh_test, cmocka_unit_test(test_nan_bits))
