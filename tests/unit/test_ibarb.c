/* test_ibarb.c: the ball evaluator (reference/interval/, the source the device runs)
 * against naive Arb loops written here, on the tails and the cancellation points of the
 * 20 numerical kernels of issue 44 (docs/expressions.md).
 *
 * Each expression is written a second time below as a plain Arb evaluation in the order
 * the formula reads (no identity, no rewriting): the value at x is computed (ib_test.h's ib_naive_pair) at 64, 128,
 * ... 8192 bits until the ball's two ends round to the same binary64 number on the same
 * side of it (round to nearest even, subnormals included, mpfr_get_d; the ternary t is
 * the sign of y minus the exact value, MPFR's), which is then the exact pair, since
 * every Arb operation encloses its exact result. This shares nothing with the project's
 * host engine (reference/arb_ziv.c, expr.c) or the ball evaluator but Arb itself.
 *
 * The inputs: the binades around 2^-149, 2^-126, 2^-60, 2^-20, 1, 2^20, 2^64 and 2^127 of
 * both signs (the binade [2^k, 2^(k+1)) and the one below it: the first and last input
 * and 14 random ones of each), and the cancellation points: 0 and its neighbours, +-1
 * and theirs, and the binary32 numbers nearest k pi/2 for k = 1..24 and k = 2^10, 2^16
 * with their neighbours (the zeros of 1 - cos x, of sin x, where sin(x)/x, 1 - cos x
 * cancel in the argument reduction). For every input both decide, the pairs must be
 * equal bit for bit (y and t). Where the naive loop cannot decide (the value's deviation
 * lies below 2^-8192 of its size, e.g. tanh(x) - x for x >= 2^13; or the naive formula
 * is 0/0 or an exact zero, whose sign is IEEE's rule, not Arb's) the input is counted
 * apart; the test asserts that both decide most inputs of each expression, so that it
 * cannot pass by deciding nothing.
 *
 * Also: the table's build budget for an expression with and without a ball program
 * (reference/fast/fastref.h), and a build stopped by its flag (a signal's). */
#include "testutil.h"
#include "ib_test.h"

#include <arb.h>
#include <arb_hypgeom.h>
#include <math.h>
#include <mpfr.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "reference/arb_ziv.h"
#include "reference/expr/expr.h"
#include "reference/fast/fastref.h"
#include "reference/interval/ib_prog.h"
#include "src/catalogue/registry.h"

static void sigm(arb_t s, const arb_t x, slong p) { /* 1 / (1 + e^-x) */
  arb_neg(s, x);
  arb_exp(s, s, p);
  arb_add_ui(s, s, 1, p);
  arb_inv(s, s, p);
}

