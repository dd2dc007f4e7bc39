/* test_fastzero.c: the fast path's table near 0 for expressions whose value lies within a
 * tiny fraction of an ulp of an exact quadratic there (1 - cos x = x^2/2 - x^4/24 + ...),
 * where its blocks are anchored on f's Taylor polynomial at 0 (reference/fast/fast_build.c,
 * zero_anchor), and far from 0 for those that follow a line there (x^3/(1+x^2) ~ x:
 * line_anchor): no rule of the expression code covers these forms.
 *
 * Expected values come from naive MPFR loops written here, operation by operation, at 300
 * bits and then at ever higher precisions until twice the precision gives the same (y, t)
 * (1 - cos x at x = 2^-149 lies 2^-300 relative below x^2/2). Every input the table decides
 * must agree bit for bit (y and the ternary t); and the table must decide nearly every
 * input of these binades (it decided none below about 2^-50 before the anchors: the value
 * is too close to a binary64 number for a polynomial of the value alone). */
#include "testutil.h"
#include "naive64.h"
#include "expr_test.h"

#include <mpfr.h>
#include <stdlib.h>
#include <string.h>

#include "reference/expr/expr.h"
#include "reference/fast/fast.h"
#include "reference/fast/fastref.h"
#include "src/catalogue/registry.h"

static const struct {
  const char *text;
  naive_fn f;
} far[] = {
    {"x^3/(1+x^2)", nv_x3}, {"sqrt(x^2+1)", nv_hyp1}, {"x/sqrt(1+x^2)", nv_xsqrt},
};

static const struct {
  const char *text;
  naive_fn f;
} exprs[] = {
    {"1-cos(x)", nv_1mcos},           {"exp(x)-1-x", nv_expm1x},         {"sqrt(x^2+4)-2", nv_sqrt4},
    {"cosh(x)-1", nv_coshm1},         {"sigmoid(x)*(1-sigmoid(x))", nv_dsigmoid},
    {"1/(1+x^2)", nv_lorentz},        {"log(1+x^2)", nv_log1x2},         {"x/sqrt(1+x^2)", nv_xsqrt},
    {"(1+x)^(1/3)-1", nv_cbrt1},      {"(exp(x)-exp(-x))/2", nv_sinh},   {"log(x+sqrt(x^2+1))", nv_asinh},
    {"x*exp(-x)", nv_xexp},
};

/* n inputs of the binade of biased exponent be (0: zero and the subnormals) of sign s:
 * both ends, then random mantissas */
static uint32_t binade_input(int be, int s, int i) {
  const uint32_t first = (uint32_t)be << 23 | (s ? 0x80000000u : 0);
  const uint32_t m = i < 8 ? (uint32_t)i : i < 16 ? 0x7fffffu - (uint32_t)(i - 8) : (uint32_t)(test_rand64() & 0x7fffff);
  return first | m;
}

/* PER inputs of each sign of the binade of biased exponent be: every one the table decides
 * against the naive loop, bit for bit; counts into *decided and *total */
#define PER 150
static void check_binade(const struct ref_fast *f, const char *text, naive_fn nf, int be, long *decided,
                         long *total) {
  for (int s = 0; s < 2; s++)
    for (int i = 0; i < PER; i++, ++*total) {
      const uint32_t xb = binade_input(be, s, i);
      double y, yn;
      int t, tn;
      if (!fast_eval(&f->view, xb, &y, &t)) continue;
      ++*decided;
      naive(nf, u2f(xb), &yn, &tn);
      if (d2u(y) != d2u(yn) || t != tn)
        fail_msg("%s at %a: table (%a, %d), naive (%a, %d)", text, (double)u2f(xb), y, t, yn, tn);
    }
}

/* the decided share, printed and required to be at least 99% */
static void require_decided(const char *text, double build, long decided, long total, const char *where) {
  printf("%-28s table built in %.2f s; decided %ld of %ld inputs %s (%.2f%%), each as the naive loop\n", text, build,
         decided, total, where, 100.0 * decided / total);
  if (decided < total * 99 / 100) fail_msg("%s: the table decided only %ld of %ld", text, decided, total);
}

/* For each expression: the table over magnitudes below 2^-16 (both signs); over the binades
 * of subnormals, 2^-126, 2^-100, 2^-75, 2^-60, 2^-40, 2^-24 and 2^-17 of each sign, every
 * input the table decides against the naive loop, bit for bit; and at least 99% decided. */
static void test_zero_anchor(void **state) {
  (void)state;
  static const int binades[] = {0, 1, 27, 52, 67, 87, 103, 110}; /* biased exponents */
  for (size_t k = 0; k < sizeof exprs / sizeof exprs[0]; k++) {
    struct ref_fast f;
    expr_table(exprs[k].text, 0, 0x377fffff, 0, &f);
    long decided = 0, total = 0;
    for (size_t b = 0; b < sizeof binades / sizeof binades[0]; b++)
      check_binade(&f, exprs[k].text, exprs[k].f, binades[b], &decided, &total);
    require_decided(exprs[k].text, f.build_s, decided, total, "below 2^-16");
    ref_fast_free(&f);
  }
  ref_thread_cleanup();
}

/* Far from 0 (|x| >= 2^16), expressions that follow a line there to far below an ulp
 * (x^3/(1+x^2) = x - x/(1+x^2), within 2^-128 relative of x at 2^64): the table over each
 * binade of 2^17, 2^30, 2^50, 2^64, 2^100, 2^127, both signs (sqrt(x^2+1) at 2^100 is
 * 2^-201 relative above |x|), every decided input against the naive loop, and >= 99%
 * decided (before the line anchors: none at 2^64). */
static void test_line_anchor(void **state) {
  (void)state;
  static const int binades[] = {144, 157, 177, 191, 227, 254}; /* biased exponents: 2^17 .. 2^127 */
  for (size_t k = 0; k < sizeof far / sizeof far[0]; k++) {
    long decided = 0, total = 0;
    double build = 0;
    for (size_t b = 0; b < sizeof binades / sizeof binades[0]; b++) { /* a table each: the whole range takes minutes */
      struct ref_fast f;
      const uint32_t lo = (uint32_t)binades[b] << 23;
      expr_table(far[k].text, lo, lo | 0x7fffffu, 0, &f);
      build += f.build_s;
      check_binade(&f, far[k].text, far[k].f, binades[b], &decided, &total);
      ref_fast_free(&f);
    }
    require_decided(far[k].text, build, decided, total, "above 2^16");
  }
  ref_thread_cleanup();
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_zero_anchor), cmocka_unit_test(test_line_anchor)};
  return cmocka_run_group_tests_name("fastzero", tests, NULL, NULL);
}
