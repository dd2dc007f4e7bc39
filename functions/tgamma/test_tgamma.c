/* test_tgamma.c: the tgamma reference against independent evaluations.
 *  (a) the referee (mpfr_gamma) against Arb's arb_hypgeom_gamma at 256+ bits;
 *  (b) the shortcut against the referee around each boundary (both signs), at and
 *      around every integer it answers (1..24 and -1..-30) and on random inputs (the
 *      general filter (F) too: every binade, the subnormal results, the last patterns
 *      before overflow); the proof's numbers with MPFR in directed rounding; rs_dde_exp's
 *      bound (reference/shared/special_hd.h) against MPFR at 300 bits;
 *  (c) the series against finite differences of MPFR's gamma at 400 bits; -1 on balls
 *      containing poles.
 * What the family's tests share: tests/ref/special.h (tests/ref/special.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <arb_hypgeom.h>

#include "tests/ref/special.h"

int ref_tgamma_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_tgamma_shortcut(uint32_t xbits, double *y, int *t);
int ref_tgamma_series(arb_ptr res, const arb_t x, slong len, slong prec);

#define TINY 0x30800000u  /* 2^-30 */
#define OVER 0x432b9fd8u  /* 171.6243896484375 */
#define UNDER 0x4333b27du /* 179.6972198486328125 (x <= -UNDER) */
#define INT 0x4b000000u   /* 2^23 */

/* Gamma(x) by Arb at p bits */
static int tgamma_at(arb_t V, arb_t X, float x, double y, int t, slong p) {
  (void)x;
  arb_hypgeom_gamma(V, X, p);
  return rs_check_ball(V, y, t);
}

static void check_referee(uint32_t xb) {
  double y;
  int t;
  int raw = rs_ref_call(ref_tgamma_mpfr, xb, &y, &t);
  assert_true(raw >= -1 && raw <= 1);
  float x = u2f(xb);
  if (isnan(x) || (x < 0 && (isinf(x) || floorf(x) == x))) { assert_true(isnan(y) && t == 0); return; }
  if (x == 0) { assert_true(rs_same(y, signbit(x) ? -INFINITY : INFINITY) && t == 0); return; }
  if (isinf(x)) { assert_true(rs_same(y, INFINITY) && t == 0); return; }
  rs_check_against_arb("tgamma", xb, y, t, tgamma_at);
}

static void test_referee(void **state) {
  (void)state;
  const uint32_t pts[] = {0, RS_INF32, 0x7fc00000u, 1, 0x007fffffu, 0x00800000u, 0x3f000000u, 0x3f800000u,
                          0x40000000u, 0x40400000u, 0x41b80000u /* 23 */, 0x41c00000u /* 24 */, TINY, TINY - 1,
                          OVER, OVER - 1, UNDER, UNDER - 1, INT, INT - 1, 0x7f7fffffu, 0x3fbc5ee6u /* 1.4616 */};
  rs_each_sign(check_referee, pts, sizeof pts / sizeof pts[0]);
  for (int i = 0; i < 150; i++) check_referee(rs_rand_bits(0, 0xff800000u));
  for (int i = 0; i < 150; i++) check_referee(rs_rand_bits(TINY, OVER) | (rs_rand64() & 1 ? RS_SIGN32 : 0));
}

static int must_sc(uint32_t xb) {
  uint32_t m = xb & ~RS_SIGN32;
  int neg = (xb & RS_SIGN32) != 0;
  if (m > RS_INF32) return 0;
  if (m == 0 || m == RS_INF32) return 1;
  float x = u2f(xb);
  int integer = floorf(x) == x;
  if (m < TINY) return -1;
  if (!neg) return (xb >= OVER || (integer && x <= 23.0f)) ? 1 : -1; /* (F) elsewhere */
  if (integer || m >= UNDER) return 1;
  return -1; /* (F) */
}

