/* test_ibgamma.c: the ball evaluator's Gamma and log|Gamma| (reference/interval/ib_gamma.h,
 * the source the device runs) against naive Arb loops written here.
 *
 * 1. The Bernoulli table (ib_gamma_const.h, written by scripts/gen-bernoulli.py): every
 *    B_2k, k = 1 .. IB_BERN_K, rebuilt from its words and factors, equals FLINT's
 *    arith_bernoulli_number(2k) (numerator, denominator and sign).
 * 2. Expressions calling tgamma and lgamma, each written a second time as a plain Arb
 *    evaluation (arb_gamma, arb_lgamma; log|Gamma| of a negative x as log|arb_gamma(x)|,
 *    Arb's own reflection): the value at x is computed (ib_test.h's ib_naive_pair) at 64, 128, ... 8192 bits until both
 *    ends of the ball round to the same binary64 number on the same side (round to nearest,
 *    subnormals and overflow included: mpfr_get_d; t = sign(y - value)), which is then the
 *    exact pair. Every input both decide must give the same pair (y and t, bit for bit),
 *    and the balls must decide nearly all that the naive loop decides.
 *    The inputs: the binades around 2^-149, 2^-126, 2^-60, 2^-20, 1, 2^4, 2^7, 2^9, 2^20,
 *    2^64 and 2^127 of both signs (first, last and 12 random inputs of each), the integers
 *    -30 .. 30 and their neighbours (the poles and the exact factorials), the neighbours
 *    of 1 and 2 (lgamma's zeros: 1 +- k 2^-24, 2 +- k 2^-23), the binary32 numbers around
 *    the negative zeros of lgamma (-2.4570247, -2.7476826, -3.1435769, -3.9552227), and
 *    around the overflow of Gamma (171.62) and its underflow (-179.7 .. -176).
 * 3. The poles: at the exact negative integers (-1 .. -40, -2^23 - 2, -2^30, -1.5 2^64,
 *    -2^127, -FLT_MAX) tgamma's argument decides NaN (ib_prog.h's domain check,
 *    ib_tgamma_nan), with the host engine's bits and t = 0 (the host's expression engine,
 *    exact MPFR operations: mpfr_gamma gives NaN there; and its Arb path where the exact
 *    path stops before the pole: tgamma(x)*tgamma(-x) at 3 and 2^30); at +-0 (+-inf on the
 *    host) the balls decide nothing; through x^0 no NaN is decided (the host's mpfr_pow_si(NaN, 0)
 *    = 1); and a ball exact only at 16 words (beyond the host's 512-bit exact path) is
 *    not taken for a pole. */
#include "testutil.h"
#include "ib_test.h"

#include <arb.h>
#include <flint/arith.h>
#include <flint/fmpq.h>
#include <math.h>
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>

#include "reference/expr/expr.h"
#include "reference/interval/ib_prog.h"
#include "reference/reference.h"
#include "src/catalogue/registry.h"

static void test_bernoulli_table(void **state) {
  (void)state;
  fmpq_t b;
  fmpz_t num, w, den;
  fmpq_init(b), fmpz_init(num), fmpz_init(w), fmpz_init(den);
  for (int k = 1; k <= IB_BERN_K; k++) {
    const uint32_t *m = IB_BERN_META[k - 1];
    fmpz_zero(num);
    for (uint32_t i = 0; i < m[1]; i++) { /* num = sum W[off + i] 2^(64 (nw - 1 - i)) */
      fmpz_mul_2exp(num, num, 64);
      fmpz_set_ui(w, IB_BERN_WORDS[m[0] + i]);
      fmpz_add(num, num, w);
    }
    assert_true(fmpz_bits(num) == 64 * m[1]); /* the top bit of the first word set */
    fmpz_fdiv_q_2exp(num, num, 64 * m[1] - m[2]); /* back to the integer: bits m[2] */
    if (m[3]) fmpz_neg(num, num);
    fmpz_set_ui(den, m[4]);
    fmpz_mul_ui(den, den, m[5]);
    arith_bernoulli_number(b, 2 * (ulong)k);
    if (!fmpz_equal(num, fmpq_numref(b)) || !fmpz_equal(den, fmpq_denref(b))) {
      fprintf(stderr, "  B_%d differs from FLINT's\n", 2 * k);
      fail();
    }
  }
  printf("  B_2 .. B_%d equal FLINT's arith_bernoulli_number\n", 2 * IB_BERN_K);
  fmpq_clear(b), fmpz_clear(num), fmpz_clear(w), fmpz_clear(den);
  flint_cleanup();
}

