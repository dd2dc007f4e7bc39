/* test_normcdf.c: the normcdf reference against independent evaluations, and the
 * shared Arb Ziv loop (reference/arb_ziv.c) against MPFR.
 *  (a) the referee (Arb + ref_arb_ziv) against MPFR: Phi(x) = erfc(-x/sqrt 2)/2 enclosed
 *      with MPFR's erfc in directed rounding at 320 bits, subnormal results included;
 *  (b) the shortcut against the referee around each boundary (both signs) and on random
 *      inputs; the proof's numbers with MPFR in directed rounding;
 *  (c) the series against finite differences of the MPFR formula at 400 bits;
 *  (z) ref_arb_ziv itself: exp through Arb against mpfr_exp (overflow, underflow and
 *      subnormal results, other rounding directions), an exact ball, an exact value in
 *      an inexact ball (REF_UNDECIDABLE and NaN), an undefined point.
 * What the family's tests share: tests/ref/special.h (tests/ref/special.md). */
#include "tests/ref/special.h"
#include "reference/arb_ziv.h"

int ref_normcdf_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_normcdf_shortcut(uint32_t xbits, double *y, int *t);
int ref_normcdf_series(arb_ptr res, const arb_t x, slong len, slong prec);

#define SMALL 0x39800000u /* 2^-12 */
#define ONE 0x4104ad89u   /* 8.2923669815063476563 */
#define ZERO 0x4219f10fu  /* 38.485408782958984375 (x <= -ZERO) */

/* Q-side enclosure with MPFR: w = erfc(z)/2, z = s x / sqrt(2) (s = +-1), as an Arb
 * ball built from directed-rounding bounds. erfc is decreasing. */
static void mpfr_half_erfc_ball(arb_t wb, double x, int s, mpfr_prec_t p) {
  mpfr_t r, zlo, zhi, wlo, whi;
  mpfr_inits2(p, r, zlo, zhi, wlo, whi, (mpfr_ptr)0);
  double v = s * x; /* exact */
  /* z = v / sqrt(2): bounds from bounds of 1/sqrt(2) */
  mpfr_set_ui(r, 2, MPFR_RNDN);
  mpfr_rec_sqrt(r, r, v > 0 ? MPFR_RNDD : MPFR_RNDU);
  mpfr_mul_d(zlo, r, v, MPFR_RNDD);
  mpfr_set_ui(r, 2, MPFR_RNDN);
  mpfr_rec_sqrt(r, r, v > 0 ? MPFR_RNDU : MPFR_RNDD);
  mpfr_mul_d(zhi, r, v, MPFR_RNDU);
  mpfr_erfc(whi, zlo, MPFR_RNDU);
  mpfr_erfc(wlo, zhi, MPFR_RNDD);
  mpfr_div_2ui(whi, whi, 1, MPFR_RNDU);
  mpfr_div_2ui(wlo, wlo, 1, MPFR_RNDD);
  /* Q > 0. Where Q < whi < 2^-3000 (MPFR's lower bound may underflow to 0 there, for x
   * beyond about 4e9), the interval [2^-3001, 2^-3000] stands for Q: the checkers
   * compare only with 0 and with numbers above 2^-1200, and every such comparison
   * comes out as for the true Q. */
  if (mpfr_cmp_ui_2exp(whi, 1, -3000) < 0) {
    mpfr_set_ui_2exp(wlo, 1, -3001, MPFR_RNDN);
    mpfr_set_ui_2exp(whi, 1, -3000, MPFR_RNDN);
  }
  arb_set_interval_mpfr(wb, wlo, whi, p);
  mpfr_clears(r, zlo, zhi, wlo, whi, (mpfr_ptr)0);
}

