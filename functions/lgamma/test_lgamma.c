/* test_lgamma.c: the lgamma reference against independent evaluations.
 *  (a) the referee (mpfr_lgamma, sign dropped) against Arb at 256+ bits: arb_hypgeom_lgamma
 *      for x > 0, log|arb_hypgeom_gamma| for x < 0;
 *  (b) the shortcut against the referee around each special input (both signs): +-0, 1,
 *      2, the negative integers, 2^23, +-inf, 32 (where rs_lgamma_core changes method),
 *      near the zeros of lgamma, and on random inputs of every binade; the double-double
 *      arithmetic of reference/shared/special_hd.h (logarithm, sin(pi a), Stirling's series,
 *      rs_lgamma_core): every triple's bound against MPFR at 300 bits; its constants and
 *      coefficient tables against MPFR at 400 bits and Arb's Bernoulli numbers;
 *  (c) the series against finite differences of MPFR's lgamma at 400 bits (both signs,
 *      so the reflection branch too); -1 on balls containing poles.
 * What the family's tests share: tests/ref/special.h (tests/ref/special.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <arb_hypgeom.h>

#include "tests/ref/special.h"

int ref_lgamma_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_lgamma_shortcut(uint32_t xbits, double *y, int *t);
int ref_lgamma_series(arb_ptr res, const arb_t x, slong len, slong prec);

#define ONE 0x3f800000u
#define TWO 0x40000000u
#define INT 0x4b000000u /* 2^23 */
#define SMALL 0x39800000u /* 2^-12 */
#define T32 0x42000000u /* 32 */

/* log|Gamma(x)| by Arb at p bits */
static int lgamma_at(arb_t V, arb_t X, float x, double y, int t, slong p) {
  if (x > 0) {
    arb_hypgeom_lgamma(V, X, p);
  } else {
    arb_hypgeom_gamma(V, X, p);
    arb_abs(V, V);
    arb_log(V, V, p);
  }
  return rs_check_ball(V, y, t);
}

static void check_referee(uint32_t xb) {
  double y;
  int t;
  int raw = rs_ref_call(ref_lgamma_mpfr, xb, &y, &t);
  assert_true(raw >= -1 && raw <= 1);
  float x = u2f(xb);
  if (isnan(x)) { assert_true(isnan(y)); return; }
  if (isinf(x) || x == 0 || (x < 0 && floorf(x) == x)) { assert_true(rs_same(y, INFINITY) && t == 0); return; }
  if (x == 1 || x == 2) { assert_true(rs_same(y, 0.0) && t == 0); return; }
  rs_check_against_arb("lgamma", xb, y, t, lgamma_at);
}

static void test_referee(void **state) {
  (void)state;
  const uint32_t pts[] = {0, RS_INF32, 0x7fc00000u, 1, 0x007fffffu, 0x00800000u, 0x3f000000u, ONE, ONE - 1, ONE + 1,
                          TWO, TWO - 1, TWO + 1, INT, INT - 1, 0x7f7fffffu, 0x401d3e2fu /* 2.457 */, 0x40400000u,
                          0x40200000u, 0x3fbc5ee6u};
  rs_each_sign(check_referee, pts, sizeof pts / sizeof pts[0]);
  for (int i = 0; i < 150; i++) check_referee(rs_rand_bits(0, 0xff800000u));
  for (int i = 0; i < 100; i++) check_referee(rs_rand_bits(0x3c000000u, 0x42000000u) | (rs_rand64() & 1 ? RS_SIGN32 : 0));
  /* near the zeros 1 and 2 and the negative ones near -2.457 and -2.747 */
  for (int i = 0; i < 40; i++) check_referee(rs_rand_bits(ONE - 0x100, ONE + 0x100));
  for (int i = 0; i < 40; i++) check_referee(rs_rand_bits(TWO - 0x100, TWO + 0x100));
  for (int i = 0; i < 40; i++) check_referee(rs_rand_bits(0x401d3e2fu - 0x100, 0x401d3e2fu + 0x100) | RS_SIGN32);
}

static int must_sc(uint32_t xb) {
  uint32_t m = xb & ~RS_SIGN32;
  if (m > RS_INF32) return 0;
  if (m == 0 || m == RS_INF32 || xb == ONE || xb == TWO) return 1;
  float x = u2f(xb);
  if (x < 0 && floorf(x) == x) return 1;
  return -1; /* the filter */
}