static void f_1mcos(arb_t y, const arb_t x, slong p) {
  arb_cos(y, x, p);
  arb_sub_ui(y, y, 1, p);
  arb_neg(y, y);
}
static void f_expm1x(arb_t y, const arb_t x, slong p) {
  arb_exp(y, x, p);
  arb_sub_ui(y, y, 1, p);
  arb_sub(y, y, x, p);
}
static void f_sqrt4(arb_t y, const arb_t x, slong p) {
  arb_sqr(y, x, p);
  arb_add_ui(y, y, 4, p);
  arb_sqrt(y, y, p);
  arb_sub_ui(y, y, 2, p);
}
static void f_asinh(arb_t y, const arb_t x, slong p) {
  arb_sqr(y, x, p);
  arb_add_ui(y, y, 1, p);
  arb_sqrt(y, y, p);
  arb_add(y, y, x, p);
  arb_log(y, y, p);
}
static void f_tanhx(arb_t y, const arb_t x, slong p) {
  arb_tanh(y, x, p);
  arb_sub(y, y, x, p);
}
static void f_atanx(arb_t y, const arb_t x, slong p) {
  arb_atan(y, x, p);
  arb_sub(y, y, x, p);
}
static void f_sinc(arb_t y, const arb_t x, slong p) {
  arb_sin(y, x, p);
  arb_div(y, y, x, p);
}
static void f_sinh(arb_t y, const arb_t x, slong p) {
  arb_t u;
  arb_init(u);
  arb_exp(y, x, p);
  arb_neg(u, x);
  arb_exp(u, u, p);
  arb_sub(y, y, u, p);
  arb_mul_2exp_si(y, y, -1);
  arb_clear(u);
}
static void f_erfx2(arb_t y, const arb_t x, slong p) {
  arb_t u;
  arb_init(u);
  arb_hypgeom_erf(y, x, p);
  arb_sqr(u, x, p);
  arb_exp(u, u, p);
  arb_mul(y, y, u, p);
  arb_clear(u);
}
static void f_log1x2(arb_t y, const arb_t x, slong p) {
  arb_sqr(y, x, p);
  arb_add_ui(y, y, 1, p);
  arb_log(y, y, p);
}
static void f_xsqrt(arb_t y, const arb_t x, slong p) {
  arb_sqr(y, x, p);
  arb_add_ui(y, y, 1, p);
  arb_sqrt(y, y, p);
  arb_div(y, x, y, p);
}
static void f_expinv(arb_t y, const arb_t x, slong p) {
  arb_sqr(y, x, p);
  arb_inv(y, y, p);
  arb_neg(y, y);
  arb_exp(y, y, p);
}
static void f_dsigmoid(arb_t y, const arb_t x, slong p) {
  arb_t u;
  arb_init(u);
  sigm(y, x, p);
  arb_sub_ui(u, y, 1, p);
  arb_neg(u, u);
  arb_mul(y, y, u, p);
  arb_clear(u);
}
static void f_x3(arb_t y, const arb_t x, slong p) {
  arb_t u;
  arb_init(u);
  arb_pow_ui(y, x, 3, p);
  arb_sqr(u, x, p);
  arb_add_ui(u, u, 1, p);
  arb_div(y, y, u, p);
  arb_clear(u);
}
static void f_coshm1(arb_t y, const arb_t x, slong p) {
  arb_cosh(y, x, p);
  arb_sub_ui(y, y, 1, p);
}
static void f_xexp(arb_t y, const arb_t x, slong p) {
  arb_neg(y, x);
  arb_exp(y, y, p);
  arb_mul(y, y, x, p);
}
static void f_lorentz(arb_t y, const arb_t x, slong p) {
  arb_sqr(y, x, p);
  arb_add_ui(y, y, 1, p);
  arb_inv(y, y, p);
}
static void f_logsinhc(arb_t y, const arb_t x, slong p) {
  arb_sinh(y, x, p);
  arb_div(y, y, x, p);
  arb_log(y, y, p);
}
static void f_xlogx(arb_t y, const arb_t x, slong p) {
  arb_abs(y, x);
  arb_log(y, y, p);
  arb_mul(y, y, x, p);
}
static void f_cbrt1(arb_t y, const arb_t x, slong p) { /* the real cube root: sign(u) |u|^(1/3) */
  arb_add_ui(y, x, 1, p);
  const int neg = arb_is_negative(y);
  if (!neg && !arb_is_nonnegative(y)) { /* a ball around 0: no root here; widen it to say so */
    arb_indeterminate(y);
    return;
  }
  arb_abs(y, y);
  arb_root_ui(y, y, 3, p);
  if (neg) arb_neg(y, y);
  arb_sub_ui(y, y, 1, p);
}

/* values beyond the balls' exponent range kept as logarithms (reference/interval/ib_lg.h):
 * expressions whose intermediate values leave it for |x| >= 2^57 while the result stays an
 * ordinary number, each rule of ib_lg.h at least once */
