/* bessel_body.h: the one test body of the Bessel references (j0, j1, y0, y1,
 * cyl_bessel_i0, cyl_bessel_i1), configured per function by a struct bessel_test. A
 * function's test file holds its data (values by hand and special values, the random
 * ranges, its thresholds and what the shortcut claims around them, its series balls) and
 * any test of its own (the thresholds recomputed independently), then
 * BESSEL_MAIN(its struct, its own tests). The tests, in order:
 *
 *  test_checker_rejects  rb_check_rn53 accepts the referee's pair at x = 1 against an
 *                        independent value (Arb's F_n, or for I_n the power series summed
 *                        in MPFR with directed rounding, rb_i_series_mpfr) and rejects
 *                        both neighbours and the other sign of t: the checker can fail;
 *                        and F_n(1) is the tabulated value (A&S);
 *  test_special          the referee at the special values and values by hand;
 *  (the function's own tests)
 *  test_referee_random   the referee at random inputs of each binade range against Arb's
 *                        F_n at 192+ bits (rb_check_rn53; for I_n also against
 *                        rb_i_series_mpfr), with the mirror -x (even or odd n) and, for
 *                        I1, the next pattern (increasing); then the largest binary32
 *                        numbers, for Y the least subnormals, and the neighbours of the
 *                        first zero (J, Y); for I_n the inputs up to and past overflow;
 *  test_ziv_directed     (I_n) the Ziv loop in the directed modes brackets the value;
 *  test_shortcut_windows every pattern within 64 of each threshold, answered the
 *                        referee's pair, and answered or declined as claimed;
 *  test_shortcut_random  random patterns (a share of them in the tiny range);
 *  test_series           the series against exact derivatives (DLMF 10.6.7 / 10.29.5 with
 *                        Arb point values) at given balls, random small balls and the
 *                        fast path's builder balls; for Y, -1 where Y_n is not analytic;
 *  test_hankel           (J, Y) the large-argument path (bessel_hankel.h).
 * The random inputs come from rb_rand64 in this order, so that a function's inputs are
 * the same from run to run. */
#ifndef ULPCERT_TESTS_REF_BESSEL_BODY_H
#define ULPCERT_TESTS_REF_BESSEL_BODY_H

#include <string.h>

#include "tests/ref/bessel.h"
#include "tests/ref/bessel_hankel.h"

/* the referee at x is (y, t); y a NaN: a NaN with t = 0; t = BESSEL_ABOVE: a finite value
 * above y */
#define BESSEL_ABOVE 2
struct bessel_value {
  uint32_t x;
  double y;
  int t;
};
/* n random inputs with |x| in [2^lo_e, 2^hi_e) */
struct bessel_range {
  int lo_e, hi_e, n;
};
/* the shortcut answers (1) or declines (0) every pattern from lo to hi */
struct bessel_claim {
  uint32_t lo, hi;
  int answers;
};
/* a series ball mid +- rad, its coefficients checked for a radius of 2^-tight (0: not) */
struct bessel_ball {
  double mid, rad;
  int tight;
};

struct bessel_test {
  const char *name;
  char kind; /* 'J', 'Y' or 'I' */
  int n;
  re_mpfr_fn mpfr;
  re_shortcut_fn shortcut;
  re_series_fn series;
  double value_at_1; /* F_n(1) */
  RE_LIST_OF(struct bessel_value) special;
  RE_LIST_OF(struct bessel_range) ranges;
  int random_sign;  /* random inputs of both signs (J1) */
  float first_zero; /* J, Y: the first positive zero of F_n */
  uint32_t over;    /* I: the overflow threshold */
  int window_signs; /* 2: the windows and claims for +x and -x; 1: as given */
  RE_LIST_OF(uint32_t) windows;
  RE_LIST_OF(struct bessel_claim) claims;
  int n_random, tiny_mod; /* random patterns, every tiny_mod-th one (from the first) in [0, tiny] */
  uint32_t tiny;
  long random_min; /* answered, at least */
  RE_LIST_OF(struct bessel_ball) balls;
  int ball_exp; /* J, I: random small balls of both signs below 2^ball_exp */
  int hankel_e0; /* J, Y: where the large-argument path starts, 2^e0 */
  const int (*bench)[2]; /* --bench: nbench binade ranges [2^lo, 2^hi) */
  int nbench;
};

