/* test_erfinv.c: the erfinv reference against independent evaluations.
 *  (a) the referee (Arb + ref_arb_ziv): y = RN53(erfinv x) and t checked through MPFR's
 *      erf at 256 bits, rounded in the safe direction: erf(y - h-) < x < erf(y + h+)
 *      (h-, h+ the half gaps around y) and sign(erf(y) - x) = t; oddness;
 *  (b) the shortcut against the referee around each boundary and on random inputs; the
 *      filter's bound against an MPFR Newton inversion of erf; the proof's numbers;
 *  (c) the series against hand-derived derivatives of y' = (sqrt(pi)/2) e^(y^2) at
 *      MPFR-inverted points; -1 on balls reaching +-1.
 * What the family's tests share: tests/ref/special.h (tests/ref/special.md). */
#include "tests/ref/special.h"

int ref_erfinv_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_erfinv_shortcut(uint32_t xbits, double *y, int *t);
int ref_erfinv_series(arb_ptr res, const arb_t x, slong len, slong prec);

#define SMALL 0x39800000u /* 2^-12 */
#define ONE 0x3f800000u

static int erf_fn(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_erf(y, x, rnd); }
static int derf_fn(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return rs_derf(y, x, rnd, +1); }

static void check_referee(uint32_t xb) {
  double y;
  int t;
  int raw = rs_ref_call(ref_erfinv_mpfr, xb, &y, &t);
  assert_true(raw >= -1 && raw <= 1);
  float x = u2f(xb);
  if (isnan(x) || fabsf(x) > 1) { assert_true(isnan(y) && t == 0); return; }
  if (fabsf(x) == 1) { assert_true(rs_same(y, x > 0 ? INFINITY : -INFINITY) && t == 0); return; }
  if (x == 0) { assert_true(rs_same(y, (double)x) && t == 0); return; }
  int ok = rs_check_inverse(erf_fn, +1, x, y, t, 256);
  if (!ok) fprintf(stderr, "erfinv referee: x = %a (0x%08x): y = %a t = %d disagrees with MPFR's erf\n", x, xb, y, t);
  assert_true(ok);
}

static void test_referee(void **state) {
  (void)state;
  const uint32_t pts[] = {0, RS_INF32, 0x7fc00000u, 1, 0x007fffffu, 0x00800000u, 0x3f000000u, ONE, ONE - 1,
                          ONE + 1, SMALL, SMALL - 1, 0x3f7fffc0u, 0x7f7fffffu, 0x3e800000u};
  rs_each_sign(check_referee, pts, sizeof pts / sizeof pts[0]);
  for (int i = 0; i < 100; i++) check_referee(rs_rand_bits(0, 0xff800000u));
  for (int i = 0; i < 300; i++) check_referee(rs_rand_bits(SMALL, ONE - 1) | (rs_rand64() & 1 ? RS_SIGN32 : 0));
  for (int i = 0; i < 60; i++) check_referee(rs_rand_bits(ONE - 0x10000u, ONE - 1)); /* near 1 */
  /* odd */
  rs_check_odd(ref_erfinv_mpfr, 100, SMALL, ONE - 1);
}

static int must_sc(uint32_t xb) {
  if (xb & RS_SIGN32) return 0;
  if (xb == 0 || xb >= ONE) return xb <= RS_INF32 ? 1 : 0;
  if (xb < SMALL) return -1;
  return 0;
}

static void test_shortcut_boundaries(void **state) {
  (void)state;
  const uint32_t b[] = {0, SMALL, ONE, RS_INF32};
  rs_sweep_bounds("erfinv", ref_erfinv_shortcut, ref_erfinv_mpfr, b, sizeof b / sizeof b[0], must_sc);
}

static void test_shortcut_random(void **state) {
  (void)state;
  int declined = 0, n = 0;
  for (int i = 0; i < 3000; i++, n++) declined += !rs_check_shortcut("erfinv", ref_erfinv_shortcut, ref_erfinv_mpfr, rs_rand_bits(1, SMALL - 1));
  for (uint32_t xb = SMALL - 500; xb < SMALL; xb++, n++) declined += !rs_check_shortcut("erfinv", ref_erfinv_shortcut, ref_erfinv_mpfr, xb);
  fprintf(stderr, "erfinv filter declined %d of %d\n", declined, n);
  assert_true(declined < n / 1000 + 5);
  for (int i = 0; i < 100; i++) assert_true(rs_check_shortcut("erfinv", ref_erfinv_shortcut, ref_erfinv_mpfr, rs_rand_bits(ONE, RS_INF32)));
  double y;
  int t;
  for (int i = 0; i < 1000; i++) assert_false(ref_erfinv_shortcut(rs_rand_bits(SMALL, ONE - 1), &y, &t));
}

static const struct rs_oddser ser = {
    0x1.c5bf891b4ef6bp-1, -0x1.618f13eb7ca89p-55, 0x1.0c152382d7366p-2, 0x1.26c5ade6d5247p-3,
    0x1.9007ba3c74069p-4, 0x1p-3,
};

