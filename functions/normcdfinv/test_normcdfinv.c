/* test_normcdfinv.c: the normcdfinv reference against independent evaluations.
 *  (a) the referee (Arb + ref_arb_ziv): y = RN53(Phi^-1 x) and t checked through
 *      Phi(y) = erfc(-y/sqrt 2)/2 with MPFR at 256 bits, every step rounded in the safe
 *      direction: Phi(y - h-) < x < Phi(y + h+) and sign(Phi(y) - x) = t;
 *  (b) the shortcut against the referee around each boundary (both signs);
 *  (c) the series against hand-derived derivatives of y' = sqrt(2 pi) e^(y^2/2) at
 *      MPFR-inverted points; -1 on balls reaching 0 or 1.
 * What the family's tests share: tests/ref/special.h (tests/ref/special.md). */
#include "tests/ref/special.h"

int ref_normcdfinv_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_normcdfinv_shortcut(uint32_t xbits, double *y, int *t);
int ref_normcdfinv_series(arb_ptr res, const arb_t x, slong len, slong prec);

#define HALF 0x3f000000u
#define ONE 0x3f800000u

/* Phi(p) rounded in direction rnd in the sense of a bound: RNDU gives a number >= Phi(p),
 * RNDD one <= Phi(p) (RNDN: nearly Phi(p)). */
static int phi_fn(mpfr_ptr r, mpfr_srcptr p, mpfr_rnd_t rnd) {
  mpfr_prec_t pr = mpfr_get_prec(r) + 32;
  mpfr_t s, z;
  mpfr_init2(s, pr);
  mpfr_init2(z, pr);
  /* z = -p/sqrt(2); Phi = erfc(z)/2, erfc decreasing: an upper bound needs z's lower bound */
  int up = rnd == MPFR_RNDU, down = rnd == MPFR_RNDD;
  int negp = mpfr_sgn(p) > 0; /* -p < 0 */
  mpfr_rnd_t rs = MPFR_RNDN, rz = MPFR_RNDN;
  if (up) { rz = MPFR_RNDD; rs = negp ? MPFR_RNDU : MPFR_RNDD; }
  if (down) { rz = MPFR_RNDU; rs = negp ? MPFR_RNDD : MPFR_RNDU; }
  mpfr_set_ui(s, 2, MPFR_RNDN);
  mpfr_rec_sqrt(s, s, rs);
  mpfr_neg(z, p, MPFR_RNDN);
  mpfr_mul(z, z, s, rz);
  int t = mpfr_erfc(r, z, up ? MPFR_RNDU : down ? MPFR_RNDD : MPFR_RNDN);
  mpfr_div_2ui(r, r, 1, MPFR_RNDN); /* exact */
  mpfr_clear(s);
  mpfr_clear(z);
  return t;
}
static int dphi_fn(mpfr_ptr r, mpfr_srcptr p, mpfr_rnd_t rnd) { /* e^(-p^2/2)/sqrt(2 pi) */
  mpfr_t t;
  mpfr_init2(t, mpfr_get_prec(r));
  mpfr_sqr(t, p, MPFR_RNDN);
  mpfr_div_2ui(t, t, 1, MPFR_RNDN);
  mpfr_neg(t, t, MPFR_RNDN);
  mpfr_exp(t, t, MPFR_RNDN);
  mpfr_const_pi(r, MPFR_RNDN);
  mpfr_mul_2ui(r, r, 1, MPFR_RNDN);
  mpfr_sqrt(r, r, MPFR_RNDN);
  mpfr_div(r, t, r, rnd);
  mpfr_clear(t);
  return 0;
}

static double phid(double y) { return 0.5 * erfc(-y * 0x1.6a09e667f3bcdp-1); } /* libm, a guess only */

