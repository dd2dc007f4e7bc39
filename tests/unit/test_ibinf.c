/* test_ibinf.c: exact infinities (poles) and the NaNs they lead to, decided by the ball
 * evaluator (reference/interval/ib_inf.h, tracked by ib_prog.h's interpreter), against the
 * host's expression engine (ref_mpfr: exact MPFR operations, else Ziv's loop over Arb).
 *
 *  - every rule at its point: the value derived from IEEE 754 / MPFR's special values
 *    (written in the table below, not taken from either engine), the host's pair equal to
 *    it, and the balls' pair equal to it bit for bit (or the balls leave the input, where
 *    the host cannot decide: atan(+-inf) = +-pi/2 is inexact, so the host's exact path
 *    stops and its Arb balls have no infinity);
 *  - expressions with poles (lgamma(x)-x, tgamma(x)*x, 1/x+1, log(fabs(x))*2, atanh(x)-x,
 *    erfinv(x)+x, exp(-1/x^2), x/(x-1), atan(1/x), ...) at every binade's first, last and
 *    two random inputs of both signs and at the poles and their neighbours: every input the
 *    balls decide equals the host engine's pair bit for bit, and the host's exact
 *    infinities are the balls' too (none left).
 * Two planted wrong rules in ib_inf.h (inf - inf = inf instead of NaN; erfc(-inf) = +0
 * instead of 2), compiled into this test from a copy of reference/interval/, fail it: 2
 * rules (1/x-1/x at 0, erfc(1/x) at -0) and 6 expression inputs (1/x-1/x at +-0 twice
 * each, lgamma(x)+1/x at -0 twice: +inf + -inf) differ. */
#include "testutil.h"
#include "ib_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "reference/interval/ib_prog.h"
#include "reference/expr/expr.h"
#include "reference/reference.h"

#define PINF 0x7ff0000000000000ull
#define NINF 0xfff0000000000000ull
#define NAN_ IB_NAN_BITS /* the host's NaN for a NaN reference (test_ibnan checks it) */
#define P0 0x0ull
#define N0 0x8000000000000000ull
#define P1 0x3ff0000000000000ull
#define N1 0xbff0000000000000ull
#define P2 0x4000000000000000ull
#define HOST 1ull /* the host cannot decide (an inexact value of an infinity): the balls leave it */

/* each rule at a point: the value IEEE 754 and MPFR's documentation give (1/x at +-0 is
 * +-inf, so f(1/x) there is f(+-inf)) */