static void test_proof_numbers(void **state) {
  (void)state;
  mpfr_t a, pi;
  mpfr_init2(a, 400);
  mpfr_init2(pi, 400);
  mpfr_const_pi(pi, MPFR_RNDN);
  mpfr_sqrt(a, pi, MPFR_RNDN);
  mpfr_div_2ui(a, a, 1, MPFR_RNDN); /* sqrt(pi)/2 */
  assert_true(mpfr_get_d(a, MPFR_RNDN) == ser.c_hi);
  mpfr_sub_d(a, a, ser.c_hi, MPFR_RNDN);
  assert_true(mpfr_get_d(a, MPFR_RNDN) == ser.c_lo);
  mpfr_div_ui(a, pi, 12, MPFR_RNDN); /* pi/12 */
  assert_true(mpfr_get_d(a, MPFR_RNDN) == ser.a1);
  mpfr_sqr(a, pi, MPFR_RNDN);
  mpfr_mul_ui(a, a, 7, MPFR_RNDN);
  mpfr_div_ui(a, a, 480, MPFR_RNDN); /* 7 pi^2/480 */
  assert_true(mpfr_get_d(a, MPFR_RNDN) == ser.a2);
  mpfr_pow_ui(a, pi, 3, MPFR_RNDN);
  mpfr_mul_ui(a, a, 127, MPFR_RNDN);
  mpfr_div_ui(a, a, 40320, MPFR_RNDN); /* 127 pi^3/40320 */
  assert_true(mpfr_get_d(a, MPFR_RNDN) == ser.a3);
  /* the remainder bound: erfinv^(9)(xi)/9! <= 1/8 on [0, 2^-12], and at 0 it is
   * C a_4 of DLMF 7.17.2, a_4 = 4369/22680, times (pi/4)^4 */
  arb_t X;
  arb_init(X);
  arb_ptr c = _arb_vec_init(10);
  rs_ball(X, 0x1p-13, 0x1p-13);
  assert_int_equal(ref_erfinv_series(c, X, 10, 128), 0);
  arb_abs(c + 9, c + 9);
  assert_true(arf_cmp_d(arb_midref(c + 9), 0.125) < 0 && mag_cmp_2exp_si(arb_radref(c + 9), -10) < 0);
  arb_zero(X);
  assert_int_equal(ref_erfinv_series(c, X, 10, 128), 0);
  mpfr_div_2ui(a, pi, 2, MPFR_RNDN);
  mpfr_pow_ui(a, a, 4, MPFR_RNDN);
  mpfr_mul_ui(a, a, 4369, MPFR_RNDN);
  mpfr_div_ui(a, a, 22680, MPFR_RNDN);
  mpfr_mul_d(a, a, ser.c_hi, MPFR_RNDN);
  assert_true(rs_ball_near(c + 9, a, 1e-15));
  _arb_vec_clear(c, 10);
  arb_clear(X);
  /* the filter's bound, against an MPFR Newton inversion of erf at 320 bits */
  mpfr_t x, y;
  mpfr_init2(x, 64);
  mpfr_init2(y, 320);
  arb_t Y;
  arb_init(Y);
  for (int i = 0; i < 1500; i++) {
    double xd = u2f(i < 100 ? SMALL - 1 - (uint32_t)i : rs_rand_bits(1, SMALL - 1)), hi, lo, err;
    rs_odd_small(xd, &ser, &hi, &lo, &err);
    mpfr_set_d(x, xd, MPFR_RNDN);
    rs_mpfr_invert(y, erf_fn, derf_fn, erf, +1, x, 0.0, 2 * xd);
    arf_set_mpfr(arb_midref(Y), y);
    mag_set_d(arb_radref(Y), ldexp(xd, -300)); /* Newton at 320 bits: far below err */
    assert_true(rs_kernel_ok(Y, hi, lo, err));
  }
  arb_clear(Y);
  mpfr_clears(a, pi, x, y, (mpfr_ptr)0);
}

/* the series against the derivatives of y' = c e^(y^2), c = sqrt(pi)/2, at MPFR-inverted points */
static void set_c(mpfr_t cc) {
  mpfr_const_pi(cc, MPFR_RNDN);
  mpfr_sqrt(cc, cc, MPFR_RNDN);
  mpfr_div_2ui(cc, cc, 1, MPFR_RNDN);
}

static const struct rs_inverse inverse = {"erfinv", ref_erfinv_series, erf_fn, derf_fn, erf, +1, -6.0, 6.0, 1.0, set_c};

static void check_series_at(double m, double r) { rs_check_inverse_series(&inverse, m, r); }

/* refused: balls reaching +-1 or beyond, and non-finite ones */
static const struct re_ball series_at[] = {{0.0, 0.0}, {0.0, 0x1p-30}, {0.999, 0x1p-40}, {-0.5, 0x1p-30}};
static const struct re_ball series_refuses[] = {{1.0, 0.0}, {0.999, 0.002}, {-0.999, 0.002}, {2.0, 0.1}};
static const struct re_ball series_accepts[] = {{0.999, 0.0009}};
static const struct rs_series_test series_test = {
    .series = ref_erfinv_series, .check = check_series_at, .at = RE_LIST(series_at),
    .n_random = 30, .lo = 0x38000000u, .hi = ONE - 0x100u, .both_signs = 1, .rbits = 34,
    .refuses = RE_LIST(series_refuses), .accepts = RE_LIST(series_accepts)};

RS_TEST_SERIES(series_test)

RS_TEST_MAIN(cmocka_unit_test(test_referee), cmocka_unit_test(test_shortcut_boundaries),
             cmocka_unit_test(test_shortcut_random), cmocka_unit_test(test_proof_numbers),
             cmocka_unit_test(test_series))