static void test_shortcut_boundaries(void **state) {
  (void)state;
  const uint32_t b[] = {0, SMALL, ONE, TWO, T32, 0x42040000u /* 33 */, INT, RS_INF32};
  for (size_t i = 0; i < sizeof b / sizeof b[0]; i++) {
    rs_sweep("lgamma", ref_lgamma_shortcut, ref_lgamma_mpfr, b[i], 64, must_sc);
    rs_sweep("lgamma", ref_lgamma_shortcut, ref_lgamma_mpfr, b[i] | RS_SIGN32, 64, must_sc);
  }
  for (int n = 1; n <= 12; n++) rs_sweep("lgamma", ref_lgamma_shortcut, ref_lgamma_mpfr, f2u((float)-n), 16, must_sc);
  double y;
  int t;
  for (int i = 0; i < 2000; i++) { /* random inputs: answered exactly where must_sc says */
    uint32_t xb = rs_rand_bits(0, 0xff800000u);
    int a = ref_lgamma_shortcut(xb, &y, &t);
    if (must_sc(xb) >= 0) assert_int_equal(a, must_sc(xb));
    if (a && i < 200) rs_check_shortcut("lgamma", ref_lgamma_shortcut, ref_lgamma_mpfr, xb);
  }
}

/* the filter against the referee: random inputs of every binade of both signs, and
 * every pattern near 1, 2 and the first negative zeros of lgamma; it may decline only a
 * few */
static void test_filter(void **state) {
  (void)state;
  int declined = 0, n = 0;
  for (int e = 0; e < 255; e++) /* every binade (subnormals included), both signs */
    for (int i = 0; i < 8; i++, n++) {
      uint32_t xb = ((uint32_t)e << 23) | (uint32_t)(rs_rand64() & 0x7fffffu) | (i & 1 ? RS_SIGN32 : 0);
      if (xb == 0 || xb == RS_SIGN32) continue;
      declined += !rs_check_shortcut("lgamma", ref_lgamma_shortcut, ref_lgamma_mpfr, xb);
    }
  for (int i = 0; i < 1000; i++, n++) /* |x| in [2^-12, 2^7) */
    declined += !rs_check_shortcut("lgamma", ref_lgamma_shortcut, ref_lgamma_mpfr,
                                   rs_rand_bits(SMALL, 0x43000000u) | (i & 1 ? RS_SIGN32 : 0));
  /* the zeros: 1, 2 (exact inputs, their neighbours), and the binary32 patterns nearest
   * -2.45702, -2.74768, -3.14358, -3.95529, -4.03936, -4.99154, -5.00822 */
  const uint32_t zeros[] = {ONE,         TWO,         0xc01d3fe5u, 0xc02fda08u, 0xc049306eu,
                            0xc07d238bu, 0xc0814274u, 0xc09fbabcu, 0xc0a04353u};
  for (size_t z = 0; z < sizeof zeros / sizeof zeros[0]; z++)
    for (uint32_t xb = zeros[z] - 200; xb <= zeros[z] + 200; xb++, n++)
      declined += !rs_check_shortcut("lgamma", ref_lgamma_shortcut, ref_lgamma_mpfr, xb);
  fprintf(stderr, "lgamma filter declined %d of %d\n", declined, n);
  assert_true(declined < n / 1000 + 5);
}

/* |v - (h + l)| <= e for an MPFR value v (300 bits, rounded to nearest: within 2^-299 |v|,
 * which the check adds to e). */
static int dde_encloses(const struct rs_dde *r, mpfr_srcptr v) {
  mpfr_t d, b;
  mpfr_inits2(300, d, b, (mpfr_ptr)0);
  mpfr_sub_d(d, v, r->h, MPFR_RNDN);
  mpfr_sub_d(d, d, r->l, MPFR_RNDN); /* within 2^-299 |v| + tiny of the exact difference */
  mpfr_abs(d, d, MPFR_RNDN);
  mpfr_abs(b, v, MPFR_RNDN);
  mpfr_mul_2si(b, b, -290, MPFR_RNDU);
  mpfr_add_d(b, b, r->e, MPFR_RNDU);
  int ok = mpfr_cmp(d, b) <= 0 && r->e >= 0;
  if (!ok) mpfr_fprintf(stderr, "triple (%a, %a, %a) does not enclose %.30Rg\n", r->h, r->l, r->e, v);
  mpfr_clears(d, b, (mpfr_ptr)0);
  return ok;
}

