/* refbessel_test.h: the checks that the tests of the Bessel references share
 * (functions/<name>/test_<name>.c for j0, j1, y0, y1, cyl_bessel_i0, cyl_bessel_i1), on
 * top of the helpers of refbessel_util.h. A test names its reference in a struct rb_ref;
 * every expected value still comes from the test (or from Arb, MPFR or a search here,
 * independent of the reference). Build: functions/TESTING-refbessel.md. */
#ifndef REFBESSEL_TEST_H
#define REFBESSEL_TEST_H

#define REFBESSEL_TESTING
#include "functions/refbessel_util.h"

/* A Bessel reference under test: F_n of kind 'J', 'Y' or 'I', and its three functions. */
struct rb_ref {
  const char *name; /* the function folder's name: test group and --bench output */
  char kind;
  int n;
  rb_mpfr_fn mpfr;
  rb_shortcut_fn shortcut;
  rb_series_fn series;
};

/* The referee's pair at xb through the engine's calling sequence must be (y, t). */
static inline void rb_expect(const struct rb_ref *r, uint32_t xb, double y, int t) {
  double yr;
  int tr;
  rb_engine(r->mpfr, xb, &yr, &tr);
  assert_true(rb_same(yr, tr, y, t));
}

/* The checker itself must be able to fail: at x = 1, where v encloses F_n(1), the
 * referee's pair passes rb_check_rn53, its binary64 neighbours and the other ternary
 * value do not; and y is the tabulated value want. */
static inline void rb_check_checker(const struct rb_ref *r, const arb_t v, double want) {
  double y;
  int t;
  rb_engine(r->mpfr, 0x3f800000u, &y, &t);
  assert_int_equal(rb_check_rn53(y, t, v), 1);
  assert_int_equal(rb_check_rn53(nextafter(y, INFINITY), t, v), 0);
  assert_int_equal(rb_check_rn53(nextafter(y, -INFINITY), t, v), 0);
  assert_int_equal(rb_check_rn53(y, -t, v), 0);
  assert_true(fabs(y - want) < 1e-15);
}

/* rb_check_checker against Arb's F_n(1) at 200 bits. */
static inline void rb_check_checker_arb(const struct rb_ref *r, double want) {
  arb_t v, x;
  arb_init(v);
  arb_init(x);
  arb_one(x);
  rb_bessel(v, r->kind, r->n, x, 200);
  rb_check_checker(r, v, want);
  arb_clear(v);
  arb_clear(x);
}

/* The referee against Arb at random patterns: ranges[] holds {lo exponent, hi exponent,
 * count}; both signs for the odd orders, with the symmetry checked (F_n(-x) = (-1)^n
 * F_n(x)). Wrong answers add to *bad, undecided ones to *undecided. */
static inline void rb_referee_symmetric(const struct rb_ref *r, const int (*ranges)[3], size_t nr, long *bad,
                                        long *undecided) {
  int odd = r->n & 1;
  for (size_t k = 0; k < nr; k++)
    for (int i = 0; i < ranges[k][2]; i++) {
      uint32_t xb = rb_rand_in(ranges[k][0], ranges[k][1], odd);
      int c = rb_check_referee_arb(r->mpfr, r->kind, r->n, xb);
      *bad += c == 0;
      *undecided += c < 0;
      double y1, y2;
      int t1, t2;
      rb_engine(r->mpfr, xb, &y1, &t1);
      rb_engine(r->mpfr, xb ^ RB_SIGN32, &y2, &t2);
      *bad += odd ? !rb_same(y1, t1, -y2, -t2) : !rb_same(y1, t1, y2, t2);
    }
}

/* rb_window over every pattern within 64 of each bound (with both signs when
 * both_signs); failures added to *bad. */
static inline void rb_windows(const struct rb_ref *r, const uint32_t *bounds, size_t n, int both_signs, long *bad) {
  for (size_t i = 0; i < n; i++)
    for (int s = 0; s < 1 + both_signs; s++) rb_window(r->shortcut, r->mpfr, bounds[i] | (s ? RB_SIGN32 : 0), 64, bad);
}

/* The shortcut answers every pattern with the sign sg from 0 to tiny, and none of the 64
 * patterns after tiny. */
static inline void rb_answers_tiny(const struct rb_ref *r, uint32_t sg, uint32_t tiny) {
  double y;
  int t;
  for (uint32_t b = 0; b <= 64; b++) assert_int_equal(r->shortcut(sg | b, &y, &t), 1);
  for (uint32_t b = tiny - 64; b <= tiny; b++) assert_int_equal(r->shortcut(sg | b, &y, &t), 1);
  for (uint32_t b = tiny + 1; b <= tiny + 64; b++) assert_int_equal(r->shortcut(sg | b, &y, &t), 0);
}

