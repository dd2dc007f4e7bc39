/* test_ibinv.c: the ball evaluator's inverse functions (erfinv, erfcinv, normcdfinv:
 * reference/interval/ib_inv.h) and step functions (floor, ceil, trunc, round, rint,
 * nearbyint, logb: ib_step.h) against naive Arb and MPFR loops written here.
 *
 * Each expression is written a second time as a plain evaluation in the order the formula
 * reads: Arb's own erfinv and erfcinv (arb_hypgeom_erfinv, arb_hypgeom_erfcinv; normcdfinv p
 * = -sqrt(2) erfcinv(2p)), and the step functions applied by MPFR (mpfr_floor, mpfr_ceil,
 * mpfr_trunc, mpfr_round: half-way cases away from 0, mpfr_rint in MPFR_RNDN: to even;
 * logb as the exponent of |v| minus 1) to both ends of the argument's Arb ball, exactly,
 * the value known only where both ends give the same integer. The value at x is computed
 * (ib_test.h's ib_naive_pair) at 64, 128, ... 8192 bits until the ball's ends round to the
 * same binary64 number on the same side of it (round to nearest even with subnormals,
 * mpfr_get_d; t the sign of y minus the exact value), which is then the exact pair. Inputs
 * where it cannot decide (the value an exact zero, whose sign is IEEE's rule; a step
 * function's argument exactly on a boundary, which no ball of Arb's isolates) are counted
 * apart; the test asserts that both sides decide most inputs, so that it cannot pass by
 * deciding nothing. For every input both decide, the pairs are equal bit for bit (y and t).
 *
 * And: exact values the balls must never claim wrongly (floor(sqrt(x)^2) = x at integer x,
 * the argument exactly an integer that no ball isolates; erfinv(erf(x)) = x), derived by
 * hand; the domain (NaN outside, no decision at the poles); the tails (normcdfinv at
 * 10^-30, erfinv(1-x) for x down to 2^-149). */
#include "testutil.h"
#include "ib_test.h"

#include <arb.h>
#include <arb_hypgeom.h>
#include <math.h>
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>

#include "reference/expr/expr.h"
#include "reference/interval/ib_prog.h"

/* ---- the naive evaluations ---- */

static void n_erfinv(arb_t y, const arb_t x, slong p) {
  arb_t one, a;
  arb_init(one), arb_init(a);
  arb_one(one);
  arb_abs(a, x);
  if (arb_lt(a, one)) arb_hypgeom_erfinv(y, x, p); /* outside (-1, 1): no value */
  else arb_indeterminate(y);
  arb_clear(one), arb_clear(a);
}
static void n_erfcinv(arb_t y, const arb_t x, slong p) {
  arb_t two;
  arb_init(two);
  arb_set_ui(two, 2);
  if (arb_is_positive(x) && arb_lt(x, two)) arb_hypgeom_erfcinv(y, x, p);
  else arb_indeterminate(y);
  arb_clear(two);
}
static void n_normcdfinv(arb_t y, const arb_t x, slong p) { /* -sqrt(2) erfcinv(2x) */
  arb_t t;
  arb_init(t);
  arb_mul_2exp_si(t, x, 1);
  n_erfcinv(y, t, p);
  arb_sqrt_ui(t, 2, p);
  arb_mul(y, y, t, p);
  arb_neg(y, y);
  arb_clear(t);
}

/* the step functions on both ends of v, exactly (8400-bit ends; an end beyond 2^8000
 * or not finite, or ends that differ: no value) */