static void check_referee(uint32_t xb) {
  double y;
  int t;
  int raw = rs_ref_call(ref_normcdfinv_mpfr, xb, &y, &t);
  assert_true(raw >= -1 && raw <= 1);
  float x = u2f(xb);
  if (x == 0) { assert_true(rs_same(y, -INFINITY) && t == 0); return; }
  if (isnan(x) || x < 0 || x > 1) { assert_true(isnan(y) && t == 0); return; }
  if (x == 1) { assert_true(rs_same(y, INFINITY) && t == 0); return; }
  if (x == 0.5f) { assert_true(rs_same(y, 0.0) && t == 0); return; }
  int ok = rs_check_inverse(phi_fn, +1, x, y, t, 256);
  if (!ok) fprintf(stderr, "normcdfinv referee: x = %a (0x%08x): y = %a t = %d disagrees with MPFR's Phi\n", x, xb, y, t);
  assert_true(ok);
}

static void test_referee(void **state) {
  (void)state;
  const uint32_t pts[] = {0, RS_INF32, 0x7fc00000u, 1, 2, 0x007fffffu, 0x00800000u, HALF, HALF - 1, HALF + 1,
                          ONE, ONE - 1, ONE + 1, 0x7f7fffffu, 0x3e800000u};
  rs_each_sign(check_referee, pts, sizeof pts / sizeof pts[0]);
  for (int i = 0; i < 100; i++) check_referee(rs_rand_bits(0, 0xff800000u));
  for (int i = 0; i < 250; i++) check_referee(rs_rand_bits(1, ONE - 1));
  for (int i = 0; i < 40; i++) check_referee(rs_rand_bits(ONE - 0x10000u, ONE - 1));  /* near 1 */
  for (int i = 0; i < 40; i++) check_referee(rs_rand_bits(HALF - 0x1000u, HALF + 0x1000u)); /* near 1/2 */
}

static int must_sc(uint32_t xb) {
  uint32_t m = xb & ~RS_SIGN32;
  if (m > RS_INF32) return 0;
  if (m == 0 || (xb & RS_SIGN32) || xb == HALF || xb >= ONE) return 1;
  return 0;
}

static void test_shortcut_boundaries(void **state) {
  (void)state;
  const uint32_t b[] = {0, HALF, ONE, RS_INF32};
  rs_sweep_bounds("normcdfinv", ref_normcdfinv_shortcut, ref_normcdfinv_mpfr, b, sizeof b / sizeof b[0], must_sc);
  rs_sweep_random("normcdfinv", ref_normcdfinv_shortcut, ref_normcdfinv_mpfr, 200, ONE, must_sc);
}

/* the series against the derivatives of y' = c e^(y^2/2), c = sqrt(2 pi), at MPFR-inverted points */
static void set_c(mpfr_t cc) {
  mpfr_const_pi(cc, MPFR_RNDN);
  mpfr_mul_2ui(cc, cc, 1, MPFR_RNDN);
  mpfr_sqrt(cc, cc, MPFR_RNDN);
}

static const struct rs_inverse inverse = {"normcdfinv", ref_normcdfinv_series,
                                          phi_fn, dphi_fn, phid, +1, -40.0, 40.0, 0.5, set_c};

static void check_series_at(double m, double r) { rs_check_inverse_series(&inverse, m, r); }

/* refused: balls reaching 0 or 1, or beyond */
static const struct re_ball series_at[] = {{0.5, 0.0}, {0.5, 0x1p-30}, {0x1p-100, 0x1p-140}, {0.999, 0x1p-40}};
static const struct re_ball series_refuses[] = {{0.0, 0.0}, {0.001, 0.002}, {1.0, 0.0}, {0.999, 0.002}};
static const struct re_ball series_accepts[] = {{0.5, 0.25}};
/* (Phi^-1)'(1/2) = sqrt(2 pi) = 2.5066282746..., by hand */
static const struct rs_coeff series_by_hand[] = {{0.5, 1, 2.5066282746, 2.5066282747}};
static const struct rs_series_test series_test = {
    .series = ref_normcdfinv_series, .check = check_series_at, .at = RE_LIST(series_at),
    .n_random = 30, .lo = 0x20000000u, .hi = ONE - 0x100u, .rbits = 34,
    .refuses = RE_LIST(series_refuses), .accepts = RE_LIST(series_accepts),
    .by_hand = RE_LIST(series_by_hand)};

RS_TEST_SERIES(series_test)

RS_TEST_MAIN(cmocka_unit_test(test_referee), cmocka_unit_test(test_shortcut_boundaries),
             cmocka_unit_test(test_series))
