/* test_ibnan.c: the ball evaluator's NaN decisions (reference/interval/ib_prog.h,
 * ib_outside): an input where the argument of an operation lies wholly outside its real
 * domain is decided NaN by the balls, exactly as the host's expression engine (ref_mpfr:
 * exact MPFR operations, else Ziv's loop over Arb balls) gives it, and nowhere else.
 *
 *  - expressions with domains (asin(x)-x, exp10(x)-log2(x), sqrt(x)-x, ...), on the first,
 *    the last and two random inputs of every binade of both signs (subnormals included)
 *    and at the domains' edges (0, +-1/2, +-1, +-2 and their neighbours): every input the
 *    balls decide equals the host engine's pair, y bit for bit (the NaN's bits included)
 *    and t; each expression has NaN decisions; every input where the host gives NaN is
 *    decided NaN, but at the exact poles (pole_nan); and the balls leave at most 1% of its
 *    inputs (before the NaN decisions they left every input outside the domain: about
 *    half), but x^(1/2)-sqrt(x), an exact 0 for x >= 0;
 *  - the NaN through every function and operation of the evaluator: F(sqrt(x)) and
 *    F(sqrt(x - 0.1)) at negative x (the host's exact path and its Arb path), sums,
 *    products (by an exact zero too), quotients, powers: NaN on both sides;
 *  - values kept as logarithms (exp(x) for |x| >= 2^9) outside a domain: asin(exp(x)),
 *    log(-exp(x)), log1p(-2*exp(x)), acosh(exp(-fabs(x)));
 *  - the arguments checked before the program (ib_pre_nan: those computed without a
 *    function call) give only NaNs the program's own pass gives;
 *  - x^0 swallows a NaN on the host's exact path (mpfr_pow_si(NaN, 0) = 1): log(x)^0 + x
 *    is -1 at x = -2 there, and the balls never decide a NaN in a program with x^0. */
#include "testutil.h"
#include "ib_test.h"

#include <stdlib.h>
#include <string.h>

#include "reference/interval/ib_prog.h"
#include "reference/expr/expr.h"
#include "reference/reference.h"


struct tally {
  /* pole_nan: NaN on the host at +-0 or 1, where an operation meets an exact pole and the
   * host's exact path applies IEEE's rules to the infinity (rsqrt(x)-1/x at 0: inf - inf;
   * sqrt(log(x)) at 0: sqrt(-inf); (x-1)/log(x) at 1: 0/0): no domain, left by the balls */
  long tried, nan, value, left, nan_left, pole_nan, mismatched, unverified;
  long pre, pre_differ; /* NaN found by the checks before the program (ib_pre_nan); of those, not by the program */
};

/* one input: the balls' answer, if any, against the host engine's */
static void one(const struct ib_test_prog *p, uint32_t x, struct tally *t, const char *text) {
  double y, ry;
  int tt, rt, words;
  t->tried++;
  if (!ib_decide(&p->P, x, &y, &tt, &words)) {
    t->left++;
    ref_mpfr(p->ref, x, &ry, &rt);
    if (ry != ry && rt == 0 && ((x & 0x7fffffffu) == 0 || x == 0x3f800000u)) t->pole_nan++; /* below */
    else if (ry != ry && rt == 0) { /* a NaN the balls leave */
      if (t->nan_left++ < 3) printf("    %s at x=%a: NaN on the host, left by the balls\n", text, (double)u2f(x));
    }
    return;
  }
  if (y != y) t->nan++;
  else t->value++;
  if (ib_pre_nan(&p->P, x, 1)) { /* the cheap arguments' pass: the program's own must agree */
    static struct ib_prog Q;
    Q = p->P;
    Q.n_pre = 0;
    double yq;
    int tq, wq;
    t->pre++;
    if (!ib_decide(&Q, x, &yq, &tq, &wq) || d2u(yq) != d2u(y) || tq != tt) t->pre_differ++;
  }
  ref_mpfr(p->ref, x, &ry, &rt);
  if (rt == REF_T_UNDECIDABLE || rt == -REF_T_UNDECIDABLE) { /* beyond the host: only values, never a NaN */
    t->unverified += y != y;
    return;
  }
  if (d2u(y) != d2u(ry) || tt != rt) {
    if (t->mismatched < 5)
      fprintf(stderr, "  %s at x=%a (0x%08x): balls %a (0x%016llx) t=%d, host %a (0x%016llx) t=%d\n", text,
              (double)u2f(x), x, y, (unsigned long long)d2u(y), tt, ry, (unsigned long long)d2u(ry), rt);
    t->mismatched++;
  }
}