static void test_shortcut_boundaries(void **state) {
  (void)state;
  const uint32_t b[] = {0, TINY, OVER, UNDER, INT, RS_INF32};
  for (size_t i = 0; i < sizeof b / sizeof b[0]; i++) {
    rs_sweep("tgamma", ref_tgamma_shortcut, ref_tgamma_mpfr, b[i], 64, must_sc);
    rs_sweep("tgamma", ref_tgamma_shortcut, ref_tgamma_mpfr, b[i] | RS_SIGN32, 64, must_sc);
  }
  /* the integers the shortcut answers, and their neighbours */
  for (int n = 1; n <= 24; n++) rs_sweep("tgamma", ref_tgamma_shortcut, ref_tgamma_mpfr, f2u((float)n), 64, must_sc);
  for (int n = 1; n <= 30; n++) rs_sweep("tgamma", ref_tgamma_shortcut, ref_tgamma_mpfr, f2u((float)-n), 16, must_sc);
  for (int n = 176; n <= 182; n++) rs_sweep("tgamma", ref_tgamma_shortcut, ref_tgamma_mpfr, f2u((float)-n), 16, must_sc);
}

static void test_shortcut_random(void **state) {
  (void)state;
  int declined = 0, n = 0;
  for (int i = 0; i < 4000; i++, n++) {
    uint32_t xb = rs_rand_bits(1, TINY - 1) | (i & 1 ? RS_SIGN32 : 0);
    declined += !rs_check_shortcut("tgamma", ref_tgamma_shortcut, ref_tgamma_mpfr, xb);
  }
  for (uint32_t xb = TINY - 300; xb < TINY; xb++, n += 2) {
    declined += !rs_check_shortcut("tgamma", ref_tgamma_shortcut, ref_tgamma_mpfr, xb);
    declined += !rs_check_shortcut("tgamma", ref_tgamma_shortcut, ref_tgamma_mpfr, xb | RS_SIGN32);
  }
  fprintf(stderr, "tgamma filter declined %d of %d\n", declined, n);
  assert_true(declined < n / 1000 + 5);
  for (int i = 0; i < 100; i++) assert_true(rs_check_shortcut("tgamma", ref_tgamma_shortcut, ref_tgamma_mpfr, rs_rand_bits(OVER, RS_INF32)));
  for (int i = 0; i < 300; i++) assert_true(rs_check_shortcut("tgamma", ref_tgamma_shortcut, ref_tgamma_mpfr, rs_rand_bits(UNDER, RS_INF32) | RS_SIGN32));
  /* (F): random inputs of every binade of both signs, the subnormal results, the last
   * patterns before overflow; it may decline only a few */
  int dF = 0, nF = 0;
  for (int i = 0; i < 1500; i++, nF++) {
    uint32_t xb = rs_rand_bits(TINY, OVER - 1) | (i & 1 ? RS_SIGN32 : 0);
    if ((xb & RS_SIGN32) && (xb & ~RS_SIGN32) >= UNDER) continue;
    dF += !rs_check_shortcut("tgamma", ref_tgamma_shortcut, ref_tgamma_mpfr, xb);
  }
  for (int i = 0; i < 500; i++, nF++) /* Gamma below 2^-1022: x in (-179.70, -171) */
    dF += !rs_check_shortcut("tgamma", ref_tgamma_shortcut, ref_tgamma_mpfr, rs_rand_bits(0xc32b0001u, UNDER - 1 + RS_SIGN32));
  for (uint32_t xb = UNDER - 256; xb < UNDER; xb++, nF++)
    dF += !rs_check_shortcut("tgamma", ref_tgamma_shortcut, ref_tgamma_mpfr, xb | RS_SIGN32);
  for (uint32_t xb = OVER - 256; xb < OVER; xb++, nF++)
    dF += !rs_check_shortcut("tgamma", ref_tgamma_shortcut, ref_tgamma_mpfr, xb);
  for (int n = 2; n <= 40; n++) /* both sides of the poles */
    for (int d = 1; d <= 8; d++, nF += 2) {
      uint32_t p = f2u((float)-n);
      dF += !rs_check_shortcut("tgamma", ref_tgamma_shortcut, ref_tgamma_mpfr, p - (uint32_t)d);
      dF += !rs_check_shortcut("tgamma", ref_tgamma_shortcut, ref_tgamma_mpfr, p + (uint32_t)d);
    }
  fprintf(stderr, "tgamma (F) declined %d of %d\n", dF, nF);
  assert_true(dF < nF / 1000 + 5);
}