static void f_logcosh(arb_t y, const arb_t x, slong p) { /* log(cosh(x)): a slot made, log of it */
  arb_cosh(y, x, p);
  arb_log(y, y, p);
}
static void f_logsum(arb_t y, const arb_t x, slong p) { /* log(exp(x)+exp(x/2)): two slots, one sign */
  arb_t t;
  arb_init(t);
  arb_exp(y, x, p);
  arb_mul_2exp_si(t, x, -1);
  arb_exp(t, t, p);
  arb_add(y, y, t, p);
  arb_log(y, y, p);
  arb_clear(t);
}
static void f_logdiff(arb_t y, const arb_t x, slong p) { /* log(exp(x)-exp(x/2)): opposite signs */
  arb_t t;
  arb_init(t);
  arb_exp(y, x, p);
  arb_mul_2exp_si(t, x, -1);
  arb_exp(t, t, p);
  arb_sub(y, y, t, p);
  arb_log(y, y, p);
  arb_clear(t);
}
static void f_logx2exp(arb_t y, const arb_t x, slong p) { /* log(x^2*exp(x))-x: a product, then cancellation */
  arb_t t;
  arb_init(t);
  arb_exp(t, x, p);
  arb_sqr(y, x, p);
  arb_mul(y, y, t, p);
  arb_log(y, y, p);
  arb_sub(y, y, x, p);
  arb_clear(t);
}
static void f_log10add(arb_t y, const arb_t x, slong p) { /* log10(exp(x)+x)/x: a slot plus an ordinary value */
  arb_exp(y, x, p);
  arb_add(y, y, x, p);
  arb_log_base_ui(y, y, 10, p);
  arb_div(y, y, x, p);
}
static void f_sqrtcosh(arb_t y, const arb_t x, slong p) { /* sqrt(cosh(x))/exp(x/2): sqrt, a quotient of slots */
  arb_t t;
  arb_init(t);
  arb_cosh(y, x, p);
  arb_sqrt(y, y, p);
  arb_mul_2exp_si(t, x, -1);
  arb_exp(t, t, p);
  arb_div(y, y, t, p);
  arb_clear(t);
}
static void f_log1pcube(arb_t y, const arb_t x, slong p) { /* log1p(exp(x)^3)/x: a power, log1p of a slot */
  arb_exp(y, x, p);
  arb_pow_ui(y, y, 3, p);
  arb_log1p(y, y, p);
  arb_div(y, y, x, p);
}

/* elu (alpha = 1): x above 0, expm1(x) below, 0 at an exact 0; a ball across 0 is left
 * indeterminate (the naive loop then decides nothing there) */
static void naive_elu(arb_t y, const arb_t x, slong p) {
  if (arb_is_positive(x)) arb_set(y, x);
  else if (arb_is_negative(x)) arb_expm1(y, x, p);
  else if (arb_is_zero(x)) arb_zero(y);
  else arb_indeterminate(y);
}
static void f_elu3(arb_t y, const arb_t x, slong p) { /* elu(x)*3 */
  naive_elu(y, x, p);
  arb_mul_ui(y, y, 3, p);
}
static void f_elusin(arb_t y, const arb_t x, slong p) { /* elu(x-1)+sin(x) */
  arb_t t;
  arb_init(t);
  arb_sub_ui(t, x, 1, p);
  naive_elu(y, t, p);
  arb_sin(t, x, p);
  arb_add(y, y, t, p);
  arb_clear(t);
}

static const struct ib_ncase cases[] = {
    {"1-cos(x)", f_1mcos},
    {"elu(x)*3", f_elu3},
    {"elu(x-1)+sin(x)", f_elusin},
    {"exp(x)-1-x", f_expm1x},
    {"sqrt(x^2+4)-2", f_sqrt4},
    {"log(x+sqrt(x^2+1))", f_asinh},
    {"tanh(x)-x", f_tanhx},
    {"atan(x)-x", f_atanx},
    {"sin(x)/x", f_sinc},
    {"(exp(x)-exp(-x))/2", f_sinh},
    {"erf(x)*exp(x^2)", f_erfx2},
    {"log(1+x^2)", f_log1x2},
    {"x/sqrt(1+x^2)", f_xsqrt},
    {"exp(-1/x^2)", f_expinv},
    {"sigmoid(x)*(1-sigmoid(x))", f_dsigmoid},
    {"x^3/(1+x^2)", f_x3},
    {"cosh(x)-1", f_coshm1},
    {"x*exp(-x)", f_xexp},
    {"1/(1+x^2)", f_lorentz},
    {"log(sinh(x)/x)", f_logsinhc},
    {"x*log(fabs(x))", f_xlogx},
    {"(1+x)^(1/3)-1", f_cbrt1},
};
#define N_CASES ((int)(sizeof cases / sizeof cases[0]))

/* The inputs (see the top): into in[] (680 of them), their count. */
static int inputs(uint32_t *in) {
  static const int binades[] = {-149, -126, -60, -20, 0, 20, 64, 127};
  int n = 0;
  for (int s = 0; s < 2; s++) {
    const uint32_t sg = s ? 0x80000000u : 0;
    n = ib_sweep(in, n, sg, binades, (int)(sizeof binades / sizeof binades[0]), 14);
    const uint32_t special[] = {0, 1, 2, 0x3f800000u, 0x3f7fffffu, 0x3f800001u};
    for (size_t i = 0; i < sizeof special / sizeof special[0]; i++) in[n++] = sg | special[i];
    /* the binary32 numbers nearest k pi/2 (binary64 k pi/2 is within 2^-40 relative of
     * it, far below a binary32 gap unless a tie, which has no neighbour problem: the
     * neighbours are tried too) */
    for (int k = 1; k <= 26; k++) {
      const double kk = k <= 24 ? k : k == 25 ? 1024 : 65536;
      n = ib_around(in, n, sg | f2u((float)(kk * 1.5707963267948966)), 1);
    }
  }
  return n;
}

