/* test_erfcx.c: the erfcx reference against independent evaluations.
 *  (a) the referee (Arb + ref_arb_ziv) against MPFR: e^(x^2) erfc(x) enclosed with
 *      MPFR's exp and erfc in directed rounding at 320 bits, or for x >= 2^20 the
 *      asymptotic series' two partial sums that bracket erfcx (DLMF 7.12.1);
 *  (b) the shortcut against the referee around each boundary (both signs) and on random
 *      inputs; the filter's bound; the proof's numbers;
 *  (c) the series against finite differences of MPFR's e^(x^2) erfc(x) at 400 bits.
 * What the family's tests share: tests/ref/special.h (tests/ref/special.md). */
#include "tests/ref/special.h"

int ref_erfcx_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_erfcx_shortcut(uint32_t xbits, double *y, int *t);
int ref_erfcx_series(arb_ptr res, const arb_t x, slong len, slong prec);

#define SMALL 0x39800000u /* 2^-12 */
#define LARGE 0x45800000u /* 2^12 */
#define OVER 0x41d507d8u  /* 26.6288299560546875 (x <= -OVER) */

/* [lo, hi] around erfcx(x), MPFR only */
static void mpfr_erfcx_interval(mpfr_t lo, mpfr_t hi, double x) {
  mpfr_prec_t p = mpfr_get_prec(lo);
  mpfr_t a, b, X;
  mpfr_inits2(p, a, b, X, (mpfr_ptr)0);
  mpfr_set_d(X, x, MPFR_RNDN);
  if (x < 0x1p20) {
    mpfr_sqr(a, X, MPFR_RNDN); /* exact */
    mpfr_exp(b, a, MPFR_RNDD);
    mpfr_erfc(lo, X, MPFR_RNDD);
    mpfr_mul(lo, lo, b, MPFR_RNDD);
    mpfr_exp(b, a, MPFR_RNDU);
    mpfr_erfc(hi, X, MPFR_RNDU);
    mpfr_mul(hi, hi, b, MPFR_RNDU);
  } else {
    /* (1/(x sqrt pi)) (1 - v) < erfcx(x) < (1/(x sqrt pi)) (1 - v + 3 v^2), v = 1/(2x^2) */
    mpfr_sqr(a, X, MPFR_RNDN);
    mpfr_mul_2ui(a, a, 1, MPFR_RNDN);
    mpfr_ui_div(a, 1, a, MPFR_RNDU); /* v, rounded up */
    mpfr_ui_sub(lo, 1, a, MPFR_RNDD);
    mpfr_ui_div(a, 1, X, MPFR_RNDD);
    mpfr_sqr(a, a, MPFR_RNDD);
    mpfr_div_2ui(a, a, 1, MPFR_RNDD); /* v, rounded down */
    mpfr_ui_sub(hi, 1, a, MPFR_RNDU);
    mpfr_sqr(b, a, MPFR_RNDU);
    mpfr_mul_ui(b, b, 3, MPFR_RNDU);
    mpfr_div_d(b, b, 0.9999999, MPFR_RNDU); /* v rounded up is below v_down / 0.9999999 */
    mpfr_add(hi, hi, b, MPFR_RNDU);
    mpfr_const_pi(a, MPFR_RNDU);
    mpfr_sqrt(a, a, MPFR_RNDU);
    mpfr_mul(a, a, X, MPFR_RNDU);
    mpfr_div(lo, lo, a, MPFR_RNDD);
    mpfr_const_pi(a, MPFR_RNDD);
    mpfr_sqrt(a, a, MPFR_RNDD);
    mpfr_mul(a, a, X, MPFR_RNDD);
    mpfr_div(hi, hi, a, MPFR_RNDU);
  }
  mpfr_clears(a, b, X, (mpfr_ptr)0);
}

static void check_referee(uint32_t xb) {
  double y;
  int t;
  int raw = rs_ref_call(ref_erfcx_mpfr, xb, &y, &t);
  assert_true(raw >= -1 && raw <= 1);
  float x = u2f(xb);
  if (isnan(x)) { assert_true(isnan(y)); return; }
  if (isinf(x)) { assert_true(rs_same(y, x > 0 ? 0.0 : INFINITY) && t == 0); return; }
  if (x == 0) { assert_true(rs_same(y, 1.0) && t == 0); return; }
  mpfr_t lo, hi;
  mpfr_init2(lo, 320);
  mpfr_init2(hi, 320);
  mpfr_erfcx_interval(lo, hi, x);
  int ok = rs_check_interval(lo, hi, y, t);
  if (!ok) mpfr_fprintf(stderr, "erfcx referee: x = %a (0x%08x): y = %a t = %d; MPFR [%.20Rg, %.20Rg]\n", x, xb, y, t, lo, hi);
  assert_true(ok);
  mpfr_clear(lo);
  mpfr_clear(hi);
}

