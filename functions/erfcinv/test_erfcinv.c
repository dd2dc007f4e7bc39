/* test_erfcinv.c: the erfcinv reference against independent evaluations.
 *  (a) the referee (Arb + ref_arb_ziv): y = RN53(erfcinv x) and t checked through MPFR's
 *      erfc at 256 bits, rounded in the safe direction: erfc(y + h+) < x < erfc(y - h-)
 *      and sign(x - erfc(y)) = t (erfc decreases);
 *  (b) the shortcut against the referee around each boundary (both signs) and on random
 *      inputs;
 *  (c) the series against hand-derived derivatives of y' = -(sqrt(pi)/2) e^(y^2) at
 *      MPFR-inverted points; -1 on balls reaching 0 or 2.
 * What the family's tests share: tests/ref/special.h (tests/ref/special.md). */
#include "tests/ref/special.h"

int ref_erfcinv_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_erfcinv_shortcut(uint32_t xbits, double *y, int *t);
int ref_erfcinv_series(arb_ptr res, const arb_t x, slong len, slong prec);

#define ONE 0x3f800000u
#define TWO 0x40000000u

static int erfc_fn(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_erfc(y, x, rnd); }
static int derfc_fn(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return rs_derf(y, x, rnd, -1); }

static void check_referee(uint32_t xb) {
  double y;
  int t;
  int raw = rs_ref_call(ref_erfcinv_mpfr, xb, &y, &t);
  assert_true(raw >= -1 && raw <= 1);
  float x = u2f(xb);
  if (x == 0) { assert_true(rs_same(y, INFINITY) && t == 0); return; }
  if (isnan(x) || x < 0 || x > 2) { assert_true(isnan(y) && t == 0); return; }
  if (x == 2) { assert_true(rs_same(y, -INFINITY) && t == 0); return; }
  if (x == 1) { assert_true(rs_same(y, 0.0) && t == 0); return; }
  int ok = rs_check_inverse(erfc_fn, -1, x, y, t, 256);
  if (!ok) fprintf(stderr, "erfcinv referee: x = %a (0x%08x): y = %a t = %d disagrees with MPFR's erfc\n", x, xb, y, t);
  assert_true(ok);
}

static void test_referee(void **state) {
  (void)state;
  const uint32_t pts[] = {0, RS_INF32, 0x7fc00000u, 1, 2, 0x007fffffu, 0x00800000u, 0x3f000000u, ONE, ONE - 1, ONE + 1,
                          TWO, TWO - 1, TWO + 1, 0x7f7fffffu, 0x3e800000u, 0x3fc00000u};
  rs_each_sign(check_referee, pts, sizeof pts / sizeof pts[0]);
  for (int i = 0; i < 100; i++) check_referee(rs_rand_bits(0, 0xff800000u));
  for (int i = 0; i < 250; i++) check_referee(rs_rand_bits(1, TWO - 1));
  for (int i = 0; i < 40; i++) check_referee(rs_rand_bits(TWO - 0x10000u, TWO - 1)); /* near 2 */
  for (int i = 0; i < 40; i++) check_referee(rs_rand_bits(ONE - 0x1000u, ONE + 0x1000u)); /* near 1 */
}

static int must_sc(uint32_t xb) {
  uint32_t m = xb & ~RS_SIGN32;
  if (m > RS_INF32) return 0;
  if (m == 0 || (xb & RS_SIGN32) || xb == ONE || xb >= TWO) return 1;
  return 0;
}

static void test_shortcut_boundaries(void **state) {
  (void)state;
  const uint32_t b[] = {0, ONE, TWO, RS_INF32};
  rs_sweep_bounds("erfcinv", ref_erfcinv_shortcut, ref_erfcinv_mpfr, b, sizeof b / sizeof b[0], must_sc);
  rs_sweep_random("erfcinv", ref_erfcinv_shortcut, ref_erfcinv_mpfr, 200, TWO, must_sc);
}

/* the series against the derivatives of y' = c e^(y^2), c = -sqrt(pi)/2, at MPFR-inverted points */
static void set_c(mpfr_t cc) {
  mpfr_const_pi(cc, MPFR_RNDN);
  mpfr_sqrt(cc, cc, MPFR_RNDN);
  mpfr_div_si(cc, cc, -2, MPFR_RNDN);
}

static const struct rs_inverse inverse = {"erfcinv", ref_erfcinv_series,
                                          erfc_fn, derfc_fn, erfc, -1, -12.0, 12.0, 1.0, set_c};

static void check_series_at(double m, double r) { rs_check_inverse_series(&inverse, m, r); }

/* refused: balls reaching 0 or 2, or beyond */
static const struct re_ball series_at[] = {{1.0, 0.0}, {1.0, 0x1p-30}, {0x1p-100, 0x1p-140}, {1.999, 0x1p-40}};
static const struct re_ball series_refuses[] = {{0.0, 0.0}, {0.001, 0.002}, {2.0, 0.0}, {1.999, 0.002}, {-1.0, 0.1}};
static const struct re_ball series_accepts[] = {{1.0, 0.5}};
/* erfcinv'(1) = -sqrt(pi)/2 = -0.8862269254..., by hand */
static const struct rs_coeff series_by_hand[] = {{1.0, 1, -0.8862269255, -0.8862269254}};
static const struct rs_series_test series_test = {
    .series = ref_erfcinv_series, .check = check_series_at, .at = RE_LIST(series_at),
    .n_random = 30, .lo = 0x20000000u, .hi = TWO - 0x100u, .rbits = 34,
    .refuses = RE_LIST(series_refuses), .accepts = RE_LIST(series_accepts),
    .by_hand = RE_LIST(series_by_hand)};

RS_TEST_SERIES(series_test)

RS_TEST_MAIN(cmocka_unit_test(test_referee), cmocka_unit_test(test_shortcut_boundaries),
             cmocka_unit_test(test_series))