/* log|Gamma(x)|: Arb's lgamma for x > 0; log|Gamma(x)| from Arb's gamma elsewhere (Arb
 * gives an indeterminate ball at a pole, or where the ball reaches one) */
static void n_lgamma(arb_t y, const arb_t x, slong p) {
  if (arb_is_positive(x)) {
    arb_lgamma(y, x, p);
    return;
  }
  arb_gamma(y, x, p);
  arb_abs(y, y);
  arb_log(y, y, p);
}
static void f_tgamma(arb_t y, const arb_t x, slong p) { arb_gamma(y, x, p); }
static void f_lgamma(arb_t y, const arb_t x, slong p) { n_lgamma(y, x, p); }
static void f_tgammax(arb_t y, const arb_t x, slong p) { /* tgamma(x)/x */
  arb_gamma(y, x, p);
  arb_div(y, y, x, p);
}
static void f_lgammamx(arb_t y, const arb_t x, slong p) { /* lgamma(x)-x */
  n_lgamma(y, x, p);
  arb_sub(y, y, x, p);
}
static void f_lgammap1(arb_t y, const arb_t x, slong p) { /* lgamma(x)+1 */
  n_lgamma(y, x, p);
  arb_add_ui(y, y, 1, p);
}
static void f_ratio(arb_t y, const arb_t x, slong p) { /* tgamma(x)/tgamma(x+1) */
  arb_t t;
  arb_init(t);
  arb_add_ui(t, x, 1, p);
  arb_gamma(t, t, p);
  arb_gamma(y, x, p);
  arb_div(y, y, t, p);
  arb_clear(t);
}
static void f_explgamma(arb_t y, const arb_t x, slong p) { /* exp(lgamma(x)) */
  n_lgamma(y, x, p);
  arb_exp(y, y, p);
}
static void f_lgamma1px(arb_t y, const arb_t x, slong p) { /* lgamma(1+x) */
  arb_t t;
  arb_init(t);
  arb_add_ui(t, x, 1, p);
  n_lgamma(y, t, p);
  arb_clear(t);
}
static void f_invratio(arb_t y, const arb_t x, slong p) { /* tgamma(x)/tgamma(x+1/2) */
  arb_t t;
  arb_init(t);
  arb_gamma(y, x, p);
  arb_set_d(t, 0.5);
  arb_add(t, x, t, p);
  arb_gamma(t, t, p);
  arb_div(y, y, t, p);
  arb_clear(t);
}
static void f_lgamma2x(arb_t y, const arb_t x, slong p) { /* lgamma(x*x+2) */
  arb_t t;
  arb_init(t);
  arb_sqr(t, x, p);
  arb_add_ui(t, t, 2, p);
  n_lgamma(y, t, p);
  arb_clear(t);
}

static const struct ib_ncase cases[] = {
    {"tgamma(x)", f_tgamma},
    {"lgamma(x)", f_lgamma},
    {"tgamma(x)/x", f_tgammax},
    {"lgamma(x)-x", f_lgammamx},
    {"lgamma(x)+1", f_lgammap1},
    {"tgamma(x)/tgamma(x+1)", f_ratio},
    {"exp(lgamma(x))", f_explgamma},
    {"lgamma(1+x)", f_lgamma1px},
    {"tgamma(x)/tgamma(x+0.5)", f_invratio},
    {"lgamma(x*x+2)", f_lgamma2x},
};

/* the inputs of the top comment: into in[], their count */
static int inputs(uint32_t *in) {
  static const int binades[] = {-149, -126, -60, -20, 0, 4, 7, 9, 20, 64, 127};
  int n = 0;
  for (int s = 0; s < 2; s++)
    n = ib_sweep(in, n, s ? 0x80000000u : 0, binades, (int)(sizeof binades / sizeof binades[0]), 12);
  for (int v = -30; v <= 30; v++) {
    if (v == 0) continue;
    n = ib_around(in, n, f2u((float)v), 1);
  }
  in[n++] = 0, in[n++] = 0x80000000u, in[n++] = 1, in[n++] = 0x80000001u;
  n = ib_around(in, n, f2u(1.0f), 6);
  n = ib_around(in, n, f2u(2.0f), 6);
  const float zeros[] = {-2.4570247f, -2.7476826f, -3.1435769f, -3.9552227f};
  for (int i = 0; i < 4; i++) n = ib_around(in, n, f2u(zeros[i]), 3);
  n = ib_around(in, n, f2u(171.62439f), 3);
  for (int i = 0; i < 16; i++) /* (-179.7, -176): Gamma's values among the subnormals */
    in[n++] = f2u(-176.0f - 3.7f * (float)(ib_next32() % 1000) / 1000.0f);
  return n;
}

