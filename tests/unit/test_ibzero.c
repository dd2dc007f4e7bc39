/* test_ibzero.c: exact zeros decided by the ball evaluator with their IEEE signs
 * (reference/interval/ib_zero.h, tracked by ib_prog.h's interpreter), against the host's
 * expression engine (ref_mpfr: exact MPFR operations, else Ziv's loop over Arb balls).
 *
 *  - about 40 expressions with exact zeros (x-floor(x), round(x*16)/16-x, floor(exp(x)),
 *    -x+x, 0/x, sqrt(x-x), x^3-x*x*x, logb(x)-logb(x), log(x/x), ...), at every input class
 *    that gives a zero: +-0, integers, halves, quarters, subnormals, huge values, both
 *    signs, and the first, last and two random inputs of every binade: every input the
 *    balls decide equals the host engine's pair bit for bit (the zero's sign included);
 *    each expression's zeros are decided by the balls (at most a few per expression left,
 *    where a rule gives no sign on purpose);
 *  - every rule's sign, at points where the host decides by its exact path: f(+-0) of the
 *    odd functions, the step functions at +-0.3, +-0.5, log(1), acos(1), logb(1), sinpi(n),
 *    cospi(n+1/2), roots and powers of -0, sums and products of signed zeros;
 *  - where the host cannot give the sign by its exact path (a zero reached through an
 *    inexact operand: floor(exp(x)), 0*sin(x)), only +0 is decided, and -0 never.
 * A zero the balls decide where the host cannot (REF_T_UNDECIDABLE) must be +0 (the only
 * zero decided outside the host's exact path). */
#include "testutil.h"
#include "ib_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "reference/interval/ib_prog.h"
#include "reference/expr/expr.h"
#include "reference/reference.h"

/* the zeros: the host's exact ones (t = 0), the balls' of either sign, -0 counted apart; a
 * zero decided where the host cannot is +0 and exact, never -0 */
static int host_zero(double ry, int rt) { return ry == 0 && rt == 0; }
static int is_zero(double y) { return y == 0; }
static int neg_zero(double y) { return y == 0 && signbit(y); }
static int zero_beyond(double y, int t) { return y != 0 || (!signbit(y) && t == 0); }
static const struct ib_host_class zeros = {host_zero, is_zero, neg_zero, zero_beyond};

/* every binade of both signs, and the inputs where zeros arise */
static void sweep(const struct ib_test_prog *p, struct ib_host_tally *t, const char *text) {
  static const float pts[] = {0.0f,  1.0f,  2.0f,       3.0f,       0.5f,     1.5f,      2.5f,  0.25f,
                              0.3f,  0.75f, 0.0625f,    0x1p-149f,  0x1p-140f, 0x1p23f,  0x1p23f + 1,
                              0x1p24f, 1e30f, 3.4e38f,  8388607.5f, 100.0f,   1000.0f,   0x1p-20f};
  static uint32_t in[2 * (255 * 4 + sizeof pts / sizeof pts[0])];
  int n = 0;
  for (int s = 0; s < 2; s++) {
    const uint32_t sg = s ? 0x80000000u : 0;
    for (int k = -127; k <= 127; k++) n = ib_binade(in, n, sg, k, 2); /* the subnormals, then 2^-126 .. 2^127 */
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) in[n++] = sg | f2u(pts[i]);
  }
  for (int i = 0; i < n; i++) ib_vs_host(p, in[i], &zeros, t, text);
}

/* expressions with exact zeros; left: the most host zeros the balls may leave: the -0 of
 * sin(x)*0 and rint(x/1e30) at negative x (an inexact operand: the host's Arb path answers
 * +0 there, so the balls leave it, test_inexact_paths), cospi's zeros at |x| >= 2^24
 * (sincospi's ball is not exact there), and the sums of x and 2^-600 (beyond the balls'
 * exactness at the host's words: the host decides them, the balls leave them) */