static void check_referee(uint32_t xb) {
  double y;
  int t;
  int raw = rs_ref_call(ref_normcdf_mpfr, xb, &y, &t);
  assert_true(raw >= -1 && raw <= 1);
  float x = u2f(xb);
  if (isnan(x)) { assert_true(isnan(y)); return; }
  if (isinf(x)) { assert_true(rs_same(y, x > 0 ? 1.0 : 0.0) && t == 0); return; }
  if (x == 0) { assert_true(rs_same(y, 0.5) && t == 0); return; }
  arb_t W;
  arb_init(W);
  int ok;
  if (x < 0.5) { /* Phi(x) = erfc(-x/sqrt 2)/2 directly */
    mpfr_half_erfc_ball(W, x, -1, 320);
    ok = rs_check_ball(W, y, t);
  } else { /* Phi(x) = 1 - erfc(x/sqrt 2)/2 */
    mpfr_half_erfc_ball(W, x, 1, 320);
    ok = rs_check_ball_affine(W, 1.0, -1, y, t);
  }
  if (!ok) fprintf(stderr, "normcdf referee: x = %a (0x%08x): y = %a t = %d disagrees with MPFR\n", x, xb, y, t);
  assert_true(ok);
  arb_clear(W);
}

static void test_referee(void **state) {
  (void)state;
  const uint32_t pts[] = {0, RS_INF32, 0x7fc00000u, 1, 0x007fffffu, 0x00800000u, 0x3f000000u, 0x3f800000u,
                          0x40000000u, SMALL, SMALL - 1, ONE, ONE - 1, ZERO, ZERO - 1, 0x7f7fffffu,
                          0x42160000u /* 37.5 */, 0x42180000u /* 38 */};
  rs_each_sign(check_referee, pts, sizeof pts / sizeof pts[0]);
  for (int i = 0; i < 200; i++) check_referee(rs_rand_bits(0, 0xff800000u));
  for (int i = 0; i < 200; i++) check_referee(rs_rand_bits(SMALL, ONE) | (rs_rand64() & 1 ? RS_SIGN32 : 0));
  /* subnormal results: -38.4854 < x < -37.5 */
  for (int i = 0; i < 60; i++) check_referee(rs_rand_bits(0x42160000u, ZERO) | RS_SIGN32);
  /* near 1/2, where the result is 1/2 + tiny */
  for (int i = 0; i < 60; i++) check_referee(rs_rand_bits(SMALL - 0x01000000u, SMALL + 0x00800000u) | (i & 1 ? RS_SIGN32 : 0));
}

static int must_sc(uint32_t xb) {
  uint32_t m = xb & ~RS_SIGN32;
  int neg = (xb & RS_SIGN32) != 0;
  if (m == 0 || m == RS_INF32) return 1;
  if (!neg && m >= ONE) return 1;
  if (neg && m >= ZERO) return 1;
  if (m < SMALL) return -1;
  return 0;
}

static void test_shortcut_boundaries(void **state) {
  (void)state;
  const uint32_t b[] = {0, SMALL, ONE, ZERO, RS_INF32};
  rs_sweep_bounds("normcdf", ref_normcdf_shortcut, ref_normcdf_mpfr, b, sizeof b / sizeof b[0], must_sc);
}

static void test_shortcut_random(void **state) {
  (void)state;
  int declined = 0, n = 0;
  declined += rs_filter_below("normcdf", ref_normcdf_shortcut, ref_normcdf_mpfr, SMALL, 3000, 300, &n);
  fprintf(stderr, "normcdf filter declined %d of %d\n", declined, n);
  assert_true(declined < n / 1000 + 5);
  for (int i = 0; i < 30; i++)
    assert_true(rs_check_shortcut("normcdf", ref_normcdf_shortcut, ref_normcdf_mpfr, rs_rand_bits(ONE, RS_INF32)));
  for (int i = 0; i < 30; i++)
    assert_true(rs_check_shortcut("normcdf", ref_normcdf_shortcut, ref_normcdf_mpfr, rs_rand_bits(ZERO, RS_INF32) | RS_SIGN32));
  double y;
  int t;
  for (int i = 0; i < 1000; i++) assert_false(ref_normcdf_shortcut(rs_rand_bits(SMALL, ONE - 1), &y, &t));
  for (int i = 0; i < 1000; i++) assert_false(ref_normcdf_shortcut(rs_rand_bits(SMALL, ZERO - 1) | RS_SIGN32, &y, &t));
}