static void test_referee(void **state) {
  (void)state;
  const uint32_t pts[] = {0, RS_INF32, 0x7fc00000u, 1, 0x007fffffu, 0x00800000u, 0x3f000000u, 0x3f800000u,
                          0x40000000u, SMALL, SMALL - 1, LARGE, LARGE - 1, OVER, OVER - 1, 0x7f7fffffu,
                          0x44800000u /* 1024, the referee's switch */, 0x447fffffu, 0x49800000u /* 2^20 */};
  rs_each_sign(check_referee, pts, sizeof pts / sizeof pts[0]);
  for (int i = 0; i < 300; i++) check_referee(rs_rand_bits(0, 0xff800000u));
  for (int i = 0; i < 300; i++) check_referee(rs_rand_bits(SMALL, LARGE));
  for (int i = 0; i < 200; i++) check_referee(rs_rand_bits(SMALL, OVER) | RS_SIGN32);
}

static int must_sc(uint32_t xb) {
  uint32_t m = xb & ~RS_SIGN32;
  int neg = (xb & RS_SIGN32) != 0;
  if (m == 0 || m == RS_INF32) return 1;
  if (neg && m >= OVER) return 1;
  if (m < SMALL || (!neg && m >= LARGE)) return -1; /* filters */
  return 0;
}

static void test_shortcut_boundaries(void **state) {
  (void)state;
  const uint32_t b[] = {0, SMALL, LARGE, OVER, 0x7f7fffffu, RS_INF32};
  rs_sweep_bounds("erfcx", ref_erfcx_shortcut, ref_erfcx_mpfr, b, sizeof b / sizeof b[0], must_sc);
}

static void test_shortcut_random(void **state) {
  (void)state;
  int declined = 0, n = 0;
  declined += rs_filter_below("erfcx", ref_erfcx_shortcut, ref_erfcx_mpfr, SMALL, 4000, 300, &n);
  for (int i = 0; i < 4000; i++, n++) declined += !rs_check_shortcut("erfcx", ref_erfcx_shortcut, ref_erfcx_mpfr, rs_rand_bits(LARGE, 0x7f7fffffu));
  for (uint32_t xb = LARGE; xb < LARGE + 600; xb++, n++) declined += !rs_check_shortcut("erfcx", ref_erfcx_shortcut, ref_erfcx_mpfr, xb);
  fprintf(stderr, "erfcx filters declined %d of %d\n", declined, n);
  assert_true(declined < n / 1000 + 5);
  for (int i = 0; i < 100; i++)
    assert_true(rs_check_shortcut("erfcx", ref_erfcx_shortcut, ref_erfcx_mpfr, rs_rand_bits(OVER, RS_INF32) | RS_SIGN32));
  double y;
  int t;
  for (int i = 0; i < 1000; i++) assert_false(ref_erfcx_shortcut(rs_rand_bits(SMALL, LARGE - 1), &y, &t));
  for (int i = 0; i < 1000; i++) assert_false(ref_erfcx_shortcut(rs_rand_bits(SMALL, OVER - 1) | RS_SIGN32, &y, &t));
}

static const struct rs_oddser odd = {
    0x1.20dd750429b6dp+0, 0x1.1ae3a914fed80p-56, 2.0 / 3.0, 4.0 / 15.0, 8.0 / 105.0, 0x1p-5,
};

static void test_proof_numbers(void **state) {
  (void)state;
  /* (B): 1.99 e^(T^2) >= 2^1024, rounded down; erfc(26) < 0.01 */
  mpfr_t a;
  mpfr_init2(a, 256);
  mpfr_set_flt(a, u2f(OVER), MPFR_RNDN);
  mpfr_sqr(a, a, MPFR_RNDN);
  mpfr_exp(a, a, MPFR_RNDD);
  mpfr_mul_d(a, a, 1.99, MPFR_RNDD); /* the double 1.99 is below 1.99: a lower bound */
  mpfr_div_2ui(a, a, 1024, MPFR_RNDD);
  assert_true(mpfr_cmp_ui(a, 1) >= 0);
  mpfr_set_ui(a, 26, MPFR_RNDN);
  mpfr_erfc(a, a, MPFR_RNDU);
  assert_true(mpfr_cmp_d(a, 0.01) < 0);
  /* 1/sqrt(pi) split */
  mpfr_const_pi(a, MPFR_RNDN);
  mpfr_rec_sqrt(a, a, MPFR_RNDN);
  assert_true(mpfr_get_d(a, MPFR_RNDN) == 0x1.20dd750429b6dp-1);
  mpfr_sub_d(a, a, 0x1.20dd750429b6dp-1, MPFR_RNDN);
  assert_true(mpfr_get_d(a, MPFR_RNDN) == 0x1.1ae3a914fed80p-57);
  mpfr_clear(a);
  /* (C): the odd part g(x) = e^(x^2) erf(x) from the kernel, within its bound */
  arb_t X, G, E;
  arb_init(X);
  arb_init(G);
  arb_init(E);
  for (int i = 0; i < 3000; i++) {
    double x = u2f(i < 200 ? SMALL - 1 - (uint32_t)i : rs_rand_bits(1, SMALL - 1)), hi, lo, err;
    rs_odd_small(x, &odd, &hi, &lo, &err);
    arb_set_d(X, x);
    arb_hypgeom_erf(G, X, 300);
    arb_sqr(E, X, 300);
    arb_exp(E, E, 300);
    arb_mul(G, G, E, 300);
    assert_true(rs_kernel_ok(G, hi, lo, err));
  }
  arb_clear(X);
  arb_clear(G);
  arb_clear(E);
}