static const struct {
  const char *text;
  float x;
  uint64_t want;
} rules[] = {
    /* poles */
    {"1/x", 0.0f, PINF}, {"1/x", -0.0f, NINF}, {"recip(x)", -0.0f, NINF}, {"rsqrt(x)", 0.0f, PINF},
    {"rsqrt(x)", -0.0f, NINF}, {"rcbrt(x)", -0.0f, NINF}, {"rcbrt(x)", 0.0f, PINF}, {"log(x)", 0.0f, NINF},
    {"log(x)", -0.0f, NINF}, {"log2(x)", 0.0f, NINF}, {"log10(x)", -0.0f, NINF}, {"logb(x)", -0.0f, NINF},
    {"log1p(x)", -1.0f, NINF}, {"y0(x)", 0.0f, NINF}, {"y1(x)", -0.0f, NINF}, {"lgamma(x)", 0.0f, PINF},
    {"lgamma(x)", -0.0f, PINF}, {"lgamma(x)", -1.0f, PINF}, {"lgamma(x)", -7.0f, PINF},
    {"lgamma(x)", -0x1p23f, PINF}, {"lgamma(x)", -3e38f, PINF}, {"tgamma(x)", 0.0f, PINF},
    {"tgamma(x)", -0.0f, NINF}, {"atanh(x)", 1.0f, PINF}, {"atanh(x)", -1.0f, NINF}, {"erfinv(x)", 1.0f, PINF},
    {"erfinv(x)", -1.0f, NINF}, {"erfcinv(x)", 0.0f, PINF}, {"erfcinv(x)", -0.0f, PINF},
    {"erfcinv(x)", 2.0f, NINF}, {"normcdfinv(x)", 0.0f, NINF}, {"normcdfinv(x)", -0.0f, NINF},
    {"normcdfinv(x)", 1.0f, PINF}, {"x^(-1)", -0.0f, NINF}, {"x^(-2)", -0.0f, PINF}, {"x^(-1/3)", -0.0f, NINF},
    {"x^(-1/2)", -0.0f, PINF}, {"x^(-3/2)", 0.0f, PINF}, {"x^(-2/3)", -0.0f, PINF}, {"x/(x-1)", 1.0f, PINF},
    {"-x/(x-1)", 1.0f, NINF}, {"3/(x-x)", 2.0f, PINF}, {"3/-(x-x)", 2.0f, NINF}, {"0/x", 0.0f, NAN_},
    {"x/x", -0.0f, NAN_},
    /* sums, products, quotients and powers of infinities */
    {"1/x+1", 0.0f, PINF}, {"1/x-x", -0.0f, NINF}, {"1/x-1/x", 0.0f, NAN_}, {"1/x+1/x", -0.0f, NINF},
    {"1/x*0", 0.0f, NAN_}, {"(1/x)*(1/x)", -0.0f, PINF}, {"(1/x)*-2", 0.0f, NINF}, {"(1/x)/(1/x)", 0.0f, NAN_},
    {"(1/x)/(x-x)", -0.0f, NINF}, {"(1/x)/3", -0.0f, NINF}, {"3/(1/x)", -0.0f, N0}, {"(x-x)/(1/x)", -0.0f, N0},
    {"-3/(1/x)", 0.0f, N0}, {"(1/x)^2", -0.0f, PINF}, {"(1/x)^3", -0.0f, NINF}, {"(1/x)^-3", -0.0f, N0},
    {"(1/x)^-2", -0.0f, P0}, {"(1/x)^(1/2)", -0.0f, NAN_}, {"(1/x)^(1/3)", -0.0f, NINF},
    {"(1/x)^(-1/2)", 0.0f, P0}, {"-(1/x)", 0.0f, NINF}, {"(0/x)^2+1", 0.0f, NAN_},
    /* f(+-inf) */
    {"exp(1/x)", 0.0f, PINF}, {"exp(1/x)", -0.0f, P0}, {"exp2(1/x)", -0.0f, P0}, {"exp10(1/x)", 0.0f, PINF},
    {"expm1(1/x)", -0.0f, N1}, {"elu(1/x)", -0.0f, N1}, {"elu(1/x)", 0.0f, PINF}, {"log(1/x)", 0.0f, PINF},
    {"log(1/x)", -0.0f, NAN_}, {"log1p(1/x)", -0.0f, NAN_}, {"log2(1/x)", 0.0f, PINF}, {"sqrt(1/x)", 0.0f, PINF},
    {"sqrt(1/x)", -0.0f, NAN_}, {"rsqrt(1/x)", 0.0f, P0}, {"recip(1/x)", -0.0f, N0}, {"rcbrt(1/x)", -0.0f, N0},
    {"cbrt(1/x)", -0.0f, NINF}, {"sin(1/x)", 0.0f, NAN_}, {"cos(1/x)", -0.0f, NAN_}, {"tan(1/x)", 0.0f, NAN_},
    {"sinpi(1/x)", 0.0f, NAN_}, {"cospi(1/x)", 0.0f, NAN_}, {"atan(1/x)", 0.0f, HOST},
    {"atan(1/x)", -0.0f, HOST}, {"sinh(1/x)", -0.0f, NINF}, {"cosh(1/x)", -0.0f, PINF}, {"tanh(1/x)", 0.0f, P1},
    {"tanh(1/x)", -0.0f, N1}, {"erf(1/x)", -0.0f, N1}, {"erfc(1/x)", 0.0f, P0}, {"erfc(1/x)", -0.0f, P2},
    {"fabs(1/x)", -0.0f, PINF}, {"asin(1/x)", 0.0f, NAN_}, {"acos(1/x)", -0.0f, NAN_},
    {"asinh(1/x)", -0.0f, NINF}, {"acosh(1/x)", 0.0f, PINF}, {"acosh(1/x)", -0.0f, NAN_},
    {"atanh(1/x)", 0.0f, NAN_}, {"normcdf(1/x)", 0.0f, P1}, {"normcdf(1/x)", -0.0f, P0}, {"erfcx(1/x)", 0.0f, P0},
    {"erfcx(1/x)", -0.0f, PINF}, {"erfinv(1/x)", 0.0f, NAN_}, {"erfcinv(1/x)", 0.0f, NAN_},
    {"normcdfinv(1/x)", -0.0f, NAN_}, {"floor(1/x)", -0.0f, NINF}, {"ceil(1/x)", 0.0f, PINF},
    {"trunc(1/x)", -0.0f, NINF}, {"round(1/x)", 0.0f, PINF}, {"rint(1/x)", -0.0f, NINF}, {"logb(1/x)", -0.0f, PINF},
    {"tgamma(1/x)", 0.0f, PINF}, {"tgamma(1/x)", -0.0f, NAN_}, {"lgamma(1/x)", -0.0f, PINF}, {"j0(1/x)", -0.0f, P0},
    {"j1(1/x)", -0.0f, N0}, {"j1(1/x)", 0.0f, P0}, {"y0(1/x)", 0.0f, P0}, {"y1(1/x)", -0.0f, NAN_},
    {"cyl_bessel_i0(1/x)", -0.0f, PINF}, {"cyl_bessel_i1(1/x)", -0.0f, NINF}, {"sigmoid(1/x)", -0.0f, P0},
    {"sigmoid(1/x)", 0.0f, P1}, {"softplus(1/x)", -0.0f, P0}, {"silu(1/x)", -0.0f, NAN_},
    {"exp(-1/x^2)", 0.0f, P0}, {"exp(-1/x^2)", -0.0f, P0}, {"1/log(fabs(x))", 0.0f, N0},
    /* NaN goes on as NaN */
    {"exp(0/x)", 0.0f, NAN_}, {"lgamma(x/x)", 0.0f, NAN_}, {"atan(x/x)", 0.0f, NAN_}, {"1/x+x/x", 0.0f, NAN_},
    /* off the host's exact path: the host cannot decide, the balls leave it */
    {"1/x+pi", 0.0f, HOST}, {"log(x)*sin(1)", 0.0f, HOST}, {"1/x+exp(x)", 0.0f, PINF},
};

