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

#include <mpfr.h>
#include <stdlib.h>
#include <string.h>

#include "reference/expr/expr.h"
#include "reference/fast/fast.h"
#include "reference/fast/fastref.h"
#include "src/catalogue/registry.h"

static void nv_1mcos(mpfr_ptr z, mpfr_srcptr x) {
  mpfr_cos(z, x, MPFR_RNDN);
  mpfr_ui_sub(z, 1, z, MPFR_RNDN);
}
static void nv_expm1x(mpfr_ptr z, mpfr_srcptr x) {
  mpfr_exp(z, x, MPFR_RNDN);
  mpfr_sub_ui(z, z, 1, MPFR_RNDN);
  mpfr_sub(z, z, x, MPFR_RNDN);
}
static void nv_sqrt4(mpfr_ptr z, mpfr_srcptr x) {
  mpfr_sqr(z, x, MPFR_RNDN);
  mpfr_add_ui(z, z, 4, MPFR_RNDN);
  mpfr_sqrt(z, z, MPFR_RNDN);
  mpfr_sub_ui(z, z, 2, MPFR_RNDN);
}
static void nv_coshm1(mpfr_ptr z, mpfr_srcptr x) {
  mpfr_cosh(z, x, MPFR_RNDN);
  mpfr_sub_ui(z, z, 1, MPFR_RNDN);
}
static void nv_dsigmoid(mpfr_ptr z, mpfr_srcptr x) { /* s (1 - s), s = 1/(1 + e^-x) */
  mpfr_t s;
  mpfr_init2(s, mpfr_get_prec(z));
  mpfr_neg(s, x, MPFR_RNDN);
  mpfr_exp(s, s, MPFR_RNDN);
  mpfr_add_ui(s, s, 1, MPFR_RNDN);
  mpfr_ui_div(s, 1, s, MPFR_RNDN);
  mpfr_ui_sub(z, 1, s, MPFR_RNDN);
  mpfr_mul(z, z, s, MPFR_RNDN);
  mpfr_clear(s);
}
static void nv_lorentz(mpfr_ptr z, mpfr_srcptr x) {
  mpfr_sqr(z, x, MPFR_RNDN);
  mpfr_add_ui(z, z, 1, MPFR_RNDN);
  mpfr_ui_div(z, 1, z, MPFR_RNDN);
}
static void nv_log1x2(mpfr_ptr z, mpfr_srcptr x) {
  mpfr_sqr(z, x, MPFR_RNDN);
  mpfr_log1p(z, z, MPFR_RNDN);
}
static void nv_xsqrt(mpfr_ptr z, mpfr_srcptr x) {
  mpfr_sqr(z, x, MPFR_RNDN);
  mpfr_add_ui(z, z, 1, MPFR_RNDN);
  mpfr_rec_sqrt(z, z, MPFR_RNDN);
  mpfr_mul(z, z, x, MPFR_RNDN);
}
static void nv_cbrt1(mpfr_ptr z, mpfr_srcptr x) { /* (1 + x)^(1/3) - 1 */
  mpfr_add_ui(z, x, 1, MPFR_RNDN);
  mpfr_cbrt(z, z, MPFR_RNDN);
  mpfr_sub_ui(z, z, 1, MPFR_RNDN);
}

static void nv_sinh(mpfr_ptr z, mpfr_srcptr x) { /* (e^x - e^-x)/2 */
  mpfr_t e;
  mpfr_init2(e, mpfr_get_prec(z));
  mpfr_exp(z, x, MPFR_RNDN);
  mpfr_neg(e, x, MPFR_RNDN);
  mpfr_exp(e, e, MPFR_RNDN);
  mpfr_sub(z, z, e, MPFR_RNDN);
  mpfr_div_2ui(z, z, 1, MPFR_RNDN);
  mpfr_clear(e);
}
static void nv_asinh(mpfr_ptr z, mpfr_srcptr x) { /* log(x + sqrt(x^2 + 1)) */
  mpfr_sqr(z, x, MPFR_RNDN);
  mpfr_add_ui(z, z, 1, MPFR_RNDN);
  mpfr_sqrt(z, z, MPFR_RNDN);
  mpfr_add(z, z, x, MPFR_RNDN);
  mpfr_log(z, z, MPFR_RNDN);
}
static void nv_xexp(mpfr_ptr z, mpfr_srcptr x) {
  mpfr_neg(z, x, MPFR_RNDN);
  mpfr_exp(z, z, MPFR_RNDN);
  mpfr_mul(z, z, x, MPFR_RNDN);
}

static void nv_x3(mpfr_ptr z, mpfr_srcptr x) { /* x^3/(1+x^2) */
  mpfr_t d;
  mpfr_init2(d, mpfr_get_prec(z));
  mpfr_sqr(d, x, MPFR_RNDN);
  mpfr_add_ui(d, d, 1, MPFR_RNDN);
  mpfr_pow_ui(z, x, 3, MPFR_RNDN);
  mpfr_div(z, z, d, MPFR_RNDN);
  mpfr_clear(d);
}
static void nv_hyp1(mpfr_ptr z, mpfr_srcptr x) { /* sqrt(x^2+1) */
  mpfr_sqr(z, x, MPFR_RNDN);
  mpfr_add_ui(z, z, 1, MPFR_RNDN);
  mpfr_sqrt(z, z, MPFR_RNDN);
}
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

/* the table of text over magnitudes [lo, hi] of both signs, into *f */
static void prepare(const char *text, uint32_t lo, uint32_t hi, struct ref_fast *f) {
  char err[512];
  const struct reference *r = ref_resolve(text, 0, 0, "--ref", err, sizeof err);
  if (!r) fail_msg("%s: %s", text, err);
  struct fast_range decl[MAX_FAST_RANGES];
  const int nd = ref_fast_ranges(r, decl, MAX_FAST_RANGES);
  assert_int_equal(ref_fast_prepare(f, r, decl, nd, lo, hi, lo, hi, 2, NULL, 0), 0);
  assert_true(f->ok);
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
    prepare(exprs[k].text, 0, 0x377fffff, &f);
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
      prepare(far[k].text, lo, lo | 0x7fffffu, &f);
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