/* The shortcut against the referee at count random patterns, every period-th one (from
 * the first) moved into the tiny range |x| <= tiny; returns how many it answered,
 * failures added to *bad. */
static inline long rb_shortcut_random(const struct rb_ref *r, uint32_t tiny, int count, int period, long *bad) {
  long answered = 0;
  for (int i = 0; i < count; i++) {
    uint32_t b = rb_rand32();
    if (i % period == 1) b = (b % (tiny + 1)) | (b & RB_SIGN32);
    answered += rb_window(r->shortcut, r->mpfr, b, 0, bad);
  }
  return answered;
}

/* The series at each ball {mid, rad, tight} (8 coefficients at 128 bits), where
 * rb_check_series must return 0; the number of failures, each reported. */
static inline int rb_series_balls(const struct rb_ref *r, const double (*balls)[3], size_t n) {
  int fails = 0;
  for (size_t i = 0; i < n; i++) {
    int rc = rb_check_series(r->series, r->kind, r->n, balls[i][0], balls[i][1], 8, 128, (int)balls[i][2]);
    if (rc != 0) fprintf(stderr, "ball %zu rc %d\n", i, rc);
    fails += rc != 0;
  }
  return fails;
}

/* The series at 8 random small balls: centres of either sign below 2^emax, radii about
 * 2^-35 of them (6 coefficients at 100 bits, tight); the number of failures. */
static inline int rb_series_random(const struct rb_ref *r, int emax) {
  int fails = 0;
  for (int i = 0; i < 8; i++) {
    double mid = ldexp((double)(rb_rand64() >> 11) * 0x1p-53, (int)(rb_rand64() % (uint64_t)emax)) * ((rb_rand64() & 1) ? 1 : -1);
    int rc = rb_check_series(r->series, r->kind, r->n, mid, ldexp(fabs(mid) + 1, -35), 6, 100, 15);
    if (rc != 0) fprintf(stderr, "random ball %a rc %d\n", mid, rc);
    fails += rc != 0;
  }
  return fails;
}

/* ---- I0 and I1 ---- */

/* B = 2^1024 - 2^970, the least value RN53 rounds to +inf */
static inline void rb_set_B(mpfr_t B) {
  mpfr_set_ui_2exp(B, 1, 1024, MPFR_RNDN);
  mpfr_t t;
  mpfr_init2(t, 64);
  mpfr_set_ui_2exp(t, 1, 970, MPFR_RNDN);
  mpfr_sub(B, B, t, MPFR_RNDN); /* exact at >= 60 bits */
  mpfr_clear(t);
}

/* a = e^X / sqrt(2 pi X) rounded down (b is scratch): the leading term of the lower
 * bound L_n(X) of I_n(X) */
static inline void rb_i_leading_down(mpfr_t a, mpfr_t b, const mpfr_t X) {
  mpfr_exp(a, X, MPFR_RNDD);          /* e^X down */
  mpfr_const_pi(b, MPFR_RNDU);        /* pi up */
  mpfr_mul(b, b, X, MPFR_RNDU);
  mpfr_mul_2ui(b, b, 1, MPFR_RNDU);
  mpfr_sqrt(b, b, MPFR_RNDU);         /* sqrt(2 pi X) up */
  mpfr_div(a, a, b, MPFR_RNDD);
}

/* and the power series: I_n(XOV) > B > I_n(previous binary32), XOV = over */
static inline void rb_i_series_brackets(int n, uint32_t over, const mpfr_t B) {
  arb_t v, Ba;
  arb_init(v);
  arb_init(Ba);
  arb_set_interval_mpfr(Ba, B, B, 128);
  rb_i_series_mpfr(v, n, (double)rb_u2f(over), 256);
  assert_true(arb_gt(v, Ba));
  rb_i_series_mpfr(v, n, (double)rb_u2f(over - 1), 256);
  assert_true(arb_lt(v, Ba));
  arb_clear(v);
  arb_clear(Ba);
}

/* The referee of I_n against the MPFR power series and against Arb at random patterns
 * (ranges[] as for rb_referee_symmetric, positive x), with the symmetry at -x and, for
 * I1, that it does not decrease at the next pattern. */