/* the filter's bound against Arb, and the proof's numbers */
static const struct rs_oddser ser = {
    0x1.9884533d43651p-2, -0x1.cbc0d30ebfd15p-56, -1.0 / 6.0, 1.0 / 40.0, -1.0 / 336.0, 0x1p-13,
};
static void test_proof_numbers(void **state) {
  (void)state;
  mpfr_t b;
  mpfr_init2(b, 256);
  rs_s3_upper(b, u2f(ONE), 1);
  mpfr_mul_2ui(b, b, 54, MPFR_RNDU);
  assert_true(mpfr_cmp_ui(b, 1) <= 0);
  rs_s3_upper(b, u2f(ZERO), 1);
  mpfr_mul_2ui(b, b, 1075, MPFR_RNDU);
  assert_true(mpfr_cmp_ui(b, 1) < 0);
  /* C_hi, C_lo */
  mpfr_const_pi(b, MPFR_RNDN);
  mpfr_mul_2ui(b, b, 1, MPFR_RNDN);
  mpfr_rec_sqrt(b, b, MPFR_RNDN);
  assert_true(mpfr_get_d(b, MPFR_RNDN) == ser.c_hi);
  mpfr_sub_d(b, b, ser.c_hi, MPFR_RNDN);
  assert_true(mpfr_get_d(b, MPFR_RNDN) == ser.c_lo);
  mpfr_clear(b);
  /* |g(x) - (hi + lo)| <= err, g(x) = erf(x/sqrt 2)/2 */
  arb_t X, G;
  arb_init(X);
  arb_init(G);
  for (int i = 0; i < 3000; i++) {
    double x = u2f(i < 200 ? SMALL - 1 - (uint32_t)i : rs_rand_bits(1, SMALL - 1)), hi, lo, err;
    rs_odd_small(x, &ser, &hi, &lo, &err);
    arb_sqrt_ui(G, 2, 300);
    arb_set_d(X, x);
    arb_div(X, X, G, 300);
    arb_hypgeom_erf(G, X, 300);
    arb_mul_2exp_si(G, G, -1);
    assert_true(rs_kernel_ok(G, hi, lo, err));
  }
  arb_clear(X);
  arb_clear(G);
}

/* Phi at 400 bits with MPFR (for the finite differences) */
static int phi400(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  mpfr_t z;
  mpfr_init2(z, mpfr_get_prec(y) + 32);
  mpfr_sqrt_ui(z, 2, MPFR_RNDN);
  mpfr_div(z, x, z, MPFR_RNDN);
  mpfr_neg(z, z, MPFR_RNDN);
  int r = mpfr_erfc(y, z, rnd);
  mpfr_div_2ui(y, y, 1, rnd);
  mpfr_clear(z);
  return r;
}

/* the series against finite differences of phi400 (rs_check_series_fd) */
static void check_series_at(double m, double r) {
  rs_check_series_fd("normcdf", ref_normcdf_series, phi400, 0x1p-80, m, r);
}

static const struct re_ball series_at[] = {{0.0, 0.0}, {0.0, 0x1p-30}};
/* Phi'(0) = 1/sqrt(2 pi) = 0.3989422804..., Phi''(0) = 0, by hand */
static const struct rs_coeff series_by_hand[] = {{0.0, 1, 0.3989422804, 0.3989422805}, {0.0, 2, 0, 0}};
static const struct rs_series_test series_test = {
    .series = ref_normcdf_series, .check = check_series_at, .at = RE_LIST(series_at),
    .n_random = 30, .lo = 0x38000000u, .hi = 0x40a00000u /* 2^-15 .. 5 */,
    .both_signs = 1, .skip_integers = 0, .rbits = 30,
    .by_hand = RE_LIST(series_by_hand)};

RS_TEST_SERIES(series_test)

