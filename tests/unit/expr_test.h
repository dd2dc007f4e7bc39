/* expr_test.h: what test_fastzero and test_exprrange share: naive MPFR forms of the
 * numerical kernels of docs/expressions.md (issue 44's), each expression operation by
 * operation in the order it reads, nothing shared with the evaluators but MPFR (naive64.h
 * decides the pair from them); and the fast path's table of an expression over a range. */
#ifndef ULPCERT_TESTS_EXPR_TEST_H
#define ULPCERT_TESTS_EXPR_TEST_H

#include <mpfr.h>

#include "reference/expr/expr.h"
#include "reference/fast/fastref.h"
#include "src/catalogue/registry.h"

static inline void nv_1mcos(mpfr_ptr z, mpfr_srcptr x) {
  mpfr_cos(z, x, MPFR_RNDN);
  mpfr_ui_sub(z, 1, z, MPFR_RNDN);
}
static inline void nv_expm1x(mpfr_ptr z, mpfr_srcptr x) {
  mpfr_exp(z, x, MPFR_RNDN);
  mpfr_sub_ui(z, z, 1, MPFR_RNDN);
  mpfr_sub(z, z, x, MPFR_RNDN);
}
static inline void nv_sqrt4(mpfr_ptr z, mpfr_srcptr x) {
  mpfr_sqr(z, x, MPFR_RNDN);
  mpfr_add_ui(z, z, 4, MPFR_RNDN);
  mpfr_sqrt(z, z, MPFR_RNDN);
  mpfr_sub_ui(z, z, 2, MPFR_RNDN);
}
static inline void nv_coshm1(mpfr_ptr z, mpfr_srcptr x) {
  mpfr_cosh(z, x, MPFR_RNDN);
  mpfr_sub_ui(z, z, 1, MPFR_RNDN);
}
static inline void nv_dsigmoid(mpfr_ptr z, mpfr_srcptr x) { /* s (1 - s), s = 1/(1 + e^-x) */
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
static inline void nv_lorentz(mpfr_ptr z, mpfr_srcptr x) {
  mpfr_sqr(z, x, MPFR_RNDN);
  mpfr_add_ui(z, z, 1, MPFR_RNDN);
  mpfr_ui_div(z, 1, z, MPFR_RNDN);
}
static inline void nv_log1x2(mpfr_ptr z, mpfr_srcptr x) {
  mpfr_sqr(z, x, MPFR_RNDN);
  mpfr_log1p(z, z, MPFR_RNDN);
}
static inline void nv_xsqrt(mpfr_ptr z, mpfr_srcptr x) {
  mpfr_sqr(z, x, MPFR_RNDN);
  mpfr_add_ui(z, z, 1, MPFR_RNDN);
  mpfr_rec_sqrt(z, z, MPFR_RNDN);
  mpfr_mul(z, z, x, MPFR_RNDN);
}
static inline void nv_cbrt1(mpfr_ptr z, mpfr_srcptr x) { /* (1 + x)^(1/3) - 1 */
  mpfr_add_ui(z, x, 1, MPFR_RNDN);
  mpfr_cbrt(z, z, MPFR_RNDN);
  mpfr_sub_ui(z, z, 1, MPFR_RNDN);
}

static inline void nv_sinh(mpfr_ptr z, mpfr_srcptr x) { /* (e^x - e^-x)/2 */
  mpfr_t e;
  mpfr_init2(e, mpfr_get_prec(z));
  mpfr_exp(z, x, MPFR_RNDN);
  mpfr_neg(e, x, MPFR_RNDN);
  mpfr_exp(e, e, MPFR_RNDN);
  mpfr_sub(z, z, e, MPFR_RNDN);
  mpfr_div_2ui(z, z, 1, MPFR_RNDN);
  mpfr_clear(e);
}
static inline void nv_asinh(mpfr_ptr z, mpfr_srcptr x) { /* log(x + sqrt(x^2 + 1)) */
  mpfr_sqr(z, x, MPFR_RNDN);
  mpfr_add_ui(z, z, 1, MPFR_RNDN);
  mpfr_sqrt(z, z, MPFR_RNDN);
  mpfr_add(z, z, x, MPFR_RNDN);
  mpfr_log(z, z, MPFR_RNDN);
}
static inline void nv_xexp(mpfr_ptr z, mpfr_srcptr x) {
  mpfr_neg(z, x, MPFR_RNDN);
  mpfr_exp(z, z, MPFR_RNDN);
  mpfr_mul(z, z, x, MPFR_RNDN);
}

static inline void nv_x3(mpfr_ptr z, mpfr_srcptr x) { /* x^3/(1+x^2) */
  mpfr_t d;
  mpfr_init2(d, mpfr_get_prec(z));
  mpfr_sqr(d, x, MPFR_RNDN);
  mpfr_add_ui(d, d, 1, MPFR_RNDN);
  mpfr_pow_ui(z, x, 3, MPFR_RNDN);
  mpfr_div(z, z, d, MPFR_RNDN);
  mpfr_clear(d);
}
static inline void nv_hyp1(mpfr_ptr z, mpfr_srcptr x) { /* sqrt(x^2+1) */
  mpfr_sqr(z, x, MPFR_RNDN);
  mpfr_add_ui(z, z, 1, MPFR_RNDN);
  mpfr_sqrt(z, z, MPFR_RNDN);
}

/* the table of text over magnitudes [lo, hi] of both signs, into *f (balls_first: as a run
 * on the device builds it, ref_fast_prepare) */
static inline void expr_table(const char *text, uint32_t lo, uint32_t hi, int balls_first, struct ref_fast *f) {
  char err[512];
  const struct reference *r = ref_resolve(text, 0, 0, "--ref", err, sizeof err);
  if (!r) fail_msg("%s: %s", text, err);
  struct fast_range decl[MAX_FAST_RANGES];
  const int nd = ref_fast_ranges(r, decl, MAX_FAST_RANGES);
  assert_int_equal(ref_fast_prepare(f, r, decl, nd, lo, hi, lo, hi, 2, NULL, balls_first), 0);
  assert_true(f->ok);
}

#endif