static int erfcx400(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  mpfr_t e;
  mpfr_init2(e, mpfr_get_prec(y) + 32);
  mpfr_sqr(e, x, MPFR_RNDN);
  mpfr_exp(e, e, MPFR_RNDN);
  int r = mpfr_erfc(y, x, MPFR_RNDN);
  mpfr_mul(y, y, e, rnd);
  mpfr_clear(e);
  return r;
}

static void check_series_at(double m, double r) {
  arb_t X;
  arb_init(X);
  rs_ball(X, m, r);
  arb_ptr c = _arb_vec_init(5);
  assert_int_equal(ref_erfcx_series(c, X, 5, 128), 0);
  mpfr_t fd[5];
  for (int k = 0; k < 5; k++) mpfr_init2(fd[k], 400);
  const double pts[3] = {m - r, m, m + r};
  for (int i = 0; i < 3; i++) {
    int e;
    frexp(pts[i], &e);
    rs_fd_coeffs(erfcx400, pts[i], -50 + (e > 0 ? e : 0), 400, fd);
    for (int k = 0; k < 5; k++) {
      double tol = 0x1p-70 * (0x1p-40 + fabs(mpfr_get_d(fd[k], MPFR_RNDN)));
      if (!rs_ball_near(c + k, fd[k], tol)) {
        fprintf(stderr, "erfcx series: m = %a r = %a point %a k = %d: ", m, r, pts[i], k);
        arb_fprintd(stderr, c + k, 20);
        mpfr_fprintf(stderr, " vs %.20Rg\n", fd[k]);
      }
      assert_true(rs_ball_near(c + k, fd[k], tol));
    }
  }
  /* the signs: (-1)^k a_k > 0 */
  for (int k = 0; k < 5; k++) assert_true((k & 1) ? arb_is_negative(c + k) : arb_is_positive(c + k));
  for (int k = 0; k < 5; k++) mpfr_clear(fd[k]);
  _arb_vec_clear(c, 5);
  arb_clear(X);
}

static void test_series(void **state) {
  (void)state;
  check_series_at(0.0, 0.0);
  check_series_at(0.0, 0x1p-30);
  check_series_at(3000.0, 0x1p-20);
  check_series_at(-20.0, 0x1p-30);
  for (int i = 0; i < 30; i++) {
    double m = (double)u2f(rs_rand_bits(0x38000000u, 0x42c80000u)); /* 2^-15 .. 100 */
    if (rs_rand64() & 1) m = -m / 8;
    int e;
    frexp(m, &e);
    check_series_at(m, (i & 1) ? 0.0 : ldexp(1.0, e - 30));
  }
  /* erfcx(0) = 1, erfcx'(0) = -2/sqrt(pi), erfcx''(0)/2 = 1, by hand from the Maclaurin
   * series; at a huge argument a_0 ~ 1/(sqrt(pi) x) */
  static const struct rs_coeff by_hand[] = {
      {0.0, 1, -1.1283792, -1.1283791}, {0.0, 2, 1, 1}, {0.0, 0, 1, 1},
      {0x1p100, 0, 0.5641895 * 0x1p-100, 0.5641896 * 0x1p-100}};
  rs_check_coeffs(ref_erfcx_series, by_hand, sizeof by_hand / sizeof *by_hand);
  arb_t X;
  arb_init(X);
  arb_ptr c = _arb_vec_init(3);
  arb_indeterminate(X);
  assert_int_equal(ref_erfcx_series(c, X, 3, 64), -1);
  _arb_vec_clear(c, 3);
  arb_clear(X);
}

RS_TEST_MAIN(cmocka_unit_test(test_referee), cmocka_unit_test(test_shortcut_boundaries),
             cmocka_unit_test(test_shortcut_random), cmocka_unit_test(test_proof_numbers),
             cmocka_unit_test(test_series))
