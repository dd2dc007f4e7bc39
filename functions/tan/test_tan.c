/* test_tan.c: the tan reference against independent evaluations (the shared body:
 * tests/ref/elem_body.h). */
#include "tests/ref/elem_body.h"

ELEM_DECLARE(tan)

/* independent: tan x = sin x / cos x, in Arb */
static int arb_tan_alt(arb_t r, const arb_t x, slong prec) {
  arb_t s, c;
  arb_init(s);
  arb_init(c);
  arb_sin_cos(s, c, x, prec);
  arb_div(r, s, c, prec);
  arb_clear(s);
  arb_clear(c);
  return 0;
}

/* independent coefficients: sin(p + t) / cos(p + t) as series */
static int tan_alt(arb_ptr c, const arb_t p, slong len, slong prec) {
  arb_poly_t h, s, co;
  arb_poly_init(h);
  arb_poly_init(s);
  arb_poly_init(co);
  arb_poly_set_coeff_arb(h, 0, p);
  arb_poly_set_coeff_si(h, 1, 1);
  arb_poly_sin_cos_series(s, co, h, len, prec);
  arb_poly_div_series(s, s, co, len, prec);
  for (slong k = 0; k < len; k++) arb_poly_get_coeff_arb(c + k, s, k);
  arb_poly_clear(h);
  arb_poly_clear(s);
  arb_poly_clear(co);
  return 0;
}

/* From 2^10 up, trig_large (reference/trig_reduce.h, tested itself by
 * tests/unit/test_trig_reduce.c): around 2^10 and FLT_MAX, both signs, and every 15013th input
 * from 2^10 to FLT_MAX (65934 inputs, every binade): each answered, and as MPFR. */
static void test_large(void **state) {
  (void)state;
  for (int s = 0; s < 2; s++) {
    uint32_t sg = s ? RE_SIGN32 : 0;
    re_check_boundary(ref_tan_mpfr, ref_tan_shortcut, RE_ODD, 0x44800000u | sg, 1);
    for (uint32_t p = 0x7f7fff00u; p <= 0x7f7fffffu; p++)
      assert_true(re_check_one(ref_tan_mpfr, ref_tan_shortcut, RE_ODD, p | sg));
  }
  long n = 0, a = 0;
  for (uint32_t p = 0x44800000u; p < 0x7f800000u; p += 15013u, n++) a += re_check_one(ref_tan_mpfr, ref_tan_shortcut, RE_ODD, p);
  printf("tan: %ld of %ld sampled inputs from 2^10 to FLT_MAX decided by the shortcut\n", a, n);
  assert_true(a == n);
}

static const struct re_hand hand[] = {
    {0x00000000u, 0.0, 0}, {0x80000000u, -0.0, 0}, {0x7f800000u, NAN, 0}, {0xff800000u, NAN, 0}, {0x7fc00000u, NAN, 0},
    /* 2^-149: tan = 2^-149 + 2^-447/3 + ... rounds down to 2^-149 */
    {0x00000001u, 0x1p-149, -1}};
/* the line; the binary32 numbers nearest pi/2 (0x3fc90fdb = 1.57079637...) and 3 pi/2,
 * large tan; tiny ones */
static const struct re_range arb_ranges[] = {{3000, 0, 0x7f7fffffu, RE_BOTH},
                                             {RE_EVERY, 0x3fc90fd0u, 0x3fc90fe7u, RE_POS},
                                             {RE_EVERY, 0x4096cbe0u, 0x4096cbefu, RE_POS},
                                             {300, 0x32000000u, 0x33000000u, RE_BOTH}};
static const struct re_bound bounds[] = {{0x32689769u, -1} /* T1 */, {0x00000000u, 1}, {0x7f800000u, 0}};
static const uint32_t answered[] = {0x7f800000u};
static const struct re_ball_random balls_random[] = {
    {-1.5, 1.5, 0x1p-10, 300}, {1.6, 4.6, 0x1p-12, 100}, {-1e-6, 1e-6, 0.5, 100}};
static const struct re_ball_at balls_at[] = {{0.0, 1.2, 8, 64}, {0x1.921fb4p+0, 0x1p-30, 8, 128} /* just below pi/2 */};
/* balls containing the poles pi/2 (1.5707963267948966 = pi/2 - 6.1e-17), -pi/2, 3 pi/2, or
 * wider than the period */
static const struct re_ball refuses[] = {{1.5707963267948966, 1e-15}, {1.57, 0.001}, {-1.571, 0.001},
                                         {4.71238898038469, 1e-9},    {0.0, 2.0},    {100.0, 4.0}};

static const struct elem_test tan_test = {
    ELEM_FUNCTIONS(tan), .sym = RE_ODD,
    .hand = RE_LIST(hand), .arb = arb_tan_alt, .arb_ranges = RE_LIST(arb_ranges),
    .signs = 2, .bounds = RE_LIST(bounds), .answered = RE_LIST(answered), .sweep_end = 0x32689769u,
    .n_random = 60000, .random_min = 20000,
    .alt = tan_alt, .balls_random = RE_LIST(balls_random), .balls_at = RE_LIST(balls_at),
    .refuses = RE_LIST(refuses), .nonfinite = 1};

ELEM_MAIN(tan_test, cmocka_unit_test(test_large))