enum { S_FLOOR, S_CEIL, S_TRUNC, S_ROUND, S_RINT, S_LOGB };
static void n_step(arb_t y, const arb_t v, int kind) {
  mpfr_t e[2];
  mpfr_init2(e[0], 8400), mpfr_init2(e[1], 8400);
  arb_get_interval_mpfr(e[0], e[1], v);
  int ok = 1;
  long lg[2] = {0, 0};
  for (int i = 0; i < 2; i++) {
    if (!mpfr_number_p(e[i]) || (!mpfr_zero_p(e[i]) && mpfr_get_exp(e[i]) > 8000)) {
      ok = 0;
      continue;
    }
    switch (kind) {
    case S_FLOOR: mpfr_floor(e[i], e[i]); break;
    case S_CEIL: mpfr_ceil(e[i], e[i]); break;
    case S_TRUNC: mpfr_trunc(e[i], e[i]); break;
    case S_ROUND: mpfr_round(e[i], e[i]); break;
    case S_RINT: mpfr_rint(e[i], e[i], MPFR_RNDN); break;
    default:
      if (mpfr_zero_p(e[i])) ok = 0;
      else lg[i] = mpfr_get_exp(e[i]) - 1; /* |v| = 0.1b.. 2^E: floor(log2 |v|) = E - 1 */
    }
  }
  if (ok && kind == S_LOGB) ok = lg[0] == lg[1] && mpfr_sgn(e[0]) == mpfr_sgn(e[1]);
  else if (ok) ok = mpfr_equal_p(e[0], e[1]);
  if (!ok) arb_indeterminate(y);
  else if (kind == S_LOGB) arb_set_si(y, lg[0]);
  else arb_set_interval_mpfr(y, e[0], e[0], 8400);
  mpfr_clear(e[0]), mpfr_clear(e[1]);
}
#define STEP1(name, kind)                                                                                          \
  static void name(arb_t y, const arb_t x, slong p) {                                                              \
    (void)p;                                                                                                       \
    n_step(y, x, kind);                                                                                            \
  }
STEP1(n_floor, S_FLOOR)
STEP1(n_ceil, S_CEIL)
STEP1(n_trunc, S_TRUNC)
STEP1(n_round, S_ROUND)
STEP1(n_rint, S_RINT)
STEP1(n_logb, S_LOGB)

static void c_erfinv1mx(arb_t y, const arb_t x, slong p) { /* erfinv(1-x) */
  arb_sub_ui(y, x, 1, p);
  arb_neg(y, y);
  n_erfinv(y, y, p);
}
static void c_erfinv2(arb_t y, const arb_t x, slong p) { /* erfinv(x)*2 */
  n_erfinv(y, x, p);
  arb_mul_2exp_si(y, y, 1);
}
static void c_ncdfinvx(arb_t y, const arb_t x, slong p) { /* normcdfinv(x)+x */
  n_normcdfinv(y, x, p);
  arb_add(y, y, x, p);
}
static void c_erfcinvm1(arb_t y, const arb_t x, slong p) { /* erfcinv(x)-1 */
  n_erfcinv(y, x, p);
  arb_sub_ui(y, y, 1, p);
}
static void c_erfinvsin(arb_t y, const arb_t x, slong p) { /* erfinv(sin(x)) */
  arb_sin(y, x, p);
  n_erfinv(y, y, p);
}
static void c_ncdfinvx2(arb_t y, const arb_t x, slong p) { /* normcdfinv(x*x) */
  arb_sqr(y, x, p);
  n_normcdfinv(y, y, p);
}
static void c_erfcinvx2(arb_t y, const arb_t x, slong p) { /* erfcinv(2-x*x)/x */
  arb_sqr(y, x, p);
  arb_sub_ui(y, y, 2, p);
  arb_neg(y, y);
  n_erfcinv(y, y, p);
  arb_div(y, y, x, p);
}
static void c_xfloor(arb_t y, const arb_t x, slong p) { /* x-floor(x) */
  n_floor(y, x, p);
  arb_sub(y, x, y, p);
}
static void c_round16(arb_t y, const arb_t x, slong p) { /* round(x*16)/16 */
  arb_mul_2exp_si(y, x, 4);
  n_round(y, y, p);
  arb_mul_2exp_si(y, y, -4);
}
static void c_floorexp(arb_t y, const arb_t x, slong p) { /* floor(exp(x)) */
  arb_exp(y, x, p);
  n_floor(y, y, p);
}
static void c_logbsin(arb_t y, const arb_t x, slong p) { /* logb(sin(x)) */
  arb_sin(y, x, p);
  n_logb(y, y, p);
}
static void c_ceil3(arb_t y, const arb_t x, slong p) { /* ceil(x/3)-x/3 */
  arb_t t;
  arb_init(t);
  arb_div_ui(t, x, 3, p);
  n_ceil(y, t, p);
  arb_sub(y, y, t, p);
  arb_clear(t);
}
static void c_rintlog(arb_t y, const arb_t x, slong p) { /* rint(log(fabs(x))*8)+trunc(x*pi) */
  arb_t t;
  arb_init(t);
  arb_abs(y, x);
  arb_log(y, y, p);
  arb_mul_2exp_si(y, y, 3);
  n_rint(y, y, p);
  arb_const_pi(t, p);
  arb_mul(t, t, x, p);
  n_trunc(t, t, p);
  arb_add(y, y, t, p);
  arb_clear(t);
}
static void c_erfinvfloor(arb_t y, const arb_t x, slong p) { /* erfinv(x-trunc(x)) */
  n_trunc(y, x, p);
  arb_sub(y, x, y, p);
  n_erfinv(y, y, p);
}