/* the constants of reference/shared/special_hd.h: |C - hi - lo| <= the stated bound */
static void check_const(mpfr_srcptr c, double hi, double lo, double err) {
  mpfr_t d;
  mpfr_init2(d, 400);
  mpfr_sub_d(d, c, hi, MPFR_RNDN); /* exact at 400 bits */
  mpfr_sub_d(d, d, lo, MPFR_RNDN);
  mpfr_abs(d, d, MPFR_RNDN);
  if (mpfr_cmp_d(d, err) > 0) mpfr_fprintf(stderr, "constant %a + %a: error %.5Re > %a\n", hi, lo, d, err);
  assert_true(mpfr_cmp_d(d, err) <= 0);
  mpfr_clear(d);
}

static void check_table(const double *hi, const double *lo, int n, void (*exact)(mpfr_t, int)) {
  mpfr_t c;
  mpfr_init2(c, 400);
  for (int j = 0; j <= n; j++) {
    exact(c, j);
    assert_true(mpfr_get_d(c, MPFR_RNDN) == hi[j]); /* hi = RN(c) */
    check_const(c, hi[j], lo[j], 0x1p-106 * fabs(hi[j]));
  }
  mpfr_clear(c);
}
static void c_log(mpfr_t c, int j) { mpfr_set_ui(c, 1, MPFR_RNDN); mpfr_div_ui(c, c, 2 * j + 1, MPFR_RNDN); }
static void c_fact_inv(mpfr_t c, unsigned n) {
  mpfr_fac_ui(c, n, MPFR_RNDN); /* exact: n! < 2^400 */
  mpfr_ui_div(c, 1, c, MPFR_RNDN);
}
static void c_sin(mpfr_t c, int j) { c_fact_inv(c, 2 * j + 1); if (j & 1) mpfr_neg(c, c, MPFR_RNDN); }
static void c_cos(mpfr_t c, int j) { c_fact_inv(c, 2 * j); if (j & 1) mpfr_neg(c, c, MPFR_RNDN); }
static void c_exp(mpfr_t c, int j) { c_fact_inv(c, j); }
static void c_stir(mpfr_t c, int j) { /* B_(2j+2) / ((2j+2)(2j+1)) from Arb's Bernoulli numbers */
  arb_t b;
  arb_init(b);
  arb_bernoulli_ui(b, 2 * j + 2, 600);
  arb_div_ui(b, b, (2 * j + 2) * (2 * j + 1), 600);
  arf_get_mpfr(c, arb_midref(b), MPFR_RNDN);
  assert_true(mag_cmp_2exp_si(arb_radref(b), -500) < 0);
  arb_clear(b);
}