static const struct {
  const char *text;
  long left;
} zexprs[] = {
    {"x-floor(x)", 0}, {"x-trunc(x)", 0}, {"x-ceil(x)", 0}, {"round(x*16)/16-x", 0}, {"round(x*16)/16", 0},
    {"floor(exp(x))", 0}, {"trunc(x*3)+rint(x)", 0}, {"-x+x", 0}, {"x*0", 0}, {"0/x", 0},
    {"(x-x)*-1", 0}, {"sin(x)*0", 1031}, {"0*sin(x)", 0}, {"log(x/x)", 0}, {"sqrt(x-x)", 0},
    {"-(x-x)", 0}, {"x^3-x*x*x", 0}, {"fabs(x)-x", 0}, {"logb(x)-logb(x)", 0}, {"floor(x)", 0},
    {"ceil(x)", 0}, {"trunc(x)", 0}, {"round(x)", 0}, {"rint(x)", 0}, {"nearbyint(x)", 0},
    {"sin(x)", 0}, {"sqrt(x)", 0}, {"x^(1/2)", 0}, {"x^3", 0}, {"x^2", 0}, {"cbrt(x)", 0},
    {"x^(2/3)", 0}, {"x^(3/5)", 0}, {"atan(x)*x", 0}, {"tanh(x)/(x*x+1)", 0}, {"sinpi(x)", 0},
    {"sinpi(x*0.5)", 0}, {"cospi(x+0.5)", 611}, {"log(fabs(x))", 0}, {"log2(x)*x", 0},
    {"acos(x)", 0}, {"acosh(x)", 0}, {"logb(x)", 0}, {"-floor(x)", 0},
    {"floor(-x)", 0}, {"rint(x/1e30)", 1042}, {"(x-x)*exp(x)", 0}, {"exp(x)*(x-x)", 0}, {"-(x-x)/exp(-x)", 0},
    {"x*x-x^2", 0}, {"expm1(x-x)+erf(-(x-x))", 0}, {"asinh(x*0)", 0}, {"erfinv(x-x)", 0},
    {"exp(x)-exp(x)", 0}, {"(x+2^-600)-(x+2^-600)", 2084}, {"-((x+2^-600)-(x+2^-600))", 2084}};

static void test_zeros(void **state) {
  (void)state;
  check_failures = 0;
  long all = 0, neg = 0;
  for (size_t k = 0; k < sizeof zexprs / sizeof zexprs[0]; k++) {
    static struct ib_test_prog p;
    const char *text = zexprs[k].text;
    if (ib_test_load(text, &p, 1)) continue;
    struct ib_host_tally t = {0};
    sweep(&p, &t, text);
    printf("  %-24s %5ld inputs: %4ld zeros by the balls (%4ld -0), host zeros %4ld, left %4ld, beyond the host "
           "%ld; %ld mismatched\n", text, t.tried, t.special, t.sub, t.host_special, t.left, t.beyond,
           t.mismatched);
    CHECK(t.mismatched == 0, "%s: %ld inputs differ from the host engine", text, t.mismatched);
    CHECK(t.special > 0, "%s: no zero decided", text);
    CHECK(t.left <= zexprs[k].left, "%s: %ld host zeros left by the balls", text, t.left);
    all += t.special, neg += t.sub;
  }
  printf("  %ld zeros decided, %ld of them -0\n", all, neg);
  CHECK(neg > 0 && all > neg, "both signs");
  ref_thread_cleanup();
  assert_int_equal(check_failures, 0);
}

/* single points with the zero each rule must give, as the host's exact path gives it:
 * sign -1 (-0), +1 (+0), derived from IEEE 754 / MPFR's documented special values */
static const struct {
  const char *text;
  float x;
  int sign;
} pts[] = {
    {"sin(x)", -0.0f, -1},     {"tan(x)", -0.0f, -1},      {"atan(x)", -0.0f, -1},     {"sinh(x)", -0.0f, -1},
    {"tanh(x)", -0.0f, -1},    {"asin(x)", -0.0f, -1},     {"asinh(x)", -0.0f, -1},    {"atanh(x)", -0.0f, -1},
    {"erf(x)", -0.0f, -1},     {"expm1(x)", -0.0f, -1},    {"log1p(x)", -0.0f, -1},    {"sqrt(x)", -0.0f, -1},
    {"cbrt(x)", -0.0f, -1},    {"sinpi(x)", -0.0f, -1},    {"erfinv(x)", -0.0f, -1},   {"fabs(x)", -0.0f, 1},
    {"floor(x)", -0.0f, -1},   {"floor(x)", 0.3f, 1},      {"ceil(x)", -0.3f, -1},     {"trunc(x)", -0.3f, -1},
    {"round(x)", -0.3f, -1},   {"rint(x)", -0.3f, -1},     {"rint(x)", -0.5f, -1},     {"nearbyint(x)", 0.5f, 1},
    {"log(x)", 1.0f, 1},       {"log2(x)", 1.0f, 1},       {"log10(x)", 1.0f, 1},      {"acos(x)", 1.0f, 1},
    {"acosh(x)", 1.0f, 1},     {"logb(x)", 1.0f, 1},       {"logb(x)", -1.5f, 1},      {"erfcinv(x)", 1.0f, 1},
    {"normcdfinv(x)", 0.5f, 1}, {"sinpi(x)", 2.0f, 1},     {"sinpi(x)", -3.0f, -1},    {"cospi(x)", 0.5f, 1},
    {"cospi(x)", -1.5f, 1},    {"x^(1/2)", -0.0f, 1},      {"x^(1/3)", -0.0f, -1},     {"x^3", -0.0f, -1},
    {"x^2", -0.0f, 1},         {"x^(2/3)", -0.0f, 1},      {"-x+x", -0.0f, 1},         {"x+x", -0.0f, -1},
    {"x-x", -0.0f, 1},         {"-(x-x)", 2.0f, -1},       {"x*0", -3.0f, -1},         {"0/x", -3.0f, -1},
    {"(x-x)*-1", 5.0f, -1},    {"sqrt(x-x)", 7.0f, 1},     {"sqrt(-(x-x))", 7.0f, -1}, {"-x-x", 0.0f, -1},
    {"x*x*x-x^3", -2.5f, 1},   {"0*sin(x)", -1.0f, -1},    {"sin(x)*0", 0.0f, 1},      {"log(x/x)", -5.0f, 1},
};