static void test_naive_arb(void **state) {
  (void)state;
  static uint32_t in[2048];
  const int n = inputs(in);
  assert_true(n <= 2048);
  long total = 0;
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    const struct ib_tally t = ib_compare(cases[c].text, cases[c].f, in, n);
    printf("  %-24s %d inputs: the naive Arb loop decides %ld, the balls %ld, both %ld, %ld differ\n", cases[c].text,
           n, t.naive, t.balls, t.both, t.bad);
    assert_int_equal(t.bad, 0);
    assert_true(t.naive * 10 >= 7L * n); /* the naive loop decides most (not the poles, nor x <= -2^23: integers): the comparison means something */
    assert_true(t.both * 100 >= t.naive * 99); /* the balls decide 99% of what the naive loop decides */
    total += t.both;
  }
  printf("  %ld pairs compared, 0 differ\n", total);
  flint_cleanup();
}

static void test_poles(void **state) {
  (void)state;
  /* tgamma(x)*tgamma(-x): at x = 2^30 the first factor is inexact, so the host's exact path
   * stops there and its Arb path meets the pole -2^30 (a_tgamma: NaN) */
  static const char *texts[] = {"tgamma(x)/x",      "tgamma(x)+x",   "tgamma(2*x)*3",
                                "exp(tgamma(x-1))", "tgamma(x)^0+x", "tgamma(x)*tgamma(-x)"};
  uint32_t in[64];
  int n = 0;
  for (int v = 1; v <= 40; v++) in[n++] = f2u(-(float)v);
  in[n++] = f2u(-0x1p23f - 2), in[n++] = f2u(-0x1p30f), in[n++] = f2u(-0x1.8p64f), in[n++] = f2u(-0x1p127f);
  in[n++] = 0xff7fffffu;
  const int n_poles = n;
  in[n++] = f2u(3.0f), in[n++] = f2u(0x1p30f); /* poles of tgamma(-x) only */
  in[n++] = 0, in[n++] = 0x80000000u;
  static struct ib_test_prog p;
  for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++) {
    assert_int_equal(ib_test_load(texts[k], &p, 1), 0);
    const struct ib_prog *const P = &p.P;
    const struct reference *ref = p.ref;
    const int keeps = ib_keeps_nan(P);
    long nan = 0;
    for (int i = 0; i < n; i++) {
      double y, ry;
      int t, rt, words;
      const int d = ib_decide(P, in[i], &y, &t, &words);
      if (!d) {
        /* left: where the NaN would come through x^0, or at +-0 (poles of +-inf) */
        assert_true(!keeps || i >= n_poles);
        continue;
      }
      if (i < n_poles) assert_true(keeps && y != y); /* at a pole of tgamma(x): NaN only */
      ref_mpfr(ref, in[i], &ry, &rt); /* every pair the balls decide is the host engine's */
      if (rt == REF_T_UNDECIDABLE || rt == -REF_T_UNDECIDABLE) { /* beyond the host (e^Gamma(2^30 - 1)): */
        assert_true(y == y);                                     /* a value, never a NaN */
        continue;
      }
      if (d2u(y) != d2u(ry) || t != rt) {
        fprintf(stderr, "  %s at x=%a: balls %a t=%d, host %a t=%d\n", texts[k], (double)u2f(in[i]), y, t, ry, rt);
        fail();
      }
      nan += y != y;
    }
    printf("  %-20s %d inputs: %ld NaN decided by the balls, every decided pair the host engine's\n", texts[k], n, nan);
    assert_true(keeps ? nan >= n_poles : nan == 0);
  }
  /* -3 exact: a pole at 1 to 8 words, not at 16 */
  for (int w = 1; w <= 16; w *= 2) {
    ib_ctx c = {w, 0};
    ib x;
    ib_set_si(&c, &x, -3);
    assert_int_equal(ib_tgamma_nan(&c, &x), w <= 8);
    ib_set_si(&c, &x, 3);
    assert_false(ib_tgamma_nan(&c, &x));
  }
  flint_cleanup();
}

int main(void) {
  ib_seed(0x9e3779b97f4a7c15ull);
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_bernoulli_table), cmocka_unit_test(test_naive_arb),
                                     cmocka_unit_test(test_poles)};
  return cmocka_run_group_tests_name("ibgamma", tests, NULL, NULL);
}