static void test_naive_arb(void **state) {
  (void)state;
  static uint32_t in[1024];
  const int n = inputs(in);
  assert_true(n <= 1024);
  long total_both = 0;
  for (int c = 0; c < N_CASES; c++) {
    const struct ib_tally t = ib_compare(cases[c].text, cases[c].f, in, n);
    printf("  %-28s %d inputs: %ld decided by the balls, %ld by the naive Arb loop, %ld by both, %ld differ\n",
           cases[c].text, n, t.balls, t.naive, t.both, t.bad);
    assert_int_equal(t.bad, 0);
    /* neither side may pass by deciding little: each decides 80% of the inputs */
    assert_true(t.balls * 5 >= 4L * n);
    assert_true(t.both * 5 >= 4L * n);
    total_both += t.both;
  }
  printf("  %ld pairs compared, 0 differ\n", total_both);
  flint_cleanup();
}

/* The table's budget (fastref.h): a catalogue reference has none; an expression without
 * a ball program (13 constants: more than the program holds, IB_CONST_MAX) 60 s; one with a ball program 48
 * core-seconds, within [3, 15] s: 48/1 -> 15, 48/2 = 24 -> 15, 48/4 = 12, 48/16 = 3,
 * 48/32 = 1.5 -> 3. And a build whose stop flag is already set tries no block: every
 * pattern is left undecided, at once. */
static void test_budget_and_stop(void **state) {
  (void)state;
  char err[256];
  const struct reference *with = ref_resolve("1-cos(x)", 0, 0, "--ref", err, sizeof err);
  const struct reference *without = ref_resolve("x+1.1+1.2+1.3+1.4+1.5+1.6+1.7+1.8+1.9+2.1+2.2+2.3+2.4", 0, 0, "--ref", err, sizeof err);
  assert_non_null(with);
  assert_non_null(without);
  assert_non_null(with->ctx_ib);
  assert_null(without->ctx_ib);
  assert_true(ref_fast_budget(ref_find("tanh"), 2) == 0);
  assert_true(ref_fast_budget(without, 2) == 60 && ref_fast_budget(without, 16) == 60);
  const int th[] = {1, 2, 4, 16, 32};
  const double want[] = {15, 15, 12, 3, 3};
  for (int i = 0; i < 5; i++) assert_true(ref_fast_budget(with, th[i]) == want[i]);
  struct fast_range decl[MAX_FAST_RANGES];
  const int nd = ref_fast_ranges(with, decl, MAX_FAST_RANGES);
  volatile int stop = 1;
  struct ref_fast f;
  const double t0 = omp_get_wtime();
  assert_int_equal(ref_fast_prepare(&f, with, decl, nd, 0, 0x7f7fffff, 0, 0x7f7fffff, 2, &stop, 0), 0);
  const double took = omp_get_wtime() - t0;
  printf("  a build stopped before it began: %llu of %llu patterns left, %.3f s\n",
         (unsigned long long)f.patterns_undec, (unsigned long long)f.patterns, took);
  assert_true(f.ok && f.tab.stats.over_budget);
  assert_true(f.patterns > 0 && f.patterns_undec == f.patterns);
  assert_true(took < 1.0);
  ref_fast_free(&f);
}

static void f_log1pexp(arb_t y, const arb_t x, slong p) { /* log(1+exp(x)): x + log1p(e^-x), from above */
  arb_exp(y, x, p);
  arb_add_ui(y, y, 1, p);
  arb_log(y, y, p);
}
static void f_expm1exp(arb_t y, const arb_t x, slong p) { /* expm1(x)*exp(-x): 1 - e^-x, from below */
  arb_t t;
  arb_init(t);
  arb_expm1(y, x, p);
  arb_neg(t, x);
  arb_exp(t, t, p);
  arb_mul(y, y, t, p);
  arb_clear(t);
}

