/* test_cyl_bessel_i0.c: the cyl_bessel_i0 reference (reference.c, ziv_local.c) against
 * independent evaluations.
 *  (a) the referee against the power series of I0 summed in MPFR with directed rounding
 *      (rb_i_series_mpfr: no Arb) and against Arb's I0 at 192+ bits (not the series the
 *      referee sums below 4), special values, hand-derived values,
 *      evenness, the Ziv loop in the directed rounding modes;
 *  (b) the shortcut against the referee on every pattern within 64 of each boundary,
 *      both signs, plus random patterns; the thresholds recomputed independently (integer
 *      search; the overflow bound L0 in MPFR with directed rounding; the series around
 *      the overflow threshold);
 *  (c) the series against exact derivatives from DLMF 10.29.5 with Arb point values.
 * Build: tests/ref/bessel.md. */
#include "tests/ref/bessel.h"

int ref_cyl_bessel_i0_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_cyl_bessel_i0_shortcut(uint32_t xb, double *y, int *t);
int ref_cyl_bessel_i0_series(arb_ptr res, const arb_t x, slong len, slong prec);

#define TINY 0x32b504f3u
#define OVER 0x44327f2au

/* B = 2^1024 - 2^970, the least value RN53 rounds to +inf */
static void set_B(mpfr_t B) {
  mpfr_set_ui_2exp(B, 1, 1024, MPFR_RNDN);
  mpfr_t t;
  mpfr_init2(t, 64);
  mpfr_set_ui_2exp(t, 1, 970, MPFR_RNDN);
  mpfr_sub(B, B, t, MPFR_RNDN); /* exact at >= 60 bits */
  mpfr_clear(t);
}

static void test_checker_rejects(void **state) {
  (void)state;
  arb_t v;
  arb_init(v);
  rb_i_series_mpfr(v, 0, 1.0, 256);
  double y;
  int t;
  rb_engine(ref_cyl_bessel_i0_mpfr, 0x3f800000u, &y, &t);
  assert_int_equal(rb_check_rn53(y, t, v), 1);
  assert_int_equal(rb_check_rn53(nextafter(y, 2.0), t, v), 0);
  assert_int_equal(rb_check_rn53(nextafter(y, 0.0), t, v), 0);
  assert_int_equal(rb_check_rn53(y, -t, v), 0);
  assert_true(fabs(y - 1.2660658777520083356) < 1e-15); /* I0(1), A&S table 9.8 */
  arb_clear(v);
}

static void test_special(void **state) {
  (void)state;
  double y;
  int t;
  rb_engine(ref_cyl_bessel_i0_mpfr, 0x00000000u, &y, &t);
  assert_true(rb_same(y, t, 1.0, 0));
  rb_engine(ref_cyl_bessel_i0_mpfr, 0x80000000u, &y, &t);
  assert_true(rb_same(y, t, 1.0, 0));
  rb_engine(ref_cyl_bessel_i0_mpfr, 0x7f800000u, &y, &t);
  assert_true(rb_same(y, t, INFINITY, 0));
  rb_engine(ref_cyl_bessel_i0_mpfr, 0xff800000u, &y, &t);
  assert_true(rb_same(y, t, INFINITY, 0));
  rb_engine(ref_cyl_bessel_i0_mpfr, 0x7fc00000u, &y, &t);
  assert_true(isnan(y) && t == 0);
  /* x = 2^-20: I0 = 1 + 2^-42 + 2^-86 + ...; 1 + 2^-42 is a binary64 number (ulp 2^-52
   * above 1), I0 above it by ~2^-86: (1 + 2^-42, -1) */
  rb_engine(ref_cyl_bessel_i0_mpfr, 0x35800000u, &y, &t);
  assert_true(rb_same(y, t, 1.0 + 0x1p-42, -1));
  /* last tiny pattern: (1, -1); the next: a = x^2/4 = (2^47 + 18909328) 2^-100 > 2^-53,
   * I0 - 1 = a (1 + a/4 + ...) in (2^-53, 2^-52 - 2^-60): (1 + 2^-52, +1) */
  rb_engine(ref_cyl_bessel_i0_mpfr, TINY, &y, &t);
  assert_true(rb_same(y, t, 1.0, -1));
  rb_engine(ref_cyl_bessel_i0_mpfr, TINY + 1, &y, &t);
  assert_true(rb_same(y, t, 1.0 + 0x1p-52, 1));
  /* overflow: from XOV on, (+inf, +1); below, the largest values are finite */
  rb_engine(ref_cyl_bessel_i0_mpfr, OVER, &y, &t);
  assert_true(rb_same(y, t, INFINITY, 1));
  rb_engine(ref_cyl_bessel_i0_mpfr, OVER - 1, &y, &t);
  assert_true(isfinite(y) && y > 0x1p1023);
  rb_engine(ref_cyl_bessel_i0_mpfr, 0x7f7fffffu, &y, &t);
  assert_true(rb_same(y, t, INFINITY, 1));
}