/* rs_dde_exp: |2^-k e^L - (vh + vl)| <= eps for triples L over the range tgamma uses */
static void test_exp(void **state) {
  (void)state;
  mpfr_t v, a;
  mpfr_inits2(300, v, a, (mpfr_ptr)0);
  double worst = 0;
  for (int i = 0; i < 2000; i++) {
    double h = ((double)(rs_rand64() >> 11) * 0x1p-53 - 0.5) * 1500.0;
    struct rs_dde L = rs_dde_sum2(h, ldexp(h, -58));
    L.e = fabs(h) * 0x1p-100;
    int k = 0;
    double vh = 0, vl = 0, eps = 0;
    assert_true(rs_dde_exp(L, &k, &vh, &vl, &eps));
    /* the worst case of the exact L: Lh + Ll +- e */
    for (int sgn = -1; sgn <= 1; sgn += 2) {
      mpfr_set_d(a, L.h, MPFR_RNDN);
      mpfr_add_d(a, a, L.l, MPFR_RNDN);
      mpfr_add_d(a, a, sgn * L.e, MPFR_RNDN); /* exact at 300 bits */
      mpfr_exp(v, a, MPFR_RNDN);
      mpfr_mul_2si(v, v, -k, MPFR_RNDN);
      mpfr_sub_d(v, v, vh, MPFR_RNDN);
      mpfr_sub_d(v, v, vl, MPFR_RNDN);
      mpfr_abs(v, v, MPFR_RNDU);
      assert_true(mpfr_cmp_d(v, eps) <= 0);
    }
    if (eps > worst) worst = eps;
  }
  fprintf(stderr, "rs_dde_exp: largest eps 2^%.1f\n", log2(worst));
  assert_true(worst < 0x1p-80);
  mpfr_clears(v, a, (mpfr_ptr)0);
}