static inline void bessel_checker_rejects(const struct bessel_test *T) {
  arb_t v, x;
  arb_init(v);
  arb_init(x);
  arb_one(x);
  if (T->kind == 'I') rb_i_series_mpfr(v, T->n, 1.0, 256);
  else rb_bessel(v, T->kind, T->n, x, 200);
  double y;
  int t;
  rb_engine(T->mpfr, 0x3f800000u, &y, &t);
  assert_int_equal(rb_check_rn53(y, t, v), 1);
  assert_int_equal(rb_check_rn53(nextafter(y, INFINITY), t, v), 0);
  assert_int_equal(rb_check_rn53(nextafter(y, -INFINITY), t, v), 0);
  assert_int_equal(rb_check_rn53(y, -t, v), 0);
  assert_true(fabs(y - T->value_at_1) < 1e-15);
  arb_clear(v);
  arb_clear(x);
}

static inline void bessel_special(const struct bessel_test *T) {
  for (size_t i = 0; i < T->special.n; i++) {
    const struct bessel_value *s = &T->special.v[i];
    double y;
    int t;
    rb_engine(T->mpfr, s->x, &y, &t);
    if (isnan(s->y)) assert_true(isnan(y) && t == 0);
    else if (s->t == BESSEL_ABOVE) assert_true(isfinite(y) && y > s->y);
    else assert_true(rb_same(y, t, s->y, s->t));
  }
}

/* one random input: against Arb (and the MPFR series for I), the mirror, increasing */
static inline void bessel_referee_one(const struct bessel_test *T, uint32_t xb, long *bad, long *undecided) {
  int c;
  if (T->kind == 'I') {
    c = rb_check_referee_iseries(T->mpfr, T->n, xb);
    *bad += c == 0;
    *undecided += c < 0;
  }
  c = rb_check_referee_arb(T->mpfr, T->kind, T->n, xb);
  *bad += c == 0;
  *undecided += c < 0;
  if (T->kind == 'Y') return;
  /* evenness or oddness: the referee at -x gives the same or the opposite pair */
  double y1, y2;
  int t1, t2;
  rb_engine(T->mpfr, xb, &y1, &t1);
  rb_engine(T->mpfr, xb ^ RB_SIGN32, &y2, &t2);
  *bad += T->n & 1 ? !rb_same(y1, t1, -y2, -t2) : !rb_same(y1, t1, y2, t2);
  if (T->kind == 'I' && T->n == 1) { /* I1 increasing: the pair at the next pattern is not below */
    double y3;
    int t3;
    rb_engine(T->mpfr, xb + 1, &y3, &t3);
    *bad += !(y3 >= y1);
  }
}

/* I_n up to the overflow threshold (512 <= x < XOV) and past it (+inf: I_n increases, and
 * I_n(XOV) > B by the series, test_thresholds) */
static inline void bessel_referee_overflow(const struct bessel_test *T, long *bad, long *undecided) {
  for (int i = 0; i < 60; i++) {
    uint32_t xb = 0x44000000u + rb_rand32() % (T->over - 0x44000000u);
    int c = rb_check_referee_iseries(T->mpfr, T->n, xb);
    *bad += c == 0;
    *undecided += c < 0;
  }
  for (uint32_t b = T->over - 8; b < T->over; b++) *bad += rb_check_referee_iseries(T->mpfr, T->n, b) != 1;
  for (int i = 0; i < 200; i++) {
    uint32_t xb = T->over + rb_rand32() % (RB_INF32 - T->over);
    double y;
    int t;
    rb_engine(T->mpfr, xb, &y, &t);
    *bad += !rb_same(y, t, INFINITY, 1);
  }
}