/* The inputs: the binades around 2^-149, 2^-126, 2^-60, 2^-20, 1/2, 1, 2, 2^20, 2^64, 2^127
 * of both signs (the first and last input and 10 random ones of each binade [2^k, 2^(k+1))
 * and of the one below), 0, 1, the smallest subnormal, 10^-30, 1 - 2^-24, 1 + 2^-23 and 2 -
 * 2^-23 and their neighbours, and (steps) the integers and half-integers 1/2 .. 40 and
 * 2^23 +- 1/2, 2^24 +- 1 with their neighbours; then 64 random inputs of (-2, 2). */
static int inputs(uint32_t *in) {
  static const int binades[] = {-149, -126, -60, -20, -1, 0, 1, 20, 64, 127};
  int n = 0;
  for (int s = 0; s < 2; s++) {
    const uint32_t sg = s ? 0x80000000u : 0;
    n = ib_sweep(in, n, sg, binades, (int)(sizeof binades / sizeof binades[0]), 10);
    const uint32_t special[] = {0, 1, 0x0da24260u /* 1e-30 */, 0x3f7fffffu, 0x3f800000u, 0x3f800001u, 0x3fffffffu,
                                0x40000000u};
    for (size_t i = 0; i < sizeof special / sizeof special[0]; i++) {
      in[n++] = sg | special[i];
      if (special[i] > 1) in[n++] = sg | (special[i] - 1), in[n++] = sg | (special[i] + 1);
    }
    for (int k = 1; k <= 80; k++) n = ib_around(in, n, sg | f2u((float)k / 2), 1); /* k/2 */
    const float big[] = {0x1p23f + 0.5f, 0x1p23f - 0.5f, 0x1p24f + 2, 0x1p24f - 1};
    for (int i = 0; i < 4; i++) n = ib_around(in, n, sg | f2u(big[i]), 1);
  }
  for (int i = 0; i < 64; i++) in[n++] = (i & 1 ? 0x80000000u : 0) | (0x30000000u + ib_next32() % 0xf800000u);
  return n;
}

/* every case: 0 differ; the balls decide all but 2% of what the naive loop decides, and
 * the naive loop decides at least min_naive inputs */