static void test_proof_numbers(void **state) {
  (void)state;
  mpfr_t a, b;
  mpfr_inits2(256, a, b, (mpfr_ptr)0);
  /* (C) Gamma(171.6243896484375) >= 2^1024 */
  mpfr_set_flt(a, u2f(OVER), MPFR_RNDN);
  mpfr_gamma(a, a, MPFR_RNDD);
  mpfr_div_2ui(a, a, 1024, MPFR_RNDD);
  assert_true(mpfr_cmp_ui(a, 1) >= 0);
  /* (D) pi 2^15 / Gamma(1 + 179.6972198486328125) < 2^-1075 */
  mpfr_set_flt(a, u2f(UNDER), MPFR_RNDN);
  mpfr_add_ui(a, a, 1, MPFR_RNDN); /* exact */
  mpfr_gamma(a, a, MPFR_RNDD);
  mpfr_const_pi(b, MPFR_RNDU);
  mpfr_div(b, b, a, MPFR_RNDU);
  mpfr_mul_2ui(b, b, 15 + 1075, MPFR_RNDU);
  assert_true(mpfr_cmp_ui(b, 1) < 0);
  /* (E) the constants and the third-derivative bound: |Gamma'''(1)|/6 by the closed form */
  mpfr_const_euler(a, MPFR_RNDN);
  assert_true(mpfr_get_d(a, MPFR_RNDN) == 0x1.2788cfc6fb619p-1);
  mpfr_sqr(a, a, MPFR_RNDN);
  mpfr_const_pi(b, MPFR_RNDN);
  mpfr_sqr(b, b, MPFR_RNDN);
  mpfr_div_ui(b, b, 6, MPFR_RNDN);
  mpfr_add(a, a, b, MPFR_RNDN);
  mpfr_div_2ui(a, a, 1, MPFR_RNDN);
  assert_true(mpfr_get_d(a, MPFR_RNDN) == 0x1.fa658c23b1578p-1);
  /* Gamma(1+x) coefficient 3 over |x| <= 2^-30, with Arb: within 0.9075 */
  arb_t X;
  arb_init(X);
  arb_ptr c = _arb_vec_init(4);
  rs_ball(X, 1.0, 0x1p-30);
  assert_int_equal(ref_tgamma_series(c, X, 4, 128), 0);
  arb_abs(c + 3, c + 3);
  arb_set_d(X, 0.9075);
  assert_true(arb_lt(c + 3, X)); /* every point of the ball below 0.9075 */
  /* closed form at 1: (gamma^3 + gamma pi^2/2 + 2 zeta(3))/6 = 0.907479... */
  mpfr_const_euler(a, MPFR_RNDN);
  mpfr_pow_ui(b, a, 3, MPFR_RNDN);
  mpfr_t z;
  mpfr_init2(z, 256);
  mpfr_const_pi(z, MPFR_RNDN);
  mpfr_sqr(z, z, MPFR_RNDN);
  mpfr_mul(z, z, a, MPFR_RNDN);
  mpfr_div_2ui(z, z, 1, MPFR_RNDN);
  mpfr_add(b, b, z, MPFR_RNDN);
  mpfr_zeta_ui(z, 3, MPFR_RNDN);
  mpfr_mul_2ui(z, z, 1, MPFR_RNDN);
  mpfr_add(b, b, z, MPFR_RNDN);
  mpfr_div_ui(b, b, 6, MPFR_RNDN);
  assert_true(mpfr_cmp_d(b, 0.9075) < 0 && mpfr_cmp_d(b, 0.9074) > 0);
  rs_ball(X, 1.0, 0.0);
  assert_int_equal(ref_tgamma_series(c, X, 4, 128), 0);
  arb_neg(c + 3, c + 3);
  assert_true(rs_ball_near(c + 3, b, 1e-30));
  mpfr_clear(z);
  /* (B) (n-1)! exact: MPFR's factorial equals the shortcut's double */
  for (int n = 1; n <= 23; n++) {
    double y;
    int t;
    assert_true(ref_tgamma_shortcut(f2u((float)n), &y, &t) && t == 0);
    mpfr_fac_ui(a, (unsigned long)(n - 1), MPFR_RNDN);
    assert_true(mpfr_cmp_d(a, y) == 0);
  }
  _arb_vec_clear(c, 4);
  arb_clear(X);
  mpfr_clears(a, b, (mpfr_ptr)0);
}

static int gamma400(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_gamma(y, x, rnd); }

/* the series against finite differences of MPFR's tgamma (rs_check_series_fd) */
static void check_series_at(double m, double r) { rs_check_series_fd("tgamma", ref_tgamma_series, gamma400, 0x1p-70, m, r); }

/* random balls with |m| in 2^-7 .. 30; refused: balls reaching a pole; accepted: balls
 * between them */
static const struct re_ball series_at[] = {{1.0, 0.0}, {0.25, 0x1p-32}, {-0.5, 0x1p-30}, {-3.75, 0x1p-30}};
static const struct re_ball series_refuses[] = {GAMMA_POLE_BALLS};
static const struct re_ball series_accepts[] = {{-6.5, 0.49}, {-0.5, 0.49}, {0.5, 0.49}, {1e-30, 0}};
static const struct rs_series_test series_test = {
    .series = ref_tgamma_series, .check = check_series_at, .at = RE_LIST(series_at),
    .n_random = 24, .lo = 0x3c000000u, .hi = 0x41f00000u,
    .both_signs = 1, .skip_integers = 1, .rbits = 34,
    .refuses = RE_LIST(series_refuses), .accepts = RE_LIST(series_accepts)};

RS_TEST_SERIES(series_test)

int main(void) {
  mpfr_set_emin(mpfr_get_emin_min());
  mpfr_set_emax(mpfr_get_emax_max());
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_referee),         cmocka_unit_test(test_shortcut_boundaries),
      cmocka_unit_test(test_shortcut_random),
      cmocka_unit_test(test_exp), cmocka_unit_test(test_proof_numbers),
      cmocka_unit_test(test_series),
  };
  int r = cmocka_run_group_tests(tests, NULL, NULL);
  flint_cleanup();
  mpfr_free_cache();
  return r;
}
