/* test_erf.c: the erf reference against independent evaluations.
 *  (a) the referee (mpfr_erf) against Arb's arb_hypgeom_erf at 256+ bits, on special
 *      points and random inputs; oddness of the referee;
 *  (b) the shortcut against the referee on every input within 64 patterns of each
 *      boundary and on random inputs in each range; the proof's numbers re-evaluated
 *      with MPFR in directed rounding;
 *  (c) the series against finite differences of MPFR's erf at 400 bits.
 * What the family's tests share: tests/ref/special.h (tests/ref/special.md). */
#include "tests/ref/special.h"

int ref_erf_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_erf_shortcut(uint32_t xbits, double *y, int *t);
int ref_erf_series(arb_ptr res, const arb_t x, slong len, slong prec);

#define SMALL 0x39800000u /* 2^-12 */
#define ONE 0x40bd7dacu   /* 5.9215908050537109375 */

/* erf(x) by Arb at p bits */
static int erf_at(arb_t V, arb_t X, float x, double y, int t, slong p) {
  if (fabs(x) < 2) {
    arb_hypgeom_erf(V, X, p);
    return rs_check_ball(V, y, t);
  }
  /* erf(x) = sign(x) (1 - erfc(|x|)): Arb's erf ball of 1 - tiny contains 1 */
  arb_abs(X, X);
  arb_hypgeom_erfc(V, X, p);
  int ok = x > 0 ? rs_check_ball_affine(V, 1.0, -1, y, t) : rs_check_ball_affine(V, -1.0, +1, y, t);
  arb_set_d(X, x);
  return ok;
}

/* the referee's answer checked against Arb */
static void check_referee(uint32_t xb) {
  double y;
  int t;
  int raw = rs_ref_call(ref_erf_mpfr, xb, &y, &t);
  assert_true(raw >= -1 && raw <= 1);
  float x = u2f(xb);
  if (isnan(x)) { assert_true(isnan(y)); return; }
  if (isinf(x)) { assert_true(rs_same(y, x > 0 ? 1.0 : -1.0) && t == 0); return; }
  if (x == 0) { assert_true(rs_same(y, (double)x) && t == 0); return; }
  rs_check_against_arb("erf", xb, y, t, erf_at);
}

static void test_referee(void **state) {
  (void)state;
  const uint32_t pts[] = {0, RS_SIGN32, RS_INF32, RS_INF32 | RS_SIGN32, 0x7fc00000u, 1, 0x007fffffu, 0x00800000u,
                          0x3f000000u, 0x3f800000u, 0x40000000u, SMALL, SMALL - 1, ONE, ONE - 1, 0x40bd7da5u,
                          0x40bd7da4u, 0x7f7fffffu, 0x3a83126fu /* 0.001 */};
  rs_each_sign(check_referee, pts, sizeof pts / sizeof pts[0]);
  for (int i = 0; i < 300; i++) check_referee(rs_rand_bits(0, 0xff800000u));
  /* the interesting part of the line, denser */
  for (int i = 0; i < 300; i++) check_referee(rs_rand_bits(SMALL, ONE) | (rs_rand64() & 1 ? RS_SIGN32 : 0));
}

/* erf is odd: the referee at -x is the mirror of the referee at x */
static void test_odd(void **state) {
  (void)state;
  rs_check_odd(ref_erf_mpfr, 400, 0, RS_INF32);
}

/* shortcut == referee wherever the shortcut answers; counts of answers */
static int check_shortcut(uint32_t xb) {
  double ys, yr;
  int ts, tr;
  if (!ref_erf_shortcut(xb, &ys, &ts)) return 0;
  rs_ref_call(ref_erf_mpfr, xb, &yr, &tr);
  if (!rs_same(ys, yr) || ts != tr)
    fprintf(stderr, "erf shortcut: x = %a (0x%08x): shortcut %a %d, referee %a %d\n", u2f(xb), xb, ys, ts, yr, tr);
  assert_true(rs_same(ys, yr) && ts == tr);
  return 1;
}

static void test_shortcut_boundaries(void **state) {
  (void)state;
  const uint32_t b[] = {0, SMALL, ONE, RS_INF32};
  for (size_t i = 0; i < sizeof b / sizeof b[0]; i++)
    for (int64_t d = -64; d <= 64; d++) {
      int64_t v = (int64_t)b[i] + d;
      if (v < 0 || v > RS_INF32) continue;
      uint32_t xb = (uint32_t)v;
      int answered = check_shortcut(xb);
      /* the ranges the proof covers are answered (the filter may decline, rarely) */
      if (xb >= ONE) assert_true(answered);
      if (xb >= SMALL && xb < ONE) assert_false(answered);
      /* negative inputs are the engine's to mirror */
      double y;
      int t;
      assert_false(ref_erf_shortcut(xb | RS_SIGN32, &y, &t));
    }
}

static void test_shortcut_random(void **state) {
  (void)state;
  int declined = 0;
  for (int i = 0; i < 30000; i++) declined += !check_shortcut(rs_rand_bits(1, SMALL - 1));
  /* every binade of the filter range, its top end included */
  for (uint32_t e = 1; e < (SMALL >> 23); e++)
    for (int i = 0; i < 20; i++) declined += !check_shortcut((e << 23) | (uint32_t)(rs_rand64() & 0x7fffff));
  for (uint32_t xb = SMALL - 2000; xb < SMALL; xb++) declined += !check_shortcut(xb);
  fprintf(stderr, "erf filter declined %d of %d\n", declined, 30000 + 20 * ((SMALL >> 23) - 1) + 2000);
  assert_true(declined < 50);
  for (int i = 0; i < 100; i++) assert_true(check_shortcut(rs_rand_bits(ONE, RS_INF32)));
}