/* every binade of both signs (first, last, two random inputs) and the domains' edges */
static void sweep(const struct ib_test_prog *p, struct tally *t, const char *text) {
  static const float edges[] = {0.0f, 1.0f, 2.0f, 0.5f};
  static uint32_t in[2 * (255 * 4 + 3 * 4)];
  int n = 0;
  for (int s = 0; s < 2; s++) {
    const uint32_t sg = s ? 0x80000000u : 0;
    for (int k = -127; k <= 127; k++) n = ib_binade(in, n, sg, k, 2); /* the subnormals, then 2^-126 .. 2^127 */
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
      const uint32_t b = f2u(edges[i]);
      in[n++] = sg | b, in[n++] = sg | (b + 1);
      if (b) in[n++] = sg | (b - 1);
    }
  }
  for (int i = 0; i < n; i++) one(p, in[i], t, text);
}

/* each with the most inputs of the sweep (2062) the balls may leave: 1%, but for
 * x^(1/2)-sqrt(x), an exact 0 at every x >= 0 (1031 inputs and -0) that no ball rounds
 * (the host's Arb cannot either: it decides the squares, by exact operations) */
static const struct {
  const char *text;
  long left;
} domains[] = {
    /* a user's: */
    {"asin(x)-x", 20}, {"exp10(x)-log2(x)", 20}, {"sqrt(x)-x", 20}, {"log(x)/x", 20}, {"acosh(x)*2", 20},
    {"atanh(x)+x", 20}, {"log(1-x*x)", 20}, {"(x-1)/log(x)", 20}, {"x^(1/2)-sqrt(x)", 1032},
    {"acos(x)+log1p(x)", 20}, {"log10(x-1)*x", 20}, {"rsqrt(x)-1/x", 20}, {"x^(5/2)/3", 20},
    {"sqrt(log(x))", 20}, {"log(sin(x))", 20},
    /* values kept as logarithms (|x| >= 2^9) outside a domain */
    {"asin(exp(x))", 20}, {"log(-exp(x))", 20}, {"log1p(-2*exp(x))", 20}, {"acosh(exp(-fabs(x)))", 20},
    {"sqrt(1-cosh(x))", 20}};

static void test_domains(void **state) {
  (void)state;
  check_failures = 0;
  for (size_t k = 0; k < sizeof domains / sizeof domains[0]; k++) {
    static struct ib_test_prog p;
    const char *text = domains[k].text;
    if (ib_test_load(text, &p, 1)) continue;
    struct tally t = {0};
    sweep(&p, &t, text);
    printf("  %-22s %5ld inputs: %5ld NaN (%5ld before the program), %5ld values by the balls, %4ld left (%ld NaN "
           "on the host, %ld at a pole); %ld mismatched\n", text, t.tried, t.nan, t.pre, t.value, t.left, t.nan_left,
           t.pole_nan, t.mismatched);
    CHECK(t.pre_differ == 0, "%s: %ld NaN before the program that the program does not give", text, t.pre_differ);
    CHECK(t.pre > 0 || p.P.n_pre == 0, "%s: its checks before the program found no NaN", text);
    CHECK(t.mismatched == 0, "%s: %ld inputs differ from the host engine", text, t.mismatched);
    CHECK(t.unverified == 0, "%s: %ld NaN decisions where the host cannot decide", text, t.unverified);
    CHECK(t.nan > 0, "%s: no NaN decided", text);
    CHECK(t.left <= domains[k].left, "%s: %ld of %ld inputs left to the host", text, t.left, t.tried);
    CHECK(t.nan_left == 0, "%s: %ld NaN left to the host", text, t.nan_left);
  }
  ref_thread_cleanup();
  assert_int_equal(check_failures, 0);
}

/* the balls and the host at x, which must both be NaN with t = 0, bit for bit */
static void both_nan(const struct ib_test_prog *p, float xf, const char *text) {
  const uint32_t x = f2u(xf);
  double y = 0, ry;
  int t = 0, rt, words;
  const int d = ib_decide(&p->P, x, &y, &t, &words);
  ref_mpfr(p->ref, x, &ry, &rt);
  CHECK(ry != ry && rt == 0, "%s at x=%a: the host gives %a t=%d, not NaN", text, (double)xf, ry, rt);
  CHECK(d && y != y && t == 0, "%s at x=%a: the balls %s", text, (double)xf, d ? "decide a number" : "leave it");
  CHECK(!d || d2u(y) == d2u(ry), "%s at x=%a: NaN 0x%016llx, the host's 0x%016llx", text, (double)xf,
        (unsigned long long)d2u(y), (unsigned long long)d2u(ry));
}