static void test_thresholds_independent(void **state) {
  (void)state;
  /* tiny: the largest 24-bit M with M^2 < 2^47 */
  uint64_t M = 1u << 23;
  while ((M + 1) * (M + 1) < ((uint64_t)1 << 47)) M++;
  assert_int_equal(0x32800000u + (uint32_t)(M - (1u << 23)), TINY);
  /* overflow: L0(XOV) > B in MPFR, every operation rounded towards a smaller L0 */
  mpfr_t X, a, b, c, B;
  mpfr_inits2(128, X, a, b, c, B, (mpfr_ptr)0);
  set_B(B);
  mpfr_set_flt(X, u2f(OVER), MPFR_RNDN);
  mpfr_exp(a, X, MPFR_RNDD);          /* e^X down */
  mpfr_const_pi(b, MPFR_RNDU);        /* pi up */
  mpfr_mul(b, b, X, MPFR_RNDU);
  mpfr_mul_2ui(b, b, 1, MPFR_RNDU);
  mpfr_sqrt(b, b, MPFR_RNDU);         /* sqrt(2 pi X) up */
  mpfr_div(a, a, b, MPFR_RNDD);
  mpfr_mul_2ui(b, X, 3, MPFR_RNDU);   /* 8X */
  mpfr_ui_div(b, 1, b, MPFR_RNDD);
  mpfr_add_ui(b, b, 1, MPFR_RNDD);    /* 1 + 1/(8X) down */
  mpfr_mul(a, a, b, MPFR_RNDD);
  /* minus e^-X (3/(2X) + 1/(4X^2)) / (pi sqrt2), that term rounded up */
  mpfr_neg(c, X, MPFR_RNDN);
  mpfr_exp(c, c, MPFR_RNDU);
  mpfr_ui_div(b, 3, X, MPFR_RNDU);
  mpfr_mul(c, c, b, MPFR_RNDU);       /* generous: 3/X >= 3/(2X) + 1/(4X^2) for X >= 1 */
  mpfr_sub(a, a, c, MPFR_RNDD);
  assert_true(mpfr_cmp(a, B) > 0);
  /* the ratio, for the record: about 1 + 2.977e-5 */
  mpfr_div(a, a, B, MPFR_RNDN);
  assert_true(fabs(mpfr_get_d(a, MPFR_RNDN) - 1 - 2.977e-5) < 1e-8);
  /* and the power series: I0(XOV) > B > I0(previous binary32) */
  arb_t v, Ba;
  arb_init(v);
  arb_init(Ba);
  arb_set_interval_mpfr(Ba, B, B, 128);
  rb_i_series_mpfr(v, 0, (double)u2f(OVER), 256);
  assert_true(arb_gt(v, Ba));
  rb_i_series_mpfr(v, 0, (double)u2f(OVER - 1), 256);
  assert_true(arb_lt(v, Ba));
  arb_clear(v);
  arb_clear(Ba);
  mpfr_clears(X, a, b, c, B, (mpfr_ptr)0);
}