/* The filter's error bound: |erf(x) - (hi + lo)| <= err, against Arb at 256 bits. */
static const struct rs_oddser erf_ser_test = {
    0x1.20dd750429b6dp+0, 0x1.1ae3a914fed80p-56, -1.0 / 3.0, 1.0 / 10.0, -1.0 / 42.0, 0x1p-7,
};
static void test_kernel_bound(void **state) {
  (void)state;
  arb_t X, V, H;
  arb_init(X);
  arb_init(V);
  arb_init(H);
  for (int i = 0; i < 4000; i++) {
    uint32_t xb = i < 200 ? SMALL - 1 - (uint32_t)i : rs_rand_bits(1, SMALL - 1);
    double x = u2f(xb), hi, lo, err;
    rs_odd_small(x, &erf_ser_test, &hi, &lo, &err);
    arb_set_d(X, x);
    arb_hypgeom_erf(V, X, 256);
    arb_set_d(H, hi);
    arb_sub(V, V, H, 256);
    arb_set_d(H, lo);
    arb_sub(V, V, H, 256);
    arb_abs(V, V);
    arb_set_d(H, err);
    if (!arb_lt(V, H)) fprintf(stderr, "erf kernel: x = %a err %a\n", x, err);
    assert_true(arb_lt(V, H));
  }
  arb_clear(X);
  arb_clear(V);
  arb_clear(H);
}

/* The proof's numbers: S3(T) < 2^-54 (rounded upward), C_hi and C_lo. */
static void test_proof_numbers(void **state) {
  (void)state;
  mpfr_t T, a, e, d, q, p, r;
  mpfr_inits2(256, T, a, e, d, q, p, r, (mpfr_ptr)0);
  mpfr_set_flt(T, u2f(ONE), MPFR_RNDN);
  mpfr_sqr(a, T, MPFR_RNDN);               /* exact */
  mpfr_neg(e, a, MPFR_RNDN);
  mpfr_exp(e, e, MPFR_RNDU);               /* >= e^-T^2 */
  mpfr_const_pi(d, MPFR_RNDD);
  mpfr_sqrt(d, d, MPFR_RNDD);
  mpfr_mul(d, d, T, MPFR_RNDD);            /* <= T sqrt(pi) */
  mpfr_div(q, e, d, MPFR_RNDU);
  mpfr_ui_div(p, 1, a, MPFR_RNDD);
  mpfr_div_2ui(p, p, 1, MPFR_RNDD);        /* <= 1/(2T^2) */
  mpfr_ui_div(r, 3, a, MPFR_RNDU);
  mpfr_div(r, r, a, MPFR_RNDU);
  mpfr_div_2ui(r, r, 2, MPFR_RNDU);        /* >= 3/(4T^4) */
  mpfr_ui_sub(p, 1, p, MPFR_RNDU);
  mpfr_add(p, p, r, MPFR_RNDU);
  mpfr_mul(q, q, p, MPFR_RNDU);
  mpfr_mul_2ui(q, q, 54, MPFR_RNDU);
  assert_true(mpfr_cmp_ui(q, 1) < 0);
  /* the constants of the filter */
  mpfr_const_pi(d, MPFR_RNDN);
  mpfr_sqrt(d, d, MPFR_RNDN);
  mpfr_ui_div(d, 2, d, MPFR_RNDN);         /* 2/sqrt(pi) to 256 bits */
  assert_true(mpfr_get_d(d, MPFR_RNDN) == 0x1.20dd750429b6dp+0);
  mpfr_sub_d(d, d, 0x1.20dd750429b6dp+0, MPFR_RNDN);
  assert_true(mpfr_get_d(d, MPFR_RNDN) == 0x1.1ae3a914fed80p-56);
  mpfr_clears(T, a, e, d, q, p, r, (mpfr_ptr)0);
}

static int erf400(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_erf(y, x, rnd); }

/* the series at a ball m +- r encloses the Taylor coefficients at m - r, m, m + r */
/* the series against finite differences of erf400 (rs_check_series_fd) */
static void check_series_at(double m, double r) { rs_check_series_fd("erf", ref_erf_series, erf400, 0x1p-80, m, r); }

static const struct re_ball series_at[] = {{0.0, 0.0}, {0.0, 0x1p-30}, {1.0, 0x1p-30}};
/* the sizes of the coefficients: erf(0) = 0, erf'(0) = 2/sqrt(pi) = 1.12837916..., erf''(0) = 0 */
static const struct rs_coeff series_by_hand[] = {{0.0, 0, 0, 0}, {0.0, 2, 0, 0}, {0.0, 1, 1.1283791, 1.1283792}};
static const struct rs_series_test series_test = {
    .series = ref_erf_series, .check = check_series_at, .at = RE_LIST(series_at),
    .n_random = 40, .lo = 0x38000000u, .hi = 0x40e00000u /* 2^-15 .. 7 */,
    .both_signs = 1, .skip_integers = 0, .rbits = 30,
    .by_hand = RE_LIST(series_by_hand)};

RS_TEST_SERIES(series_test)

RS_TEST_MAIN(cmocka_unit_test(test_referee), cmocka_unit_test(test_odd), cmocka_unit_test(test_shortcut_boundaries),
             cmocka_unit_test(test_shortcut_random), cmocka_unit_test(test_kernel_bound),
             cmocka_unit_test(test_proof_numbers), cmocka_unit_test(test_series))
