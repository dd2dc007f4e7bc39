/* test_log1p.c: the log1p reference against independent evaluations (the shared body:
 * tests/ref/elem_body.h). */
#include "tests/ref/elem_body.h"

ELEM_DECLARE(log1p)

/* independent: ln(1 + x) in Arb, 1 + x formed exactly (x is a binary32 number) */
static int arb_log1p_alt(arb_t r, const arb_t x, slong prec) {
  arb_t a;
  arb_init(a);
  arb_add_ui(a, x, 1, ARF_PREC_EXACT);
  arb_log(r, a, prec);
  arb_clear(a);
  return 0;
}

/* independent coefficients, by hand: c0 = ln(1 + p), c_k = (-1)^(k-1) / (k (1 + p)^k) */
static int log1p_alt(arb_ptr c, const arb_t p, slong len, slong prec) {
  arb_t q, w;
  arb_init(q);
  arb_init(w);
  arb_add_ui(q, p, 1, prec);
  arb_inv(q, q, prec);
  arb_one(w);
  for (slong k = 1; k < len; k++) {
    arb_mul(w, w, q, prec);
    arb_div_ui(c + k, w, (ulong)k, prec);
    if (!(k & 1)) arb_neg(c + k, c + k);
  }
  if (len > 0) arb_log1p_alt(c, p, prec);
  arb_clear(q);
  arb_clear(w);
  return 0;
}

static const struct re_hand hand[] = {
    {0x00000000u, 0.0, 0}, {0x80000000u, -0.0, 0}, {0xbf800000u, -INFINITY, 0} /* pole */, {0xbf800001u, NAN, 0},
    {0xff800000u, NAN, 0}, {0x7f800000u, INFINITY, 0}, {0x7fc00000u, NAN, 0},
    /* log1p(1) = ln 2 = 0.69314718055994530942...; binary64 0x1.62e42fefa39efp-1 =
     * 0.69314718055994528623... below it */
    {0x3f800000u, 0x1.62e42fefa39efp-1, -1}};
static const struct re_range arb_ranges[] = {
    {3000, 0, 0x7f7fffffu, RE_POS}, {2000, 0, 0x3f7fffffu, RE_NEG}, {300, 0x24800000u, 0x26000000u, RE_BOTH}};
static const struct re_bound bounds[] = {{0x253504f4u, -1} /* T1 */, {0x00000000u, 1}};
/* -1 and below, the infinities */
static const struct re_bound post_bounds[] = {{0xbf800000u, 1}, {0xff800000u, -1}, {0x7f800000u, 0}};
static const uint32_t post_answered[] = {0x7f800000u, 0xff800000u};
static const struct re_ball_random balls_random[] = {{-0.999, 30.0, 0x1p-12, 300}, {-1e-8, 1e-8, 0.5, 100}};
static const struct re_ball_at balls_at[] = {{0.0, 0.9, 8, 64}, {-0.999999, 0x1p-30, 8, 128}};
static const struct re_ball refuses[] = {{-1.0, 0.0}, {-0.999, 0.002}, {-2.0, 0.5}, {0.0, 1.5}};

/* tiny inputs and x < -1: about 54% of the line is answered */
static const struct elem_test log1p_test = {
    ELEM_FUNCTIONS(log1p), .sym = RE_NONE,
    .hand = RE_LIST(hand), .arb = arb_log1p_alt, .arb_ranges = RE_LIST(arb_ranges),
    .signs = 2, .bounds = RE_LIST(bounds), .sweep_end = 0x25000000u, .sweep_incl = 1,
    .post_bounds = RE_LIST(post_bounds), .post_answered = RE_LIST(post_answered),
    .n_random = 60000, .random_min = 25000,
    .alt = log1p_alt, .balls_random = RE_LIST(balls_random), .balls_at = RE_LIST(balls_at),
    .refuses = RE_LIST(refuses), .nonfinite = 1};

ELEM_MAIN(log1p_test)