static inline void rb_i_referee_ranges(const struct rb_ref *r, const int (*ranges)[3], size_t nr, long *bad,
                                       long *undecided) {
  for (size_t k = 0; k < nr; k++)
    for (int i = 0; i < ranges[k][2]; i++) {
      uint32_t xb = rb_rand_in(ranges[k][0], ranges[k][1], 0);
      int c = rb_check_referee_iseries(r->mpfr, r->n, xb);
      *bad += c == 0;
      *undecided += c < 0;
      /* and Arb's I_n, independent of the power series the referee sums for |x| < 4 */
      c = rb_check_referee_arb(r->mpfr, 'I', r->n, xb);
      *bad += c == 0;
      *undecided += c < 0;
      double y1, y2;
      int t1, t2;
      rb_engine(r->mpfr, xb, &y1, &t1);
      rb_engine(r->mpfr, xb | RB_SIGN32, &y2, &t2);
      if (r->n & 1) {
        *bad += !rb_same(y1, t1, -y2, -t2); /* oddness */
        /* increasing: the pair at the next pattern is not below */
        double y3;
        int t3;
        rb_engine(r->mpfr, xb + 1, &y3, &t3);
        *bad += !(y3 >= y1);
      } else {
        *bad += !rb_same(y1, t1, y2, t2); /* evenness */
      }
    }
}

/* The referee of I_n up to the overflow threshold over (512 <= x < XOV) against the
 * power series, and beyond it +inf: I_n increases, and I_n(XOV) > B by the series. */
static inline void rb_i_referee_overflow(const struct rb_ref *r, uint32_t over, long *bad, long *undecided) {
  for (int i = 0; i < 60; i++) {
    uint32_t xb = 0x44000000u + rb_rand32() % (over - 0x44000000u);
    int c = rb_check_referee_iseries(r->mpfr, r->n, xb);
    *bad += c == 0;
    *undecided += c < 0;
  }
  for (uint32_t b = over - 8; b < over; b++) *bad += rb_check_referee_iseries(r->mpfr, r->n, b) != 1;
  for (int i = 0; i < 200; i++) {
    uint32_t xb = over + rb_rand32() % (RB_INF32 - over);
    double y;
    int t;
    rb_engine(r->mpfr, xb, &y, &t);
    *bad += !rb_same(y, t, INFINITY, 1);
  }
}

/* ref_arb_ziv in the directed modes: RNDD and RNDU bracket the value by one ulp (against
 * the MPFR power series), RNDZ is RNDD (I_n > 0 for x > 0); past the overflow threshold
 * RNDD gives DBL_MAX and RNDU +inf. */
static inline void rb_i_ziv_directed(const struct rb_ref *r) {
  static const float xs[] = {0x1p-140f, 1e-3f, 0.75f, 1.0f, 3.5f, 17.25f, 200.0f, 700.0f, 713.98f, 800.0f, 3e38f};
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(-1073);
  mpfr_set_emax(1024);
  mpfr_t X, Yd, Yu, Yz;
  mpfr_init2(X, 24);
  mpfr_inits2(53, Yd, Yu, Yz, (mpfr_ptr)0);
  for (size_t i = 0; i < sizeof xs / sizeof *xs; i++) {
    mpfr_set_flt(X, xs[i], MPFR_RNDN);
    int td = r->mpfr(Yd, X, MPFR_RNDD);
    int tu = r->mpfr(Yu, X, MPFR_RNDU);
    int tz = r->mpfr(Yz, X, MPFR_RNDZ);
    assert_true(td < 0 && tu > 0 && tz < 0);
    assert_true(mpfr_equal_p(Yd, Yz)); /* I_n > 0 for x > 0: toward zero is down */
    double yd = mpfr_get_d(Yd, MPFR_RNDN), yu = mpfr_get_d(Yu, MPFR_RNDN);
    if (xs[i] < 713.0f) {
      assert_true(nextafter(yd, INFINITY) == yu);
      arb_t v, d;
      arb_init(v);
      arb_init(d);
      rb_i_series_mpfr(v, r->n, (double)xs[i], 1024);
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

/* The test program of reference ref (a struct rb_ref): with the argument --bench it runs
 * no test but rb_bench over bench_ranges ({lo, hi} binade pairs); else the cmocka tests
 * listed, as the group ref.name. */
#define RB_TEST_MAIN(ref, bench_ranges, ...)                                                                        \
  int main(int argc, char **argv) {                                                                                \
    if (argc > 1 && strcmp(argv[1], "--bench") == 0) { /* referee cost, not a test */                              \
      rb_bench((ref).name, (ref).mpfr, bench_ranges, (int)(sizeof bench_ranges / sizeof *bench_ranges), 2000);    \
      return 0;                                                                                                    \
    }                                                                                                              \
    const struct CMUnitTest tests[] = {__VA_ARGS__};                                                               \
    int rc = cmocka_run_group_tests_name((ref).name, tests, NULL, NULL);                                           \
    flint_cleanup();                                                                                               \
    mpfr_free_cache();                                                                                             \
    return rc;                                                                                                     \
  }

#endif