/* ---- ref_arb_ziv ---- */
static int exp_arb(arb_t r, const arb_t x, slong prec) {
  arb_exp(r, x, prec);
  return 0;
}
static int twice_arb(arb_t r, const arb_t x, slong prec) { /* exact ball */
  (void)prec;
  arb_mul_2exp_si(r, x, 1);
  return 0;
}
static int blurred_id(arb_t r, const arb_t x, slong prec) { /* x itself, in a ball of radius 2^-prec |x| */
  arb_set(r, x);
  arb_add_error_2exp_si(r, -prec);
  return 0;
}
static int nowhere(arb_t r, const arb_t x, slong prec) {
  (void)r, (void)x, (void)prec;
  return -1;
}

static void test_arb_ziv(void **state) {
  (void)state;
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_t X, Y, Z;
  mpfr_init2(X, 24);
  mpfr_init2(Y, 53);
  mpfr_init2(Z, 53);
  const mpfr_rnd_t modes[4] = {MPFR_RNDN, MPFR_RNDZ, MPFR_RNDU, MPFR_RNDD};
  for (int i = 0; i < 3000; i++) {
    /* e^x over the whole binary64 range and beyond: overflow above 709.78, subnormal
     * results below -708.4, underflow below -745.1 */
    float x = i < 1000 ? (float)((double)(rs_rand64() >> 11) * 0x1p-53 * 1600.0 - 800.0)
                       : (float)((double)(rs_rand64() >> 11) * 0x1p-53 * 60.0 - 770.0);
    if (i % 7 == 0) x = (float)((double)(rs_rand64() >> 11) * 0x1p-53 * 4.0 + 708.0);
    mpfr_rnd_t rnd = modes[i & 3];
    mpfr_set_emin(-1073);
    mpfr_set_emax(1024);
    mpfr_set_flt(X, x, MPFR_RNDN);
    int t1 = ref_arb_ziv(Y, X, rnd, exp_arb, 4096);
    t1 = mpfr_subnormalize(Y, t1, rnd);
    int t2 = mpfr_exp(Z, X, rnd);
    t2 = mpfr_subnormalize(Z, t2, rnd);
    int same = mpfr_equal_p(Y, Z) || (mpfr_nan_p(Y) && mpfr_nan_p(Z));
    same = same && (t1 > 0) == (t2 > 0) && (t1 < 0) == (t2 < 0) && mpfr_signbit(Y) == mpfr_signbit(Z);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    if (!same) mpfr_fprintf(stderr, "arb_ziv exp(%a) mode %d: %Ra %d vs MPFR %Ra %d\n", x, (int)rnd, Y, t1, Z, t2);
    assert_true(same);
  }
  mpfr_set_emin(-1073);
  mpfr_set_emax(1024);
  /* an exact ball: exact result, ternary 0 */
  mpfr_set_flt(X, 0x1.fffffep-3f, MPFR_RNDN);
  assert_int_equal(ref_arb_ziv(Y, X, MPFR_RNDN, twice_arb, 4096), 0);
  assert_true(mpfr_cmp_d(Y, 0x1.fffffep-2) == 0);
  /* an exact value in balls that never shrink to it: undecidable, NaN, never a guess */
  assert_int_equal(ref_arb_ziv(Y, X, MPFR_RNDN, blurred_id, 1024), REF_UNDECIDABLE);
  assert_true(mpfr_nan_p(Y));
  /* undefined */
  assert_int_equal(ref_arb_ziv(Y, X, MPFR_RNDN, nowhere, 1024), 0);
  assert_true(mpfr_nan_p(Y));
  /* NaN input */
  mpfr_set_nan(X);
  assert_int_equal(ref_arb_ziv(Y, X, MPFR_RNDN, exp_arb, 1024), 0);
  assert_true(mpfr_nan_p(Y));
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  mpfr_clears(X, Y, Z, (mpfr_ptr)0);
}

RS_TEST_MAIN(cmocka_unit_test(test_arb_ziv), cmocka_unit_test(test_referee),
             cmocka_unit_test(test_shortcut_boundaries), cmocka_unit_test(test_shortcut_random),
             cmocka_unit_test(test_proof_numbers), cmocka_unit_test(test_series))