static void test_dd_constants(void **state) {
  (void)state;
  mpfr_t c;
  mpfr_init2(c, 400);
  mpfr_const_log2(c, MPFR_RNDN);
  check_const(c, RS_LN2_HI, RS_LN2_LO, RS_LN2_ERR);
  mpfr_const_pi(c, MPFR_RNDN);
  check_const(c, RS_PI_HI, RS_PI_LO, RS_PI_ERR);
  mpfr_log(c, c, MPFR_RNDN);
  check_const(c, RS_LOGPI_HI, RS_LOGPI_LO, RS_LOGPI_ERR);
  mpfr_const_pi(c, MPFR_RNDN);
  mpfr_mul_2ui(c, c, 1, MPFR_RNDN);
  mpfr_log(c, c, MPFR_RNDN);
  mpfr_div_2ui(c, c, 1, MPFR_RNDN);
  check_const(c, RS_HL2PI_HI, RS_HL2PI_LO, RS_HL2PI_ERR);
  /* the 400-bit roundings above are within 2^-399 relative: far below the bounds' slack */
  const double lh[19] = RS_LOGC_HI, ll[19] = RS_LOGC_LO, sh[14] = RS_SINC_HI, sl[14] = RS_SINC_LO;
  const double ch[14] = RS_COSC_HI, cl[14] = RS_COSC_LO, eh[23] = RS_EXPC_HI, el[23] = RS_EXPC_LO;
  const double bh[10] = RS_STIRC_HI, bl[10] = RS_STIRC_LO;
  check_table(lh, ll, 18, c_log);
  check_table(sh, sl, 13, c_sin);
  check_table(ch, cl, 13, c_cos);
  check_table(eh, el, 22, c_exp);
  check_table(bh, bl, 9, c_stir);
  /* the Stirling remainder: |beta_11| / 32^21 < 2^-101 */
  c_stir(c, 10);
  mpfr_abs(c, c, MPFR_RNDN);
  mpfr_mul_2si(c, c, -105 + 101, MPFR_RNDU);
  assert_true(mpfr_cmp_ui(c, 1) < 0);
  /* the log's truncation: 2 s w^19 / (39 (1 - w)) < 2^-103 at s = (2T - 1)/(2T + 1),
   * T = 0x1.6a09e667f3bcdp-1, w = s^2 (the largest s); the sine's and cosine's first
   * omitted terms at pi/4 and the exponential's at 0.37 */
  mpfr_t s, w, t;
  mpfr_inits2(300, s, w, t, (mpfr_ptr)0);
  mpfr_set_d(s, 2 * 0x1.6a09e667f3bcdp-1 - 1, MPFR_RNDN); /* exact */
  mpfr_set_d(t, 2 * 0x1.6a09e667f3bcdp-1 + 1, MPFR_RNDN); /* exact */
  mpfr_div(s, s, t, MPFR_RNDU);
  mpfr_sqr(w, s, MPFR_RNDU);
  mpfr_pow_ui(t, w, 19, MPFR_RNDU);
  mpfr_mul(t, t, s, MPFR_RNDU);
  mpfr_mul_2ui(t, t, 1, MPFR_RNDU);
  mpfr_ui_sub(w, 1, w, MPFR_RNDD);
  mpfr_mul_ui(w, w, 39, MPFR_RNDD);
  mpfr_div(t, t, w, MPFR_RNDU);
  mpfr_mul_2ui(t, t, 103, MPFR_RNDU);
  assert_true(mpfr_cmp_ui(t, 1) < 0);
  mpfr_const_pi(s, MPFR_RNDU);
  mpfr_div_2ui(s, s, 2, MPFR_RNDU);
  mpfr_pow_ui(t, s, 29, MPFR_RNDU);
  mpfr_fac_ui(w, 29, MPFR_RNDD);
  mpfr_div(t, t, w, MPFR_RNDU);
  mpfr_mul_2ui(t, t, 112, MPFR_RNDU);
  assert_true(mpfr_cmp_ui(t, 1) < 0);
  mpfr_pow_ui(t, s, 28, MPFR_RNDU);
  mpfr_fac_ui(w, 28, MPFR_RNDD);
  mpfr_div(t, t, w, MPFR_RNDU);
  mpfr_mul_2ui(t, t, 107, MPFR_RNDU);
  assert_true(mpfr_cmp_ui(t, 1) < 0);
  mpfr_set_d(s, 0.37, MPFR_RNDU);
  mpfr_pow_ui(t, s, 23, MPFR_RNDU);
  mpfr_fac_ui(w, 23, MPFR_RNDD);
  mpfr_div(t, t, w, MPFR_RNDU);
  mpfr_exp(s, s, MPFR_RNDU);
  mpfr_mul(t, t, s, MPFR_RNDU);
  mpfr_mul_2ui(t, t, 106, MPFR_RNDU);
  assert_true(mpfr_cmp_ui(t, 1) < 0);
  mpfr_clears(s, w, t, (mpfr_ptr)0);
  mpfr_clear(c);
}