static void test_referee_random(void **state) {
  (void)state;
  /* {lo exponent, hi exponent, count}; [2^7, 2^9.48) lies below the overflow threshold */
  static const int ranges[][3] = {{-149, -26, 80}, {-26, -1, 160}, {-1, 3, 400}, {3, 7, 300}, {7, 9, 80}};
  long bad = 0, undecided = 0;
  for (size_t r = 0; r < sizeof ranges / sizeof *ranges; r++)
    for (int i = 0; i < ranges[r][2]; i++) {
      uint32_t xb = rb_rand_in(ranges[r][0], ranges[r][1], 0);
      int c = rb_check_referee_iseries(ref_cyl_bessel_i0_mpfr, 0, xb);
      bad += c == 0;
      undecided += c < 0;
      /* and Arb's I_n, independent of the power series the referee sums for |x| < 4 */
      c = rb_check_referee_arb(ref_cyl_bessel_i0_mpfr, 'I', 0, xb);
      bad += c == 0;
      undecided += c < 0;
      double y1, y2;
      int t1, t2;
      rb_engine(ref_cyl_bessel_i0_mpfr, xb, &y1, &t1);
      rb_engine(ref_cyl_bessel_i0_mpfr, xb | RB_SIGN32, &y2, &t2);
      bad += !rb_same(y1, t1, y2, t2); /* evenness */
    }
  /* up to the overflow threshold: 512 <= x < XOV */
  for (int i = 0; i < 60; i++) {
    uint32_t xb = 0x44000000u + rb_rand32() % (OVER - 0x44000000u);
    int c = rb_check_referee_iseries(ref_cyl_bessel_i0_mpfr, 0, xb);
    bad += c == 0;
    undecided += c < 0;
  }
  for (uint32_t b = OVER - 8; b < OVER; b++) bad += rb_check_referee_iseries(ref_cyl_bessel_i0_mpfr, 0, b) != 1;
  /* beyond: +inf; I0 increases, and I0(XOV) > B by the series (previous test) */
  for (int i = 0; i < 200; i++) {
    uint32_t xb = OVER + rb_rand32() % (RB_INF32 - OVER);
    double y;
    int t;
    rb_engine(ref_cyl_bessel_i0_mpfr, xb, &y, &t);
    bad += !rb_same(y, t, INFINITY, 1);
  }
  assert_int_equal(undecided, 0);
  assert_int_equal(bad, 0);
}

/* ref_arb_ziv in the directed modes: RNDD and RNDU bracket the value by one ulp */
static void test_ziv_directed(void **state) {
  (void)state;
  static const float xs[] = {0x1p-140f, 1e-3f, 0.75f, 1.0f, 3.5f, 17.25f, 200.0f, 700.0f, 713.98f, 800.0f, 3e38f};
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(-1073);
  mpfr_set_emax(1024);
  mpfr_t X, Yd, Yu, Yz;
  mpfr_init2(X, 24);
  mpfr_inits2(53, Yd, Yu, Yz, (mpfr_ptr)0);
  for (size_t i = 0; i < sizeof xs / sizeof *xs; i++) {
    mpfr_set_flt(X, xs[i], MPFR_RNDN);
    int td = ref_cyl_bessel_i0_mpfr(Yd, X, MPFR_RNDD);
    int tu = ref_cyl_bessel_i0_mpfr(Yu, X, MPFR_RNDU);
    int tz = ref_cyl_bessel_i0_mpfr(Yz, X, MPFR_RNDZ);
    assert_true(td < 0 && tu > 0 && tz < 0);
    assert_true(mpfr_equal_p(Yd, Yz)); /* I0 > 0: toward zero is down */
    double yd = mpfr_get_d(Yd, MPFR_RNDN), yu = mpfr_get_d(Yu, MPFR_RNDN);
    if (xs[i] < 713.0f) {
      assert_true(nextafter(yd, INFINITY) == yu);
      arb_t v, d;
      arb_init(v);
      arb_init(d);
      rb_i_series_mpfr(v, 0, (double)xs[i], 1024);
      arb_set_d(d, yd);
      assert_true(arb_lt(d, v));
      arb_set_d(d, yu);
      assert_true(arb_gt(d, v));
      arb_clear(v);
      arb_clear(d);
    } else if (xs[i] > 714.0f) { /* overflow: RNDD/RNDZ give DBL_MAX, RNDU +inf */
      assert_true(yd == 0x1.fffffffffffffp1023 && isinf(yu));
    }
  }
  mpfr_clears(X, Yd, Yu, Yz, (mpfr_ptr)0);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
}

