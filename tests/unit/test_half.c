/* test_half.c: the half-precision formats (binary16, bfloat16): decoding, ulps and
 * rounding by hand; the rounding from the reference pair against MPFR rounding straight
 * to the format on every input; the measures on correctly rounded outputs and on
 * planted errors whose sizes are worked out by hand. */
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "src/kinds/h16/ptx16.h"

static const struct half_fmt *const F16 = &half_binary16, *const BF16 = &half_bfloat16;

static void test_decode_ulp(void **state) {
  (void)state;
  assert_true(half_decode(F16, 0x3c00) == 1.0);
  assert_true(half_decode(F16, 0x7bff) == 65504.0);
  assert_true(half_decode(F16, 0x0400) == 0x1p-14);     /* smallest normal */
  assert_true(half_decode(F16, 0x0001) == 0x1p-24);     /* smallest subnormal */
  assert_true(half_decode(F16, 0x3555) == 0x1.554p-2); /* 0.333251953125 */
  assert_true(half_decode(F16, 0x8000) == 0 && signbit(half_decode(F16, 0x8000)));
  assert_true(isinf(half_decode(F16, 0xfc00)) && half_decode(F16, 0xfc00) < 0);
  assert_true(isnan(half_decode(F16, 0x7e00)) && isnan(half_decode(F16, 0x7c01)));
  assert_true(half_decode(BF16, 0x3f80) == 1.0);
  assert_true(half_decode(BF16, 0x0001) == 0x1p-133);
  assert_true(half_decode(BF16, 0x7f7f) == 0x1.fep127);
  assert_true(half_decode(BF16, 0xc040) == -3.0);
  assert_true(isinf(half_decode(BF16, 0x7f80)) && isnan(half_decode(BF16, 0x7fc0)));
  assert_true(half_ulp(F16, 1.0) == 0x1p-10);
  assert_true(half_ulp(F16, 0.999) == 0x1p-11);
  assert_true(half_ulp(F16, -0x1p-20) == 0x1p-24); /* subnormal range: floored */
  assert_true(half_ulp(F16, 0) == 0x1p-24);
  assert_true(half_ulp(BF16, 1.5) == 0x1p-7);
  assert_true(half_ulp(BF16, 0x1p-130) == 0x1p-133);
}

static void test_round_hand(void **state) {
  (void)state;
  /* 1 + 2^-11 is the midpoint of 1 and 1 + 2^-10: the ternary decides, a true tie goes
   * to the even 1 */
  assert_int_equal(half_round(F16, 1 + 0x1p-11, 0), 0x3c00);
  assert_int_equal(half_round(F16, 1 + 0x1p-11, -1), 0x3c01); /* y < z: z above the midpoint */
  assert_int_equal(half_round(F16, 1 + 0x1p-11, +1), 0x3c00);
  assert_int_equal(half_round(F16, -(1 + 0x1p-11), +1), 0xbc01); /* y > z: z below, larger in magnitude */
  assert_int_equal(half_round(F16, 1 + 0x1p-11 + 0x1p-40, 0), 0x3c01);
  /* overflow: 65520 = 65504 + ulp/2 is the threshold */
  assert_int_equal(half_round(F16, 65520, 0), 0x7c00);
  assert_int_equal(half_round(F16, 65520, +1), 0x7bff);
  assert_int_equal(half_round(F16, 65519.99, 0), 0x7bff);
  assert_int_equal(half_round(F16, 1e300, 1), 0x7c00);
  /* subnormals: 2^-25 is the midpoint of 0 and 2^-24 */
  assert_int_equal(half_round(F16, 0x1p-25, 0), 0x0000);
  assert_int_equal(half_round(F16, 0x1p-25, -1), 0x0001);
  assert_int_equal(half_round(F16, -0x1p-26, 1), 0x8000);
  assert_int_equal(half_round(F16, 0x1.8p-24, 1), 0x0001); /* 1.5 quanta, z below: 1 */
  assert_int_equal(half_round(F16, 0x1.ff8p-15, 0), 0x03ff); /* largest subnormal, 1023 2^-24 */
  assert_int_equal(half_round(F16, 0x1.ffcp-15, 0), 0x0400); /* its midpoint with 2^-14: to even */
  assert_int_equal(half_round(F16, NAN, 0) & 0x7e00, 0x7e00);
  assert_int_equal(half_round(F16, -INFINITY, 0), 0xfc00);
  assert_int_equal(half_round(BF16, 1 + 0x1p-8, 0), 0x3f80);
  assert_int_equal(half_round(BF16, 1 + 0x1p-8, -1), 0x3f81);
  assert_int_equal(half_round(BF16, 0x1.ffp127, 0), 0x7f80);   /* overflow threshold: to even */
  assert_int_equal(half_round(BF16, 0x1.ffp127, 1), 0x7f7f);
  assert_int_equal(half_round(BF16, 0x1p-134, -1), 0x0001);
}