static inline void bessel_referee_random(const struct bessel_test *T) {
  long bad = 0, undecided = 0;
  for (size_t r = 0; r < T->ranges.n; r++)
    for (int i = 0; i < T->ranges.v[r].n; i++)
      bessel_referee_one(T, rb_rand_in(T->ranges.v[r].lo_e, T->ranges.v[r].hi_e, T->random_sign), &bad, &undecided);
  if (T->kind == 'I') {
    bessel_referee_overflow(T, &bad, &undecided);
  } else { /* the largest binary32 numbers, (Y) the least ones, the first zero's neighbours */
    for (uint32_t b = 0x7f7ffff0u; b <= 0x7f7fffffu; b++) bad += rb_check_referee_arb(T->mpfr, T->kind, T->n, b) != 1;
    if (T->kind == 'Y')
      for (uint32_t b = 1; b <= 16; b++) bad += rb_check_referee_arb(T->mpfr, T->kind, T->n, b) != 1;
    for (int d = -8; d <= 8; d++) bad += rb_check_referee_arb(T->mpfr, T->kind, T->n, f2u(T->first_zero) + d) != 1;
  }
  assert_int_equal(undecided, 0);
  assert_int_equal(bad, 0);
}

/* ref_arb_ziv in the directed modes (I_n): RNDD and RNDU bracket the value by one ulp */
static inline void bessel_ziv_directed(const struct bessel_test *T) {
  static const float xs[] = {0x1p-140f, 1e-3f, 0.75f, 1.0f, 3.5f, 17.25f, 200.0f, 700.0f, 713.98f, 800.0f, 3e38f};
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(-1073);
  mpfr_set_emax(1024);
  mpfr_t X, Yd, Yu, Yz;
  mpfr_init2(X, 24);
  mpfr_inits2(53, Yd, Yu, Yz, (mpfr_ptr)0);
  for (size_t i = 0; i < sizeof xs / sizeof *xs; i++) {
    mpfr_set_flt(X, xs[i], MPFR_RNDN);
    int td = T->mpfr(Yd, X, MPFR_RNDD);
    int tu = T->mpfr(Yu, X, MPFR_RNDU);
    int tz = T->mpfr(Yz, X, MPFR_RNDZ);
    assert_true(td < 0 && tu > 0 && tz < 0);
    assert_true(mpfr_equal_p(Yd, Yz)); /* I_n > 0 for x > 0: toward zero is down */
    double yd = mpfr_get_d(Yd, MPFR_RNDN), yu = mpfr_get_d(Yu, MPFR_RNDN);
    if (xs[i] < 713.0f) {
      assert_true(nextafter(yd, INFINITY) == yu);
      arb_t v, d;
      arb_init(v);
      arb_init(d);
      rb_i_series_mpfr(v, T->n, (double)xs[i], 1024);
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

/* The NaN of Y_n at x < 0 has the bits of MPFR's NaN through mpfr_get_d (refcheck
 * compares bits). */
static inline void bessel_nan_bits(const struct bessel_test *T) {
  mpfr_t nan;
  mpfr_init2(nan, 53);
  mpfr_set_nan(nan);
  double mnan = mpfr_get_d(nan, MPFR_RNDN), y;
  int t;
  mpfr_clear(nan);
  assert_int_equal(T->shortcut(0xbf800000u, &y, &t), 1);
  assert_true(d2u(y) == d2u(mnan) && t == 0);
}

static inline void bessel_shortcut_windows(const struct bessel_test *T) {
  long bad = 0;
  for (size_t i = 0; i < T->windows.n; i++)
    for (int s = 0; s < T->window_signs; s++)
      rb_window(T->shortcut, T->mpfr, T->windows.v[i] | (s ? RB_SIGN32 : 0), 64, &bad);
  assert_int_equal(bad, 0);
  /* it answers exactly on its claimed ranges, not beyond */
  for (int s = 0; s < T->window_signs; s++) {
    uint32_t sg = s ? RB_SIGN32 : 0;
    double y;
    int t;
    for (size_t i = 0; i < T->claims.n; i++)
      for (uint64_t b = T->claims.v[i].lo; b <= T->claims.v[i].hi; b++)
        assert_int_equal(T->shortcut(sg | (uint32_t)b, &y, &t), T->claims.v[i].answers);
  }
  if (T->kind == 'Y') bessel_nan_bits(T);
}

static inline void bessel_shortcut_random(const struct bessel_test *T) {
  long bad = 0, answered = 0;
  for (int i = 0; i < T->n_random; i++) {
    uint32_t b = rb_rand32();
    if (T->tiny_mod && i % T->tiny_mod == 1) b = (b % (T->tiny + 1)) | (b & RB_SIGN32); /* in the tiny range */
    answered += rb_window(T->shortcut, T->mpfr, b, 0, &bad);
  }
  assert_true(answered > T->random_min);
  assert_int_equal(bad, 0);
}

/* random small balls: J, I of both signs with |mid| below 2^ball_exp; Y positive, in
 * [2^-13, 2^12) */
static inline int bessel_series_random(const struct bessel_test *T) {
  int fails = 0;
  for (int i = 0; i < 8; i++) {
    double mid, rad;
    if (T->kind == 'Y') {
      mid = ldexp(0.5 + (double)(rb_rand64() >> 11) * 0x1p-54, (int)(rb_rand64() % 24) - 12);
      rad = ldexp(mid, -35);
    } else {
      mid = ldexp((double)(rb_rand64() >> 11) * 0x1p-53, (int)(rb_rand64() % (uint64_t)T->ball_exp)) *
            ((rb_rand64() & 1) ? 1 : -1);
      rad = ldexp(fabs(mid) + 1, -35);
    }
    int rc = rb_check_series(T->series, T->kind, T->n, mid, rad, 6, 100, 15);
    if (rc != 0) fprintf(stderr, "random ball %a rc %d\n", mid, rc);
    fails += rc != 0;
  }
  return fails;
}

/* Y: -1 where Y_n is not analytic on the whole ball: reaching 0 or below, not finite */
static inline int bessel_series_outside(const struct bessel_test *T) {
  static const double outside[][2] = {{0.0, 0.0}, {0.0, 1.0}, {0.5, 0.5}, {-1.0, 0.1}, {1e-30, 2e-30}, {3.0, 5.0}};
  int fails = 0;
  for (size_t i = 0; i < sizeof outside / sizeof *outside; i++) {
    int rc = rb_check_series(T->series, T->kind, T->n, outside[i][0], outside[i][1], 4, 64, 0);
    if (rc != -1) fprintf(stderr, "outside ball %zu rc %d\n", i, rc);
    fails += rc != -1;
  }
  arb_ptr res = _arb_vec_init(2);
  arb_t x;
  arb_init(x);
  arb_pos_inf(x);
  fails += T->series(res, x, 2, 64) != -1;
  arb_indeterminate(x);
  fails += T->series(res, x, 2, 64) != -1;
  arb_clear(x);
  _arb_vec_clear(res, 2);
  return fails;
}

static inline void bessel_series(const struct bessel_test *T) {
  int fails = 0;
  for (size_t i = 0; i < T->balls.n; i++) {
    const struct bessel_ball *b = &T->balls.v[i];
    int rc = rb_check_series(T->series, T->kind, T->n, b->mid, b->rad, 8, 128, b->tight);
    if (rc != 0) fprintf(stderr, "ball %zu rc %d\n", i, rc);
    fails += rc != 0;
  }
  fails += bessel_series_random(T);
  if (T->kind == 'Y') fails += bessel_series_outside(T);
  fails += rb_check_builder_balls(T->series, T->kind, T->n);
  assert_int_equal(fails, 0);
}

/* --bench: the referee's cost, not a test */
static inline int bessel_main(const struct bessel_test *T, int argc, char **argv, const struct CMUnitTest *tests,
                              size_t ntests) {
  if (argc > 1 && strcmp(argv[1], "--bench") == 0) {
    rb_bench(T->name, T->mpfr, T->bench, T->nbench, 2000);
    return 0;
  }
  int rc = _cmocka_run_group_tests(T->name, tests, ntests, NULL, NULL);
  flint_cleanup();
  mpfr_free_cache();
  return rc;
}

/* I_n's overflow threshold XOV = T->over, against B = 2^1024 - 2^970, the least value RN53
 * rounds to +inf: a, a lower bound of I_n(XOV) in MPFR (each test derives it from its
 * asymptotic expansion, every operation rounded towards a smaller value), must exceed B, by
 * the ratio a/B - 1 within tol of ratio (for the record); and the power series (MPFR,
 * directed rounding) must give I_n(XOV) > B > I_n(the binary32 number below XOV). */
static inline void bessel_set_B(mpfr_t B) {
  mpfr_set_ui_2exp(B, 1, 1024, MPFR_RNDN);
  mpfr_t t;
  mpfr_init2(t, 64);
  mpfr_set_ui_2exp(t, 1, 970, MPFR_RNDN);
  mpfr_sub(B, B, t, MPFR_RNDN); /* exact at >= 60 bits */
  mpfr_clear(t);
}
static inline void bessel_check_overflow(const struct bessel_test *T, mpfr_t a, double ratio, double tol) {
  mpfr_t B;
  mpfr_init2(B, 128);
  bessel_set_B(B);
  assert_true(mpfr_cmp(a, B) > 0);
  mpfr_div(a, a, B, MPFR_RNDN);
  assert_true(fabs(mpfr_get_d(a, MPFR_RNDN) - 1 - ratio) < tol);
  arb_t v, Ba;
  arb_init(v);
  arb_init(Ba);
  arb_set_interval_mpfr(Ba, B, B, 128);
  rb_i_series_mpfr(v, T->n, (double)u2f(T->over), 256);
  assert_true(arb_gt(v, Ba));
  rb_i_series_mpfr(v, T->n, (double)u2f(T->over - 1), 256);
  assert_true(arb_lt(v, Ba));
  arb_clear(v);
  arb_clear(Ba);
  mpfr_clear(B);
}

/* ---- the data the members of a family share ---- */

/* J0 and J1: referee ranges {lo exponent, hi exponent, count}; the windows and claims
 * around their thresholds (tiny: the last pattern of the tiny range; 2^12: where Hankel's
 * expansion (C) starts, reference/shared/bessel_hankel_hd.h: not below, and from there
 * it answers, declines being rare: none here); half the random patterns in the tiny
 * range. */
#define BESSEL_J_DATA(tiny)                                                                                     \
  static const struct bessel_range bessel_ranges[] = {{-149, -26, 80}, {-26, -1, 150}, {-1, 3, 500},              \
                                                      {3, 7, 400},     {7, 20, 150},  {20, 128, 150}};            \
  static const uint32_t bessel_windows[] = {0, tiny, 0x45800000u, RB_INF32};                                      \
  static const struct bessel_claim bessel_claims[] = {                                                            \
      {0, 64, 1}, {tiny - 64, tiny, 1}, {tiny + 1, tiny + 64, 0}, {0x45800000u - 64, 0x45800000u - 1, 0},         \
      {0x45800000u, 0x45800000u + 64, 1}, {RB_INF32 - 64, RB_INF32, 1}, {0x7fc00000u, 0x7fc00000u, 0}};          \
  static const int bessel_bench[][2] = {{-60, -26}, {-26, -1}, {-1, 3}, {3, 7}, {7, 20}, {20, 127}};
#define BESSEL_J(order, tiny_)                                                                                   \
  .kind = 'J', .n = order, .ranges = RE_LIST(bessel_ranges), .random_sign = order, .window_signs = 2,            \
  .windows = RE_LIST(bessel_windows), .claims = RE_LIST(bessel_claims), .n_random = 3000, .tiny_mod = 2,         \
  .tiny = tiny_, .random_min = 1500, .ball_exp = 12, .hankel_e0 = 12, .bench = bessel_bench, .nbench = 6

/* I0 and I1: as J, with the overflow threshold over in place of 2^12 (answered from it on:
 * +-inf), a third of the random patterns in the tiny range; the same series balls. */
#define BESSEL_I_DATA(tiny, over)                                                                               \
  static const struct bessel_range bessel_ranges[] = {                                                            \
      {-149, -26, 80}, {-26, -1, 160}, {-1, 3, 400}, {3, 7, 300}, {7, 9, 80} /* [2^7, 2^9.48): below overflow */}; \
  static const uint32_t bessel_windows[] = {0, tiny, over, RB_INF32};                                             \
  static const struct bessel_claim bessel_claims[] = {                                                            \
      {0, 64, 1},      {tiny - 64, tiny, 1},          {tiny + 1, tiny + 64, 0}, {over - 64, over - 1, 0},         \
      {over, over + 63, 1}, {RB_INF32 - 64, RB_INF32, 1}, {0x7fc00000u, 0x7fc00000u, 0}};                        \
  static const struct bessel_ball bessel_balls[] = {                                                              \
      {0.0, 0.0, 20},      {0x1p-30, 0x1p-60, 20}, {0.3, 0x1p-40, 20},    {-1.7, 0x1p-40, 20},                   \
      {15.9, 0x1p-40, 20}, {16.5, 0x1p-40, 20},    {-30.25, 0x1p-36, 20}, {100.0, 0x1p-30, 20},                  \
      {713.5, 0x1p-30, 20}, {1e4, 0x1p-30, 20},    {0.0, 0.5, 0},         {1.0, 2.0, 0},                         \
      {20.0, 1.0, 0},      {10.0, 30.0, 0},        {0.01, 0.005, 0},      {-8.0, 3.9, 0}};                       \
  static const int bessel_bench[][2] = {{-60, -26}, {-26, -1}, {-1, 3}, {3, 7}, {7, 9}, {9, 10}, {10, 127}};
#define BESSEL_I(order, tiny_, over_)                                                                            \
  .kind = 'I', .n = order, .ranges = RE_LIST(bessel_ranges), .over = over_, .window_signs = 2,                   \
  .windows = RE_LIST(bessel_windows), .claims = RE_LIST(bessel_claims), .n_random = 1500, .tiny_mod = 3,         \
  .tiny = tiny_, .random_min = 900, .balls = RE_LIST(bessel_balls), .ball_exp = 10, .bench = bessel_bench,      \
  .nbench = 7

/* Y0 and Y1, everything but the order, the first zero and Y_n(1): the special values
 * (the pole at +-0, +0 at +inf, NaN for x < 0); the windows around +-0, +-inf and 2^11
 * (where Hankel's expansion starts); the shortcut answers +-0, +inf and every negative
 * non-NaN pattern, nothing else below 2^11; random patterns (the negative half answered);
 * the series balls, the first zero's among them. */
#define BESSEL_Y_TEST(fn, order, zero, at_1)                                                                    \
  BESSEL_DECLARE(fn)                                                                                            \
  static const struct bessel_value bessel_specials[] = {                                                           \
      {0x00000000u, -INFINITY, 0}, {0x80000000u, -INFINITY, 0}, {0x7f800000u, 0.0, 0},   {0xff800000u, NAN, 0},    \
      {0xbf800000u, NAN, 0},       {0x80000001u, NAN, 0},       {0xff7fffffu, NAN, 0},   {0x7fc00000u, NAN, 0},    \
      {0xffc00000u, NAN, 0}};                                                                                   \
  static const struct bessel_range bessel_ranges[] = {{-149, -26, 40}, {-26, -1, 60}, {-1, 3, 200},               \
                                                      {3, 7, 150},     {7, 20, 60},   {20, 128, 60}};             \
  static const uint32_t bessel_windows[] = {0, RB_SIGN32, 0x45000000u, RB_INF32, RB_SIGN32 | RB_INF32};           \
  static const struct bessel_claim bessel_claims[] = {                                                            \
      {0, 0, 1}, {RB_INF32, RB_INF32, 1}, {1, 64, 0}, {0x45000000u - 64, 0x45000000u - 1, 0},                   \
      {0x45000000u, 0x45000000u + 64, 1}, {RB_INF32 - 64, RB_INF32 - 1, 1}, {RB_SIGN32, RB_SIGN32 | 64, 1},      \
      {(RB_SIGN32 | RB_INF32) - 64, RB_SIGN32 | RB_INF32, 1}, {0x7fc00000u, 0x7fc00000u, 0},                    \
      {0xff800001u, 0xff800001u, 0}};                                                                           \
  static const struct bessel_ball bessel_balls[] = {                                                              \
      {1.0, 0.0, 20},      {0x1p-30, 0x1p-60, 20}, {1e-30, 1e-40, 20},  {0.3, 0x1p-40, 20},                      \
      {zero, 0x1p-30, 20}, {15.9, 0x1p-40, 20},    {16.5, 0x1p-40, 20}, {30.25, 0x1p-36, 20},                    \
      {100.0, 0x1p-30, 20}, {1e4, 0x1p-30, 20},    {3.3e6, 0x1p-20, 10}, {1e10, 0x1p-10, 0},                     \
      {2.0, 1.0, 0},       {20.0, 10.0, 0},        {0.01, 0.005, 0},    {1e-5, 0.9e-5, 0}};                      \
  static const int bessel_bench[][2] = {{-149, -26}, {-26, -1}, {-1, 3}, {3, 7}, {7, 20}, {20, 127}};             \
  static const struct bessel_test fn##_test = {                                                                   \
      BESSEL_FUNCTIONS(fn), .kind = 'Y', .n = order, .value_at_1 = at_1, .special = RE_LIST(bessel_specials),     \
      .ranges = RE_LIST(bessel_ranges), .first_zero = zero, .window_signs = 1, .windows = RE_LIST(bessel_windows), \
      .claims = RE_LIST(bessel_claims), .n_random = 3000, .random_min = 1300, .balls = RE_LIST(bessel_balls),   \
      .hankel_e0 = 11, .bench = bessel_bench, .nbench = 6};

/* The referee, shortcut and series of the function name, declared for its test. */
#define BESSEL_DECLARE(name)                                         \
  int ref_##name##_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd); \
  int ref_##name##_shortcut(uint32_t xb, double *y, int *t);        \
  int ref_##name##_series(arb_ptr res, const arb_t x, slong len, slong prec);
#define BESSEL_FUNCTIONS(fn) \
  .name = #fn, .mpfr = ref_##fn##_mpfr, .shortcut = ref_##fn##_shortcut, .series = ref_##fn##_series

#define BESSEL_TEST(T, test, fn)  \
  static void test(void **state) { \
    (void)state;                   \
    fn(&(T));                      \
  }

/* The test program of the struct bessel_test T, with the function's own tests (listed
 * after test_special). */
#define BESSEL_MAIN(T, ...)                                                                                      \
  BESSEL_TEST(T, test_checker_rejects, bessel_checker_rejects)                                                  \
  BESSEL_TEST(T, test_special, bessel_special)                                                                  \
  BESSEL_TEST(T, test_referee_random, bessel_referee_random)                                                    \
  BESSEL_TEST(T, test_ziv_directed, bessel_ziv_directed)                                                        \
  BESSEL_TEST(T, test_shortcut_windows, bessel_shortcut_windows)                                                \
  BESSEL_TEST(T, test_shortcut_random, bessel_shortcut_random)                                                  \
  BESSEL_TEST(T, test_series, bessel_series)                                                                    \
  static void test_hankel(void **state) {                                                                       \
    (void)state;                                                                                                \
    hk_test((T).shortcut, (T).n, (T).kind == 'Y', (T).hankel_e0);                                               \
  }                                                                                                             \
  int main(int argc, char **argv) {                                                                             \
    const struct CMUnitTest tests[] = {                                                                         \
        cmocka_unit_test(test_checker_rejects), cmocka_unit_test(test_special), ##__VA_ARGS__,                \
        cmocka_unit_test(test_referee_random),  cmocka_unit_test(test_ziv_directed),                           \
        cmocka_unit_test(test_shortcut_windows), cmocka_unit_test(test_shortcut_random),                       \
        cmocka_unit_test(test_series),          cmocka_unit_test(test_hankel)};                                \
    /* test_ziv_directed for I_n only, test_hankel for J_n and Y_n */                                           \
    struct CMUnitTest run[sizeof tests / sizeof *tests];                                                       \
    size_t n = 0;                                                                                               \
    for (size_t i = 0; i < sizeof tests / sizeof *tests; i++)                                                   \
      if (!(tests[i].test_func == test_ziv_directed && (T).kind != 'I') &&                                     \
          !(tests[i].test_func == test_hankel && (T).kind == 'I'))                                              \
        run[n++] = tests[i];                                                                                    \
    return bessel_main(&(T), argc, argv, run, n);                                                               \
  }

#endif