static void test_rules(void **state) {
  (void)state;
  check_failures = 0;
  static struct ib_test_prog p;
  int decided = 0;
  for (size_t k = 0; k < sizeof rules / sizeof rules[0]; k++) {
    if (ib_test_load(rules[k].text, &p, 1)) continue;
    const uint32_t x = f2u(rules[k].x);
    double y = 1, ry = 1;
    int t = 9, rt = 9, words;
    const int d = ib_decide(&p.P, x, &y, &t, &words);
    ref_mpfr(p.ref, x, &ry, &rt);
    const uint64_t want = rules[k].want;
    if (want == HOST) {
      CHECK(rt == REF_T_UNDECIDABLE || rt == -REF_T_UNDECIDABLE, "%s at x=%a: the host gives %a t=%d",
            rules[k].text, (double)rules[k].x, ry, rt);
      CHECK(!d, "%s at x=%a: the balls give %a t=%d where the host cannot", rules[k].text, (double)rules[k].x, y, t);
      continue;
    }
    CHECK(d2u(ry) == want && rt == 0, "%s at x=%a: the host gives %a t=%d, not %a", rules[k].text,
          (double)rules[k].x, ry, rt, u2d(want));
    CHECK(d && d2u(y) == want && t == 0, "%s at x=%a: the balls %s %a t=%d, not %a", rules[k].text,
          (double)rules[k].x, d ? "give" : "leave it:", y, t, u2d(want));
    decided += d;
  }
  printf("  %zu rules: %d decided by the balls, each equal to the derived value and the host's\n",
         sizeof rules / sizeof rules[0], decided);
  ref_thread_cleanup();
  assert_int_equal(check_failures, 0);
}