static void run_cases(const struct ib_ncase *cs, int nc, long min_naive) {
  static uint32_t in[2048];
  const int n = inputs(in);
  assert_true(n <= 2048);
  long total = 0;
  for (int c = 0; c < nc; c++) {
    const struct ib_tally t = ib_compare(cs[c].text, cs[c].f, in, n);
    printf("  %-34s %d inputs: the naive loop decides %ld, the balls %ld, both %ld, %ld differ\n", cs[c].text, n,
           t.naive, t.balls, t.both, t.bad);
    assert_int_equal(t.bad, 0);
    assert_true(t.naive >= min_naive);
    assert_true(t.both * 100 >= t.naive * 98);
    total += t.both;
  }
  printf("  %ld pairs compared, 0 differ\n", total);
}

static const struct ib_ncase inv_cases[] = {
    {"erfinv(x)", n_erfinv},        {"erfcinv(x)", n_erfcinv},         {"normcdfinv(x)", n_normcdfinv},
    {"erfinv(1-x)", c_erfinv1mx},   {"erfinv(x)*2", c_erfinv2},        {"normcdfinv(x)+x", c_ncdfinvx},
    {"erfcinv(x)-1", c_erfcinvm1},  {"erfinv(sin(x))", c_erfinvsin},   {"normcdfinv(x*x)", c_ncdfinvx2},
    {"erfcinv(2-x*x)/x", c_erfcinvx2},
};
static void test_inverses(void **state) {
  (void)state;
  run_cases(inv_cases, (int)(sizeof inv_cases / sizeof inv_cases[0]), 150);
  flint_cleanup();
}

/* Every precision alone (64 to 1280 bits, ib_decide_level): each decision equals the
 * naive loop's pair, and each precision decides 90% of what the naive loop decides (the
 * series lengths, constants and brackets scale with the words; erfinv(1-x) from 256 bits,
 * where 1 - x is exact for every x). Every 4th input, NaNs aside. */
static void test_levels(void **state) {
  (void)state;
  static uint32_t in[2048];
  const int n = inputs(in);
  const struct ib_ncase *cs[] = {&inv_cases[0], &inv_cases[1], &inv_cases[2], &inv_cases[3]};
  for (size_t c = 0; c < sizeof cs / sizeof cs[0]; c++) {
    static struct ib_test_prog p;
    assert_int_equal(ib_test_load(cs[c]->text, &p, 0), 0);
    long naive = 0, dec[IB_LEVELS] = {0};
    for (int i = 0; i < n; i += 4) {
      double yn, yb;
      int tn, tb;
      if (!ib_naive_pair(cs[c]->f, in[i], &yn, &tn) || isnan(yn)) continue;
      naive++;
      for (int lev = 0; lev < IB_LEVELS; lev++) {
        if (ib_decide_level(&p.P, in[i], lev, &yb, &tb) != 1) continue;
        dec[lev]++;
        if (d2u(yb) != d2u(yn) || tb != tn)
          fprintf(stderr, "  %s at 0x%08x, %d words: %a t=%d, naive %a t=%d\n", cs[c]->text, in[i], ib_level_words(lev), yb, tb, yn,
                  tn);
        assert_true(d2u(yb) == d2u(yn) && tb == tn);
      }
    }
    printf("  %-12s the naive loop decides %ld; each precision alone, 64 to 1280 bits: %ld %ld %ld %ld %ld %ld\n",
           cs[c]->text, naive, dec[0], dec[1], dec[2], dec[3], dec[4], dec[5]);
    /* erfinv(1-x): 1 - x holds x < 2^-64 only from 2 words (x = 2^-149: 3 words, 256 bits) */
    for (int lev = c == 3 ? 2 : 0; lev < IB_LEVELS; lev++) assert_true(dec[lev] * 10 >= naive * 9);
  }
  flint_cleanup();
}