static const struct ib_ncase lg_cases[] = {
    {"log(cosh(x))", f_logcosh},         {"log(exp(x)+exp(x/2))", f_logsum},
    {"log(exp(x)-exp(x/2))", f_logdiff}, {"log(x^2*exp(x))-x", f_logx2exp},
    {"log10(exp(x)+x)/x", f_log10add},   {"sqrt(cosh(x))/exp(x/2)", f_sqrtcosh},
    {"log1p(exp(x)^3)/x", f_log1pcube},  {"log(sinh(x)/x)", f_logsinhc},
    {"log(1+exp(x))", f_log1pexp},       {"expm1(x)*exp(-x)", f_expm1exp},
};

/* The same comparison for lg_cases, and: the balls decide every input the naive loop
 * decides but a few, and every one of magnitude 2^57 and above (where each of these
 * leaves the exponent range on the way) that the naive loop decides. */
static void test_log_forms(void **state) {
  (void)state;
  static uint32_t in[1024 + 96];
  int n = inputs(in);
  /* and [2^9, 2^12) of both signs, where e^|x| has just left binary64's range and the
   * naive loop still sees deviations of e^-|x| (2^-738 to 2^-5909) */
  for (int i = 0; i < 96; i++) in[n++] = (i & 1 ? 0x80000000u : 0) | (0x44000000u + ib_next32() % 0x1800000u);
  long total_big = 0;
  for (size_t c = 0; c < sizeof lg_cases / sizeof lg_cases[0]; c++) {
    const struct ib_tally t = ib_compare(lg_cases[c].text, lg_cases[c].f, in, n);
    printf("  %-26s %d inputs: the naive Arb loop decides %ld, the balls too %ld (of |x| >= 2^57: %ld of %ld), %ld "
           "differ\n",
           lg_cases[c].text, n, t.naive, t.both, t.big_both, t.big, t.bad);
    assert_int_equal(t.bad, 0);
    assert_true(t.both * 100 >= t.naive * 98);
    assert_true(t.big_both == t.big);
    total_big += t.big;
  }
  /* the naive loop decides the tails of most of these (not where the value is x plus a
   * deviation below 2^-8192 of it, e.g. log(exp(x)+exp(x/2)) = x + log1p(e^(-x/2))) */
  assert_true(total_big >= 4 * 128);
  flint_cleanup();
}

/* the functions the evaluator has by identities (ib_fn.h's last block), each against
 * Arb's own function */
static void g_asin(arb_t y, const arb_t x, slong p) { arb_asin(y, x, p); }
static void g_acos(arb_t y, const arb_t x, slong p) { arb_acos(y, x, p); }
static void g_asinh(arb_t y, const arb_t x, slong p) { arb_asinh(y, x, p); }
static void g_acosh(arb_t y, const arb_t x, slong p) { arb_acosh(y, x, p); }
static void g_atanh(arb_t y, const arb_t x, slong p) { arb_atanh(y, x, p); }
static void g_sinpi(arb_t y, const arb_t x, slong p) { arb_sin_pi(y, x, p); }
static void g_cospi(arb_t y, const arb_t x, slong p) { arb_cos_pi(y, x, p); }
static void g_erfc(arb_t y, const arb_t x, slong p) { arb_hypgeom_erfc(y, x, p); }
static void g_normcdf(arb_t y, const arb_t x, slong p) { /* erfc(-x/sqrt(2))/2 */
  arb_t t;
  arb_init(t);
  arb_sqrt_ui(t, 2, p);
  arb_div(y, x, t, p);
  arb_neg(y, y);
  arb_hypgeom_erfc(y, y, p);
  arb_mul_2exp_si(y, y, -1);
  arb_clear(t);
}
static void g_erfcx(arb_t y, const arb_t x, slong p) { /* e^(x^2) erfc(x) */
  arb_t t;
  arb_init(t);
  arb_sqr(t, x, p);
  arb_exp(t, t, p);
  arb_hypgeom_erfc(y, x, p);
  arb_mul(y, y, t, p);
  arb_clear(t);
}
static void g_rcbrt(arb_t y, const arb_t x, slong p) { /* sign(x) |x|^(-1/3) */
  const int neg = arb_is_negative(x);
  if (!neg && !arb_is_positive(x)) {
    arb_indeterminate(y);
    return;
  }
  arb_abs(y, x);
  arb_root_ui(y, y, 3, p);
  arb_inv(y, y, p);
  if (neg) arb_neg(y, y);
}
static const struct ib_ncase fn_cases[] = {
    {"asin(x)", g_asin},   {"acos(x)", g_acos},   {"asinh(x)", g_asinh},     {"acosh(x)", g_acosh},
    {"atanh(x)", g_atanh}, {"sinpi(x)", g_sinpi}, {"cospi(x)", g_cospi},     {"erfc(x)", g_erfc},
    {"erfcx(x)", g_erfcx}, {"rcbrt(x)", g_rcbrt}, {"normcdf(x)", g_normcdf},
};