/* RN_p(f(x)) with MPFR straight to the format: precision p, the exponent range of the
 * format (MPFR's exponents: value = m 2^e, 1/2 <= m < 1) and mpfr_subnormalize. */
static uint16_t mpfr_to_fmt(const struct half_fmt *f, int (*fn)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t), double x) {
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_t X, R;
  mpfr_init2(X, 24), mpfr_init2(R, f->p);
  mpfr_set_d(X, x, MPFR_RNDN);
  mpfr_set_emin(f->emin - f->p + 2), mpfr_set_emax(f->emax + 1);
  int inex = fn(R, X, MPFR_RNDN);
  inex = mpfr_check_range(R, inex, MPFR_RNDN);
  mpfr_subnormalize(R, inex, MPFR_RNDN);
  double r = mpfr_get_d(R, MPFR_RNDN); /* exact: p <= 11 bits */
  mpfr_set_emin(emin), mpfr_set_emax(emax);
  mpfr_clears(X, R, (mpfr_ptr)0);
  if (isnan(r)) return half_round(f, NAN, 0);
  /* the bit pattern of r: the one pattern of the format with that value and sign */
  uint16_t b = half_round(f, r, 0);
  assert_true(half_decode(f, b) == r && signbit(half_decode(f, b)) == signbit(r));
  return b;
}

static int fn_of(const char *ref, int (**fn)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t)) {
  *fn = !strcmp(ref, "tanh") ? mpfr_tanh : mpfr_exp2;
  return 0;
}

/* Every input of every variant: half_measure's correct rounding (from the binary64
 * reference pair) equals MPFR's rounding straight to the format. Outputs set to MPFR's
 * result must therefore measure as correctly rounded everywhere. */
static void test_cr_everywhere(void **state) {
  (void)state;
  uint16_t *out = malloc(sizeof(uint16_t) * HALF_INPUTS);
  assert_non_null(out);
  for (int k = 0; k < HALF_NFN; k++) {
    const struct half_variant *v = &half_variants[k];
    int (*fn)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
    fn_of(v->ref, &fn);
    for (uint32_t i = 0; i < HALF_INPUTS; i++) out[i] = mpfr_to_fmt(v->fmt, fn, half_decode(v->fmt, (uint16_t)i));
    struct half_stats s;
    half_measure(v, out, &s);
    assert_int_equal(s.inputs, HALF_INPUTS);
    assert_int_equal(s.correctly_rounded, HALF_INPUTS);
    assert_int_equal(s.faithful, HALF_INPUTS);
    assert_int_equal(s.special_mismatches + s.nonfinite + s.flushed + s.above_1ulp, 0);
    assert_true(s.max_ulp <= 0.5 && s.max_ulp > 0.49);
  }
  free(out);
}