/* the infinities: the host's, the balls' (NaNs counted apart); where the host cannot
 * decide, the balls decide only finite values (never by the rules of infinities) */
static int host_inf(double ry, int rt) { (void)rt; return isinf(ry); }
static int is_inf(double y) { return isinf(y); }
static int is_nan(double y) { return isnan(y); }
static int inf_beyond(double y, int t) { (void)t; return isfinite(y); }
static const struct ib_host_class infs = {host_inf, is_inf, is_nan, inf_beyond};

/* every binade of both signs (ib_binade: its ends and 2 random inputs), the poles and their
 * neighbours */
static void sweep(const struct ib_test_prog *p, struct ib_host_tally *t, const char *text) {
  static const float pts[] = {0.0f, 1.0f, 2.0f, 3.0f, 0.5f, 7.0f, 1e30f, 3.4e38f, 0x1p23f, 0x1p24f, 0x1p-149f};
  static uint32_t in[2 * (255 * 4 + 3 * sizeof pts / sizeof pts[0])];
  int n = 0;
  for (int s = 0; s < 2; s++) {
    const uint32_t sg = s ? 0x80000000u : 0;
    for (int k = -127; k <= 127; k++) n = ib_binade(in, n, sg, k, 2); /* the subnormals, then 2^-126 .. 2^127 */
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
      const uint32_t b = sg | f2u(pts[i]);
      in[n++] = b;
      if (b & 0x7fffffffu) in[n++] = b - 1;
      in[n++] = b + 1;
    }
  }
  for (int i = 0; i < n; i++) ib_vs_host(p, in[i], &infs, t, text);
}

/* expressions with poles; infs: the least number of infinities the balls must decide */
static const struct {
  const char *text;
  long infs;
} pexprs[] = {
    {"lgamma(x)-x", 400}, {"tgamma(x)*x", 400}, {"tgamma(x)/x", 2}, {"1/x+1", 2}, {"1/x-x", 2},
    {"log(fabs(x))*2", 2}, {"log(fabs(x))+x", 2}, {"atanh(x)-x", 2}, {"erfinv(x)+x", 2}, {"exp(-1/x^2)", 0},
    {"x/(x-1)", 1}, {"atan(1/x)", 0}, {"lgamma(x)*2", 400}, {"lgamma(x)+1/x", 100}, {"1/x-1/x", 0},
    {"x^(-2)-1", 2}, {"log1p(x)*x", 1}, {"tanh(1/x)+x", 0}, {"exp(1/x)*x", 0}, {"normcdfinv(x)-x", 3},
    {"erfcinv(x)+1", 3}, {"y0(x)+x", 2}, {"tgamma(x)", 400}};

static void test_exprs(void **state) {
  (void)state;
  check_failures = 0;
  ib_seed(0x2545f4914f6cdd1dull);
  long all = 0;
  for (size_t k = 0; k < sizeof pexprs / sizeof pexprs[0]; k++) {
    static struct ib_test_prog p;
    const char *text = pexprs[k].text;
    if (ib_test_load(text, &p, 1)) continue;
    struct ib_host_tally t = {0};
    sweep(&p, &t, text);
    printf("  %-18s %5ld inputs: %4ld infinities and %4ld NaNs by the balls, host infinities %4ld, left %ld, beyond "
           "the host %ld; %ld mismatched\n", text, t.tried, t.special, t.sub, t.host_special, t.left, t.beyond,
           t.mismatched);
    CHECK(t.mismatched == 0, "%s: %ld inputs differ from the host engine", text, t.mismatched);
    CHECK(t.special >= pexprs[k].infs, "%s: %ld infinities decided", text, t.special);
    CHECK(t.left == 0, "%s: %ld host infinities left by the balls", text, t.left);
    all += t.special;
  }
  printf("  %ld infinities decided\n", all);
  ref_thread_cleanup();
  assert_int_equal(check_failures, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_rules),
      cmocka_unit_test(test_exprs),
  };
  return cmocka_run_group_tests_name("ibinf", tests, NULL, NULL);
}