/* Each: 0 differ, and the balls decide all but 2% of what the naive loop decides (the
 * exact values, e.g. sinpi at integers and halves, are the host's). */
static void test_functions(void **state) {
  (void)state;
  static uint32_t in[1024 + 64];
  int n = inputs(in);
  /* and 64 inputs of [-1, 1], where asin, acos and atanh are defined */
  for (int i = 0; i < 64; i++) in[n++] = (i & 1 ? 0x80000000u : 0) | (0x30000000u + ib_next32() % 0xf800000u);
  for (size_t c = 0; c < sizeof fn_cases / sizeof fn_cases[0]; c++) {
    const struct ib_tally t = ib_compare(fn_cases[c].text, fn_cases[c].f, in, n);
    printf("  %-12s %d inputs: the naive Arb loop decides %ld, the balls too %ld, %ld differ\n", fn_cases[c].text, n,
           t.naive, t.both, t.bad);
    assert_int_equal(t.bad, 0);
    assert_true(t.naive >= 64);
    assert_true(t.both * 100 >= t.naive * 98);
  }
  flint_cleanup();
}

/* reference/arb_ziv.c's rounding of a ball beyond the exponent range, in binary64's range
 * and in MPFR's widest one (where the expression engine's exact evaluation runs its
 * references): overflow and underflow as MPFR defines them for each direction (its manual:
 * an overflow gives +-inf, or the largest finite number in the directions toward zero, with
 * a nonzero ternary; an underflow +-0 or the least positive number), never a ternary of 0,
 * which would call an infinity exact. */
static void test_ziv_range_ends(void **state) {
  (void)state;
  static const mpfr_rnd_t rnd[4] = {MPFR_RNDN, MPFR_RNDZ, MPFR_RNDU, MPFR_RNDD};
  const mpfr_exp_t emin0 = mpfr_get_emin(), emax0 = mpfr_get_emax();
  for (int wide = 0; wide < 2; wide++) {
    if (wide) mpfr_set_emin(mpfr_get_emin_min()), mpfr_set_emax(mpfr_get_emax_max());
    else mpfr_set_emin(-1073), mpfr_set_emax(1024);
    arb_t b;
    arb_init(b);
    mpfr_t y;
    mpfr_init2(y, 53);
    for (int k = 0; k < 4; k++) {
      int t = 7;
      /* 2^(emax + 3), far beyond the range */
      arb_one(b);
      arb_mul_2exp_si(b, b, mpfr_get_emax() + 3);
      assert_true(ref_arb_round_ball(y, &t, b, rnd[k]));
      const int up = rnd[k] == MPFR_RNDN || rnd[k] == MPFR_RNDU;
      assert_true(up ? mpfr_inf_p(y) && mpfr_sgn(y) > 0 : mpfr_number_p(y) && mpfr_sgn(y) > 0);
      assert_int_equal(t, up ? 1 : -1);
      /* 2^(emin - 3), far below half the least positive number 2^(emin - 1) */
      arb_one(b);
      arb_mul_2exp_si(b, b, mpfr_get_emin() - 3);
      t = 7;
      assert_true(ref_arb_round_ball(y, &t, b, rnd[k]));
      assert_true(rnd[k] == MPFR_RNDU ? mpfr_sgn(y) > 0 : mpfr_zero_p(y) && !mpfr_signbit(y));
      assert_int_equal(t, rnd[k] == MPFR_RNDU ? 1 : -1);
    }
    mpfr_clear(y);
    arb_clear(b);
  }
  mpfr_set_emin(emin0), mpfr_set_emax(emax0);
  flint_cleanup();
}

int main(void) {
  ib_seed(0x243f6a8885a308d3ull);
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_naive_arb), cmocka_unit_test(test_log_forms),
                                     cmocka_unit_test(test_functions), cmocka_unit_test(test_ziv_range_ends),
                                     cmocka_unit_test(test_budget_and_stop)};
  return cmocka_run_group_tests_name("ibarb", tests, NULL, NULL);
}