static void test_shortcut_windows(void **state) {
  (void)state;
  long bad = 0;
  static const uint32_t bounds[] = {0, TINY, OVER, RB_INF32};
  for (size_t i = 0; i < 4; i++)
    for (int s = 0; s < 2; s++)
      rb_window(ref_cyl_bessel_i0_shortcut, ref_cyl_bessel_i0_mpfr, bounds[i] | (s ? RB_SIGN32 : 0), 64, &bad);
  assert_int_equal(bad, 0);
  for (int s = 0; s < 2; s++) {
    uint32_t sg = s ? RB_SIGN32 : 0;
    double y;
    int t;
    for (uint32_t b = 0; b <= 64; b++) assert_int_equal(ref_cyl_bessel_i0_shortcut(sg | b, &y, &t), 1);
    for (uint32_t b = TINY - 64; b <= TINY; b++) assert_int_equal(ref_cyl_bessel_i0_shortcut(sg | b, &y, &t), 1);
    for (uint32_t b = TINY + 1; b <= TINY + 64; b++) assert_int_equal(ref_cyl_bessel_i0_shortcut(sg | b, &y, &t), 0);
    for (uint32_t b = OVER - 64; b < OVER; b++) assert_int_equal(ref_cyl_bessel_i0_shortcut(sg | b, &y, &t), 0);
    for (uint32_t b = OVER; b < OVER + 64; b++) assert_int_equal(ref_cyl_bessel_i0_shortcut(sg | b, &y, &t), 1);
    for (uint32_t b = RB_INF32 - 64; b <= RB_INF32; b++) assert_int_equal(ref_cyl_bessel_i0_shortcut(sg | b, &y, &t), 1);
    assert_int_equal(ref_cyl_bessel_i0_shortcut(sg | 0x7fc00000u, &y, &t), 0);
  }
}

static void test_shortcut_random(void **state) {
  (void)state;
  long bad = 0, answered = 0;
  for (int i = 0; i < 1500; i++) {
    uint32_t b = rb_rand32();
    if (i % 3 == 1) b = (b % (TINY + 1)) | (b & RB_SIGN32);
    answered += rb_window(ref_cyl_bessel_i0_shortcut, ref_cyl_bessel_i0_mpfr, b, 0, &bad);
  }
  assert_true(answered > 900);
  assert_int_equal(bad, 0);
}

static void test_series(void **state) {
  (void)state;
  static const double balls[][3] = {
    {0.0, 0.0, 20},       {0x1p-30, 0x1p-60, 20}, {0.3, 0x1p-40, 20},    {-1.7, 0x1p-40, 20},
    {15.9, 0x1p-40, 20},  {16.5, 0x1p-40, 20},    {-30.25, 0x1p-36, 20}, {100.0, 0x1p-30, 20},
    {713.5, 0x1p-30, 20}, {1e4, 0x1p-30, 20},     {0.0, 0.5, 0},         {1.0, 2.0, 0},
    {20.0, 1.0, 0},       {10.0, 30.0, 0},        {0.01, 0.005, 0},      {-8.0, 3.9, 0}};
  int fails = 0;
  for (size_t i = 0; i < sizeof balls / sizeof *balls; i++) {
    int rc = rb_check_series(ref_cyl_bessel_i0_series, 'I', 0, balls[i][0], balls[i][1], 8, 128, (int)balls[i][2]);
    if (rc != 0) fprintf(stderr, "ball %zu rc %d\n", i, rc);
    fails += rc != 0;
  }
  for (int i = 0; i < 8; i++) {
    double mid = ldexp((double)(rb_rand64() >> 11) * 0x1p-53, (int)(rb_rand64() % 10)) * ((rb_rand64() & 1) ? 1 : -1);
    int rc = rb_check_series(ref_cyl_bessel_i0_series, 'I', 0, mid, ldexp(fabs(mid) + 1, -35), 6, 100, 15);
    if (rc != 0) fprintf(stderr, "random ball %a rc %d\n", mid, rc);
    fails += rc != 0;
  }
  fails += rb_check_builder_balls(ref_cyl_bessel_i0_series, 'I', 0);
  assert_int_equal(fails, 0);
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "--bench") == 0) { /* referee cost, not a test */
    static const int ranges[][2] = {{-60, -26}, {-26, -1}, {-1, 3}, {3, 7}, {7, 9}, {9, 10}, {10, 127}};
    rb_bench("cyl_bessel_i0", ref_cyl_bessel_i0_mpfr, ranges, (int)(sizeof ranges / sizeof *ranges), 2000);
    return 0;
  }
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_checker_rejects),  cmocka_unit_test(test_special),
    cmocka_unit_test(test_thresholds_independent), cmocka_unit_test(test_referee_random),
    cmocka_unit_test(test_ziv_directed),     cmocka_unit_test(test_shortcut_windows),
    cmocka_unit_test(test_shortcut_random),  cmocka_unit_test(test_series),
  };
  int rc = cmocka_run_group_tests_name("cyl_bessel_i0", tests, NULL, NULL);
  flint_cleanup();
  mpfr_free_cache();
  return rc;
}