/* Planted errors on tanh.approx.f16, sized by hand. tanh(1/2) = 0.46211715726...: in
 * [1/4, 1/2) the binary16 ulp is 2^-12, tanh(1/2) / 2^-12 = 1892.83, so RN = 1893 2^-12
 * = 0x3765 (exponent field 13, fraction 1893 - 1024 = 0x365), error 0.17 2^-12 =
 * 4.14e-5. Two units above: error 2.17 2^-12 = 5.29e-4, over the documented 2^-10.987
 * = 4.927e-4; one unit above: 1.17 2^-12, within. */
static void test_planted(void **state) {
  (void)state;
  const struct half_variant *v = half_find("tanh.approx.f16");
  uint16_t *out = malloc(sizeof(uint16_t) * HALF_INPUTS);
  assert_non_null(out);
  for (uint32_t i = 0; i < HALF_INPUTS; i++) out[i] = mpfr_to_fmt(v->fmt, mpfr_tanh, half_decode(v->fmt, (uint16_t)i));
  assert_int_equal(out[0x3800], 0x3765);
  const double t = tanh(0.5), e0 = 1893 * 0x1p-12 - t;
  struct half_stats s;
  out[0x3800] = 0x3766;
  half_measure(v, out, &s);
  assert_int_equal(s.max_abs_input, 0x3800);
  assert_true(fabs(s.max_abs - (0x1p-12 + e0)) < 1e-15);
  assert_true(fabs(s.max_ulp - (1 + e0 / 0x1p-12)) < 1e-9 && s.max_ulp_input == 0x3800);
  assert_int_equal(s.correctly_rounded, HALF_INPUTS - 1);
  assert_int_equal(s.above_1ulp, 1);
  assert_string_equal(half_verdict(v, &s, 0), "HOLDS");
  out[0x3800] = 0x3767;
  half_measure(v, out, &s);
  assert_true(fabs(s.max_abs - (2 * 0x1p-12 + e0)) < 1e-15);
  assert_string_equal(half_verdict(v, &s, 0), "VIOLATED");
  assert_string_equal(half_verdict(v, &s, 1), "VIOLATED"); /* tanh(1/2) is normal */
  out[0x3800] = 0x3765;
  /* tanh(+0) = +0: a -0 is a special-value mismatch; tanh(2^-24) rounds to 2^-24: a
   * zero is a flush, measured (error 2^-24 less a hair: 1 ulp); a later tie keeps the
   * lowest input */
  out[0x0000] = 0x8000;
  out[0x0001] = 0x0000;
  half_measure(v, out, &s);
  assert_int_equal(s.special_mismatches, 1);
  assert_int_equal(s.special[0].input, 0x0000);
  assert_int_equal(s.flushed, 1);
  assert_true(s.max_ulp > 0.999 && s.max_ulp <= 1.0 && s.max_ulp_input == 0x0001);
  /* the flush (relative error 1) is outside the normal results, whose maximum is the
   * correctly rounded one elsewhere */
  assert_true(s.max_rel == 1.0 && s.max_rel_input == 0x0001);
  assert_true(s.max_rel_n < 0x1p-11 && s.max_rel_n_input != 0x0001);
  /* ex2.approx.f16: an infinity for 2^1 is non-finite, counted and not measured */
  v = half_find("ex2.approx.f16");
  for (uint32_t i = 0; i < HALF_INPUTS; i++) out[i] = mpfr_to_fmt(v->fmt, mpfr_exp2, half_decode(v->fmt, (uint16_t)i));
  assert_int_equal(out[0x3c00], 0x4000);
  assert_int_equal(out[0x4c00], 0x7c00); /* 2^16: overflows binary16, correctly to +inf */
  out[0x3c00] = 0x7c00;
  half_measure(v, out, &s);
  assert_int_equal(s.nonfinite, 1);
  assert_int_equal(s.correctly_rounded, HALF_INPUTS - 1);
  assert_true(s.max_ulp <= 0.5);
  free(out);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_decode_ulp), cmocka_unit_test(test_round_hand),
                                     cmocka_unit_test(test_cr_everywhere), cmocka_unit_test(test_planted)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
