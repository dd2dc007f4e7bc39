/* root3.h: what the tests of cbrt and rcbrt share (functions/<name>/test_<name>.c, on
 * tests/ref/elem_body.h): both are x^a with a = s/3 (s = 1 for cbrt, -1 for rcbrt), odd,
 * so one independent Arb evaluation, one set of Taylor coefficients, one set of checks of
 * the shortcut (which answers every non-NaN input) and one set of series balls serve
 * both, with s as the parameter. */
#ifndef ULPCERT_TESTS_REF_ROOT3_H
#define ULPCERT_TESTS_REF_ROOT3_H

#include "tests/ref/elem_body.h"

/* independent: sign(x) exp(s ln|x| / 3) in Arb */
static inline int root3_arb(arb_t r, const arb_t x, slong prec, int s) {
  arb_t a;
  arb_init(a);
  arb_abs(a, x);
  arb_log(a, a, prec);
  arb_div_si(a, a, 3 * s, prec);
  arb_exp(r, a, prec);
  if (arf_sgn(arb_midref(x)) < 0) arb_neg(r, r);
  arb_clear(a);
  return 0;
}

/* independent coefficients, by hand: for p > 0, c_k = binom(a, k) p^(a - k) with
 * a = s/3 and binom(a, k) = prod_{j<k} (a - j)/(j + 1); for p < 0, oddness:
 * f(p + t) = -f(-p - t) gives c_k = -(-1)^k binom(a, k) (-p)^(a - k). */
static inline int root3_coeffs(arb_ptr c, const arb_t p, slong len, slong prec, int s) {
  arb_t q, ap, b, a, f;
  arb_init(q);
  arb_init(ap);
  arb_init(b);
  arb_init(a);
  arb_init(f);
  int neg = arf_sgn(arb_midref(p)) < 0;
  arb_abs(ap, p);
  root3_arb(q, ap, prec, s); /* |p|^a */
  arb_one(b);
  arb_set_si(a, s);
  arb_div_ui(a, a, 3, prec);
  for (slong k = 0; k < len; k++) {
    if (k > 0) {
      arb_sub_si(f, a, k - 1, prec);
      arb_mul(b, b, f, prec);
      arb_div_ui(b, b, (ulong)k, prec);
      arb_div(q, q, ap, prec);
    }
    arb_mul(c + k, b, q, prec);
    if (neg && !(k & 1)) arb_neg(c + k, c + k);
  }
  arb_clear(q);
  arb_clear(ap);
  arb_clear(b);
  arb_clear(a);
  arb_clear(f);
  return 0;
}

/* The shortcut around +-0 and +-inf, with the sign sg: the boundary windows, and the
 * special values themselves answered; then every input within 3 of a power of two
 * (results near 2^(e/3), binade ends of y included, subnormal inputs too) answered, the
 * shortcut called directly on negative inputs too (RE_NONE: no mirroring). A sign_extra
 * of struct elem_test. */
static inline void root3_check_ends(const struct elem_test *T, uint32_t sg) {
  re_check_boundary(T->mpfr, T->shortcut, RE_ODD, 0x00000000u | sg, 0);
  re_check_boundary(T->mpfr, T->shortcut, RE_ODD, 0x7f800000u | sg, 0);
  assert_true(re_check_one(T->mpfr, T->shortcut, RE_ODD, 0x00000000u | sg));
  assert_true(re_check_one(T->mpfr, T->shortcut, RE_ODD, 0x7f800000u | sg));
  for (int e = -149; e <= 127; e++) {
    uint32_t b = f2u((float)ldexp(1.0, e));
    for (int d = -3; d <= 3; d++)
      if ((int64_t)b + d > 0 && b + d < RE_INF32) assert_true(re_check_one(T->mpfr, T->shortcut, RE_NONE, (b + d) | sg));
  }
}

/* Every non-NaN input is answered: the whole line on a stride and random inputs, both
 * signs called directly (RE_NONE: no mirroring), then the engine's mirrored use. */
static inline void root3_check_answered(const struct elem_test *T) {
  for (uint64_t b = 0; b <= RE_INF32; b += 65521) {
    assert_true(re_check_one(T->mpfr, T->shortcut, RE_NONE, (uint32_t)b));
    assert_true(re_check_one(T->mpfr, T->shortcut, RE_NONE, (uint32_t)b | RE_SIGN32));
  }
  for (int i = 0; i < 20000; i++) assert_true(re_check_one(T->mpfr, T->shortcut, RE_NONE, re_rand_in(0, RE_INF32, 1)));
  assert_true(re_check_random(T->mpfr, T->shortcut, RE_ODD, 60000) > 59000);
}

/* The series balls: random ones of both signs and near 0, two wide balls that stay off 0;
 * refused: the balls that reach 0, and the non-finite ones. */
static const struct re_ball_random root3_balls_random[] = {
    {0.01, 100.0, 0x1p-10, 200}, {-100.0, -0.01, 0x1p-10, 200}, {1e-30, 1e-20, 0.5, 50}};
static const struct re_ball_at root3_balls_at[] = {{5.0, 4.9, 8, 64}, {-5.0, 4.9, 8, 64}};
static const struct re_ball root3_refuses[] = {{0.0, 0.0}, {0.001, 0.002}, {-0.001, 0.002}};

#endif