static void test_rules(void **state) {
  (void)state;
  check_failures = 0;
  static struct ib_test_prog p;
  for (size_t k = 0; k < sizeof pts / sizeof pts[0]; k++) {
    if (ib_test_load(pts[k].text, &p, 1)) continue;
    const uint32_t x = f2u(pts[k].x);
    double y = 1, ry = 1;
    int t = 9, rt = 9, words;
    const int d = ib_decide(&p.P, x, &y, &t, &words);
    ref_mpfr(p.ref, x, &ry, &rt);
    const double want = pts[k].sign < 0 ? -0.0 : 0.0;
    CHECK(d2u(ry) == d2u(want) && rt == 0, "%s at x=%a: the host gives %a t=%d, not %s0", pts[k].text,
          (double)pts[k].x, ry, rt, pts[k].sign < 0 ? "-" : "+");
    CHECK(d && d2u(y) == d2u(want) && t == 0, "%s at x=%a: the balls %s %a t=%d, not %s0", pts[k].text,
          (double)pts[k].x, d ? "give" : "leave it:", y, t, pts[k].sign < 0 ? "-" : "+");
  }
  printf("  %zu rules: the balls' signed zero equals the derived one and the host's\n", sizeof pts / sizeof pts[0]);
  ref_thread_cleanup();
  assert_int_equal(check_failures, 0);
}

/* a -0 through an inexact operand: the host's exact path stops there and its Arb balls
 * give +0 (an exactly-zero ball), so the balls leave -0 to the host and decide +0 only */
static void test_inexact_paths(void **state) {
  (void)state;
  check_failures = 0;
  static struct ib_test_prog p;
  static const struct {
    const char *text;
    float x;
    int decided; /* the balls decide +0 (1) or leave it (0) */
  } cases[] = {{"sin(x)*0", -1.0f, 0}, {"sin(x)*0", 1.0f, 1},         {"ceil(-exp(x))", -2.0f, 0},
               {"floor(exp(x))", -2.0f, 1}, {"round(sin(x))", -0.25f, 0}, {"round(sin(x))", 0.25f, 1}};
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    if (ib_test_load(cases[k].text, &p, 1)) continue;
    double y = 1, ry;
    int t = 9, rt, words;
    const int d = ib_decide(&p.P, f2u(cases[k].x), &y, &t, &words);
    ref_mpfr(p.ref, f2u(cases[k].x), &ry, &rt);
    CHECK(d == cases[k].decided, "%s at x=%a: the balls %s", cases[k].text, (double)cases[k].x,
          d ? "decide" : "leave it");
    CHECK(!d || (d2u(y) == 0 && t == 0), "%s at x=%a: the balls give %a t=%d", cases[k].text,
          (double)cases[k].x, y, t);
    CHECK(!d || (d2u(ry) == 0 && rt == 0), "%s at x=%a: the host gives %a t=%d", cases[k].text,
          (double)cases[k].x, ry, rt);
    printf("  %-16s at %5g: host %a t=%d, balls %s\n", cases[k].text, (double)cases[k].x, ry, rt,
           d ? "+0" : "leave it");
  }
  ref_thread_cleanup();
  assert_int_equal(check_failures, 0);
}

int main(void) {
  ib_seed(0x2545f4914f6cdd1dull);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_rules),
      cmocka_unit_test(test_zeros),
      cmocka_unit_test(test_inexact_paths),
  };
  return cmocka_run_group_tests_name("ibzero", tests, NULL, NULL);
}