static const struct ib_ncase step_cases[] = {
    {"floor(x)", n_floor},
    {"ceil(x)", n_ceil},
    {"trunc(x)", n_trunc},
    {"round(x)", n_round},
    {"rint(x)", n_rint},
    {"nearbyint(x)", n_rint},
    {"logb(x)", n_logb},
    {"x-floor(x)", c_xfloor},
    {"round(x*16)/16", c_round16},
    {"floor(exp(x))", c_floorexp},
    {"logb(sin(x))", c_logbsin},
    {"ceil(x/3)-x/3", c_ceil3},
    {"rint(log(fabs(x))*8)+trunc(x*pi)", c_rintlog},
    {"erfinv(x-trunc(x))", c_erfinvfloor},
};
static void test_steps(void **state) {
  (void)state;
  run_cases(step_cases, (int)(sizeof step_cases / sizeof step_cases[0]), 300);
  flint_cleanup();
}

/* the program of text, decided at xb: 1 and (y, t), or 0 */
static int decide(const char *text, float xf, double *y, int *t) {
  static struct ib_test_prog p;
  assert_int_equal(ib_test_load(text, &p, 0), 0);
  int words = 0;
  return ib_decide(&p.P, f2u(xf), y, t, &words);
}

/* Values the balls must never get wrong where no ball isolates the argument from a
 * boundary: sqrt(k)^2 = k exactly at an integer k, so floor, ceil, round and rint of it
 * are k (ternary 0) and logb is floor(log2 k), yet every ball of sqrt(k)^2 for non-square k
 * straddles k: each answer is either none or exactly that. Likewise erfinv(erf(x)) = x,
 * erfcinv(erfc(x)) = x and normcdfinv(normcdf(x)) = x exactly: (x, 0), which no ball of
 * positive radius can decide. */
static void test_exact_points(void **state) {
  (void)state;
  static const char *const steps[] = {"floor(sqrt(x)^2)", "ceil(sqrt(x)^2)", "round(sqrt(x)^2)", "rint(sqrt(x)^2)",
                                      "logb(sqrt(x)^2)"};
  int decided = 0;
  for (int k = 1; k <= 70; k++)
    for (int i = 0; i < 5; i++) {
      double y;
      int t;
      if (!decide(steps[i], (float)k, &y, &t)) continue;
      decided++;
      const double want = i < 4 ? k : floor(log2((double)k));
      if (y != want || t != 0) fprintf(stderr, "  %s at %d: %a t=%d, not %a\n", steps[i], k, y, t, want);
      assert_true(y == want && t == 0);
    }
  printf("  step functions of sqrt(k)^2, k = 1..70: %d of 350 decided, all exact\n", decided);
  static const char *const inv[] = {"erfinv(erf(x))", "erfcinv(erfc(x))", "normcdfinv(normcdf(x))"};
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 40; j++) {
      const float x = (float)(j - 20) / 8 + 0.0625f;
      double y;
      int t;
      if (decide(inv[i], x, &y, &t)) {
        fprintf(stderr, "  %s at %a: decided %a t=%d\n", inv[i], (double)x, y, t);
        assert_true(y == (double)x && t == 0);
      }
    }
}

/* the domain: NaN wholly outside (the host's pair: IB_NAN_BITS, t 0), the exact
 * infinities at the poles (ib_inf.h: erfinv(+-1) = +-inf, erfcinv(2) = -inf,
 * normcdfinv(1) = +inf, logb(+0) = -inf; t 0); and the tails, against the naive loop */