/* the triples of reference/shared/special_hd.h enclose what they stand for, and tightly */
static void test_dd_arithmetic(void **state) {
  (void)state;
  mpfr_t v, a;
  mpfr_inits2(300, v, a, (mpfr_ptr)0);
  double worst = 0; /* the largest e relative to |value| + 1 seen */
  for (int i = 0; i < 3000; i++) {
    /* logarithm of doubles over the whole range it serves, and near 1 */
    double x = i < 2000 ? ldexp(1.0 + (double)(rs_rand64() >> 11) * 0x1p-53, (int)(rs_rand64() % 1990) - 995)
                        : 1.0 + ldexp((double)(rs_rand64() >> 11) * 0x1p-53 - 0.5, -(int)(rs_rand64() % 50));
    struct rs_dde r = rs_dde_logd(x);
    mpfr_set_d(a, x, MPFR_RNDN);
    mpfr_log(v, a, MPFR_RNDN);
    assert_true(dde_encloses(&r, v));
    if (r.e / (fabs(r.h) + 1) > worst) worst = r.e / (fabs(r.h) + 1);
  }
  for (int i = 0; i < 1000; i++) {
    /* sin(pi a), a in (0, 1/2] */
    double x = ldexp((double)(rs_rand64() >> 11) * 0x1p-53, -(int)(rs_rand64() % 30) - 1);
    if (x == 0) continue;
    struct rs_dde r = rs_dde_sinpi(x);
    mpfr_set_d(a, x, MPFR_RNDN);
    mpfr_const_pi(v, MPFR_RNDN);
    mpfr_mul(v, v, a, MPFR_RNDN);
    mpfr_sin(v, v, MPFR_RNDN);
    assert_true(dde_encloses(&r, v));
    if (r.e / (fabs(r.h) + 1) > worst) worst = r.e / (fabs(r.h) + 1);
  }
  for (int i = 0; i < 1000; i++) {
    /* log Gamma(W), W >= 32, W a double or a TwoSum pair */
    double w = 32.0 + ldexp((double)(rs_rand64() >> 11) * 0x1p-53, (int)(rs_rand64() % 130));
    struct rs_dde W = (i & 1) ? rs_dde_d(w) : rs_dde_sum2(w, ldexp(w, -60));
    struct rs_dde r = rs_stirling(W);
    mpfr_set_d(a, W.h, MPFR_RNDN);
    mpfr_add_d(a, a, W.l, MPFR_RNDN); /* exact at 300 bits */
    mpfr_lngamma(v, a, MPFR_RNDN);
    assert_true(dde_encloses(&r, v));
    if (r.e / (fabs(r.h) + 1) > worst) worst = r.e / (fabs(r.h) + 1);
  }
  for (int i = 0; i < 1500; i++) {
    /* rs_lgamma_core on binary32 inputs: every binade of the positive ones, the negative
     * ones down to -2^23 */
    uint32_t xb = i < 1000 ? rs_rand_bits(1, 0x7f7fffffu) : rs_rand_bits(0x80000001u, 0xcaffffffu);
    float xf = u2f(xb);
    if (xf < 0 && floorf(xf) == xf) continue;
    struct rs_dde r = {0, 0, 0};
    int neg = 0, sign;
    assert_true(rs_lgamma_core((double)xf, &r, &neg));
    mpfr_set_flt(a, xf, MPFR_RNDN);
    mpfr_lgamma(v, &sign, a, MPFR_RNDN);
    assert_true(dde_encloses(&r, v));
    assert_int_equal(neg, sign < 0);
    if (r.e / (fabs(r.h) + 1) > worst) worst = r.e / (fabs(r.h) + 1);
  }
  fprintf(stderr, "double-double bounds: largest e / (|value| + 1) = 2^%.1f\n", log2(worst));
  assert_true(worst < 0x1p-90);
  mpfr_clears(v, a, (mpfr_ptr)0);
}

static int lgamma400(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  int s;
  return mpfr_lgamma(y, &s, x, rnd);
}

/* the series against finite differences of MPFR's lgamma (rs_check_series_fd) */
static void check_series_at(double m, double r) { rs_check_series_fd("lgamma", ref_lgamma_series, lgamma400, 0x1p-70, m, r); }

/* Gamma < 0 on (-1, 0), > 0 on (-2, -1); -2.457: near a zero of lgamma; random balls
 * with |m| in 2^-7 .. 32; refused: balls reaching a pole; accepted: balls between them */
static const struct re_ball series_at[] = {
    {1.0, 0.0}, {2.0, 0x1p-30}, {-0.5, 0x1p-30}, {-1.5, 0x1p-30}, {-2.457, 0x1p-30}};
static const struct re_ball series_refuses[] = {GAMMA_POLE_BALLS};
static const struct re_ball series_accepts[] = {{-6.5, 0.49}, {-0.5, 0.49}, {0.5, 0.49}, {1e-30, 0}, {1e30, 1e20}};
/* lgamma(1) = 0, lgamma'(1) = -gamma, lgamma''(1)/2 = zeta(2)/2 = pi^2/12, by hand */
static const struct rs_coeff series_by_hand[] = {
    {1.0, 0, 0, 0}, {1.0, 1, -0.5772156650, -0.5772156649}, {1.0, 2, 0.8224670334, 0.8224670335}};
static const struct rs_series_test series_test = {
    .series = ref_lgamma_series, .check = check_series_at, .at = RE_LIST(series_at),
    .n_random = 20, .lo = 0x3c000000u, .hi = 0x42000000u,
    .both_signs = 1, .skip_integers = 1, .rbits = 34,
    .refuses = RE_LIST(series_refuses), .accepts = RE_LIST(series_accepts),
    .by_hand = RE_LIST(series_by_hand)};

RS_TEST_SERIES(series_test)

int main(void) {
  mpfr_set_emin(mpfr_get_emin_min());
  mpfr_set_emax(mpfr_get_emax_max());
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_referee),
      cmocka_unit_test(test_shortcut_boundaries),
      cmocka_unit_test(test_filter),
      cmocka_unit_test(test_dd_constants),
      cmocka_unit_test(test_dd_arithmetic),
      cmocka_unit_test(test_series),
  };
  int r = cmocka_run_group_tests(tests, NULL, NULL);
  flint_cleanup();
  mpfr_free_cache();
  return r;
}