static const char *const fns[] = {"exp",  "expm1", "log",   "log1p", "sqrt",  "rsqrt", "recip", "cbrt",
                                  "sin",  "cos",   "tan",   "atan",  "sinh",  "cosh",  "tanh",  "erf",
                                  "erfc", "fabs",  "exp2",  "exp10", "log2",  "log10", "rcbrt", "sinpi",
                                  "cospi", "asin", "acos",  "asinh", "acosh", "atanh", "normcdf", "erfcx",
                                  "sigmoid", "silu", "softplus", "gelu", "mish"};
static const char *const ops[] = {"-sqrt(x)",     "sqrt(x)+1",      "1-sqrt(x)",     "2*sqrt(x)",
                                  "sqrt(x)/3",    "3/sqrt(x)",      "sqrt(x)^3",     "sqrt(x)^(1/3)",
                                  "sqrt(x)^(-2)", "x*sqrt(x)",      "0*sqrt(x)",     "(x-x)*sqrt(x-0.1)",
                                  "sqrt(x)-sqrt(x)", "exp(sqrt(x))/exp(sqrt(x))", "log(x)+1/x", "(x-1)^(1/2)"};

static void test_propagation(void **state) {
  (void)state;
  check_failures = 0;
  const float xs[] = {-4.0f, -0x1p-140f, -3e38f, -1.5f};
  char text[128];
  static struct ib_test_prog p;
  for (size_t k = 0; k < sizeof fns / sizeof fns[0]; k++)
    for (int form = 0; form < 2; form++) { /* the host's exact path, and its Arb path (0.1 is inexact) */
      snprintf(text, sizeof text, form ? "%s(sqrt(x-0.1))" : "%s(sqrt(x))", fns[k]);
      if (ib_test_load(text, &p, 1)) continue;
      for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) both_nan(&p, xs[i], text);
    }
  for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
    if (ib_test_load(ops[k], &p, 1)) continue;
    for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) both_nan(&p, xs[i] == -1.5f ? -2.5f : xs[i], ops[k]);
  }
  printf("  %zu functions (two forms each) and %zu operations carry the NaN on both sides\n",
         sizeof fns / sizeof fns[0], sizeof ops / sizeof ops[0]);
  ref_thread_cleanup();
  assert_int_equal(check_failures, 0);
}

/* x^0 of a NaN: the host's exact path gives 1 (log(x)^0 + x = -1 at x = -2), so the balls
 * decide no NaN in such a program; what they decide elsewhere still equals the host */
static void test_swallow(void **state) {
  (void)state;
  check_failures = 0;
  const char *const sw[] = {"log(x)^0+x", "sqrt(x-0.1)^0*x", "(1+asin(x)^0)*x"};
  static struct ib_test_prog p;
  for (size_t k = 0; k < sizeof sw / sizeof sw[0]; k++) {
    if (ib_test_load(sw[k], &p, 1)) continue;
    struct tally t = {0};
    sweep(&p, &t, sw[k]);
    printf("  %-20s %5ld inputs: %5ld NaN, %5ld values by the balls, %4ld left; %ld mismatched\n", sw[k], t.tried,
           t.nan, t.value, t.left, t.mismatched);
    CHECK(t.nan == 0, "%s: %ld NaN decided through x^0", sw[k], t.nan);
    CHECK(t.mismatched == 0, "%s: %ld inputs differ from the host engine", sw[k], t.mismatched);
    CHECK(t.left > 0, "%s: nothing left to the host", sw[k]);
    CHECK(t.left >= t.nan_left, "%s", sw[k]);
  }
  if (!ib_test_load("log(x)^0+x", &p, 1)) {
    double ry;
    int rt;
    ref_mpfr(p.ref, f2u(-2.0f), &ry, &rt);
    CHECK(ry == -1.0 && rt == 0, "log(x)^0+x at -2: the host gives %a t=%d; MPFR's pow_si(NaN, 0) = 1 gives -1", ry,
          rt);
  }
  ref_thread_cleanup();
  assert_int_equal(check_failures, 0);
}

int main(void) {
  ib_seed(0x9e3779b97f4a7c15ull);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_domains),
      cmocka_unit_test(test_propagation),
      cmocka_unit_test(test_swallow),
  };
  return cmocka_run_group_tests_name("ibnan", tests, NULL, NULL);
}