static void test_domain_tails(void **state) {
  (void)state;
  const struct {
    const char *text;
    float x;
    int nan;
  } dom[] = {{"erfinv(x)", 2, 1},       {"erfinv(x)", -1.5f, 1},     {"erfinv(x)", 1, 3},     {"erfinv(x)", -1, 4},
             {"erfcinv(x)", -0.5f, 1},  {"erfcinv(x)", 2.5f, 1},     {"erfcinv(x)", 2, 4},    {"erfcinv(x)", 0x1p-149f, -1},
             {"normcdfinv(x)", 1.5f, 1}, {"normcdfinv(x)", -1e-30f, 1}, {"normcdfinv(x)", 1, 3}, {"erfinv(1+x*x)", 0.5f, 1},
             {"logb(x-x)", 1, 4},       {"floor(x*0)", 3, 2}}; /* 2: +0, an exact zero of known sign (ib_zero.h) */
  for (size_t i = 0; i < sizeof dom / sizeof dom[0]; i++) {
    double y = 0;
    int t = 7;
    const int d = decide(dom[i].text, dom[i].x, &y, &t);
    printf("  %-16s at %a: %s\n", dom[i].text, (double)dom[i].x, d ? "decided" : "left to the host");
    if (dom[i].nan == 2) assert_true(d && d2u(y) == 0 && t == 0);
    else if (dom[i].nan >= 3) assert_true(d && y == (dom[i].nan == 3 ? INFINITY : -INFINITY) && t == 0);
    else if (dom[i].nan > 0) assert_true(d && d2u(y) == IB_NAN_BITS && t == 0);
    else if (dom[i].nan == 0) assert_false(d);
    else assert_true(d); /* erfcinv(2^-149) = 26.2...: decided */
  }
  /* floor(exp(x)) at x = 1000 and 2^60: e^x > 2^1443 (1000 / ln 2 = 1442.7), far beyond
   * binary64, whose RN is +inf above the value (t = 1), from the balls' hull and their
   * rule for saturated values (the naive loop stops at 2^8000) */
  const float fx[] = {1000, 0x1p60f};
  for (int i = 0; i < 2; i++) {
    double y = 0;
    int t = 0;
    assert_true(decide("floor(exp(x))", fx[i], &y, &t));
    assert_true(isinf(y) && y > 0 && t == 1);
  }
  /* ceil(exp(x))-exp(x) = 1 - e^x for x < 0 (e^x in (0, 1): ceil is 1); at x = -1000 and
   * -2^100 that is 1 minus less than 2^-1442, above 1 - 2^-54 (the midpoint below 1): RN53
   * is 1, above the value (t = 1), which only the ball's side tells (the host engine cannot) */
  const float cx[] = {-1000, -0x1p100f};
  for (int i = 0; i < 2; i++) {
    double y = 0;
    int t = 0;
    assert_true(decide("ceil(exp(x))-exp(x)", cx[i], &y, &t));
    assert_true(y == 1 && t == 1);
  }
  /* the tails: normcdfinv(10^-30) (the lower tail, 2p tiny for erfc), erfinv(1 - 2^-k)
   * (1 - x formed exactly at 2 and 3 words), erfinv(2^-149) (relative accuracy near 0) */
  const struct {
    const char *text;
    ib_naive_fn f;
    uint32_t x;
  } tails[] = {{"normcdfinv(x)", n_normcdfinv, 0x0da24260u}, {"erfinv(1-x)", c_erfinv1mx, 0x0b800000u},
               {"erfinv(1-x)", c_erfinv1mx, 1},              {"erfinv(x)", n_erfinv, 1},
               {"erfcinv(x)", n_erfcinv, 0x00000001u},       {"normcdfinv(x)", n_normcdfinv, 0x3f7fffffu}};
  for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
    double yb, yn;
    int tb, tn;
    assert_true(decide(tails[i].text, u2f(tails[i].x), &yb, &tb));
    assert_true(ib_naive_pair(tails[i].f, tails[i].x, &yn, &tn));
    printf("  %-14s at %a: %a t=%d (naive %a t=%d)\n", tails[i].text, (double)u2f(tails[i].x), yb, tb, yn, tn);
    assert_true(d2u(yb) == d2u(yn) && tb == tn);
  }
  flint_cleanup();
}

int main(void) {
  ib_seed(0x9e3779b97f4a7c15ull);
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_inverses), cmocka_unit_test(test_levels), cmocka_unit_test(test_steps),
                                     cmocka_unit_test(test_exact_points), cmocka_unit_test(test_domain_tails)};
  return cmocka_run_group_tests_name("ibinv", tests, NULL, NULL);
}
