/* test_erfc.c: the erfc reference against independent evaluations.
 *  (a) the referee (mpfr_erfc) against Arb's arb_hypgeom_erfc at 256+ bits;
 *  (b) the shortcut against the referee around each boundary (both signs) and on
 *      random inputs; the proof's numbers with MPFR in directed rounding;
 *  (c) the series against finite differences of MPFR's erfc at 400 bits.
 * What the family's tests share: tests/ref/special.h (tests/ref/special.md). */
#include "tests/ref/special.h"

int ref_erfc_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_erfc_shortcut(uint32_t xbits, double *y, int *t);
int ref_erfc_series(arb_ptr res, const arb_t x, slong len, slong prec);

#define SMALL 0x39800000u /* 2^-12 */
#define ZERO 0x41d9cee3u  /* 27.226018905639648438 */
#define TWO 0x40bba284u   /* 5.8635883331298828125 (x <= -TWO) */

/* erfc(x) by Arb at p bits */
static int erfc_at(arb_t V, arb_t X, float x, double y, int t, slong p) {
  if (x > -2) {
    arb_set_d(X, x);
    arb_hypgeom_erfc(V, X, p);
    return rs_check_ball(V, y, t);
  }
  /* erfc(x) = 2 - erfc(|x|): a ball of 2 - tiny would contain 2 */
  arb_set_d(X, -x);
  arb_hypgeom_erfc(V, X, p);
  return rs_check_ball_affine(V, 2.0, -1, y, t);
}

static void check_referee(uint32_t xb) {
  double y;
  int t;
  int raw = rs_ref_call(ref_erfc_mpfr, xb, &y, &t);
  assert_true(raw >= -1 && raw <= 1);
  float x = u2f(xb);
  if (isnan(x)) { assert_true(isnan(y)); return; }
  if (isinf(x)) { assert_true(rs_same(y, x > 0 ? 0.0 : 2.0) && t == 0); return; }
  if (x == 0) { assert_true(rs_same(y, 1.0) && t == 0); return; }
  rs_check_against_arb("erfc", xb, y, t, erfc_at);
}

static void test_referee(void **state) {
  (void)state;
  const uint32_t pts[] = {0, RS_INF32, 0x7fc00000u, 1, 0x007fffffu, 0x00800000u, 0x3f000000u, 0x3f800000u,
                          0x40000000u, SMALL, SMALL - 1, ZERO, ZERO - 1, TWO, TWO - 1, 0x7f7fffffu,
                          0x41d80000u /* 27: subnormal result */, 0x41d00000u /* 26 */};
  rs_each_sign(check_referee, pts, sizeof pts / sizeof pts[0]);
  for (int i = 0; i < 300; i++) check_referee(rs_rand_bits(0, 0xff800000u));
  for (int i = 0; i < 150; i++) check_referee(rs_rand_bits(SMALL, 0x40400000u /* 3 */) | (rs_rand64() & 1 ? RS_SIGN32 : 0));
  /* MPFR is slow beyond 3 (up to 1 ms): fewer there, subnormal results included */
  for (int i = 0; i < 40; i++) check_referee(rs_rand_bits(0x40400000u, ZERO));
}

static int must_sc(uint32_t xb) {
  uint32_t m = xb & ~RS_SIGN32;
  int neg = (xb & RS_SIGN32) != 0;
  if (m == 0 || m == RS_INF32) return 1;
  if (!neg && m >= ZERO) return 1;
  if (neg && m >= TWO) return 1;
  if (m < SMALL) return -1; /* the filter may decline */
  return 0;
}

static void test_shortcut_boundaries(void **state) {
  (void)state;
  const uint32_t b[] = {0, SMALL, ZERO, TWO, RS_INF32};
  rs_sweep_bounds("erfc", ref_erfc_shortcut, ref_erfc_mpfr, b, sizeof b / sizeof b[0], must_sc);
}

static void test_shortcut_random(void **state) {
  (void)state;
  int declined = 0, n = 0;
  declined += rs_filter_below("erfc", ref_erfc_shortcut, ref_erfc_mpfr, SMALL, 20000, 1000, &n);
  fprintf(stderr, "erfc filter declined %d of %d\n", declined, n);
  assert_true(declined < n / 1000 + 5);
  for (int i = 0; i < 30; i++) assert_true(rs_check_shortcut("erfc", ref_erfc_shortcut, ref_erfc_mpfr, rs_rand_bits(ZERO, RS_INF32)));
  for (int i = 0; i < 100; i++)
    assert_true(rs_check_shortcut("erfc", ref_erfc_shortcut, ref_erfc_mpfr, rs_rand_bits(TWO, RS_INF32) | RS_SIGN32));
  double y;
  int t;
  for (int i = 0; i < 1000; i++) assert_false(ref_erfc_shortcut(rs_rand_bits(SMALL, ZERO - 1), &y, &t));
  for (int i = 0; i < 1000; i++) assert_false(ref_erfc_shortcut(rs_rand_bits(SMALL, TWO - 1) | RS_SIGN32, &y, &t));
}

static void test_proof_numbers(void **state) {
  (void)state;
  mpfr_t b;
  mpfr_init2(b, 256);
  rs_s3_upper(b, u2f(ZERO), 0);
  mpfr_mul_2ui(b, b, 1075, MPFR_RNDU);
  assert_true(mpfr_cmp_ui(b, 1) < 0);
  rs_s3_upper(b, u2f(TWO), 0);
  mpfr_mul_2ui(b, b, 53, MPFR_RNDU);
  assert_true(mpfr_cmp_ui(b, 1) <= 0);
  mpfr_clear(b);
}

static int erfc400(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_erfc(y, x, rnd); }

/* the series against finite differences of erfc400 (rs_check_series_fd) */
static void check_series_at(double m, double r) { rs_check_series_fd("erfc", ref_erfc_series, erfc400, 0x1p-80, m, r); }

static const struct re_ball series_at[] = {{0.0, 0.0}, {0.0, 0x1p-30}, {-1.5, 0x1p-30}};
static const struct rs_series_test series_test = {
    .series = ref_erfc_series, .check = check_series_at, .at = RE_LIST(series_at),
    .n_random = 30, .lo = 0x38000000u, .hi = 0x40600000u /* 2^-15 .. 3.5 */,
    .both_signs = 1, .skip_integers = 0, .rbits = 30};

RS_TEST_SERIES(series_test)

RS_TEST_MAIN(cmocka_unit_test(test_referee), cmocka_unit_test(test_shortcut_boundaries),
             cmocka_unit_test(test_shortcut_random), cmocka_unit_test(test_proof_numbers),
             cmocka_unit_test(test_series))
